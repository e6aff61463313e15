#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "numeric/lesson/IntKind.h"

using mlsyslab::lesson::Severity;
using mlsyslab::lesson::StateProblem;
using mlsyslab::lesson::kinds::intKind;
using mlsyslab::lesson::kinds::IntState;
using mlsyslab::lesson::kinds::operationName;
using mlsyslab::lesson::kinds::operationNamed;
using mlsyslab::numeric::BitPattern;
using mlsyslab::numeric::IntegerOperation;
using mlsyslab::numeric::Signedness;

namespace {

// Problems as comparable lines, from LessonTestSupport.h.
using mlsyslab::testing::describe;

// "int8 add a=0x7F b=0x01": the whole state in one comparable line.
QString describe(const IntState& state) {
    return QStringLiteral("%1%2 %3 a=%4 b=%5")
        .arg(state.format.isSigned() ? "int" : "uint")
        .arg(state.format.width)
        .arg(QString::fromUtf8(operationName(state.operation).data(),
                               qsizetype(operationName(state.operation).size())))
        .arg(QString::fromStdString(state.a.hex()))
        .arg(QString::fromStdString(state.b.hex()));
}

QString stateOf(const QString& yaml) {
    return describe(intKind().read(YAML::Load(yaml.toStdString())).state);
}

}  // namespace

class TestIntKind : public QObject {
    Q_OBJECT

private slots:
    void validStates_data();
    void validStates();
    void problems_data();
    void problems();
    void wrongFieldsFallBackToDefaults_data();
    void wrongFieldsFallBackToDefaults();
    void operationNames();
    void kindValidatesWithTheSameProblems();
};

void TestIntKind::validStates_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("the overflow seed") << "a: 127\nb: 1"
                                       << "int8 add a=0x7F b=0x01";
    QTest::newRow("width 4") << "width: 4\nsigned: true\na: 7\nb: 1"
                             << "int4 add a=0x7 b=0x1";
    QTest::newRow("width 16") << "width: 16"
                              << "int16 add a=0x0000 b=0x0001";
    QTest::newRow("width 32, negative") << "width: 32\na: -2147483648"
                                        << "int32 add a=0x80000000 b=0x00000001";
    QTest::newRow("width 64 extremes")
        << "width: 64\na: 9223372036854775807\nb: -9223372036854775808"
        << "int64 add a=0x7FFFFFFFFFFFFFFF b=0x8000000000000000";
    QTest::newRow("unsigned 64 top") << "width: 64\nsigned: false\na: 18446744073709551615"
                                     << "uint64 add a=0xFFFFFFFFFFFFFFFF b=0x0000000000000001";
    QTest::newRow("unsigned") << "signed: false\na: 255"
                              << "uint8 add a=0xFF b=0x01";
    QTest::newRow("signed True") << "signed: True\na: -1"
                                 << "int8 add a=0xFF b=0x01";
    QTest::newRow("signed FALSE") << "signed: FALSE\na: 200"
                                  << "uint8 add a=0xC8 b=0x01";
    QTest::newRow("op sub") << "op: sub\na: -128\nb: 1"
                            << "int8 sub a=0x80 b=0x01";
    QTest::newRow("op mul") << "op: mul\na: 16\nb: -8"
                            << "int8 mul a=0x10 b=0xF8";
    QTest::newRow("op neg, b still read") << "op: neg\na: -128\nb: 5"
                                          << "int8 neg a=0x80 b=0x05";
    QTest::newRow("leading zero is decimal") << "a: 010"
                                             << "int8 add a=0x0A b=0x01";
    QTest::newRow("quoted number") << "a: \"42\""
                                   << "int8 add a=0x2A b=0x01";
    QTest::newRow("plus sign and minus zero") << "a: +5\nb: -0"
                                              << "int8 add a=0x05 b=0x00";
    QTest::newRow("fields in any order") << "b: 3\na: 5\nop: mul\nsigned: false\nwidth: 16"
                                         << "uint16 mul a=0x0005 b=0x0003";
    QTest::newRow("flow map") << "{width: 4, a: -8, b: -1}"
                              << "int4 add a=0x8 b=0xF";
}

