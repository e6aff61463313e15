#include "gpu/Dim3.h"

#include <charconv>
#include <limits>

#include "common/Concat.h"

namespace mlsyslab::gpu {

namespace {
// Launch extents the simulator and views accept; CUDA's own grid limit is 2^31 - 1 in x.
constexpr int kMaxComponent = std::numeric_limits<int>::max();
}  // namespace

bool parseDim3(const std::string& text, Dim3& out, std::string& error) {
    int components[3] = {1, 1, 1};
    int count = 0;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const std::string part = text.substr(start, comma == std::string::npos ? std::string::npos
                                                                                 : comma - start);
        if (count == 3) {
            error = concat("'", text, "' has more than 3 dimensions (x,y,z)");
            return false;
        }
        long long value = 0;
        const auto [end, problem] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || problem != std::errc() || end != part.data() + part.size()) {
            error = concat("'", text, "' is not a size like 12 or 4,3: '", part,
                           "' is not a whole number");
            return false;
        }
        if (value < 1 || value > kMaxComponent) {
            error = concat("'", text, "': every dimension must be at least 1, not ", part);
            return false;
        }
        components[count++] = static_cast<int>(value);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    out = Dim3{components[0], components[1], components[2]};
    return true;
}

std::string toString(const Dim3& extent) {
    return concat("(", std::to_string(extent.x), ", ", std::to_string(extent.y), ", ",
                  std::to_string(extent.z), ")");
}

}  // namespace mlsyslab::gpu
