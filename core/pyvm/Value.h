#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mlsyslab::pyvm {

struct CodeObject;
class Runtime;

// What a Value is. Null is not a Python value: it is the "nothing here" that CPython's stack also
// holds (PUSH_NULL, an unbound local, an exhausted iterator, a failed operation).
enum class Kind : std::uint8_t {
    Null,
    None,
    Ellipsis,
    Bool,
    Int,
    Float,
    // heap objects from here on
    Str,
    Tuple,
    List,
    Dict,
    Set,
    Range,
    Slice,
    Function,
    Builtin,
    Type,
    Cell,
    Iterator,
    DictView,
    Code,
};

// The header every heap object starts with: its kind and an intrusive, single-threaded reference
// count (a VM runs on one thread; atomic counts would cost the interpreter loop for nothing).
// Objects count themselves so the sandbox can bound memory (see Runtime::liveObjects).
class Object {
public:
    explicit Object(Kind kind);
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;
    virtual ~Object();

    Kind kind() const { return kind_; }
    // This object's place in the order of creation on its thread: what id() and the `at 0x...`
    // of a repr are made from, so that output does not depend on where the allocator put it.
    std::uint64_t serial() const { return serial_; }

private:
    friend class Value;
    Kind kind_;
    std::uint32_t references_ = 0;
    std::uint64_t serial_;
};

// A Python value: small immediates (None, bool, int, float) inline, everything else a counted
// reference to an Object. Ints are 64-bit; arithmetic that leaves that range raises OverflowError.
class Value {
public:
    Value() = default;  // Null
    Value(const Value& other) : kind_(other.kind_), bits_(other.bits_) { retain(); }
    Value(Value&& other) noexcept : kind_(other.kind_), bits_(other.bits_) { other.kind_ = Kind::Null; }
    Value& operator=(const Value& other) {
        Value copy(other);
        swap(copy);
        return *this;
    }
    Value& operator=(Value&& other) noexcept {
        Value moved(std::move(other));
        swap(moved);
        return *this;
    }
    ~Value() { release(); }

    static Value none() { return Value(Kind::None); }
    static Value ellipsis() { return Value(Kind::Ellipsis); }
    static Value boolean(bool value) {
        Value result(Kind::Bool);
        result.bits_.integer = value ? 1 : 0;
        return result;
    }
    static Value integer(std::int64_t value) {
        Value result(Kind::Int);
        result.bits_.integer = value;
        return result;
    }
    static Value real(double value) {
        Value result(Kind::Float);
        result.bits_.real = value;
        return result;
    }
    // Takes ownership of a freshly allocated object.
    static Value adopt(Object* object) {
        Value result(object->kind());
        result.bits_.object = object;
        result.retain();
        return result;
    }
    template <typename T, typename... Args>
    static Value make(Args&&... args) {
        return adopt(new T(std::forward<Args>(args)...));
    }

    Kind kind() const { return kind_; }
    bool isNull() const { return kind_ == Kind::Null; }
    bool isHeap() const { return kind_ >= Kind::Str; }

    bool asBool() const { return bits_.integer != 0; }
    std::int64_t asInt() const { return bits_.integer; }
    double asFloat() const { return bits_.real; }
    Object* object() const { return isHeap() ? bits_.object : nullptr; }
    // The object as its concrete type; the caller has checked kind().
    template <typename T>
    T& as() const {
        return *static_cast<T*>(bits_.object);
    }

    void swap(Value& other) noexcept {
        std::swap(kind_, other.kind_);
        std::swap(bits_, other.bits_);
    }

private:
    explicit Value(Kind kind) : kind_(kind) {}
    void retain() const {
        if (isHeap()) ++bits_.object->references_;
    }
    void release() {
        if (isHeap() && --bits_.object->references_ == 0) delete bits_.object;
    }

    Kind kind_ = Kind::Null;
    union Bits {
        std::int64_t integer;
        double real;
        Object* object;
    } bits_{.integer = 0};
};

// --- the objects -------------------------------------------------------------------------------

// A str: UTF-8 text; `length` counts code points (what len() and indexing see).
struct StrObject : Object {
    explicit StrObject(std::string text);
    std::string text;
    std::int64_t length = 0;
    bool ascii = true;
    mutable std::int64_t cachedHash = -1;
};

struct TupleObject : Object {
    explicit TupleObject(std::vector<Value> items) : Object(Kind::Tuple), items(std::move(items)) {}
    std::vector<Value> items;
};

struct ListObject : Object {
    explicit ListObject(std::vector<Value> items) : Object(Kind::List), items(std::move(items)) {}
    std::vector<Value> items;
};

