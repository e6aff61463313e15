#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <vector>

#include "lesson/KindSpec.h"
#include "numeric/FloatFormat.h"
#include "numeric/MixedPrecision.h"

namespace mlsyslab::lesson::kinds {

// ```sim mixed-precision: synthetic FP32 gradients cast to FP16 or BF16 after loss scaling:
// how many become zero, subnormal or infinity, and how many survive dividing by S in FP32.
// Its fields, defaults and values: mixedPrecisionKind() below (and docs/lesson-format.md).
// The distribution is the engine's (numeric/MixedPrecision.h): log10|g| ~ N(log10_mean,
// log10_sd); its bounds keep six standard deviations inside FP32's normal range.
inline constexpr int kMixedPrecisionMaxCount = 1'000'000;  // one recomputation in ~0.1 s
inline constexpr int kMixedPrecisionDefaultCount = 10'000;
// The scale must be a normal FP32 number: the optimizer divides by it in FP32.
inline constexpr double kMixedPrecisionMinLossScale = 1e-30;
inline constexpr double kMixedPrecisionMaxLossScale = 1e30;
inline constexpr double kMixedPrecisionMinLog10Mean = -12.0;
inline constexpr double kMixedPrecisionMaxLog10Mean = 2.0;
inline constexpr double kMixedPrecisionMaxLog10StandardDeviation = 3.0;

struct MixedPrecisionState {
    numeric::FloatFormat format = numeric::kFp16;  // fp16 or bf16
    double lossScale = 1.0;
    int count = kMixedPrecisionDefaultCount;
    std::uint64_t seed = 1;
    numeric::GradientDistribution distribution;

    friend bool operator==(const MixedPrecisionState&, const MixedPrecisionState&) = default;
};

// The formats the simulator offers, in the order of its selector: fp16, bf16.
std::vector<numeric::FloatFormat> mixedPrecisionFormats();

const KindSpec<MixedPrecisionState>& mixedPrecisionKind();

}  // namespace mlsyslab::lesson::kinds
