// What storing a typed decimal does: exactness, errors, overflow and underflow in every rounding
// direction, the exact decimal text of a stored value, and the fields as binary text.
#include <QtTest>
#include <cmath>
#include <cstdint>
#include <string>

#include "numeric/FloatConversion.h"
#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"
#include "numeric/FloatFormat.h"

using namespace mlsyslab::numeric;

namespace {

FloatFormat formatNamed(const QString& name) {
    const auto format = findFloatFormat(name.toStdString());
    if (!format) qFatal("no format %s", qPrintable(name));
    return *format;
}

RoundingMode modeNamed(const QString& name) {
    const auto mode = findRoundingMode(name.toStdString());
    if (!mode) qFatal("no rounding mode %s", qPrintable(name));
    return *mode;
}

QString rangeEventName(RangeEvent event) {
    switch (event) {
        case RangeEvent::None:
            return "none";
        case RangeEvent::Overflow:
            return "overflow";
        case RangeEvent::Underflow:
            return "underflow";
        case RangeEvent::UnderflowToZero:
            return "underflow to zero";
    }
    return "?";
}

// The same format with one more exponent bit and the same bias: its values agree with the
// format's up to the largest finite one and continue past it, so rounding into it is rounding
// with an unbounded exponent, the yardstick IEEE 754 uses for overflow.
FloatFormat withWiderExponent(const FloatFormat& format) {
    return {format.name, format.exponentBits + 1, format.mantissaBits, format.bias,
            SpecialValues::Ieee};
}

}  // namespace

