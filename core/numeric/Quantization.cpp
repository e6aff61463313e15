#include "numeric/Quantization.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace mlsyslab::numeric {

namespace {

// Bytes of the FP32 scale stored with every row, and of an affine zero point.
constexpr std::size_t kScaleBytes = 4;
constexpr std::size_t kZeroPointBytes = 1;

struct NamedType {
    std::string_view name;
    QuantizedType type;
    int bits;
    bool isSigned;
};
constexpr std::array<NamedType, 4> kTypes = {{{"int8", QuantizedType::Int8, 8, true},
                                              {"uint8", QuantizedType::UInt8, 8, false},
                                              {"int4", QuantizedType::Int4, 4, true},
                                              {"uint4", QuantizedType::UInt4, 4, false}}};

const NamedType& describe(QuantizedType type) {
    for (const NamedType& known : kTypes) {
        if (known.type == type) return known;
    }
    return kTypes[0];
}

// The largest code magnitude of the symmetric restricted range: 127 for 8 bits, 7 for 4.
int symmetricHalfRange(QuantizedType type) { return (1 << (bitCount(type) - 1)) - 1; }

// The code that stands for 0.0 in the symmetric scheme: 0, or the middle code when unsigned.
int symmetricZeroPoint(QuantizedType type) {
    return isSignedType(type) ? 0 : 1 << (bitCount(type) - 1);
}

}  // namespace

std::string_view quantizedTypeName(QuantizedType type) { return describe(type).name; }

std::optional<QuantizedType> quantizedTypeNamed(std::string_view name) {
    for (const NamedType& known : kTypes) {
        if (known.name == name) return known.type;
    }
    return std::nullopt;
}

std::string_view schemeName(QuantizationScheme scheme) {
    return scheme == QuantizationScheme::Symmetric ? "symmetric" : "affine";
}

std::optional<QuantizationScheme> schemeNamed(std::string_view name) {
    if (name == "symmetric") return QuantizationScheme::Symmetric;
    if (name == "affine") return QuantizationScheme::Affine;
    return std::nullopt;
}

std::string_view granularityName(Granularity granularity) {
    return granularity == Granularity::PerTensor ? "tensor" : "channel";
}

std::optional<Granularity> granularityNamed(std::string_view name) {
    if (name == "tensor") return Granularity::PerTensor;
    if (name == "channel") return Granularity::PerChannel;
    return std::nullopt;
}

int bitCount(QuantizedType type) { return describe(type).bits; }
bool isSignedType(QuantizedType type) { return describe(type).isSigned; }

CodeRange fullCodeRange(QuantizedType type) {
    const int bits = bitCount(type);
    if (isSignedType(type)) return {-(1 << (bits - 1)), (1 << (bits - 1)) - 1};
    return {0, (1 << bits) - 1};
}

CodeRange codeRange(QuantizedType type, QuantizationScheme scheme) {
    if (scheme == QuantizationScheme::Affine) return fullCodeRange(type);
    const int zeroPoint = symmetricZeroPoint(type);
    const int half = symmetricHalfRange(type);
    return {zeroPoint - half, zeroPoint + half};
}

QuantizationParameters calibrate(double minimum, double maximum, QuantizedType type,
                                 QuantizationScheme scheme) {
    QuantizationParameters parameters;
    parameters.codes = codeRange(type, scheme);
    const CodeRange& codes = parameters.codes;
    if (scheme == QuantizationScheme::Symmetric) {
        parameters.zeroPoint = symmetricZeroPoint(type);
        const double largestMagnitude = std::max(std::abs(minimum), std::abs(maximum));
        if (largestMagnitude > 0.0) parameters.scale = largestMagnitude / symmetricHalfRange(type);
        return parameters;
    }
    // Affine: 0 must be in the range, so that it gets a code of its own and comes back exact.
    const double low = std::min(minimum, 0.0);
    const double high = std::max(maximum, 0.0);
    if (high - low > 0.0) parameters.scale = (high - low) / (codes.maximum - codes.minimum);
    const double zeroPoint = roundHalfToEven(codes.minimum - low / parameters.scale);
    parameters.zeroPoint =
        static_cast<int>(std::clamp<double>(zeroPoint, codes.minimum, codes.maximum));
    return parameters;
}

