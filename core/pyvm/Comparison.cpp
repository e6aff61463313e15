#include <cstring>

#include "common/Concat.h"
#include "pyvm/NestingGuard.h"
#include "pyvm/Numbers.h"
#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {
namespace {

constexpr std::string_view kOperatorSymbols[] = {"<", "<=", "==", "!=", ">", ">="};

// Whether `ordering` (-1, 0, 1) satisfies comparison `op`; 2 (NaN involved) satisfies only `!=`.
bool satisfies(int op, int ordering) {
    if (ordering == 2) return op == static_cast<int>(CompareOpArg::NotEqual);
    switch (static_cast<CompareOpArg>(op)) {
        case CompareOpArg::Less:
            return ordering < 0;
        case CompareOpArg::LessEqual:
            return ordering <= 0;
        case CompareOpArg::Equal:
            return ordering == 0;
        case CompareOpArg::NotEqual:
            return ordering != 0;
        case CompareOpArg::Greater:
            return ordering > 0;
        case CompareOpArg::GreaterEqual:
            return ordering >= 0;
    }
    return false;
}

// -1, 0, 1, or 2 when unordered (NaN); both are numbers.
int compareNumbers(const Value& a, const Value& b) {
    if (isIntLike(a) && isIntLike(b)) {
        return a.asInt() < b.asInt() ? -1 : (a.asInt() > b.asInt() ? 1 : 0);
    }
    if (a.kind() == Kind::Float && b.kind() == Kind::Float) {
        const double x = a.asFloat(), y = b.asFloat();
        if (x < y) return -1;
        if (x > y) return 1;
        return x == y ? 0 : 2;
    }
    if (isIntLike(a)) return compareIntWithFloat(a.asInt(), b.asFloat());
    const int reversed = compareIntWithFloat(b.asInt(), a.asFloat());
    return reversed == 2 ? 2 : -reversed;
}

// `a is b or a == b`, how containers compare their items: 1, 0, or -1 on error.
int itemsEqual(Runtime& runtime, const Value& a, const Value& b) {
    if (isSame(a, b)) return 1;
    return equals(runtime, a, b);
}

int sequencesEqual(Runtime& runtime, const std::vector<Value>& a, const std::vector<Value>& b) {
    if (a.size() != b.size()) return 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const int same = itemsEqual(runtime, a[i], b[i]);
        if (same != 1) return same;
    }
    return 1;
}

// Every key of `small` is in `large` (sets, and key views, which behave as sets).
int allKeysIn(Runtime& runtime, DictObject& small, DictObject& large) {
    for (const DictObject::Entry& entry : small.entries) {
        if (entry.key.isNull()) continue;
        if (large.find(runtime, entry.key) == nullptr) return runtime.hasError() ? -1 : 0;
    }
    return 1;
}

int dictsEqual(Runtime& runtime, DictObject& a, DictObject& b) {
    if (a.size() != b.size()) return 0;
    for (const DictObject::Entry& entry : a.entries) {
        if (entry.key.isNull()) continue;
        const Value* other = b.find(runtime, entry.key);
        if (other == nullptr) return runtime.hasError() ? -1 : 0;
        const Value otherValue = *other;  // a comparison may not move it, but keep it alive
        const int same = itemsEqual(runtime, entry.value, otherValue);
        if (same != 1) return same;
    }
    return 1;
}

bool rangesEqual(const RangeObject& a, const RangeObject& b) {
    const std::int64_t length = a.length();
    if (length != b.length()) return false;
    if (length == 0) return true;
    if (a.start != b.start) return false;
    return length == 1 || a.step == b.step;
}

DictObject* keysOf(const Value& value) {
    if (value.kind() == Kind::Set) return &value.as<SetObject>().members;
    if (value.kind() == Kind::DictView &&
        value.as<DictViewObject>().which == DictViewObject::Which::Keys) {
        return &value.as<DictViewObject>().dict.as<DictObject>();
    }
    return nullptr;
}

// Lexicographic ordering of two lists or two tuples, as list_richcompare does it.
Value compareSequences(Runtime& runtime, int op, const std::vector<Value>& a,
                       const std::vector<Value>& b) {
    const std::size_t common = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < common; ++i) {
        const int same = itemsEqual(runtime, a[i], b[i]);
        if (same < 0) return Value();
        if (same == 0) {
            const Value left = a[i], right = b[i];  // the comparison may run a key's code
            return compare(runtime, op, left, right);
        }
    }
    const int ordering = a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
    return Value::boolean(satisfies(op, ordering));
}

Value compareSets(Runtime& runtime, int op, DictObject& a, DictObject& b) {
    int result = 0;
    switch (static_cast<CompareOpArg>(op)) {
        case CompareOpArg::Less:
            result = a.size() < b.size() ? allKeysIn(runtime, a, b) : 0;
            break;
        case CompareOpArg::LessEqual:
            result = a.size() <= b.size() ? allKeysIn(runtime, a, b) : 0;
            break;
        case CompareOpArg::Greater:
            result = a.size() > b.size() ? allKeysIn(runtime, b, a) : 0;
            break;
        default:
            result = a.size() >= b.size() ? allKeysIn(runtime, b, a) : 0;
            break;
    }
    if (result < 0) return Value();
    return Value::boolean(result == 1);
}

}  // namespace

