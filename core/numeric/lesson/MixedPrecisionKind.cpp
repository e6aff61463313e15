#include "numeric/lesson/MixedPrecisionKind.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "lesson/KindFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

// `rangeAndExample` finishes the message: "from 0 to 3 (1.5: ...)".
std::optional<double> readNumber(const std::string& name, const StateField& field, double minimum,
                                 double maximum, std::string_view rangeAndExample,
                                 std::vector<StateProblem>& problems) {
    const auto number = parseFiniteDecimal(scalarText(field));
    if (number && *number >= minimum && *number <= maximum) return number;
    addStateError(problems, field.problemMark(),
                  concat(name, " must be a number ", rangeAndExample));
    return std::nullopt;
}

// The formats as choiceField takes them, by name.
std::vector<std::pair<std::string, numeric::FloatFormat>> formatChoices() {
    std::vector<std::pair<std::string, numeric::FloatFormat>> choices;
    for (const auto& format : mixedPrecisionFormats()) choices.emplace_back(format.name, format);
    return choices;
}

}  // namespace

std::vector<numeric::FloatFormat> mixedPrecisionFormats() {
    return {numeric::kFp16, numeric::kBf16};
}

const KindSpec<MixedPrecisionState>& mixedPrecisionKind() {
    static const KindSpec<MixedPrecisionState> spec{
        "mixed-precision",
        "loss scaling for FP16/BF16 training: synthetic gradients scaled, cast, and divided "
        "back in FP32; how many underflow to zero, stay subnormal or overflow",
        "the mixed-precision state must be fields like "
        "'format: fp16' and 'loss_scale: 1024', one per line",
        "",
        {
            choiceField<MixedPrecisionState, numeric::FloatFormat>(
                "format", &MixedPrecisionState::format, formatChoices(),
                "`fp16` or `bf16`: the format the gradients are cast to"),
            customField<MixedPrecisionState>(
                "loss_scale", "`1`",
                "S, any number from 1e-30 to 1e30 (`1024`, `1000`, `65536`; below 1 scales down). "
                "The slider shows the nearest power of two from 2⁰ to 2²⁴",
                [](const StateField& field, MixedPrecisionState& state,
                   std::vector<StateProblem>& problems) {
                    state.lossScale =
                        readNumber("loss_scale", field, kMixedPrecisionMinLossScale,
                                   kMixedPrecisionMaxLossScale,
                                   "from 1e-30 to 1e30, like 1024 or 1000 (the loss is "
                                   "multiplied by it)",
                                   problems)
                            .value_or(state.lossScale);
                }),
            wholeNumberField("count", &MixedPrecisionState::count, 1, kMixedPrecisionMaxCount,
                             "how many gradients, 1 to 1000000"),
            // Every 64-bit value is a seed, so no number above the range can be refused.
            customField<MixedPrecisionState>("seed", "`1`",
                                             "a whole number from 0 to 18446744073709551615; the "
                                             "same seed gives the same gradients",
                                             [](const StateField& field, MixedPrecisionState& state,
                                                std::vector<StateProblem>& problems) {
                                                 state.seed =
                                                     readWholeNumberField("seed", field, 0,
                                                                          UINT64_MAX, problems)
                                                         .value_or(state.seed);
                                             }),
            customField<MixedPrecisionState>(
                "log10_mean", "`-7`", "the typical magnitude in decades, −12 to 2 (−7: about 1e-7)",
                [](const StateField& field, MixedPrecisionState& state,
                   std::vector<StateProblem>& problems) {
                    state.distribution.log10Mean =
                        readNumber("log10_mean", field, kMixedPrecisionMinLog10Mean,
                                   kMixedPrecisionMaxLog10Mean,
                                   "from -12 to 2 (-7 makes the typical gradient 1e-7)", problems)
                            .value_or(state.distribution.log10Mean);
                }),
            customField<MixedPrecisionState>(
                "log10_sd", "`1.5`", "the spread in decades, 0 to 3",
                [](const StateField& field, MixedPrecisionState& state,
                   std::vector<StateProblem>& problems) {
                    state.distribution.log10StandardDeviation =
                        readNumber("log10_sd", field, 0.0, kMixedPrecisionMaxLog10StandardDeviation,
                                   "from 0 to 3 (the spread in decades: 1.5 puts two thirds of "
                                   "the gradients within 1.5 decades of the mean)",
                                   problems)
                            .value_or(state.distribution.log10StandardDeviation);
                }),
        },
        nullptr};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(mixedPrecisionKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
