#pragma once

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

#include "memory/TensorLayout.h"
#include "memory/TensorWorkspace.h"

namespace mlsyslab::widgets {

// How the `tensor-layout` simulator writes shapes, strides, indices and addresses.

// "(3, 4)", "(12,)": a Python tuple, as .shape and .stride() print.
QString tupleText(const std::vector<std::int64_t>& values);
// "0x1018": hex digits in upper case, at least four.
QString hexAddress(std::uint64_t address);
// "[1, 2]", and with the tensor's name "t[1, 2]".
QString indexText(const std::vector<std::int64_t>& index);
QString elementText(const std::vector<std::int64_t>& index);
// "t[1, 2] → offset 0 + 1·4 + 2·1 = 6 → address 0x1000 + 6·4 = 0x1018": how the index becomes
// a storage element and a byte address.
QString addressFormulaText(const memory::TensorLayout& layout,
                           const std::vector<std::int64_t>& index);
// "True" or "False: dim 0 has stride 1 where row-major order needs 4".
QString contiguityText(const memory::TensorLayout& layout);
// "t = torch.arange(12, dtype=torch.float32).view(3, 4)" then one operation per line:
// "t = t.transpose(0, 1)".
QString expressionText(const memory::TensorWorkspace& workspace, std::string_view dtypeName);
// The move from one element to the next in logical order, e.g. "move 3: storage element 8 → 1,
// −7 elements (−28 bytes): a jump" or "… +1 element (+4 bytes): the next one in memory".
QString moveText(const memory::TensorLayout& layout, std::int64_t position);
// "So far: 2 of 3 moves were jumps; 64-byte cache lines entered: 1. The whole loop: ...".
QString traversalText(const memory::TensorLayout& layout, std::int64_t position);

}  // namespace mlsyslab::widgets
