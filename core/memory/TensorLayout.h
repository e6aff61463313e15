#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/Result.h"
#include "memory/AccessPatterns.h"
#include "memory/MemoryAccess.h"

namespace mlsyslab::memory {

// A strided view of a tensor's storage, as NumPy and PyTorch keep it: a shape, a stride per
// dimension in elements, an offset into the storage in elements, and the element size. The
// element at index (i0, i1, ...) lives at storage element offset + Σ ik·stride[k], that is at
// byte address storageBase + elementBytes·(offset + Σ ik·stride[k]).
// Operations follow PyTorch's rules and messages (torch 2.x) where a student would compare.
class TensorLayout {
public:
    // A fresh, contiguous tensor of that shape in row-major (C) or column-major (Fortran) order.
    static Result<TensorLayout> contiguous(std::vector<std::int64_t> shape,
                                           std::uint32_t elementBytes,
                                           StorageOrder order = StorageOrder::RowMajor,
                                           std::uint64_t storageBase = 0);

    const std::vector<std::int64_t>& shape() const { return shape_; }
    const std::vector<std::int64_t>& strides() const { return strides_; }  // in elements (.stride())
    std::vector<std::int64_t> byteStrides() const;                        // NumPy's .strides
    std::int64_t offset() const { return offset_; }  // .storage_offset()
    std::uint32_t elementBytes() const { return elementBytes_; }
    std::uint64_t storageBase() const { return storageBase_; }
    std::int64_t elementCount() const;  // .numel()
    std::size_t rank() const { return shape_.size(); }

    // PyTorch's is_contiguous(): row-major strides, size-1 dimensions ignored.
    bool isContiguous() const;

    // Views: the same storage, new shape / strides / offset. Failures carry PyTorch's wording,
    // e.g. "view size is not compatible with input tensor's size and stride (at least one
    // dimension spans across two contiguous subspaces). Use .reshape(...) instead."
    Result<TensorLayout> transpose(std::int64_t dim0, std::int64_t dim1) const;  // negative dims ok
    Result<TensorLayout> permute(const std::vector<std::int64_t>& dims) const;
    Result<TensorLayout> slice(std::int64_t dim, std::int64_t start, std::int64_t stop,
                               std::int64_t step = 1) const;  // t[..., start:stop:step, ...]
    Result<TensorLayout> view(const std::vector<std::int64_t>& shape) const;  // one -1 allowed
    // .contiguous(): itself when already contiguous, else a row-major copy in new storage
    // starting at newStorageBase.
    TensorLayout contiguousCopy(std::uint64_t newStorageBase) const;

    // Storage element offset / byte address of one element (index must be in range).
    std::int64_t storageIndex(const std::vector<std::int64_t>& index) const;
    std::uint64_t address(const std::vector<std::int64_t>& index) const;
    // Every element's storage index, in logical (row-major index) order: what a loop over the
    // tensor touches.
    std::vector<std::int64_t> storageIndicesInLogicalOrder() const;
    // Loads of every element in logical order, feeding the cache simulator.
    std::vector<MemoryAccess> logicalOrderAccesses() const;

    // "shape (2, 3), stride (3, 1), offset 0, contiguous" for labels and the CLI.
    std::string describe() const;

private:
    TensorLayout() = default;
    std::vector<std::int64_t> shape_;
    std::vector<std::int64_t> strides_;
    std::int64_t offset_ = 0;
    std::uint32_t elementBytes_ = 4;
    std::uint64_t storageBase_ = 0;
};

}  // namespace mlsyslab::memory
