#pragma once

#include <cstdint>
#include <vector>

#include "matmul/MatmulShape.h"

namespace mlsyslab::matmul {

// The float64 reference every result is checked against, and the check itself.
//
// Tolerance: any float32 algorithm, whatever its summation order and with or without FMA,
// computes each C[i][j] within γ_K · (|A|·|B|)[i][j] of the exact value, where γ_K = K·u/(1−K·u)
// and u = 2⁻²⁴ is float32's unit roundoff (Higham, "Accuracy and Stability of Numerical
// Algorithms", §3.5). The check holds every element to that bound, so the tolerance grows with
// K as rounding error really does, and a wrong index or a lost partial sum fails at once.
struct MatmulReference {
    MatmulShape shape;
    // The rows computed: all of them when the problem is small enough (fullCheckLimitFlops),
    // else rows spread evenly over C, the first and last included.
    std::vector<std::int64_t> rows;
    std::vector<double> exact;     // rows.size() × N: C in float64
    std::vector<double> absolute;  // rows.size() × N: (|A|·|B|) in float64, for the bound
};

// Above this many flops, the reference computes a sample of rows (sampledRowCount) rather than
// all of them, so that checking a 3620² result costs well under a second.
inline constexpr double fullCheckLimitFlops = 2.0 * 1024.0 * 1024.0 * 1024.0;
inline constexpr std::int64_t sampledRowCount = 96;

MatmulReference computeReference(const float* a, const float* b, const MatmulShape& shape);

struct MatmulCheck {
    double maxRelativeError = 0.0;  // max|C − C_ref| / max|C_ref| over the rows checked
    double maxAbsoluteError = 0.0;
    // The bound as a relative error (max of γ_K·(|A||B|) over max|C_ref|), to print beside it.
    double tolerance = 0.0;
    std::int64_t elementsChecked = 0;
    std::int64_t elementsOutsideBound = 0;
    std::int64_t firstBadRow = -1;  // the first element outside its bound, when there is one
    std::int64_t firstBadColumn = -1;
    bool passed() const { return elementsOutsideBound == 0; }
};

MatmulCheck checkAgainstReference(const float* c, const MatmulReference& reference);

// Fills a matrix with reproducible values uniform in [-1, 1) from `seed`.
void fillUniform(float* data, std::int64_t count, std::uint64_t seed);

}  // namespace mlsyslab::matmul
