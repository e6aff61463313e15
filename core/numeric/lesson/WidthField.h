#pragma once

#include <optional>
#include <span>
#include <vector>

#include "lesson/StateFields.h"

namespace mlsyslab::lesson::kinds {

// A `width` field that takes one of a few register widths: the width, or nothing and the error
// "width must be 4, 8, 16 or 32" (the allowed ones) at the value. Digits are read as the
// number engine reads a typed number, so " 8 " and "+8" are widths too; yaml-cpp's own
// conversion would also take octal and hex.
std::optional<int> readWidthField(const StateField& field, std::span<const int> allowedWidths,
                                  std::vector<StateProblem>& problems);

}  // namespace mlsyslab::lesson::kinds
