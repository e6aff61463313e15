#pragma once

#include <optional>
#include <string>
#include <vector>

#include "matmul/DotProductThreads.h"
#include "matmul/SmallMatrix.h"

namespace mlsyslab::matmul {

// C = A · B the way a GPU runs the seed's naive kernel: output C[i][j] is the dot product of
// row i of A and column j of B, and each one has its own thread. Thread (i, j)'s term k is
// A[i][k] · B[k][j], so with M·N threads at once all of C takes K steps instead of M·N·K.

// The worked example: A is 2×3 and B 3×3, so C has 6 outputs, each a dot product of 3 terms
// (6 threads × 3 steps in parallel, 18 multiply-adds one at a time).
SmallMatrix exampleMatmulLeft();
SmallMatrix exampleMatmulRight();

// Why A · B cannot be multiplied (A's columns differ from B's rows), or nothing.
std::optional<std::string> matmulShapeProblem(const SmallMatrix& a, const SmallMatrix& b);

// One thread per output, row after row (thread i·N + j computes C[i][j]). A and B must fit.
std::vector<OutputThread> matmulThreads(const SmallMatrix& a, const SmallMatrix& b);

}  // namespace mlsyslab::matmul
