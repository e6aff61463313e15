// The state readers of ```sim float and ```sim float-compare: every field, the defaults, and
// every problem at its exact position (YAML marks here, real file lines in a whole lesson).
#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/Diagnostic.h"
#include "lesson/LessonParser.h"
#include "lesson/KindSpec.h"
#include "numeric/lesson/FloatCompareKind.h"
#include "numeric/lesson/FloatKind.h"

using mlsyslab::lesson::Severity;
using mlsyslab::lesson::StateProblem;
using namespace mlsyslab::lesson::kinds;
using namespace mlsyslab::numeric;

namespace {

// Problems as comparable lines, from LessonTestSupport.h.
using mlsyslab::testing::describe;

mlsyslab::lesson::StateReading<FloatState> readFloat(const QString& yaml) {
    return floatKind().read(YAML::Load(yaml.toStdString()));
}

mlsyslab::lesson::StateReading<FloatCompareState> readCompare(const QString& yaml) {
    return floatCompareKind().read(YAML::Load(yaml.toStdString()));
}

QStringList formatNames(const std::vector<FloatFormat>& formats) {
    QStringList names;
    for (const FloatFormat& format : formats) names << QString::fromUtf8(format.name.data());
    return names;
}

const QString kFormatChoices = "fp32, tf32, fp16, bf16, fp8-e4m3 or fp8-e5m2";

}  // namespace

