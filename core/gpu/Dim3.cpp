#include "gpu/Dim3.h"

#include "common/Concat.h"

namespace mlsyslab::gpu {

std::string toString(const Dim3& extent) {
    return concat("(", std::to_string(extent.x), ", ", std::to_string(extent.y), ", ",
                  std::to_string(extent.z), ")");
}

}  // namespace mlsyslab::gpu
