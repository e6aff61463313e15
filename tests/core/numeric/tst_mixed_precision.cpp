#include <QtTest>
#include <cmath>
#include <cstdint>
#include <vector>

#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"
#include "numeric/MixedPrecision.h"

namespace numeric = mlsyslab::numeric;
using numeric::FloatFormat;
using numeric::GradientFate;

Q_DECLARE_METATYPE(numeric::FloatFormat)
Q_DECLARE_METATYPE(numeric::GradientFate)

namespace {

constexpr std::size_t kSampleCount = 10000;

const std::vector<float>& defaultGradients() {
    static const std::vector<float> gradients = numeric::generateGradients({}, kSampleCount, 1);
    return gradients;
}

GradientFate fateOfValue(const FloatFormat& format, double value) {
    return numeric::gradientFateOf(format, numeric::encodeDouble(format, value));
}

}  // namespace

class TestMixedPrecision : public QObject {
    Q_OBJECT

private slots:
    // SeededRandom is std::mt19937_64 with specified transforms, so these are the values on
    // every platform (up to std::pow's last bit, which rounding to FP32 hides).
    void gradientsAreDeterministic() {
        const std::vector<float>& gradients = defaultGradients();
        QCOMPARE(gradients.size(), kSampleCount);
        QCOMPARE(gradients[0], 9.31702562e-06f);
        QCOMPARE(gradients[1], 1.87896967e-05f);
        QCOMPARE(gradients[2], 6.96278539e-06f);
        QCOMPARE(gradients[3], 7.1198869e-09f);
        QCOMPARE(numeric::generateGradients({}, kSampleCount, 1), gradients);
        QVERIFY(numeric::generateGradients({}, kSampleCount, 2) != gradients);
    }

    void gradientsFollowTheDistribution() {
        const numeric::GradientDistribution distribution{-5.0, 0.5};
        const auto gradients = numeric::generateGradients(distribution, kSampleCount, 7);
        double sum = 0;
        double squares = 0;
        std::size_t negatives = 0;
        for (const float gradient : gradients) {
            QVERIFY(gradient != 0.0f && std::isfinite(gradient));
            const double log10Magnitude = std::log10(std::abs(double(gradient)));
            sum += log10Magnitude;
            squares += log10Magnitude * log10Magnitude;
            negatives += gradient < 0 ? 1 : 0;
        }
        const double mean = sum / kSampleCount;
        const double standardDeviation = std::sqrt(squares / kSampleCount - mean * mean);
        QVERIFY(std::abs(mean - -5.0) < 0.02);  // 4 standard errors (0.5 / 100)
        QVERIFY(std::abs(standardDeviation - 0.5) < 0.02);
        QVERIFY(negatives > 4800 && negatives < 5200);  // 4 standard errors of a fair coin
    }

