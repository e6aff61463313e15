#include <QtTest>
#include <cmath>
#include <limits>
#include <vector>

#include "numeric/Quantization.h"
#include "numeric/WeightDistributions.h"

namespace numeric = mlsyslab::numeric;
using numeric::CodeRange;
using numeric::Granularity;
using numeric::QuantizationParameters;
using numeric::QuantizationScheme;
using numeric::QuantizationSpec;
using numeric::QuantizedType;

Q_DECLARE_METATYPE(QuantizedType)
Q_DECLARE_METATYPE(QuantizationScheme)

namespace {

constexpr QuantizationScheme kSchemes[] = {QuantizationScheme::Symmetric,
                                           QuantizationScheme::Affine};

QString nameOf(QuantizedType type, QuantizationScheme scheme) {
    return QStringLiteral("%1 %2").arg(QString::fromUtf8(numeric::quantizedTypeName(type).data()),
                                       QString::fromUtf8(numeric::schemeName(scheme).data()));
}

// A matrix of `rows` rows of normal values; row `outlierRow` is 10 times wider.
std::vector<float> matrixWithOutlierRow(int rows, int columns, int outlierRow) {
    std::vector<float> values = numeric::generateWeights({}, std::size_t(rows * columns), 3);
    for (int column = 0; column < columns; ++column) values[outlierRow * columns + column] *= 10;
    return values;
}

double meanSquaredError(const std::vector<float>& values, const QuantizationSpec& spec) {
    return numeric::errorStatistics(values, numeric::quantizeTensor(values, spec).dequantized)
        .meanSquaredError;
}

}  // namespace

class TestQuantization : public QObject {
    Q_OBJECT

private slots:
    void namesRoundTrip() {
        for (const QuantizedType type : numeric::kQuantizedTypes) {
            QCOMPARE(numeric::quantizedTypeNamed(numeric::quantizedTypeName(type)), type);
        }
        for (const QuantizationScheme scheme : kSchemes) {
            QCOMPARE(numeric::schemeNamed(numeric::schemeName(scheme)), scheme);
        }
        QCOMPARE(numeric::granularityNamed("channel"), Granularity::PerChannel);
        QCOMPARE(numeric::granularityNamed("tensor"), Granularity::PerTensor);
        QVERIFY(!numeric::quantizedTypeNamed("int16"));
        QVERIFY(!numeric::schemeNamed("asymmetric"));
    }

    void codeRanges_data() {
        QTest::addColumn<QuantizedType>("type");
        QTest::addColumn<QuantizationScheme>("scheme");
        QTest::addColumn<int>("minimum");
        QTest::addColumn<int>("maximum");
        const auto affine = QuantizationScheme::Affine;
        const auto symmetric = QuantizationScheme::Symmetric;
        QTest::newRow("int8 affine: all codes") << QuantizedType::Int8 << affine << -128 << 127;
        QTest::newRow("int8 symmetric: restricted")
            << QuantizedType::Int8 << symmetric << -127 << 127;
        QTest::newRow("uint8 affine") << QuantizedType::UInt8 << affine << 0 << 255;
        QTest::newRow("uint8 symmetric: 128 +- 127")
            << QuantizedType::UInt8 << symmetric << 1 << 255;
        QTest::newRow("int4 affine") << QuantizedType::Int4 << affine << -8 << 7;
        QTest::newRow("int4 symmetric") << QuantizedType::Int4 << symmetric << -7 << 7;
        QTest::newRow("uint4 affine") << QuantizedType::UInt4 << affine << 0 << 15;
        QTest::newRow("uint4 symmetric") << QuantizedType::UInt4 << symmetric << 1 << 15;
    }

    void codeRanges() {
        QFETCH(QuantizedType, type);
        QFETCH(QuantizationScheme, scheme);
        QFETCH(int, minimum);
        QFETCH(int, maximum);
        QCOMPARE(numeric::codeRange(type, scheme), (CodeRange{minimum, maximum}));
    }

