#include "numeric/lesson/QuantizeKind.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "lesson/KindFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::DistributionKind;
using numeric::Granularity;
using numeric::QuantizationScheme;
using numeric::QuantizedType;

const std::vector<std::string> kDistributionNames = {"normal", "uniform", "outliers"};
const std::vector<std::string> kTypeNames = {"int8", "int4", "uint8", "uint4"};
const std::vector<std::string> kSchemeNames = {"symmetric", "affine"};
const std::vector<std::string> kGranularityNames = {"tensor", "channel"};

std::optional<double> readNumber(const std::string& name, const StateField& field, double minimum,
                                 double maximum, std::string_view example,
                                 std::vector<StateProblem>& problems) {
    const auto number = parseFiniteDecimal(scalarText(field));
    if (number && *number >= minimum && *number <= maximum) return number;
    // %g-style bounds: "0 to 1", "1 to 1000".
    const auto bound = [](double value) {
        std::string text = std::to_string(value);
        text.erase(text.find_last_not_of('0') + 1);
        if (text.back() == '.') text.pop_back();
        return text;
    };
    addStateError(
        problems, field.problemMark(),
        concat(name, " must be a number from ", bound(minimum), " to ", bound(maximum), example));
    return std::nullopt;
}

// The names with the values the engine's lookup gives them, as choiceField takes them.
template <typename Value>
std::vector<std::pair<std::string, Value>> namedChoices(
    const std::vector<std::string>& names, std::optional<Value> (*lookup)(std::string_view)) {
    std::vector<std::pair<std::string, Value>> choices;
    for (const std::string& name : names) choices.emplace_back(name, *lookup(name));
    return choices;
}

void readScheme(const StateField& field, QuantizeState& state,
                std::vector<StateProblem>& problems) {
    if (scalarText(field) == "asymmetric") {
        // The usual other name for affine; "did you mean 'symmetric'" would be the opposite.
        addStateError(problems, field.problemMark(),
                      "scheme must be symmetric or affine; asymmetric quantization is called "
                      "'affine' here");
        return;
    }
    if (const auto text =
            readChoiceField("scheme", field.value, field.problemMark(), kSchemeNames, problems)) {
        if (const auto scheme = numeric::schemeNamed(*text)) state.scheme = *scheme;
    }
}

// The rows of the matrix need a weight each, so channels waits for count.
void readChannels(const StateFields& fields, QuantizeState& result,
                  std::vector<StateProblem>& problems) {
    if (const StateField* field = fields.find("channels")) {
        const auto channels =
            readWholeNumberField("channels", *field, 1, kQuantizeMaxChannels, problems);
        if (channels && *channels > std::uint64_t(result.count)) {
            addStateError(problems, field->problemMark(),
                          concat("channels: ", std::to_string(*channels), " rows need at least ",
                                 std::to_string(*channels), " weights; count is ",
                                 std::to_string(result.count)));
        } else if (channels) {
            result.channels = static_cast<int>(*channels);
        }
    }
}

}  // namespace

numeric::WeightDistribution weightDistributionOf(const QuantizeState& state) {
    numeric::WeightDistribution distribution;
    distribution.kind = state.distribution;
    distribution.outlierFraction = state.outlierFraction;
    distribution.outlierScale = state.outlierScale;
    return distribution;
}

numeric::QuantizationSpec quantizationSpecOf(const QuantizeState& state) {
    return {state.dtype, state.scheme, state.granularity, state.channels};
}

const KindSpec<QuantizeState>& quantizeKind() {
    static const KindSpec<QuantizeState> spec{
        "quantize",
        "FP32 weights quantized to int8, int4, uint8 or uint4 (symmetric or affine, per "
        "tensor or per channel): histograms, error, SQNR and memory saved",
        "the quantize state must be fields like "
        "'dtype: int8' and 'scheme: affine', one per line",
        "",
        {
            choiceField<QuantizeState, DistributionKind>(
                "distribution", &QuantizeState::distribution,
                namedChoices(kDistributionNames, numeric::distributionNamed),
                "`normal`, `uniform` or `outliers`"),
            wholeNumberField("count", &QuantizeState::count, 1, kQuantizeMaxCount,
                             "how many weights, 1 to 1000000"),
            // Every 64-bit value is a seed, so no number above the range can be refused.
            customField<QuantizeState>("seed", "`1`",
                                       "a whole number from 0 to 18446744073709551615; the same "
                                       "seed gives the same weights",
                                       [](const StateField& field, QuantizeState& state,
                                          std::vector<StateProblem>& problems) {
                                           state.seed = readWholeNumberField("seed", field, 0,
                                                                             UINT64_MAX, problems)
                                                            .value_or(state.seed);
                                       }),
            customField<QuantizeState>("scheme", "`symmetric`", "`symmetric` or `affine`",
                                       readScheme),
            choiceField<QuantizeState, QuantizedType>(
                "dtype", &QuantizeState::dtype,
                namedChoices(kTypeNames, numeric::quantizedTypeNamed),
                "`int8`, `int4`, `uint8` or `uint4`"),
            choiceField<QuantizeState, Granularity>(
                "granularity", &QuantizeState::granularity,
                namedChoices(kGranularityNames, numeric::granularityNamed),
                "`tensor` (one scale) or `channel` (one scale per row)"),
            ruleField<QuantizeState>(
                "channels", "`8`",
                "the rows of the matrix, 1 to 4096 and at most `count`; used per channel"),
            customField<QuantizeState>(
                "outlier_fraction", "`0.01`",
                "the share of weights made outliers, 0 to 1 (`0.01` is 1 %); used by `outliers`",
                [](const StateField& field, QuantizeState& state,
                   std::vector<StateProblem>& problems) {
                    state.outlierFraction = readNumber("outlier_fraction", field, 0.0, 1.0,
                                                       " (0.01 is 1 % of the weights)", problems)
                                                .value_or(state.outlierFraction);
                }),
            customField<QuantizeState>(
                "outlier_scale", "`10`",
                "how many times farther from the mean they move, 1 to 1000; used by `outliers`",
                [](const StateField& field, QuantizeState& state,
                   std::vector<StateProblem>& problems) {
                    state.outlierScale =
                        readNumber("outlier_scale", field, 1.0, kQuantizeMaxOutlierScale,
                                   " (10 puts an outlier 10 times farther out)", problems)
                            .value_or(state.outlierScale);
                }),
        },
        readChannels};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(quantizeKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
