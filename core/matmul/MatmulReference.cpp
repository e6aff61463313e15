#include "matmul/MatmulReference.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mlsyslab::matmul {

namespace {

// Unit roundoff: half the gap between 1 and the next number (2⁻²⁴ for float32, 2⁻⁵³ for
// float64).
constexpr double floatUnitRoundoff = 0x1p-24;
constexpr double doubleUnitRoundoff = 0x1p-53;

// γ_K = K·u / (1 − K·u): the relative error bound of a K-term dot product (Higham §3.1).
// Infinite once K·u ≥ 1, where the bound says nothing.
double gammaBound(std::int64_t k, double unitRoundoff) {
    const double ku = double(k) * unitRoundoff;
    return ku < 1.0 ? ku / (1.0 - ku) : std::numeric_limits<double>::infinity();
}

// The reference is computed a few rows and a few hundred columns at a time, k outermost: each
// piece of a row of B is read from memory once and used for every row of the group, and the
// group's sums (8 rows × 256 columns × 2 sums × 8 bytes = 32 KiB) stay in the L1 cache. Row by
// row, a 3620² sample would read all of B (52 MB) from memory once per sampled row.
constexpr std::size_t rowsPerGroup = 8;
constexpr std::int64_t columnsPerPiece = 256;

std::vector<std::int64_t> rowsToCheck(const MatmulShape& shape) {
    std::vector<std::int64_t> rows;
    if (shape.flops() <= fullCheckLimitFlops || shape.m <= sampledRowCount) {
        rows.resize(std::size_t(shape.m));
        for (std::int64_t row = 0; row < shape.m; ++row) rows[std::size_t(row)] = row;
        return rows;
    }
    // Evenly spread, first and last included: row r of the sample is r·(M−1)/(count−1).
    for (std::int64_t sample = 0; sample < sampledRowCount; ++sample)
        rows.push_back(sample * (shape.m - 1) / (sampledRowCount - 1));
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

// Checking the seed's 3620² result must take well under a second, so the inner loop is compiled
// for the widest vectors the CPU has (GCC picks the clone when the program loads): float64 sums
// in any order, with or without FMA, stay far inside float32's bound.
#if defined(__GNUC__) && defined(__x86_64__)
#define MLSYSLAB_WIDEST_VECTORS \
    __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define MLSYSLAB_WIDEST_VECTORS
#endif

// The running sums for one sampled row over one piece of columns, and where its terms come
// from.
struct RowPiece {
    const float* aRow;        // A[row][p ...]
    const float* bPiece;      // B[p][firstColumn ...]
    std::int64_t bRowStride;  // N
    double* exactSums;        // the row's float64 sums, columns [firstColumn, ...)
    double* absoluteSums;     // the row's |A||B| sums
    std::int64_t width;
};

// Products of two floats are exact in double (24 + 24 significant bits ≤ 53): the only rounding
// left is the summation's, far below float32's.

// Adds terms p .. p+3. Four terms per pass load and store each running sum once for four
// products.
constexpr std::int64_t termsPerPass = 4;

MLSYSLAB_WIDEST_VECTORS
void addFourTerms(const RowPiece& piece) {
    const double a0 = piece.aRow[0], a1 = piece.aRow[1], a2 = piece.aRow[2], a3 = piece.aRow[3];
    const double magnitude0 = std::fabs(a0), magnitude1 = std::fabs(a1);
    const double magnitude2 = std::fabs(a2), magnitude3 = std::fabs(a3);
    const float* bRow0 = piece.bPiece;
    const float* bRow1 = bRow0 + piece.bRowStride;
    const float* bRow2 = bRow1 + piece.bRowStride;
    const float* bRow3 = bRow2 + piece.bRowStride;
    double* exactSums = piece.exactSums;
    double* absoluteSums = piece.absoluteSums;
    for (std::int64_t j = 0; j < piece.width; ++j) {
        const double b0 = bRow0[j], b1 = bRow1[j], b2 = bRow2[j], b3 = bRow3[j];
        exactSums[j] += a0 * b0 + a1 * b1 + a2 * b2 + a3 * b3;
        absoluteSums[j] += magnitude0 * std::fabs(b0) + magnitude1 * std::fabs(b1) +
                           magnitude2 * std::fabs(b2) + magnitude3 * std::fabs(b3);
    }
}

// Adds term p alone (the last K mod 4 terms).
void addOneTerm(const RowPiece& piece) {
    const double a0 = piece.aRow[0];
    const double magnitude0 = std::fabs(a0);
    for (std::int64_t j = 0; j < piece.width; ++j) {
        const double b0 = piece.bPiece[j];
        piece.exactSums[j] += a0 * b0;
        piece.absoluteSums[j] += magnitude0 * std::fabs(b0);
    }
}

// Rows [firstRow, endRow) of the sample, columns [firstColumn, firstColumn + width).
void computeGroupPiece(const float* a, const float* b, const MatmulShape& shape,
                       MatmulReference& reference, std::size_t firstRow, std::size_t endRow,
                       std::int64_t firstColumn, std::int64_t width) {
    const std::int64_t n = shape.n;
    const std::int64_t k = shape.k;
    for (std::int64_t p = 0; p < k;) {
        const bool fourTerms = k - p >= termsPerPass;
        for (std::size_t sample = firstRow; sample < endRow; ++sample) {
            const std::int64_t sumsOffset = std::int64_t(sample) * n + firstColumn;
            const RowPiece piece{a + reference.rows[sample] * k + p,
                                 b + p * n + firstColumn,
                                 n,
                                 reference.exact.data() + sumsOffset,
                                 reference.absolute.data() + sumsOffset,
                                 width};
            if (fourTerms)
                addFourTerms(piece);
            else
                addOneTerm(piece);
        }
        p += fourTerms ? termsPerPass : 1;
    }
}

}  // namespace

MatmulReference computeReference(const float* a, const float* b, const MatmulShape& shape) {
    MatmulReference reference;
    reference.shape = shape;
    reference.rows = rowsToCheck(shape);
    const std::size_t values = reference.rows.size() * std::size_t(shape.n);
    reference.exact.assign(values, 0.0);
    reference.absolute.assign(values, 0.0);
    for (std::size_t firstRow = 0; firstRow < reference.rows.size(); firstRow += rowsPerGroup) {
        const std::size_t endRow = std::min(reference.rows.size(), firstRow + rowsPerGroup);
        for (std::int64_t firstColumn = 0; firstColumn < shape.n; firstColumn += columnsPerPiece)
            computeGroupPiece(a, b, shape, reference, firstRow, endRow, firstColumn,
                              std::min(columnsPerPiece, shape.n - firstColumn));
    }
    return reference;
}

MatmulCheck checkAgainstReference(const float* c, const MatmulReference& reference) {
    const std::int64_t n = reference.shape.n;
    // The float32 result may be off by γ_K·(|A||B|) (any order, with or without FMA); the
    // float64 reference by γ_K in double, counted twice to cover the rounding of |A||B| itself.
    const double boundFactor = gammaBound(reference.shape.k, floatUnitRoundoff) +
                               2.0 * gammaBound(reference.shape.k, doubleUnitRoundoff);
    MatmulCheck check;
    double maxReference = 0.0;
    double maxBound = 0.0;
    for (std::size_t sample = 0; sample < reference.rows.size(); ++sample) {
        const std::int64_t row = reference.rows[sample];
        for (std::int64_t column = 0; column < n; ++column) {
            const std::size_t index = sample * std::size_t(n) + std::size_t(column);
            const double exact = reference.exact[index];
            const double bound = boundFactor * reference.absolute[index];
            double error = std::fabs(double(c[row * n + column]) - exact);
            if (std::isnan(error)) error = std::numeric_limits<double>::infinity();
            maxReference = std::max(maxReference, std::fabs(exact));
            maxBound = std::max(maxBound, bound);
            check.maxAbsoluteError = std::max(check.maxAbsoluteError, error);
            if (!(error <= bound)) {
                if (check.elementsOutsideBound == 0) {
                    check.firstBadRow = row;
                    check.firstBadColumn = column;
                }
                ++check.elementsOutsideBound;
            }
            ++check.elementsChecked;
        }
    }
    // Relative to the largest element of C; when C is all zeros, relative to 1.
    const double scale = maxReference > 0.0 ? maxReference : 1.0;
    check.maxRelativeError = check.maxAbsoluteError / scale;
    check.tolerance = maxBound / scale;
    return check;
}

void fillUniform(float* data, std::int64_t count, std::uint64_t seed) {
    // splitmix64 (Steele, Lea and Flood, 2014): a counter passed through a bit mixer. Simple,
    // fast and the same on every machine, so a seed names one pair of matrices everywhere.
    std::uint64_t state = seed;
    for (std::int64_t index = 0; index < count; ++index) {
        state += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        // The top 24 bits as a fraction in [0, 1), exact in float32; then scaled to [-1, 1).
        const float unit = float(z >> 40) * 0x1p-24f;
        data[index] = 2.0f * unit - 1.0f;
    }
}

}  // namespace mlsyslab::matmul