    // Scale and zero point worked by hand from the rules in Quantization.h.
    void calibration_data() {
        QTest::addColumn<QuantizedType>("type");
        QTest::addColumn<QuantizationScheme>("scheme");
        QTest::addColumn<double>("minimum");
        QTest::addColumn<double>("maximum");
        QTest::addColumn<double>("scale");
        QTest::addColumn<int>("zeroPoint");
        const auto affine = QuantizationScheme::Affine;
        const auto symmetric = QuantizationScheme::Symmetric;
        // Symmetric: scale = max|x| / 127 (or 7), zero point 0 (or the middle code).
        QTest::newRow("int8 sym [-1, 2]")
            << QuantizedType::Int8 << symmetric << -1.0 << 2.0 << 2.0 / 127 << 0;
        QTest::newRow("int4 sym [-3.5, 1]")
            << QuantizedType::Int4 << symmetric << -3.5 << 1.0 << 0.5 << 0;
        QTest::newRow("uint4 sym [-3.5, 1]")
            << QuantizedType::UInt4 << symmetric << -3.5 << 1.0 << 0.5 << 8;
        QTest::newRow("uint8 sym [-1, 1]")
            << QuantizedType::UInt8 << symmetric << -1.0 << 1.0 << 1.0 / 127 << 128;
        // Affine: scale = range / (qmax - qmin); zp = round(qmin - min / scale).
        QTest::newRow("int8 aff [-1, 2]: -128 + 85")
            << QuantizedType::Int8 << affine << -1.0 << 2.0 << 3.0 / 255 << -43;
        QTest::newRow("uint8 aff [-1, 2]: 0 + 85")
            << QuantizedType::UInt8 << affine << -1.0 << 2.0 << 3.0 / 255 << 85;
        QTest::newRow("int4 aff [-1, 2]: -8 + 5")
            << QuantizedType::Int4 << affine << -1.0 << 2.0 << 0.2 << -3;
        // The range is widened to include 0.
        QTest::newRow("uint8 aff [0.5, 2] -> [0, 2]")
            << QuantizedType::UInt8 << affine << 0.5 << 2.0 << 2.0 / 255 << 0;
        QTest::newRow("int8 aff [-2, -0.5] -> [-2, 0]")
            << QuantizedType::Int8 << affine << -2.0 << -0.5 << 2.0 / 255 << 127;
        // Ties in the zero point round to even (scale 1, so qmin - min is exactly halfway).
        QTest::newRow("int4 aff [-7.5, 7.5]: -0.5 -> 0")
            << QuantizedType::Int4 << affine << -7.5 << 7.5 << 1.0 << 0;
        QTest::newRow("int4 aff [-8.5, 6.5]: 0.5 -> 0")
            << QuantizedType::Int4 << affine << -8.5 << 6.5 << 1.0 << 0;
        QTest::newRow("int4 aff [-6.5, 8.5]: -1.5 -> -2")
            << QuantizedType::Int4 << affine << -6.5 << 8.5 << 1.0 << -2;
        // Degenerate: no range at all; scale 1, no division by zero.
        QTest::newRow("int8 sym zeros")
            << QuantizedType::Int8 << symmetric << 0.0 << 0.0 << 1.0 << 0;
        QTest::newRow("uint8 sym zeros")
            << QuantizedType::UInt8 << symmetric << 0.0 << 0.0 << 1.0 << 128;
        QTest::newRow("int8 aff zeros: qmin")
            << QuantizedType::Int8 << affine << 0.0 << 0.0 << 1.0 << -128;
        QTest::newRow("uint4 aff zeros")
            << QuantizedType::UInt4 << affine << 0.0 << 0.0 << 1.0 << 0;
        // A constant is not degenerate: mirrored, or widened to 0.
        QTest::newRow("int8 sym constant 3")
            << QuantizedType::Int8 << symmetric << 3.0 << 3.0 << 3.0 / 127 << 0;
        QTest::newRow("int8 aff constant 3")
            << QuantizedType::Int8 << affine << 3.0 << 3.0 << 3.0 / 255 << -128;
    }

