#include "pyvm/OpcodeSupport.h"

#include <utility>
#include <vector>

#include "common/Concat.h"
#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {

namespace {

// Moves the top `count` values off the stack, bottom first, leaving their slots Null.
std::vector<Value> popValues(Value*& sp, int count) {
    std::vector<Value> values(static_cast<std::size_t>(count));
    sp -= count;
    for (int index = 0; index < count; ++index)
        values[static_cast<std::size_t>(index)] = std::move(sp[index]);
    return values;
}

void dropValues(Value*& sp, int count) {
    for (int index = 0; index < count; ++index) *--sp = Value();
}

// Whether the pending error is getIter's "'T' object is not iterable", which some opcodes reword.
bool notIterableError(Interpreter& vm) {
    if (!vm.hasError() || vm.error().type != "TypeError") return false;
    const std::string& message = vm.error().message;
    const std::string_view suffix = "object is not iterable";
    return message.size() >= suffix.size() &&
           message.compare(message.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

Value* OpcodeSupport::buildTuple(Interpreter&, Value* sp, int count) {
    Value tuple = newTuple(popValues(sp, count));
    *sp++ = std::move(tuple);
    return sp;
}

Value* OpcodeSupport::buildList(Interpreter&, Value* sp, int count) {
    Value list = newList(popValues(sp, count));
    *sp++ = std::move(list);
    return sp;
}

Value* OpcodeSupport::buildSet(Interpreter& vm, Value* sp, int count) {
    Value set = Value::make<SetObject>();
    for (int index = count; index > 0; --index) {
        if (!set.as<SetObject>().members.set(vm, sp[-index], Value::none())) return nullptr;
    }
    dropValues(sp, count);
    *sp++ = std::move(set);
    return sp;
}

Value* OpcodeSupport::buildMap(Interpreter& vm, Value* sp, int count) {
    Value dict = newDict();
    for (int index = count; index > 0; --index) {
        if (!dict.as<DictObject>().set(vm, sp[-2 * index], sp[-2 * index + 1])) return nullptr;
    }
    dropValues(sp, 2 * count);
    *sp++ = std::move(dict);
    return sp;
}

Value* OpcodeSupport::buildConstKeyMap(Interpreter& vm, Value* sp, int count) {
    Value dict = newDict();
    const auto& keys = sp[-1].as<TupleObject>().items;
    for (int index = 0; index < count; ++index) {
        if (!dict.as<DictObject>().set(vm, keys[static_cast<std::size_t>(index)],
                                       sp[-1 - count + index])) {
            return nullptr;
        }
    }
    dropValues(sp, count + 1);
    *sp++ = std::move(dict);
    return sp;
}

Value* OpcodeSupport::buildString(Interpreter& vm, Value* sp, int count) {
    std::size_t size = 0;
    for (int index = count; index > 0; --index) size += sp[-index].as<StrObject>().text.size();
    if (!vm.checkStringSize(static_cast<std::int64_t>(size))) return nullptr;
    std::string text;
    text.reserve(size);
    for (int index = count; index > 0; --index) text += sp[-index].as<StrObject>().text;
    dropValues(sp, count);
    *sp++ = newStr(std::move(text));
    return sp;
}

Value* OpcodeSupport::buildSlice(Interpreter&, Value* sp, int count) {
    std::vector<Value> parts = popValues(sp, count);
    Value step = count == 3 ? std::move(parts[2]) : Value::none();
    *sp++ = Value::make<SliceObject>(std::move(parts[0]), std::move(parts[1]), std::move(step));
    return sp;
}

Value* OpcodeSupport::listExtend(Interpreter& vm, Value* sp, int depth) {
    std::vector<Value> items;
    if (!collect(vm, sp[-1], items)) {
        if (notIterableError(vm)) {
            vm.takeError();
            vm.raise("TypeError",
                     concat("Value after * must be an iterable, not ", typeName(sp[-1])));
        }
        return nullptr;
    }
    auto& list = sp[-1 - depth].as<ListObject>().items;
    if (!vm.checkContainerSize(static_cast<std::int64_t>(list.size() + items.size())))
        return nullptr;
    for (Value& item : items) list.push_back(std::move(item));
    *--sp = Value();
    return sp;
}

Value* OpcodeSupport::setUpdate(Interpreter& vm, Value* sp, int depth) {
    std::vector<Value> items;
    if (!collect(vm, sp[-1], items)) return nullptr;
    auto& set = sp[-1 - depth].as<SetObject>().members;
    for (const Value& item : items) {
        if (!set.set(vm, item, Value::none())) return nullptr;
    }
    *--sp = Value();
    return sp;
}

Value* OpcodeSupport::dictUpdate(Interpreter& vm, Value* sp, int depth, bool merge) {
    const Value& update = sp[-1];
    // DICT_MERGE builds a call's **kwargs: below the dict it builds sit the positional tuple and
    // the callable (CPython's PEEK(2 + oparg) once the update is popped).
    const Value& callable = sp[-3 - depth];
    if (update.kind() != Kind::Dict) {
        if (merge) {
            vm.raise("TypeError",
                     concat(functionString(callable), " argument after ** must be a mapping, not ",
                            typeName(update)));
        } else {
            vm.raise("TypeError", concat("'", typeName(update), "' object is not a mapping"));
        }
        return nullptr;
    }
    auto& target = sp[-1 - depth].as<DictObject>();
    for (const DictObject::Entry& entry : update.as<DictObject>().entries) {
        if (entry.key.isNull()) continue;
        if (merge) {
            Value* existing = target.find(vm, entry.key);
            if (vm.hasError()) return nullptr;
            if (existing != nullptr) {
                const std::string key = entry.key.kind() == Kind::Str
                                            ? entry.key.as<StrObject>().text
                                            : repr(vm, entry.key);
                vm.raise("TypeError",
                         concat(functionString(callable),
                                " got multiple values for keyword argument '", key, "'"));
                return nullptr;
            }
        }
        if (!target.set(vm, entry.key, entry.value)) return nullptr;
    }
    *--sp = Value();
    return sp;
}

Value* OpcodeSupport::unpackSequence(Interpreter& vm, Value* sp, int count) {
    const Value& source = sp[-1];
    const std::vector<Value>* exact = nullptr;
    if (source.kind() == Kind::Tuple) exact = &source.as<TupleObject>().items;
    if (source.kind() == Kind::List) exact = &source.as<ListObject>().items;
    std::vector<Value> items;
    if (exact != nullptr && exact->size() == static_cast<std::size_t>(count)) {
        items = *exact;
    } else if (!unpack(vm, source, count, items)) {
        return nullptr;
    }
    *--sp = Value();
    for (int index = count - 1; index >= 0; --index)
        *sp++ = std::move(items[static_cast<std::size_t>(index)]);
    return sp;
}

Value* OpcodeSupport::unpackEx(Interpreter& vm, Value* sp, int counts) {
    const int before = counts & 0xFF;
    const int after = counts >> 8;
    std::vector<Value> items;
    if (!collect(vm, sp[-1], items)) {
        if (notIterableError(vm)) {
            vm.takeError();
            vm.raise("TypeError",
                     concat("cannot unpack non-iterable ", typeName(sp[-1]), " object"));
        }
        return nullptr;
    }
    const auto total = static_cast<int>(items.size());
    if (total < before + after) {
        vm.raise("ValueError",
                 concat("not enough values to unpack (expected at least ",
                        std::to_string(before + after), ", got ", std::to_string(total), ")"));
        return nullptr;
    }
    *--sp = Value();
    for (int index = total - 1; index >= total - after; --index)
        *sp++ = std::move(items[static_cast<std::size_t>(index)]);
    std::vector<Value> middle(std::make_move_iterator(items.begin() + before),
                              std::make_move_iterator(items.begin() + (total - after)));
    *sp++ = newList(std::move(middle));
    for (int index = before - 1; index >= 0; --index)
        *sp++ = std::move(items[static_cast<std::size_t>(index)]);
    return sp;
}

Value* OpcodeSupport::formatValue(Interpreter& vm, Value* sp, int flags) {
    const bool hasSpec = (flags & 0x04) != 0;
    Value* valueSlot = hasSpec ? sp - 2 : sp - 1;
    Value value = *valueSlot;
    static constexpr int kConversions[] = {0, 's', 'r', 'a'};
    if ((flags & 0x03) != 0) {
        value = convertForFormat(vm, value, kConversions[flags & 0x03]);
        if (value.isNull()) return nullptr;
    }
    const std::string_view spec =
        hasSpec ? std::string_view(sp[-1].as<StrObject>().text) : std::string_view();
    if (!(spec.empty() && value.kind() == Kind::Str)) {
        value = pyvm::formatValue(vm, value, spec);
        if (value.isNull()) return nullptr;
    }
    if (hasSpec) *--sp = Value();
    sp[-1] = std::move(value);
    return sp;
}

Value* OpcodeSupport::makeFunction(Interpreter& vm, Value* sp, int flags) {
    auto function = Value::make<FunctionObject>();
    auto& object = function.as<FunctionObject>();
    object.code = sp[-1].as<CodeValueObject>().code;
    object.name = object.code->name;
    object.qualname = object.code->qualname;
    *--sp = Value();
    if (flags & MakeFunctionFlag::Closure) object.closure = std::move(*--sp);
    if (flags & MakeFunctionFlag::Annotations) *--sp = Value();
    if (flags & MakeFunctionFlag::KwDefaults) object.kwDefaults = std::move(*--sp);
    if (flags & MakeFunctionFlag::Defaults) object.defaults = std::move(*--sp);
    // Functions only ever see the module namespace: the subset has one module and no exec().
    object.globals = vm.globalsValue_;
    *sp++ = std::move(function);
    return sp;
}

Value* OpcodeSupport::loadAttribute(Interpreter& vm, Value* sp, const Value& name, bool forMethod) {
    const std::string& text = name.as<StrObject>().text;
    Value attribute = getAttribute(vm, sp[-1], text);
    if (attribute.isNull()) {
        vm.addAttributeSuggestion(sp[-1], text);
        return nullptr;
    }
    if (!forMethod) {
        sp[-1] = std::move(attribute);
        return sp;
    }
    // LOAD_METHOD leaves the method then its object, as CPython shows them; anything that is not
    // a bound method leaves NULL then the attribute.
    if (attribute.kind() == Kind::Builtin && !attribute.as<BuiltinObject>().self.isNull()) {
        Value object = std::move(sp[-1]);
        sp[-1] = std::move(attribute);
        *sp++ = std::move(object);
    } else {
        sp[-1] = Value();
        *sp++ = std::move(attribute);
    }
    return sp;
}

Value* OpcodeSupport::storeAttribute(Interpreter& vm, Value* sp, const Value& name) {
    // The builtin types have no writable attributes: CPython says read-only for one that exists.
    const std::string& text = name.as<StrObject>().text;
    const Value& object = sp[-1];
    const bool exists = !getAttribute(vm, object, text).isNull();
    vm.takeError();
    if (exists) {
        vm.raise("AttributeError",
                 concat("'", typeName(object), "' object attribute '", text, "' is read-only"));
    } else {
        vm.raise("AttributeError",
                 concat("'", typeName(object), "' object has no attribute '", text, "'"));
    }
    return nullptr;
}

std::string OpcodeSupport::functionString(const Value& callable) {
    switch (callable.kind()) {
        case Kind::Function:
            return concat("__main__.", callable.as<FunctionObject>().qualname, "()");
        case Kind::Builtin: {
            const auto& builtin = callable.as<BuiltinObject>();
            if (builtin.self.isNull()) return concat(builtin.name, "()");
            return concat(typeName(builtin.self), ".", builtin.name, "()");
        }
        case Kind::Type:
            return concat(callable.as<TypeObject>().name, "()");
        default:
            return concat(typeName(callable), " object");
    }
}

}  // namespace mlsyslab::pyvm
