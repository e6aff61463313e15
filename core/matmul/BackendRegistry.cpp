#include "matmul/BackendRegistry.h"

#include <algorithm>

#include "common/Concat.h"
#include "common/Suggestion.h"

namespace mlsyslab::matmul {

namespace {

struct BackendFactory {
    std::string_view name;
    std::unique_ptr<MatmulBackend> (*make)();
};

// The ladder, bottom to top: each rung is the previous one plus one idea.
const std::vector<BackendFactory>& factories() {
    static const std::vector<BackendFactory> all = {
        // (one line per backend, in the ladder's order)
        {"naive", makeNaiveBackend},
        {"ikj", makeIkjBackend},
        {"blocked", makeBlockedBackend},
        {"simd", makeSimdBackend},
        {"threads", makeThreadedSimdBackend},
        {"openblas", makeOpenBlasBackend},
        {"cuda-naive", makeCudaNaiveBackend},
        {"cuda-tiled", makeCudaTiledBackend},
        {"cuda-regtile", makeCudaRegisterTiledBackend},
        {"cublas", makeCublasBackend},
    };
    return all;
}

}  // namespace

const std::vector<std::string_view>& matmulBackendNames() {
    static const std::vector<std::string_view> names = {
        "naive", "ikj",        "blocked",    "simd",         "threads",
        "openblas", "cuda-naive", "cuda-tiled", "cuda-regtile", "cublas"};
    return names;
}

std::unique_ptr<MatmulBackend> makeMatmulBackend(std::string_view name) {
    const auto& all = factories();
    const auto found = std::find_if(all.begin(), all.end(),
                                    [&](const BackendFactory& f) { return f.name == name; });
    return found == all.end() ? nullptr : found->make();
}

std::string unknownBackendMessage(std::string_view name) {
    std::vector<std::string> known(matmulBackendNames().begin(), matmulBackendNames().end());
    std::string message = concat("unknown backend '", name, "'");
    if (const auto suggestion = closestMatch(name, known))
        message += concat(" (did you mean '", *suggestion, "'?)");
    return concat(message, "; backends: ", keyList(known));
}

}  // namespace mlsyslab::matmul
