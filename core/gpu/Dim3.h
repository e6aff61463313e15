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

// "12", "4,3", "4,3,2" -> Dim3; every component >= 1. Errors say which part is wrong.
bool parseDim3(const std::string& text, Dim3& out, std::string& error);
// "(4, 3, 1)"
std::string toString(const Dim3& extent);

}  // namespace mlsyslab::gpu
