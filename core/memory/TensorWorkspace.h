#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/Result.h"
#include "memory/AccessPatterns.h"
#include "memory/TensorLayout.h"
#include "memory/TensorOperation.h"

namespace mlsyslab::memory {

// One buffer of elements. The first holds 0, 1, 2, ... as torch.arange does, so an element's
// value names the place it started in; a copy made by contiguous() holds the values it copied,
// in its own order. That is how a student sees the data move.
struct TensorStorage {
    std::uint64_t base = 0;
    std::uint32_t elementBytes = 4;
    std::vector<std::int64_t> values;

    std::uint64_t address(std::int64_t element) const {
        return base + static_cast<std::uint64_t>(element) * elementBytes;
    }
    std::uint64_t sizeBytes() const { return values.size() * elementBytes; }
};

// Where a layout first fails PyTorch's contiguity test: the dimension (counted from 0), the
// stride it has and the stride a row-major layout needs there.
struct ContiguityBreak {
    std::size_t dim = 0;
    std::int64_t stride = 0;
    std::int64_t expectedStride = 0;
};
std::optional<ContiguityBreak> firstContiguityBreak(const TensorLayout& layout);

// The index of the element at a position of the logical (row-major) order, and back.
std::vector<std::int64_t> indexAtPosition(const std::vector<std::int64_t>& shape,
                                          std::int64_t position);
std::int64_t positionOfIndex(const std::vector<std::int64_t>& shape,
                             const std::vector<std::int64_t>& index);

// Counts over a walk through every element in logical order (what `for x in t.flatten()` reads),
// up to and including the element at `position`.
struct TraversalCounts {
    std::int64_t steps = 0;         // moves from one element to the next
    std::int64_t jumps = 0;         // moves whose distance in memory is not one element forward
    std::int64_t linesEntered = 0;  // moves into a different 64-byte cache line, plus the first
};
// 64 bytes: the cache line of x86-64 and most ARM cores.
constexpr std::uint64_t kTraversalLineBytes = 64;
TraversalCounts traversalCounts(const TensorLayout& layout, std::int64_t position);

// A tensor and its history: the fresh tensor, then the operations applied in order, each a view
// of the storage it reads or, for contiguous(), a copy into a new storage after the last one.
class TensorWorkspace {
public:
    static Result<TensorWorkspace> create(const std::vector<std::int64_t>& shape,
                                          std::uint32_t elementBytes, StorageOrder order,
                                          std::uint64_t storageBase);

    // Applies the operation; on failure nothing changes and PyTorch's message comes back.
    Result<TensorLayout> apply(const TensorOperation& operation);

    const TensorLayout& layout() const { return layouts_.back(); }
    const std::vector<TensorOperation>& operations() const { return operations_; }
    const std::vector<TensorStorage>& storages() const { return storages_; }
    // The storage the tensor reads now (an index into storages()).
    std::size_t currentStorage() const { return storageOfLayout_.back(); }
    // The value at a position of the logical order (0 to elementCount - 1).
    std::int64_t valueAt(std::int64_t position) const;

    // The tensor as PyTorch code: "torch.arange(12, dtype=torch.float32).view(3, 4)" for the
    // fresh row-major tensor (".view(4, 3).T" or ".permute(...)" reverses the dimensions for
    // a column-major one), then each operation: ".transpose(0, 1)", "[:, ::2]", ...
    std::string creationText(std::string_view dtypeName) const;
    std::vector<std::string> operationTexts() const;

private:
    TensorWorkspace() = default;
    StorageOrder order_ = StorageOrder::RowMajor;
    std::vector<TensorLayout> layouts_;  // the fresh tensor, then one per operation
    std::vector<std::size_t> storageOfLayout_;
    std::vector<TensorOperation> operations_;
    std::vector<TensorStorage> storages_;
};

}  // namespace mlsyslab::memory
