#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace mlsyslab::numeric {

// "Does my model fit in memory?" (lecture "Systems for ML"): model memory = number of
// parameters × bytes per parameter. Sizes are decimal gigabytes (1 GB = 10^9 bytes), as the
// slides, GPU data sheets and disk makers write them; GiB (2^30 bytes) is what operating
// systems often show, 7.4 % more per unit.

enum class ParameterType { FP32, FP16, BF16, FP8, INT8, INT4 };

struct ParameterTypeInfo {
    ParameterType type;
    std::string_view name;     // "FP32", "INT4", as on the slides
    double bytesPerParameter;  // the width in bits / 8; INT4 packs two values in a byte
};

// Every type, widest first.
std::span<const ParameterTypeInfo> parameterTypes();
const ParameterTypeInfo& parameterTypeInfo(ParameterType type);
double bytesPerParameter(ParameterType type);
std::optional<ParameterType> parameterTypeNamed(std::string_view name);  // "FP32", "fp32"

inline constexpr double kBytesPerGB = 1e9;
inline constexpr double kBytesPerTB = 1e12;
inline constexpr double kBytesPerGiB = 1073741824.0;  // 2^30

double modelBytes(double parameterCount, ParameterType type);
inline double toGB(double bytes) { return bytes / kBytesPerGB; }
inline double toGiB(double bytes) { return bytes / kBytesPerGiB; }

// Training with Adam, everything at one precision: the weights, their gradients, and Adam's
// two running averages (mean and variance of the gradient) for every parameter: 4 copies.
// The slide's rule of thumb: "for training multiply by ~4x". (It leaves out activations,
// which grow with the batch, and the FP32 master weights that mixed precision adds.)
inline constexpr int kAdamTrainingCopies = 4;
double trainingBytes(double parameterCount, ParameterType type);
// A checkpoint keeps the weights and Adam's two states, not the gradients: 3 copies
// (the slide: "8B model, FP32: ~96 GB per checkpoint").
inline constexpr int kAdamCheckpointCopies = 3;
double checkpointBytes(double parameterCount, ParameterType type);

// The models of the lecture's tables. Parameter counts are the round numbers in their names,
// as the slides use them: Llama 3 8B has 8.03 × 10^9 parameters and 70B 70.6 × 10^9 (Meta's
// model cards), but the slides' 16 GB and 140 GB come from 8.0 × 10^9 and 70.0 × 10^9.
struct ModelSize {
    std::string_view name;
    double parameterCount;
};
inline constexpr ModelSize kLlama3_8B{"Llama 3 8B", 8.0e9};
inline constexpr ModelSize kLlama3_70B{"Llama 3 70B", 70.0e9};
// DeepSeek-V3 (DeepSeek-AI, arXiv:2412.19437): 671 × 10^9 parameters, 37 × 10^9 active per
// token. Note: the slide's "~170 GB" for INT4 is about 2 bits per parameter; 4 bits give
// 335.5 GB.
inline constexpr ModelSize kDeepSeekV3{"DeepSeek V3 671B", 671.0e9};
std::span<const ModelSize> lectureModels();

// One row of a "does it fit" table: a type, and the bytes of each model in it.
struct MemoryTableRow {
    ParameterType type;
    std::vector<double> bytesPerModel;
};
std::vector<MemoryTableRow> memoryTable(std::span<const ModelSize> models,
                                        std::span<const ParameterType> types);

}  // namespace mlsyslab::numeric
