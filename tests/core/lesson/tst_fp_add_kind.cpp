#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/LessonParser.h"
#include "lesson/KindSpec.h"
#include "logic/lesson/FpAddKind.h"
#include "logic/FloatAdderText.h"
#include "numeric/FloatDecode.h"

using mlsyslab::lesson::builtinSimKinds;
using mlsyslab::lesson::formatDiagnostic;
using mlsyslab::lesson::parseLesson;
using mlsyslab::lesson::Severity;
using mlsyslab::lesson::StateProblem;
using mlsyslab::lesson::kinds::convertFpAddOperand;
using mlsyslab::lesson::kinds::fpAddKind;
using mlsyslab::lesson::kinds::FpAddOperand;
using mlsyslab::lesson::kinds::FpAddState;
using mlsyslab::lesson::kinds::parseFpAddOperand;
using mlsyslab::logic::floatAdderStageKey;
namespace numeric = mlsyslab::numeric;

namespace {

// Problems as comparable lines, from LessonTestSupport.h.
using mlsyslab::testing::describe;

// "0x4100" or "0x4100 '2.5'": the pattern, and the decimal it was typed as.
QString describe(const numeric::FloatFormat& format, const FpAddOperand& operand) {
    QString text = QString::fromStdString(numeric::floatBitsText(format, operand.bits));
    if (operand.typedValue)
        text += QStringLiteral(" '%1'").arg(QString::fromStdString(*operand.typedValue));
    return text;
}

// "fp16 a=0x4100 '2.5' b=0x3D00 '1.25' step=unpack": the whole state in one comparable line.
QString describe(const FpAddState& state) {
    QString text = QStringLiteral("%1 a=%2 b=%3 step=%4")
                       .arg(QString::fromUtf8(state.format.name.data()),
                            describe(state.format, state.a), describe(state.format, state.b),
                            QString::fromUtf8(floatAdderStageKey(state.openAt).data()));
    if (state.hardware) text += QStringLiteral(" hardware");
    return text;
}

}  // namespace

class TestFpAddKind : public QObject {
    Q_OBJECT

private slots:
    void defaultIsTheSeedExample();
    void validStates_data();
    void validStates();
    void operands_data();
    void operands();
    void convertingOperands_data();
    void convertingOperands();
    void problems_data();
    void problems();
    void wrongFieldsFallBackToDefaults_data();
    void wrongFieldsFallBackToDefaults();
    void lessonReportsRealLinesAndColumns();
};

void TestFpAddKind::defaultIsTheSeedExample() {
    // Seed 001: 2.5 = 1.01₂ × 2^1 (exponent field 16), 1.25 = 1.01₂ × 2^0 (15), in fp16.
    QCOMPARE(describe(FpAddState{}),
             QStringLiteral("fp16 a=0x4100 '2.5' b=0x3D00 '1.25' step=unpack"));
}

void TestFpAddKind::validStates_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("the seed, written out")
        << "format: fp16\na: 2.5\nb: 1.25\nstep: unpack\nhardware: false"
        << "fp16 a=0x4100 '2.5' b=0x3D00 '1.25' step=unpack";
    QTest::newRow("fp32 keeps the seed's numbers")
        << "format: fp32"
        << "fp32 a=0x40200000 '2.5' b=0x3FA00000 '1.25' step=unpack";
    QTest::newRow("0.1 is rounded into fp16") << "a: 0.1\nb: 0.2"
                                              << "fp16 a=0x2E66 '0.1' b=0x3266 '0.2' step=unpack";
    QTest::newRow("hex patterns, any case") << "a: 0x4100\nb: 0X3d00"
                                            << "fp16 a=0x4100 b=0x3D00 step=unpack";
    QTest::newRow("quoted hex in fp32") << "format: fp32\na: \"0x3F800000\"\nb: \"0x1\""
                                        << "fp32 a=0x3F800000 b=0x00000001 step=unpack";
    QTest::newRow("cancellation") << "a: 1.0009765625\nb: -1"
                                  << "fp16 a=0x3C01 '1.0009765625' b=0xBC00 '-1' step=unpack";
    QTest::newRow("nan and inf") << "a: nan\nb: -inf\nstep: special"
                                 << "fp16 a=0x7E00 'nan' b=0xFC00 '-inf' step=special";
    QTest::newRow("too large for fp16 is infinity, not an error")
        << "a: 70000"
        << "fp16 a=0x7C00 '70000' b=0x3D00 '1.25' step=unpack";
    QTest::newRow("every step name") << "step: compare-and-swap"
                                     << "fp16 a=0x4100 '2.5' b=0x3D00 '1.25' step=compare-and-swap";
    QTest::newRow("align") << "step: align"
                           << "fp16 a=0x4100 '2.5' b=0x3D00 '1.25' step=align";
    QTest::newRow("add") << "step: add-significands"
                         << "fp16 a=0x4100 '2.5' b=0x3D00 '1.25' step=add-significands";
    QTest::newRow("normalize") << "step: normalize"
                               << "fp16 a=0x4100 '2.5' b=0x3D00 '1.25' step=normalize";
    QTest::newRow("round") << "step: round"
                           << "fp16 a=0x4100 '2.5' b=0x3D00 '1.25' step=round";
    QTest::newRow("pack of a special case") << "a: inf\nstep: pack"
                                            << "fp16 a=0x7C00 'inf' b=0x3D00 '1.25' step=pack";
    QTest::newRow("hardware panel") << "hardware: true"
                                    << "fp16 a=0x4100 '2.5' b=0x3D00 '1.25' step=unpack hardware";
    QTest::newRow("flow map") << "{format: fp32, a: -0.5, b: 0.25, hardware: True}"
                              << "fp32 a=0xBF000000 '-0.5' b=0x3E800000 '0.25' step=unpack "
                                 "hardware";
}

