#include "memory/lesson/TensorLayoutKind.h"

#include <charconv>
#include <utility>

#include "lesson/KindFields.h"
#include "memory/lesson/TensorOperationsYaml.h"

namespace mlsyslab::lesson::kinds {

namespace {

using memory::StorageOrder;
using memory::TensorWorkspace;

// Beyond any address a lesson needs, and small enough that no address computation overflows.
constexpr std::uint64_t kMaxBase = 0xFF'FFFF'FFFF;

std::string tupleText(const std::vector<std::int64_t>& values) {
    std::string text = "(";
    for (std::size_t index = 0; index < values.size(); ++index) {
        if (index > 0) text += ", ";
        text += std::to_string(values[index]);
    }
    return text + (values.size() == 1 ? ",)" : ")");
}

// "0x1000" or "4096".
std::optional<std::uint64_t> parseAddress(std::string_view text) {
    int radix = 10;
    if (text.starts_with("0x") || text.starts_with("0X")) {
        text.remove_prefix(2);
        radix = 16;
    }
    std::uint64_t address = 0;
    const auto [end, error] =
        std::from_chars(text.data(), text.data() + text.size(), address, radix);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return address;
}

void readShape(const StateField& field, TensorLayoutState& state,
               std::vector<StateProblem>& problems) {
    constexpr std::string_view expected = "a list of 1 to 4 sizes like [3, 4]";
    auto shape = readWholeNumberList("shape", field.value, field.problemMark(), expected, problems);
    if (!shape) return;
    if (shape->empty() || shape->size() > kTensorMaxDims) {
        addStateError(problems, field.problemMark(), concat("shape must be ", expected));
        return;
    }
    std::int64_t elements = 1;
    for (std::size_t dim = 0; dim < shape->size(); ++dim) {
        const std::int64_t size = (*shape)[dim];
        if (size < 1 || size > kTensorMaxSize) {
            addStateError(problems, field.value[dim].Mark(),
                          concat("shape: each size must be from 1 to ",
                                 std::to_string(kTensorMaxSize), ", not ", std::to_string(size)));
            return;
        }
        elements *= size;
    }
    if (elements > kTensorMaxElements) {
        addStateError(
            problems, field.problemMark(),
            concat("shape ", tupleText(*shape), " has ", std::to_string(elements),
                   " elements; the simulator shows at most ", std::to_string(kTensorMaxElements)));
        return;
    }
    state.shape = *shape;
}

void readBase(const StateField& field, TensorLayoutState& state,
              std::vector<StateProblem>& problems) {
    const auto address = parseAddress(scalarText(field));
    if (!address || *address > kMaxBase) {
        addStateError(problems, field.problemMark(),
                      "base must be an address like 0x1000: a whole number, or hex digits after "
                      "0x, up to 0xFFFFFFFFFF");
        return;
    }
    if (*address % state.dtype.bytes != 0) {
        addStateError(problems, field.problemMark(),
                      concat("base must be a multiple of ", std::to_string(state.dtype.bytes),
                             ", the size of a ", state.dtype.name, " element"));
        return;
    }
    state.base = *address;
}

// The selected element as an index in range (negative numbers count from the end, as in
// Python), or nothing and PyTorch's message.
void readSelection(const StateField& field, const memory::TensorLayout& layout,
                   TensorLayoutState& state, std::vector<StateProblem>& problems) {
    constexpr std::string_view expected = "an index like [1, 2], one number per dimension";
    auto index =
        readWholeNumberList("select", field.value, field.problemMark(), expected, problems);
    if (!index) return;
    if (index->size() != layout.rank()) {
        addStateError(problems, field.problemMark(),
                      concat("select must have one number per dimension: the tensor has ",
                             std::to_string(layout.rank()),
                             layout.rank() == 1 ? " dimension, " : " dimensions, ", "shape ",
                             tupleText(layout.shape())));
        return;
    }
    for (std::size_t dim = 0; dim < index->size(); ++dim) {
        const std::int64_t size = layout.shape()[dim];
        std::int64_t& position = (*index)[dim];
        if (position < -size || position >= size) {
            addStateError(
                problems, field.value[dim].Mark(),
                concat("index ", std::to_string(position), " is out of bounds for dimension ",
                       std::to_string(dim), " with size ", std::to_string(size)));
            return;
        }
        if (position < 0) position += size;
    }
    state.selected = *index;
}

// The dtypes as choices, by the name torch spells them with.
std::vector<std::pair<std::string, TensorDtype>> dtypeChoices() {
    std::vector<std::pair<std::string, TensorDtype>> choices;
    for (const TensorDtype& dtype : tensorDtypes()) choices.emplace_back(dtype.name, dtype);
    return choices;
}

// base must be a multiple of the element size, so it waits for dtype; ops are applied to the
// tensor that shape, dtype, order and base make, and select indexes the result.
void readDependentFields(const StateFields& fields, TensorLayoutState& state,
                         std::vector<StateProblem>& problems) {
    if (const StateField* field = fields.find("base")) readBase(*field, state, problems);

    std::vector<ReadTensorOperation> operations;
    if (const StateField* field = fields.find("ops")) {
        operations = readTensorOperations(field->value, field->problemMark(), problems);
    }
    TensorWorkspace workspace =
        *TensorWorkspace::create(state.shape, state.dtype.bytes, state.order, state.base);
    for (const ReadTensorOperation& operation : operations) {
        const auto applied = applyShownOperation(workspace, operation.operation);
        if (!applied) {
            addStateError(problems, operation.mark, applied.error());
            break;
        }
        state.operations.push_back(operation.operation);
    }
    if (const StateField* field = fields.find("select")) {
        readSelection(*field, workspace.layout(), state, problems);
    }
}

}  // namespace

const std::vector<TensorDtype>& tensorDtypes() {
    static const std::vector<TensorDtype> dtypes = {
        {"float64", 8}, {"float32", 4}, {"float16", 2}, {"bfloat16", 2},
        {"int64", 8},   {"int32", 4},   {"int8", 1},    {"uint8", 1},
    };
    return dtypes;
}

std::optional<TensorDtype> findTensorDtype(std::string_view name) {
    for (const TensorDtype& dtype : tensorDtypes()) {
        if (dtype.name == name) return dtype;
    }
    return std::nullopt;
}

std::optional<std::string> shownShapeProblem(const std::vector<std::int64_t>& shape) {
    if (shape.empty() || shape.size() > kTensorMaxDims) {
        return concat("the simulator shows tensors of 1 to 4 dimensions, not ",
                      std::to_string(shape.size()));
    }
    for (const std::int64_t size : shape) {
        if (size > kTensorMaxSize) {
            return concat("the simulator shows dimensions of size at most ",
                          std::to_string(kTensorMaxSize), ", not ", std::to_string(size));
        }
    }
    return std::nullopt;
}

Result<memory::TensorLayout> applyShownOperation(TensorWorkspace& workspace,
                                                 const memory::TensorOperation& operation) {
    // Try it on the layout alone first, so that a result too big to draw changes nothing.
    const auto trial = applyTensorOperation(workspace.layout(), operation, 0);
    if (!trial) return trial;
    if (const auto problem = shownShapeProblem(trial->shape())) {
        return Result<memory::TensorLayout>::failure(
            concat(*problem, ": ", memory::tensorOperationText(operation), " gives shape ",
                   tupleText(trial->shape())));
    }
    return workspace.apply(operation);
}

TensorWorkspace workspaceOf(const TensorLayoutState& state) {
    auto created = TensorWorkspace::create(state.shape, state.dtype.bytes, state.order, state.base);
    if (!created) {
        const TensorLayoutState defaults;
        created = TensorWorkspace::create(defaults.shape, defaults.dtype.bytes, defaults.order,
                                          defaults.base);
    }
    TensorWorkspace workspace = *created;
    for (const memory::TensorOperation& operation : state.operations) {
        if (!applyShownOperation(workspace, operation)) break;
    }
    return workspace;
}

const KindSpec<TensorLayoutState>& tensorLayoutKind() {
    using State = TensorLayoutState;
    static const KindSpec<State> spec{
        "tensor-layout",
        "a tensor's logical grid beside its storage in memory: strides, offsets, transpose, "
        "slicing, view and contiguous()",
        "the tensor-layout state must be fields like 'shape: [3, 4]', one per line",
        "",
        {
            customField<State>("shape", "`[3, 4]`",
                               "1 to 4 sizes, each 1 to 16, at most 64 elements in all", readShape),
            choiceField<State, TensorDtype>(
                "dtype", &State::dtype, dtypeChoices(),
                "`float64`, `float32`, `float16`, `bfloat16`, `int64`, `int32`, `int8` or "
                "`uint8` (8, 4, 2, 2, 8, 4, 1 and 1 bytes an element)"),
            choiceField<State, StorageOrder>(
                "order", &State::order,
                {{"row-major", StorageOrder::RowMajor},
                 {"column-major", StorageOrder::ColumnMajor}},
                "how the fresh tensor is stored: `row-major` (C, the last index varies fastest) "
                "or `column-major` (Fortran, the first index fastest; in PyTorch, "
                "`torch.arange(12).view(4, 3).T`)"),
            ruleField<State>("base", "`0x1000`",
                             "the byte address of storage element 0, decimal or `0x` hex up to "
                             "`0xFFFFFFFFFF`, a multiple of the element size"),
            ruleField<State>("ops", "none",
                             "operations applied in order to the fresh tensor, one per line "
                             "(below)"),
            ruleField<State>("select", "the first element",
                             "the element selected when the simulator opens, an index into the "
                             "tensor after `ops`, like `[1, 2]`; negative numbers count from the "
                             "end"),
            flagField("editable", &State::editable,
                      "`false`: no operation buttons, only selecting and stepping"),
        },
        readDependentFields};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(tensorLayoutKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
