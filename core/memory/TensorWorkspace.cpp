#include "memory/TensorWorkspace.h"

#include <algorithm>
#include <utility>

#include "common/Concat.h"

namespace mlsyslab::memory {

namespace {

// A copy starts at the next 256-byte boundary after the last storage: clear of it, and at an
// address that reads well ("0x1100").
constexpr std::uint64_t kCopyAlignmentBytes = 256;

std::uint64_t roundUp(std::uint64_t value, std::uint64_t multiple) {
    return (value + multiple - 1) / multiple * multiple;
}

std::string joined(const std::vector<std::int64_t>& values) {
    std::string text;
    for (std::size_t index = 0; index < values.size(); ++index) {
        if (index > 0) text += ", ";
        text += std::to_string(values[index]);
    }
    return text;
}

}  // namespace

std::optional<ContiguityBreak> firstContiguityBreak(const TensorLayout& layout) {
    if (layout.elementCount() == 0) return std::nullopt;
    std::int64_t expected = 1;
    for (std::size_t dim = layout.rank(); dim > 0; --dim) {
        const std::size_t at = dim - 1;
        if (layout.shape()[at] == 1) continue;
        if (layout.strides()[at] != expected) {
            return ContiguityBreak{at, layout.strides()[at], expected};
        }
        expected *= layout.shape()[at];
    }
    return std::nullopt;
}

std::vector<std::int64_t> indexAtPosition(const std::vector<std::int64_t>& shape,
                                          std::int64_t position) {
    std::vector<std::int64_t> index(shape.size(), 0);
    for (std::size_t dim = shape.size(); dim > 0; --dim) {
        const std::int64_t size = std::max<std::int64_t>(shape[dim - 1], 1);
        index[dim - 1] = position % size;
        position /= size;
    }
    return index;
}

std::int64_t positionOfIndex(const std::vector<std::int64_t>& shape,
                             const std::vector<std::int64_t>& index) {
    std::int64_t position = 0;
    for (std::size_t dim = 0; dim < shape.size() && dim < index.size(); ++dim) {
        position = position * shape[dim] + index[dim];
    }
    return position;
}

TraversalCounts traversalCounts(const TensorLayout& layout, std::int64_t position) {
    const std::vector<std::int64_t> order = layout.storageIndicesInLogicalOrder();
    TraversalCounts counts;
    if (order.empty() || position < 0) return counts;
    const auto last = std::min<std::int64_t>(position, static_cast<std::int64_t>(order.size()) - 1);
    const auto lineOf = [&](std::int64_t element) {
        return (layout.storageBase() +
                static_cast<std::uint64_t>(element) * layout.elementBytes()) /
               kTraversalLineBytes;
    };
    counts.linesEntered = 1;
    for (std::int64_t step = 1; step <= last; ++step) {
        const std::int64_t from = order[static_cast<std::size_t>(step - 1)];
        const std::int64_t to = order[static_cast<std::size_t>(step)];
        ++counts.steps;
        if (to - from != 1) ++counts.jumps;
        if (lineOf(to) != lineOf(from)) ++counts.linesEntered;
    }
    return counts;
}

Result<TensorWorkspace> TensorWorkspace::create(const std::vector<std::int64_t>& shape,
                                                std::uint32_t elementBytes, StorageOrder order,
                                                std::uint64_t storageBase) {
    auto fresh = TensorLayout::contiguous(shape, elementBytes, order, storageBase);
    if (!fresh) return Result<TensorWorkspace>::failure(fresh.error());
    TensorWorkspace workspace;
    workspace.order_ = order;
    TensorStorage storage{storageBase, elementBytes, {}};
    storage.values.resize(static_cast<std::size_t>(fresh->elementCount()));
    for (std::size_t element = 0; element < storage.values.size(); ++element) {
        storage.values[element] = static_cast<std::int64_t>(element);
    }
    workspace.storages_.push_back(std::move(storage));
    workspace.layouts_.push_back(*fresh);
    workspace.storageOfLayout_.push_back(0);
    return workspace;
}

Result<TensorLayout> TensorWorkspace::apply(const TensorOperation& operation) {
    const TensorStorage& last = storages_.back();
    const std::uint64_t copyBase = roundUp(last.base + last.sizeBytes() + 1, kCopyAlignmentBytes);
    auto next = applyTensorOperation(layout(), operation, copyBase);
    if (!next) return next;
    std::size_t storage = currentStorage();
    if (next->storageBase() != layout().storageBase()) {
        // contiguous() copied: the new storage holds the values in logical order.
        TensorStorage copy{copyBase, layout().elementBytes(), {}};
        for (const std::int64_t element : layout().storageIndicesInLogicalOrder()) {
            copy.values.push_back(storages_[storage].values[static_cast<std::size_t>(element)]);
        }
        storages_.push_back(std::move(copy));
        storage = storages_.size() - 1;
    }
    layouts_.push_back(*next);
    storageOfLayout_.push_back(storage);
    operations_.push_back(operation);
    return next;
}

std::int64_t TensorWorkspace::valueAt(std::int64_t position) const {
    const std::vector<std::int64_t> order = layout().storageIndicesInLogicalOrder();
    const std::int64_t element = order.at(static_cast<std::size_t>(position));
    return storages_[currentStorage()].values.at(static_cast<std::size_t>(element));
}

std::string TensorWorkspace::creationText(std::string_view dtypeName) const {
    const TensorLayout& fresh = layouts_.front();
    std::vector<std::int64_t> shape = fresh.shape();
    std::string text = concat("torch.arange(", std::to_string(fresh.elementCount()),
                              ", dtype=torch.", dtypeName, ")");
    if (order_ == StorageOrder::RowMajor || shape.size() < 2) {
        return concat(text, ".view(", joined(shape), ")");
    }
    // Column-major is row-major with the dimensions reversed: view the reversed shape, then
    // reverse the dimensions back.
    std::vector<std::int64_t> reversed(shape.rbegin(), shape.rend());
    if (shape.size() == 2) return concat(text, ".view(", joined(reversed), ").T");
    std::vector<std::int64_t> order;
    for (std::size_t dim = shape.size(); dim > 0; --dim) {
        order.push_back(static_cast<std::int64_t>(dim - 1));
    }
    return concat(text, ".view(", joined(reversed), ").permute(", joined(order), ")");
}

std::vector<std::string> TensorWorkspace::operationTexts() const {
    std::vector<std::string> texts;
    for (const TensorOperation& operation : operations_) {
        texts.push_back(tensorOperationText(operation));
    }
    return texts;
}

}  // namespace mlsyslab::memory
