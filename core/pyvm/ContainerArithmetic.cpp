#include "common/Concat.h"
#include "pyvm/ArithmeticParts.h"
#include "pyvm/Containers.h"
#include "pyvm/Numbers.h"
#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {
namespace {

using Op = BinaryOpArg;

bool isSequence(const Value& value) {
    return value.kind() == Kind::Str || value.kind() == Kind::List || value.kind() == Kind::Tuple;
}

Value concatenate(Runtime& runtime, bool inPlace, const Value& left, const Value& right) {
    if (left.kind() == Kind::List && inPlace) {
        if (!extendList(runtime, left.as<ListObject>(), right)) return Value();
        return left;
    }
    if (left.kind() != right.kind()) {
        return runtime.raise("TypeError",
                             concat("can only concatenate ", typeName(left), " (not \"",
                                    typeName(right), "\") to ", typeName(left)));
    }
    if (left.kind() == Kind::Str) {
        const std::string& a = left.as<StrObject>().text;
        const std::string& b = right.as<StrObject>().text;
        if (!runtime.checkStringSize(static_cast<std::int64_t>(a.size() + b.size())))
            return Value();
        return newStr(concat(a, b));
    }
    const std::vector<Value>& a =
        left.kind() == Kind::List ? left.as<ListObject>().items : left.as<TupleObject>().items;
    const std::vector<Value>& b =
        right.kind() == Kind::List ? right.as<ListObject>().items : right.as<TupleObject>().items;
    if (!runtime.checkContainerSize(static_cast<std::int64_t>(a.size() + b.size()))) return Value();
    std::vector<Value> items;
    items.reserve(a.size() + b.size());
    items.insert(items.end(), a.begin(), a.end());
    items.insert(items.end(), b.begin(), b.end());
    return left.kind() == Kind::List ? newList(std::move(items)) : newTuple(std::move(items));
}

Value repeat(Runtime& runtime, bool inPlace, const Value& sequence, const Value& count) {
    if (!isIntLike(count)) {
        return runtime.raise("TypeError", concat("can't multiply sequence by non-int of type '",
                                                 typeName(count), "'"));
    }
    Value result = repeatSequence(runtime, sequence, count.asInt());
    if (result.isNull() || !inPlace || sequence.kind() != Kind::List) return result;
    sequence.as<ListObject>().items = std::move(result.as<ListObject>().items);
    return sequence;
}

DictObject* setMembers(const Value& value) {
    if (value.kind() == Kind::Set) return &value.as<SetObject>().members;
    if (value.kind() == Kind::DictView &&
        value.as<DictViewObject>().which == DictViewObject::Which::Keys) {
        return &value.as<DictViewObject>().dict.as<DictObject>();
    }
    return nullptr;
}

// `a | b`, `a & b`, `a - b`, `a ^ b` of two sets (or key views): a new set, or `a` updated in
// place.
Value setOperation(Runtime& runtime, int op, bool inPlace, const Value& left, const Value& right) {
    DictObject& a = *setMembers(left);
    DictObject& b = *setMembers(right);
    Value result = newSet();
    SetObject& out = result.as<SetObject>();
    auto addKeys = [&](DictObject& from, DictObject* mustBeIn, DictObject* mustNotBeIn) {
        const std::vector<DictObject::Entry> entries = from.entries;
        for (const DictObject::Entry& entry : entries) {
            if (entry.key.isNull()) continue;
            if (mustBeIn != nullptr && mustBeIn->find(runtime, entry.key) == nullptr) {
                if (runtime.hasError()) return false;
                continue;
            }
            if (mustNotBeIn != nullptr && mustNotBeIn->find(runtime, entry.key) != nullptr)
                continue;
            if (runtime.hasError() || !setAdd(runtime, out, entry.key)) return false;
        }
        return true;
    };
    bool ok = true;
    switch (static_cast<Op>(op)) {
        case Op::Or:
            ok = addKeys(a, nullptr, nullptr) && addKeys(b, nullptr, nullptr);
            break;
        case Op::And:
            ok = addKeys(a, &b, nullptr);
            break;
        case Op::Subtract:
            ok = addKeys(a, nullptr, &b);
            break;
        default:
            ok = addKeys(a, nullptr, &b) && addKeys(b, nullptr, &a);
            break;
    }
    if (!ok) return Value();
    if (inPlace && left.kind() == Kind::Set) {
        DictObject& target = left.as<SetObject>().members;
        target.entries = std::move(out.members.entries);
        target.index = std::move(out.members.index);
        target.liveCount = out.members.liveCount;
        return left;
    }
    return result;
}

Value dictMerge(Runtime& runtime, bool inPlace, const Value& left, const Value& right) {
    if (inPlace) {
        if (!updateDict(runtime, left.as<DictObject>(), right)) return Value();
        return left;
    }
    Value merged = copyDict(left.as<DictObject>());
    if (!updateDict(runtime, merged.as<DictObject>(), right)) return Value();
    return merged;
}

}  // namespace

Value repeatSequence(Runtime& runtime, const Value& sequence, std::int64_t count) {
    if (count < 0) count = 0;
    if (sequence.kind() == Kind::Str) {
        const std::string& text = sequence.as<StrObject>().text;
        std::int64_t bytes;
        if (__builtin_mul_overflow(static_cast<std::int64_t>(text.size()), count, &bytes) ||
            !runtime.checkStringSize(bytes)) {
            if (!runtime.hasError()) runtime.checkStringSize(INT64_MAX);
            return Value();
        }
        std::string repeated;
        repeated.reserve(static_cast<std::size_t>(bytes));
        for (std::int64_t i = 0; i < count; ++i) repeated += text;
        return newStr(std::move(repeated));
    }
    const std::vector<Value>& items = sequence.kind() == Kind::List
                                          ? sequence.as<ListObject>().items
                                          : sequence.as<TupleObject>().items;
    std::int64_t total;
    if (__builtin_mul_overflow(static_cast<std::int64_t>(items.size()), count, &total) ||
        !runtime.checkContainerSize(total)) {
        if (!runtime.hasError()) runtime.checkContainerSize(INT64_MAX);
        return Value();
    }
    std::vector<Value> repeated;
    repeated.reserve(static_cast<std::size_t>(total));
    for (std::int64_t i = 0; i < count; ++i)
        repeated.insert(repeated.end(), items.begin(), items.end());
    return sequence.kind() == Kind::List ? newList(std::move(repeated))
                                         : newTuple(std::move(repeated));
}

Value containerBinaryOp(Runtime& runtime, int op, bool inPlace, const Value& left,
                        const Value& right, bool& handled) {
    handled = true;
    switch (static_cast<Op>(op)) {
        case Op::Add:
            if (isSequence(left)) return concatenate(runtime, inPlace, left, right);
            break;
        case Op::Multiply:
            if (isSequence(left)) return repeat(runtime, inPlace, left, right);
            if (isSequence(right)) return repeat(runtime, false, right, left);
            break;
        case Op::Or:
            if (left.kind() == Kind::Dict && (right.kind() == Kind::Dict || inPlace)) {
                return dictMerge(runtime, inPlace, left, right);
            }
            [[fallthrough]];
        case Op::And:
        case Op::Subtract:
        case Op::Xor:
            if (setMembers(left) != nullptr && setMembers(right) != nullptr) {
                return setOperation(runtime, op, inPlace, left, right);
            }
            break;
        default:
            break;
    }
    handled = false;
    return Value();
}

}  // namespace mlsyslab::pyvm
