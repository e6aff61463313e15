#include "gpu/GlobalMemory.h"

#include <algorithm>

namespace mlsyslab::gpu {

namespace {

constexpr std::int64_t kFloatBytes = 4;
// Element e of array a holds ((3 + 5a + 7e) mod 17 - 8) / 4: a short pseudo-random cycle (17
// is prime, so neighbouring elements differ), shifted per array so that A and B differ.
constexpr std::int64_t kCycle = 17;
constexpr std::int64_t kHalfCycle = 8;
constexpr std::int64_t kStride = 7;
constexpr float kStepValue = 0.25f;

std::int64_t initialStep(int arrayIndex) { return (3 + 5 * std::int64_t{arrayIndex}) % kCycle; }

}  // namespace

std::int64_t addKernelArray(KernelProgram& kernel, std::string name, std::int64_t elements,
                            bool input) {
    const std::int64_t base = (kernel.globalMemoryBytes + kArrayAlignmentBytes - 1) /
                              kArrayAlignmentBytes * kArrayAlignmentBytes;
    kernel.arrays.push_back({std::move(name), base, elements, input});
    kernel.globalMemoryBytes = base + elements * kFloatBytes;
    return base;
}

float initialArrayValue(int arrayIndex, std::int64_t element) {
    const std::int64_t step = (initialStep(arrayIndex) + element % kCycle * kStride) % kCycle;
    return static_cast<float>(step - kHalfCycle) * kStepValue;
}

std::vector<float> initialGlobalMemory(const KernelProgram& kernel) {
    std::vector<float> memory(static_cast<std::size_t>(kernel.globalMemoryBytes / kFloatBytes),
                              0.0f);
    for (std::size_t index = 0; index < kernel.arrays.size(); ++index) {
        const KernelArray& array = kernel.arrays[index];
        if (!array.input) continue;
        float* values = memory.data() + array.baseByteAddress / kFloatBytes;
        // initialArrayValue's cycle, stepped along instead of divided out for each element.
        std::int64_t step = initialStep(static_cast<int>(index));
        for (std::int64_t element = 0; element < array.elements; ++element) {
            values[element] = static_cast<float>(step - kHalfCycle) * kStepValue;
            step += kStride;
            if (step >= kCycle) step -= kCycle;
        }
    }
    return memory;
}

std::vector<float> arrayValues(const KernelProgram& kernel, const std::vector<float>& memory,
                               const std::string& name) {
    for (const KernelArray& array : kernel.arrays) {
        if (array.name != name) continue;
        const std::int64_t first = array.baseByteAddress / kFloatBytes;
        const std::int64_t end = std::min<std::int64_t>(first + array.elements,
                                                        static_cast<std::int64_t>(memory.size()));
        if (first >= end) return {};
        return std::vector<float>(memory.begin() + first, memory.begin() + end);
    }
    return {};
}

}  // namespace mlsyslab::gpu
