#pragma once

#include <cstdint>
#include <string>

namespace mlsyslab::gpu {

// CUDA's dim3: a grid or block extent, 1 to 3 dimensions (unused ones are 1).
struct Dim3 {
    int x = 1;
    int y = 1;
    int z = 1;
    std::int64_t count() const { return std::int64_t{x} * y * z; }
    bool operator==(const Dim3&) const = default;
};

// "(4, 3, 1)"
std::string toString(const Dim3& extent);

}  // namespace mlsyslab::gpu