void TestFpAddKind::validStates() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    const auto reading = fpAddKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(describe(reading.state), state);
}

void TestFpAddKind::operands_data() {
    QTest::addColumn<QString>("formatName");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("result");  // the operand, or the message
    QTest::newRow("2.5") << "fp16"
                         << "2.5" << true << "0x4100 '2.5'";
    QTest::newRow("spaces trimmed") << "fp16"
                                    << "  -3.5 " << true << "0xC300 '-3.5'";
    QTest::newRow("exponent") << "fp32"
                              << "1e-5" << true << "0x3727C5AC '1e-5'";
    QTest::newRow("smallest fp16 subnormal")
        << "fp16"
        << "5.9604644775390625e-8" << true << "0x0001 '5.9604644775390625e-8'";
    QTest::newRow("hex") << "fp16"
                         << "0x7BFF" << true << "0x7BFF";
    QTest::newRow("hex with leading zeros") << "fp16"
                                            << "0x00001" << true << "0x0001";
    QTest::newRow("empty") << "fp16"
                           << "   " << false
                           << "type a decimal like 2.5, inf or nan, or a pattern like 0x0400";
    QTest::newRow("empty fp32") << "fp32"
                                << "" << false
                                << "type a decimal like 2.5, inf or nan, or a pattern like "
                                   "0x00800000";
    QTest::newRow("hex too wide") << "fp16"
                                  << "0x10000" << false
                                  << "'0x10000' does not fit in fp16's 16 bits (at most 0xFFFF)";
    QTest::newRow("hex not hex") << "fp16"
                                 << "0x41G0" << false
                                 << "'0x41G0' is not a bit pattern: 'G' is not a hex digit";
    QTest::newRow("decimal comma") << "fp16"
                                   << "2,5" << false
                                   << "'2,5' is not a decimal number: unexpected ',' at "
                                      "character 2";
    QTest::newRow("word") << "fp16"
                          << "two" << false
                          << "'two' is not a decimal number: expected digits, inf or nan";
    QTest::newRow("0x alone") << "fp16"
                              << "0x" << false
                              << "'0x' is not a bit pattern: no hex digits after 0x";
    QTest::newRow("far beyond fp32 is infinity") << "fp32"
                                                 << "-1e99999" << true << "0xFF800000 '-1e99999'";
    QTest::newRow("far below fp16 is zero") << "fp16"
                                            << "1e-99999" << true << "0x0000 '1e-99999'";
    QTest::newRow("text too long") << "fp16" << QString(2000, QLatin1Char('1')) << false
                                   << "the number is too long: 2000 characters (at most 1000)";
}

void TestFpAddKind::operands() {
    QFETCH(QString, formatName);
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(QString, result);
    const auto format = mlsyslab::lesson::kinds::findFpAddFormat(formatName.toStdString());
    QVERIFY(format.has_value());
    const auto parsed = parseFpAddOperand(*format, text.toStdString());
    QCOMPARE(parsed.ok(), ok);
    QCOMPARE(ok ? describe(*format, *parsed) : QString::fromStdString(parsed.error()), result);
}

