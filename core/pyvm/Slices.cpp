#include "pyvm/Slices.h"

#include <limits>

namespace mlsyslab::pyvm {
namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

bool sliceIndex(Runtime& runtime, const Value& value, std::int64_t fallback, std::int64_t& out) {
    if (value.kind() == Kind::None || value.isNull()) {
        out = fallback;
        return true;
    }
    if (value.kind() == Kind::Int || value.kind() == Kind::Bool) {
        out = value.asInt();
        return true;
    }
    runtime.raise("TypeError",
                  "slice indices must be integers or None or have an __index__ method");
    return false;
}

void clamp(std::int64_t& index, std::int64_t length, std::int64_t step) {
    if (index < 0) {
        index += length;
        if (index < 0) index = step < 0 ? -1 : 0;
    } else if (index >= length) {
        index = step < 0 ? length - 1 : length;
    }
}

}  // namespace

bool resolveSlice(Runtime& runtime, const SliceObject& slice, std::int64_t length,
                  SliceBounds& out) {
    if (!sliceIndex(runtime, slice.step, 1, out.step)) return false;
    if (out.step == 0) {
        runtime.raise("ValueError", "slice step cannot be zero");
        return false;
    }
    if (out.step < -kMax) out.step = -kMax;
    if (!sliceIndex(runtime, slice.start, out.step < 0 ? kMax : 0, out.start)) return false;
    if (!sliceIndex(runtime, slice.stop, out.step < 0 ? kMin : kMax, out.stop)) return false;
    clamp(out.start, length, out.step);
    clamp(out.stop, length, out.step);
    out.count = 0;
    if (out.step < 0) {
        if (out.stop < out.start) out.count = (out.start - out.stop - 1) / (-out.step) + 1;
    } else if (out.start < out.stop) {
        out.count = (out.stop - out.start - 1) / out.step + 1;
    }
    return true;
}

bool normalizeIndex(std::int64_t& index, std::int64_t length) {
    if (index < 0) index += length;
    return index >= 0 && index < length;
}

}  // namespace mlsyslab::pyvm
