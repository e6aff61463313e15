#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <vector>

#include "lesson/KindSpec.h"
#include "numeric/Quantization.h"
#include "numeric/WeightDistributions.h"

namespace mlsyslab::lesson::kinds {

// ```sim quantize: synthetic FP32 weights quantized to a small integer type, with the error
// it makes and the memory it saves.
// Its fields, defaults and values: quantizeKind() below (and docs/lesson-format.md).
// Fields another setting ignores (channels per tensor, outlier_* for normal) are kept, so
// that students who switch in the simulator find the lesson's values.
inline constexpr int kQuantizeMaxCount = 1'000'000;  // drawn and quantized in under 0.1 s
inline constexpr int kQuantizeMaxChannels = 4096;
inline constexpr double kQuantizeMaxOutlierScale = 1000.0;

struct QuantizeState {
    numeric::DistributionKind distribution = numeric::DistributionKind::Normal;
    int count = 4096;
    std::uint64_t seed = 1;
    numeric::QuantizationScheme scheme = numeric::QuantizationScheme::Symmetric;
    numeric::QuantizedType dtype = numeric::QuantizedType::Int8;
    numeric::Granularity granularity = numeric::Granularity::PerTensor;
    int channels = 8;
    double outlierFraction = 0.01;
    double outlierScale = 10.0;

    friend bool operator==(const QuantizeState&, const QuantizeState&) = default;
};

// What the engines take from a state.
numeric::WeightDistribution weightDistributionOf(const QuantizeState& state);
numeric::QuantizationSpec quantizationSpecOf(const QuantizeState& state);

const KindSpec<QuantizeState>& quantizeKind();

}  // namespace mlsyslab::lesson::kinds
