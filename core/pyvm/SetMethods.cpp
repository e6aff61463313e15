#include "common/Concat.h"
#include "pyvm/Arguments.h"
#include "pyvm/Containers.h"
#include "pyvm/Methods.h"
#include "pyvm/Operations.h"
#include "pyvm/SetOrder.h"

// The methods of set.
namespace mlsyslab::pyvm {
namespace {

using Arguments = CallArguments;

SetObject& setOf(const Value& self) { return self.as<SetObject>(); }

// Any iterable as a set (other sets are used as they are).
Value asSet(Runtime& runtime, const Value& iterable) {
    if (iterable.kind() == Kind::Set) return iterable;
    Value set = newSet();
    if (!setAddAll(runtime, set.as<SetObject>(), iterable)) return Value();
    return set;
}

void replaceMembers(SetObject& target, SetObject& source) {
    target.members.entries = std::move(source.members.entries);
    target.members.index = std::move(source.members.index);
    target.members.liveCount = source.members.liveCount;
}

Value add(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "set.add")) return Value();
    if (!setAdd(runtime, setOf(self), arguments.positional[0])) return Value();
    return Value::none();
}

Value remove(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "set.remove")) return Value();
    if (setOf(self).members.erase(runtime, arguments.positional[0])) return Value::none();
    if (runtime.hasError()) return Value();
    return raiseKeyError(runtime, arguments.positional[0]);
}

Value discard(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "set.discard")) return Value();
    setOf(self).members.erase(runtime, arguments.positional[0]);
    if (runtime.hasError()) return Value();
    return Value::none();
}

Value pop(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "set.pop")) return Value();
    const std::vector<Value> order = setIterationOrder(setOf(self));
    if (order.empty()) return raiseKeyError(runtime, newStr("pop from an empty set"));
    setOf(self).members.erase(runtime, order.front());
    return order.front();
}

// union / intersection / difference with any number of iterables, as new sets.
Value combine(Runtime& runtime, const Value& self, const Arguments& arguments, int op,
              std::string_view qualified) {
    if (!expectNoKeywords(runtime, arguments, qualified)) return Value();
    Value result = copySet(setOf(self));
    for (const Value& other : arguments.positional) {
        const Value otherSet = asSet(runtime, other);
        if (otherSet.isNull()) return Value();
        Value combined = binaryOp(runtime, op, result, otherSet);
        if (combined.isNull()) return Value();
        result = std::move(combined);
    }
    return result;
}

Value unionOf(Runtime& r, const Value& s, const Arguments& a) {
    return combine(r, s, a, static_cast<int>(BinaryOpArg::Or), "set.union");
}
Value intersection(Runtime& r, const Value& s, const Arguments& a) {
    return combine(r, s, a, static_cast<int>(BinaryOpArg::And), "set.intersection");
}
Value difference(Runtime& r, const Value& s, const Arguments& a) {
    return combine(r, s, a, static_cast<int>(BinaryOpArg::Subtract), "set.difference");
}

Value symmetricDifference(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "set.symmetric_difference")) return Value();
    const Value other = asSet(runtime, arguments.positional[0]);
    if (other.isNull()) return Value();
    return binaryOp(runtime, static_cast<int>(BinaryOpArg::Xor), self, other);
}

Value updateInPlace(Runtime& runtime, const Value& self, const Arguments& arguments, int op,
                    std::string_view qualified) {
    Value combined = combine(runtime, self, arguments, op, qualified);
    if (combined.isNull()) return Value();
    replaceMembers(setOf(self), combined.as<SetObject>());
    return Value::none();
}

Value update(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "set.update")) return Value();
    for (const Value& other : arguments.positional) {
        if (!setAddAll(runtime, setOf(self), other)) return Value();
    }
    return Value::none();
}
Value intersectionUpdate(Runtime& r, const Value& s, const Arguments& a) {
    return updateInPlace(r, s, a, static_cast<int>(BinaryOpArg::And), "set.intersection_update");
}
Value differenceUpdate(Runtime& r, const Value& s, const Arguments& a) {
    return updateInPlace(r, s, a, static_cast<int>(BinaryOpArg::Subtract), "set.difference_update");
}

Value relation(Runtime& runtime, const Value& self, const Arguments& arguments, CompareOpArg op,
               std::string_view qualified) {
    if (!expectOneArgument(runtime, arguments, qualified)) return Value();
    const Value other = asSet(runtime, arguments.positional[0]);
    if (other.isNull()) return Value();
    return compare(runtime, static_cast<int>(op), self, other);
}
Value issubset(Runtime& r, const Value& s, const Arguments& a) {
    return relation(r, s, a, CompareOpArg::LessEqual, "set.issubset");
}
Value issuperset(Runtime& r, const Value& s, const Arguments& a) {
    return relation(r, s, a, CompareOpArg::GreaterEqual, "set.issuperset");
}

Value isdisjoint(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "set.isdisjoint")) return Value();
    std::vector<Value> items;
    if (!collect(runtime, arguments.positional[0], items)) return Value();
    for (const Value& item : items) {
        if (setOf(self).members.find(runtime, item) != nullptr) return Value::boolean(false);
        if (runtime.hasError()) return Value();
    }
    return Value::boolean(true);
}

Value copy(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "set.copy")) return Value();
    return copySet(setOf(self));
}

Value clear(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "set.clear")) return Value();
    Value empty = newSet();
    replaceMembers(setOf(self), empty.as<SetObject>());
    return Value::none();
}

constexpr MethodEntry kSetMethods[] = {
    {"add", add},
    {"clear", clear},
    {"copy", copy},
    {"difference", difference},
    {"difference_update", differenceUpdate},
    {"discard", discard},
    {"intersection", intersection},
    {"intersection_update", intersectionUpdate},
    {"isdisjoint", isdisjoint},
    {"issubset", issubset},
    {"issuperset", issuperset},
    {"pop", pop},
    {"remove", remove},
    {"symmetric_difference", symmetricDifference},
    {"union", unionOf},
    {"update", update},
};

}  // namespace

std::span<const MethodEntry> setMethods() { return kSetMethods; }

}  // namespace mlsyslab::pyvm
