#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/LessonParser.h"
#include "logic/lesson/AdderKind.h"
#include "lesson/KindSpec.h"

using mlsyslab::lesson::formatDiagnostic;
using mlsyslab::lesson::parseLesson;
using mlsyslab::lesson::Severity;
using mlsyslab::lesson::StateProblem;
using mlsyslab::lesson::kinds::adderKind;
using mlsyslab::lesson::kinds::AdderState;
using mlsyslab::lesson::kinds::AdderStepMode;
using mlsyslab::lesson::builtinSimKinds;
using mlsyslab::lesson::kinds::parseAdderOperand;
using mlsyslab::lesson::kinds::adderKind;
using mlsyslab::lesson::kinds::stepModeName;
using mlsyslab::logic::AdderKind;

namespace {

// Problems as comparable lines, from LessonTestSupport.h.
using mlsyslab::testing::describe;

// "ripple8 a=0x05 b=0x03 add step=time": the whole state in one comparable line.
QString describe(const AdderState& state) {
    const int hexDigits = (state.width + 3) / 4;
    QString text = QStringLiteral("%1%2 a=0x%3 b=0x%4 %5")
                       .arg(state.adder == AdderKind::RippleCarry ? "ripple" : "cla")
                       .arg(state.width)
                       .arg(state.a, hexDigits, 16, QLatin1Char('0'))
                       .arg(state.b, hexDigits, 16, QLatin1Char('0'))
                       .arg(state.subtract ? "sub" : "add");
    if (state.subtractToggle) text += QStringLiteral(" toggle");
    if (state.showCriticalPath) text += QStringLiteral(" path");
    const auto mode = stepModeName(state.stepMode);
    return text + QStringLiteral(" step=") +
           QString::fromLatin1(mode.data(), qsizetype(mode.size()));
}

}  // namespace

class TestAdderKind : public QObject {
    Q_OBJECT

private slots:
    void emptyStateGivesDefaults_data();
    void emptyStateGivesDefaults();
    void validStates_data();
    void validStates();
    void operands_data();
    void operands();
    void problems_data();
    void problems();
    void wrongFieldsFallBackToDefaults_data();
    void wrongFieldsFallBackToDefaults();
    void kindIsBuiltIn();
    void lessonReportsRealLinesAndColumns();
};

void TestAdderKind::emptyStateGivesDefaults_data() {
    QTest::addColumn<QString>("yaml");
    QTest::newRow("empty body") << "";
    QTest::newRow("comment only") << "# nothing here\n";
    QTest::newRow("explicit null") << "~";
}

void TestAdderKind::emptyStateGivesDefaults() {
    QFETCH(QString, yaml);
    const auto reading = adderKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(describe(reading.state), QStringLiteral("ripple8 a=0x00 b=0x00 add step=time"));
    QVERIFY(reading.state == AdderState{});
    QVERIFY(!reading.state.needsSubtractor());
}

