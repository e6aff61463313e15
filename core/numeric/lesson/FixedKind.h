#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lesson/KindSpec.h"
#include "numeric/FixedPoint.h"

namespace mlsyslab::lesson::kinds {

// ```sim fixed: one fixed-point number, Qm.n (signed) or UQm.n (unsigned), TI convention.
//   integer_bits: 0..64             (m, default 3)
//   fraction_bits: 0..64            (n, default 4; the width 1 + m + n or m + n is 1..64)
//   signed: true | false            (default true)
//   value: a decimal number         (default 0; rounded and overflowed as the rules say)
//   rounding: nearest | zero | away | up | down      (default nearest: ties to even)
//   overflow: saturate | wrap       (default saturate)
struct FixedState {
    numeric::FixedFormat format{3, 4, numeric::Signedness::Signed};
    // As written, so the simulator can show what rounding and overflow made of it.
    std::string value = "0";
    numeric::EncodeRules rules;

    friend bool operator==(const FixedState& left, const FixedState& right) {
        return left.format == right.format && left.value == right.value &&
               left.rules.rounding == right.rules.rounding &&
               left.rules.overflow == right.rules.overflow;
    }
};

// The lesson names of the overflow rules ("saturate", "wrap") and back; rounding names are
// numeric::roundingModeName / findRoundingMode ("nearest", "zero", "away", "up", "down").
std::optional<numeric::OverflowMode> overflowModeNamed(std::string_view name);

const KindSpec<FixedState>& fixedKind();

}  // namespace mlsyslab::lesson::kinds
