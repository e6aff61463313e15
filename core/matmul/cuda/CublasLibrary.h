#pragma once

#include <cublas_v2.h>

#include <string>

namespace mlsyslab::matmul {

// cuBLAS, loaded (dlopen) when the cublas rung is first used rather than linked. Linking it would
// load libcublas and its half-gigabyte libcublasLt at the start of every program that uses the
// matmul engine (about 0.1 s for each test and each CLI call), and those programs would not
// start at all where the CUDA libraries are missing. Loaded, the rung just says why it cannot run.
struct CublasFunctions {
    decltype(&cublasCreate_v2) create = nullptr;
    decltype(&cublasDestroy_v2) destroy = nullptr;
    decltype(&cublasSetStream_v2) setStream = nullptr;
    decltype(&cublasSetMathMode) setMathMode = nullptr;
    decltype(&cublasSgemm_v2) sgemm = nullptr;
    decltype(&cublasGetStatusString) statusString = nullptr;
};

// The process's cuBLAS, loaded once and kept; nullptr when it cannot be loaded, and then
// `error` says why.
const CublasFunctions* cublasFunctions(std::string* error);

}  // namespace mlsyslab::matmul