void TestIntKind::validStates() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    const auto reading = intKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(describe(reading.state), state);
}

void TestIntKind::problems_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("expected");
    const QString widthMessage = QStringLiteral("width must be 4, 8, 16, 32 or 64");
    const QString signedMessage = QStringLiteral("signed must be true or false");
    const QString opMessage = QStringLiteral("op must be add, sub, mul or neg");

    QTest::newRow("width 12") << "width: 12" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width 128") << "width: 128" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width word") << "width: eight" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width hex") << "width: 0x8" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width list") << "width: [8]" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width empty, at its name")
        << "a: 1\nwidth:" << QStringList{"error 1:0 " + widthMessage};

    QTest::newRow("signed yes") << "signed: yes" << QStringList{"error 0:8 " + signedMessage};
    QTest::newRow("signed 1") << "signed: 1" << QStringList{"error 0:8 " + signedMessage};
    QTest::newRow("signed empty") << "signed:" << QStringList{"error 0:0 " + signedMessage};

    QTest::newRow("op misspelt") << "op: ad"
                                 << QStringList{"error 0:4 " + opMessage + "; did you mean 'add'?"};
    QTest::newRow("op swapped letters")
        << "op: nge" << QStringList{"error 0:4 " + opMessage + "; did you mean 'neg'?"};
    QTest::newRow("op word") << "op: subtract" << QStringList{"error 0:4 " + opMessage};
    QTest::newRow("op symbol") << "op: \"+\"" << QStringList{"error 0:4 " + opMessage};
    QTest::newRow("op map") << "op: {x: 1}" << QStringList{"error 0:4 " + opMessage};

    QTest::newRow("a too big")
        << "a: 300" << QStringList{"error 0:3 a: 300 does not fit in 8 bits signed (-128 to 127)"};
    QTest::newRow("a too small, second line")
        << "width: 8\na: -129"
        << QStringList{"error 1:3 a: -129 does not fit in 8 bits signed (-128 to 127)"};
    QTest::newRow("negative a unsigned")
        << "signed: false\na: -1"
        << QStringList{"error 1:3 a: -1 does not fit in 8 bits unsigned (0 to 255)"};
    QTest::newRow("b too big for 4 bits")
        << "width: 4\nb:   8"
        << QStringList{"error 1:5 b: 8 does not fit in 4 bits signed (-8 to 7)"};
    QTest::newRow("b beyond 64 bits")
        << "width: 64\nb: 99999999999999999999"
        << QStringList{
               "error 1:3 b: 99999999999999999999 does not fit in 64 bits signed "
               "(-9223372036854775808 to 9223372036854775807)"};
    QTest::newRow("a fraction")
        << "a: 3.5"
        << QStringList{"error 0:3 a: '3.5' is not a whole number: integers have no fraction"};
    QTest::newRow("a hex")
        << "a: 0x41"
        << QStringList{"error 0:3 a: '0x41' is not a decimal number: 'x' is not a digit 0-9"};
    QTest::newRow("b sign only") << "b: '-'" << QStringList{"error 0:3 b: '-' has no digits"};
    QTest::newRow("a list")
        << "a: [1, 2]"
        << QStringList{"error 0:3 a must be a whole number like 100 or -28, not a list or a map"};
    QTest::newRow("b empty, at its name")
        << "b:\na: 1"
        << QStringList{"error 0:0 b must be a whole number like 100 or -28, not empty"};

    QTest::newRow("misspelt signed")
        << "{sigend: false}"
        << QStringList{"warning 0:1 unknown int field 'sigend'; did you mean 'signed'?"};
    QTest::newRow("capital A") << "A: 5"
                               << QStringList{
                                      "warning 0:0 unknown int field 'A'; did you mean 'a'?"};

    // A wrong width or signedness does not drag good operands down with it: they are checked
    // against 64 bits, in either reading, and only one that fits none is reported too.
    QTest::newRow("wrong width, a fine at 64 bits")
        << "width: 12\na: 4000" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("wrong width, a too big even for 64 bits")
        << "width: 12\na: 99999999999999999999"
        << QStringList{"error 0:7 " + widthMessage,
                       "error 1:3 a: 99999999999999999999 does not fit in 64 bits signed "
                       "(-9223372036854775808 to 9223372036854775807)"};
    QTest::newRow("wrong signedness, a fits the unsigned reading")
        << "signed: maybe\na: 200" << QStringList{"error 0:8 " + signedMessage};
    QTest::newRow("wrong signedness, a fits neither")
        << "signed: maybe\na: 300"
        << QStringList{"error 0:8 " + signedMessage,
                       "error 1:3 a: 300 does not fit in 8 bits signed (-128 to 127)"};
    QTest::newRow("every problem at once, in file order")
        << "b: x\nwidht: 8\nop: div\nwidth: 7\na: 1000"
        << QStringList{"error 0:3 b: 'x' is not a decimal number: 'x' is not a digit 0-9",
                       "warning 1:0 unknown int field 'widht'; did you mean 'width'?",
                       "error 2:4 " + opMessage, "error 3:7 " + widthMessage};
}

