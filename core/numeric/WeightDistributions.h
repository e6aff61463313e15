#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

namespace mlsyslab::numeric {

// Synthetic FP32 weights for the quantization simulator, the same on every platform for the
// same seed. The standard's distributions (std::normal_distribution, even
// std::uniform_real_distribution) may use different algorithms in different standard
// libraries; only the engine's sequence is specified (std::mt19937_64: its 10000th output is
// 9981545732273789042, [rand.predef]). So every draw below is built from raw 64-bit outputs.
// std::log, std::cos and std::sin are not required to be correctly rounded; a platform that
// differs does so in the last bit of a double, which rounding to FP32 hides in all but about
// one value in 2^29.

enum class DistributionKind {
    Normal,    // normal(mean, standard deviation): trained weights look roughly like this
    Uniform,   // uniform(low, high): the textbook case, every level equally used
    Outliers,  // normal, with a fraction of the values scaled k times farther from the mean
};

// Lesson names: "normal", "uniform", "outliers".
std::string_view distributionName(DistributionKind kind);
std::optional<DistributionKind> distributionNamed(std::string_view name);

struct WeightDistribution {
    DistributionKind kind = DistributionKind::Normal;
    double mean = 0.0;
    double standardDeviation = 1.0;
    double low = -1.0;  // uniform
    double high = 1.0;
    // Outliers: exactly round(fraction * count) values, at random places, scaled by k.
    // LLM.int8() (Dettmers et al., 2022) found large-magnitude features in a small fraction
    // of dimensions; 1 % at 10x makes their effect on per-tensor scales visible.
    double outlierFraction = 0.01;
    double outlierScale = 10.0;
};

// Draws from std::mt19937_64 with our own, specified conversions.
class SeededRandom {
public:
    explicit SeededRandom(std::uint64_t seed) : engine_(seed) {}

    std::uint64_t next() { return engine_(); }
    // Uniform in [0, 1) and in (0, 1]: the top 53 bits of one output, times 2^-53.
    double uniformClosedOpen();
    double uniformOpenClosed();
    // Uniform in [0, bound), bound > 0, without modulo bias (rejection sampling).
    std::uint64_t below(std::uint64_t bound);
    // Standard normal by the Box–Muller transform; pairs are used in order (cos, then sin).
    double standardNormal();

private:
    std::mt19937_64 engine_;
    std::optional<double> spareNormal_;
};

std::vector<float> generateWeights(const WeightDistribution& distribution, std::size_t count,
                                   std::uint64_t seed);

// How many values the outlier distribution scales: round(fraction * count), within 0..count.
std::size_t outlierCount(const WeightDistribution& distribution, std::size_t count);

}  // namespace mlsyslab::numeric
