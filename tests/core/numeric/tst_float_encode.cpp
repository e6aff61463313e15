// Encoding into every format: exhaustive round trips and the rounding edges (ties, subnormals,
// overflow, saturation, every rounding mode). tst_float_host compares with the host's
// conversions, tst_float_python and tst_float_nvidia with independent implementations.
#include <QtTest>
#include <cstdint>
#include <string>

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

QString hex(const FloatFormat& format, std::uint64_t bits) {
    return QString::fromStdString(floatBitsText(format, bits));
}

RoundingMode modeNamed(const QString& name) {
    const auto mode = findRoundingMode(name.toStdString());
    if (!mode) qFatal("no rounding mode %s", qPrintable(name));
    return *mode;
}

}  // namespace

class TestFloatEncode : public QObject {
    Q_OBJECT

private slots:
    void everyPatternRoundTrips_data() {
        QTest::addColumn<QString>("format");
        for (const char* name : {"fp16", "bf16", "fp8-e4m3", "fp8-e5m2", "tf32"}) {
            QTest::newRow(name) << name;
        }
    }
    void everyPatternRoundTrips() {
        // Decode, then encode the exact value (in every rounding mode, with and without
        // saturation) and its printed text: every pattern comes back, NaNs as a NaN.
        QFETCH(QString, format);
        const FloatFormat chosen = formatNamed(format);
        const std::uint64_t patterns = std::uint64_t{1} << chosen.width();
        for (std::uint64_t bits = 0; bits < patterns; ++bits) {
            const DecodedFloat decoded = decodeFloat(chosen, bits);
            const std::string shown = floatValueText(chosen, decoded.value);
            const auto fromText = encodeDecimal(chosen, shown);
            QVERIFY(fromText.ok());
            if (decoded.floatClass == FloatClass::Nan) {
                const auto expected = quietNan(chosen, decoded.negative);
                QCOMPARE(encodeDouble(chosen, decoded.value), expected);
                QCOMPARE(decodeFloat(chosen, *fromText).floatClass, FloatClass::Nan);
                continue;
            }
            if (*fromText != bits) QFAIL(qPrintable(hex(chosen, bits) + " from text " + shown.c_str()));
            for (const auto mode : {RoundingMode::NearestEven, RoundingMode::NearestAway,
                                    RoundingMode::TowardZero, RoundingMode::Up, RoundingMode::Down}) {
                for (const bool saturate : {false, true}) {
                    if (decoded.floatClass == FloatClass::Infinity && saturate) continue;
                    const auto encoded = encodeDouble(chosen, decoded.value, {mode, saturate});
                    if (encoded != bits) QFAIL(qPrintable(hex(chosen, bits) + " from its value"));
                }
            }
        }
    }

    void edges_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("rounding");
        QTest::addColumn<bool>("saturate");
        QTest::addColumn<QString>("expected");

