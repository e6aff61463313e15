#include <QtTest>
#include <cmath>
#include <cstdint>
#include <string>

#include "FixedPointTestSupport.h"
#include "numeric/FixedPoint.h"

// Encoding by hand-worked examples: the ends of the ranges, rounding between values, the
// widest formats, and text that is refused or extreme.
namespace numeric = mlsyslab::numeric;
using numeric::FixedFormat;
using numeric::OverflowMode;
using numeric::OverflowOutcome;
using numeric::RoundingMode;
using numeric::Signedness;
using namespace mlsyslab::testing;

class TestFixedPointEncode : public QObject {
    Q_OBJECT
private slots:
    void edges_data();
    void edges();
    void workedExamples();
    void roundingInBetween();
    void wideFormatsAreExact();
    void badText_data();
    void badText();
    void extremeButValidText();
};

void TestFixedPointEncode::edges_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("rounding");
    QTest::addColumn<quint64>("saturatedBits");
    QTest::addColumn<quint64>("wrappedBits");
    QTest::addColumn<bool>("overflow");
    QTest::addColumn<bool>("rounded");
    const int nearest = int(RoundingMode::NearestEven);
    const int zero = int(RoundingMode::TowardZero);
    QTest::newRow("Q3.4 max") << "Q3.4"
                              << "7.9375" << nearest << 0x7Full << 0x7Full << false << false;
    QTest::newRow("Q3.4 8") << "Q3.4"
                            << "8" << nearest << 0x7Full << 0x80ull << true << false;
    QTest::newRow("Q3.4 halfway past max rounds up to 8")
        << "Q3.4"
        << "7.96875" << nearest << 0x7Full << 0x80ull << true << true;
    QTest::newRow("Q3.4 halfway past max, toward zero")
        << "Q3.4"
        << "7.96875" << zero << 0x7Full << 0x7Full << false << true;
    QTest::newRow("Q3.4 min") << "Q3.4"
                              << "-8" << nearest << 0x80ull << 0x80ull << false << false;
    QTest::newRow("Q3.4 halfway below min rounds to -8")
        << "Q3.4"
        << "-8.03125" << nearest << 0x80ull << 0x80ull << false << true;
    QTest::newRow("Q3.4 below min") << "Q3.4"
                                    << "-8.0625" << nearest << 0x80ull << 0x7Full << true << false;
    QTest::newRow("Q3.4 10 wraps to -6") << "Q3.4"
                                         << "10" << nearest << 0x7Full << 0xA0ull << true << false;
    QTest::newRow("UQ4.4 16") << "UQ4.4"
                              << "16" << nearest << 0xFFull << 0x00ull << true << false;
    QTest::newRow("UQ4.4 15.97 rounds to 16")
        << "UQ4.4"
        << "15.97" << nearest << 0xFFull << 0x00ull << true << true;
    QTest::newRow("UQ4.4 100 wraps to 4")
        << "UQ4.4"
        << "100" << nearest << 0xFFull << 0x40ull << true << false;
    QTest::newRow("UQ4.4 -0.0625") << "UQ4.4"
                                   << "-0.0625" << nearest << 0x00ull << 0xFFull << true << false;
    QTest::newRow("UQ4.4 -0.03125 rounds to 0")
        << "UQ4.4"
        << "-0.03125" << nearest << 0x00ull << 0x00ull << false << true;
    QTest::newRow("UQ4.4 -0.01 down is -0.0625")
        << "UQ4.4"
        << "-0.01" << int(RoundingMode::Down) << 0x00ull << 0xFFull << true << true;
    QTest::newRow("Q0.0 0.5 rounds to even 0")
        << "Q0.0"
        << "0.5" << nearest << 0x0ull << 0x0ull << false << true;
    QTest::newRow("Q0.0 1") << "Q0.0"
                            << "1" << nearest << 0x0ull << 0x1ull << true << false;
}

void TestFixedPointEncode::edges() {
    QFETCH(QString, format);
    QFETCH(QString, text);
    QFETCH(int, rounding);
    QFETCH(quint64, saturatedBits);
    QFETCH(quint64, wrappedBits);
    QFETCH(bool, overflow);
    QFETCH(bool, rounded);
    const FixedFormat fixedFormat = numeric::parseFixedFormatName(format.toStdString()).value();
    const auto mode = RoundingMode(rounding);
    const auto saturated =
        encodeOrFail(fixedFormat, text.toStdString(), {mode, OverflowMode::Saturate});
    const auto wrapped = encodeOrFail(fixedFormat, text.toStdString(), {mode, OverflowMode::Wrap});
    QCOMPARE(saturated.bits.bits(), saturatedBits);
    QCOMPARE(wrapped.bits.bits(), wrappedBits);
    QCOMPARE(saturated.overflowed(), overflow);
    QCOMPARE(wrapped.overflowed(), overflow);
    QCOMPARE(saturated.rounded, rounded);
    QCOMPARE(wrapped.rounded, rounded);
}

