#pragma once

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// `logic fpadd --format fp16|fp32 A B [--from-bits] [--steps] [--json]`: the sum through the
// floating-point adder datapath (core/logic/FloatAdder.h), as the result's bit pattern; with
// --steps every step of the datapath. Without A and B, one `A B` pair per stdin line.
Command logicFpAddCommand();

}  // namespace mlsyslab::cli
