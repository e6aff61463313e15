#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "matmul/MatmulReference.h"

using mlsyslab::matmul::checkAgainstReference;
using mlsyslab::matmul::computeReference;
using mlsyslab::matmul::fillUniform;
using mlsyslab::matmul::fullCheckLimitFlops;
using mlsyslab::matmul::MatmulCheck;
using mlsyslab::matmul::MatmulReference;
using mlsyslab::matmul::MatmulShape;
using mlsyslab::matmul::sampledRowCount;

// The float64 reference and its rounding bound: it accepts every correct float32 algorithm,
// whatever its summation order and with or without FMA, and it rejects the bugs a backend
// really has (one wrong element, a transposed result, a lost term of the sum).
namespace {

struct Problem {
    MatmulShape shape;
    std::vector<float> a;
    std::vector<float> b;
};

Problem randomProblem(const MatmulShape& shape, std::uint64_t seed = 7) {
    Problem problem{shape, std::vector<float>(std::size_t(shape.m * shape.k)),
                    std::vector<float>(std::size_t(shape.k * shape.n))};
    fillUniform(problem.a.data(), shape.m * shape.k, seed);
    fillUniform(problem.b.data(), shape.k * shape.n, seed + 1);
    return problem;
}

// How a float32 dot product of K terms is summed.
enum class Summation { InOrder, Reversed, Pairwise, FusedMultiplyAdd, DropLastTerm };

float pairwiseSum(const std::vector<float>& terms, std::size_t begin, std::size_t end) {
    if (end - begin <= 2) {
        float sum = 0.0f;
        for (std::size_t index = begin; index < end; ++index) sum += terms[index];
        return sum;
    }
    const std::size_t middle = begin + (end - begin) / 2;
    return pairwiseSum(terms, begin, middle) + pairwiseSum(terms, middle, end);
}

float dotProduct(const Problem& problem, std::int64_t row, std::int64_t column,
                 Summation summation) {
    const std::int64_t k = problem.shape.k;
    const std::int64_t n = problem.shape.n;
    const auto aAt = [&](std::int64_t p) { return problem.a[std::size_t(row * k + p)]; };
    const auto bAt = [&](std::int64_t p) { return problem.b[std::size_t(p * n + column)]; };
    float sum = 0.0f;
    switch (summation) {
        case Summation::InOrder:
            for (std::int64_t p = 0; p < k; ++p) sum += aAt(p) * bAt(p);
            return sum;
        case Summation::Reversed:
            for (std::int64_t p = k - 1; p >= 0; --p) sum += aAt(p) * bAt(p);
            return sum;
        case Summation::Pairwise: {
            std::vector<float> products(static_cast<std::size_t>(k));
            for (std::int64_t p = 0; p < k; ++p) products[std::size_t(p)] = aAt(p) * bAt(p);
            return pairwiseSum(products, 0, products.size());
        }
        case Summation::FusedMultiplyAdd:
            for (std::int64_t p = 0; p < k; ++p) sum = std::fma(aAt(p), bAt(p), sum);
            return sum;
        case Summation::DropLastTerm:  // an off-by-one loop bound
            for (std::int64_t p = 0; p + 1 < k; ++p) sum += aAt(p) * bAt(p);
            return sum;
    }
    return sum;
}

// C in float32, only for `rows` (every other element NaN, so that reading one fails the check).
std::vector<float> multiplyRows(const Problem& problem, const std::vector<std::int64_t>& rows,
                                Summation summation) {
    const MatmulShape& shape = problem.shape;
    std::vector<float> c(std::size_t(shape.m * shape.n), std::numeric_limits<float>::quiet_NaN());
    for (const std::int64_t row : rows)
        for (std::int64_t column = 0; column < shape.n; ++column)
            c[std::size_t(row * shape.n + column)] = dotProduct(problem, row, column, summation);
    return c;
}

std::vector<float> multiply(const Problem& problem, Summation summation) {
    std::vector<std::int64_t> rows(std::size_t(problem.shape.m));
    for (std::int64_t row = 0; row < problem.shape.m; ++row) rows[std::size_t(row)] = row;
    return multiplyRows(problem, rows, summation);
}

MatmulCheck check(const Problem& problem, const std::vector<float>& c) {
    return checkAgainstReference(
        c.data(), computeReference(problem.a.data(), problem.b.data(), problem.shape));
}

}  // namespace

Q_DECLARE_METATYPE(MatmulShape)
Q_DECLARE_METATYPE(Summation)