void TestFixedPointEncode::workedExamples() {
    // Worked by hand: the value times 2^n, as an integer in the format's width.
    const auto q16 = numeric::makeFixedFormat(1, 6, Signedness::Signed).value();
    const auto q34 = numeric::makeFixedFormat(3, 4, Signedness::Signed).value();
    const auto uq44 = numeric::makeFixedFormat(4, 4, Signedness::Unsigned).value();
    const numeric::EncodeRules rules;  // nearest even, saturate
    // 0.75 x 64 = 48: sign 0, integer bit 0, fraction .110000.
    QCOMPARE(encodeOrFail(q16, "0.75", rules).bits.binary(), std::string("00110000"));
    // -2.5625 x 16 = -41; 256 - 41 = 215 = 1101.0111: -8 + 4 + 1 + 1/4 + 1/8 + 1/16.
    const auto negative = encodeOrFail(q34, "-2.5625", rules);
    QCOMPARE(negative.bits.binary(), std::string("11010111"));
    QCOMPARE(negative.stored.text, std::string("-2.5625"));
    QCOMPARE(negative.stored.value, -2.5625);
    // 15.9375 x 16 = 255: all ones, the largest UQ4.4.
    QCOMPARE(encodeOrFail(uq44, "15.9375", rules).bits.binary(), std::string("11111111"));
    // 16 x 16 = 256 needs a ninth bit.
    const auto sixteen = encodeOrFail(uq44, "16", rules);
    QCOMPARE(sixteen.bits.binary(), std::string("11111111"));
    QCOMPARE(sixteen.overflowOutcome, OverflowOutcome::SaturatedToMax);
    QCOMPARE(sixteen.error.text, std::string("0.0625"));
    const auto wrapped = encodeOrFail(uq44, "16", {RoundingMode::NearestEven, OverflowMode::Wrap});
    QCOMPARE(wrapped.bits.binary(), std::string("00000000"));
    QCOMPARE(wrapped.overflowOutcome, OverflowOutcome::Wrapped);
    QCOMPARE(wrapped.error.text, std::string("16"));
}

void TestFixedPointEncode::roundingInBetween() {
    const auto q34 = numeric::makeFixedFormat(3, 4, Signedness::Signed).value();
    // 0.1 x 16 = 1.6: nearest gives 2 (0.125), toward zero 1 (0.0625).
    const auto nearest = encodeOrFail(q34, "0.1", {});
    QCOMPARE(nearest.stored.text, std::string("0.125"));
    QCOMPARE(nearest.error.text, std::string("-0.025"));
    QCOMPARE(nearest.error.value, -0.025);
    QVERIFY(nearest.rounded);
    const auto truncated =
        encodeOrFail(q34, "0.1", {RoundingMode::TowardZero, OverflowMode::Saturate});
    QCOMPARE(truncated.stored.text, std::string("0.0625"));
    QCOMPARE(truncated.error.text, std::string("0.0375"));
    // -1.6 scaled: down (an arithmetic shift) gives -2, toward zero and up give -1.
    QCOMPARE(encodeOrFail(q34, "-0.1", {RoundingMode::Down, OverflowMode::Saturate}).stored.text,
             std::string("-0.125"));
    QCOMPARE(
        encodeOrFail(q34, "-0.1", {RoundingMode::TowardZero, OverflowMode::Saturate}).stored.text,
        std::string("-0.0625"));
    QCOMPARE(encodeOrFail(q34, "-0.1", {RoundingMode::Up, OverflowMode::Saturate}).stored.text,
             std::string("-0.0625"));
    // Q15 of 0.1: 3276.8 rounds to 3277.
    const auto q15 = numeric::parseFixedFormatName("Q15").value();
    const auto tenth = encodeOrFail(q15, "0.1", {});
    QCOMPARE(tenth.bits.bits(), 3277ull);
    QCOMPARE(tenth.stored.text, std::string("0.100006103515625"));
    QCOMPARE(tenth.error.text, std::string("-0.000006103515625"));
    // Exponents and signs as typed.
    QCOMPARE(encodeOrFail(q34, " +.5 ", {}).stored.text, std::string("0.5"));
    QCOMPARE(encodeOrFail(q34, "-25e-1", {}).stored.text, std::string("-2.5"));
    QCOMPARE(encodeOrFail(q34, "-0", {}).bits.bits(), 0ull);
}