    void fatesAgreeWithTheFloatEngine_data() {
        QTest::addColumn<FloatFormat>("format");
        QTest::addColumn<double>("value");
        QTest::addColumn<GradientFate>("fate");
        QTest::addColumn<quint64>("bits");
        const FloatFormat fp16 = numeric::kFp16;
        const FloatFormat bf16 = numeric::kBf16;
        // Half the smallest subnormal is a tie between 0 (even) and 0x0001: it goes to 0.
        QTest::newRow("fp16 2^-25 -> 0")
            << fp16 << std::ldexp(1.0, -25) << GradientFate::FlushedToZero << quint64(0x0000);
        QTest::newRow("fp16 just above 2^-25")
            << fp16 << std::ldexp(1.0 + 0x1p-20, -25) << GradientFate::Subnormal << quint64(0x0001);
        QTest::newRow("fp16 2^-24 smallest subnormal")
            << fp16 << std::ldexp(1.0, -24) << GradientFate::Subnormal << quint64(0x0001);
        QTest::newRow("fp16 2^-14 smallest normal")
            << fp16 << std::ldexp(1.0, -14) << GradientFate::Normal << quint64(0x0400);
        QTest::newRow("fp16 65504 largest")
            << fp16 << 65504.0 << GradientFate::Normal << quint64(0x7BFF);
        QTest::newRow("fp16 65519 rounds down")
            << fp16 << 65519.0 << GradientFate::Normal << quint64(0x7BFF);
        QTest::newRow("fp16 65520 -> inf")
            << fp16 << 65520.0 << GradientFate::Overflow << quint64(0x7C00);
        QTest::newRow("fp16 -65520 -> -inf")
            << fp16 << -65520.0 << GradientFate::Overflow << quint64(0xFC00);
        QTest::newRow("bf16 1e-8 normal")
            << bf16 << 1e-8 << GradientFate::Normal << quint64(0x322C);
        QTest::newRow("bf16 2^-134 -> 0")
            << bf16 << std::ldexp(1.0, -134) << GradientFate::FlushedToZero << quint64(0x0000);
        QTest::newRow("bf16 2^-133 smallest subnormal")
            << bf16 << std::ldexp(1.0, -133) << GradientFate::Subnormal << quint64(0x0001);
    }
    void fatesAgreeWithTheFloatEngine() {
        QFETCH(FloatFormat, format);
        QFETCH(double, value);
        QFETCH(GradientFate, fate);
        QFETCH(quint64, bits);
        QCOMPARE(numeric::encodeDouble(format, value), bits);
        QCOMPARE(fateOfValue(format, value), fate);
        // And through the loss-scaling path, as one gradient at S = 1 (values that are floats).
        if (double(float(value)) == value) {
            const std::vector<float> one = {float(value)};
            QCOMPARE(numeric::simulateLossScaling(format, one, 1.0).countOf(fate), std::size_t(1));
        }
    }

    void thresholds() {
        const auto fp16 = numeric::formatThresholds(numeric::kFp16);
        QCOMPARE(fp16.smallestSubnormal, std::ldexp(1.0, -24));
        QCOMPARE(fp16.smallestNormal, std::ldexp(1.0, -14));
        QCOMPARE(fp16.largestFinite, 65504.0);
        QCOMPARE(fp16.flushToZeroUpTo, std::ldexp(1.0, -25));
        QCOMPARE(fp16.normalFrom, std::ldexp(1.0, -14) - std::ldexp(1.0, -25));
        QCOMPARE(fp16.overflowFrom, 65520.0);
        const auto bf16 = numeric::formatThresholds(numeric::kBf16);
        QCOMPARE(bf16.smallestSubnormal, std::ldexp(1.0, -133));
        QCOMPARE(bf16.smallestNormal, std::ldexp(1.0, -126));
        QCOMPARE(bf16.largestFinite, std::ldexp(2.0 - 0x1p-7, 127));
        QCOMPARE(bf16.overflowFrom, std::ldexp(2.0 - 0x1p-8, 127));
    }

    // Each boundary is where the encoder changes its answer, exactly.
    void thresholdsAreTheEncodersBoundaries_data() {
        QTest::addColumn<FloatFormat>("format");
        QTest::newRow("fp16") << numeric::kFp16;
        QTest::newRow("bf16") << numeric::kBf16;
    }
    void thresholdsAreTheEncodersBoundaries() {
        QFETCH(FloatFormat, format);
        const auto limits = numeric::formatThresholds(format);
        const auto up = [](double value) { return std::nextafter(value, INFINITY); };
        const auto down = [](double value) { return std::nextafter(value, 0.0); };
        QCOMPARE(fateOfValue(format, limits.flushToZeroUpTo), GradientFate::FlushedToZero);
        QCOMPARE(fateOfValue(format, up(limits.flushToZeroUpTo)), GradientFate::Subnormal);
        QCOMPARE(fateOfValue(format, down(limits.normalFrom)), GradientFate::Subnormal);
        QCOMPARE(fateOfValue(format, limits.normalFrom), GradientFate::Normal);
        QCOMPARE(fateOfValue(format, down(limits.overflowFrom)), GradientFate::Normal);
        QCOMPARE(fateOfValue(format, limits.overflowFrom), GradientFate::Overflow);
    }

