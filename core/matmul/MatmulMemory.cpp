#include "matmul/MatmulMemory.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <limits>

#include "common/Concat.h"
#include "matmul/MatmulBenchText.h"
#include "matmul/MatmulReference.h"

namespace mlsyslab::matmul {

namespace {

constexpr std::uint64_t kMostBytes = std::numeric_limits<std::uint64_t>::max();

// Products and sums that stick at the largest value instead of wrapping: a shape of 2^30 on
// every side needs more bytes than 64 bits count, and must still be refused.
std::uint64_t timesSaturating(std::uint64_t left, std::uint64_t right) {
    if (left != 0 && right > kMostBytes / left) return kMostBytes;
    return left * right;
}
std::uint64_t plusSaturating(std::uint64_t left, std::uint64_t right) {
    return right > kMostBytes - left ? kMostBytes : left + right;
}

std::uint64_t dimension(std::int64_t value) { return value > 0 ? std::uint64_t(value) : 0; }

// The rows computeReference keeps (MatmulReference.h): all of them for small problems, else a
// fixed sample.
std::uint64_t referenceRows(const MatmulShape& shape) {
    const std::uint64_t rows = dimension(shape.m);
    if (shape.flops() <= fullCheckLimitFlops) return rows;
    return std::min<std::uint64_t>(rows, std::uint64_t(sampledRowCount));
}

}  // namespace

std::uint64_t hostBytesNeeded(const MatmulShape& shape, std::uint64_t workspaceBytes) {
    const std::uint64_t m = dimension(shape.m);
    const std::uint64_t n = dimension(shape.n);
    const std::uint64_t k = dimension(shape.k);
    const std::uint64_t floatElements = plusSaturating(
        plusSaturating(timesSaturating(m, k), timesSaturating(k, n)), timesSaturating(m, n));
    const std::uint64_t rows = referenceRows(shape);
    // exact and absolute: two doubles per element of each kept row, plus the row's index.
    const std::uint64_t referenceBytes =
        plusSaturating(timesSaturating(timesSaturating(rows, n), 2 * sizeof(double)),
                       timesSaturating(rows, sizeof(std::int64_t)));
    return plusSaturating(
        plusSaturating(timesSaturating(floatElements, sizeof(float)), referenceBytes),
        workspaceBytes);
}

std::optional<std::uint64_t> availableHostBytes() {
    // Linux's own estimate of what can be allocated without swapping: it counts the page cache
    // the kernel would drop, which the free pages alone leave out.
    std::ifstream memoryInfo("/proc/meminfo");
    std::string line;
    while (std::getline(memoryInfo, line)) {
        std::uint64_t kibibytes = 0;
        if (std::sscanf(line.c_str(), "MemAvailable: %" SCNu64 " kB", &kibibytes) == 1) {
            return timesSaturating(kibibytes, 1024);
        }
    }
    return std::nullopt;
}

std::string byteCountText(std::uint64_t bytes) {
    if (bytes < 1024) return concat(std::to_string(bytes), " B");
    static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double value = double(bytes) / 1024.0;
    std::size_t unit = 0;
    // 1023.96 KiB would print as "1024.0 KiB": move up once the rounded figure reaches 1024.
    while (value >= 1023.95 && unit + 1 < std::size(kUnits)) {
        value /= 1024.0;
        ++unit;
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %s", value, kUnits[unit]);
    return text;
}

std::optional<std::string> refuseIfTooLarge(const MatmulShape& shape,
                                            std::uint64_t workspaceBytes) {
    const std::uint64_t needed = hostBytesNeeded(shape, workspaceBytes);
    const auto available = availableHostBytes();
    // Unknown free memory: nothing to refuse against; an allocation failure still reports it.
    if (!available || needed <= *available) return std::nullopt;
    return concat(matmulShapeText(shape), " needs ", byteCountText(needed), "; ",
                  byteCountText(*available), " is available");
}

}  // namespace mlsyslab::matmul