class TestMatmulReference : public QObject {
    Q_OBJECT

private slots:
    // 2×2 by hand: [[1, -2], [3, 4]] · [[5, 6], [-7, 8]] = [[19, -10], [-13, 50]], and
    // |A|·|B| = [[19, 22], [43, 50]].
    void handWorkedExample() {
        const std::vector<float> a = {1, -2, 3, 4};
        const std::vector<float> b = {5, 6, -7, 8};
        const MatmulReference reference = computeReference(a.data(), b.data(), {2, 2, 2});
        QCOMPARE(reference.rows, (std::vector<std::int64_t>{0, 1}));
        QCOMPARE(reference.exact, (std::vector<double>{19, -10, -13, 50}));
        QCOMPARE(reference.absolute, (std::vector<double>{19, 22, 43, 50}));
        const std::vector<float> c = {19, -10, -13, 50};
        const MatmulCheck result = checkAgainstReference(c.data(), reference);
        QVERIFY(result.passed());
        QCOMPARE(result.elementsChecked, std::int64_t{4});
        QCOMPARE(result.maxAbsoluteError, 0.0);
        QCOMPARE(result.maxRelativeError, 0.0);
        QCOMPARE(result.firstBadRow, std::int64_t{-1});
        // The bound, relative to max|C| = 50: γ_2 in float32 (plus float64's, far smaller)
        // times max(|A||B|) = 50.
        const double gamma2 = 2.0 * 0x1p-24 / (1.0 - 2.0 * 0x1p-24);
        QVERIFY(result.tolerance >= gamma2);
        QVERIFY(result.tolerance < gamma2 * 1.000001);
    }

    // Any correct order of summation, with or without FMA, stays inside the bound, including
    // long sums where the rounding error has grown with K.
    void acceptsEveryCorrectSummation_data() {
        QTest::addColumn<MatmulShape>("shape");
        QTest::addColumn<Summation>("summation");
        const std::vector<std::pair<const char*, MatmulShape>> shapes = {
            {"1x1x1", {1, 1, 1}},
            {"7x7x7", {7, 7, 7}},
            {"33x17x65", {33, 17, 65}},
            {"4x4x4096", {4, 4, 4096}},
            {"3x5x20000", {3, 5, 20000}}};
        const std::vector<std::pair<const char*, Summation>> summations = {
            {"in order", Summation::InOrder},
            {"reversed", Summation::Reversed},
            {"pairwise", Summation::Pairwise},
            {"fma", Summation::FusedMultiplyAdd}};
        for (const auto& [shapeName, shape] : shapes)
            for (const auto& [summationName, summation] : summations)
                QTest::addRow("%s %s", shapeName, summationName) << shape << summation;
    }

    void acceptsEveryCorrectSummation() {
        QFETCH(MatmulShape, shape);
        QFETCH(Summation, summation);
        const Problem problem = randomProblem(shape);
        const MatmulCheck result = check(problem, multiply(problem, summation));
        QVERIFY2(result.passed(), qPrintable(QString("element (%1, %2) outside the bound")
                                                 .arg(result.firstBadRow)
                                                 .arg(result.firstBadColumn)));
        QCOMPARE(result.elementsChecked, shape.m * shape.n);
        QVERIFY(result.maxRelativeError <= result.tolerance);
    }

    // The bound grows with K, as rounding error does: γ_K ≈ K·2⁻²⁴.
    void toleranceGrowsWithK() {
        const Problem shortSums = randomProblem({8, 8, 16});
        const Problem longSums = randomProblem({8, 8, 4096});
        const double shortTolerance =
            check(shortSums, multiply(shortSums, Summation::InOrder)).tolerance;
        const double longTolerance =
            check(longSums, multiply(longSums, Summation::InOrder)).tolerance;
        QVERIFY(shortTolerance > 0.0);
        QVERIFY(longTolerance > 10.0 * shortTolerance);
    }

    // One element off by a small amount: caught, and located. The bound is a worst case that
    // grows with K (γ_K·|A||B| is about 1e-5 at K = 16 and about 1 at K = 8192 for values in
    // [-1, 1), where the elements of C are about 30), so the error that must be caught grows
    // with it.
    void catchesOneWrongElement_data() {
        QTest::addColumn<MatmulShape>("shape");
        QTest::addColumn<std::int64_t>("row");
        QTest::addColumn<std::int64_t>("column");
        QTest::addColumn<float>("error");
        QTest::newRow("first") << MatmulShape{16, 16, 16} << std::int64_t{0} << std::int64_t{0}
                               << 1e-4f;
        QTest::newRow("middle") << MatmulShape{33, 65, 127} << std::int64_t{17} << std::int64_t{40}
                                << 1e-3f;
        QTest::newRow("last") << MatmulShape{33, 65, 127} << std::int64_t{32} << std::int64_t{64}
                              << -1e-3f;
        QTest::newRow("long sums")
            << MatmulShape{4, 4, 8192} << std::int64_t{2} << std::int64_t{1} << 2.0f;
    }

