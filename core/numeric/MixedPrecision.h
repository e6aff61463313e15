#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "numeric/FloatFormat.h"

namespace mlsyslab::numeric {

// Loss scaling in mixed-precision training (Micikevicius et al., "Mixed Precision Training",
// ICLR 2018): the loss is multiplied by S before the backward pass, so every gradient comes
// out S times larger in FP16 (or BF16); the optimizer divides by S again in FP32, on the FP32
// master copy of the weights. This engine shows what that does to a sample of gradients:
// which ones FP16 flushes to zero, keeps as subnormals (with fewer digits), keeps as normal
// numbers, or overflows to infinity, and how many come back intact after the division.
// Every conversion goes through the exact float engine (FloatEncode.h, FloatDecode.h).

// ---- Synthetic gradients -----------------------------------------------------------------

// Gradient magnitudes are log-normal: log10|g| ~ Normal(mean, standard deviation), with a
// random sign. Micikevicius et al., Fig. 3, histograms the activation gradients of an SSD
// network over many binades: much of FP16's range goes unused while many values lie below
// its smallest subnormal 2^-24 and become zero. The defaults, log10|g| ~ N(-7, 1.5), give
// the same picture: about 36 % of the values round to zero in FP16 (|g| <= 2^-25, i.e.
// log10|g| <= -7.53, is 0.35 standard deviations below the mean), about 1 % at S = 1024,
// and S = 2^24 overflows about 1 in 1000 (|g| >= 65520 / 2^24 is 3.06 standard deviations
// above the mean).
inline constexpr double kDefaultGradientLog10Mean = -7.0;
inline constexpr double kDefaultGradientLog10StandardDeviation = 1.5;

struct GradientDistribution {
    double log10Mean = kDefaultGradientLog10Mean;
    double log10StandardDeviation = kDefaultGradientLog10StandardDeviation;

    friend bool operator==(const GradientDistribution&, const GradientDistribution&) = default;
};

// `count` FP32 gradients, the same on every platform for the same seed: std::mt19937_64 with
// our own transforms (SeededRandom in WeightDistributions.h: Box–Muller for the normal draw,
// the top bit of the next output for the sign). log10|g| is clamped to [-37, 38], inside
// FP32's normal range, so no sample is 0 or infinite.
std::vector<float> generateGradients(const GradientDistribution& distribution, std::size_t count,
                                     std::uint64_t seed);

// ---- Where a format puts a scaled gradient -------------------------------------------------

enum class GradientFate {
    FlushedToZero,  // rounded to 0: the gradient is lost
    Subnormal,      // kept, with fewer significant bits than a normal number
    Normal,         // kept with the format's full precision
    Overflow,       // rounded to infinity: the step must be skipped
};
inline constexpr std::size_t kGradientFateCount = 4;

// "zero", "subnormal", "normal", "overflow".
std::string_view gradientFateName(GradientFate fate);

// The fate of a value already encoded in `format` (NaN counts as overflow: it poisons the
// step just as infinity does).
GradientFate gradientFateOf(const FloatFormat& format, std::uint64_t bits);

// A format's thresholds, and the exact magnitudes where round-to-nearest-even changes the
// fate of a value (a value exactly on a boundary is a tie; the even neighbour wins):
//   |x| <= flushToZeroUpTo            -> 0          (half the smallest subnormal; ties to 0)
//   flushToZeroUpTo < |x| < normalFrom -> subnormal (normalFrom: halfway from the largest
//                                                    subnormal to the smallest normal)
//   normalFrom <= |x| < overflowFrom   -> normal
//   |x| >= overflowFrom                -> infinity  (the largest finite value + half its ULP)
// fp16: smallest subnormal 2^-24, smallest normal 2^-14, largest 65504, overflow from 65520.
// bf16: 2^-133, 2^-126, (2 - 2^-7) x 2^127 ~ 3.39e38, overflow from (2 - 2^-8) x 2^127.
struct FormatThresholds {
    double smallestSubnormal = 0.0;
    double smallestNormal = 0.0;
    double largestFinite = 0.0;
    double flushToZeroUpTo = 0.0;
    double normalFrom = 0.0;
    double overflowFrom = 0.0;
};
FormatThresholds formatThresholds(const FloatFormat& format);

// ---- Loss scaling ---------------------------------------------------------------------------

struct LossScalingResult {
    double scale = 1.0;
    std::size_t count = 0;
    // Indexed by GradientFate, counted on the scaled values in the target format.
    std::array<std::size_t, kGradientFateCount> fates{};
    // After dividing by S in FP32: non-zero and finite. (A gradient that was 0 before scaling
    // would count as lost; the generator makes none.)
    std::size_t recovered = 0;
    // |unscaled - g| / |g| over the recovered gradients.
    double medianRelativeError = 0.0;
    double maximumRelativeError = 0.0;

    std::size_t countOf(GradientFate fate) const { return fates[std::size_t(fate)]; }
    // count == 0 gives 0.
    double shareOf(GradientFate fate) const;
    double recoveredShare() const;
};

// Multiplies each FP32 gradient by `scale` (exactly, in double), rounds it once to `format`
// (round to nearest, ties to even, overflow to infinity), classifies it, then converts it back
// to FP32 and divides by float(scale) in FP32, as the optimizer does on the master weights.
// scale must be positive and finite as a float.
LossScalingResult simulateLossScaling(const FloatFormat& format, std::span<const float> gradients,
                                      double scale);

// The largest power-of-two scale 2^k, k <= maxExponent, at which no gradient overflows; nothing
// when even 2^minExponent overflows. Only the largest magnitude matters (rounding is
// monotonic), so this checks it alone. This is where dynamic loss scaling settles: PyTorch's
// GradScaler (torch.cuda.amp) halves S whenever a step produces inf/NaN (the step is skipped)
// and doubles it after 2000 steps without one, so for gradients like these it ends at this
// power of two, with an occasional failed try at twice it.
std::optional<int> largestSafeScaleExponent(const FloatFormat& format,
                                            std::span<const float> gradients, int minExponent,
                                            int maxExponent);

// ---- Histogram over log10|g| ----------------------------------------------------------------

struct Log10Histogram {
    double low = 0.0;            // log10 of the left edge of bin 0
    double binWidth = 1.0;       // in decades
    std::vector<double> shares;  // per bin: values in it / all values (0 to 1)
    std::size_t zeros = 0;       // values that are 0 (no logarithm)
    std::size_t below = 0;       // non-zero values left of `low`
    std::size_t above = 0;       // values right of the last bin (infinities included)
    double binCenter(std::size_t bin) const { return low + (double(bin) + 0.5) * binWidth; }
};

// Bins of equal width over [low, high] of log10(|value| x scale), computed in double so the
// scaled histogram is the unscaled one moved right by log10(scale). low < high, bins >= 1,
// else one bin of one decade at low.
Log10Histogram log10Histogram(std::span<const float> values, double scale, double low, double high,
                              int bins);

// The smallest and largest log10|value| over the non-zero finite values; nothing if none.
struct Log10Span {
    double smallest = 0.0;
    double largest = 0.0;
};
std::optional<Log10Span> log10MagnitudeSpan(std::span<const float> values);

}  // namespace mlsyslab::numeric
