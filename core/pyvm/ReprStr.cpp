#include <algorithm>
#include <charconv>

#include "common/Concat.h"
#include "pyvm/Code.h"
#include "pyvm/NestingGuard.h"
#include "pyvm/ObjectIdentity.h"
#include "pyvm/Operations.h"
#include "pyvm/Repr.h"
#include "pyvm/SetOrder.h"

namespace mlsyslab::pyvm {
namespace {

// The containers whose repr is being built right now: meeting one again prints `[...]`, as
// CPython's Py_ReprEnter does.
thread_local std::vector<const Object*> reprInProgress;

class ReprEnter {
public:
    explicit ReprEnter(const Object* object) : object_(object) {
        again_ =
            std::find(reprInProgress.begin(), reprInProgress.end(), object) != reprInProgress.end();
        if (!again_) reprInProgress.push_back(object);
    }
    ~ReprEnter() {
        if (!again_) reprInProgress.pop_back();
    }
    ReprEnter(const ReprEnter&) = delete;
    ReprEnter& operator=(const ReprEnter&) = delete;
    bool again() const { return again_; }

private:
    const Object* object_;
    bool again_;
};

std::string intText(std::int64_t value) {
    char buffer[24];
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, written.ptr);
}

void appendItems(Runtime& runtime, std::string& out, const std::vector<Value>& items) {
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += ", ";
        out += repr(runtime, items[i]);
    }
}

std::string dictRepr(Runtime& runtime, const DictObject& dict) {
    std::string out = "{";
    bool first = true;
    for (const DictObject::Entry& entry : dict.entries) {
        if (entry.key.isNull()) continue;
        if (!first) out += ", ";
        first = false;
        out += concat(repr(runtime, entry.key), ": ", repr(runtime, entry.value));
    }
    return out + "}";
}

std::string_view viewName(DictViewObject::Which which) {
    switch (which) {
        case DictViewObject::Which::Keys:
            return "dict_keys";
        case DictViewObject::Which::Values:
            return "dict_values";
        case DictViewObject::Which::Items:
            return "dict_items";
    }
    return "dict_keys";
}

std::string viewRepr(Runtime& runtime, const DictViewObject& view) {
    const DictObject& dict = view.dict.as<DictObject>();
    std::string out = concat(viewName(view.which), "([");
    bool first = true;
    for (const DictObject::Entry& entry : dict.entries) {
        if (entry.key.isNull()) continue;
        if (!first) out += ", ";
        first = false;
        switch (view.which) {
            case DictViewObject::Which::Keys:
                out += repr(runtime, entry.key);
                break;
            case DictViewObject::Which::Values:
                out += repr(runtime, entry.value);
                break;
            case DictViewObject::Which::Items:
                out += concat("(", repr(runtime, entry.key), ", ", repr(runtime, entry.value), ")");
                break;
        }
    }
    return out + "])";
}

// Immediates have no object; a bound method of one (`(5).bit_length`) still prints an address.
std::string immediateAddress(const Value& value) {
    char buffer[32];
    std::snprintf(
        buffer, sizeof buffer, "0x%llx",
        static_cast<unsigned long long>(0x7f3a00000000ULL + (value.asInt() & 0xFFFFFF) * 32));
    return buffer;
}

std::string objectAddress(const Value& value) {
    return value.isHeap() ? addressText(*value.object()) : immediateAddress(value);
}

std::string builtinRepr(const BuiltinObject& builtin) {
    if (builtin.self.isNull()) return concat("<built-in function ", builtin.name, ">");
    // An unbound method (`str.lower`) carries the pair (type, name) as its self.
    if (builtin.self.kind() == Kind::Tuple) {
        return concat("<method '", builtin.name, "' of '",
                      builtin.self.as<TupleObject>().items[0].as<TypeObject>().name, "' objects>");
    }
    if (builtin.self.kind() == Kind::Type) {
        return concat("<built-in method ", builtin.name, " of type object at ",
                      addressText(*builtin.self.object()), ">");
    }
    return concat("<built-in method ", builtin.name, " of ", typeName(builtin.self), " object at ",
                  objectAddress(builtin.self), ">");
}