        auto row = [](const char* name, const char* format, const char* input, const char* rounding,
                      bool saturate, const char* expected) {
            QTest::newRow(name) << format << input << rounding << saturate << expected;
        };
        // fp16: max 65504; 65520 = max + half a unit is a tie that goes to the even "65536",
        // which overflows (IEEE 754-2019 §4.3.1: overflow is judged after rounding).
        row("fp16 3.5", "fp16", "3.5", "nearest", false, "0x4300");
        row("fp16 0.1", "fp16", "0.1", "nearest", false, "0x2E66");
        row("fp16 max", "fp16", "65504", "nearest", false, "0x7BFF");
        row("fp16 below max tie", "fp16", "65519.99", "nearest", false, "0x7BFF");
        row("fp16 max tie", "fp16", "65520", "nearest", false, "0x7C00");
        row("fp16 -max tie", "fp16", "-65520", "nearest", false, "0xFC00");
        row("fp16 max tie sat", "fp16", "65520", "nearest", true, "0x7BFF");
        row("fp16 1e400", "fp16", "1e400", "nearest", false, "0x7C00");
        row("fp16 -1e400 sat", "fp16", "-1e400", "nearest", true, "0xFBFF");
        row("fp16 inf sat", "fp16", "inf", "nearest", true, "0x7BFF");
        row("fp16 -inf sat", "fp16", "-Infinity", "nearest", true, "0xFBFF");
        row("fp16 nan sat", "fp16", "nan", "nearest", true, "0x7E00");
        row("fp16 -nan", "fp16", "-nan", "nearest", false, "0xFE00");
        row("fp16 -0", "fp16", "-0", "nearest", false, "0x8000");
        row("fp16 -0.0e5", "fp16", "-0.0e5", "up", false, "0x8000");
        row("fp16 1e-400", "fp16", "1e-400", "nearest", false, "0x0000");
        row("fp16 -1e-400", "fp16", "-1e-400", "nearest", false, "0x8000");
        row("fp16 -tiny", "fp16", "-1e-30", "nearest", false, "0x8000");
        // Subnormals: the smallest is 2^-24; half of it is a tie that goes to even 0.
        row("fp16 min subnormal", "fp16", "5.9604644775390625e-08", "nearest", false, "0x0001");
        row("fp16 half min subnormal", "fp16", "2.98023223876953125e-08", "nearest", false, "0x0000");
        row("fp16 above half min subnormal", "fp16", "2.98023223876953126e-08", "nearest", false, "0x0001");
        row("fp16 1.5 min subnormal", "fp16", "8.94069671630859375e-08", "nearest", false, "0x0002");
        row("fp16 tie into min normal", "fp16", "6.10053539276123046875e-05", "nearest", false, "0x0400");
        row("fp16 below tie into min normal", "fp16", "6.10053539276123046874e-05", "nearest", false, "0x03FF");
        // Ties between 2048 (even) and 2050, decided by digits no double holds.
        row("fp16 2049 tie", "fp16", "2049", "nearest", false, "0x6800");
        row("fp16 2051 tie", "fp16", "2051", "nearest", false, "0x6802");
        row("fp16 2049 and a bit", "fp16", "2049.0000000000000000001", "nearest", false, "0x6801");
        row("fp16 2049 less a bit", "fp16", "2048.9999999999999999999", "nearest", false, "0x6800");
        // Through float32 this would be 2049.0 exactly, then the tie to 2048: rounded once, 2050.
        row("fp16 2049.0001 once", "fp16", "2049.0001", "nearest", false, "0x6801");
        row("fp16 2049 away", "fp16", "2049", "away", false, "0x6801");
        row("fp16 -2049 away", "fp16", "-2049", "away", false, "0xE801");
        // Directed rounding, including a decimal that the nearest double takes for 1.0 exactly.
        row("fp16 zero below 1", "fp16", "0.99999999999999999999999", "zero", false, "0x3BFF");
        row("fp16 up below 1", "fp16", "0.99999999999999999999999", "up", false, "0x3C00");
        row("fp16 up above 2048", "fp16", "2048.0000000000000000001", "up", false, "0x6801");
        row("fp16 down above 2048", "fp16", "2048.0000000000000000001", "down", false, "0x6800");
        row("fp16 down -2048-", "fp16", "-2048.0000000000000000001", "down", false, "0xE801");
        row("fp16 zero 2049.5", "fp16", "2049.5", "zero", false, "0x6800");
        row("fp16 zero exact", "fp16", "2050", "zero", false, "0x6801");
        // Directed overflow (IEEE 754-2019 §7.4): toward zero stops at the largest finite value.
        row("fp16 zero overflow", "fp16", "65536", "zero", false, "0x7BFF");
        row("fp16 zero -1e400", "fp16", "-1e400", "zero", false, "0xFBFF");
        row("fp16 up overflow", "fp16", "65505", "up", false, "0x7C00");
        row("fp16 up -overflow", "fp16", "-65505", "up", false, "0xFBFF");
        row("fp16 down overflow", "fp16", "65505", "down", false, "0x7BFF");
        row("fp16 down -overflow", "fp16", "-65505", "down", false, "0xFC00");
        row("fp16 up overflow sat", "fp16", "65505", "up", true, "0x7BFF");
        row("fp16 zero keeps inf", "fp16", "inf", "zero", false, "0x7C00");
        row("fp16 up tiny", "fp16", "1e-400", "up", false, "0x0001");
        row("fp16 down tiny", "fp16", "1e-400", "down", false, "0x0000");
        row("fp16 down -tiny", "fp16", "-1e-400", "down", false, "0x8001");
        row("fp16 up -tiny", "fp16", "-1e-400", "up", false, "0x8000");
        // E4M3 (OCP): 464 is the tie between 448 and the missing 480; it goes to even 448.
        row("e4m3 448", "fp8-e4m3", "448", "nearest", false, "0x7E");
        row("e4m3 464 tie", "fp8-e4m3", "464", "nearest", false, "0x7E");
        row("e4m3 above 464", "fp8-e4m3", "464.00001", "nearest", false, "0x7F");
        row("e4m3 480", "fp8-e4m3", "480", "nearest", false, "0x7F");
        row("e4m3 -480", "fp8-e4m3", "-480", "nearest", false, "0xFF");
        row("e4m3 480 sat", "fp8-e4m3", "480", "nearest", true, "0x7E");
        row("e4m3 -1e9 sat", "fp8-e4m3", "-1e9", "nearest", true, "0xFE");
        row("e4m3 inf", "fp8-e4m3", "inf", "nearest", false, "0x7F");
        row("e4m3 -inf", "fp8-e4m3", "-inf", "nearest", false, "0xFF");
        row("e4m3 inf sat", "fp8-e4m3", "inf", "nearest", true, "0x7E");
        row("e4m3 nan", "fp8-e4m3", "nan", "nearest", false, "0x7F");
        row("e4m3 -nan sat", "fp8-e4m3", "-nan", "nearest", true, "0xFF");
        row("e4m3 min subnormal", "fp8-e4m3", "0.001953125", "nearest", false, "0x01");
        row("e4m3 half min subnormal", "fp8-e4m3", "0.0009765625", "nearest", false, "0x00");
        row("e4m3 above half min subnormal", "fp8-e4m3", "0.0009765626", "nearest", false, "0x01");
        row("e4m3 zero 1000", "fp8-e4m3", "1000", "zero", false, "0x7E");
        row("e4m3 up 449", "fp8-e4m3", "449", "up", false, "0x7F");
        row("e4m3 down 449", "fp8-e4m3", "449", "down", false, "0x7E");
        row("e4m3 up -449", "fp8-e4m3", "-449", "up", false, "0xFE");
        row("e4m3 away 464", "fp8-e4m3", "464", "away", false, "0x7F");
        // E5M2: max 57344; 61440 is the tie to the even 65536, which overflows.
        row("e5m2 max", "fp8-e5m2", "57344", "nearest", false, "0x7B");
        row("e5m2 below tie", "fp8-e5m2", "61439", "nearest", false, "0x7B");
        row("e5m2 tie", "fp8-e5m2", "61440", "nearest", false, "0x7C");
        row("e5m2 tie sat", "fp8-e5m2", "61440", "nearest", true, "0x7B");
        row("e5m2 nan", "fp8-e5m2", "nan", "nearest", false, "0x7E");
        row("e5m2 -nan", "fp8-e5m2", "-nan", "nearest", false, "0xFE");
        row("e5m2 -inf", "fp8-e5m2", "-inf", "nearest", false, "0xFC");
        // bf16 and tf32: same exponent as fp32, fewer mantissa bits.
        row("bf16 tie", "bf16", "1.00390625", "nearest", false, "0x3F80");
        row("bf16 above tie", "bf16", "1.0039062500001", "nearest", false, "0x3F81");
        row("bf16 max", "bf16", "3.3895313892515355e38", "nearest", false, "0x7F7F");
        row("bf16 overflow", "bf16", "3.4e38", "nearest", false, "0x7F80");
        row("bf16 nan", "bf16", "nan", "nearest", false, "0x7FC0");
        row("tf32 tie", "tf32", "1.00048828125", "nearest", false, "0x1FC00");
        row("tf32 tie away", "tf32", "1.00048828125", "away", false, "0x1FC01");
        row("tf32 nan", "tf32", "NaN", "nearest", false, "0x3FE00");
        row("tf32 -nan", "tf32", "-nan", "nearest", false, "0x7FE00");
        // fp32: max + half a unit = 2^128 - 2^103 is a tie to the even 2^128: overflow.
        row("fp32 max", "fp32", "3.4028234663852886e38", "nearest", false, "0x7F7FFFFF");
        row("fp32 max tie", "fp32", "340282356779733661637539395458142568448", "nearest", false, "0x7F800000");
        row("fp32 below max tie", "fp32", "340282356779733661637539395458142568447.9", "nearest", false, "0x7F7FFFFF");
        row("fp32 min subnormal", "fp32", "1.401298464324817e-45", "nearest", false, "0x00000001");
        row("fp32 half min subnormal", "fp32",
            "7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625e-46",
            "nearest", false, "0x00000000");
        row("fp32 nan", "fp32", "nan", "nearest", false, "0x7FC00000");
        row("fp32 -nan", "fp32", "-nan", "nearest", false, "0xFFC00000");
        // fp64: the edges of double itself, where the nearest double is not enough.
        row("fp64 max", "fp64", "1.7976931348623157e308", "nearest", false, "0x7FEFFFFFFFFFFFFF");
        row("fp64 overflow", "fp64", "1.7976931348623159e308", "nearest", false, "0x7FF0000000000000");
        row("fp64 zero overflow", "fp64", "1e309", "zero", false, "0x7FEFFFFFFFFFFFFF");
        row("fp64 up above max", "fp64", "1.7976931348623158e308", "up", false, "0x7FF0000000000000");
        row("fp64 nearest above max", "fp64", "1.7976931348623158e308", "nearest", false, "0x7FEFFFFFFFFFFFFF");
        row("fp64 min subnormal", "fp64", "4.9406564584124654e-324", "nearest", false, "0x0000000000000001");
        row("fp64 below half min", "fp64", "2.4703282292062327e-324", "nearest", false, "0x0000000000000000");
        row("fp64 up below half min", "fp64", "2.4703282292062327e-324", "up", false, "0x0000000000000001");
        row("fp64 0.1", "fp64", "0.1", "nearest", false, "0x3FB999999999999A");
        row("fp64 0.1 down", "fp64", "0.1", "down", false, "0x3FB9999999999999");
        row("fp64 -0.1 up", "fp64", "-0.1", "up", false, "0xBFB9999999999999");
    }
    void edges() {
        QFETCH(QString, format);
        QFETCH(QString, input);
        QFETCH(QString, rounding);
        QFETCH(bool, saturate);
        QFETCH(QString, expected);
        const FloatFormat chosen = formatNamed(format);
        const auto encoded = encodeDecimal(chosen, input.toStdString(), {modeNamed(rounding), saturate});
        QVERIFY2(encoded.ok(), encoded ? "" : encoded.error().c_str());
        QCOMPARE(hex(chosen, *encoded), expected);
    }

    void fromFloat32Bits_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<quint32>("float32Bits");
        QTest::addColumn<bool>("saturate");
        QTest::addColumn<QString>("expected");
        QTest::newRow("fp16 3.5") << "fp16" << quint32(0x40600000) << false << "0x4300";
        QTest::newRow("fp16 65520") << "fp16" << quint32(0x477FF000) << false << "0x7C00";
        QTest::newRow("fp16 65520 sat") << "fp16" << quint32(0x477FF000) << true << "0x7BFF";
        QTest::newRow("fp16 qnan payload") << "fp16" << quint32(0x7FC12345) << false << "0x7E00";
        QTest::newRow("fp16 -snan") << "fp16" << quint32(0xFF800001) << false << "0xFE00";
        QTest::newRow("fp16 -0") << "fp16" << quint32(0x80000000) << false << "0x8000";
        QTest::newRow("fp16 float min subnormal") << "fp16" << quint32(0x00000001) << false << "0x0000";
        QTest::newRow("fp16 -float min subnormal") << "fp16" << quint32(0x80000001) << false << "0x8000";
        QTest::newRow("e4m3 448") << "fp8-e4m3" << quint32(0x43E00000) << false << "0x7E";
        QTest::newRow("e4m3 464") << "fp8-e4m3" << quint32(0x43E80000) << false << "0x7E";
        QTest::newRow("e4m3 464+") << "fp8-e4m3" << quint32(0x43E80001) << false << "0x7F";
        QTest::newRow("e4m3 464+ sat") << "fp8-e4m3" << quint32(0x43E80001) << true << "0x7E";
        QTest::newRow("e4m3 -inf") << "fp8-e4m3" << quint32(0xFF800000) << false << "0xFF";
        QTest::newRow("e4m3 -inf sat") << "fp8-e4m3" << quint32(0xFF800000) << true << "0xFE";
        QTest::newRow("bf16 1+2^-8 tie") << "bf16" << quint32(0x3F808000) << false << "0x3F80";
        QTest::newRow("bf16 1+3*2^-8 tie") << "bf16" << quint32(0x3F818000) << false << "0x3F82";
        QTest::newRow("tf32 1+2^-11 tie") << "tf32" << quint32(0x3F801000) << false << "0x1FC00";
        QTest::newRow("fp64 one") << "fp64" << quint32(0x3F800000) << false << "0x3FF0000000000000";
        QTest::newRow("fp64 nan") << "fp64" << quint32(0x7F800001) << false << "0x7FF8000000000000";
    }
    void fromFloat32Bits() {
        QFETCH(QString, format);
        QFETCH(quint32, float32Bits);
        QFETCH(bool, saturate);
        QFETCH(QString, expected);
        const FloatFormat chosen = formatNamed(format);
        QCOMPARE(hex(chosen, encodeFloat32Bits(chosen, float32Bits, {RoundingMode::NearestEven, saturate})),
                 expected);
    }
};

QTEST_GUILESS_MAIN(TestFloatEncode)
#include "tst_float_encode.moc"
