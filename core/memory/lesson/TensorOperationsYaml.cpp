#include "memory/lesson/TensorOperationsYaml.h"

#include <algorithm>
#include <charconv>

#include "common/Suggestion.h"
#include "lesson/StateFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

using memory::TensorOperation;

const std::vector<std::string> kOperationNames = {"transpose", "permute", "slice", "view",
                                                  "contiguous"};
const std::vector<std::string> kSliceFieldNames = {"dim", "start", "stop", "step"};
constexpr std::string_view kOperationForms =
    "an operation is one of 'transpose: [0, 1]', 'permute: [2, 0, 1]', 'slice: {dim: 1, start: "
    "0, stop: 4, step: 2}', 'view: [4, 3]' or 'contiguous: true'";

// One whole-number field of a slice, or nothing (an omitted bound) when it is empty or ~.
std::optional<std::int64_t> readSliceNumber(const std::string& name, const StateField& field,
                                            bool& wellFormed, std::vector<StateProblem>& problems) {
    if (field.value.IsNull()) return std::nullopt;
    const auto number =
        field.value.IsScalar() ? parseSignedWhole(field.value.Scalar()) : std::nullopt;
    if (!number) {
        addStateError(problems, field.problemMark(),
                      concat("slice ", name, " must be a whole number like 2 or -1"));
        wellFormed = false;
    }
    return number;
}

std::optional<TensorOperation> readSlice(const YAML::Node& node, const YAML::Mark& mark,
                                         std::vector<StateProblem>& problems) {
    if (!node.IsMap()) {
        addStateError(problems, mark,
                      "slice must be a map like {dim: 1, start: 0, stop: 4, step: 2}");
        return std::nullopt;
    }
    const StateFields fields = collectStateFields(node, "slice", kSliceFieldNames, problems);
    bool wellFormed = true;
    TensorOperation slice = TensorOperation::slice(0, std::nullopt, std::nullopt, 1);
    const auto number = [&](const char* name) -> std::optional<std::int64_t> {
        const StateField* field = fields.find(name);
        return field != nullptr ? readSliceNumber(name, *field, wellFormed, problems)
                                : std::nullopt;
    };
    slice.dim = number("dim").value_or(0);
    slice.start = number("start");
    slice.stop = number("stop");
    slice.step = number("step").value_or(1);
    if (!wellFormed) return std::nullopt;
    return slice;
}

std::optional<TensorOperation> readOperation(const std::string& name, const YAML::Node& value,
                                             const YAML::Mark& mark,
                                             std::vector<StateProblem>& problems) {
    // An empty value ("view:") has its mark on the next line, so point at the name instead.
    const YAML::Mark valueMark = value.IsNull() ? mark : value.Mark();
    if (name == "transpose") {
        const auto dims =
            readWholeNumberList(name, value, valueMark, "two dimensions like [0, 1]", problems);
        if (!dims) return std::nullopt;
        if (dims->size() != 2) {
            addStateError(problems, valueMark, "transpose must be two dimensions like [0, 1]");
            return std::nullopt;
        }
        return TensorOperation::transpose((*dims)[0], (*dims)[1]);
    }
    if (name == "permute") {
        const auto order = readWholeNumberList(
            name, value, valueMark, "the new order of the dimensions, like [2, 0, 1]", problems);
        if (!order) return std::nullopt;
        return TensorOperation::permute(*order);
    }
    if (name == "view") {
        const auto shape = readWholeNumberList(
            name, value, valueMark, "the new shape, like [4, 3] (one size may be -1)", problems);
        if (!shape) return std::nullopt;
        return TensorOperation::view(*shape);
    }
    if (name == "slice") return readSlice(value, valueMark, problems);
    // contiguous
    if (!value.IsScalar() || value.Scalar() != "true") {
        addStateError(problems, valueMark,
                      "contiguous takes no arguments: write 'contiguous: true'");
        return std::nullopt;
    }
    return TensorOperation::contiguous();
}

}  // namespace



std::vector<ReadTensorOperation> readTensorOperations(const YAML::Node& list,
                                                      const YAML::Mark& listMark,
                                                      std::vector<StateProblem>& problems) {
    std::vector<ReadTensorOperation> operations;
    if (!list || list.IsNull()) return operations;
    if (!list.IsSequence()) {
        addStateError(problems, listMark,
                      "ops must be a list of operations, one per line like '- transpose: [0, 1]'");
        return operations;
    }
    // After a malformed operation the later ones are still checked, but not kept: applied
    // without it they would act on a tensor the author did not mean.
    bool wellFormedSoFar = true;
    for (const YAML::Node& item : list) {
        if (!item.IsMap() || item.size() != 1) {
            addStateError(problems, item.Mark(), std::string(kOperationForms));
            wellFormedSoFar = false;
            continue;
        }
        // Copies: the iterator hands out a temporary pair.
        const YAML::const_iterator entry = item.begin();
        const YAML::Node key = entry->first;
        const YAML::Node value = entry->second;
        const std::string name = key.IsScalar() ? key.Scalar() : std::string("?");
        if (std::find(kOperationNames.begin(), kOperationNames.end(), name) ==
            kOperationNames.end()) {
            std::string message = concat("unknown operation '", name, "'");
            if (const auto suggestion = closestMatch(name, kOperationNames)) {
                message += concat("; did you mean '", *suggestion, "'?");
            } else {
                message += concat(": ", kOperationForms);
            }
            addStateError(problems, key.Mark(), std::move(message));
            wellFormedSoFar = false;
            continue;
        }
        const auto operation = readOperation(name, value, key.Mark(), problems);
        wellFormedSoFar = wellFormedSoFar && operation.has_value();
        if (wellFormedSoFar) operations.push_back({*operation, key.Mark()});
    }
    return operations;
}

}  // namespace mlsyslab::lesson::kinds
