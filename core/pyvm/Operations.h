#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pyvm/Code.h"
#include "pyvm/Constant.h"
#include "pyvm/Runtime.h"
#include "pyvm/Value.h"

// What Python does with values, each operation as CPython 3.11 does it for the builtin types,
// with its exact error messages. Every function that can fail takes the Runtime, raises there and
// returns Null (or false / -1) on failure.
namespace mlsyslab::pyvm {

// `type(x).__name__`: `int`, `str`, `list`, `NoneType`, `function`, `builtin_function_or_method`...
std::string_view typeName(const Value& value);

// repr() and str(). Containers show their items' reprs; recursive containers print `[...]`.
std::string repr(Runtime& runtime, const Value& value);
std::string str(Runtime& runtime, const Value& value);

bool isTrue(const Value& value);                              // bool(x) for the builtin types
bool isSame(const Value& a, const Value& b);                  // `a is b`
int equals(Runtime& runtime, const Value& a, const Value& b); // 1, 0, or -1 on error
bool hash(Runtime& runtime, const Value& value, std::int64_t& out);  // TypeError: unhashable type

// BINARY_OP with CPython's argument (0..25, the in-place forms included: `xs += ys` extends the
// list in place). Ints stay 64-bit; a result outside raises OverflowError.
Value binaryOp(Runtime& runtime, int op, const Value& left, const Value& right);
// UNARY_NEGATIVE, UNARY_POSITIVE, UNARY_INVERT (UNARY_NOT is !isTrue).
Value unaryOp(Runtime& runtime, Opcode op, const Value& operand);
// COMPARE_OP with CPython's argument (<, <=, ==, !=, >, >=).
Value compare(Runtime& runtime, int op, const Value& left, const Value& right);
// `item in container`: 1, 0, or -1 on error.
int contains(Runtime& runtime, const Value& container, const Value& item);

Value getIter(Runtime& runtime, const Value& iterable);   // TypeError: 'int' object is not iterable
Value iterNext(Runtime& runtime, const Value& iterator);  // Null when exhausted or on error
// All items of an iterable (list(x), unpacking, sorted, ...).
bool collect(Runtime& runtime, const Value& iterable, std::vector<Value>& out);
// UNPACK_SEQUENCE: exactly `count` items, in order, or ValueError (`too many values to unpack
// (expected 2)`, `not enough values to unpack (expected 3, got 2)`).
bool unpack(Runtime& runtime, const Value& iterable, std::int64_t count, std::vector<Value>& out);

Value subscript(Runtime& runtime, const Value& container, const Value& key);
bool storeSubscript(Runtime& runtime, const Value& container, const Value& key, Value value);
bool deleteSubscript(Runtime& runtime, const Value& container, const Value& key);

// `object.name`: the methods of str, list and dict come back bound (a Builtin with self);
// anything else raises AttributeError (`'int' object has no attribute 'foo'`).
Value getAttribute(Runtime& runtime, const Value& object, std::string_view name);

// Calls a builtin or a type directly (the Runtime's call() sends Python functions elsewhere).
Value callNative(Runtime& runtime, const Value& callable, const CallArguments& arguments);

// format(value, spec) with the format-spec mini-language (`.2f`, `>10`, `,`, `08.3e`, `%`, ...),
// and FORMAT_VALUE's conversions (`!s`, `!r`, `!a`).
Value formatValue(Runtime& runtime, const Value& value, std::string_view spec);
Value convertForFormat(Runtime& runtime, const Value& value, int conversion);  // 's', 'r', 'a'

// A compile-time constant as a runtime value (a code object becomes a Code value).
Value fromConstant(const Constant& constant);

// The `builtins` namespace: print, len, range, min, max, abs, sum, int, float, str, repr, bool,
// list, tuple, dict, set, enumerate, zip, sorted, reversed, isinstance, round, type, ...
Value makeBuiltins();

}  // namespace mlsyslab::pyvm
