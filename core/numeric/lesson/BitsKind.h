#pragma once

#include <yaml-cpp/yaml.h>

#include <vector>

#include "lesson/KindSpec.h"
#include "numeric/BitPattern.h"

namespace mlsyslab::lesson::kinds {

// ```sim bits: one group of bits (a byte by default) with its readings.
//   width: 4, 8, 16 or 32           (default 8)
//   value: 65 | -42 | "0x41" | "0b01000001"   (default 0; decimal in the signed or the
//          unsigned range of the width, or a hex / binary string that fits)
inline constexpr int kBitsWidths[] = {4, 8, 16, 32};

struct BitsState {
    numeric::BitPattern pattern{8, 0};
};



const KindSpec<BitsState>& bitsKind();

}  // namespace mlsyslab::lesson::kinds