QuantizationParameters calibrate(std::span<const float> values, QuantizedType type,
                                 QuantizationScheme scheme) {
    if (values.empty()) return calibrate(0.0, 0.0, type, scheme);
    const auto [lowest, highest] = std::minmax_element(values.begin(), values.end());
    return calibrate(*lowest, *highest, type, scheme);
}

double roundHalfToEven(double value) {
    const double below = std::floor(value);
    // Exact (Sterbenz) except for tiny negative values, where the rounding cannot move the
    // fraction across 0.5.
    const double fraction = value - below;
    if (fraction < 0.5) return below;
    if (fraction > 0.5) return below + 1.0;
    return std::fmod(below, 2.0) == 0.0 ? below : below + 1.0;
}

int quantize(double value, const QuantizationParameters& parameters) {
    const double code = roundHalfToEven(value / parameters.scale) + parameters.zeroPoint;
    // Clamp in double first: a far outlier's code would overflow an int.
    return static_cast<int>(
        std::clamp<double>(code, parameters.codes.minimum, parameters.codes.maximum));
}

double dequantize(int code, const QuantizationParameters& parameters) {
    return (code - parameters.zeroPoint) * parameters.scale;
}

QuantizedTensor quantizeTensor(std::span<const float> values, const QuantizationSpec& spec) {
    QuantizedTensor tensor;
    const std::size_t count = values.size();
    std::size_t rows = 1;
    if (spec.granularity == Granularity::PerChannel && count > 0) {
        rows =
            std::clamp<std::size_t>(static_cast<std::size_t>(std::max(spec.channels, 1)), 1, count);
    }
    tensor.codes.resize(count);
    tensor.dequantized.resize(count);
    for (std::size_t row = 0; row < rows; ++row) {
        ChannelQuantization channel;
        channel.begin = row * count / rows;
        channel.end = (row + 1) * count / rows;
        const auto rowValues = values.subspan(channel.begin, channel.end - channel.begin);
        channel.parameters = calibrate(rowValues, spec.type, spec.scheme);
        for (std::size_t index = channel.begin; index < channel.end; ++index) {
            const int code = quantize(values[index], channel.parameters);
            tensor.codes[index] = code;
            tensor.dequantized[index] = static_cast<float>(dequantize(code, channel.parameters));
        }
        tensor.channels.push_back(channel);
    }
    return tensor;
}

int usedCodeCount(const QuantizedTensor& tensor, std::size_t channel) {
    if (channel >= tensor.channels.size()) return 0;
    const ChannelQuantization& row = tensor.channels[channel];
    const CodeRange& codes = row.parameters.codes;
    std::vector<bool> used(static_cast<std::size_t>(codes.count()), false);
    int distinct = 0;
    for (std::size_t index = row.begin; index < row.end; ++index) {
        const auto slot = static_cast<std::size_t>(tensor.codes[index] - codes.minimum);
        if (!used[slot]) {
            used[slot] = true;
            ++distinct;
        }
    }
    return distinct;
}

ErrorStatistics errorStatistics(std::span<const float> original,
                                std::span<const float> reconstructed) {
    ErrorStatistics statistics;
    const std::size_t count = std::min(original.size(), reconstructed.size());
    double signalEnergy = 0.0;
    double noiseEnergy = 0.0;
    for (std::size_t index = 0; index < count; ++index) {
        const double value = original[index];
        const double error = double(reconstructed[index]) - value;
        signalEnergy += value * value;
        noiseEnergy += error * error;
        statistics.maxAbsoluteError = std::max(statistics.maxAbsoluteError, std::abs(error));
    }
    if (count > 0) statistics.meanSquaredError = noiseEnergy / double(count);
    statistics.sqnrDecibels = noiseEnergy == 0.0 ? std::numeric_limits<double>::infinity()
                                                 : 10.0 * std::log10(signalEnergy / noiseEnergy);
    return statistics;
}

std::size_t codeStorageBytes(std::size_t count, QuantizedType type) {
    return (count * static_cast<std::size_t>(bitCount(type)) + 7) / 8;
}

std::size_t parameterStorageBytes(const QuantizationSpec& spec, std::size_t channelCount) {
    const std::size_t perRow =
        kScaleBytes + (spec.scheme == QuantizationScheme::Affine ? kZeroPointBytes : 0);
    return channelCount * perRow;
}

}  // namespace mlsyslab::numeric
