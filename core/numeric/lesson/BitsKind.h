#pragma once

#include <yaml-cpp/yaml.h>

#include <vector>

#include "lesson/KindSpec.h"
#include "numeric/BitPattern.h"

namespace mlsyslab::lesson::kinds {

// ```sim bits: one group of bits (a byte by default) with its readings.
// Its fields, defaults and values: bitsKind() below (and docs/lesson-format.md).
inline constexpr int kBitsWidths[] = {4, 8, 16, 32};

struct BitsState {
    numeric::BitPattern pattern{8, 0};
};



const KindSpec<BitsState>& bitsKind();

}  // namespace mlsyslab::lesson::kinds
