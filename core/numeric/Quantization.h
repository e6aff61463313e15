#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace mlsyslab::numeric {

// Post-training quantization of FP32 weights to small integers, calibrated from min/max, as
// PyTorch's MinMaxObserver (torch.ao.quantization) and ONNX's QuantizeLinear /
// DynamicQuantizeLinear do it:
//
//   quantize     q  = clamp(round_half_even(x / scale) + zero_point, qmin, qmax)
//   dequantize   x' = (q - zero_point) * scale
//
// Two ways to choose scale and zero point from the calibration range [min, max]:
//
// - Affine ("asymmetric"; PyTorch per_tensor_affine, ONNX DynamicQuantizeLinear): the range is
//   first widened to include 0 (min' = min(min, 0), max' = max(max, 0)), so that 0 — padding,
//   ReLU outputs — is exact; then scale = (max' - min') / (qmax - qmin) and
//   zero_point = clamp(round_half_even(qmin - min' / scale), qmin, qmax). Every code is used.
// - Symmetric (TensorRT; Wu et al., "Integer Quantization for Deep Learning Inference", 2020,
//   arXiv:2004.09602, §3.1): zero_point = 0 and scale = max(|min|, |max|) / qmax_symmetric with
//   the *restricted* range -127..127 for int8 (-7..7 for int4), so +a and -a get codes of the
//   same size. The lowest code (-128, -8) is never used. PyTorch's default symmetric observer
//   differs: it divides by 127.5 and keeps -128.
//   Unsigned types shift the same codes up: uint8 has zero_point 128 and codes 1..255, uint4
//   zero_point 8 and codes 1..15 (PyTorch also puts quint8's symmetric zero point at 128).
//
// Ties round to even, as torch.round and ONNX do. Scale is kept in double here; frameworks
// keep it in FP32, which can move a value that is exactly halfway by one code.
// Degenerate ranges: when the range is 0 (all values 0, or no values) any scale represents
// the data exactly; we use scale = 1 (no division by zero) and the zero point the rule gives
// with it (affine: qmin, which then stands for 0.0; symmetric: as always). A
// constant nonzero tensor is not degenerate: its range is widened to 0 (affine) or mirrored
// (symmetric). Inputs must be finite.

enum class QuantizedType { Int8, UInt8, Int4, UInt4 };
enum class QuantizationScheme { Symmetric, Affine };
// Per tensor: one scale for all values. Per channel: the values are the rows of a matrix
// (an output channel of a linear layer each, PyTorch's per_channel_affine with axis 0), and
// every row has its own scale and zero point.
enum class Granularity { PerTensor, PerChannel };

inline constexpr QuantizedType kQuantizedTypes[] = {QuantizedType::Int8, QuantizedType::UInt8,
                                                    QuantizedType::Int4, QuantizedType::UInt4};

// Lesson and CLI names: "int8", "uint8", "int4", "uint4"; "symmetric", "affine";
// "tensor", "channel".
std::string_view quantizedTypeName(QuantizedType type);
std::optional<QuantizedType> quantizedTypeNamed(std::string_view name);
std::string_view schemeName(QuantizationScheme scheme);
std::optional<QuantizationScheme> schemeNamed(std::string_view name);
std::string_view granularityName(Granularity granularity);
std::optional<Granularity> granularityNamed(std::string_view name);

int bitCount(QuantizedType type);
bool isSignedType(QuantizedType type);

// A closed range of integer codes.
struct CodeRange {
    int minimum = 0;
    int maximum = 0;
    int count() const { return maximum - minimum + 1; }
    friend bool operator==(const CodeRange&, const CodeRange&) = default;
};

// Every code the type has: int8 -128..127, uint8 0..255, int4 -8..7, uint4 0..15.
CodeRange fullCodeRange(QuantizedType type);
// The codes a scheme uses: affine the full range, symmetric the restricted one
// (int8 -127..127, uint8 1..255, int4 -7..7, uint4 1..15).
CodeRange codeRange(QuantizedType type, QuantizationScheme scheme);

struct QuantizationParameters {
    double scale = 1.0;  // the real step between neighbouring codes
    int zeroPoint = 0;   // the code that stands for 0.0
    CodeRange codes;     // qmin..qmax
};

// Scale and zero point for data in [minimum, maximum] (minimum <= maximum, both finite).
QuantizationParameters calibrate(double minimum, double maximum, QuantizedType type,
                                 QuantizationScheme scheme);
QuantizationParameters calibrate(std::span<const float> values, QuantizedType type,
                                 QuantizationScheme scheme);

// IEEE 754 roundTiesToEven, independent of the floating-point environment's rounding mode.
double roundHalfToEven(double value);
int quantize(double value, const QuantizationParameters& parameters);
double dequantize(int code, const QuantizationParameters& parameters);

struct QuantizationSpec {
    QuantizedType type = QuantizedType::Int8;
    QuantizationScheme scheme = QuantizationScheme::Symmetric;
    Granularity granularity = Granularity::PerTensor;
    int channels = 8;  // rows of the matrix; used only per channel
};

// One row of the matrix: values [begin, end) and their parameters.
struct ChannelQuantization {
    std::size_t begin = 0;
    std::size_t end = 0;
    QuantizationParameters parameters;
};

struct QuantizedTensor {
    std::vector<ChannelQuantization> channels;  // one entry per tensor
    std::vector<int> codes;
    std::vector<float> dequantized;  // back in FP32, as torch's dequantize() returns
};

// Per channel, row c of C holds values [c*n/C, (c+1)*n/C) (integer division): equal rows
// when C divides n. C is clamped to 1..n.
QuantizedTensor quantizeTensor(std::span<const float> values, const QuantizationSpec& spec);

// How many different codes a row actually uses (with outliers, far fewer than it has).
int usedCodeCount(const QuantizedTensor& tensor, std::size_t channel);

struct ErrorStatistics {
    double maxAbsoluteError = 0.0;
    double meanSquaredError = 0.0;
    // Signal-to-quantization-noise ratio, 10 log10(sum x^2 / sum (x - x')^2) dB. +infinity
    // when nothing was lost (every x' == x, all-zero data included).
    double sqnrDecibels = 0.0;
};
// The two spans have the same length.
ErrorStatistics errorStatistics(std::span<const float> original,
                                std::span<const float> reconstructed);

// Bytes for the codes: count * bits / 8, rounded up (two int4 codes share a byte).
std::size_t codeStorageBytes(std::size_t count, QuantizedType type);
// Bytes for the parameters stored beside the codes: an FP32 scale per row (4 bytes), and for
// affine a zero point per row, one byte (ONNX stores it in the code's type; an int4 one
// still takes a byte here). Symmetric zero points are fixed and not stored.
std::size_t parameterStorageBytes(const QuantizationSpec& spec, std::size_t channelCount);

}  // namespace mlsyslab::numeric
