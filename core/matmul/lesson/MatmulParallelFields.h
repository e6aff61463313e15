#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lesson/SimKindRegistry.h"
#include "lesson/StateFields.h"
#include "matmul/Conv2dCount.h"
#include "matmul/SmallMatrix.h"

namespace mlsyslab::lesson::kinds {

// The values of the matmul-parallel state that are more than one number: matrices, a
// convolution's padding and its kernel size. Each reader gives the value or nothing and an
// error at the exact YAML mark (the offending row or entry where there is one).

// How large a matrix may be and what its entries may hold, so it fits the screen.
struct MatrixLimits {
    int mostRows = 4;
    int mostColumns = 4;
    double largestMagnitude = 100;  // entries from −largest to +largest
    bool wholeNumbers = false;      // integers only (partial sums stay exact and short)
};

// [[1, 2], [3, 4]]: a list of rows, every row a list of the same number of numbers.
std::optional<matmul::SmallMatrix> readMatrixField(const std::string& name, const StateField& field,
                                                   const MatrixLimits& limits,
                                                   std::vector<StateProblem>& problems);

// same | valid | a whole number of zeros on every side, from 0 to mostPixels.
std::optional<matmul::Conv2dPadding> readPaddingField(const std::string& name,
                                                      const StateField& field, int mostPixels,
                                                      std::vector<StateProblem>& problems);

struct KernelSize {
    int height = 3;
    int width = 3;
};

// 3 (a square kernel) or [3, 5] (height, width), each from 1 to mostSide.
std::optional<KernelSize> readKernelField(const std::string& name, const StateField& field,
                                          int mostSide, std::vector<StateProblem>& problems);

}  // namespace mlsyslab::lesson::kinds