void TestAdderKind::validStates_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("the seed: 5 + 3 in 8 bits") << "adder: ripple\nwidth: 8\na: 5\nb: 3"
                                               << "ripple8 a=0x05 b=0x03 add step=time";
    QTest::newRow("lookahead at 16 bits") << "adder: cla\nwidth: 16\na: 1000\nb: 24"
                                          << "cla16 a=0x03e8 b=0x0018 add step=time";
    QTest::newRow("32 bits, largest unsigned")
        << "width: 32\na: 4294967295\nb: 1"
        << "ripple32 a=0xffffffff b=0x00000001 add step=time";
    QTest::newRow("32 bits, smallest signed") << "width: 32\na: -2147483648"
                                              << "ripple32 a=0x80000000 b=0x00000000 add step=time";
    QTest::newRow("1 bit") << "width: 1\na: 1\nb: -1"
                           << "ripple1 a=0x1 b=0x1 add step=time";
    QTest::newRow("negative in two's complement") << "a: -1\nb: -128"
                                                  << "ripple8 a=0xff b=0x80 add step=time";
    QTest::newRow("hex and binary strings") << "a: \"0x7F\"\nb: \"0b0000_0001\""
                                            << "ripple8 a=0x7f b=0x01 add step=time";
    QTest::newRow("subtraction") << "a: 5\nb: 3\nsub: true"
                                 << "ripple8 a=0x05 b=0x03 sub step=time";
    QTest::newRow("toggle, adding first") << "subtract_toggle: true\nsub: false"
                                          << "ripple8 a=0x00 b=0x00 add toggle step=time";
    QTest::newRow("step bits") << "step: bits"
                               << "ripple8 a=0x00 b=0x00 add step=bits";
    QTest::newRow("step time") << "step: time"
                               << "ripple8 a=0x00 b=0x00 add step=time";
    QTest::newRow("critical path") << "adder: cla\ncritical_path: true"
                                   << "cla8 a=0x00 b=0x00 add path step=time";
    QTest::newRow("flow map") << "{adder: cla, width: 4, a: 9, b: 7, sub: True}"
                              << "cla4 a=0x9 b=0x7 sub step=time";
    QTest::newRow("plus sign and spaces") << "a: \" +12 \""
                                          << "ripple8 a=0x0c b=0x00 add step=time";
}

void TestAdderKind::validStates() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    const auto reading = adderKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(describe(reading.state), state);
}

void TestAdderKind::operands_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qulonglong>("bits");
    QTest::addColumn<QString>("message");
    QTest::newRow("5") << "5" << 8 << true << 5ULL << "";
    QTest::newRow("255 unsigned top") << "255" << 8 << true << 255ULL << "";
    QTest::newRow("-128 signed bottom") << "-128" << 8 << true << 128ULL << "";
    QTest::newRow("-1 at 32 bits") << "-1" << 32 << true << 0xFFFFFFFFULL << "";
    QTest::newRow("hex") << "0xFF" << 8 << true << 255ULL << "";
    QTest::newRow("binary with spaces") << "0b1010 0101" << 8 << true << 0xA5ULL << "";
    QTest::newRow("-1 at 1 bit") << "-1" << 1 << true << 1ULL << "";
    QTest::newRow("256 too big") << "256" << 8 << false << 0ULL
                                 << "256 does not fit in 8 bits (-128 to 255)";
    QTest::newRow("-129 too small")
        << "-129" << 8 << false << 0ULL << "-129 does not fit in 8 bits (-128 to 255)";
    QTest::newRow("2 at 1 bit") << "+2" << 1 << false << 0ULL
                                << "2 does not fit in 1 bit (-1 to 1)";
    QTest::newRow("huge") << "99999999999999999999999" << 32 << false << 0ULL
                          << "99999999999999999999999 does not fit in 32 bits (-2147483648 to "
                             "4294967295)";
    QTest::newRow("empty") << "  " << 4 << false << 0ULL << "type a number from -8 to 15";
    QTest::newRow("word") << "five" << 8 << false << 0ULL
                          << "'five' is not a decimal number: 'f' is not a digit 0-9";
    QTest::newRow("fraction") << "2.5" << 8 << false << 0ULL
                              << "'2.5' is not a whole number: bit patterns hold integers only";
    QTest::newRow("hex too wide") << "0x1FF" << 8 << false << 0ULL
                                  << "'0x1FF' needs 9 bits, more than 8 bits hold (largest: 0xFF)";
}

void TestAdderKind::operands() {
    QFETCH(QString, text);
    QFETCH(int, width);
    QFETCH(bool, ok);
    QFETCH(qulonglong, bits);
    QFETCH(QString, message);
    const auto parsed = parseAdderOperand(text.toStdString(), width);
    QCOMPARE(parsed.ok(), ok);
    if (ok) {
        QCOMPARE(qulonglong(*parsed), bits);
    } else {
        QCOMPARE(QString::fromStdString(parsed.error()), message);
    }
}