// An insertion-ordered hash map, as CPython's dict is since 3.7. Keys must be hashable; lookups
// can raise (TypeError: unhashable type: 'list'), so they take the Runtime. Deleted entries leave a
// Null key behind until the next compaction so iteration order survives.
struct DictObject : Object {
    DictObject() : Object(Kind::Dict) {}
    struct Entry {
        Value key;
        Value value;
        std::int64_t hash = 0;
    };
    // The value for `key`, or nullptr when absent (or on error: check runtime.hasError()).
    Value* find(Runtime& runtime, const Value& key);
    bool set(Runtime& runtime, const Value& key, Value value);  // false on error
    bool erase(Runtime& runtime, const Value& key);             // false when absent or on error
    std::int64_t size() const { return liveCount; }

    std::vector<Entry> entries;  // in insertion order; key Null = deleted
    std::vector<std::int32_t> index;  // open-addressing table into `entries`, -1 empty
    std::int64_t liveCount = 0;
};

// A set: a dict without values, so it is ordered by insertion (CPython's is not; repr may differ
// only for sets, which lessons use for membership tests, not for printing).
struct SetObject : Object {
    SetObject() : Object(Kind::Set) {}
    DictObject members;  // values unused
};

struct RangeObject : Object {
    RangeObject(std::int64_t start, std::int64_t stop, std::int64_t step)
        : Object(Kind::Range), start(start), stop(stop), step(step) {}
    std::int64_t start, stop, step;
    std::int64_t length() const;
};

struct SliceObject : Object {
    SliceObject(Value start, Value stop, Value step)
        : Object(Kind::Slice), start(std::move(start)), stop(std::move(stop)), step(std::move(step)) {}
    Value start, stop, step;  // None when omitted
};

// A function made by MAKE_FUNCTION.
struct FunctionObject : Object {
    FunctionObject() : Object(Kind::Function) {}
    std::shared_ptr<const CodeObject> code;
    Value globals;     // a Dict
    Value defaults;    // a Tuple, or Null
    Value kwDefaults;  // a Dict, or Null
    Value closure;     // a Tuple of Cells, or Null
    std::string name;
    std::string qualname;
};

// The arguments of a call as the VM has them on its stack (CPython's vectorcall): positional values,
// then keyword values named by `keywordNames` (str Values), one for one.
struct CallArguments {
    std::span<const Value> positional;
    std::span<const Value> keywordValues;
    std::span<const Value> keywordNames;
};

// A function written in C++. `self` is the object a method is bound to (Null for a plain
// function). It returns Null after raising through runtime.raise().
using NativeFunction = Value (*)(Runtime& runtime, const Value& self, const CallArguments& arguments);

// A builtin function (`len`) or a builtin method bound to its object (`xs.append`).
struct BuiltinObject : Object {
    BuiltinObject(std::string name, NativeFunction function, Value self = Value())
        : Object(Kind::Builtin), name(std::move(name)), function(function), self(std::move(self)) {}
    std::string name;
    NativeFunction function;
    Value self;
};

// A builtin type (`int`, `str`, `list`, `range`, ...): callable to construct, and the second
// argument of isinstance(). `instanceKind` is the Kind its instances have (Bool for `bool`).
struct TypeObject : Object {
    TypeObject(std::string name, Kind instanceKind, NativeFunction construct)
        : Object(Kind::Type), name(std::move(name)), instanceKind(instanceKind), construct(construct) {}
    std::string name;
    Kind instanceKind;
    NativeFunction construct;
};

// A closure cell (MAKE_CELL, LOAD_DEREF): Null contents = not yet assigned.
struct CellObject : Object {
    explicit CellObject(Value contents = Value()) : Object(Kind::Cell), contents(std::move(contents)) {}
    Value contents;
};

// Any iterator: list_iterator, range_iterator, str_ascii_iterator, enumerate, zip, reversed, ...
struct IteratorObject : Object {
    IteratorObject() : Object(Kind::Iterator) {}
    // The next item, or Null when exhausted (or on error: check runtime.hasError()).
    virtual Value next(Runtime& runtime) = 0;
    virtual std::string_view typeName() const = 0;  // `list_iterator`, `enumerate`, ...
};

// dict.keys(), dict.values(), dict.items().
struct DictViewObject : Object {
    enum class Which { Keys, Values, Items };
    DictViewObject(Value dict, Which which) : Object(Kind::DictView), dict(std::move(dict)), which(which) {}
    Value dict;
    Which which;
};

// A code object as a value: what LOAD_CONST pushes before MAKE_FUNCTION.
struct CodeValueObject : Object {
    explicit CodeValueObject(std::shared_ptr<const CodeObject> code) : Object(Kind::Code), code(std::move(code)) {}
    std::shared_ptr<const CodeObject> code;
};

// --- convenience constructors ------------------------------------------------------------------

Value newStr(std::string text);
Value newTuple(std::vector<Value> items);
Value newList(std::vector<Value> items);
Value newDict();

}  // namespace mlsyslab::pyvm
