#pragma once

#include <memory>
#include <optional>
#include <string>

#include "matmul/CpuFeatures.h"

namespace mlsyslab::matmul {

// OpenBLAS, loaded at run time (dlopen of libopenblas.so.0) so that the app decides which
// kernels it uses.
//
// Why: OpenBLAS built with DYNAMIC_ARCH (Debian's) picks its kernel set once, when it loads,
// from the CPU's identity. Version 0.3.21 (Debian 12) does not know Sapphire or Emerald Rapids
// and silently falls back to "Prescott", its generic SSE3 kernels: about 55 GFLOPS instead of
// about 285 at N = 2048 on two cores. A ladder that ends in a crippled BLAS teaches the class
// the wrong lesson. So the loader compares openblas_get_corename() with what the CPU can do
// (CpuFeatures); when OpenBLAS chose kernels narrower than the CPU's vector width, it unloads
// the library, sets OPENBLAS_CORETYPE (SkylakeX or Cooperlake for AVX-512, Haswell for AVX2)
// and loads it again, and it says so. A coretype the user set is respected and reported.
struct OpenBlasKernels {
    std::string version;   // "0.3.21" (from openblas_get_config)
    std::string corename;  // the kernel set in use: "SkylakeX", "Haswell", "Prescott"
    SimdLevel kernelLevel = SimdLevel::Sse;  // the vector width of that kernel set
    // OpenBLAS's own choice when the loader overrode it ("Prescott"), else empty.
    std::string fallbackReplaced;
    bool coretypeFromUser = false;  // OPENBLAS_CORETYPE was set before the app started
    // One line for people: "OpenBLAS 0.3.21, SkylakeX kernels (AVX-512; it chose Prescott, an
    // SSE3 fallback, on this CPU, so MLSysLab set OPENBLAS_CORETYPE=SkylakeX)".
    std::string summary() const;
};

// The vector width of a kernel set named by openblas_get_corename() (case-insensitive);
// unknown names count as SSE.
SimdLevel openBlasKernelLevel(const std::string& corename);
// The OPENBLAS_CORETYPE that gives `features` their widest kernels: "Cooperlake", "SkylakeX",
// "Haswell", "Sandybridge", or nullopt for SSE-only CPUs.
std::optional<std::string> preferredOpenBlasCoretype(const CpuFeatures& features);

class OpenBlasLibrary {
public:
    // The process's OpenBLAS, loaded (and corrected) on first use. nullptr when it cannot be
    // loaded; loadError() says why.
    static OpenBlasLibrary* instance();
    static std::string loadError();

    struct LoadOptions {
        // For tests: load first with this OPENBLAS_CORETYPE as if OpenBLAS had chosen it, to
        // exercise the detection and the reload.
        std::optional<std::string> simulateInitialCoretype;
    };
    // A separate load, for tests of the loader (the library is shared with instance()).
    static std::unique_ptr<OpenBlasLibrary> load(const LoadOptions& options, std::string* error);

    ~OpenBlasLibrary();
    OpenBlasLibrary(const OpenBlasLibrary&) = delete;
    OpenBlasLibrary& operator=(const OpenBlasLibrary&) = delete;

    const OpenBlasKernels& kernels() const { return kernels_; }

    // cblas_sgemm(RowMajor, NoTrans, NoTrans, M, N, K, 1, A, K, B, N, 0, C, N) on `threads`
    // threads (openblas_set_num_threads).
    void sgemm(const float* a, const float* b, float* c, long m, long n, long k,
               unsigned threads) const;

private:
    OpenBlasLibrary() = default;
    OpenBlasKernels kernels_;

    // The dlopen handle and the four entry points, with OpenBLAS's own signatures (32-bit
    // integers: Debian's libopenblas0 is the LP64 build).
    using SgemmFunction = void (*)(int order, int transposeA, int transposeB, int m, int n, int k,
                                   float alpha, const float* a, int lda, const float* b, int ldb,
                                   float beta, float* c, int ldc);
    using NameFunction = char* (*)();
    using SetThreadsFunction = void (*)(int threads);
    void* handle_ = nullptr;
    SgemmFunction sgemm_ = nullptr;
    NameFunction corename_ = nullptr;
    NameFunction config_ = nullptr;
    SetThreadsFunction setThreads_ = nullptr;

    friend class OpenBlasLoader;
};

}  // namespace mlsyslab::matmul
