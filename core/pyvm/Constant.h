#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace mlsyslab::pyvm {

struct CodeObject;

// A value known at compile time, as CPython keeps it in `co_consts`: None, Ellipsis, a bool, an
// int, a float, a str, a tuple of constants (what constant folding makes of `(1, 2)` and
// `[1, 2, 3]`) or a nested code object. The runtime turns each into a Value once per code object.
struct Constant {
    struct None {
        bool operator==(const None&) const = default;
    };
    struct Ellipsis {
        bool operator==(const Ellipsis&) const = default;
    };
    using Tuple = std::vector<Constant>;
    using Code = std::shared_ptr<const CodeObject>;

    std::variant<None, Ellipsis, bool, std::int64_t, double, std::string, Tuple, Code> value;

    // A Tuple that stands for a frozenset (what CPython folds `x in {1, 2}` and `{1, 2, 3}` to),
    // its items in CPython's iteration order. Treated as a tuple it behaves the same for the
    // only uses the compiler makes of it: CONTAINS_OP and SET_UPDATE.
    bool isFrozenSet = false;
};

// `repr()` of the constant exactly as CPython prints it (what `dis` shows as LOAD_CONST's argrepr);
// a code object is `<code object NAME>`, the normalized form of DESIGN §4.
std::string constantRepr(const Constant& constant);

// Whether two constants are the same `co_consts` entry: CPython merges equal constants of the same
// type (so 1 and 1.0 and True stay apart, and 0.0 and -0.0 too).
bool sameConstant(const Constant& a, const Constant& b);

}  // namespace mlsyslab::pyvm
