#include "memory/TensorLayout.h"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "common/Concat.h"

namespace mlsyslab::memory {

namespace {

// The largest element count a tensor may have, far beyond anything a lesson shows, so that
// products of sizes and strides stay clear of int64 overflow.
constexpr std::int64_t kMaxElements = std::int64_t{1} << 48;

// "[4, 4]": how PyTorch prints a list of sizes in its messages (c10::ArrayRef's operator<<).
std::string bracketList(const std::vector<std::int64_t>& values) {
    std::string text = "[";
    for (std::size_t index = 0; index < values.size(); ++index) {
        if (index > 0) text += ", ";
        text += std::to_string(values[index]);
    }
    return text + "]";
}

// "(2, 3)", "(3,)", "()": a Python tuple, as .shape and .stride() print.
std::string tupleText(const std::vector<std::int64_t>& values) {
    if (values.size() == 1) return concat("(", std::to_string(values[0]), ",)");
    std::string text = "(";
    for (std::size_t index = 0; index < values.size(); ++index) {
        if (index > 0) text += ", ";
        text += std::to_string(values[index]);
    }
    return text + ")";
}

// The product of the sizes, or nothing past kMaxElements.
std::optional<std::int64_t> checkedProduct(const std::vector<std::int64_t>& sizes) {
    std::int64_t product = 1;
    for (const std::int64_t size : sizes) {
        if (size == 0) return 0;
    }
    for (const std::int64_t size : sizes) {
        if (size > kMaxElements / product) return std::nullopt;
        product *= size;
    }
    return product;
}

// Row-major strides as PyTorch computes them for a fresh tensor: a size-0 dimension counts as 1.
std::vector<std::int64_t> rowMajorStrides(const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> strides(shape.size());
    std::int64_t stride = 1;
    for (std::size_t dim = shape.size(); dim > 0; --dim) {
        strides[dim - 1] = stride;
        stride *= std::max<std::int64_t>(shape[dim - 1], 1);
    }
    return strides;
}

std::vector<std::int64_t> columnMajorStrides(const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> strides(shape.size());
    std::int64_t stride = 1;
    for (std::size_t dim = 0; dim < shape.size(); ++dim) {
        strides[dim] = stride;
        stride *= std::max<std::int64_t>(shape[dim], 1);
    }
    return strides;
}

// c10::maybe_wrap_dim: a dimension from -rank to rank - 1, negative ones counted from the end.
// A 0-dim tensor takes dimensions as if it had one (wrap_scalar), as PyTorch's shape ops do.
Result<std::size_t> wrapDimension(std::int64_t dim, std::size_t rank) {
    const std::int64_t dims = rank == 0 ? 1 : static_cast<std::int64_t>(rank);
    const std::int64_t minimum = -dims;
    const std::int64_t maximum = dims - 1;
    if (dim < minimum || dim > maximum) {
        return Result<std::size_t>::failure(
            concat("Dimension out of range (expected to be in range of [", std::to_string(minimum),
                   ", ", std::to_string(maximum), "], but got ", std::to_string(dim), ")"));
    }
    return static_cast<std::size_t>(dim < 0 ? dim + dims : dim);
}

// at::infer_size: the shape with its one -1 worked out, or PyTorch's message.
Result<std::vector<std::int64_t>> inferShape(const std::vector<std::int64_t>& requested,
                                             std::int64_t elementCount) {
    using Shape = std::vector<std::int64_t>;
    std::optional<std::size_t> inferredDim;
    std::int64_t knownProduct = 1;
    bool overflow = false;
    for (std::size_t dim = 0; dim < requested.size(); ++dim) {
        const std::int64_t size = requested[dim];
        if (size == -1) {
            if (inferredDim) return Result<Shape>::failure("only one dimension can be inferred");
            inferredDim = dim;
        } else if (size >= 0) {
            if (size != 0 && knownProduct > kMaxElements / size) overflow = true;
            knownProduct = overflow ? 1 : knownProduct * size;
        } else {
            return Result<Shape>::failure(concat("invalid shape dimension ", std::to_string(size)));
        }
    }
    if (overflow) knownProduct = -1;  // matches nothing below
    const bool exact = knownProduct == elementCount;
    const bool inferable = inferredDim && knownProduct > 0 && elementCount % knownProduct == 0;
    if (!exact && !inferable) {
        return Result<Shape>::failure(concat("shape '", bracketList(requested),
                                             "' is invalid for input of size ",
                                             std::to_string(elementCount)));
    }
    Shape shape = requested;
    if (inferredDim) {
        if (knownProduct == 0) {
            return Result<Shape>::failure(
                concat("cannot reshape tensor of 0 elements into shape ", bracketList(requested),
                       " because the unspecified dimension size -1 can be any value and is "
                       "ambiguous"));
        }
        shape[*inferredDim] = elementCount / knownProduct;
    }
    return shape;
}

// at::detail::computeStride (aten/src/ATen/TensorUtils.cpp, torch 2.x): the strides a view of
// newShape can have over the old shape and strides, or nothing when there are none. The old
// dimensions fall into chunks that are contiguous within themselves (stride[d] = size[d + 1] ·
// stride[d + 1]; a size-1 dimension never ends a chunk); the new shape must split into chunks of
// the same element counts, each laid over one old chunk.
std::optional<std::vector<std::int64_t>> viewStrides(const std::vector<std::int64_t>& oldShape,
                                                     const std::vector<std::int64_t>& oldStrides,
                                                     const std::vector<std::int64_t>& newShape) {
    using Strides = std::vector<std::int64_t>;
    if (oldShape.empty()) return Strides(newShape.size(), 1);
    const std::int64_t elementCount = *checkedProduct(oldShape);
    if (elementCount == 0 && oldShape == newShape) return oldStrides;
    Strides newStrides(newShape.size());
    if (elementCount == 0) {
        // Any strides do; PyTorch takes those of a fresh row-major tensor.
        return rowMajorStrides(newShape);
    }
    auto viewDim = static_cast<std::int64_t>(newShape.size()) - 1;
    std::int64_t chunkBaseStride = oldStrides.back();
    std::int64_t tensorElements = 1;
    std::int64_t viewElements = 1;
    for (auto tensorDim = static_cast<std::int64_t>(oldShape.size()) - 1; tensorDim >= 0;
         --tensorDim) {
        tensorElements *= oldShape[tensorDim];
        const bool chunkEnds =
            tensorDim == 0 || (oldShape[tensorDim - 1] != 1 &&
                               oldStrides[tensorDim - 1] != tensorElements * chunkBaseStride);
        if (!chunkEnds) continue;
        while (viewDim >= 0 && (viewElements < tensorElements || newShape[viewDim] == 1)) {
            newStrides[viewDim] = viewElements * chunkBaseStride;
            viewElements *= newShape[viewDim];
            --viewDim;
        }
        if (viewElements != tensorElements) return std::nullopt;
        if (tensorDim > 0) {
            chunkBaseStride = oldStrides[tensorDim - 1];
            tensorElements = 1;
            viewElements = 1;
        }
    }
    if (viewDim != -1) return std::nullopt;
    return newStrides;
}

}  // namespace

Result<TensorLayout> TensorLayout::contiguous(std::vector<std::int64_t> shape,
                                              std::uint32_t elementBytes, StorageOrder order,
                                              std::uint64_t storageBase) {
    for (const std::int64_t size : shape) {
        if (size < 0) {
            return Result<TensorLayout>::failure(
                concat("Trying to create tensor with negative dimension ", std::to_string(size),
                       ": ", bracketList(shape)));
        }
    }
    if (!checkedProduct(shape)) {
        return Result<TensorLayout>::failure(
            concat("a tensor of shape ", bracketList(shape), " has too many elements"));
    }
    if (elementBytes == 0) {
        return Result<TensorLayout>::failure("an element must be at least 1 byte wide");
    }
    TensorLayout layout;
    layout.strides_ =
        order == StorageOrder::RowMajor ? rowMajorStrides(shape) : columnMajorStrides(shape);
    layout.shape_ = std::move(shape);
    layout.elementBytes_ = elementBytes;
    layout.storageBase_ = storageBase;
    return layout;
}

std::vector<std::int64_t> TensorLayout::byteStrides() const {
    std::vector<std::int64_t> bytes = strides_;
    for (std::int64_t& stride : bytes) stride *= elementBytes_;
    return bytes;
}

std::int64_t TensorLayout::elementCount() const { return *checkedProduct(shape_); }

bool TensorLayout::isContiguous() const {
    // c10's _compute_contiguous: an empty tensor is contiguous; otherwise every dimension of
    // size other than 1 must have the stride of a row-major layout of the dimensions after it.
    if (elementCount() == 0) return true;
    std::int64_t expected = 1;
    for (std::size_t dim = shape_.size(); dim > 0; --dim) {
        const std::int64_t size = shape_[dim - 1];
        if (size == 1) continue;
        if (strides_[dim - 1] != expected) return false;
        expected *= size;
    }
    return true;
}

Result<TensorLayout> TensorLayout::transpose(std::int64_t dim0, std::int64_t dim1) const {
    const auto first = wrapDimension(dim0, rank());
    if (!first) return Result<TensorLayout>::failure(first.error());
    const auto second = wrapDimension(dim1, rank());
    if (!second) return Result<TensorLayout>::failure(second.error());
    TensorLayout result = *this;
    if (rank() == 0) return result;
    std::swap(result.shape_[*first], result.shape_[*second]);
    std::swap(result.strides_[*first], result.strides_[*second]);
    return result;
}

Result<TensorLayout> TensorLayout::permute(const std::vector<std::int64_t>& dims) const {
    // at::native::_permute_size_stride_estimation keeps the sparse_coo prefix on the strided path.
    if (dims.size() != rank()) {
        return Result<TensorLayout>::failure(concat(
            "permute(sparse_coo): number of dimensions in the tensor input does not match the "
            "length of the desired ordering of dimensions i.e. input.dim() = ",
            std::to_string(rank()), " is not equal to len(dims) = ", std::to_string(dims.size())));
    }
    TensorLayout result = *this;
    std::vector<bool> seen(rank(), false);
    for (std::size_t position = 0; position < dims.size(); ++position) {
        const auto dim = wrapDimension(dims[position], rank());
        if (!dim) return Result<TensorLayout>::failure(dim.error());
        if (seen[*dim]) {
            return Result<TensorLayout>::failure("permute(): duplicate dims are not allowed.");
        }
        seen[*dim] = true;
        result.shape_[position] = shape_[*dim];
        result.strides_[position] = strides_[*dim];
    }
    return result;
}

Result<TensorLayout> TensorLayout::slice(std::int64_t dim, std::int64_t start, std::int64_t stop,
                                         std::int64_t step) const {
    if (rank() == 0) {
        return Result<TensorLayout>::failure("slice() cannot be applied to a 0-dim tensor.");
    }
    const auto wrapped = wrapDimension(dim, rank());
    if (!wrapped) return Result<TensorLayout>::failure(wrapped.error());
    // What Python says for t[::0] (the slice object refuses it) and PyTorch for t[::-1].
    if (step == 0) return Result<TensorLayout>::failure("slice step cannot be zero");
    if (step < 0) return Result<TensorLayout>::failure("step must be greater than zero");
    const std::int64_t size = shape_[*wrapped];
    // Python's clamping: a negative bound counts from the end, then both are kept in [0, size],
    // and a stop before the start gives an empty slice. Halved limits keep the sums in range.
    const std::int64_t limit = std::numeric_limits<std::int64_t>::max() / 2;
    start = std::clamp(start, -limit, limit);
    stop = std::clamp(stop, -limit, limit);
    if (start < 0) start += size;
    if (stop < 0) stop += size;
    start = std::clamp<std::int64_t>(start, 0, size);
    stop = std::clamp<std::int64_t>(stop, start, size);
    TensorLayout result = *this;
    if (__builtin_mul_overflow(strides_[*wrapped], step, &result.strides_[*wrapped])) {
        return Result<TensorLayout>::failure(
            concat("slice step ", std::to_string(step), " is too large"));
    }
    result.offset_ = offset_ + start * strides_[*wrapped];
    const std::int64_t length = stop - start;
    result.shape_[*wrapped] = length / step + (length % step != 0 ? 1 : 0);
    return result;
}

Result<TensorLayout> TensorLayout::view(const std::vector<std::int64_t>& shape) const {
    const auto inferred = inferShape(shape, elementCount());
    if (!inferred) return Result<TensorLayout>::failure(inferred.error());
    const auto strides = viewStrides(shape_, strides_, *inferred);
    if (!strides) {
        return Result<TensorLayout>::failure(
            "view size is not compatible with input tensor's size and stride (at least one "
            "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
    }
    TensorLayout result = *this;
    result.shape_ = *inferred;
    result.strides_ = *strides;
    return result;
}

TensorLayout TensorLayout::contiguousCopy(std::uint64_t newStorageBase) const {
    if (isContiguous()) return *this;
    TensorLayout copy = *this;
    copy.strides_ = rowMajorStrides(shape_);
    copy.offset_ = 0;
    copy.storageBase_ = newStorageBase;
    return copy;
}

std::int64_t TensorLayout::storageIndex(const std::vector<std::int64_t>& index) const {
    std::int64_t element = offset_;
    const std::size_t dims = std::min(index.size(), rank());
    for (std::size_t dim = 0; dim < dims; ++dim) element += index[dim] * strides_[dim];
    return element;
}

std::uint64_t TensorLayout::address(const std::vector<std::int64_t>& index) const {
    return storageBase_ + static_cast<std::uint64_t>(storageIndex(index)) * elementBytes_;
}

std::vector<std::int64_t> TensorLayout::storageIndicesInLogicalOrder() const {
    const std::int64_t count = elementCount();
    std::vector<std::int64_t> indices;
    indices.reserve(static_cast<std::size_t>(count));
    if (count == 0) return indices;
    // An odometer over the index, last dimension fastest, tracking the storage element as it goes.
    std::vector<std::int64_t> index(rank(), 0);
    std::int64_t element = offset_;
    for (std::int64_t visited = 0; visited < count; ++visited) {
        indices.push_back(element);
        for (std::size_t dim = rank(); dim > 0; --dim) {
            const std::size_t at = dim - 1;
            if (++index[at] < shape_[at]) {
                element += strides_[at];
                break;
            }
            element -= (shape_[at] - 1) * strides_[at];
            index[at] = 0;
        }
    }
    return indices;
}

std::vector<MemoryAccess> TensorLayout::logicalOrderAccesses() const {
    std::vector<MemoryAccess> accesses;
    for (const std::int64_t element : storageIndicesInLogicalOrder()) {
        accesses.push_back({AccessKind::Load,
                            storageBase_ + static_cast<std::uint64_t>(element) * elementBytes_,
                            elementBytes_});
    }
    return accesses;
}

std::string TensorLayout::describe() const {
    return concat("shape ", tupleText(shape_), ", stride ", tupleText(strides_), ", offset ",
                  std::to_string(offset_), isContiguous() ? ", contiguous" : ", not contiguous");
}

}  // namespace mlsyslab::memory
