#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "numeric/lesson/FixedKind.h"

using mlsyslab::lesson::Severity;
using mlsyslab::lesson::StateProblem;
using mlsyslab::lesson::kinds::fixedKind;
using mlsyslab::lesson::kinds::FixedState;
using mlsyslab::lesson::kinds::overflowModeNamed;
using mlsyslab::numeric::OverflowMode;
namespace numeric = mlsyslab::numeric;

namespace {

// Problems as comparable lines, from LessonTestSupport.h.
using mlsyslab::testing::describe;

// "Q3.4 value=0 nearest saturate": the whole state in one comparable line.
QString describe(const FixedState& state) {
    const std::string_view rounding = numeric::roundingModeName(state.rules.rounding);
    const std::string_view overflow = numeric::overflowModeName(state.rules.overflow);
    return QStringLiteral("%1 value=%2 %3 %4")
        .arg(QString::fromStdString(state.format.name()), QString::fromStdString(state.value),
             QString::fromUtf8(rounding.data(), qsizetype(rounding.size())),
             QString::fromUtf8(overflow.data(), qsizetype(overflow.size())));
}

}  // namespace

class TestFixedKind : public QObject {
    Q_OBJECT

private slots:
    void validStates_data();
    void validStates();
    void problems_data();
    void problems();
    void wrongFieldsFallBackToDefaults();
    void overflowNames();
};

void TestFixedKind::validStates_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("Q3.4 of -2.5625") << "value: -2.5625"
                                     << "Q3.4 value=-2.5625 nearest saturate";
    QTest::newRow("UQ4.4 at the top")
        << "integer_bits: 4\nfraction_bits: 4\nsigned: false\nvalue: 15.9375"
        << "UQ4.4 value=15.9375 nearest saturate";
    QTest::newRow("overflow is a lesson, not a mistake")
        << "signed: false\ninteger_bits: 4\nvalue: 16\noverflow: wrap"
        << "UQ4.4 value=16 nearest wrap";
    QTest::newRow("rounding is too") << "value: 0.1\nrounding: zero"
                                     << "Q3.4 value=0.1 zero saturate";
    QTest::newRow("every rounding word") << "{rounding: down, value: -0.1}"
                                         << "Q3.4 value=-0.1 down saturate";
    QTest::newRow("Q15") << "integer_bits: 0\nfraction_bits: 15\nvalue: 0.5"
                         << "Q0.15 value=0.5 nearest saturate";
    QTest::newRow("64 bits") << "integer_bits: 31\nfraction_bits: 32"
                             << "Q31.32 value=0 nearest saturate";
    QTest::newRow("UQ0.64") << "integer_bits: 0\nfraction_bits: 64\nsigned: false"
                            << "UQ0.64 value=0 nearest saturate";
    QTest::newRow("quoted, exponent") << "value: \"1e-3\""
                                      << "Q3.4 value=1e-3 nearest saturate";
    QTest::newRow("leading zero is decimal") << "integer_bits: 010"
                                             << "Q10.4 value=0 nearest saturate";
}

void TestFixedKind::validStates() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    const auto reading = fixedKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(describe(reading.state), state);
}

