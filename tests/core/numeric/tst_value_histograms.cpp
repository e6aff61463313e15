#include <QtTest>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "numeric/ValueHistograms.h"
#include "numeric/WeightDistributions.h"

namespace numeric = mlsyslab::numeric;
using numeric::Granularity;
using numeric::QuantizationScheme;
using numeric::QuantizedType;

namespace {

// The area under a density: 1 when every value was counted.
double area(const numeric::DensityHistogram& histogram) {
    return std::accumulate(histogram.densities.begin(), histogram.densities.end(), 0.0) *
           histogram.binWidth;
}

// Each level's density times its row's step gives back its share of its row's values.
double totalShare(const std::vector<numeric::QuantizedLevel>& levels, double scale) {
    double share = 0;
    for (const auto& level : levels) share += level.density * scale;
    return share;
}

// The step function's value at x (0 outside it).
double valueAt(const numeric::StepDensity& step, double x) {
    for (std::size_t index = 0; index < step.densities.size(); ++index) {
        if (x >= step.edges[index] && x < step.edges[index + 1]) return step.densities[index];
    }
    return 0.0;
}

double area(const numeric::StepDensity& step) {
    double total = 0;
    for (std::size_t index = 0; index < step.densities.size(); ++index) {
        total += step.densities[index] * (step.edges[index + 1] - step.edges[index]);
    }
    return total;
}

}  // namespace

