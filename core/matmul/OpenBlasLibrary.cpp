#include "matmul/OpenBlasLibrary.h"

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <mutex>
#include <string_view>
#include <vector>

#include "common/Concat.h"

namespace mlsyslab::matmul {

namespace {

// The soname of Debian's libopenblas0 first; the development symlink where only that exists.
constexpr std::array<const char*, 2> libraryNames = {"libopenblas.so.0", "libopenblas.so"};
constexpr const char* coretypeVariable = "OPENBLAS_CORETYPE";

// cblas.h's enum values (CblasRowMajor, CblasNoTrans): the library is loaded at run time, so
// its header is not needed to build.
constexpr int cblasRowMajor = 101;
constexpr int cblasNoTranspose = 111;

// Loading, unloading and OPENBLAS_CORETYPE are process-wide: one load at a time.
std::mutex& loaderMutex() {
    static std::mutex mutex;
    return mutex;
}

// OPENBLAS_CORETYPE as the program found it, read before the loader first sets it, so that a
// value the loader set is never mistaken for the user's.
const std::optional<std::string>& coretypeFromEnvironmentAtStart() {
    static const std::optional<std::string> value = []() -> std::optional<std::string> {
        const char* text = std::getenv(coretypeVariable);
        if (text == nullptr) return std::nullopt;
        return std::string(text);
    }();
    return value;
}

std::string lowercase(std::string_view text) {
    std::string result(text);
    std::transform(result.begin(), result.end(), result.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return result;
}

// The coretypes to try, best first, for a CPU whose kernels OpenBLAS chose too narrow.
// OpenBLAS 0.3.21 cannot select "Cooperlake" by name (its lookup stops one entry short, fixed
// in 0.3.22); it then falls back to its own feature test, which does pick Cooperlake on a CPU
// with AVX-512 BF16. SkylakeX comes next in case that fallback differs.
std::vector<std::string> coretypeCandidates(const CpuFeatures& features) {
    switch (bestSimdLevel(features)) {
        case SimdLevel::Avx512:
            if (features.avx512bf16) return {"Cooperlake", "SkylakeX"};
            return {"SkylakeX"};
        case SimdLevel::Avx2Fma:
            return {"Haswell"};
        case SimdLevel::Avx:
            return {"Sandybridge"};
        case SimdLevel::Sse:
        case SimdLevel::Scalar:
            break;
    }
    return {};
}

// "OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH ..." → "0.3.21".
std::string versionFromConfig(std::string_view config) {
    constexpr std::string_view prefix = "OpenBLAS ";
    if (!config.starts_with(prefix)) return {};
    config.remove_prefix(prefix.size());
    return std::string(config.substr(0, config.find(' ')));
}

void setCoretypeVariable(const std::optional<std::string>& value) {
    if (value)
        setenv(coretypeVariable, value->c_str(), 1);
    else
        unsetenv(coretypeVariable);
}

std::optional<std::string> coretypeVariableNow() {
    const char* text = std::getenv(coretypeVariable);
    if (text == nullptr) return std::nullopt;
    return std::string(text);
}

}  // namespace

// Opens and closes the library for OpenBlasLibrary::load (a friend, so that the handle and
// entry points stay private).
class OpenBlasLoader {
public:
    static bool isLoadedInProcess() {
        for (const char* name : libraryNames) {
            if (void* handle = dlopen(name, RTLD_NOW | RTLD_NOLOAD)) {
                dlclose(handle);
                return true;
            }
        }
        return false;
    }