void TestFixedKind::problems_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("expected");
    const QString countMessage = QStringLiteral(" must be a whole number from 0 to 64");
    QTest::newRow("m too large") << "integer_bits: 65"
                                 << QStringList{"error 0:14 integer_bits" + countMessage};
    QTest::newRow("n negative") << "fraction_bits: -1"
                                << QStringList{"error 0:15 fraction_bits" + countMessage};
    QTest::newRow("n a word") << "fraction_bits: four"
                              << QStringList{"error 0:15 fraction_bits" + countMessage};
    QTest::newRow("n empty, at its name")
        << "value: 1\nfraction_bits:" << QStringList{"error 1:0 fraction_bits" + countMessage};
    QTest::newRow("too wide, at the later count")
        << "fraction_bits: 32\ninteger_bits: 32"
        << QStringList{
               "error 1:14 Q32.32 is too wide: a format has at most 64 bits (1 + m + n "
               "for signed formats)"};
    QTest::newRow("UQ0.0")
        << "signed: false\ninteger_bits: 0\nfraction_bits: 0"
        << QStringList{
               "error 2:15 UQ0.0 has no bits: an unsigned format needs m + n of at least 1"};
    QTest::newRow("signed yes") << "signed: yes"
                                << QStringList{"error 0:8 signed must be true or false"};

    QTest::newRow("rounding misspelt")
        << "rounding: neares"
        << QStringList{
               "error 0:10 rounding must be nearest, zero, away, up or down; did you mean "
               "'nearest'?"};
    QTest::newRow("rounding word")
        << "rounding: truncate"
        << QStringList{"error 0:10 rounding must be nearest, zero, away, up or down"};
    QTest::newRow("overflow misspelt")
        << "overflow: wrapp"
        << QStringList{"error 0:10 overflow must be saturate or wrap; did you mean 'wrap'?"};
    QTest::newRow("overflow clamp")
        << "overflow: clamp" << QStringList{"error 0:10 overflow must be saturate or wrap"};

    QTest::newRow("value a word") << "value: half"
                                  << QStringList{
                                         "error 0:7 value: 'half' is not a decimal number: type a "
                                         "value like 0.75, -2.5 or 1e-3"};
    QTest::newRow("value infinite") << "value: .inf"
                                    << QStringList{
                                           "error 0:7 value: '.inf' is not a decimal number: type "
                                           "a value like 0.75, -2.5 or 1e-3"};
    QTest::newRow("value inf word")
        << "value: inf"
        << QStringList{
               "error 0:7 value: fixed point has no infinity: every format has a largest value"};
    QTest::newRow("value hex")
        << "value: 0x41"
        << QStringList{
               "error 0:7 value: '0x41' is not a decimal number: type a value like 0.75 or "
               "-2.5 (hex is not read here)"};
    QTest::newRow("value list") << "value: [1]"
                                << QStringList{
                                       "error 0:7 value must be a decimal number like 0.75 or "
                                       "-2.5625, not a list or a map"};
    QTest::newRow("value empty") << "value:"
                                 << QStringList{
                                        "error 0:0 value must be a decimal number like 0.75 or "
                                        "-2.5625, not empty"};

    QTest::newRow("problems in file order")
        << "value: x\nrounding: up\noverflow: no\ninteger_bits: 99"
        << QStringList{
               "error 0:7 value: 'x' is not a decimal number: type a value like 0.75, -2.5 or 1e-3",
               "error 2:10 overflow must be saturate or wrap",
               "error 3:14 integer_bits" + countMessage};
}

void TestFixedKind::problems() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, expected);
    const auto reading = fixedKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), expected);
}

void TestFixedKind::wrongFieldsFallBackToDefaults() {
    // A wrong field keeps its default; the good ones are still read.
    const auto reading = fixedKind().read(
        YAML::Load("integer_bits: 99\nfraction_bits: 6\nvalue: nope\noverflow: wrap"));
    QCOMPARE(describe(reading.state), QStringLiteral("Q3.6 value=0 nearest wrap"));
    const auto tooWide = fixedKind().read(YAML::Load("integer_bits: 40\nfraction_bits: 40"));
    QCOMPARE(describe(tooWide.state), QStringLiteral("Q3.4 value=0 nearest saturate"));
}

void TestFixedKind::overflowNames() {
    QCOMPARE(overflowModeNamed("saturate"), std::optional(OverflowMode::Saturate));
    QCOMPARE(overflowModeNamed("wrap"), std::optional(OverflowMode::Wrap));
    QCOMPARE(overflowModeNamed("Wrap"), std::nullopt);
}

QTEST_APPLESS_MAIN(TestFixedKind)
#include "tst_fixed_kind.moc"