void TestFpAddKind::convertingOperands_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("converted");
    // A typed decimal is rounded again from what was typed, not from the fp16 value.
    QTest::newRow("0.1 typed, to fp32") << "fp16"
                                        << "fp32"
                                        << "0.1"
                                        << "0x3DCCCCCD '0.1'";
    // A pattern carries its exact value.
    QTest::newRow("fp16 0.1 as a pattern, to fp32") << "fp16"
                                                    << "fp32"
                                                    << "0x2E66"
                                                    << "0x3DCCC000 '0.0999755859375'";
    QTest::newRow("fp32 pattern, to fp16, rounded") << "fp32"
                                                    << "fp16"
                                                    << "0x3DCCCCCD"
                                                    << "0x2E66 '0.100000001490116119384765625'";
    QTest::newRow("infinity") << "fp16"
                              << "fp32"
                              << "0xFC00"
                              << "0xFF800000 '-inf'";
    QTest::newRow("same format, unchanged") << "fp16"
                                            << "fp16"
                                            << "0x2E66"
                                            << "0x2E66";
}

void TestFpAddKind::convertingOperands() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, text);
    QFETCH(QString, converted);
    const auto fromFormat = *mlsyslab::lesson::kinds::findFpAddFormat(from.toStdString());
    const auto toFormat = *mlsyslab::lesson::kinds::findFpAddFormat(to.toStdString());
    const auto operand = parseFpAddOperand(fromFormat, text.toStdString());
    QVERIFY(operand.ok());
    QCOMPARE(describe(toFormat, convertFpAddOperand(*operand, fromFormat, toFormat)), converted);
}

void TestFpAddKind::problems_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("expected");
    const QString formatMessage = QStringLiteral("format must be fp16 or fp32");
    const QString stepMessage = QStringLiteral(
        "step must be unpack, compare-and-swap, align, add-significands, normalize, round, "
        "pack or special");

    QTest::newRow("format misspelt")
        << "format: fp61" << QStringList{"error 0:8 " + formatMessage + "; did you mean 'fp16'?"};
    QTest::newRow("format capitalised")
        << "format: FP32" << QStringList{"error 0:8 " + formatMessage + "; did you mean 'fp32'?"};
    QTest::newRow("format the adder does not take")
        << "format: bf16" << QStringList{"error 0:8 " + formatMessage};
    QTest::newRow("format empty, at its name")
        << "a: 1\nformat:" << QStringList{"error 1:0 " + formatMessage};

    QTest::newRow("a malformed")
        << "a: 2,5"
        << QStringList{"error 0:3 a: '2,5' is not a decimal number: unexpected ',' at character 2"};
    QTest::newRow("b a word, second line")
        << "a: 1\nb: half"
        << QStringList{"error 1:3 b: 'half' is not a decimal number: expected digits, inf or nan"};
    QTest::newRow("a pattern too wide for fp16")
        << "a: 0x10000"
        << QStringList{"error 0:3 a: '0x10000' does not fit in fp16's 16 bits (at most 0xFFFF)"};
    QTest::newRow("b pattern too wide for fp32")
        << "format: fp32\nb: 0x100000000"
        << QStringList{
               "error 1:3 b: '0x100000000' does not fit in fp32's 32 bits (at most "
               "0xFFFFFFFF)"};
    QTest::newRow("a bad hex digit")
        << "a: 0x4z00"
        << QStringList{
               "error 0:3 a: '0x4z00' is not a bit pattern: 'z' is not a "
               "hex digit"};
    QTest::newRow("a list") << "a: [1, 2]"
                            << QStringList{
                                   "error 0:3 a must be a decimal number like 2.5 or a "
                                   "pattern like 0x4100, not a list or a map"};
    QTest::newRow("b empty, at its name")
        << "b:\na: 1"
        << QStringList{
               "error 0:0 b must be a decimal number like 2.5 or a pattern like 0x4100, "
               "not empty"};

    QTest::newRow("step misspelt")
        << "step: allign" << QStringList{"error 0:6 " + stepMessage + "; did you mean 'align'?"};
    QTest::newRow("step as a number") << "step: 3" << QStringList{"error 0:6 " + stepMessage};
    QTest::newRow("step a NaN never takes")
        << "a: nan\nstep: align"
        << QStringList{
               "error 1:6 step align does not happen in this addition: a NaN or an "
               "infinity operand needs no arithmetic; its steps are unpack, special and "
               "pack"};
    QTest::newRow("special step for numbers")
        << "step: special"
        << QStringList{
               "error 0:6 step special does not happen in this addition: only a NaN or "
               "an infinity operand takes the special case; its steps are unpack, "
               "compare-and-swap, align, add-significands, normalize, round and pack"};
    QTest::newRow("hardware yes") << "hardware: yes"
                                  << QStringList{"error 0:10 hardware must be true or false"};

    // A wrong format does not drag good operands down with it: they are checked against fp32.
    QTest::newRow("wrong format, a pattern fine in fp32")
        << "format: fp64\na: 0x3F800000" << QStringList{"error 0:8 " + formatMessage};
    QTest::newRow("wrong format, a pattern too wide even for fp32")
        << "format: fp64\na: 0x3FF0000000000000"
        << QStringList{"error 0:8 " + formatMessage,
                       "error 1:3 a: '0x3FF0000000000000' does not fit in fp32's 32 bits (at "
                       "most 0xFFFFFFFF)"};
    QTest::newRow("every problem at once, in file order")
        << "b: x\nfromat: fp16\nformat: fp8\nstep: rounds\nhardware: 1"
        << QStringList{"error 0:3 b: 'x' is not a decimal number: expected digits, inf or nan",
                       "warning 1:0 unknown fp-add field 'fromat'; did you mean 'format'?",
                       "error 2:8 " + formatMessage,
                       "error 3:6 " + stepMessage + "; did you mean 'round'?",
                       "error 4:10 hardware must be true or false"};
}