    void defaultSampleUnderflowsARealisticShare() {
        const auto result = numeric::simulateLossScaling(numeric::kFp16, defaultGradients(), 1.0);
        QCOMPARE(result.count, kSampleCount);
        const double flushed = result.shareOf(GradientFate::FlushedToZero);
        QVERIFY2(flushed > 0.2 && flushed < 0.6, qPrintable(QString::number(flushed)));
        QCOMPARE(result.countOf(GradientFate::Overflow), std::size_t(0));
        std::size_t total = 0;
        for (const std::size_t count : result.fates) total += count;
        QCOMPARE(total, kSampleCount);
        QCOMPARE(result.recovered, kSampleCount - result.countOf(GradientFate::FlushedToZero));
    }

    void underflowDropsAsTheScaleGrows() {
        double previous = 1.0;
        for (int exponent = 0; exponent <= 16; exponent += 2) {
            const auto result = numeric::simulateLossScaling(numeric::kFp16, defaultGradients(),
                                                             std::ldexp(1.0, exponent));
            const double flushed = result.shareOf(GradientFate::FlushedToZero);
            QVERIFY2(flushed <= previous, qPrintable(QStringLiteral("2^%1").arg(exponent)));
            previous = flushed;
        }
        const auto at1024 = numeric::simulateLossScaling(numeric::kFp16, defaultGradients(), 1024);
        QVERIFY(at1024.shareOf(GradientFate::FlushedToZero) < 0.02);
        QVERIFY(at1024.recoveredShare() > 0.98);
        QCOMPARE(previous, 0.0);
    }

    void overflowAppearsWhenTheScaleIsTooLarge() {
        const auto at2To24 =
            numeric::simulateLossScaling(numeric::kFp16, defaultGradients(), std::ldexp(1.0, 24));
        QVERIFY(at2To24.countOf(GradientFate::Overflow) > 0);
        QCOMPARE(at2To24.recovered, kSampleCount - at2To24.countOf(GradientFate::Overflow));
        const auto at2To30 =
            numeric::simulateLossScaling(numeric::kFp16, defaultGradients(), std::ldexp(1.0, 30));
        QVERIFY(at2To30.countOf(GradientFate::Overflow) > at2To24.countOf(GradientFate::Overflow));
    }

    // Normal FP16 numbers carry 11 significant bits: a power-of-two scale divides out exactly,
    // so what is left is the rounding to FP16, at most 2^-11 relative.
    void recoveredValuesKeepTheFormatsPrecision() {
        const auto result = numeric::simulateLossScaling(numeric::kFp16, defaultGradients(), 65536);
        QCOMPARE(result.countOf(GradientFate::FlushedToZero), std::size_t(0));
        QVERIFY(result.medianRelativeError > 0 && result.medianRelativeError < 0x1p-11);
        const std::vector<float> normalOnly = {1.0e-3f, -2.5e-2f, 3.0e-4f};
        const auto exact = numeric::simulateLossScaling(numeric::kFp16, normalOnly, 1024);
        QVERIFY(exact.maximumRelativeError <= 0x1p-11);
        const std::vector<float> representable = {0.5f, -0.75f};
        QCOMPARE(
            numeric::simulateLossScaling(numeric::kFp16, representable, 8).maximumRelativeError,
            0.0);
    }

