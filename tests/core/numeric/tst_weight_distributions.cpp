#include <QtTest>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "numeric/WeightDistributions.h"

namespace numeric = mlsyslab::numeric;
using numeric::DistributionKind;
using numeric::WeightDistribution;

namespace {

struct Moments {
    double mean = 0;
    double standardDeviation = 0;
};

Moments momentsOf(const std::vector<float>& values) {
    double sum = 0;
    for (const float value : values) sum += value;
    const double mean = sum / double(values.size());
    double squares = 0;
    for (const float value : values) squares += (value - mean) * (value - mean);
    return {mean, std::sqrt(squares / double(values.size()))};
}

WeightDistribution distributionOf(DistributionKind kind) {
    WeightDistribution distribution;
    distribution.kind = kind;
    return distribution;
}

}  // namespace

class TestWeightDistributions : public QObject {
    Q_OBJECT

private slots:
    void names() {
        for (const auto kind :
             {DistributionKind::Normal, DistributionKind::Uniform, DistributionKind::Outliers}) {
            QCOMPARE(numeric::distributionNamed(numeric::distributionName(kind)), kind);
        }
        QVERIFY(!numeric::distributionNamed("gaussian"));
    }

    // The standard fixes mt19937_64's sequence ([rand.predef]: the 10000th output of a
    // default-constructed engine is 9981545732273789042), so our draws can be fixed too.
    void engineIsTheStandardOne() {
        std::mt19937_64 engine;
        engine.discard(9999);
        QCOMPARE(std::uint64_t(engine()), std::uint64_t(9981545732273789042ULL));
        numeric::SeededRandom random(1);
        const std::uint64_t first = random.next();
        const std::uint64_t second = random.next();
        QCOMPARE(first, std::uint64_t(2469588189546311528ULL));
        QCOMPARE(second, std::uint64_t(2516265689700432462ULL));
    }

