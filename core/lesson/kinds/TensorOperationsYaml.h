#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lesson/SimKindRegistry.h"
#include "memory/TensorOperation.h"

namespace mlsyslab::lesson::kinds {

// The `ops` list of a tensor-layout state, read without applying it: each item is one
// operation, a map with one key (transpose, permute, slice, view or contiguous).
struct ReadTensorOperation {
    memory::TensorOperation operation;
    YAML::Mark mark;  // of the operation's name, where a failure to apply it is reported
};

// The operations before the first malformed one, in order, with a problem for each malformed one.
std::vector<ReadTensorOperation> readTensorOperations(const YAML::Node& list,
                                                      const YAML::Mark& listMark,
                                                      std::vector<StateProblem>& problems);

// "-3", "+2", "12": a whole number with an optional sign; nothing for anything else
// (yaml-cpp's own conversion would also take octal and hex).
std::optional<std::int64_t> parseSignedWhole(std::string_view text);

// A YAML list of whole numbers, like [2, 0, 1], or nothing and an error at the list (or at the
// offending item) "NAME must be ..." with `expected` saying what.
std::optional<std::vector<std::int64_t>> readWholeNumberList(const std::string& name,
                                                             const YAML::Node& node,
                                                             const YAML::Mark& mark,
                                                             std::string_view expected,
                                                             std::vector<StateProblem>& problems);

}  // namespace mlsyslab::lesson::kinds
