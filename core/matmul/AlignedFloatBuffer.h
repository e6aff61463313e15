#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

namespace mlsyslab::matmul {

// A float array that starts on a 64-byte boundary: a cache line, and the width of one AVX-512
// register, so that the micro-kernel's aligned vector loads never straddle two lines. It keeps
// its memory when asked for less, because the packing buffers are reused by every
// multiplication and fresh pages would each cost a page fault.
class AlignedFloatBuffer {
public:
    static constexpr std::size_t alignmentBytes = 64;

    // At least `count` floats; the old contents are lost when the buffer grows.
    float* reserve(std::int64_t count) {
        const auto wanted = static_cast<std::size_t>(count < 1 ? 1 : count);
        if (wanted > capacity_) {
            data_.reset(static_cast<float*>(
                ::operator new[](wanted * sizeof(float), std::align_val_t(alignmentBytes))));
            capacity_ = wanted;
        }
        return data_.get();
    }

    float* data() const { return data_.get(); }
    std::size_t capacity() const { return capacity_; }

private:
    struct Release {
        void operator()(float* data) const {
            ::operator delete[](data, std::align_val_t(alignmentBytes));
        }
    };
    std::unique_ptr<float[], Release> data_;
    std::size_t capacity_ = 0;
};

}  // namespace mlsyslab::matmul
