#include "numeric/WeightDistributions.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>

namespace mlsyslab::numeric {

namespace {

constexpr double kTwoToMinus53 = 1.0 / 9007199254740992.0;  // 2^-53: one step of a 53-bit draw

std::vector<double> normalValues(SeededRandom& random, std::size_t count, double mean,
                                 double standardDeviation) {
    std::vector<double> values(count);
    for (double& value : values) value = mean + standardDeviation * random.standardNormal();
    return values;
}

// Picks `chosen` distinct indices of 0..count-1 by a partial Fisher–Yates shuffle, which takes
// one draw per pick and treats every subset alike.
std::vector<std::size_t> distinctIndices(SeededRandom& random, std::size_t count,
                                         std::size_t chosen) {
    std::vector<std::size_t> indices(count);
    std::iota(indices.begin(), indices.end(), std::size_t{0});
    for (std::size_t pick = 0; pick < chosen; ++pick) {
        const std::size_t other = pick + static_cast<std::size_t>(random.below(count - pick));
        std::swap(indices[pick], indices[other]);
    }
    indices.resize(chosen);
    return indices;
}

}  // namespace

std::string_view distributionName(DistributionKind kind) {
    switch (kind) {
        case DistributionKind::Normal:
            return "normal";
        case DistributionKind::Uniform:
            return "uniform";
        case DistributionKind::Outliers:
            return "outliers";
    }
    return "normal";
}

std::optional<DistributionKind> distributionNamed(std::string_view name) {
    for (const auto kind :
         {DistributionKind::Normal, DistributionKind::Uniform, DistributionKind::Outliers}) {
        if (distributionName(kind) == name) return kind;
    }
    return std::nullopt;
}

double SeededRandom::uniformClosedOpen() { return double(next() >> 11) * kTwoToMinus53; }

double SeededRandom::uniformOpenClosed() { return double((next() >> 11) + 1) * kTwoToMinus53; }

std::uint64_t SeededRandom::below(std::uint64_t bound) {
    // Accept only draws under the largest multiple of bound, so every remainder is equally likely.
    const std::uint64_t rejectFrom = std::uint64_t(0) - (std::uint64_t(0) - bound) % bound;
    for (;;) {
        const std::uint64_t draw = next();
        if (rejectFrom == 0 || draw < rejectFrom) return draw % bound;
    }
}

double SeededRandom::standardNormal() {
    if (spareNormal_) {
        const double spare = *spareNormal_;
        spareNormal_.reset();
        return spare;
    }
    // u1 in (0, 1] keeps log finite; u2 in [0, 1) covers the circle once.
    const double radius = std::sqrt(-2.0 * std::log(uniformOpenClosed()));
    const double angle = 2.0 * std::numbers::pi * uniformClosedOpen();
    spareNormal_ = radius * std::sin(angle);
    return radius * std::cos(angle);
}

std::size_t outlierCount(const WeightDistribution& distribution, std::size_t count) {
    const double fraction = std::clamp(distribution.outlierFraction, 0.0, 1.0);
    return std::min(count, static_cast<std::size_t>(std::llround(fraction * double(count))));
}

std::vector<float> generateWeights(const WeightDistribution& distribution, std::size_t count,
                                   std::uint64_t seed) {
    SeededRandom random(seed);
    std::vector<double> values;
    if (distribution.kind == DistributionKind::Uniform) {
        values.resize(count);
        const double width = distribution.high - distribution.low;
        for (double& value : values) value = distribution.low + width * random.uniformClosedOpen();
    } else {
        values = normalValues(random, count, distribution.mean, distribution.standardDeviation);
    }
    if (distribution.kind == DistributionKind::Outliers) {
        for (const std::size_t index :
             distinctIndices(random, count, outlierCount(distribution, count))) {
            values[index] =
                distribution.mean + (values[index] - distribution.mean) * distribution.outlierScale;
        }
    }
    // FP32, as weights are stored; the draws were made in double.
    std::vector<float> weights(count);
    std::transform(values.begin(), values.end(), weights.begin(),
                   [](double value) { return static_cast<float>(value); });
    return weights;
}

}  // namespace mlsyslab::numeric