void TestAdderKind::problems_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("expected");
    const QString adderMessage = QStringLiteral("adder must be ripple or cla");
    const QString widthMessage = QStringLiteral("width must be a whole number from 1 to 32");

    QTest::newRow("adder misspelt")
        << "adder: ripples"
        << QStringList{"error 0:7 " + adderMessage + "; did you mean 'ripple'?"};
    QTest::newRow("adder capitalised")
        << "adder: CLA" << QStringList{"error 0:7 " + adderMessage + "; did you mean 'cla'?"};
    QTest::newRow("adder unrelated word")
        << "adder: carry-select" << QStringList{"error 0:7 " + adderMessage};
    QTest::newRow("adder empty, at its name")
        << "a: 1\nadder:" << QStringList{"error 1:0 " + adderMessage};

    QTest::newRow("width 0") << "width: 0" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width 33") << "width: 33" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width 64") << "width: 64" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width negative") << "width: -8" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width word") << "width: eight" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width fraction") << "width: 8.5" << QStringList{"error 0:7 " + widthMessage};

    QTest::newRow("a too big") << "a: 256"
                               << QStringList{
                                      "error 0:3 a: 256 does not fit in 8 bits (-128 to 255)"};
    QTest::newRow("b too small at 4 bits, second line")
        << "width: 4\nb: -9" << QStringList{"error 1:3 b: -9 does not fit in 4 bits (-8 to 15)"};
    QTest::newRow("a beyond 32 bits")
        << "width: 32\na: 4294967296"
        << QStringList{
               "error 1:3 a: 4294967296 does not fit in 32 bits (-2147483648 to "
               "4294967295)"};
    QTest::newRow("a fraction")
        << "a: 2.5"
        << QStringList{"error 0:3 a: '2.5' is not a whole number: bit patterns hold integers only"};
    QTest::newRow("b hex too wide")
        << "b: \"0x100\""
        << QStringList{"error 0:3 b: '0x100' needs 9 bits, more than 8 bits hold (largest: 0xFF)"};
    QTest::newRow("a list") << "a: [1, 2]"
                            << QStringList{
                                   "error 0:3 a must be a number like 5 or -3, or a string "
                                   "like \"0x05\", not a list or a map"};
    QTest::newRow("b empty, at its name")
        << "b:\na: 1"
        << QStringList{
               "error 0:0 b must be a number like 5 or -3, or a string like \"0x05\", not empty"};

    QTest::newRow("sub yes") << "sub: yes" << QStringList{"error 0:5 sub must be true or false"};
    QTest::newRow("toggle 1") << "subtract_toggle: 1"
                              << QStringList{"error 0:17 subtract_toggle must be true or false"};
    QTest::newRow("step misspelt")
        << "step: bit" << QStringList{"error 0:6 step must be time or bits; did you mean 'bits'?"};
    QTest::newRow("step unrelated")
        << "step: level" << QStringList{"error 0:6 step must be time or bits"};
    QTest::newRow("critical path yes")
        << "critical_path: on" << QStringList{"error 0:15 critical_path must be true or false"};

    QTest::newRow("misspelt width") << "widht: 8"
                                    << QStringList{
                                           "warning 0:0 unknown adder field 'widht'; did you mean "
                                           "'width'?"};
    QTest::newRow("misspelt toggle")
        << "subtract_togle: true"
        << QStringList{
               "warning 0:0 unknown adder field 'subtract_togle'; did you mean 'subtract_toggle'?"};
    QTest::newRow("unrelated field")
        << "a: 1\ncarry_in: 1"
        << QStringList{
               "warning 1:0 unknown adder field 'carry_in' (adder has the fields adder, "
               "width, a, b, sub, subtract_toggle, step and critical_path)"};
    QTest::newRow("field given twice")
        << "a: 1\nb: 2\na: 3" << QStringList{"error 2:0 adder field 'a' is given twice"};

    const QString notMap =
        QStringLiteral("the adder state must be fields like 'width: 8' and 'a: 5', one per line");
    QTest::newRow("scalar state") << "ripple" << QStringList{"error 0:0 " + notMap};
    QTest::newRow("list state") << "- a: 1" << QStringList{"error 0:0 " + notMap};

    // A wrong width does not drag good operands down with it: they are checked against 32 bits.
    QTest::newRow("wrong width, a fine at 32 bits")
        << "width: 40\na: 4000" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("wrong width, a too big even for 32 bits")
        << "width: 40\na: 5000000000"
        << QStringList{"error 0:7 " + widthMessage,
                       "error 1:3 a: 5000000000 does not fit in 32 bits (-2147483648 to "
                       "4294967295)"};
    QTest::newRow("every problem at once, in file order")
        << "b: x\nwidht: 8\nadder: fast\nwidth: 99\nstep: bitz"
        << QStringList{"error 0:3 b: 'x' is not a decimal number: 'x' is not a digit 0-9",
                       "warning 1:0 unknown adder field 'widht'; did you mean 'width'?",
                       "error 2:7 " + adderMessage, "error 3:7 " + widthMessage,
                       "error 4:6 step must be time or bits; did you mean 'bits'?"};
}

