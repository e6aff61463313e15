#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "matmul/MatmulShape.h"

namespace mlsyslab::matmul {

// Host memory one benchmark case needs: A, B and C in float32, the float64 reference rows and
// their bounds, and the backend's workspace.
std::uint64_t hostBytesNeeded(const MatmulShape& shape, std::uint64_t workspaceBytes);

// Memory the system can give without swapping (/proc/meminfo's MemAvailable); nullopt when
// unknown.
std::optional<std::uint64_t> availableHostBytes();

// Bytes for people, in binary units with one decimal: "512 B", "12.0 MiB", "3.1 GiB".
std::string byteCountText(std::uint64_t bytes);

// "1024×1024×1024 needs 12.0 MiB; 3.1 GiB is available" when it does not fit, else nullopt.
std::optional<std::string> refuseIfTooLarge(const MatmulShape& shape,
                                            std::uint64_t workspaceBytes);

}  // namespace mlsyslab::matmul