class TestFloatConversion : public QObject {
    Q_OBJECT

private slots:
    void conversions_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("rounding");
        QTest::addColumn<bool>("saturate");
        QTest::addColumn<QString>("bits");
        QTest::addColumn<bool>("exact");
        QTest::addColumn<QString>("range");
        const auto row = [](const char* name) -> QTestData& { return QTest::newRow(name); };
        row("fp16 3.5") << "fp16"
                        << "3.5"
                        << "nearest" << false << "0x4300" << true << "none";
        row("fp16 0.1") << "fp16"
                        << "0.1"
                        << "nearest" << false << "0x2E66" << false << "none";
        row("fp32 0.1") << "fp32"
                        << "0.1"
                        << "nearest" << false << "0x3DCCCCCD" << false << "none";
        row("fp16 -0") << "fp16"
                       << "-0"
                       << "nearest" << false << "0x8000" << true << "none";
        row("fp16 nan") << "fp16"
                        << "nan"
                        << "nearest" << false << "0x7E00" << true << "none";
        row("fp16 65504") << "fp16"
                          << "65504"
                          << "nearest" << false << "0x7BFF" << true << "none";
        row("fp16 65519 rounds down") << "fp16"
                                      << "65519"
                                      << "nearest" << false << "0x7BFF" << false << "none";
        row("fp16 65520 is a tie that overflows")
            << "fp16"
            << "65520"
            << "nearest" << false << "0x7C00" << false << "overflow";
        row("fp16 65520 saturated") << "fp16"
                                    << "65520"
                                    << "nearest" << true << "0x7BFF" << false << "overflow";
        row("fp16 65520 away") << "fp16"
                               << "65520"
                               << "away" << false << "0x7C00" << false << "overflow";
        row("fp16 65535.9 toward zero") << "fp16"
                                        << "65535.9"
                                        << "zero" << false << "0x7BFF" << false << "none";
        row("fp16 65536 toward zero") << "fp16"
                                      << "65536"
                                      << "zero" << false << "0x7BFF" << false << "overflow";
        row("fp16 65504.5 up") << "fp16"
                               << "65504.5"
                               << "up" << false << "0x7C00" << false << "overflow";
        row("fp16 -65504.5 up") << "fp16"
                                << "-65504.5"
                                << "up" << false << "0xFBFF" << false << "none";
        row("fp16 -65536 up") << "fp16"
                              << "-65536"
                              << "up" << false << "0xFBFF" << false << "overflow";
        row("fp16 -65504.5 down") << "fp16"
                                  << "-65504.5"
                                  << "down" << false << "0xFC00" << false << "overflow";
        row("fp16 inf") << "fp16"
                        << "inf"
                        << "nearest" << false << "0x7C00" << true << "none";
        row("fp16 inf saturated") << "fp16"
                                  << "inf"
                                  << "nearest" << true << "0x7BFF" << false << "overflow";
        row("e4m3 448") << "fp8-e4m3"
                        << "448"
                        << "nearest" << false << "0x7E" << true << "none";
        row("e4m3 464 is a tie that stays") << "fp8-e4m3"
                                            << "464"
                                            << "nearest" << false << "0x7E" << false << "none";
        row("e4m3 465") << "fp8-e4m3"
                        << "465"
                        << "nearest" << false << "0x7F" << false << "overflow";
        row("e4m3 464 away") << "fp8-e4m3"
                             << "464"
                             << "away" << false << "0x7F" << false << "overflow";
        row("e4m3 480 saturated") << "fp8-e4m3"
                                  << "480"
                                  << "nearest" << true << "0x7E" << false << "overflow";
        row("e4m3 inf") << "fp8-e4m3"
                        << "inf"
                        << "nearest" << false << "0x7F" << false << "overflow";
        row("fp16 1e-8") << "fp16"
                         << "1e-8"
                         << "nearest" << false << "0x0000" << false << "underflow to zero";
        row("fp16 -1e-8") << "fp16"
                          << "-1e-8"
                          << "nearest" << false << "0x8000" << false << "underflow to zero";
        row("fp16 1e-8 up") << "fp16"
                            << "1e-8"
                            << "up" << false << "0x0001" << false << "underflow";
        row("fp16 1e-7") << "fp16"
                         << "1e-7"
                         << "nearest" << false << "0x0002" << false << "underflow";
        row("fp16 smallest subnormal") << "fp16"
                                       << "5.9604644775390625e-8"
                                       << "nearest" << false << "0x0001" << true << "none";
        row("fp32 1e999999") << "fp32"
                             << "1e999999"
                             << "nearest" << false << "0x7F800000" << false << "overflow";
        row("fp32 1e-999999") << "fp32"
                              << "1e-999999"
                              << "nearest" << false << "0x00000000" << false << "underflow to zero";
    }
    void conversions() {
        QFETCH(QString, format);
        QFETCH(QString, input);
        QFETCH(QString, rounding);
        QFETCH(bool, saturate);
        QFETCH(QString, bits);
        QFETCH(bool, exact);
        QFETCH(QString, range);
        const FloatFormat chosen = formatNamed(format);
        const EncodeOptions options{modeNamed(rounding), saturate};
        const auto conversion = convertDecimal(chosen, input.toStdString(), options);
        QVERIFY(conversion.ok());
        QCOMPARE(QString::fromStdString(floatBitsText(chosen, conversion->bits)), bits);
        QCOMPARE(conversion->bits, *encodeDecimal(chosen, input.toStdString(), options));
        QCOMPARE(conversion->exact, exact);
        QCOMPARE(rangeEventName(conversion->range), range);
        QCOMPARE(std::isnan(conversion->stored),
                 decodeFloat(chosen, conversion->bits).floatClass == FloatClass::Nan);
        if (exact) {
            QCOMPARE(conversion->absoluteError, 0.0);
            QCOMPARE(conversion->relativeError, 0.0);
        } else {
            QVERIFY(conversion->absoluteError > 0 || conversion->input == 0);
            QVERIFY(conversion->relativeError > 0);
        }
    }

    void errorsOfOneTenth() {
        // fp16 keeps 0.0999755859375, 2.44140625e-05 short of 0.1.
        const auto conversion = convertDecimal(kFp16, "0.1");
        QVERIFY(conversion.ok());
        QCOMPARE(conversion->stored, 0.0999755859375);
        QCOMPARE(conversion->input, 0.1);
        QVERIFY(std::fabs(conversion->absoluteError - 2.44140625e-05) < 1e-17);
        QVERIFY(std::fabs(conversion->relativeError - 2.44140625e-04) < 1e-16);
    }

    void errorsAtTheEdges() {
        const auto toInfinity = convertDecimal(kFp16, "1e6");
        QVERIFY(std::isinf(toInfinity->absoluteError) && std::isinf(toInfinity->relativeError));
        const auto saturated = convertDecimal(kFp16, "1e6", {RoundingMode::NearestEven, true});
        QCOMPARE(saturated->stored, 65504.0);
        QCOMPARE(saturated->absoluteError, 1e6 - 65504);
        const auto toZero = convertDecimal(kFp16, "1e-8");
        QCOMPARE(toZero->absoluteError, 1e-8);
        QCOMPARE(toZero->relativeError, 1.0);
        const auto beyondDouble = convertDecimal(kFp32, "1e-999");
        QCOMPARE(beyondDouble->input, 0.0);
        QCOMPARE(beyondDouble->relativeError, 1.0);
    }

    void notANumberIsRefused() {
        const auto refused = convertDecimal(kFp16, "3,5");
        QVERIFY(!refused.ok());
        QVERIFY(!refused.error().empty());
    }

    void overflowAgreesWithAnUnboundedExponent_data() {
        QTest::addColumn<QString>("format");
        for (const char* name : {"fp16", "bf16", "fp8-e4m3", "fp8-e5m2", "tf32", "fp32"}) {
            QTest::newRow(name) << name;
        }
    }
    void overflowAgreesWithAnUnboundedExponent() {
        // Every quarter unit from two units below the largest value to two above, both signs,
        // every direction: overflow exactly when the wider format's rounding passes the largest.
        QFETCH(QString, format);
        const FloatFormat chosen = formatNamed(format);
        const FloatFormat wider = withWiderExponent(chosen);
        const double largest = decodeFloat(chosen, chosen.maxFiniteMagnitude()).value;
        const double unit = std::ldexp(1.0, std::ilogb(largest) - chosen.mantissaBits);
        for (const char* mode : {"nearest", "away", "zero", "up", "down"}) {
            const EncodeOptions options{modeNamed(mode), false};
            for (int quarters = -8; quarters <= 8; ++quarters) {
                for (const double sign : {1.0, -1.0}) {
                    const double value = sign * (largest + quarters * unit / 4);
                    const std::string text = std::to_string(value);
                    const auto decimal = parseDecimalNumber(text);
                    QVERIFY(decimal.ok());
                    const double unbounded =
                        decodeFloat(wider, encodeDecimal(wider, *decimal, options)).value;
                    QVERIFY2(overflowsFormat(chosen, *decimal, options.rounding) ==
                                 (std::fabs(unbounded) > largest),
                             (text + " " + mode).c_str());
                }
            }
        }
    }

    void exactDecimalTexts_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("fp16 0.1") << 0.0999755859375 << "0.0999755859375";
        QTest::newRow("fp32 0.1") << double(0.1f) << "0.100000001490116119384765625";
        QTest::newRow("65504") << 65504.0 << "65504";
        QTest::newRow("-3.5") << -3.5 << "-3.5";
        QTest::newRow("-0") << -0.0 << "-0";
        QTest::newRow("inf") << double(INFINITY) << "inf";
        QTest::newRow("fp32 largest")
            << 3.4028234663852886e38 << "340282346638528859811704183484516925440";
    }
    void exactDecimalTexts() {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(exactDecimalText(value)), text);
    }

    void exactDecimalTextOfTinyValues() {
        // 2^-149, fp32's smallest subnormal: 149 places after the point, ending in ...3125.
        const std::string tiny = exactDecimalText(std::ldexp(1.0, -149));
        QCOMPARE(tiny.size(), std::size_t{2 + 149});
        QVERIFY(tiny.starts_with("0.0000000000000000000000000000000000000000000014012984643"));
        QVERIFY(tiny.ends_with("3125"));
        const std::string smallestDouble = exactDecimalText(std::ldexp(1.0, -1074));
        QCOMPARE(smallestDouble.size(), std::size_t{2 + 1074});
        QVERIFY(smallestDouble.ends_with("625"));
    }

    void fieldsText_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<quint64>("bits");
        QTest::addColumn<QString>("text");
        QTest::newRow("fp16 0.1") << "fp16" << quint64{0x2E66} << "0 01011 1001100110";
        QTest::newRow("fp16 -3.5") << "fp16" << quint64{0xC300} << "1 10000 1100000000";
        QTest::newRow("fp32 0.1") << "fp32" << quint64{0x3DCCCCCD}
                                  << "0 01111011 10011001100110011001101";
        QTest::newRow("bf16 0.1") << "bf16" << quint64{0x3DCD} << "0 01111011 1001101";
        QTest::newRow("tf32 1") << "tf32" << quint64{0x1FC00} << "0 01111111 0000000000";
        QTest::newRow("e4m3 448") << "fp8-e4m3" << quint64{0x7E} << "0 1111 110";
        QTest::newRow("e5m2 -inf") << "fp8-e5m2" << quint64{0xFC} << "1 11111 00";
    }
    void fieldsText() {
        QFETCH(QString, format);
        QFETCH(quint64, bits);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(floatFieldsText(formatNamed(format), bits)), text);
    }
};

QTEST_APPLESS_MAIN(TestFloatConversion)
#include "tst_float_conversion.moc"
