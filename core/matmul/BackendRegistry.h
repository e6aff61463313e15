#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "matmul/MatmulBackend.h"

namespace mlsyslab::matmul {

// Every backend's name, in the ladder's order: naive, ikj, blocked, simd, threads, openblas,
// cuda-naive, cuda-tiled, cuda-regtile, cublas. Unavailable ones are listed too.
const std::vector<std::string_view>& matmulBackendNames();

// The backend called `name`, or nullptr when there is none (see unknownBackendMessage).
std::unique_ptr<MatmulBackend> makeMatmulBackend(std::string_view name);

// "unknown backend 'simdd' (did you mean 'simd'?); backends: naive, ikj, ..."
std::string unknownBackendMessage(std::string_view name);

// Each backend's factory, one per file.
std::unique_ptr<MatmulBackend> makeNaiveBackend();
std::unique_ptr<MatmulBackend> makeIkjBackend();
std::unique_ptr<MatmulBackend> makeBlockedBackend();
std::unique_ptr<MatmulBackend> makeSimdBackend();
std::unique_ptr<MatmulBackend> makeThreadedSimdBackend();
std::unique_ptr<MatmulBackend> makeOpenBlasBackend();
std::unique_ptr<MatmulBackend> makeCudaNaiveBackend();
std::unique_ptr<MatmulBackend> makeCudaTiledBackend();
std::unique_ptr<MatmulBackend> makeCudaRegisterTiledBackend();
std::unique_ptr<MatmulBackend> makeCublasBackend();

}  // namespace mlsyslab::matmul
