#include "memory/TensorOperation.h"

#include <limits>
#include <utility>

#include "common/Concat.h"

namespace mlsyslab::memory {

namespace {

std::string argumentList(const std::vector<std::int64_t>& values) {
    std::string text;
    for (std::size_t index = 0; index < values.size(); ++index) {
        if (index > 0) text += ", ";
        text += std::to_string(values[index]);
    }
    return text;
}

// "1:3", "::2", ":", "-2:": one Python slice, omitting what Python lets one omit.
std::string sliceText(const TensorOperation& operation) {
    std::string text;
    if (operation.start) text += std::to_string(*operation.start);
    text += ":";
    if (operation.stop) text += std::to_string(*operation.stop);
    if (operation.step != 1) text += concat(":", std::to_string(operation.step));
    return text;
}

// Transpose, permute and view carry nothing but their list of dimensions.
TensorOperation operationOnDims(TensorOperation::Kind kind, std::vector<std::int64_t> dims) {
    TensorOperation operation;
    operation.kind = kind;
    operation.dims = std::move(dims);
    return operation;
}

}  // namespace

TensorOperation TensorOperation::transpose(std::int64_t dim0, std::int64_t dim1) {
    return operationOnDims(Kind::Transpose, {dim0, dim1});
}

TensorOperation TensorOperation::permute(std::vector<std::int64_t> order) {
    return operationOnDims(Kind::Permute, std::move(order));
}

TensorOperation TensorOperation::slice(std::int64_t dim, std::optional<std::int64_t> start,
                                       std::optional<std::int64_t> stop, std::int64_t step) {
    TensorOperation operation;
    operation.kind = Kind::Slice;
    operation.dim = dim;
    operation.start = start;
    operation.stop = stop;
    operation.step = step;
    return operation;
}

TensorOperation TensorOperation::view(std::vector<std::int64_t> shape) {
    return operationOnDims(Kind::View, std::move(shape));
}

TensorOperation TensorOperation::contiguous() { return {}; }

Result<TensorLayout> applyTensorOperation(const TensorLayout& layout,
                                          const TensorOperation& operation,
                                          std::uint64_t copyBase) {
    switch (operation.kind) {
        case TensorOperation::Kind::Transpose:
            if (operation.dims.size() != 2) {
                return Result<TensorLayout>::failure(
                    concat("transpose() takes two dimensions, not ",
                           std::to_string(operation.dims.size())));
            }
            return layout.transpose(operation.dims[0], operation.dims[1]);
        case TensorOperation::Kind::Permute:
            return layout.permute(operation.dims);
        case TensorOperation::Kind::Slice:
            // An omitted start is 0 and an omitted stop is the end, as in Python.
            return layout.slice(operation.dim, operation.start.value_or(0),
                                operation.stop.value_or(std::numeric_limits<std::int64_t>::max()),
                                operation.step);
        case TensorOperation::Kind::View:
            return layout.view(operation.dims);
        case TensorOperation::Kind::Contiguous:
            return layout.contiguousCopy(copyBase);
    }
    return layout;
}

std::string tensorOperationText(const TensorOperation& operation) {
    switch (operation.kind) {
        case TensorOperation::Kind::Transpose:
            return concat(".transpose(", argumentList(operation.dims), ")");
        case TensorOperation::Kind::Permute:
            return concat(".permute(", argumentList(operation.dims), ")");
        case TensorOperation::Kind::Slice: {
            // Full slices for the dimensions before it: t[:, 1:3]; a negative dimension counts
            // from the end, which Python writes with an ellipsis: t[..., 1:3, :].
            if (operation.dim >= 0) {
                std::string text = "[";
                for (std::int64_t before = 0; before < operation.dim; ++before) text += ":, ";
                return concat(text, sliceText(operation), "]");
            }
            std::string text = concat("[..., ", sliceText(operation));
            for (std::int64_t after = operation.dim + 1; after < 0; ++after) text += ", :";
            return text + "]";
        }
        case TensorOperation::Kind::View:
            return concat(".view(", argumentList(operation.dims), ")");
        case TensorOperation::Kind::Contiguous:
            return ".contiguous()";
    }
    return {};
}

}  // namespace mlsyslab::memory