void TestFpAddKind::problems() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, expected);
    const auto reading = fpAddKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), expected);
    QCOMPARE(describe(fpAddKind().read(YAML::Load(yaml.toStdString())).problems), expected);
}

void TestFpAddKind::wrongFieldsFallBackToDefaults_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    const QString seed = QStringLiteral("a=0x4100 '2.5' b=0x3D00 '1.25'");
    QTest::newRow("bad format: fp16 and the seed's numbers") << "format: fp64\na: 7"
                                                             << "fp16 " + seed + " step=unpack";
    QTest::newRow("bad a keeps b") << "a: 0x10000\nb: 3"
                                   << "fp16 a=0x4100 '2.5' b=0x4200 '3' step=unpack";
    QTest::newRow("bad step opens at unpack") << "step: gates\nhardware: true"
                                              << "fp16 " + seed + " step=unpack hardware";
    QTest::newRow("step that does not happen opens at unpack")
        << "a: nan\nstep: round"
        << "fp16 a=0x7E00 'nan' b=0x3D00 '1.25' step=unpack";
    QTest::newRow("bad hardware hides the panel") << "hardware: maybe"
                                                  << "fp16 " + seed + " step=unpack";
    QTest::newRow("not a map") << "[1, 2]"
                               << "fp16 " + seed + " step=unpack";
    QTest::newRow("first of a repeated field wins")
        << "a: 1\na: 2"
        << "fp16 a=0x3C00 '1' b=0x3D00 '1.25' step=unpack";
}

void TestFpAddKind::wrongFieldsFallBackToDefaults() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    QCOMPARE(describe(fpAddKind().read(YAML::Load(yaml.toStdString())).state), state);
}

// The kind's marks are inside the fence; the lesson reports them at the real file positions.
void TestFpAddKind::lessonReportsRealLinesAndColumns() {
    const std::string text =
        "---\nformat: mlsyslab-lesson/1\ntitle: FP addition\nid: fp-add\n---\n\n"
        "# 2.5 + 1.25\n\n"
        "```sim fp-add\n"
        "format: fp61\n"
        "a: 2.5\n"
        "b: 2,5\n"
        "colour: red\n"
        "```\n";
    const auto result = parseLesson(text, builtinSimKinds());
    QStringList lines;
    for (const auto& diagnostic : result.diagnostics) {
        lines << QString::fromStdString(formatDiagnostic("x.lesson.md", diagnostic));
    }
    QCOMPARE(lines, (QStringList{
                        "x.lesson.md:10:9: error: format must be fp16 or fp32; did you mean "
                        "'fp16'?",
                        "x.lesson.md:12:4: error: b: '2,5' is not a decimal number: "
                        "unexpected ',' at character 2",
                        "x.lesson.md:13:1: warning: unknown fp-add field 'colour' (fp-add has the "
                        "fields format, a, b, step and hardware)",
                    }));
    QVERIFY(!result.lesson.has_value());
}

QTEST_APPLESS_MAIN(TestFpAddKind)
#include "tst_fp_add_kind.moc"
