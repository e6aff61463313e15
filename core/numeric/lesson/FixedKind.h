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
// Its fields, defaults and values: fixedKind() below (and docs/lesson-format.md).
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