    // Values generated once (seed 1, 1000 weights) and written down as exact FP32 hex floats:
    // any platform, compiler or standard library must give these bits.
    void firstValuesAreFixed_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<std::vector<float>>("expected");
        QTest::newRow("normal") << int(DistributionKind::Normal)
                                << std::vector<float>{0x1.50170ap+0f, 0x1.841512p+0f,
                                                      0x1.402794p+0f, 0x1.5451aap-3f,
                                                      0x1.3a806ap+0f, -0x1.87b06ep-1f};
        QTest::newRow("uniform") << int(DistributionKind::Uniform)
                                 << std::vector<float>{-0x1.76e90ap-1f, -0x1.7451b6p-1f,
                                                       -0x1.8fa5c4p-4f, -0x1.ea78ap-1f,
                                                       -0x1.315c54p-2f, 0x1.a53b0cp-1f};
        // The outliers are drawn after the normal values, so the first values are the same.
        QTest::newRow("outliers") << int(DistributionKind::Outliers)
                                  << std::vector<float>{0x1.50170ap+0f, 0x1.841512p+0f,
                                                        0x1.402794p+0f, 0x1.5451aap-3f,
                                                        0x1.3a806ap+0f, -0x1.87b06ep-1f};
    }

    void firstValuesAreFixed() {
        QFETCH(int, kind);
        QFETCH(std::vector<float>, expected);
        const auto values =
            numeric::generateWeights(distributionOf(DistributionKind(kind)), 1000, 1);
        for (std::size_t index = 0; index < expected.size(); ++index) {
            QCOMPARE(values[index], expected[index]);
        }
    }

    void sameSeedSameWeights() {
        for (const auto kind :
             {DistributionKind::Normal, DistributionKind::Uniform, DistributionKind::Outliers}) {
            const auto distribution = distributionOf(kind);
            QCOMPARE(numeric::generateWeights(distribution, 5000, 7),
                     numeric::generateWeights(distribution, 5000, 7));
            QVERIFY(numeric::generateWeights(distribution, 5000, 7) !=
                    numeric::generateWeights(distribution, 5000, 8));
        }
        // A longer sample starts with the shorter one (Box–Muller pairs included).
        const auto shorter = numeric::generateWeights({}, 7, 3);
        const auto longer = numeric::generateWeights({}, 100, 3);
        QVERIFY(std::equal(shorter.begin(), shorter.end(), longer.begin()));
    }

    void normalMoments() {
        WeightDistribution distribution;
        distribution.mean = 3.0;
        distribution.standardDeviation = 0.5;
        const Moments moments = momentsOf(numeric::generateWeights(distribution, 200000, 1));
        // Standard errors: 0.5 / sqrt(200000) = 0.0011 for the mean, about 0.0008 for the std.
        QVERIFY(std::abs(moments.mean - 3.0) < 0.006);
        QVERIFY(std::abs(moments.standardDeviation - 0.5) < 0.005);
    }

    void uniformMomentsAndBounds() {
        WeightDistribution distribution = distributionOf(DistributionKind::Uniform);
        distribution.low = -2.0;
        distribution.high = 6.0;
        const auto values = numeric::generateWeights(distribution, 200000, 2);
        const Moments moments = momentsOf(values);
        QVERIFY(std::abs(moments.mean - 2.0) < 0.03);
        QVERIFY(std::abs(moments.standardDeviation - 8.0 / std::sqrt(12.0)) < 0.02);
        QVERIFY(*std::min_element(values.begin(), values.end()) >= -2.0f);
        QVERIFY(*std::max_element(values.begin(), values.end()) <= 6.0f);
    }

    // Exactly round(fraction * count) values move, each k times farther from the mean.
    void outliersAreScaledNormalValues() {
        WeightDistribution outliers = distributionOf(DistributionKind::Outliers);
        outliers.mean = 1.0;
        outliers.outlierFraction = 0.0123;
        outliers.outlierScale = 8.0;
        WeightDistribution normal;
        normal.mean = 1.0;
        const auto scaled = numeric::generateWeights(outliers, 4096, 9);
        const auto plain = numeric::generateWeights(normal, 4096, 9);
        QCOMPARE(numeric::outlierCount(outliers, 4096), std::size_t(50));  // 50.38 rounded
        int moved = 0;
        for (std::size_t index = 0; index < plain.size(); ++index) {
            if (scaled[index] == plain[index]) continue;
            ++moved;
            const double expected = 1.0 + (double(plain[index]) - 1.0) * 8.0;
            QVERIFY(std::abs(scaled[index] - expected) < 1e-5 * std::abs(expected) + 1e-6);
        }
        QCOMPARE(moved, 50);
    }

    void outlierCountIsClamped() {
        WeightDistribution outliers = distributionOf(DistributionKind::Outliers);
        outliers.outlierFraction = 1.0;
        QCOMPARE(numeric::outlierCount(outliers, 10), std::size_t(10));
        outliers.outlierFraction = 0.0;
        QCOMPARE(numeric::outlierCount(outliers, 10), std::size_t(0));
        QCOMPARE(numeric::generateWeights(outliers, 100, 4), numeric::generateWeights({}, 100, 4));
        QVERIFY(numeric::generateWeights(outliers, 0, 4).empty());
    }

    void drawsStayInTheirRanges() {
        numeric::SeededRandom random(12);
        for (int draw = 0; draw < 100000; ++draw) {
            const double closedOpen = random.uniformClosedOpen();
            const double openClosed = random.uniformOpenClosed();
            QVERIFY(closedOpen >= 0.0 && closedOpen < 1.0);
            QVERIFY(openClosed > 0.0 && openClosed <= 1.0);
            QVERIFY(random.below(7) < 7);
        }
        QCOMPARE(random.below(1), std::uint64_t(0));
        // Bounds above 2^63 reject about half the draws; still always in range.
        const std::uint64_t huge = (std::uint64_t(1) << 63) + 12345;
        for (int draw = 0; draw < 1000; ++draw) QVERIFY(random.below(huge) < huge);
    }
};

QTEST_APPLESS_MAIN(TestWeightDistributions)
#include "tst_weight_distributions.moc"
