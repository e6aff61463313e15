#pragma once

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// `bench matmul [--backends LIST] [--sizes LIST] [--threads N] [--repeat R] [--json | --csv]`:
// every backend of the ladder (naive loops to OpenBLAS, the CUDA kernels and cuBLAS) timed on
// this machine for each size, each result checked against a float64 reference; the
// unavailable ones say why.
Command benchMatmulCommand();

}  // namespace mlsyslab::cli
