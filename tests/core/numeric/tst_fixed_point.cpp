#include <QtTest>
#include <climits>
#include <cmath>
#include <cstdint>
#include <string>

#include "FixedPointTestSupport.h"
#include "numeric/FixedPoint.h"

namespace numeric = mlsyslab::numeric;
using numeric::BitPattern;
using numeric::FixedFormat;
using numeric::OverflowMode;
using numeric::OverflowOutcome;
using numeric::RoundingMode;
using numeric::Signedness;
using namespace mlsyslab::testing;

// Formats, their ranges, and every pattern and halfway value of every byte-wide format.
namespace {

// floor(a / 2) for negative a too.
std::int64_t floorHalf(std::int64_t value) { return value >= 0 ? value / 2 : -((-value + 1) / 2); }

// The raw integer that rounding a halfway value (2j + 1) / 2 gives, by the textbook rule.
std::int64_t roundHalfway(std::int64_t twiceValue, RoundingMode rounding) {
    const std::int64_t below = floorHalf(twiceValue);
    const std::int64_t above = below + 1;
    switch (rounding) {
        case RoundingMode::NearestEven:
            return below % 2 == 0 ? below : above;
        case RoundingMode::NearestAway:
            return twiceValue > 0 ? above : below;
        case RoundingMode::TowardZero:
            return twiceValue > 0 ? below : above;
        case RoundingMode::Up:
            return above;
        case RoundingMode::Down:
            return below;
    }
    return below;
}

}  // namespace

class TestFixedPoint : public QObject {
    Q_OBJECT
private slots:
    void formatsAndNames_data();
    void formatsAndNames();
    void badFormats_data();
    void badFormats();
    void rangeAndResolution_data();
    void rangeAndResolution();
    void everyByteRoundTrips();
    void everyHalfwayValueRounds();
    void byteWrapIsACCastAndSaturationClamps();
};

void TestFixedPoint::formatsAndNames_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("integerBits");
    QTest::addColumn<int>("fractionBits");
    QTest::addColumn<bool>("isSigned");
    QTest::addColumn<int>("width");
    QTest::newRow("Q3.4") << "Q3.4" << 3 << 4 << true << 8;
    QTest::newRow("UQ4.4") << "UQ4.4" << 4 << 4 << false << 8;
    QTest::newRow("TI Q15 is Q0.15") << "Q15" << 0 << 15 << true << 16;
    QTest::newRow("lower case, spaces") << " uq8 " << 0 << 8 << false << 8;
    QTest::newRow("Q0.0: the sign bit alone") << "Q0.0" << 0 << 0 << true << 1;
    QTest::newRow("Q31.32") << "q31.32" << 31 << 32 << true << 64;
    QTest::newRow("UQ64.0") << "UQ64.0" << 64 << 0 << false << 64;
}

void TestFixedPoint::formatsAndNames() {
    QFETCH(QString, name);
    QFETCH(int, integerBits);
    QFETCH(int, fractionBits);
    QFETCH(bool, isSigned);
    QFETCH(int, width);
    const auto format = numeric::parseFixedFormatName(name.toStdString());
    QVERIFY2(format.ok(), format.ok() ? "" : format.error().c_str());
    QCOMPARE(format->integerBits, integerBits);
    QCOMPARE(format->fractionBits, fractionBits);
    QCOMPARE(format->isSigned(), isSigned);
    QCOMPARE(format->width(), width);
    const std::string canonical = format->name();
    QCOMPARE(numeric::parseFixedFormatName(canonical).value(), format.value());
}

void TestFixedPoint::badFormats_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("UQ0.0 has no bits") << "UQ0.0"
                                       << "no bits";
    QTest::newRow("65 bits") << "Q32.32"
                             << "at most 64 bits";
    QTest::newRow("65 unsigned bits") << "UQ60.5"
                                      << "at most 64 bits";
    QTest::newRow("huge count") << "Q999.1"
                                << "at most 64 bits";
    QTest::newRow("not a format") << "Z3.4"
                                  << "Qm.n";
    QTest::newRow("no numbers") << "Q"
                                << "Qm.n";
    QTest::newRow("trailing dot") << "Q3."
                                  << "Qm.n";
    QTest::newRow("extra text") << "Q3.4x"
                                << "Qm.n";
    QTest::newRow("too many digits") << "Q0001.4"
                                     << "Qm.n";
}

void TestFixedPoint::badFormats() {
    QFETCH(QString, name);
    QFETCH(QString, messagePart);
    const auto format = numeric::parseFixedFormatName(name.toStdString());
    QVERIFY(!format.ok());
    QVERIFY2(QString::fromStdString(format.error()).contains(messagePart), format.error().c_str());
    QVERIFY(!numeric::makeFixedFormat(-1, 4, Signedness::Signed).ok());
    QVERIFY(!numeric::makeFixedFormat(3, -1, Signedness::Unsigned).ok());
    QVERIFY(!numeric::makeFixedFormat(INT_MAX, INT_MAX, Signedness::Signed).ok());
}

