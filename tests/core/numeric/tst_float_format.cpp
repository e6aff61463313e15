// The float formats themselves: presets, decoding, the texts a student reads, and the small
// questions (neighbours, ULP, conversion error, range table) built on them.
#include <QtTest>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <string>

#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"
#include "numeric/FloatFormat.h"
#include "numeric/FloatQueries.h"

using namespace mlsyslab::numeric;

namespace {

FloatFormat formatNamed(const QString& name) {
    const auto format = findFloatFormat(name.toStdString());
    if (!format) qFatal("no format %s", qPrintable(name));
    return *format;
}

QString text(const std::string& value) { return QString::fromStdString(value); }

}  // namespace

class TestFloatFormat : public QObject {
    Q_OBJECT

private slots:
    // Qt takes the C library's locale from the environment; strtof must read "3.5" here.
    void initTestCase() { std::setlocale(LC_NUMERIC, "C"); }

    void presets() {
        QCOMPARE(text(floatFormatNames()), QString("fp32, fp16, bf16, tf32, fp8-e4m3, fp8-e5m2, fp64"));
        QCOMPARE(findFloatFormat("fp16")->width(), 16);
        QCOMPARE(findFloatFormat("tf32")->width(), 19);
        QCOMPARE(findFloatFormat("fp8-e4m3")->width(), 8);
        QCOMPARE(findFloatFormat("fp64")->width(), 64);
        QVERIFY(!findFloatFormat("FP16"));
        QVERIFY(!findFloatFormat("e4m3"));
        QVERIFY(!kFp8E4M3.hasInfinity());
        QVERIFY(kFp8E5M2.hasInfinity());
    }

    void decodeExamples_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<quint64>("bits");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("floatClass");
        QTest::addColumn<QString>("bitsText");