void TestAdderKind::problems() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, expected);
    const auto reading = adderKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), expected);
    QCOMPARE(describe(adderKind().read(YAML::Load(yaml.toStdString())).problems), expected);
}

void TestAdderKind::wrongFieldsFallBackToDefaults_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("bad width: 8 bits, the operand's low bits")
        << "width: 40\na: 300"
        << "ripple8 a=0x2c b=0x00 add step=time";
    QTest::newRow("bad a keeps the rest") << "width: 16\na: 70000\nb: 5"
                                          << "ripple16 a=0x0000 b=0x0005 add step=time";
    QTest::newRow("bad adder is ripple") << "adder: fast\na: 2"
                                         << "ripple8 a=0x02 b=0x00 add step=time";
    QTest::newRow("bad sub adds") << "sub: maybe"
                                  << "ripple8 a=0x00 b=0x00 add step=time";
    QTest::newRow("bad step is time") << "step: gates\nadder: cla"
                                      << "cla8 a=0x00 b=0x00 add step=time";
    QTest::newRow("not a map") << "[1, 2]"
                               << "ripple8 a=0x00 b=0x00 add step=time";
    QTest::newRow("first of a repeated field wins") << "a: 1\na: 2"
                                                    << "ripple8 a=0x01 b=0x00 add step=time";
}

void TestAdderKind::wrongFieldsFallBackToDefaults() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    QCOMPARE(describe(adderKind().read(YAML::Load(yaml.toStdString())).state), state);
}

void TestAdderKind::kindIsBuiltIn() {
    const auto kind = adderKind();
    QCOMPARE(kind.name, std::string("adder"));
    QVERIFY(!kind.summary.empty());
    const auto registry = builtinSimKinds();
    QVERIFY(registry.find("adder") != nullptr);
    QCOMPARE(registry.suggest("ader"), std::optional<std::string>("adder"));
}

// The kind's marks are inside the fence; the lesson reports them at the real file positions.
void TestAdderKind::lessonReportsRealLinesAndColumns() {
    const std::string text =
        "---\nformat: mlsyslab-lesson/1\ntitle: Adders\nid: adders\n---\n\n"
        "# 5 + 3\n\n"
        "```sim adder\n"
        "adder: riple\n"
        "width: 8\n"
        "a: 300\n"
        "colour: red\n"
        "```\n";
    const auto result = parseLesson(text, builtinSimKinds());
    QStringList lines;
    for (const auto& diagnostic : result.diagnostics) {
        lines << QString::fromStdString(formatDiagnostic("x.lesson.md", diagnostic));
    }
    QCOMPARE(lines, (QStringList{
                        "x.lesson.md:10:8: error: adder must be ripple or cla; did you mean "
                        "'ripple'?",
                        "x.lesson.md:12:4: error: a: 300 does not fit in 8 bits (-128 to 255)",
                        "x.lesson.md:13:1: warning: unknown adder field 'colour' (adder has the "
                        "fields adder, width, a, b, sub, subtract_toggle, step and critical_path)",
                    }));
    QVERIFY(!result.lesson.has_value());
}

QTEST_APPLESS_MAIN(TestAdderKind)
#include "tst_adder_kind.moc"
