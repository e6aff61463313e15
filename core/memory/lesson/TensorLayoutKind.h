#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/Result.h"
#include "lesson/KindSpec.h"
#include "memory/AccessPatterns.h"
#include "memory/TensorOperation.h"
#include "memory/TensorWorkspace.h"

namespace mlsyslab::lesson::kinds {

// ```sim tensor-layout: a tensor's logical grid beside its storage in memory, and what
// transpose, permute, slicing, view and contiguous() do to the strides.
// Its fields, defaults and values: tensorLayoutKind() below (and docs/lesson-format.md).
// An operation PyTorch refuses is an error at that operation, with PyTorch's message.
inline constexpr std::size_t kTensorMaxDims = 4;
inline constexpr std::int64_t kTensorMaxSize = 16;      // per dimension, so a grid fits a screen
inline constexpr std::int64_t kTensorMaxElements = 64;  // so the storage strip fits a screen

struct TensorDtype {
    std::string_view name;  // as torch spells it after "torch."
    std::uint32_t bytes = 4;

    friend bool operator==(const TensorDtype&, const TensorDtype&) = default;
};
const std::vector<TensorDtype>& tensorDtypes();
std::optional<TensorDtype> findTensorDtype(std::string_view name);

struct TensorLayoutState {
    std::vector<std::int64_t> shape = {3, 4};
    TensorDtype dtype = {"float32", 4};
    memory::StorageOrder order = memory::StorageOrder::RowMajor;
    std::uint64_t base = 0x1000;
    std::vector<memory::TensorOperation> operations;
    std::optional<std::vector<std::int64_t>> selected;  // an index into the tensor after the ops
    bool editable = true;
};

// A shape the simulator can draw: 1 to 4 dimensions of at most 16 each. Nothing when it can,
// else why not, e.g. "the simulator shows 1 to 4 dimensions, not 5".
std::optional<std::string> shownShapeProblem(const std::vector<std::int64_t>& shape);

// Applies an operation when PyTorch allows it and the result can be drawn; otherwise nothing
// changes and the message says why.
Result<memory::TensorLayout> applyShownOperation(memory::TensorWorkspace& workspace,
                                                 const memory::TensorOperation& operation);

// The fresh tensor of a state with its operations applied (those that work, in order).
memory::TensorWorkspace workspaceOf(const TensorLayoutState& state);

const KindSpec<TensorLayoutState>& tensorLayoutKind();

}  // namespace mlsyslab::lesson::kinds