    void calibration() {
        QFETCH(QuantizedType, type);
        QFETCH(QuantizationScheme, scheme);
        QFETCH(double, minimum);
        QFETCH(double, maximum);
        QFETCH(double, scale);
        QFETCH(int, zeroPoint);
        const QuantizationParameters parameters =
            numeric::calibrate(minimum, maximum, type, scheme);
        QCOMPARE(parameters.scale, scale);
        QCOMPARE(parameters.zeroPoint, zeroPoint);
        QCOMPARE(parameters.codes, numeric::codeRange(type, scheme));
        // The same from data with that minimum and maximum.
        const std::vector<float> data = {float(maximum), float(minimum), float(maximum)};
        QCOMPARE(numeric::calibrate(data, type, scheme).zeroPoint, zeroPoint);
    }

    void roundHalfToEven_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("rounded");
        QTest::newRow("0.5") << 0.5 << 0.0;
        QTest::newRow("1.5") << 1.5 << 2.0;
        QTest::newRow("2.5") << 2.5 << 2.0;
        QTest::newRow("-0.5") << -0.5 << 0.0;
        QTest::newRow("-1.5") << -1.5 << -2.0;
        QTest::newRow("-2.5") << -2.5 << -2.0;
        QTest::newRow("2.4") << 2.4 << 2.0;
        QTest::newRow("-2.6") << -2.6 << -3.0;
        // floor(x + 0.5) gets this one wrong: x + 0.5 rounds up to 1.
        QTest::newRow("largest below 0.5") << 0.49999999999999994 << 0.0;
        QTest::newRow("tiny negative") << -1e-300 << 0.0;
        QTest::newRow("2^53 + 2") << 9007199254740994.0 << 9007199254740994.0;
    }

    void roundHalfToEven() {
        QFETCH(double, value);
        QFETCH(double, rounded);
        QCOMPARE(numeric::roundHalfToEven(value), rounded);
    }

    void quantizeByHand() {
        const QuantizationParameters symmetric{0.5, 0, {-127, 127}};
        QCOMPARE(numeric::quantize(1.25, symmetric), 2);  // 2.5 -> 2 (even)
        QCOMPARE(numeric::quantize(1.75, symmetric), 4);  // 3.5 -> 4 (even)
        QCOMPARE(numeric::quantize(-1.25, symmetric), -2);
        QCOMPARE(numeric::quantize(1000.0, symmetric), 127);    // clamped
        QCOMPARE(numeric::quantize(-1000.0, symmetric), -127);  // never -128
        QCOMPARE(numeric::quantize(1e300, symmetric), 127);     // no int overflow
        QCOMPARE(numeric::dequantize(-3, symmetric), -1.5);

        const QuantizationParameters affine{0.5, 10, {0, 255}};
        QCOMPARE(numeric::quantize(0.0, affine), 10);
        QCOMPARE(numeric::quantize(-5.0, affine), 0);
        QCOMPARE(numeric::quantize(-5.5, affine), 0);  // -1 clamped to qmin
        QCOMPARE(numeric::quantize(122.5, affine), 255);
        QCOMPARE(numeric::dequantize(0, affine), -5.0);
        QCOMPARE(numeric::dequantize(255, affine), 122.5);
    }

    // Every code dequantizes to a value that quantizes back to it, through FP32 as well.
    void everyCodeRoundTrips() {
        const std::pair<double, double> ranges[] = {
            {-1.0, 1.0}, {-0.3, 2.7}, {0.01, 0.02}, {-1e6, 3.0}, {-5e-4, -1e-4}};
        for (const QuantizedType type : numeric::kQuantizedTypes) {
            for (const QuantizationScheme scheme : kSchemes) {
                for (const auto& [minimum, maximum] : ranges) {
                    const auto parameters = numeric::calibrate(minimum, maximum, type, scheme);
                    const CodeRange codes = parameters.codes;
                    for (int code = codes.minimum; code <= codes.maximum; ++code) {
                        const double value = numeric::dequantize(code, parameters);
                        if (numeric::quantize(value, parameters) != code ||
                            numeric::quantize(float(value), parameters) != code) {
                            QFAIL(qPrintable(QStringLiteral("%1 [%2, %3]: code %4")
                                                 .arg(nameOf(type, scheme))
                                                 .arg(minimum)
                                                 .arg(maximum)
                                                 .arg(code)));
                        }
                    }
                }
            }
        }
    }

    // Inside the calibrated range nothing is clipped, so the error is at most half a step.
    void errorIsAtMostHalfAStep() {
        const std::vector<float> values = numeric::generateWeights({}, 20000, 11);
        for (const QuantizedType type : numeric::kQuantizedTypes) {
            for (const QuantizationScheme scheme : kSchemes) {
                const auto tensor = numeric::quantizeTensor(values, {type, scheme});
                const double halfStep = tensor.channels.front().parameters.scale / 2;
                const auto statistics = numeric::errorStatistics(values, tensor.dequantized);
                // Plus FP32 rounding of x' (values stay under 8: half an ulp is below 1e-6).
                QVERIFY2(statistics.maxAbsoluteError <= halfStep + 1e-6,
                         qPrintable(nameOf(type, scheme)));
                QVERIFY(statistics.maxAbsoluteError > halfStep * 0.9);
            }
        }
    }

    void errorStatisticsByHand() {
        const std::vector<float> original = {1, 2, 3};
        const std::vector<float> reconstructed = {1, 2.5, 2};
        const auto statistics = numeric::errorStatistics(original, reconstructed);
        QCOMPARE(statistics.maxAbsoluteError, 1.0);
        QCOMPARE(statistics.meanSquaredError, 1.25 / 3);
        QCOMPARE(statistics.sqnrDecibels, 10 * std::log10(14 / 1.25));  // 10.49 dB
        const auto exact = numeric::errorStatistics(original, original);
        QCOMPARE(exact.meanSquaredError, 0.0);
        QCOMPARE(exact.sqnrDecibels, std::numeric_limits<double>::infinity());
    }

    // Uniform data, uniform quantizer: SQNR = 20 log10(number of steps), about 6.02 dB a bit.
    void uniformDataGainsSixDecibelsPerBit() {
        numeric::WeightDistribution uniform;
        uniform.kind = numeric::DistributionKind::Uniform;
        const std::vector<float> values = numeric::generateWeights(uniform, 200000, 5);
        const auto tensor =
            numeric::quantizeTensor(values, {QuantizedType::Int8, QuantizationScheme::Affine});
        const double sqnr = numeric::errorStatistics(values, tensor.dequantized).sqnrDecibels;
        QVERIFY2(std::abs(sqnr - 6.02 * 8) < 0.25, qPrintable(QString::number(sqnr)));
        // Symmetric int8 has 254 steps, not 255: 20 log10(254) = 48.10 dB.
        const auto symmetric =
            numeric::quantizeTensor(values, {QuantizedType::Int8, QuantizationScheme::Symmetric});
        const double symmetricSqnr =
            numeric::errorStatistics(values, symmetric.dequantized).sqnrDecibels;
        QVERIFY2(std::abs(symmetricSqnr - 20 * std::log10(254.0)) < 0.25,
                 qPrintable(QString::number(symmetricSqnr)));
    }

    void perChannelBeatsPerTensorWithAnOutlierRow() {
        constexpr int kColumns = 256;
        constexpr int kOutlierRow = 3;
        const std::vector<float> values = matrixWithOutlierRow(8, kColumns, kOutlierRow);
        for (const QuantizedType type : numeric::kQuantizedTypes) {
            for (const QuantizationScheme scheme : kSchemes) {
                const QuantizationSpec perChannelSpec{type, scheme, Granularity::PerChannel, 8};
                const double perTensor = meanSquaredError(values, {type, scheme});
                const double perChannel = meanSquaredError(values, perChannelSpec);
                // Seven rows of eight get a 10x finer step; only the outlier row keeps its error.
                QVERIFY2(perChannel < perTensor / 3, qPrintable(nameOf(type, scheme)));
                // That row holds the tensor's extremes, so it has the per-tensor scale.
                const auto tensor = numeric::quantizeTensor(values, {type, scheme});
                const auto rows = numeric::quantizeTensor(values, perChannelSpec);
                QCOMPARE(rows.channels[kOutlierRow].parameters.scale,
                         tensor.channels[0].parameters.scale);
                for (int column = 0; column < kColumns; ++column) {
                    const std::size_t index = kOutlierRow * kColumns + column;
                    QCOMPARE(rows.dequantized[index], tensor.dequantized[index]);
                }
            }
        }
    }

    void channelRows() {
        const std::vector<float> values = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        const auto tensor = numeric::quantizeTensor(
            values,
            {QuantizedType::Int8, QuantizationScheme::Symmetric, Granularity::PerChannel, 3});
        QCOMPARE(tensor.channels.size(), std::size_t(3));
        QCOMPARE(tensor.channels[0].begin, std::size_t(0));
        QCOMPARE(tensor.channels[0].end, std::size_t(3));
        QCOMPARE(tensor.channels[1].end, std::size_t(6));
        QCOMPARE(tensor.channels[2].end, std::size_t(10));
        QCOMPARE(tensor.channels[0].parameters.scale, 3.0 / 127);
        QCOMPARE(tensor.channels[2].parameters.scale, 10.0 / 127);
        QCOMPARE(tensor.codes[2], 127);  // each row's largest value gets the largest code
        QCOMPARE(tensor.codes[9], 127);
        // More rows than values: one value per row.
        const auto many = numeric::quantizeTensor(
            values, {QuantizedType::Int8, QuantizationScheme::Affine, Granularity::PerChannel, 64});
        QCOMPARE(many.channels.size(), values.size());
        // Per tensor ignores the channel count.
        QCOMPARE(numeric::quantizeTensor(values, {}).channels.size(), std::size_t(1));
    }

    void degenerateTensors() {
        const std::vector<float> zeros(16, 0.0f);
        for (const QuantizedType type : numeric::kQuantizedTypes) {
            for (const QuantizationScheme scheme : kSchemes) {
                const auto tensor = numeric::quantizeTensor(zeros, {type, scheme});
                const auto statistics = numeric::errorStatistics(zeros, tensor.dequantized);
                QCOMPARE(statistics.maxAbsoluteError, 0.0);
                QVERIFY(std::isinf(statistics.sqnrDecibels) && statistics.sqnrDecibels > 0);
                QCOMPARE(tensor.codes.front(), tensor.channels.front().parameters.zeroPoint);
                QCOMPARE(numeric::usedCodeCount(tensor, 0), 1);
            }
        }
        const auto empty = numeric::quantizeTensor({}, {});
        QCOMPARE(empty.channels.size(), std::size_t(1));
        QVERIFY(empty.codes.empty());
        QCOMPARE(numeric::errorStatistics({}, {}).meanSquaredError, 0.0);
    }

    void usedCodes() {
        const std::vector<float> values = {-1, 0, 0, 1, 1, 1};
        const auto tensor = numeric::quantizeTensor(values, {});
        QCOMPARE(numeric::usedCodeCount(tensor, 0), 3);
        QCOMPARE(numeric::usedCodeCount(tensor, 1), 0);  // no such row
    }

    void storage() {
        QCOMPARE(numeric::codeStorageBytes(4096, QuantizedType::Int8), std::size_t(4096));
        QCOMPARE(numeric::codeStorageBytes(4096, QuantizedType::UInt8), std::size_t(4096));
        QCOMPARE(numeric::codeStorageBytes(4096, QuantizedType::Int4), std::size_t(2048));
        QCOMPARE(numeric::codeStorageBytes(4097, QuantizedType::UInt4), std::size_t(2049));
        const QuantizationSpec symmetric{QuantizedType::Int8, QuantizationScheme::Symmetric};
        const QuantizationSpec affine{QuantizedType::Int4, QuantizationScheme::Affine};
        QCOMPARE(numeric::parameterStorageBytes(symmetric, 1), std::size_t(4));
        QCOMPARE(numeric::parameterStorageBytes(affine, 8), std::size_t(40));
    }
};

QTEST_APPLESS_MAIN(TestQuantization)
#include "tst_quantization.moc"
