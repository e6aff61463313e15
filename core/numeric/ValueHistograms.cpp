#include "numeric/ValueHistograms.h"

#include <algorithm>
#include <cmath>

namespace mlsyslab::numeric {

DensityHistogram densityHistogram(std::span<const float> values, double low, double high,
                                  int bins) {
    DensityHistogram histogram;
    histogram.low = low;
    if (!(high > low) || bins < 1) {
        bins = 1;
        high = low + 1.0;
    }
    histogram.binWidth = (high - low) / bins;
    std::vector<std::size_t> counts(static_cast<std::size_t>(bins), 0);
    for (const float value : values) {
        if (!(value >= low && value <= high)) continue;
        const auto bin = std::min<std::size_t>(
            static_cast<std::size_t>((value - low) / histogram.binWidth), counts.size() - 1);
        ++counts[bin];
    }
    const double scale = values.empty() ? 0.0 : 1.0 / (double(values.size()) * histogram.binWidth);
    histogram.densities.reserve(counts.size());
    for (const std::size_t count : counts) histogram.densities.push_back(double(count) * scale);
    return histogram;
}

int freedmanDiaconisBinCount(std::span<const float> values, double low, double high, int minimum,
                             int maximum) {
    if (values.size() < 4 || !(high > low)) return minimum;
    std::vector<float> sorted(values.begin(), values.end());
    const auto quartile = [&](double fraction) {
        const auto index = static_cast<std::size_t>(fraction * double(sorted.size() - 1));
        std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(index), sorted.end());
        return double(sorted[index]);
    };
    const double interquartileRange = quartile(0.75) - quartile(0.25);
    const double width = 2.0 * interquartileRange / std::cbrt(double(values.size()));
    if (!(width > 0.0)) return minimum;
    const double bins = std::ceil((high - low) / width);
    return static_cast<int>(std::clamp(bins, double(minimum), double(maximum)));
}

std::vector<QuantizedLevel> occupiedLevels(const QuantizedTensor& tensor) {
    std::vector<QuantizedLevel> levels;
    for (const ChannelQuantization& row : tensor.channels) {
        const QuantizationParameters& parameters = row.parameters;
        const double rowCount = double(row.end - row.begin);
        std::vector<std::size_t> counts(static_cast<std::size_t>(parameters.codes.count()), 0);
        for (std::size_t index = row.begin; index < row.end; ++index) {
            ++counts[static_cast<std::size_t>(tensor.codes[index] - parameters.codes.minimum)];
        }
        for (std::size_t slot = 0; slot < counts.size(); ++slot) {
            if (counts[slot] == 0) continue;
            const int code = parameters.codes.minimum + static_cast<int>(slot);
            levels.push_back(
                {dequantize(code, parameters), double(counts[slot]) / rowCount / parameters.scale});
        }
    }
    std::sort(levels.begin(), levels.end(),
              [](const QuantizedLevel& left, const QuantizedLevel& right) {
                  return left.value < right.value;
              });
    return levels;
}

int levelsPerBin(const QuantizationParameters& parameters, double binWidth) {
    if (!(parameters.scale > 0.0) || !(binWidth > 0.0)) return 1;
    const double wanted = binWidth / parameters.scale;
    if (wanted <= 1.0) return 1;
    const int codeCount = parameters.codes.count();
    int best = 1;
    for (int divisor = 2; divisor <= codeCount; ++divisor) {
        if (codeCount % divisor != 0) continue;
        if (std::abs(std::log(divisor / wanted)) < std::abs(std::log(best / wanted))) {
            best = divisor;
        }
    }
    return best;
}

StepDensity quantizedDensity(const QuantizedTensor& tensor, double binWidth) {
    // Each occupied bin of each row adds its density on its interval; a sweep over the
    // interval ends adds them up.
    struct Change {
        double at;
        double density;
    };
    std::vector<Change> changes;
    const double total = double(tensor.codes.size());
    for (const ChannelQuantization& row : tensor.channels) {
        const QuantizationParameters& parameters = row.parameters;
        const int perBin = levelsPerBin(parameters, binWidth);
        std::vector<std::size_t> counts(static_cast<std::size_t>(parameters.codes.count() / perBin),
                                        0);
        for (std::size_t index = row.begin; index < row.end; ++index) {
            ++counts[static_cast<std::size_t>((tensor.codes[index] - parameters.codes.minimum) /
                                              perBin)];
        }
        const double width = perBin * parameters.scale;
        for (std::size_t bin = 0; bin < counts.size(); ++bin) {
            if (counts[bin] == 0) continue;
            const int firstCode = parameters.codes.minimum + static_cast<int>(bin) * perBin;
            // Both ends from whole codes, so that one bin's end is bit for bit the next one's
            // start (start + width can differ in the last bit and leave a sliver of overlap).
            const double start = (firstCode - parameters.zeroPoint - 0.5) * parameters.scale;
            const double end = (firstCode + perBin - parameters.zeroPoint - 0.5) * parameters.scale;
            const double density = double(counts[bin]) / total / width;
            changes.push_back({start, density});
            changes.push_back({end, -density});
        }
    }
    std::stable_sort(changes.begin(), changes.end(),
                     [](const Change& left, const Change& right) { return left.at < right.at; });
    StepDensity step;
    double density = 0.0;
    for (std::size_t index = 0; index < changes.size();) {
        const double at = changes[index].at;
        for (; index < changes.size() && changes[index].at == at; ++index) {
            density += changes[index].density;
        }
        step.edges.push_back(at);
        // Rounding leaves crumbs of the order of 1e-16 where bins end.
        step.densities.push_back(std::abs(density) < 1e-12 ? 0.0 : density);
    }
    if (!step.densities.empty()) step.densities.pop_back();  // after the last edge: nothing
    return step;
}

DensityHistogram cellAlignedHistogram(std::span<const float> values,
                                      const QuantizationParameters& parameters, double binWidth) {
    const int perBin = levelsPerBin(parameters, binWidth);
    const int bins = parameters.codes.count() / perBin;
    const double low = (parameters.codes.minimum - parameters.zeroPoint - 0.5) * parameters.scale;
    const double width = perBin * parameters.scale;
    return densityHistogram(values, low, low + bins * width, bins);
}

std::vector<double> quantizationLevels(const QuantizationParameters& parameters) {
    std::vector<double> levels;
    levels.reserve(static_cast<std::size_t>(parameters.codes.count()));
    for (int code = parameters.codes.minimum; code <= parameters.codes.maximum; ++code) {
        levels.push_back(dequantize(code, parameters));
    }
    return levels;
}

}  // namespace mlsyslab::numeric
