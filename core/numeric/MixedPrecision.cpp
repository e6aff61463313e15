#include "numeric/MixedPrecision.h"

#include <algorithm>
#include <cmath>

#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"
#include "numeric/FloatQueries.h"
#include "numeric/WeightDistributions.h"

namespace mlsyslab::numeric {

namespace {

// FP32's normal range in decades: smallest normal 2^-126 ~ 1.18e-38, largest ~ 3.40e38.
constexpr double kLowestFloatLog10 = -37.0;
constexpr double kHighestFloatLog10 = 38.0;

double shareOfCount(std::size_t part, std::size_t whole) {
    return whole == 0 ? 0.0 : double(part) / double(whole);
}

// The median of the values (the mean of the middle two for an even count); reorders them.
double medianOf(std::vector<double>& values) {
    if (values.empty()) return 0.0;
    const std::size_t middle = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(middle), values.end());
    const double upper = values[middle];
    if (values.size() % 2 == 1) return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + std::ptrdiff_t(middle));
    return (lower + upper) / 2.0;
}

bool overflows(const FloatFormat& format, double value) {
    return gradientFateOf(format, encodeDouble(format, value)) == GradientFate::Overflow;
}

}  // namespace

std::vector<float> generateGradients(const GradientDistribution& distribution, std::size_t count,
                                     std::uint64_t seed) {
    SeededRandom random(seed);
    std::vector<float> gradients(count);
    for (float& gradient : gradients) {
        const double log10Magnitude = std::clamp(
            distribution.log10Mean + distribution.log10StandardDeviation * random.standardNormal(),
            kLowestFloatLog10, kHighestFloatLog10);
        const bool negative = (random.next() >> 63) != 0;
        const auto magnitude = static_cast<float>(std::pow(10.0, log10Magnitude));
        gradient = negative ? -magnitude : magnitude;
    }
    return gradients;
}

std::string_view gradientFateName(GradientFate fate) {
    switch (fate) {
        case GradientFate::FlushedToZero:
            return "zero";
        case GradientFate::Subnormal:
            return "subnormal";
        case GradientFate::Normal:
            return "normal";
        case GradientFate::Overflow:
            return "overflow";
    }
    return "normal";
}

GradientFate gradientFateOf(const FloatFormat& format, std::uint64_t bits) {
    switch (decodeFloat(format, bits).floatClass) {
        case FloatClass::Zero:
            return GradientFate::FlushedToZero;
        case FloatClass::Subnormal:
            return GradientFate::Subnormal;
        case FloatClass::Normal:
            return GradientFate::Normal;
        case FloatClass::Infinity:
        case FloatClass::Nan:
            return GradientFate::Overflow;
    }
    return GradientFate::Normal;
}

FormatThresholds formatThresholds(const FloatFormat& format) {
    const FormatRange range = formatRange(format);
    FormatThresholds thresholds;
    thresholds.smallestSubnormal = range.minSubnormal;
    thresholds.smallestNormal = range.minNormal;
    thresholds.largestFinite = range.maxFinite;
    // Subnormals are spaced by the smallest subnormal, so each boundary is half a step away.
    thresholds.flushToZeroUpTo = range.minSubnormal / 2.0;
    thresholds.normalFrom = range.minNormal - range.minSubnormal / 2.0;
    thresholds.overflowFrom = range.maxFinite + unitInLastPlace(format, range.maxFinite) / 2.0;
    return thresholds;
}

double LossScalingResult::shareOf(GradientFate fate) const {
    return shareOfCount(countOf(fate), count);
}

double LossScalingResult::recoveredShare() const { return shareOfCount(recovered, count); }

LossScalingResult simulateLossScaling(const FloatFormat& format, std::span<const float> gradients,
                                      double scale) {
    LossScalingResult result;
    result.scale = scale;
    result.count = gradients.size();
    const auto scaleInFloat = static_cast<float>(scale);
    std::vector<double> relativeErrors;
    relativeErrors.reserve(gradients.size());
    for (const float gradient : gradients) {
        // A float times a double with at most 53 - 24 significant bits is exact; any other
        // scale is rounded once here, far below the target format's precision.
        const std::uint64_t bits = encodeDouble(format, double(gradient) * scale);
        const GradientFate fate = gradientFateOf(format, bits);
        ++result.fates[std::size_t(fate)];
        if (fate == GradientFate::Overflow || fate == GradientFate::FlushedToZero) continue;
        // FP16 and BF16 values are floats exactly; the division rounds as FP32 hardware does.
        const float unscaled = static_cast<float>(decodeFloat(format, bits).value) / scaleInFloat;
        if (unscaled == 0.0f || !std::isfinite(unscaled) || gradient == 0.0f) continue;
        ++result.recovered;
        relativeErrors.push_back(std::abs(double(unscaled) - double(gradient)) /
                                 std::abs(double(gradient)));
    }
    if (!relativeErrors.empty()) {
        result.maximumRelativeError =
            *std::max_element(relativeErrors.begin(), relativeErrors.end());
        result.medianRelativeError = medianOf(relativeErrors);
    }
    return result;
}

std::optional<int> largestSafeScaleExponent(const FloatFormat& format,
                                            std::span<const float> gradients, int minExponent,
                                            int maxExponent) {
    double largestMagnitude = 0.0;
    for (const float gradient : gradients) {
        if (std::isfinite(gradient)) {
            largestMagnitude = std::max(largestMagnitude, std::abs(double(gradient)));
        }
    }
    for (int exponent = maxExponent; exponent >= minExponent; --exponent) {
        if (!overflows(format, std::ldexp(largestMagnitude, exponent))) return exponent;
    }
    return std::nullopt;
}

Log10Histogram log10Histogram(std::span<const float> values, double scale, double low, double high,
                              int bins) {
    Log10Histogram histogram;
    histogram.low = low;
    if (!(high > low) || bins < 1) {
        bins = 1;
        high = low + 1.0;
    }
    histogram.binWidth = (high - low) / bins;
    std::vector<std::size_t> counts(static_cast<std::size_t>(bins), 0);
    for (const float value : values) {
        if (value == 0.0f) {
            ++histogram.zeros;
            continue;
        }
        const double magnitude = std::abs(double(value)) * scale;
        const double log10Magnitude = std::isfinite(magnitude) ? std::log10(magnitude) : high + 1;
        if (log10Magnitude < low) {
            ++histogram.below;
        } else if (log10Magnitude > high || std::isnan(log10Magnitude)) {
            ++histogram.above;
        } else {
            const auto bin = std::min<std::size_t>(
                static_cast<std::size_t>((log10Magnitude - low) / histogram.binWidth),
                counts.size() - 1);
            ++counts[bin];
        }
    }
    histogram.shares.reserve(counts.size());
    for (const std::size_t count : counts) {
        histogram.shares.push_back(shareOfCount(count, values.size()));
    }
    return histogram;
}

std::optional<Log10Span> log10MagnitudeSpan(std::span<const float> values) {
    std::optional<Log10Span> span;
    for (const float value : values) {
        if (value == 0.0f || !std::isfinite(value)) continue;
        const double log10Magnitude = std::log10(std::abs(double(value)));
        if (!span) {
            span = Log10Span{log10Magnitude, log10Magnitude};
        } else {
            span->smallest = std::min(span->smallest, log10Magnitude);
            span->largest = std::max(span->largest, log10Magnitude);
        }
    }
    return span;
}

}  // namespace mlsyslab::numeric