class TestFloatKind : public QObject {
    Q_OBJECT

private slots:
    void floatValidStates_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("format");
        QTest::addColumn<qulonglong>("bits");
        QTest::addColumn<QString>("typedValue");  // "" when none
        QTest::addColumn<QString>("rounding");
        QTest::addColumn<bool>("saturate");
        QTest::newRow("seed: fp16 3.5") << "format: fp16\nvalue: 3.5"
                                        << "fp16" << 0x4300ULL << "3.5"
                                        << "nearest" << false;
        QTest::newRow("value only") << "value: 0.1"
                                    << "fp16" << 0x2E66ULL << "0.1"
                                    << "nearest" << false;
        QTest::newRow("bits quoted") << "bits: \"0x4300\""
                                     << "fp16" << 0x4300ULL << ""
                                     << "nearest" << false;
        QTest::newRow("bits plain") << "format: bf16\nbits: 0x3dcd"
                                    << "bf16" << 0x3DCDULL << ""
                                    << "nearest" << false;
        QTest::newRow("fp32") << "format: fp32\nvalue: 0.1"
                              << "fp32" << 0x3DCCCCCDULL << "0.1"
                              << "nearest" << false;
        QTest::newRow("tf32") << "format: tf32\nvalue: 1"
                              << "tf32" << 0x1FC00ULL << "1"
                              << "nearest" << false;
        QTest::newRow("e4m3 448") << "format: fp8-e4m3\nvalue: 448"
                                  << "fp8-e4m3" << 0x7EULL << "448"
                                  << "nearest" << false;
        QTest::newRow("e5m2 -inf") << "format: fp8-e5m2\nvalue: -inf"
                                   << "fp8-e5m2" << 0xFCULL << "-inf"
                                   << "nearest" << false;
        QTest::newRow("nan") << "value: nan"
                             << "fp16" << 0x7E00ULL << "nan"
                             << "nearest" << false;
        QTest::newRow("value before format") << "value: 0.1\nformat: bf16"
                                             << "bf16" << 0x3DCDULL << "0.1"
                                             << "nearest" << false;
        QTest::newRow("rounding up") << "value: 0.1\nrounding: up"
                                     << "fp16" << 0x2E67ULL << "0.1"
                                     << "up" << false;
        QTest::newRow("rounding down") << "value: 0.1\nrounding: down"
                                       << "fp16" << 0x2E66ULL << "0.1"
                                       << "down" << false;
        QTest::newRow("rounding zero") << "value: -0.1\nrounding: zero"
                                       << "fp16" << 0xAE66ULL << "-0.1"
                                       << "zero" << false;
        QTest::newRow("overflow") << "value: 65520"
                                  << "fp16" << 0x7C00ULL << "65520"
                                  << "nearest" << false;
        QTest::newRow("saturate") << "value: 65520\nsaturate: true"
                                  << "fp16" << 0x7BFFULL << "65520"
                                  << "nearest" << true;
        QTest::newRow("saturate False") << "saturate: False"
                                        << "fp16" << 0ULL << ""
                                        << "nearest" << false;
        QTest::newRow("flow map") << "{format: fp8-e4m3, value: 500, saturate: true}"
                                  << "fp8-e4m3" << 0x7EULL << "500"
                                  << "nearest" << true;
    }
    void floatValidStates() {
        QFETCH(QString, yaml);
        QFETCH(QString, format);
        QFETCH(qulonglong, bits);
        QFETCH(QString, typedValue);
        QFETCH(QString, rounding);
        QFETCH(bool, saturate);
        const auto reading = readFloat(yaml);
        QCOMPARE(describe(reading.problems), QStringList());
        QCOMPARE(QString::fromUtf8(reading.state.format.name.data()), format);
        QCOMPARE(reading.state.bits, bits);
        QCOMPARE(QString::fromStdString(reading.state.typedValue.value_or("")), typedValue);
        QCOMPARE(QString::fromUtf8(roundingModeName(reading.state.options.rounding).data()),
                 rounding);
        QCOMPARE(reading.state.options.saturate, saturate);
    }

    void floatProblems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("unknown format")
            << "format: fp24" << QStringList{"error 0:8 format must be " + kFormatChoices};
        QTest::newRow("misspelt format")
            << "format: fp8-e4m2"
            << QStringList{"error 0:8 format must be " + kFormatChoices +
                           "; did you mean 'fp8-e4m3'?"};
        QTest::newRow("fp64 is not offered")
            << "value: 1\nformat: fp64"
            << QStringList{"error 1:8 format must be " + kFormatChoices};
        QTest::newRow("format empty, at its name")
            << "format:\nvalue: 1" << QStringList{"error 0:0 format must be " + kFormatChoices};
        QTest::newRow("value not a number")
            << "value: 3,5"
            << QStringList{
                   "error 0:7 value: '3,5' is not a decimal number: unexpected ',' at character 2"};
        QTest::newRow("value hex")
            << "value: 0x4300"
            << QStringList{
                   "error 0:7 value is a decimal number; give a bit pattern as bits: "
                   "\"0x...\""};
        QTest::newRow("value list")
            << "value: [1]"
            << QStringList{
                   "error 0:7 value must be a decimal number like 3.5 or 0.1, not a list "
                   "or a map"};
        QTest::newRow("value empty")
            << "value:"
            << QStringList{"error 0:0 value must be a decimal number like 3.5 or 0.1, not empty"};
        QTest::newRow("bits too wide")
            << "format: fp8-e4m3\nbits: \"0x100\""
            << QStringList{
                   "error 1:6 bits: '0x100' does not fit in fp8-e4m3's 8 bits (at most "
                   "0xFF)"};
        QTest::newRow("bits not hex")
            << "bits: 4300"
            << QStringList{
                   "error 0:6 bits: '4300' is not a bit pattern: write hex digits after "
                   "0x, e.g. 0x0400"};
        QTest::newRow("bits map")
            << "bits: {a: 1}"
            << QStringList{
                   "error 0:6 bits must be a hex pattern like \"0x4300\", not a list or a "
                   "map"};
        QTest::newRow("value and bits, at the second")
            << "value: 1\nbits: \"0x3C00\""
            << QStringList{
                   "error 1:0 give either value or bits, not both: they both set the "
                   "number"};
        QTest::newRow("bits and value, at the second")
            << "bits: \"0x3C00\"\nformat: fp16\nvalue: 1"
            << QStringList{
                   "error 2:0 give either value or bits, not both: they both set the "
                   "number"};
        QTest::newRow("value and bits, each still checked")
            << "value: x\nbits: \"0x3C00\""
            << QStringList{// in file order, as every kind reports its problems
                           "error 0:7 value: 'x' is not a decimal number: expected digits, inf "
                           "or nan",
                           "error 1:0 give either value or bits, not both: they both set the "
                           "number"};
        QTest::newRow("rounding away is not offered")
            << "rounding: away"
            << QStringList{
                   "error 0:10 rounding must be nearest, zero, up or "
                   "down"};
        QTest::newRow("rounding misspelt")
            << "rounding: neerest"
            << QStringList{
                   "error 0:10 rounding must be nearest, zero, up or down; did you mean "
                   "'nearest'?"};
        QTest::newRow("saturate yes")
            << "saturate: yes" << QStringList{"error 0:10 saturate must be true or false"};
        QTest::newRow("bad format, bits checked against fp32")
            << "format: fp128\nbits: \"0x1FFFFFFFF\""
            << QStringList{"error 0:8 format must be " + kFormatChoices,
                           "error 1:6 bits: '0x1FFFFFFFF' does not fit in fp32's 32 bits (at "
                           "most 0xFFFFFFFF)"};
    }
    void floatProblems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, expected);
        QCOMPARE(describe(readFloat(yaml).problems), expected);
    }

    void floatWrongFieldsFallBackToDefaults() {
        QCOMPARE(readFloat("format: fp128\nvalue: 3.5").state.bits, std::uint64_t{0x4300});
        QCOMPARE(readFloat("format: fp128\nbits: \"0x4300\"").state.bits, std::uint64_t{0});
        QCOMPARE(readFloat("format: bf16\nvalue: x").state.format, kBf16);
        QCOMPARE(readFloat("value: 1\nvalue: 2").state.typedValue, std::optional<std::string>("1"));
        QCOMPARE(readFloat("rounding: sideways\nvalue: 0.1").state.bits, std::uint64_t{0x2E66});
        QCOMPARE(readFloat("value: 1\nbits: \"0x4300\"").state, FloatState{});
    }

    void compareDefaults() {
        const auto reading = readCompare("");
        QCOMPARE(describe(reading.problems), QStringList());
        QCOMPARE(reading.state.valueText, std::string("0.1"));
        QCOMPARE(formatNames(reading.state.formats),
                 QStringList({"fp32", "tf32", "fp16", "bf16", "fp8-e4m3", "fp8-e5m2"}));
    }

    void compareValidStates() {
        const auto subset = readCompare("value: 100000\nformats: [fp16, fp8-e4m3]");
        QCOMPARE(describe(subset.problems), QStringList());
        QCOMPARE(subset.state.valueText, std::string("100000"));
        QCOMPARE(formatNames(subset.state.formats), QStringList({"fp16", "fp8-e4m3"}));
        const auto blockList = readCompare("formats:\n  - bf16\n  - fp32\nvalue: -inf");
        QCOMPARE(describe(blockList.problems), QStringList());
        QCOMPARE(formatNames(blockList.state.formats), QStringList({"bf16", "fp32"}));
        QCOMPARE(blockList.state.valueText, std::string("-inf"));
    }

    void compareProblems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("value word")
            << "value: tenth"
            << QStringList{
                   "error 0:7 value: 'tenth' is not a decimal number: expected digits, "
                   "inf or nan"};
        QTest::newRow("value hex")
            << "value: \"0x3DCD\""
            << QStringList{
                   "error 0:7 value is a decimal number like 0.1 or 100000, not a bit "
                   "pattern"};
        QTest::newRow("formats scalar")
            << "formats: fp16"
            << QStringList{"error 0:9 formats must be a list, like 'formats: [fp32, fp16, bf16]'"};
        QTest::newRow("formats empty list")
            << "formats: []" << QStringList{"error 0:9 formats must name at least one format"};
        QTest::newRow("formats unknown entry")
            << "formats: [fp16, bf61]"
            << QStringList{"error 0:16 each format must be " + kFormatChoices +
                           "; did you mean 'bf16'?"};
        QTest::newRow("formats repeated") << "formats:\n  - fp16\n  - fp16"
                                          << QStringList{"error 2:4 format fp16 is listed twice"};
        QTest::newRow("misspelt field")
            << "format: [fp16]"
            << QStringList{
                   "warning 0:0 unknown float-compare field 'format'; did you mean "
                   "'formats'?"};
    }
    void compareProblems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, expected);
        QCOMPARE(describe(readCompare(yaml).problems), expected);
    }

    void compareKeepsTheGoodFormats() {
        const auto reading = readCompare("formats: [fp16, fp17, bf16]\nvalue: x");
        QCOMPARE(formatNames(reading.state.formats), QStringList({"fp16", "bf16"}));
        QCOMPARE(reading.state.valueText, std::string("0.1"));
    }

    void problemsAtTheirLineInALesson() {
        const std::string lesson =
            "---\nformat: mlsyslab-lesson/1\nid: floats\ntitle: Floats\n---\n\n# FP16\n\n"
            "```sim float\nformat: fp16\nvalue: 3.5\nrounding: upward\n```\n\n"
            "```sim float-compare\nformats: [fp16, bf16, e4m3]\n```\n";
        const auto result = mlsyslab::lesson::parseLesson(lesson, mlsyslab::lesson::builtinSimKinds());
        QStringList lines;
        for (const auto& diagnostic : result.diagnostics) {
            lines << QString::fromStdString(mlsyslab::lesson::formatDiagnostic("t", diagnostic));
        }
        QCOMPARE(lines, QStringList({"t:12:11: error: rounding must be nearest, zero, up or down",
                                     "t:16:23: error: each format must be " + kFormatChoices}));
    }
};

QTEST_APPLESS_MAIN(TestFloatKind)
#include "tst_float_kind.moc"