void TestIntKind::problems() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, expected);
    const auto reading = intKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), expected);
}

void TestIntKind::wrongFieldsFallBackToDefaults_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("bad width: 8 bits, the operand wrapped") << "width: 12\na: 300"
                                                            << "int8 add a=0x2C b=0x01";
    QTest::newRow("bad signedness: signed, the operand's bits kept") << "signed: maybe\na: 200"
                                                                     << "int8 add a=0xC8 b=0x01";
    QTest::newRow("bad a keeps the rest") << "width: 16\na: 70000\nb: 5"
                                          << "int16 add a=0x0000 b=0x0005";
    QTest::newRow("bad b keeps its default") << "b: 1000"
                                             << "int8 add a=0x00 b=0x01";
    QTest::newRow("bad op is add") << "op: div\na: 2"
                                   << "int8 add a=0x02 b=0x01";
    QTest::newRow("not a map") << "[1, 2]"
                               << "int8 add a=0x00 b=0x01";
    QTest::newRow("unknown field is ignored") << "widht: 16\na: 7"
                                              << "int8 add a=0x07 b=0x01";
    QTest::newRow("first of a repeated field wins") << "a: 1\na: 2"
                                                    << "int8 add a=0x01 b=0x01";
}

void TestIntKind::wrongFieldsFallBackToDefaults() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    QCOMPARE(stateOf(yaml), state);
}

void TestIntKind::operationNames() {
    for (const auto operation : {IntegerOperation::Add, IntegerOperation::Subtract,
                                 IntegerOperation::Multiply, IntegerOperation::Negate}) {
        QCOMPARE(operationNamed(operationName(operation)), std::optional(operation));
    }
    QCOMPARE(operationName(IntegerOperation::Subtract), std::string_view("sub"));
    QCOMPARE(operationNamed("Add"), std::nullopt);
    QCOMPARE(operationNamed(""), std::nullopt);
}

void TestIntKind::kindValidatesWithTheSameProblems() {
    QCOMPARE(describe(intKind().read(YAML::Load("width: 4\nsigned: true\na: 7\nb: 1\n")).problems),
             QStringList());
    QCOMPARE(describe(intKind().read(YAML::Load("a: 128")).problems),
             QStringList{"error 0:3 a: 128 does not fit in 8 bits signed (-128 to 127)"});
    QCOMPARE(intKind().read(YAML::Load("signed: false")).state.format.signedness,
             Signedness::Unsigned);
    QCOMPARE(intKind().read(YAML::Load("width: 64\na: -1")).state.a,
             BitPattern(64, ~std::uint64_t{0}));
}

QTEST_APPLESS_MAIN(TestIntKind)
#include "tst_int_kind.moc"