    // dlopen, then the entry points; on failure the library is left closed.
    static bool open(OpenBlasLibrary& library, std::string* error) {
        std::string firstError;
        for (const char* name : libraryNames) {
            library.handle_ = dlopen(name, RTLD_NOW | RTLD_LOCAL);
            if (library.handle_ != nullptr) break;
            if (firstError.empty()) {
                const char* text = dlerror();
                firstError = text != nullptr ? text : concat(name, " could not be loaded");
            }
        }
        if (library.handle_ == nullptr) {
            if (error) *error = concat("OpenBLAS could not be loaded: ", firstError);
            return false;
        }
        library.sgemm_ =
            reinterpret_cast<OpenBlasLibrary::SgemmFunction>(dlsym(library.handle_, "cblas_sgemm"));
        library.corename_ = reinterpret_cast<OpenBlasLibrary::NameFunction>(
            dlsym(library.handle_, "openblas_get_corename"));
        library.config_ = reinterpret_cast<OpenBlasLibrary::NameFunction>(
            dlsym(library.handle_, "openblas_get_config"));
        library.setThreads_ = reinterpret_cast<OpenBlasLibrary::SetThreadsFunction>(
            dlsym(library.handle_, "openblas_set_num_threads"));
        const char* missing = library.sgemm_ == nullptr        ? "cblas_sgemm"
                              : library.corename_ == nullptr   ? "openblas_get_corename"
                              : library.config_ == nullptr     ? "openblas_get_config"
                              : library.setThreads_ == nullptr ? "openblas_set_num_threads"
                                                               : nullptr;
        if (missing != nullptr) {
            if (error) *error = concat("the OpenBLAS library found has no ", missing);
            close(library);
            return false;
        }
        library.kernels_.corename = library.corename_();
        library.kernels_.kernelLevel = openBlasKernelLevel(library.kernels_.corename);
        library.kernels_.version = versionFromConfig(library.config_());
        return true;
    }

    static void close(OpenBlasLibrary& library) {
        if (library.handle_ != nullptr) dlclose(library.handle_);
        library.handle_ = nullptr;
        library.sgemm_ = nullptr;
        library.corename_ = nullptr;
        library.config_ = nullptr;
        library.setThreads_ = nullptr;
    }

