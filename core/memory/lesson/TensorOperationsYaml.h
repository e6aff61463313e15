#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lesson/StateFields.h"
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

}  // namespace mlsyslab::lesson::kinds
