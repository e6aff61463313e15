#include "matmul/MicroKernel.h"

#include "matmul/MicroKernelFunctions.h"

namespace mlsyslab::matmul {

std::string_view microKernelIsaName(MicroKernelIsa isa) {
    switch (isa) {
        case MicroKernelIsa::Avx512:
            return "AVX-512";
        case MicroKernelIsa::Avx2:
            return "AVX2 + FMA";
        case MicroKernelIsa::Portable:
            break;
    }
    return "portable";
}

const std::vector<MicroKernel>& compiledMicroKernels() {
    static const std::vector<MicroKernel> all = {
#if defined(MLSYSLAB_X86_KERNELS)
        {MicroKernelIsa::Avx512, kernels::avx512Rows, kernels::avx512Columns,
         kernels::multiplyAvx512},
        {MicroKernelIsa::Avx2, kernels::avx2Rows, kernels::avx2Columns, kernels::multiplyAvx2},
#endif
        {MicroKernelIsa::Portable, kernels::portableRows, kernels::portableColumns,
         kernels::multiplyPortable},
    };
    return all;
}

bool microKernelRunsOn(const MicroKernel& kernel, const CpuFeatures& features) {
    switch (kernel.isa) {
        case MicroKernelIsa::Avx512:
            return features.avx512 && features.fma;
        case MicroKernelIsa::Avx2:
            return features.avx2 && features.fma;
        case MicroKernelIsa::Portable:
            break;
    }
    return true;
}

std::vector<MicroKernel> microKernelsRunningHere() {
    std::vector<MicroKernel> running;
    for (const MicroKernel& kernel : compiledMicroKernels())
        if (microKernelRunsOn(kernel, cpuFeatures())) running.push_back(kernel);
    return running;
}

const MicroKernel& bestMicroKernel() {
    // compiledMicroKernels() is widest first and ends with the portable kernel, which runs
    // everywhere.
    static const MicroKernel& best = [&]() -> const MicroKernel& {
        for (const MicroKernel& kernel : compiledMicroKernels())
            if (microKernelRunsOn(kernel, cpuFeatures())) return kernel;
        return compiledMicroKernels().back();
    }();
    return best;
}

}  // namespace mlsyslab::matmul