std::string containerRepr(Runtime& runtime, const Value& value) {
    ReprEnter enter(value.object());
    switch (value.kind()) {
        case Kind::List: {
            if (enter.again()) return "[...]";
            std::string out = "[";
            appendItems(runtime, out, value.as<ListObject>().items);
            return out + "]";
        }
        case Kind::Tuple: {
            if (enter.again()) return "(...)";
            const auto& items = value.as<TupleObject>().items;
            std::string out = "(";
            appendItems(runtime, out, items);
            return out + (items.size() == 1 ? ",)" : ")");
        }
        case Kind::Dict:
            if (enter.again()) return "{...}";
            return dictRepr(runtime, value.as<DictObject>());
        case Kind::Set: {
            if (enter.again()) return "{...}";
            const SetObject& set = value.as<SetObject>();
            if (set.members.size() == 0) return "set()";
            std::string out = "{";
            appendItems(runtime, out, setIterationOrder(set));
            return out + "}";
        }
        default:
            if (enter.again()) return "...";
            return viewRepr(runtime, value.as<DictViewObject>());
    }
}

}  // namespace

std::string_view typeName(const Value& value) {
    switch (value.kind()) {
        case Kind::Null:
            return "NULL";
        case Kind::None:
            return "NoneType";
        case Kind::Ellipsis:
            return "ellipsis";
        case Kind::Bool:
            return "bool";
        case Kind::Int:
            return "int";
        case Kind::Float:
            return "float";
        case Kind::Str:
            return "str";
        case Kind::Tuple:
            return "tuple";
        case Kind::List:
            return "list";
        case Kind::Dict:
            return "dict";
        case Kind::Set:
            return "set";
        case Kind::Range:
            return "range";
        case Kind::Slice:
            return "slice";
        case Kind::Function:
            return "function";
        case Kind::Builtin:
            return "builtin_function_or_method";
        case Kind::Type:
            return "type";
        case Kind::Cell:
            return "cell";
        case Kind::Iterator:
            return value.as<IteratorObject>().typeName();
        case Kind::DictView:
            return viewName(value.as<DictViewObject>().which);
        case Kind::Code:
            return "code";
    }
    return "object";
}

std::string repr(Runtime& runtime, const Value& value) {
    switch (value.kind()) {
        case Kind::Null:
            return "NULL";
        case Kind::None:
            return "None";
        case Kind::Ellipsis:
            return "Ellipsis";
        case Kind::Bool:
            return value.asBool() ? "True" : "False";
        case Kind::Int:
            return intText(value.asInt());
        case Kind::Float:
            return floatRepr(value.asFloat());
        case Kind::Str:
            return strRepr(value.as<StrObject>().text);
        case Kind::List:
        case Kind::Tuple:
        case Kind::Dict:
        case Kind::Set:
        case Kind::DictView: {
            NestingGuard guard(runtime, "while getting the repr of an object");
            if (guard.tooDeep()) return "...";
            return containerRepr(runtime, value);
        }
        case Kind::Range: {
            const RangeObject& range = value.as<RangeObject>();
            if (range.step == 1)
                return concat("range(", intText(range.start), ", ", intText(range.stop), ")");
            return concat("range(", intText(range.start), ", ", intText(range.stop), ", ",
                          intText(range.step), ")");
        }
        case Kind::Slice: {
            const SliceObject& slice = value.as<SliceObject>();
            return concat("slice(", repr(runtime, slice.start), ", ", repr(runtime, slice.stop),
                          ", ", repr(runtime, slice.step), ")");
        }
        case Kind::Function: {
            const FunctionObject& function = value.as<FunctionObject>();
            return concat("<function ",
                          function.qualname.empty() ? function.name : function.qualname, " at ",
                          addressText(function), ">");
        }
        case Kind::Builtin:
            return builtinRepr(value.as<BuiltinObject>());
        case Kind::Type:
            return concat("<class '", value.as<TypeObject>().name, "'>");
        case Kind::Cell: {
            const CellObject& cell = value.as<CellObject>();
            if (cell.contents.isNull()) return concat("<cell at ", addressText(cell), ": empty>");
            return concat("<cell at ", addressText(cell), ": ", typeName(cell.contents),
                          " object at ", objectAddress(cell.contents), ">");
        }
        case Kind::Iterator:
            return concat("<", typeName(value), " object at ", addressText(*value.object()), ">");
        case Kind::Code: {
            const CodeValueObject& code = value.as<CodeValueObject>();
            return concat("<code object ", code.code->name, " at ", addressText(code), ", file \"",
                          code.code->filename, "\", line ", intText(code.code->firstLine), ">");
        }
    }
    return "<object>";
}

std::string str(Runtime& runtime, const Value& value) {
    if (value.kind() == Kind::Str) return value.as<StrObject>().text;
    return repr(runtime, value);
}

}  // namespace mlsyslab::pyvm