void TestFixedPoint::rangeAndResolution_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("resolution");
    QTest::addColumn<QString>("minimum");
    QTest::addColumn<QString>("maximum");
    QTest::newRow("Q3.4") << "Q3.4"
                          << "0.0625"
                          << "-8"
                          << "7.9375";
    QTest::newRow("UQ4.4") << "UQ4.4"
                           << "0.0625"
                           << "0"
                           << "15.9375";
    QTest::newRow("Q15") << "Q0.15"
                         << "0.000030517578125"
                         << "-1"
                         << "0.999969482421875";
    QTest::newRow("Q0.0") << "Q0.0"
                          << "1"
                          << "-1"
                          << "0";
    QTest::newRow("UQ0.1") << "UQ0.1"
                           << "0.5"
                           << "0"
                           << "0.5";
    QTest::newRow("Q63.0") << "Q63.0"
                           << "1"
                           << "-9223372036854775808"
                           << "9223372036854775807";
    QTest::newRow("UQ64.0") << "UQ64.0"
                            << "1"
                            << "0"
                            << "18446744073709551615";
    QTest::newRow("Q0.63") << "Q0.63"
                           << "0.000000000000000000108420217248550443400745280086994171142578125"
                           << "-1"
                           << "0.999999999999999999891579782751449556599254719913005828857421875";
    QTest::newRow("UQ0.64") << "UQ0.64"
                            << "0.0000000000000000000542101086242752217003726400434970855712890625"
                            << "0"
                            << "0.9999999999999999999457898913757247782996273599565029144287109375";
}

void TestFixedPoint::rangeAndResolution() {
    QFETCH(QString, name);
    QFETCH(QString, resolution);
    QFETCH(QString, minimum);
    QFETCH(QString, maximum);
    const FixedFormat format = numeric::parseFixedFormatName(name.toStdString()).value();
    QCOMPARE(QString::fromStdString(numeric::resolution(format).text), resolution);
    QCOMPARE(QString::fromStdString(numeric::minValue(format).text), minimum);
    QCOMPARE(QString::fromStdString(numeric::maxValue(format).text), maximum);
    QCOMPARE(numeric::resolution(format).value, std::ldexp(1.0, -format.fractionBits));
    QCOMPARE(numeric::minValue(format).value, minimum.toDouble());
    QCOMPARE(numeric::maxValue(format).value, maximum.toDouble());
}

void TestFixedPoint::everyByteRoundTrips() {
    for (const FixedFormat& format : allByteFormats()) {
        for (std::uint64_t pattern = 0; pattern < 256; ++pattern) {
            const BitPattern bits(8, pattern);
            const std::int64_t raw = rawOf(format, bits);
            const auto decoded = numeric::decode(format, bits);
            const std::string expected = referenceText(raw, format.fractionBits);
            QCOMPARE(decoded.text, expected);
            QCOMPARE(decoded.value, std::ldexp(double(raw), -format.fractionBits));
            for (const RoundingMode rounding : kAllRoundings) {
                for (const OverflowMode overflow : kAllOverflows) {
                    const auto encoded = encodeOrFail(format, decoded.text, {rounding, overflow});
                    QCOMPARE(encoded.bits, bits);
                    QVERIFY(!encoded.rounded);
                    QVERIFY(!encoded.overflowed());
                    QCOMPARE(encoded.error.text, std::string("0"));
                    QCOMPARE(encoded.stored.text, expected);
                }
            }
        }
    }
}

void TestFixedPoint::everyHalfwayValueRounds() {
    for (const FixedFormat& format : allByteFormats()) {
        const std::int64_t lowest = format.minRaw();
        const auto highest = static_cast<std::int64_t>(format.maxRaw());
        // Every k / 2^(n+1) strictly inside the range: the odd k lie halfway between two values.
        for (std::int64_t twice = 2 * lowest; twice <= 2 * highest; ++twice) {
            const std::string text = referenceText(twice, format.fractionBits + 1);
            for (const RoundingMode rounding : kAllRoundings) {
                const auto encoded = encodeOrFail(format, text, {rounding, OverflowMode::Saturate});
                const bool halfway = twice % 2 != 0;
                const std::int64_t expected = halfway ? roundHalfway(twice, rounding) : twice / 2;
                QCOMPARE(rawOf(format, encoded.bits), expected);
                QCOMPARE(encoded.rounded, halfway);
                QVERIFY(!encoded.overflowed());
                const double halfStep = std::ldexp(1.0, -format.fractionBits - 1);
                QCOMPARE(std::abs(encoded.error.value), halfway ? halfStep : 0.0);
            }
        }
    }
}

void TestFixedPoint::byteWrapIsACCastAndSaturationClamps() {
    // Whole scaled values far past both ends: wrap keeps the low 8 bits (a C cast to
    // int8_t / uint8_t), saturation clamps to the nearest end.
    for (const FixedFormat& format : allByteFormats()) {
        for (std::int64_t scaled = -1000; scaled <= 1000; ++scaled) {
            const std::string text = referenceText(scaled, format.fractionBits);
            const auto wrapped =
                encodeOrFail(format, text, {RoundingMode::NearestEven, OverflowMode::Wrap});
            const auto saturated =
                encodeOrFail(format, text, {RoundingMode::NearestEven, OverflowMode::Saturate});
            const std::int64_t cast = format.isSigned() ? std::int64_t(std::int8_t(scaled))
                                                        : std::int64_t(std::uint8_t(scaled));
            const bool fits = scaled >= format.minRaw() && scaled <= std::int64_t(format.maxRaw());
            QCOMPARE(rawOf(format, wrapped.bits), cast);
            QCOMPARE(
                rawOf(format, saturated.bits),
                std::clamp<std::int64_t>(scaled, format.minRaw(), std::int64_t(format.maxRaw())));
            QCOMPARE(wrapped.overflowOutcome,
                     fits ? OverflowOutcome::None : OverflowOutcome::Wrapped);
            const OverflowOutcome clamped =
                scaled < 0 ? OverflowOutcome::SaturatedToMin : OverflowOutcome::SaturatedToMax;
            QCOMPARE(saturated.overflowOutcome, fits ? OverflowOutcome::None : clamped);
        }
    }
}

QTEST_APPLESS_MAIN(TestFixedPoint)
#include "tst_fixed_point.moc"
