#include "pyvm/Constant.h"

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "common/Concat.h"
#include "pyvm/Code.h"
#include "pyvm/Repr.h"

namespace mlsyslab::pyvm {

std::string constantRepr(const Constant& constant) {
    if (constant.isFrozenSet) {
        const auto& items = std::get<Constant::Tuple>(constant.value);
        if (items.empty()) return "frozenset()";
        std::string text = "frozenset({";
        for (std::size_t index = 0; index < items.size(); ++index) {
            if (index > 0) text += ", ";
            text += constantRepr(items[index]);
        }
        return text + "})";
    }
    return std::visit(
        [](const auto& value) -> std::string {
            using Type = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<Type, Constant::None>) {
                return "None";
            } else if constexpr (std::is_same_v<Type, Constant::Ellipsis>) {
                return "Ellipsis";
            } else if constexpr (std::is_same_v<Type, bool>) {
                return value ? "True" : "False";
            } else if constexpr (std::is_same_v<Type, std::int64_t>) {
                return std::to_string(value);
            } else if constexpr (std::is_same_v<Type, double>) {
                return floatRepr(value);
            } else if constexpr (std::is_same_v<Type, std::string>) {
                return strRepr(value);
            } else if constexpr (std::is_same_v<Type, Constant::Tuple>) {
                std::string text = "(";
                for (std::size_t index = 0; index < value.size(); ++index) {
                    if (index > 0) text += ", ";
                    text += constantRepr(value[index]);
                }
                // A one-element tuple keeps its comma, as Python writes it: (1,)
                if (value.size() == 1) text += ",";
                return text + ")";
            } else {
                return concat("<code object ", value ? value->name : std::string("?"), ">");
            }
        },
        constant.value);
}

namespace {

bool sameInstructions(const std::vector<Instruction>& a, const std::vector<Instruction>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t index = 0; index < a.size(); ++index) {
        const Instruction& left = a[index];
        const Instruction& right = b[index];
        if (left.op != right.op || left.arg != right.arg || left.line != right.line || left.column != right.column ||
            left.endLine != right.endLine || left.endColumn != right.endColumn) {
            return false;
        }
    }
    return true;
}

// CPython's code_richcompare: code compiled twice from the same source (a while loop's test is
// compiled twice, lambdas in it too) is equal, and becomes one constant.
bool sameCode(const Constant::Code& a, const Constant::Code& b) {
    if (a.get() == b.get()) return true;
    if (!a || !b) return false;
    if (a->name != b->name || a->argCount != b->argCount || a->posOnlyArgCount != b->posOnlyArgCount ||
        a->kwOnlyArgCount != b->kwOnlyArgCount || a->flags != b->flags || a->firstLine != b->firstLine ||
        a->names != b->names || a->consts.size() != b->consts.size() || a->localsPlus.size() != b->localsPlus.size()) {
        return false;
    }
    for (std::size_t index = 0; index < a->localsPlus.size(); ++index) {
        if (a->localsPlus[index].name != b->localsPlus[index].name) return false;
    }
    for (std::size_t index = 0; index < a->consts.size(); ++index) {
        if (!sameConstant(a->consts[index], b->consts[index])) return false;
    }
    return sameInstructions(a->code, b->code);
}

}  // namespace

bool sameConstant(const Constant& a, const Constant& b) {
    if (a.value.index() != b.value.index() || a.isFrozenSet != b.isFrozenSet) return false;
    return std::visit(
        [&b](const auto& left) -> bool {
            using Type = std::decay_t<decltype(left)>;
            const auto& right = std::get<Type>(b.value);
            if constexpr (std::is_same_v<Type, double>) {
                // Bit equality keeps 0.0 and -0.0 apart, as CPython's constant keys do.
                return std::memcmp(&left, &right, sizeof(double)) == 0;
            } else if constexpr (std::is_same_v<Type, Constant::Tuple>) {
                if (left.size() != right.size()) return false;
                for (std::size_t index = 0; index < left.size(); ++index) {
                    if (!sameConstant(left[index], right[index])) return false;
                }
                return true;
            } else if constexpr (std::is_same_v<Type, Constant::Code>) {
                return sameCode(left, right);
            } else {
                return left == right;
            }
        },
        a.value);
}

}  // namespace mlsyslab::pyvm