        QTest::newRow("fp16 3.5") << "fp16" << quint64(0x4300) << "3.5" << "normal" << "0x4300";
        QTest::newRow("fp16 one") << "fp16" << quint64(0x3C00) << "1" << "normal" << "0x3C00";
        QTest::newRow("fp16 max") << "fp16" << quint64(0x7BFF) << "65504" << "normal" << "0x7BFF";
        QTest::newRow("fp16 min normal") << "fp16" << quint64(0x0400) << "6.10351562e-05" << "normal" << "0x0400";
        QTest::newRow("fp16 max subnormal") << "fp16" << quint64(0x03FF) << "6.09755516e-05" << "subnormal" << "0x03FF";
        QTest::newRow("fp16 min subnormal") << "fp16" << quint64(0x0001) << "5.96046448e-08" << "subnormal" << "0x0001";
        QTest::newRow("fp16 +0") << "fp16" << quint64(0x0000) << "0" << "zero" << "0x0000";
        QTest::newRow("fp16 -0") << "fp16" << quint64(0x8000) << "-0" << "zero" << "0x8000";
        QTest::newRow("fp16 -2") << "fp16" << quint64(0xC000) << "-2" << "normal" << "0xC000";
        QTest::newRow("fp16 inf") << "fp16" << quint64(0x7C00) << "inf" << "inf" << "0x7C00";
        QTest::newRow("fp16 -inf") << "fp16" << quint64(0xFC00) << "-inf" << "inf" << "0xFC00";
        QTest::newRow("fp16 qnan") << "fp16" << quint64(0x7E00) << "nan" << "nan" << "0x7E00";
        QTest::newRow("fp16 snan") << "fp16" << quint64(0x7C01) << "nan" << "nan" << "0x7C01";
        QTest::newRow("fp16 -nan") << "fp16" << quint64(0xFE00) << "nan" << "nan" << "0xFE00";
        QTest::newRow("fp32 one") << "fp32" << quint64(0x3F800000) << "1" << "normal" << "0x3F800000";
        QTest::newRow("fp32 0.1") << "fp32" << quint64(0x3DCCCCCD) << "0.100000001" << "normal" << "0x3DCCCCCD";
        QTest::newRow("fp32 max") << "fp32" << quint64(0x7F7FFFFF) << "3.40282347e+38" << "normal" << "0x7F7FFFFF";
        QTest::newRow("fp32 min subnormal") << "fp32" << quint64(0x00000001) << "1.40129846e-45" << "subnormal" << "0x00000001";
        QTest::newRow("bf16 one") << "bf16" << quint64(0x3F80) << "1" << "normal" << "0x3F80";
        QTest::newRow("bf16 max") << "bf16" << quint64(0x7F7F) << "3.38953139e+38" << "normal" << "0x7F7F";
        QTest::newRow("bf16 qnan") << "bf16" << quint64(0x7FC0) << "nan" << "nan" << "0x7FC0";
        QTest::newRow("tf32 one") << "tf32" << quint64(0x1FC00) << "1" << "normal" << "0x1FC00";
        QTest::newRow("tf32 max") << "tf32" << quint64(0x3FBFF) << "3.40116213e+38" << "normal" << "0x3FBFF";
        QTest::newRow("tf32 inf") << "tf32" << quint64(0x3FC00) << "inf" << "inf" << "0x3FC00";
        QTest::newRow("tf32 qnan") << "tf32" << quint64(0x3FE00) << "nan" << "nan" << "0x3FE00";
        QTest::newRow("e4m3 max") << "fp8-e4m3" << quint64(0x7E) << "448" << "normal" << "0x7E";
        QTest::newRow("e4m3 256 is not inf") << "fp8-e4m3" << quint64(0x78) << "256" << "normal" << "0x78";
        QTest::newRow("e4m3 nan") << "fp8-e4m3" << quint64(0x7F) << "nan" << "nan" << "0x7F";
        QTest::newRow("e4m3 -nan") << "fp8-e4m3" << quint64(0xFF) << "nan" << "nan" << "0xFF";
        QTest::newRow("e4m3 -max") << "fp8-e4m3" << quint64(0xFE) << "-448" << "normal" << "0xFE";
        QTest::newRow("e4m3 min normal") << "fp8-e4m3" << quint64(0x08) << "0.015625" << "normal" << "0x08";
        QTest::newRow("e4m3 min subnormal") << "fp8-e4m3" << quint64(0x01) << "0.001953125" << "subnormal" << "0x01";
        QTest::newRow("e4m3 4") << "fp8-e4m3" << quint64(0x48) << "4" << "normal" << "0x48";
        QTest::newRow("e5m2 max") << "fp8-e5m2" << quint64(0x7B) << "57344" << "normal" << "0x7B";
        QTest::newRow("e5m2 inf") << "fp8-e5m2" << quint64(0x7C) << "inf" << "inf" << "0x7C";
        QTest::newRow("e5m2 nan") << "fp8-e5m2" << quint64(0x7D) << "nan" << "nan" << "0x7D";
        QTest::newRow("e5m2 min subnormal") << "fp8-e5m2" << quint64(0x01) << "1.52587891e-05" << "subnormal" << "0x01";
        QTest::newRow("fp64 one") << "fp64" << quint64(0x3FF0000000000000) << "1" << "normal" << "0x3FF0000000000000";
        QTest::newRow("fp64 0.1") << "fp64" << quint64(0x3FB999999999999A) << "0.10000000000000001" << "normal" << "0x3FB999999999999A";
        QTest::newRow("fp64 min subnormal") << "fp64" << quint64(1) << "4.9406564584124654e-324" << "subnormal" << "0x0000000000000001";
        QTest::newRow("fp64 qnan") << "fp64" << quint64(0x7FF8000000000000) << "nan" << "nan" << "0x7FF8000000000000";
    }
    void decodeExamples() {
        QFETCH(QString, format);
        QFETCH(quint64, bits);
        QFETCH(QString, value);
        QFETCH(QString, floatClass);
        QFETCH(QString, bitsText);
        const FloatFormat chosen = formatNamed(format);
        const DecodedFloat decoded = decodeFloat(chosen, bits);
        QCOMPARE(text(floatValueText(chosen, decoded.value)), value);
        QCOMPARE(QString::fromUtf8(floatClassName(decoded.floatClass)), floatClass);
        QCOMPARE(text(floatBitsText(chosen, bits)), bitsText);
        QCOMPARE(decoded.bits, bits);
    }

    void decodeKeepsOnlyTheFormatsBits() {
        const DecodedFloat decoded = decodeFloat(kFp16, 0xFFFF4300);
        QCOMPARE(decoded.bits, std::uint64_t{0x4300});
        QCOMPARE(decoded.value, 3.5);
    }

    void fieldsOfAPattern() {
        const DecodedFloat decoded = decodeFloat(kFp16, 0xC300);  // -3.5
        QVERIFY(decoded.negative);
        QCOMPARE(decoded.exponentField, 16u);
        QCOMPARE(decoded.mantissaField, std::uint64_t{0x300});
        QCOMPARE(decoded.exponent, 1);
        QVERIFY(decoded.leadingOne);
        QCOMPARE(decoded.value, -3.5);
        const DecodedFloat subnormal = decodeFloat(kFp16, 0x0002);
        QCOMPARE(subnormal.exponent, -14);  // 1 - bias, like the smallest normal
        QVERIFY(!subnormal.leadingOne);
    }

    void formulas_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<quint64>("bits");
        QTest::addColumn<QString>("formula");
        QTest::newRow("fp16 3.5") << "fp16" << quint64(0x4300) << "(−1)⁰ × 1.11₂ × 2¹⁶⁻¹⁵ = 3.5";
        QTest::newRow("fp16 -1") << "fp16" << quint64(0xBC00) << "(−1)¹ × 1.0₂ × 2¹⁵⁻¹⁵ = -1";
        QTest::newRow("fp16 subnormal") << "fp16" << quint64(0x0100) << "(−1)⁰ × 0.01₂ × 2¹⁻¹⁵ = 1.52587891e-05";
        QTest::newRow("fp16 -0") << "fp16" << quint64(0x8000) << "(−1)¹ × 0.0₂ × 2¹⁻¹⁵ = -0";
        QTest::newRow("fp16 -inf") << "fp16" << quint64(0xFC00) << "(−1)¹ × ∞ = -inf";
        QTest::newRow("fp16 nan") << "fp16" << quint64(0x7E00) << "NaN (exponent all ones, mantissa not 0)";
        QTest::newRow("e4m3 max") << "fp8-e4m3" << quint64(0x7E) << "(−1)⁰ × 1.11₂ × 2¹⁵⁻⁷ = 448";
        QTest::newRow("e4m3 nan") << "fp8-e4m3" << quint64(0x7F) << "NaN (exponent and mantissa all ones)";
        QTest::newRow("fp64 1, four-digit powers") << "fp64" << quint64(0x3FF0000000000000) << "(−1)⁰ × 1.0₂ × 2¹⁰²³⁻¹⁰²³ = 1";
        QTest::newRow("e5m2 min subnormal") << "fp8-e5m2" << quint64(0x01) << "(−1)⁰ × 0.01₂ × 2¹⁻¹⁵ = 1.52587891e-05";
    }
    void formulas() {
        QFETCH(QString, format);
        QFETCH(quint64, bits);
        QFETCH(QString, formula);
        const FloatFormat chosen = formatNamed(format);
        QCOMPARE(QString::fromUtf8(floatFormulaText(chosen, decodeFloat(chosen, bits))), formula);
    }

    void bitsTextParsing_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("input");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<quint64>("bits");
        QTest::addColumn<QString>("message");
        QTest::newRow("upper") << "fp16" << "0x4300" << true << quint64(0x4300) << "";
        QTest::newRow("lower") << "fp16" << "0X7bff" << true << quint64(0x7BFF) << "";
        QTest::newRow("short") << "fp16" << "0x1" << true << quint64(1) << "";
        QTest::newRow("leading zeros") << "fp16" << "0x000004300" << true << quint64(0x4300) << "";
        QTest::newRow("spaces") << "fp8-e4m3" << "  0x7E\r" << true << quint64(0x7E) << "";
        QTest::newRow("tf32 top") << "tf32" << "0x7FFFF" << true << quint64(0x7FFFF) << "";
        QTest::newRow("fp64 top") << "fp64" << "0xFFFFFFFFFFFFFFFF" << true << quint64(~0ull) << "";
        QTest::newRow("no prefix") << "fp16" << "4300" << false << quint64(0) << "write hex digits after 0x";
        QTest::newRow("no digits") << "fp16" << "0x" << false << quint64(0) << "no hex digits";
        QTest::newRow("bad digit") << "fp16" << "0x43G0" << false << quint64(0) << "'G' is not a hex digit";
        QTest::newRow("too wide") << "fp16" << "0x10000" << false << quint64(0) << "does not fit in fp16's 16 bits (at most 0xFFFF)";
        QTest::newRow("tf32 too wide") << "tf32" << "0x80000" << false << quint64(0) << "19 bits (at most 0x7FFFF)";
        QTest::newRow("e4m3 too wide") << "fp8-e4m3" << "0x100" << false << quint64(0) << "8 bits";
        QTest::newRow("decimal") << "fp16" << "3.5" << false << quint64(0) << "not a bit pattern";
        QTest::newRow("empty") << "fp16" << "" << false << quint64(0) << "not a bit pattern";
        QTest::newRow("too long") << "fp16" << "0x" + QString(1000, '0') << false << quint64(0) << "too long: 1002 characters";
    }
    void bitsTextParsing() {
        QFETCH(QString, format);
        QFETCH(QString, input);
        QFETCH(bool, ok);
        QFETCH(quint64, bits);
        QFETCH(QString, message);
        const auto parsed = parseFloatBitsText(formatNamed(format), input.toStdString());
        QCOMPARE(parsed.ok(), ok);
        if (ok) {
            QCOMPARE(*parsed, bits);
        } else {
            QVERIFY2(text(parsed.error()).contains(message), parsed.error().c_str());
        }
    }

    void valueTextReadsBackAsFloat32() {
        // Every fp16 value's text parses back to the same float (and so the same fp16).
        for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
            const DecodedFloat decoded = decodeFloat(kFp16, bits);
            if (decoded.floatClass == FloatClass::Nan) continue;
            const std::string shown = floatValueText(kFp16, decoded.value);
            const float readBack = std::strtof(shown.c_str(), nullptr);
            QCOMPARE(static_cast<double>(readBack), decoded.value);
            QCOMPARE(std::signbit(readBack), decoded.negative);
        }
    }

    void neighbours_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<quint64>("bits");
        QTest::addColumn<qint64>("up");    // -1: none
        QTest::addColumn<qint64>("down");  // -1: none
        QTest::newRow("fp16 one") << "fp16" << quint64(0x3C00) << qint64(0x3C01) << qint64(0x3BFF);
        QTest::newRow("fp16 +0") << "fp16" << quint64(0x0000) << qint64(0x0001) << qint64(0x8001);
        QTest::newRow("fp16 -0") << "fp16" << quint64(0x8000) << qint64(0x0001) << qint64(0x8001);
        QTest::newRow("fp16 min subnormal") << "fp16" << quint64(0x0001) << qint64(0x0002) << qint64(0x0000);
        QTest::newRow("fp16 -min subnormal") << "fp16" << quint64(0x8001) << qint64(0x8000) << qint64(0x8002);
        QTest::newRow("fp16 max subnormal") << "fp16" << quint64(0x03FF) << qint64(0x0400) << qint64(0x03FE);
        QTest::newRow("fp16 max") << "fp16" << quint64(0x7BFF) << qint64(0x7C00) << qint64(0x7BFE);
        QTest::newRow("fp16 inf") << "fp16" << quint64(0x7C00) << qint64(-1) << qint64(0x7BFF);
        QTest::newRow("fp16 -inf") << "fp16" << quint64(0xFC00) << qint64(0xFBFF) << qint64(-1);
        QTest::newRow("fp16 nan") << "fp16" << quint64(0x7E00) << qint64(-1) << qint64(-1);
        QTest::newRow("e4m3 max") << "fp8-e4m3" << quint64(0x7E) << qint64(-1) << qint64(0x7D);
        QTest::newRow("e4m3 -max") << "fp8-e4m3" << quint64(0xFE) << qint64(0xFD) << qint64(-1);
        QTest::newRow("e4m3 nan") << "fp8-e4m3" << quint64(0x7F) << qint64(-1) << qint64(-1);
        QTest::newRow("e5m2 max") << "fp8-e5m2" << quint64(0x7B) << qint64(0x7C) << qint64(0x7A);
    }
    void neighbours() {
        QFETCH(QString, format);
        QFETCH(quint64, bits);
        QFETCH(qint64, up);
        QFETCH(qint64, down);
        const FloatFormat chosen = formatNamed(format);
        const auto next = nextUp(chosen, bits);
        const auto previous = nextDown(chosen, bits);
        QCOMPARE(next ? qint64(*next) : qint64(-1), up);
        QCOMPARE(previous ? qint64(*previous) : qint64(-1), down);
    }

    void neighboursWalkEveryValueInOrder() {
        // From -max to +max by nextUp visits every non-NaN pattern once, in increasing value.
        for (const auto& format : {kFp16, kBf16, kFp8E4M3, kFp8E5M2}) {
            std::uint64_t bits = format.signBit() | format.maxFiniteMagnitude();
            double previous = -HUGE_VAL;
            int visited = 0;
            for (auto next = std::optional<std::uint64_t>(bits); next; next = nextUp(format, *next)) {
                const double value = decodeFloat(format, *next).value;
                QVERIFY(value > previous || (value == 0 && previous == 0));
                previous = value;
                ++visited;
            }
            // Every pattern except the NaNs and -inf, with both zeros counted once (-0 steps
            // over +0) and +inf reached last where there is one.
            const int patterns = 1 << format.width();
            const int nans = format.hasInfinity() ? 2 * (int(format.mantissaMask())) : 2;
            const int skipped = format.hasInfinity() ? 1 + 1 : 1;  // -inf, and +0 or none
            QCOMPARE(visited, patterns - nans - skipped);
        }
    }

    void unitInLastPlace_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("ulp");
        QTest::newRow("fp16 1") << "fp16" << 1.0 << std::ldexp(1.0, -10);
        QTest::newRow("fp16 -1") << "fp16" << -1.0 << std::ldexp(1.0, -10);
        QTest::newRow("fp16 1000") << "fp16" << 1000.0 << 0.5;
        QTest::newRow("fp16 0") << "fp16" << 0.0 << std::ldexp(1.0, -24);
        QTest::newRow("fp16 subnormal") << "fp16" << 1e-6 << std::ldexp(1.0, -24);
        QTest::newRow("fp16 above max") << "fp16" << 1e6 << 32.0;
        QTest::newRow("fp32 1") << "fp32" << 1.0 << std::ldexp(1.0, -23);
        QTest::newRow("bf16 1") << "bf16" << 1.0 << std::ldexp(1.0, -7);
        QTest::newRow("e4m3 448") << "fp8-e4m3" << 448.0 << 32.0;
        QTest::newRow("e4m3 1") << "fp8-e4m3" << 1.0 << 0.125;
        QTest::newRow("e5m2 1") << "fp8-e5m2" << 1.0 << 0.25;
    }
    void unitInLastPlace() {
        QFETCH(QString, format);
        QFETCH(double, value);
        QFETCH(double, ulp);
        QCOMPARE(mlsyslab::numeric::unitInLastPlace(formatNamed(format), value), ulp);
    }

    void conversionErrors() {
        const ConversionError tenth = conversionError(kFp16, 0.1);
        QCOMPARE(tenth.bits, std::uint64_t{0x2E66});
        QCOMPARE(tenth.stored, 0.0999755859375);
        QCOMPARE(tenth.absoluteError, 0.1 - 0.0999755859375);
        QCOMPARE(tenth.relativeError, (0.1 - 0.0999755859375) / 0.1);

        const ConversionError exact = conversionError(kFp16, 3.5);
        QCOMPARE(exact.absoluteError, 0.0);
        QCOMPARE(exact.relativeError, 0.0);

        const ConversionError overflow = conversionError(kFp16, 1e6);
        QVERIFY(std::isinf(overflow.stored));
        QVERIFY(std::isinf(overflow.absoluteError));

        const ConversionError saturated = conversionError(kFp16, 1e6, {RoundingMode::NearestEven, true});
        QCOMPARE(saturated.stored, 65504.0);
        QCOMPARE(saturated.absoluteError, 1e6 - 65504.0);

        const ConversionError flushed = conversionError(kFp8E4M3, 1e-4);
        QCOMPARE(flushed.stored, 0.0);
        QCOMPARE(flushed.relativeError, 1.0);
    }

    void rangeTable_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<double>("maxFinite");
        QTest::addColumn<double>("minNormal");
        QTest::addColumn<double>("minSubnormal");
        QTest::addColumn<double>("epsilon");
        QTest::addColumn<double>("decimalDigits");
        QTest::newRow("fp32") << "fp32" << 3.4028234663852886e38 << std::ldexp(1.0, -126) << std::ldexp(1.0, -149) << std::ldexp(1.0, -23) << 24 * std::log10(2.0);
        QTest::newRow("fp16") << "fp16" << 65504.0 << std::ldexp(1.0, -14) << std::ldexp(1.0, -24) << std::ldexp(1.0, -10) << 11 * std::log10(2.0);
        QTest::newRow("bf16") << "bf16" << 3.3895313892515355e38 << std::ldexp(1.0, -126) << std::ldexp(1.0, -133) << std::ldexp(1.0, -7) << 8 * std::log10(2.0);
        QTest::newRow("tf32") << "tf32" << 3.4011621342146535e38 << std::ldexp(1.0, -126) << std::ldexp(1.0, -136) << std::ldexp(1.0, -10) << 11 * std::log10(2.0);
        QTest::newRow("e4m3") << "fp8-e4m3" << 448.0 << std::ldexp(1.0, -6) << std::ldexp(1.0, -9) << 0.125 << 4 * std::log10(2.0);
        QTest::newRow("e5m2") << "fp8-e5m2" << 57344.0 << std::ldexp(1.0, -14) << std::ldexp(1.0, -16) << 0.25 << 3 * std::log10(2.0);
        QTest::newRow("fp64") << "fp64" << 1.7976931348623157e308 << std::ldexp(1.0, -1022) << std::ldexp(1.0, -1074) << std::ldexp(1.0, -52) << 53 * std::log10(2.0);
    }
    void rangeTable() {
        QFETCH(QString, format);
        QFETCH(double, maxFinite);
        QFETCH(double, minNormal);
        QFETCH(double, minSubnormal);
        QFETCH(double, epsilon);
        QFETCH(double, decimalDigits);
        const FormatRange range = formatRange(formatNamed(format));
        QCOMPARE(range.maxFinite, maxFinite);
        QCOMPARE(range.minNormal, minNormal);
        QCOMPARE(range.minSubnormal, minSubnormal);
        QCOMPARE(range.epsilon, epsilon);
        QCOMPARE(range.decimalDigits, decimalDigits);
    }

    void rangeTableListsEveryPreset() {
        const auto table = mlsyslab::numeric::rangeTable();
        QCOMPARE(table.size(), floatFormats().size());
        QCOMPARE(table.front().format.name, std::string_view("fp32"));
        QCOMPARE(table.back().format.name, std::string_view("fp64"));
    }
};

QTEST_GUILESS_MAIN(TestFloatFormat)
#include "tst_float_format.moc"
