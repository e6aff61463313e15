#include "numeric/ModelMemory.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <utility>

namespace mlsyslab::numeric {

namespace {

// Bytes per parameter: the storage width of each format (IEEE 754 binary32 and binary16,
// Google's bfloat16, OCP FP8, and the integer types), as on the slides' table.
constexpr std::array<ParameterTypeInfo, 6> kParameterTypes = {{
    {ParameterType::FP32, "FP32", 4.0},
    {ParameterType::FP16, "FP16", 2.0},
    {ParameterType::BF16, "BF16", 2.0},
    {ParameterType::FP8, "FP8", 1.0},
    {ParameterType::INT8, "INT8", 1.0},
    {ParameterType::INT4, "INT4", 0.5},
}};

constexpr std::array<ModelSize, 3> kLectureModels = {kLlama3_8B, kLlama3_70B, kDeepSeekV3};

}  // namespace

std::span<const ParameterTypeInfo> parameterTypes() { return kParameterTypes; }

const ParameterTypeInfo& parameterTypeInfo(ParameterType type) {
    for (const ParameterTypeInfo& info : kParameterTypes) {
        if (info.type == type) return info;
    }
    return kParameterTypes[0];
}

double bytesPerParameter(ParameterType type) { return parameterTypeInfo(type).bytesPerParameter; }

std::optional<ParameterType> parameterTypeNamed(std::string_view name) {
    std::string upper(name);
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char character) { return char(std::toupper(character)); });
    for (const ParameterTypeInfo& info : kParameterTypes) {
        if (info.name == upper) return info.type;
    }
    return std::nullopt;
}

double modelBytes(double parameterCount, ParameterType type) {
    return parameterCount * bytesPerParameter(type);
}

double trainingBytes(double parameterCount, ParameterType type) {
    return kAdamTrainingCopies * modelBytes(parameterCount, type);
}

double checkpointBytes(double parameterCount, ParameterType type) {
    return kAdamCheckpointCopies * modelBytes(parameterCount, type);
}

std::span<const ModelSize> lectureModels() { return kLectureModels; }

std::vector<MemoryTableRow> memoryTable(std::span<const ModelSize> models,
                                        std::span<const ParameterType> types) {
    std::vector<MemoryTableRow> rows;
    for (const ParameterType type : types) {
        MemoryTableRow row{type, {}};
        for (const ModelSize& model : models) {
            row.bytesPerModel.push_back(modelBytes(model.parameterCount, type));
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace mlsyslab::numeric