    void catchesOneWrongElement() {
        QFETCH(MatmulShape, shape);
        QFETCH(std::int64_t, row);
        QFETCH(std::int64_t, column);
        QFETCH(float, error);
        const Problem problem = randomProblem(shape);
        std::vector<float> c = multiply(problem, Summation::InOrder);
        QVERIFY(check(problem, c).passed());
        c[std::size_t(row * shape.n + column)] += error;
        const MatmulCheck result = check(problem, c);
        QVERIFY(!result.passed());
        QCOMPARE(result.elementsOutsideBound, std::int64_t{1});
        QCOMPARE(result.firstBadRow, row);
        QCOMPARE(result.firstBadColumn, column);
        QVERIFY(result.maxAbsoluteError > 0.9 * std::fabs(error));
        QVERIFY(result.maxAbsoluteError < 1.1 * std::fabs(error));
    }

    // C transposed (a backend that swapped i and j): nearly every element is wrong.
    void catchesTransposedResult() {
        const MatmulShape shape{64, 64, 64};
        const Problem problem = randomProblem(shape);
        const std::vector<float> c = multiply(problem, Summation::InOrder);
        std::vector<float> transposed(c.size());
        for (std::int64_t row = 0; row < shape.m; ++row)
            for (std::int64_t column = 0; column < shape.n; ++column)
                transposed[std::size_t(column * shape.m + row)] =
                    c[std::size_t(row * shape.n + column)];
        const MatmulCheck result = check(problem, transposed);
        QVERIFY(!result.passed());
        // The diagonal is the same either way; everything else is a different dot product.
        QVERIFY(result.elementsOutsideBound >= shape.m * shape.n - shape.m - 10);
        QCOMPARE(result.firstBadRow, std::int64_t{0});
        QCOMPARE(result.firstBadColumn, std::int64_t{1});
    }

    // One term of K missing from every sum: each element is short by one product. That is
    // outside the bound unless the product is tiny: nearly always for short sums; at K = 2048
    // the worst-case bound (about 0.06 here) hides the products below it, about a quarter.
    void catchesMissingTerm_data() {
        QTest::addColumn<MatmulShape>("shape");
        QTest::addColumn<double>("shareCaught");
        QTest::newRow("K = 16") << MatmulShape{32, 32, 16} << 0.95;
        QTest::newRow("K = 257") << MatmulShape{20, 24, 257} << 0.9;
        QTest::newRow("K = 2048") << MatmulShape{16, 16, 2048} << 0.5;
    }

    void catchesMissingTerm() {
        QFETCH(MatmulShape, shape);
        const Problem problem = randomProblem(shape);
        const MatmulCheck result = check(problem, multiply(problem, Summation::DropLastTerm));
        QVERIFY(!result.passed());
        QFETCH(double, shareCaught);
        QVERIFY(result.elementsOutsideBound >= shareCaught * double(result.elementsChecked));
    }

    // A NaN where a number should be is never "close enough".
    void nanFails() {
        const Problem problem = randomProblem({5, 6, 7});
        std::vector<float> c = multiply(problem, Summation::InOrder);
        c[8] = std::numeric_limits<float>::quiet_NaN();
        const MatmulCheck result = check(problem, c);
        QCOMPARE(result.elementsOutsideBound, std::int64_t{1});
        QCOMPARE(result.firstBadRow, std::int64_t{1});
        QCOMPARE(result.firstBadColumn, std::int64_t{2});
    }

    // Small problems are checked whole; above fullCheckLimitFlops, sampledRowCount rows spread
    // evenly from the first to the last.
    void rowsChecked_data() {
        QTest::addColumn<MatmulShape>("shape");
        QTest::addColumn<bool>("sampled");
        QTest::newRow("small: all rows") << MatmulShape{300, 40, 50} << false;
        QTest::newRow("at the limit: all rows") << MatmulShape{2048, 512, 1024} << false;
        QTest::newRow("just past the limit: sampled") << MatmulShape{2048, 512, 1025} << true;
        QTest::newRow("large: sampled") << MatmulShape{5000, 300, 1000} << true;
        QTest::newRow("large, odd M") << MatmulShape{4099, 256, 2048} << true;
        QTest::newRow("large but few rows: all") << MatmulShape{50, 20000, 20000} << false;
    }

