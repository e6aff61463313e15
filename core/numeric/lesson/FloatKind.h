#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "lesson/KindSpec.h"
#include "lesson/StateFields.h"
#include "numeric/FloatFormat.h"
#include "numeric/FloatRounding.h"

namespace mlsyslab::lesson::kinds {

// ```sim float: one number in a float format, its fields, formula, rounding and neighbours.
// Its fields, defaults and values: floatKind() below (and docs/lesson-format.md).
struct FloatState {
    numeric::FloatFormat format = numeric::kFp16;
    std::uint64_t bits = 0;
    // The decimal as written when the state gives `value`, so the simulator can show what
    // storing it lost; nothing when the state gives `bits` (or neither).
    std::optional<std::string> typedValue;
    numeric::EncodeOptions options;

    friend bool operator==(const FloatState& left, const FloatState& right) {
        return left.format == right.format && left.bits == right.bits &&
               left.typedValue == right.typedValue &&
               left.options.rounding == right.options.rounding &&
               left.options.saturate == right.options.saturate;
    }
};

// The formats a lesson may use, most precise first: fp32, tf32, fp16, bf16, fp8-e4m3, fp8-e5m2.
// (fp64 is left out: its 64 bits do not fit a row of clickable bits.)
std::span<const numeric::FloatFormat> lessonFloatFormats();
std::optional<numeric::FloatFormat> findLessonFloatFormat(std::string_view name);
std::vector<std::string> lessonFloatFormatNames();

// The rounding directions a lesson may choose, by their lesson names: nearest (ties to even),
// zero, up, down.
std::vector<std::string> lessonRoundingNames();

// The `value` field of the float kinds: the text when it is a decimal number, else nothing and
// a problem. `hexHint` ends the message for a hex pattern ("; give ... as bits: ...").
std::optional<std::string> readFloatValueText(const StateField& field, std::string_view hexHint,
                                              std::vector<StateProblem>& problems);

const KindSpec<FloatState>& floatKind();

}  // namespace mlsyslab::lesson::kinds
