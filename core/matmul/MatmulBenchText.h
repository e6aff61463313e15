#pragma once

#include <string>

#include "matmul/MatmulShape.h"

namespace mlsyslab::matmul {

// How the runner, the CLI and the views write shapes and errors, so that they read the same
// everywhere.

// "2048" for a cube (M = N = K), else "512x256x1024": the way --sizes takes them.
std::string matmulSizeText(const MatmulShape& shape);
// "512×256×1024" (M×N×K), for messages.
std::string matmulShapeText(const MatmulShape& shape);
// A relative error or tolerance with 3 significant digits: "2.38e-07", "0.0312", "0", "inf".
std::string relativeErrorText(double value);

}  // namespace mlsyslab::matmul
