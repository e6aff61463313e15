#include "gpu/BuiltinKernels.h"

#include "common/Concat.h"
#include "gpu/BuiltinKernelBuilders.h"
#include "gpu/GlobalMemory.h"

namespace mlsyslab::gpu {

namespace {

struct KernelEntry {
    const char* id;
    Result<KernelProgram> (*build)(const Dim3& grid, const Dim3& block);
};

// In the order the course meets them.
constexpr KernelEntry kKernels[] = {
    {"matrixAdd", builtin_kernels::matrixAdd},     {"vectorAdd", builtin_kernels::vectorAdd},
    {"matmulNaive", builtin_kernels::matmulNaive}, {"matmulTiled", builtin_kernels::matmulTiled},
    {"divergent", builtin_kernels::divergent},     {"reduction", builtin_kernels::reduction},
};

}  // namespace

std::vector<std::string> builtinKernelIds() {
    std::vector<std::string> ids;
    for (const KernelEntry& entry : kKernels) ids.emplace_back(entry.id);
    return ids;
}

Result<KernelProgram> buildKernel(std::string_view id, const Dim3& grid, const Dim3& block) {
    for (const KernelEntry& entry : kKernels) {
        if (id == entry.id) return entry.build(grid, block);
    }
    std::string known;
    for (const KernelEntry& entry : kKernels) {
        known += concat(known.empty() ? "" : ", ", entry.id);
    }
    return Result<KernelProgram>::failure(
        concat("unknown kernel '", id, "': the built-in kernels are ", known));
}

namespace builtin_kernels {

Result<KernelProgram> checkedSize(KernelProgram kernel) {
    if (kernel.globalMemoryBytes > kMaxGlobalMemoryBytes) {
        return Result<KernelProgram>::failure(
            concat(kernel.id, " on this launch needs ", std::to_string(kernel.globalMemoryBytes),
                   " bytes of arrays; the simulator holds at most ",
                   std::to_string(kMaxGlobalMemoryBytes), " (1 GiB): launch fewer threads"));
    }
    return kernel;
}

}  // namespace builtin_kernels

}  // namespace mlsyslab::gpu