void TestFixedPointEncode::wideFormatsAreExact() {
    const auto q063 = numeric::parseFixedFormatName("Q0.63").value();
    QCOMPARE(encodeOrFail(q063, "0.1", {}).bits.bits(), 0x0CCCCCCCCCCCCCCDull);
    const auto uq064 = numeric::parseFixedFormatName("UQ0.64").value();
    QCOMPARE(encodeOrFail(uq064, "0.1", {}).bits.bits(), 0x199999999999999Aull);
    const auto q630 = numeric::parseFixedFormatName("Q63.0").value();
    QCOMPARE(encodeOrFail(q630, "-9223372036854775808", {}).bits.bits(), 0x8000000000000000ull);
    const auto tooLarge = encodeOrFail(q630, "9223372036854775808", {});
    QCOMPARE(tooLarge.bits.bits(), 0x7FFFFFFFFFFFFFFFull);
    QCOMPARE(tooLarge.error.text, std::string("1"));
    const numeric::EncodeRules wrap{RoundingMode::NearestEven, OverflowMode::Wrap};
    QCOMPARE(encodeOrFail(q630, "9223372036854775808", wrap).bits.bits(), 0x8000000000000000ull);
    QCOMPARE(encodeOrFail(q630, "-1e30", wrap).bits.bits(), 0xB98B1215C0000000ull);
    const auto uq640 = numeric::parseFixedFormatName("UQ64.0").value();
    QCOMPARE(encodeOrFail(uq640, "18446744073709551616", wrap).bits.bits(), 0ull);
    QCOMPARE(encodeOrFail(uq640, "1e30", wrap).bits.bits(), 0x4674EDEA40000000ull);
    // Past 2^64 the halfway case still rounds to even: ...234.5 -> ...234.
    QCOMPARE(encodeOrFail(uq640, "123456789012345678901234.5", wrap).bits.bits(),
             0x9B1F10A06C96AFF2ull);
    QCOMPARE(encodeOrFail(uq640, "123456789012345678901234.5",
                          {RoundingMode::NearestAway, OverflowMode::Wrap})
                 .bits.bits(),
             0x9B1F10A06C96AFF3ull);
    // Above 53 bits the double is the nearest one; the text stays exact.
    const auto largest = numeric::maxValue(uq640);
    QCOMPARE(largest.value, 18446744073709551616.0);
}

void TestFixedPointEncode::badText_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("letters") << "abc"
                             << "not a decimal number";
    QTest::newRow("empty") << ""
                           << "no number";
    QTest::newRow("two points") << "1.2.3"
                                << "not a decimal number";
    QTest::newRow("comma") << "1,5"
                           << "not a decimal number";
    QTest::newRow("hex") << "0x41"
                         << "hex is not read here";
    QTest::newRow("infinity") << "inf"
                              << "no infinity";
    QTest::newRow("negative infinity") << "-Infinity"
                                       << "no infinity";
    QTest::newRow("nan") << "nan"
                         << "no NaN";
    QTest::newRow("too large") << "1e1000"
                               << "too large";
    QTest::newRow("too small") << "-9.9e-1001"
                               << "too small";
    QTest::newRow("too long") << QString(1001, '1') << "too long";
}

void TestFixedPointEncode::badText() {
    QFETCH(QString, text);
    QFETCH(QString, messagePart);
    const auto format = numeric::parseFixedFormatName("Q3.4").value();
    const auto encoded = numeric::encode(format, text.toStdString(), {});
    QVERIFY(!encoded.ok());
    QVERIFY2(QString::fromStdString(encoded.error()).contains(messagePart),
             encoded.error().c_str());
}

void TestFixedPointEncode::extremeButValidText() {
    const auto format = numeric::parseFixedFormatName("Q3.4").value();
    const auto huge = encodeOrFail(format, "9.99e999", {});
    QCOMPARE(huge.overflowOutcome, OverflowOutcome::SaturatedToMax);
    QCOMPARE(huge.error.value, HUGE_VAL);
    // A wrapped power of ten of 64 or more keeps no bits: 10^64 = 2^64 x 5^64.
    QCOMPARE(
        encodeOrFail(format, "1e500", {RoundingMode::NearestEven, OverflowMode::Wrap}).bits.bits(),
        0ull);
    const auto tiny = encodeOrFail(format, "-1.5e-900", {});
    QCOMPARE(tiny.bits.bits(), 0ull);
    QVERIFY(tiny.rounded);
    QCOMPARE(tiny.error.text, std::string("-1.5e-900"));
    QCOMPARE(tiny.error.value, -0.0);
    QCOMPARE(
        encodeOrFail(format, "-1.5e-900", {RoundingMode::Down, OverflowMode::Saturate}).stored.text,
        std::string("-0.0625"));
}

QTEST_APPLESS_MAIN(TestFixedPointEncode)
#include "tst_fixed_point_encode.moc"
