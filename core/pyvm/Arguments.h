#pragma once

#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "pyvm/Runtime.h"
#include "pyvm/Value.h"

// Checking a native function's arguments with the words CPython uses for each kind of builtin
// (METH_O, METH_NOARGS, Argument Clinic, PyArg_ParseTuple), so a wrong call fails exactly as there.
namespace mlsyslab::pyvm {

// `len() takes exactly one argument (2 given)`; `qualified` is e.g. "len" or "list.append".
bool expectOneArgument(Runtime& runtime, const CallArguments& arguments,
                       std::string_view qualified);
// `int.bit_length() takes no arguments (1 given)`.
bool expectNoArguments(Runtime& runtime, const CallArguments& arguments,
                       std::string_view qualified);
// Argument Clinic's `insert expected 2 arguments, got 1` / `expected at most` / `at least`.
bool expectPositionalCount(Runtime& runtime, const CallArguments& arguments, std::string_view name,
                           std::size_t minimum, std::size_t maximum);
// PyArg_ParseTuple's `count() takes at least 1 argument (0 given)` / `at most`.
bool expectTupleCount(Runtime& runtime, const CallArguments& arguments, std::string_view name,
                      std::size_t minimum, std::size_t maximum);
// `len() takes no keyword arguments`.
bool expectNoKeywords(Runtime& runtime, const CallArguments& arguments, std::string_view qualified);
// Only these keywords: otherwise `'foo' is an invalid keyword argument for print()`.
bool expectKeywords(Runtime& runtime, const CallArguments& arguments, std::string_view function,
                    std::initializer_list<std::string_view> allowed);

// The value passed as keyword `name`, or nullptr.
const Value* keywordArgument(const CallArguments& arguments, std::string_view name);

// An int argument where CPython accepts any __index__ (int or bool):
// `'str' object cannot be interpreted as an integer`.
bool indexArgument(Runtime& runtime, const Value& value, std::int64_t& out);

// The text of a str Value (the caller has checked the kind).
std::string_view textOf(const Value& value);

}  // namespace mlsyslab::pyvm
