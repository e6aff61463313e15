#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "numeric/lesson/BitsKind.h"

using mlsyslab::lesson::Severity;
using mlsyslab::lesson::StateProblem;
using mlsyslab::lesson::kinds::bitsKind;
using mlsyslab::numeric::BitPattern;

namespace {

// Problems as comparable lines, from LessonTestSupport.h.
using mlsyslab::testing::describe;

}  // namespace

class TestBitsKind : public QObject {
    Q_OBJECT

private slots:
    void validStates_data();
    void validStates();
    void problems_data();
    void problems();
    void wrongFieldsFallBackToDefaults_data();
    void wrongFieldsFallBackToDefaults();
};

void TestBitsKind::validStates_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<int>("width");
    QTest::addColumn<qulonglong>("bits");
    QTest::newRow("value only") << "value: 65" << 8 << 65ULL;
    QTest::newRow("width only") << "width: 16" << 16 << 0ULL;
    QTest::newRow("negative") << "value: -42" << 8 << 0xD6ULL;
    QTest::newRow("unsigned top") << "value: 255" << 8 << 0xFFULL;
    QTest::newRow("signed bottom") << "value: -128" << 8 << 0x80ULL;
    QTest::newRow("quoted hex") << "value: \"0x41\"" << 8 << 0x41ULL;
    QTest::newRow("plain hex") << "value: 0x41" << 8 << 0x41ULL;
    QTest::newRow("single-quoted binary") << "value: '0b0100_0001'" << 8 << 0x41ULL;
    QTest::newRow("leading zero is decimal, not octal") << "value: 010" << 8 << 10ULL;
    QTest::newRow("4 bits") << "width: 4\nvalue: -8" << 4 << 0x8ULL;
    QTest::newRow("4 bits hex") << "width: 4\nvalue: 0xF" << 4 << 0xFULL;
    QTest::newRow("16 bits colour") << "width: 16\nvalue: 0x1E64" << 16 << 0x1E64ULL;
    QTest::newRow("32 bits colour") << "width: 32\nvalue: 0x1E64C8" << 32 << 0x1E64C8ULL;
    QTest::newRow("32 bits max") << "width: 32\nvalue: 4294967295" << 32 << 0xFFFFFFFFULL;
    QTest::newRow("32 bits min") << "width: 32\nvalue: -2147483648" << 32 << 0x80000000ULL;
    QTest::newRow("value before width") << "value: 1000\nwidth: 16" << 16 << 1000ULL;
    QTest::newRow("flow map") << "{width: 16, value: -1}" << 16 << 0xFFFFULL;
}

void TestBitsKind::validStates() {
    QFETCH(QString, yaml);
    QFETCH(int, width);
    QFETCH(qulonglong, bits);
    const auto reading = bitsKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(reading.state.pattern, BitPattern(width, bits));
}