    // OpenBLAS chose kernels narrower than the CPU: unload it and load it again with each
    // candidate coretype until one gives wider kernels. When none does, OpenBLAS is loaded again
    // as it was, with its own choice. False only when a reload failed outright.
    static bool replaceFallback(OpenBlasLibrary& library, const CpuFeatures& features,
                                std::string* error) {
        const std::string chosen = library.kernels_.corename;
        const SimdLevel chosenLevel = library.kernels_.kernelLevel;
        const std::optional<std::string> variableBefore = coretypeVariableNow();
        for (const std::string& candidate : coretypeCandidates(features)) {
            close(library);
            setCoretypeVariable(candidate);
            if (!open(library, error)) return false;
            if (library.kernels_.kernelLevel > chosenLevel) {
                library.kernels_.fallbackReplaced = chosen;
                return true;
            }
        }
        close(library);
        setCoretypeVariable(variableBefore);
        return open(library, error);
    }
};

SimdLevel openBlasKernelLevel(const std::string& corename) {
    // The names of OpenBLAS's x86-64 kernel sets (driver/others/dynamic.c's corename table), by
    // the widest vector instructions their float32 kernels use.
    static const std::vector<std::pair<std::string_view, SimdLevel>> levels = {
        {"skylakex", SimdLevel::Avx512},       {"cooperlake", SimdLevel::Avx512},
        {"sapphirerapids", SimdLevel::Avx512}, {"haswell", SimdLevel::Avx2Fma},
        {"zen", SimdLevel::Avx2Fma},           {"excavator", SimdLevel::Avx2Fma},
        {"sandybridge", SimdLevel::Avx},       {"bulldozer", SimdLevel::Avx},
        {"piledriver", SimdLevel::Avx},        {"steamroller", SimdLevel::Avx},
    };
    const std::string name = lowercase(corename);
    for (const auto& [known, level] : levels)
        if (name == known) return level;
    // Prescott, Core2, Penryn, Dunnington, Nehalem, Atom, Opteron, Barcelona, Bobcat, Nano and
    // names this table does not know.
    return SimdLevel::Sse;
}

std::optional<std::string> preferredOpenBlasCoretype(const CpuFeatures& features) {
    const std::vector<std::string> candidates = coretypeCandidates(features);
    if (candidates.empty()) return std::nullopt;
    return candidates.front();
}

std::string OpenBlasKernels::summary() const {
    std::string text = concat("OpenBLAS ", version.empty() ? "(version unknown)" : version, ", ",
                              corename, " kernels (", simdLevelName(kernelLevel));
    const SimdLevel cpuLevel = bestSimdLevel(cpuFeatures());
    if (coretypeFromUser) {
        const std::string asked = coretypeVariableNow().value_or("");
        text += concat("; OPENBLAS_CORETYPE=", asked,
                       " was set before MLSysLab started and is "
                       "respected");
        if (kernelLevel < cpuLevel)
            text += concat("; this CPU could use ", simdLevelName(cpuLevel));
    } else if (!fallbackReplaced.empty()) {
        text += concat("; it chose ", fallbackReplaced, ", ",
                       simdLevelName(openBlasKernelLevel(fallbackReplaced)),
                       " kernels, on this CPU, so MLSysLab set OPENBLAS_CORETYPE=", corename);
    } else if (kernelLevel < cpuLevel) {
        text += concat("; narrower than this CPU's ", simdLevelName(cpuLevel),
                       ", and loading it again with OPENBLAS_CORETYPE did not change that");
    }
    return concat(text, ")");
}

std::unique_ptr<OpenBlasLibrary> OpenBlasLibrary::load(const LoadOptions& options,
                                                       std::string* error) {
    const std::lock_guard lock(loaderMutex());
    const bool userSetCoretype = coretypeFromEnvironmentAtStart().has_value();
    if (options.simulateInitialCoretype) {
        // A library already in the process would not be unloaded, so its kernels would stay.
        if (OpenBlasLoader::isLoadedInProcess()) {
            if (error)
                *error =
                    "OpenBLAS is already loaded in this process: a simulated first choice "
                    "needs a process that has not loaded it yet";
            return nullptr;
        }
        setCoretypeVariable(options.simulateInitialCoretype);
    }
    std::unique_ptr<OpenBlasLibrary> library(new OpenBlasLibrary);
    if (OpenBlasLoader::open(*library, error)) {
        library->kernels_.coretypeFromUser = userSetCoretype && !options.simulateInitialCoretype;
        const CpuFeatures& features = cpuFeatures();
        if (!library->kernels_.coretypeFromUser &&
            library->kernels_.kernelLevel < bestSimdLevel(features) &&
            !OpenBlasLoader::replaceFallback(*library, features, error))
            library.reset();
    } else {
        library.reset();
    }
    // A simulation leaves the variable as the user had it, for the loads that follow.
    if (options.simulateInitialCoretype) setCoretypeVariable(coretypeFromEnvironmentAtStart());
    return library;
}

namespace {

struct ProcessOpenBlas {
    OpenBlasLibrary* library = nullptr;
    std::string error;
};

const ProcessOpenBlas& processOpenBlas() {
    // Loaded once and never unloaded: OpenBLAS's worker threads must not be torn down while
    // another static object might still call into it at exit.
    static const ProcessOpenBlas* const loaded = [] {
        auto* process = new ProcessOpenBlas;
        process->library = OpenBlasLibrary::load({}, &process->error).release();
        return process;
    }();
    return *loaded;
}

}  // namespace

OpenBlasLibrary* OpenBlasLibrary::instance() { return processOpenBlas().library; }

std::string OpenBlasLibrary::loadError() { return processOpenBlas().error; }

// dlclose is thread-safe by itself; the loader's lock is not taken here because load() itself
// destroys a half-loaded library while holding it.
OpenBlasLibrary::~OpenBlasLibrary() { OpenBlasLoader::close(*this); }

void OpenBlasLibrary::sgemm(const float* a, const float* b, float* c, long m, long n, long k,
                            unsigned threads) const {
    // The thread count is OpenBLAS's global setting: set it and multiply as one step.
    static std::mutex callMutex;
    const std::lock_guard lock(callMutex);
    setThreads_(static_cast<int>(std::max(1u, threads)));
    const int rows = static_cast<int>(m);
    const int columns = static_cast<int>(n);
    const int inner = static_cast<int>(k);
    sgemm_(cblasRowMajor, cblasNoTranspose, cblasNoTranspose, rows, columns, inner, 1.0f, a, inner,
           b, columns, 0.0f, c, columns);
}

}  // namespace mlsyslab::matmul
