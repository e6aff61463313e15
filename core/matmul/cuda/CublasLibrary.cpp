#include "matmul/cuda/CublasLibrary.h"

#include <dlfcn.h>

#include <vector>

#include "common/Concat.h"

// The toolkit's library folder when this build was configured: a fallback for machines where
// the CUDA libraries are not on the loader's path.
#ifndef MLSYSLAB_CUDA_LIBRARY_DIR
#define MLSYSLAB_CUDA_LIBRARY_DIR ""
#endif

namespace mlsyslab::matmul {

namespace {

#define MLSYSLAB_TEXT(x) #x
#define MLSYSLAB_NUMBER_TEXT(x) MLSYSLAB_TEXT(x)
// The soname of the cuBLAS this build was compiled against ("libcublas.so.13").
constexpr const char* cublasSoname = "libcublas.so." MLSYSLAB_NUMBER_TEXT(CUBLAS_VER_MAJOR);

struct LoadedCublas {
    CublasFunctions functions;
    bool loaded = false;
    std::string error;
};

template <typename Function>
bool find(void* handle, const char* symbol, Function& function, std::string& error) {
    function = reinterpret_cast<Function>(dlsym(handle, symbol));
    if (function == nullptr && error.empty())
        error = concat("cuBLAS could not be used: ", cublasSoname, " has no ", symbol);
    return function != nullptr;
}

LoadedCublas load() {
    LoadedCublas result;
    std::vector<std::string> candidates = {cublasSoname};
    if (std::string(MLSYSLAB_CUDA_LIBRARY_DIR).size() > 0)
        candidates.push_back(concat(MLSYSLAB_CUDA_LIBRARY_DIR, "/", cublasSoname));
    void* handle = nullptr;
    std::string firstError;
    for (const std::string& candidate : candidates) {
        handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle != nullptr) break;
        if (firstError.empty()) {
            const char* text = dlerror();
            firstError = text != nullptr ? text : candidate;
        }
    }
    if (handle == nullptr) {
        result.error = concat("cuBLAS could not be loaded: ", firstError);
        return result;
    }
    // Never closed: cuBLAS keeps state for the process's lifetime.
    CublasFunctions& f = result.functions;
    result.loaded = find(handle, "cublasCreate_v2", f.create, result.error) &&
                    find(handle, "cublasDestroy_v2", f.destroy, result.error) &&
                    find(handle, "cublasSetStream_v2", f.setStream, result.error) &&
                    find(handle, "cublasSetMathMode", f.setMathMode, result.error) &&
                    find(handle, "cublasSgemm_v2", f.sgemm, result.error) &&
                    find(handle, "cublasGetStatusString", f.statusString, result.error);
    return result;
}

}  // namespace

const CublasFunctions* cublasFunctions(std::string* error) {
    static const LoadedCublas cublas = load();
    if (!cublas.loaded) {
        if (error) *error = cublas.error;
        return nullptr;
    }
    return &cublas.functions;
}

}  // namespace mlsyslab::matmul