    void rowsChecked() {
        QFETCH(MatmulShape, shape);
        QFETCH(bool, sampled);
        QCOMPARE(shape.flops() > fullCheckLimitFlops && shape.m > sampledRowCount, sampled);
        if (shape.k * shape.n > 4'000'000) {
            // Too big to compute here: only the choice of rows is in question, and it is the
            // same for a small K and N (the rows depend on M and on the flops).
            QVERIFY(!sampled);
            return;
        }
        const Problem problem = randomProblem(shape);
        const MatmulReference reference =
            computeReference(problem.a.data(), problem.b.data(), shape);
        const std::vector<std::int64_t>& rows = reference.rows;
        QCOMPARE(std::int64_t(rows.size()), sampled ? sampledRowCount : shape.m);
        QCOMPARE(rows.front(), std::int64_t{0});
        QCOMPARE(rows.back(), shape.m - 1);
        QVERIFY(std::is_sorted(rows.begin(), rows.end()));
        QVERIFY(std::adjacent_find(rows.begin(), rows.end()) == rows.end());
        // Evenly spread: neighbouring gaps differ by at most one row.
        std::int64_t smallestGap = shape.m, largestGap = 0;
        for (std::size_t index = 1; index < rows.size(); ++index) {
            smallestGap = std::min(smallestGap, rows[index] - rows[index - 1]);
            largestGap = std::max(largestGap, rows[index] - rows[index - 1]);
        }
        QVERIFY(largestGap - smallestGap <= 1);
        QCOMPARE(reference.exact.size(), rows.size() * std::size_t(shape.n));
        QCOMPARE(reference.absolute.size(), rows.size() * std::size_t(shape.n));

        // Only the rows in the sample are read (every other element of C is NaN here), and
        // an error in the last row is caught. (Skipped where the float32 product would take
        // this test's plain loops more than a moment.)
        if (double(rows.size()) * double(shape.n) * double(shape.k) > 100e6) return;
        std::vector<float> c = multiplyRows(problem, rows, Summation::InOrder);
        MatmulCheck result = checkAgainstReference(c.data(), reference);
        QVERIFY(result.passed());
        QCOMPARE(result.elementsChecked, std::int64_t(rows.size()) * shape.n);
        c[std::size_t((shape.m - 1) * shape.n + shape.n / 2)] += 0.5f;
        result = checkAgainstReference(c.data(), reference);
        QCOMPARE(result.elementsOutsideBound, std::int64_t{1});
        QCOMPARE(result.firstBadRow, shape.m - 1);
        QCOMPARE(result.firstBadColumn, shape.n / 2);
    }

    // The same seed gives the same numbers; another seed others; all in [-1, 1), spread over
    // the whole interval.
    void fillUniformIsReproducibleAndInRange() {
        const std::int64_t count = 1 << 20;
        std::vector<float> first(count), again(count), other(count);
        fillUniform(first.data(), count, 2026);
        fillUniform(again.data(), count, 2026);
        fillUniform(other.data(), count, 2027);
        QVERIFY(first == again);
        std::int64_t same = 0;
        for (std::int64_t index = 0; index < count; ++index) same += first[index] == other[index];
        QVERIFY(same < count / 1000);

        const auto [smallest, largest] = std::minmax_element(first.begin(), first.end());
        QVERIFY(*smallest >= -1.0f);
        QVERIFY(*largest < 1.0f);
        QVERIFY(*smallest < -0.999f);
        QVERIFY(*largest > 0.999f);
        double sum = 0.0;
        std::int64_t negative = 0;
        for (const float value : first) {
            sum += value;
            negative += value < 0.0f;
        }
        QVERIFY(std::fabs(sum / count) < 0.01);  // mean 0
        QVERIFY(std::abs(negative - count / 2) < count / 100);
    }

    // A prefix of a longer fill is the shorter fill: the values depend on the seed and the
    // position only.
    void fillUniformDependsOnPositionOnly() {
        std::vector<float> shortFill(10), longFill(1000);
        fillUniform(shortFill.data(), 10, 99);
        fillUniform(longFill.data(), 1000, 99);
        QVERIFY(std::equal(shortFill.begin(), shortFill.end(), longFill.begin()));
    }
};

QTEST_APPLESS_MAIN(TestMatmulReference)
#include "tst_matmul_reference.moc"