bool isTrue(const Value& value) {
    switch (value.kind()) {
        case Kind::Null:
        case Kind::None:
            return false;
        case Kind::Bool:
        case Kind::Int:
            return value.asInt() != 0;
        case Kind::Float:
            return value.asFloat() != 0.0;
        case Kind::Str:
            return !value.as<StrObject>().text.empty();
        case Kind::Tuple:
            return !value.as<TupleObject>().items.empty();
        case Kind::List:
            return !value.as<ListObject>().items.empty();
        case Kind::Dict:
            return value.as<DictObject>().size() > 0;
        case Kind::Set:
            return value.as<SetObject>().members.size() > 0;
        case Kind::Range:
            return value.as<RangeObject>().length() > 0;
        case Kind::DictView:
            return value.as<DictViewObject>().dict.as<DictObject>().size() > 0;
        default:
            return true;
    }
}

bool isSame(const Value& a, const Value& b) {
    if (a.kind() != b.kind()) return false;
    if (a.isHeap()) return a.object() == b.object();
    if (a.kind() == Kind::Float) {
        const double x = a.asFloat(), y = b.asFloat();
        return std::memcmp(&x, &y, sizeof x) == 0;
    }
    return a.asInt() == b.asInt();
}

int equals(Runtime& runtime, const Value& a, const Value& b) {
    if (isNumber(a) && isNumber(b)) return compareNumbers(a, b) == 0 ? 1 : 0;
    if (a.kind() == Kind::Str && b.kind() == Kind::Str) {
        return a.as<StrObject>().text == b.as<StrObject>().text ? 1 : 0;
    }
    if (DictObject* keysA = keysOf(a)) {
        DictObject* keysB = keysOf(b);
        if (keysB == nullptr) return 0;
        if (keysA->size() != keysB->size()) return 0;
        return allKeysIn(runtime, *keysA, *keysB);
    }
    if (a.kind() != b.kind()) return 0;
    if (a.isHeap() && a.object() == b.object()) return 1;
    NestingGuard guard(runtime, "in comparison");
    if (guard.tooDeep()) return -1;
    switch (a.kind()) {
        case Kind::None:
        case Kind::Ellipsis:
            return 1;
        case Kind::Tuple:
            return sequencesEqual(runtime, a.as<TupleObject>().items, b.as<TupleObject>().items);
        case Kind::List: {
            // Keep both alive: comparing items could not shrink them, but copies are cheap to hold.
            const Value left = a, right = b;
            return sequencesEqual(runtime, left.as<ListObject>().items,
                                  right.as<ListObject>().items);
        }
        case Kind::Dict:
            return dictsEqual(runtime, a.as<DictObject>(), b.as<DictObject>());
        case Kind::Range:
            return rangesEqual(a.as<RangeObject>(), b.as<RangeObject>()) ? 1 : 0;
        case Kind::Slice: {
            const SliceObject& x = a.as<SliceObject>();
            const SliceObject& y = b.as<SliceObject>();
            return sequencesEqual(runtime, {x.start, x.stop, x.step}, {y.start, y.stop, y.step});
        }
        case Kind::DictView:
            if (a.as<DictViewObject>().which == DictViewObject::Which::Items &&
                b.as<DictViewObject>().which == DictViewObject::Which::Items) {
                std::vector<Value> itemsA, itemsB;
                if (!collect(runtime, a, itemsA) || !collect(runtime, b, itemsB)) return -1;
                if (itemsA.size() != itemsB.size()) return 0;
                for (const Value& item : itemsA) {
                    const int found = contains(runtime, b, item);
                    if (found != 1) return found;
                }
                return 1;
            }
            return 0;
        default:
            return isSame(a, b) ? 1 : 0;
    }
}

Value compare(Runtime& runtime, int op, const Value& left, const Value& right) {
    if (isIntLike(left) && isIntLike(right)) {
        const std::int64_t a = left.asInt(), b = right.asInt();
        return Value::boolean(satisfies(op, a < b ? -1 : (a > b ? 1 : 0)));
    }
    if (op == static_cast<int>(CompareOpArg::Equal) ||
        op == static_cast<int>(CompareOpArg::NotEqual)) {
        const int same = equals(runtime, left, right);
        if (same < 0) return Value();
        return Value::boolean((same == 1) == (op == static_cast<int>(CompareOpArg::Equal)));
    }
    if (isNumber(left) && isNumber(right))
        return Value::boolean(satisfies(op, compareNumbers(left, right)));
    if (left.kind() == Kind::Str && right.kind() == Kind::Str) {
        const int ordering = left.as<StrObject>().text.compare(right.as<StrObject>().text);
        return Value::boolean(satisfies(op, ordering < 0 ? -1 : (ordering > 0 ? 1 : 0)));
    }
    if (left.kind() == right.kind() && (left.kind() == Kind::List || left.kind() == Kind::Tuple)) {
        NestingGuard guard(runtime, "in comparison");
        if (guard.tooDeep()) return Value();
        const Value a = left, b = right;
        if (a.kind() == Kind::List)
            return compareSequences(runtime, op, a.as<ListObject>().items,
                                    b.as<ListObject>().items);
        return compareSequences(runtime, op, a.as<TupleObject>().items, b.as<TupleObject>().items);
    }
    DictObject* keysA = keysOf(left);
    DictObject* keysB = keysOf(right);
    if (keysA != nullptr && keysB != nullptr) return compareSets(runtime, op, *keysA, *keysB);
    if (op < 0 || op > 5) return runtime.raise("SystemError", "bad comparison operator");
    return runtime.raise("TypeError",
                         concat("'", kOperatorSymbols[op], "' not supported between instances of '",
                                typeName(left), "' and '", typeName(right), "'"));
}

}  // namespace mlsyslab::pyvm