    void suggestedScaleIsTheLargestPowerOfTwoWithoutOverflow() {
        const auto exponent =
            numeric::largestSafeScaleExponent(numeric::kFp16, defaultGradients(), 0, 40);
        QVERIFY(exponent.has_value());
        const auto atIt = numeric::simulateLossScaling(numeric::kFp16, defaultGradients(),
                                                       std::ldexp(1.0, *exponent));
        const auto twiceIt = numeric::simulateLossScaling(numeric::kFp16, defaultGradients(),
                                                          std::ldexp(1.0, *exponent + 1));
        QCOMPARE(atIt.countOf(GradientFate::Overflow), std::size_t(0));
        QVERIFY(twiceIt.countOf(GradientFate::Overflow) > 0);
        // By hand: 3 x 2^14 = 49152 fits, 3 x 2^15 = 98304 does not; 1 x 2^16 = 65536 >= 65520.
        const std::vector<float> three = {-3.0f, 0.5f};
        QCOMPARE(numeric::largestSafeScaleExponent(numeric::kFp16, three, 0, 40), 14);
        const std::vector<float> one = {1.0f};
        QCOMPARE(numeric::largestSafeScaleExponent(numeric::kFp16, one, 0, 40), 15);
        QCOMPARE(numeric::largestSafeScaleExponent(numeric::kFp16, one, 0, 10), 10);
        const std::vector<float> huge = {1.0e6f};
        QCOMPARE(numeric::largestSafeScaleExponent(numeric::kFp16, huge, 0, 40), std::nullopt);
        QCOMPARE(numeric::largestSafeScaleExponent(numeric::kFp16, huge, -10, 40), -4);
    }

    // BF16 has FP32's 8 exponent bits: the same range, so no scaling is needed.
    void bf16HasNoUnderflowAtScaleOne() {
        const auto result = numeric::simulateLossScaling(numeric::kBf16, defaultGradients(), 1.0);
        QCOMPARE(result.countOf(GradientFate::FlushedToZero), std::size_t(0));
        QCOMPARE(result.countOf(GradientFate::Subnormal), std::size_t(0));
        QCOMPARE(result.recoveredShare(), 1.0);
        QVERIFY(result.maximumRelativeError <= 0x1p-8);  // 8 significant bits
    }

    void histogramCountsEveryValue() {
        const std::vector<float> values = {0.002f, 0.05f, 0.0f, 1e10f, 3e-6f, -0.003f};
        const auto plain = numeric::log10Histogram(values, 1.0, -4.0, 0.0, 4);
        QCOMPARE(plain.shares.size(), std::size_t(4));
        QCOMPARE(plain.binWidth, 1.0);
        QCOMPARE(plain.binCenter(0), -3.5);
        QCOMPARE(plain.shares, (std::vector<double>{0.0, 2.0 / 6, 1.0 / 6, 0.0}));
        QCOMPARE(plain.zeros, std::size_t(1));
        QCOMPARE(plain.below, std::size_t(1));
        QCOMPARE(plain.above, std::size_t(1));
        // x100 moves everything two decades right: 0.05 leaves on the right, 3e-6 comes in.
        const auto scaled = numeric::log10Histogram(values, 100.0, -4.0, 0.0, 4);
        QCOMPARE(scaled.shares, (std::vector<double>{1.0 / 6, 0.0, 0.0, 2.0 / 6}));
        QCOMPARE(scaled.below, std::size_t(0));
        QCOMPARE(scaled.above, std::size_t(2));
    }

    void magnitudeSpan() {
        const std::vector<float> values = {0.0f, -100.0f, 0.01f};
        const auto span = numeric::log10MagnitudeSpan(values);
        QVERIFY(span.has_value());
        QCOMPARE(span->smallest, std::log10(double(0.01f)));
        QCOMPARE(span->largest, 2.0);
        const std::vector<float> zeros = {0.0f, -0.0f};
        QVERIFY(!numeric::log10MagnitudeSpan(zeros).has_value());
    }

    void fateNames() {
        QCOMPARE(numeric::gradientFateName(GradientFate::FlushedToZero), std::string_view("zero"));
        QCOMPARE(numeric::gradientFateName(GradientFate::Subnormal), std::string_view("subnormal"));
        QCOMPARE(numeric::gradientFateName(GradientFate::Normal), std::string_view("normal"));
        QCOMPARE(numeric::gradientFateName(GradientFate::Overflow), std::string_view("overflow"));
    }
};

QTEST_APPLESS_MAIN(TestMixedPrecision)
#include "tst_mixed_precision.moc"