void TestBitsKind::problems_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("expected");
    const QString widthMessage = QStringLiteral("width must be 4, 8, 16 or 32");

    QTest::newRow("width 12") << "width: 12" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width 64") << "width: 64" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width 0") << "width: 0" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width negative") << "width: -8" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width huge") << "width: 99999999999999999999999"
                                << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width word") << "width: eight" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width list") << "width: [8]" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("width empty, at its name")
        << "value: 1\nwidth:" << QStringList{"error 1:0 " + widthMessage};

    QTest::newRow("value too big")
        << "value: 300" << QStringList{"error 0:7 value 300 does not fit in 8 bits (-128 to 255)"};
    QTest::newRow("value too small")
        << "value: -129"
        << QStringList{"error 0:7 value -129 does not fit in 8 bits (-128 to 255)"};
    QTest::newRow("value too big for 4 bits, second line")
        << "width: 4\nvalue: 16"
        << QStringList{"error 1:7 value 16 does not fit in 4 bits (-8 to 15)"};
    QTest::newRow("value too big for 16 bits")
        << "width: 16\nvalue:   70000"
        << QStringList{"error 1:9 value 70000 does not fit in 16 bits (-32768 to 65535)"};
    QTest::newRow("value beyond 64 bits")
        << "value: 99999999999999999999999"
        << QStringList{
               "error 0:7 value 99999999999999999999999 does not fit in 8 bits (-128 to 255)"};
    QTest::newRow("hex too big")
        << "value: \"0x100\""
        << QStringList{
               "error 0:7 value '0x100' needs 9 bits, more than 8 bits hold (largest: 0xFF)"};
    QTest::newRow("hex bad digit")
        << "value: 0x4G"
        << QStringList{
               "error 0:7 value '0x4G' is not a hex number: 'G' is not a hex digit (0-9 and A-F)"};
    QTest::newRow("binary too long")
        << "width: 4\nvalue: 0b10000"
        << QStringList{
               "error 1:7 value '0b10000' needs 5 bits, more than 4 bits hold (largest: 1111)"};
    QTest::newRow("binary bad digit")
        << "value: 0b012"
        << QStringList{
               "error 0:7 value '0b012' is not a binary number: '2' is not a binary digit (0 and "
               "1)"};
    const QString notInteger = QStringLiteral(
        "' is not an integer: write a whole number like 65 or -42, or a hex or binary string "
        "like \"0x41\" or \"0b0100_0001\"");
    QTest::newRow("value fraction")
        << "value: 3.5" << QStringList{"error 0:7 value '3.5" + notInteger};
    QTest::newRow("value word") << "value: A" << QStringList{"error 0:7 value 'A" + notInteger};
    QTest::newRow("value list")
        << "value: [1, 2]"
        << QStringList{
               "error 0:7 value must be a number like 65 or a string like \"0x41\", not a list or "
               "a map"};
    QTest::newRow("value empty, at its name")
        << "value:\nwidth: 8"
        << QStringList{
               "error 0:0 value must be a number like 65 or a string like \"0x41\", not empty"};

    QTest::newRow("misspelt value, indented flow")
        << "{width: 8, valeu: 3}"
        << QStringList{"warning 0:11 unknown bits field 'valeu'; did you mean 'value'?"};

    // A wrong width does not drag a good value down with it: the value is checked against the
    // widest allowed width, and only a value that fits none is reported too.
    QTest::newRow("wrong width, value fine")
        << "width: 12\nvalue: 4000" << QStringList{"error 0:7 " + widthMessage};
    QTest::newRow("wrong width and wrong value")
        << "width: 12\nvalue: 5000000000"
        << QStringList{"error 0:7 " + widthMessage,
                       "error 1:7 value 5000000000 does not fit in 32 bits (-2147483648 to "
                       "4294967295)"};
    QTest::newRow("every problem at once")
        << "widht: 8\nwidth: 7\nvalue: x"
        << QStringList{"warning 0:0 unknown bits field 'widht'; did you mean 'width'?",
                       "error 1:7 " + widthMessage, "error 2:7 value 'x" + notInteger};
}

void TestBitsKind::problems() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, expected);
    const auto reading = bitsKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), expected);
}

void TestBitsKind::wrongFieldsFallBackToDefaults_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<int>("width");
    QTest::addColumn<qulonglong>("bits");
    QTest::newRow("bad width keeps the value's low 8 bits")
        << "width: 12\nvalue: 0x1FF" << 8 << 0xFFULL;
    QTest::newRow("bad value keeps the width") << "width: 16\nvalue: 70000" << 16 << 0ULL;
    QTest::newRow("not a map") << "[1, 2]" << 8 << 0ULL;
    QTest::newRow("unknown field is ignored") << "widht: 16\nvalue: 7" << 8 << 7ULL;
    QTest::newRow("first of a repeated field wins") << "value: 1\nvalue: 2" << 8 << 1ULL;
}

void TestBitsKind::wrongFieldsFallBackToDefaults() {
    QFETCH(QString, yaml);
    QFETCH(int, width);
    QFETCH(qulonglong, bits);
    QCOMPARE(bitsKind().read(YAML::Load(yaml.toStdString())).state.pattern, BitPattern(width, bits));
}

QTEST_APPLESS_MAIN(TestBitsKind)
#include "tst_bits_kind.moc"