class TestValueHistograms : public QObject {
    Q_OBJECT

private slots:
    void densitiesByHand() {
        const std::vector<float> values = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.9f, 4.0f, 9.0f};
        // Bins [0,1) [1,2) [2,3) [3,4]: 4.0 is in the last bin, 9.0 is left out.
        const auto histogram = numeric::densityHistogram(values, 0.0, 4.0, 4);
        QCOMPARE(histogram.binWidth, 1.0);
        QCOMPARE(histogram.densities, (std::vector<double>{2.0 / 8, 2.0 / 8, 1.0 / 8, 2.0 / 8}));
        QCOMPARE(histogram.binCenter(0), 0.5);
        QCOMPARE(area(histogram), 7.0 / 8);
    }

    void degenerateHistograms() {
        const std::vector<float> values = {2.0f, 2.0f};
        const auto flat = numeric::densityHistogram(values, 2.0, 2.0, 10);
        QCOMPARE(flat.densities.size(), std::size_t(1));
        QCOMPARE(area(flat), 1.0);
        QCOMPARE(numeric::densityHistogram({}, 0.0, 1.0, 3).densities,
                 (std::vector<double>{0, 0, 0}));
    }

    void freedmanDiaconis() {
        const auto values = numeric::generateWeights({}, 4096, 1);
        // IQR of a standard normal is 1.349: width 2 × 1.349 / 16 = 0.169, so [-4, 4] takes 48.
        const int bins = numeric::freedmanDiaconisBinCount(values, -4.0, 4.0, 10, 500);
        QVERIFY2(bins >= 44 && bins <= 52, qPrintable(QString::number(bins)));
        QCOMPARE(numeric::freedmanDiaconisBinCount(values, -400.0, 400.0, 10, 500), 500);
        QCOMPARE(numeric::freedmanDiaconisBinCount(std::vector<float>(100, 1.0f), 0, 2, 10, 500),
                 10);
    }

    void occupiedLevelsPerTensor() {
        const std::vector<float> values = {-1.0f, 0.0f, 0.0f, 0.49f, 1.0f};
        // int4 symmetric: scale 1/7; codes -7, 0, 0, 3, 7.
        const auto tensor = numeric::quantizeTensor(values, {QuantizedType::Int4});
        const auto levels = numeric::occupiedLevels(tensor);
        QCOMPARE(levels.size(), std::size_t(4));
        QCOMPARE(levels[0].value, -1.0);
        QCOMPARE(levels[1].value, 0.0);
        QCOMPARE(levels[1].density, 2.0 / 5 * 7);
        QCOMPARE(levels[2].value, 3.0 / 7);
        QCOMPARE(totalShare(levels, 1.0 / 7), 1.0);
    }

    void occupiedLevelsPerChannelAddUpToOne() {
        // Four rows that each reach -1 and 1: every row gets the same step, 1/127.
        auto values = numeric::generateWeights({}, 1000, 2);
        for (float& value : values) value = std::clamp(value / 4.0f, -1.0f, 1.0f);
        for (std::size_t row = 0; row < 4; ++row) {
            values[row * 250] = -1.0f;
            values[row * 250 + 1] = 1.0f;
        }
        const auto tensor = numeric::quantizeTensor(
            values,
            {QuantizedType::Int8, QuantizationScheme::Symmetric, Granularity::PerChannel, 4});
        const auto levels = numeric::occupiedLevels(tensor);
        QVERIFY(std::is_sorted(
            levels.begin(), levels.end(),
            [](const auto& left, const auto& right) { return left.value < right.value; }));
        // The same real value once per row that uses it.
        QCOMPARE(std::count_if(levels.begin(), levels.end(),
                               [](const auto& level) { return level.value == 1.0; }),
                 std::ptrdiff_t(4));
        // Each row's levels make up that row: four rows, four wholes.
        QCOMPARE(totalShare(levels, 1.0 / 127), 4.0);
    }

    void levelsPerBin() {
        const auto int8 = [](double scale) {
            return numeric::QuantizationParameters{scale, 0, {-127, 127}};  // 255 levels
        };
        // int8 on N(0, 1): about 6 levels a bin wanted; 5 divides 255.
        QCOMPARE(numeric::levelsPerBin(int8(0.027), 0.17), 5);
        QCOMPARE(numeric::levelsPerBin(int8(0.49), 0.17), 1);  // every level its own bar
        QCOMPARE(numeric::levelsPerBin(int8(0.1), 0.1), 1);
        QCOMPARE(numeric::levelsPerBin(int8(0.01), 0.13), 15);  // 13 wanted: 15 beats 17
        QCOMPARE(numeric::levelsPerBin(int8(0.0), 0.1), 1);
        const numeric::QuantizationParameters uint8{0.01, 128, {0, 255}};  // 256 levels
        QCOMPARE(numeric::levelsPerBin(uint8, 0.13), 16);  // 13 wanted: 16 beats 8 by ratio
        QCOMPARE(numeric::levelsPerBin(uint8, 1e9), 256);
    }

    // Per tensor, the dequantized values binned by whole cells are the weights binned the same
    // way: a value lands in the cell of its code.
    void perTensorDensityMatchesTheAlignedHistogram() {
        const auto values = numeric::generateWeights({}, 4096, 1);
        for (const QuantizationScheme scheme :
             {QuantizationScheme::Symmetric, QuantizationScheme::Affine}) {
            const auto tensor = numeric::quantizeTensor(values, {QuantizedType::Int8, scheme});
            const auto& parameters = tensor.channels.front().parameters;
            const auto step = numeric::quantizedDensity(tensor, 0.17);
            const auto histogram = numeric::cellAlignedHistogram(values, parameters, 0.17);
            // Symmetric: 255 levels, 5 a bin; affine: 256 levels, 8 a bin.
            const int perBin = scheme == QuantizationScheme::Symmetric ? 5 : 8;
            QCOMPARE(numeric::levelsPerBin(parameters, 0.17), perBin);
            QCOMPARE(histogram.binWidth, perBin * parameters.scale);
            QCOMPARE(histogram.densities.size(), std::size_t(parameters.codes.count() / perBin));
            QCOMPARE(area(step), 1.0);
            for (std::size_t bin = 0; bin < histogram.densities.size(); ++bin) {
                QCOMPARE(valueAt(step, histogram.binCenter(bin)) + 1, histogram.densities[bin] + 1);
            }
        }
    }

    void perChannelDensityHasUnitArea() {
        numeric::WeightDistribution outliers;
        outliers.kind = numeric::DistributionKind::Outliers;
        const auto values = numeric::generateWeights(outliers, 4096, 1);
        const auto tensor = numeric::quantizeTensor(
            values, {QuantizedType::Int8, QuantizationScheme::Affine, Granularity::PerChannel, 8});
        const auto step = numeric::quantizedDensity(tensor, 0.17);
        QCOMPARE(area(step), 1.0);
        QCOMPARE(step.edges.size(), step.densities.size() + 1);
        QVERIFY(std::is_sorted(step.edges.begin(), step.edges.end()));
        QVERIFY(std::all_of(step.densities.begin(), step.densities.end(),
                            [](double density) { return density >= 0; }));
        QVERIFY(numeric::quantizedDensity(numeric::quantizeTensor({}, {}), 0.1).edges.empty());
    }

    void allLevels() {
        const auto parameters =
            numeric::calibrate(-1.0, 1.0, QuantizedType::Int8, QuantizationScheme::Symmetric);
        const auto levels = numeric::quantizationLevels(parameters);
        QCOMPARE(levels.size(), std::size_t(255));
        QCOMPARE(levels.front(), -1.0);
        QCOMPARE(levels.back(), 1.0);
        QCOMPARE(levels[127], 0.0);
        const auto affine =
            numeric::calibrate(-1.0, 2.0, QuantizedType::UInt4, QuantizationScheme::Affine);
        QCOMPARE(numeric::quantizationLevels(affine).size(), std::size_t(16));
    }
};

QTEST_APPLESS_MAIN(TestValueHistograms)
#include "tst_value_histograms.moc"
