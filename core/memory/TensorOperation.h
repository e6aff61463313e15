#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/Result.h"
#include "memory/TensorLayout.h"

namespace mlsyslab::memory {

// One operation a lesson or a student applies to a tensor, as PyTorch spells it.
struct TensorOperation {
    enum class Kind : std::uint8_t { Transpose, Permute, Slice, View, Contiguous };

    Kind kind = Kind::Contiguous;
    // Transpose: the two dimensions; permute: the new order; view: the new shape (one -1 allowed).
    std::vector<std::int64_t> dims;
    // Slice: t[..., start:stop:step, ...] along `dim`; a missing bound is Python's omitted one.
    std::int64_t dim = 0;
    std::optional<std::int64_t> start;
    std::optional<std::int64_t> stop;
    std::int64_t step = 1;

    static TensorOperation transpose(std::int64_t dim0, std::int64_t dim1);
    static TensorOperation permute(std::vector<std::int64_t> order);
    static TensorOperation slice(std::int64_t dim, std::optional<std::int64_t> start,
                                 std::optional<std::int64_t> stop, std::int64_t step = 1);
    static TensorOperation view(std::vector<std::int64_t> shape);
    static TensorOperation contiguous();

    friend bool operator==(const TensorOperation&, const TensorOperation&) = default;
};

// The operation applied to `layout`: a view of the same storage, or for contiguous() a copy in
// new storage at copyBase when the tensor is not contiguous. Failures carry PyTorch's message.
Result<TensorLayout> applyTensorOperation(const TensorLayout& layout,
                                          const TensorOperation& operation, std::uint64_t copyBase);

// The operation as Python code after a tensor's name: ".transpose(0, 1)", ".permute(2, 0, 1)",
// "[:, 1:3]", "[::2]", "[..., ::2]" (dim -1), ".view(4, 3)", ".contiguous()".
std::string tensorOperationText(const TensorOperation& operation);

}  // namespace mlsyslab::memory
