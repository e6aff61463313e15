// The fp-add simulator: stepping 2.5 + 1.25 through every snapshot, typing values and
// patterns, switching to fp32, cancellation and special cases, bad input, the hardware panel,
// and building it from a lesson's YAML.
#include <qcustomplot.h>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>
#include <algorithm>
#include <bit>
#include <cstring>

#include "SimViewTestSupport.h"
#include "FloatWidgetTestSupport.h"
#include "common/SimWidgetRegistry.h"
#include "logic/FloatAdderHardware.h"
#include "logic/FloatAdderText.h"
#include "logic/FpAddHardwareChart.h"
#include "logic/FpAddHardwarePanel.h"
#include "logic/FpAddRegisterView.h"
#include "logic/FpAddStageStrip.h"
#include "logic/FpAddWidget.h"
#include "numeric/FloatClassBadge.h"

using mlsyslab::lesson::SimBlock;
using mlsyslab::lesson::kinds::FpAddState;
using mlsyslab::logic::FloatAdderStage;
using mlsyslab::logic::FloatAdderStep;
using mlsyslab::logic::FloatAdditionTrace;
using mlsyslab::widgets::FpAddHardwareChart;
using mlsyslab::widgets::FpAddHardwarePanel;
using mlsyslab::widgets::FpAddRegisterView;
using mlsyslab::widgets::FpAddStageStrip;
using mlsyslab::widgets::FpAddWidget;
using mlsyslab::widgets::RegisterRow;
using namespace mlsyslab::testing;
namespace logic = mlsyslab::logic;
namespace numeric = mlsyslab::numeric;

namespace {

// A lesson column: the width the simulators get in the app at 1280 pixels.
constexpr int kLessonWidth = 1100;

QLineEdit* field(const QWidget& widget, const char* name) {
    return widget.findChild<QLineEdit*>(QLatin1String(name));
}

const FpAddStageStrip& strip(const QWidget& widget) {
    return *widget.findChild<FpAddStageStrip*>(QStringLiteral("stageStrip"));
}

const FpAddRegisterView& registers(const QWidget& widget) {
    return *widget.findChild<FpAddRegisterView*>(QStringLiteral("registerView"));
}

void stepForward(const QWidget& widget) {
    QTest::mouseClick(widget.findChild<QPushButton*>(QStringLiteral("stepButton")), Qt::LeftButton);
}

QString positionLabel(const QWidget& widget) { return floatLabelText(widget, "positionLabel"); }

// A register as the engine writes it, fields apart: "0 10000 1.0100000000 000"; with the
// carry digit in front of the hidden bit for the result ("0 10000 01.1110000000 000").
// `digits` exponent digits: the format's, one more while an exponent has overflowed.
QString engineDigits(const FloatAdditionTrace& trace, int digits, bool negative, int biasedExponent,
                     std::uint64_t significand, bool withCarry) {
    QString exponent;
    for (int bit = digits - 1; bit >= 0; --bit) {
        exponent += ((biasedExponent >> bit) & 1) != 0 ? '1' : '0';
    }
    QString register_ = QString::fromStdString(
        logic::significandRegisterText(trace.layout, significand, withCarry));
    register_.replace(QLatin1Char('|'), QLatin1Char(' '));
    return QStringLiteral("%1 %2 %3").arg(negative ? "1" : "0", exponent, register_);
}

// The digits the view shows for each row, and the engine's registers of that snapshot: equal.
void checkRegistersMatchTheTrace(const FpAddWidget& widget, int position) {
    const FloatAdditionTrace& trace = widget.trace();
    const FloatAdderStep& step = trace.steps[static_cast<std::size_t>(position)];
    const FpAddRegisterView& view = registers(widget);
    const auto& shown = view.rows();
    QCOMPARE(shown.rows.size(), step.hasResult ? std::size_t{3} : std::size_t{2});
    const auto digitsOf = [&](std::size_t row) {
        return mlsyslab::widgets::registerDigits(shown.columns, view.layout(), shown.rows[row]);
    };
    int largestExponent = std::max(step.first.biasedExponent, step.second.biasedExponent);
    if (step.hasResult) largestExponent = std::max(largestExponent, step.result.biasedExponent);
    const int digits =
        std::max(trace.format.exponentBits, int(std::bit_width(unsigned(largestExponent))));
    QCOMPARE(digitsOf(0), engineDigits(trace, digits, step.first.negative,
                                       step.first.biasedExponent, step.first.significand, false));
    QCOMPARE(digitsOf(1), engineDigits(trace, digits, step.second.negative,
                                       step.second.biasedExponent, step.second.significand, false));
    if (step.hasResult) {
        QCOMPARE(digitsOf(2),
                 engineDigits(trace, digits, step.result.negative, step.result.biasedExponent,
                              step.result.significand, true));
    }
    // One grid: the hidden bit and the guard bit sit in the same column in every row.
    for (std::size_t row = 1; row < shown.rows.size(); ++row) {
        for (const int column : {shown.columns.hiddenColumn(), shown.columns.guardColumn()}) {
            QCOMPARE(view.cellRect(static_cast<int>(row), column).left(),
                     view.cellRect(0, column).left());
        }
    }
}

FpAddState stateOf(const char* format, const char* a, const char* b, bool hardware = false) {
    FpAddState state;
    state.format = *mlsyslab::lesson::kinds::findFpAddFormat(format);
    state.a = *mlsyslab::lesson::kinds::parseFpAddOperand(state.format, a);
    state.b = *mlsyslab::lesson::kinds::parseFpAddOperand(state.format, b);
    state.hardware = hardware;
    return state;
}

void goToEnd(FpAddWidget& widget) { widget.setPosition(int(widget.trace().steps.size()) - 1); }

}  // namespace

class TestFpAddWidget : public QObject {
    Q_OBJECT

private slots:
    void seedExampleStepsThroughEverySnapshot();
    void alignmentShowsTheShift();
    void farSmallerOperandBecomesSticky();
    void typingValuesAndPatterns();
    void typingKeepsTheStage();
    void switchingToFp32();
    void fp32RegistersStayReadable();
    void resultsAndTheirNotes_data();
    void resultsAndTheirNotes();
    void badInputGivesAMessage_data();
    void badInputGivesAMessage();
    void hardwarePanelShowsTheEngineCounts();
    void hardwarePanelIsOptional();
    void builtFromLessonYaml();
};

void TestFpAddWidget::seedExampleStepsThroughEverySnapshot() {
    // Seed 001: 2.5 + 1.25 = 3.75 in fp16, unpack, the five steps, pack.
    FpAddWidget widget{FpAddState{}};
    widget.resize(kLessonWidth, 900);
    widget.show();
    const FloatAdditionTrace& trace = widget.trace();
    QCOMPARE(trace.steps.size(), std::size_t{7});
    QCOMPARE(strip(widget).boxTexts(), (QStringList{"Unpack", "1 Compare exponents", "2 Align",
                                                    "3 Add", "4 Normalize", "5 Round", "Pack"}));
    const QStringList labels = {"Step 1 / 7 · Unpack",    "Step 2 / 7 · Compare and swap",
                                "Step 3 / 7 · Align",     "Step 4 / 7 · Add significands",
                                "Step 5 / 7 · Normalize", "Step 6 / 7 · Round",
                                "Step 7 / 7 · Pack"};
    // The sum row as the seed writes it: 1.010 + 0.101 = 1.111 × 2^1.
    const QStringList sums = {"",
                              "",
                              "",
                              "0 10000 01.1110000000 000",
                              "0 10000 01.1110000000 000",
                              "0 10000 01.1110000000 000",
                              "0 10000 01.1110000000 000"};
    QSignalSpy moves(&widget, &FpAddWidget::positionChanged);
    for (int position = 0; position < 7; ++position) {
        if (position > 0) stepForward(widget);
        QCOMPARE(widget.position(), position);
        QCOMPARE(moves.size(), position);
        QCOMPARE(strip(widget).current(), position);
        QCOMPARE(positionLabel(widget), labels.at(position));
        const FloatAdderStep& step = trace.steps[static_cast<std::size_t>(position)];
        QCOMPARE(floatLabelText(widget, "stepTitle"), QString::fromStdString(step.title));
        QCOMPARE(floatLabelText(widget, "stepExplanation"),
                 QString::fromStdString(step.explanation));
        checkRegistersMatchTheTrace(widget, position);
        const auto& rows = registers(widget).rows();
        if (!sums.at(position).isEmpty()) {
            QCOMPARE(mlsyslab::widgets::registerDigits(rows.columns, registers(widget).layout(),
                                                       rows.rows[2]),
                     sums.at(position));
        }
        // The stored sum appears at Pack, not before.
        const bool packed = position == 6;
        QCOMPARE(floatLabel(widget, "resultHex")->isVisible(), packed);
    }
    QCOMPARE(registers(widget).rows().rows[0].notation, QStringLiteral("1.01₂ × 2^1 = 2.5"));
    QCOMPARE(registers(widget).rows().rows[2].notation, QStringLiteral("1.111₂ × 2^1 = 3.75"));
    QCOMPARE(floatLabelText(widget, "resultHex"), QStringLiteral("0x4380"));
    QCOMPARE(floatLabelText(widget, "resultValue"), QStringLiteral("3.75"));
    QCOMPARE(widget.findChild<mlsyslab::widgets::FloatClassBadge*>("resultClass")->text(),
             QStringLiteral("normal"));
    QVERIFY(floatLabelText(widget, "resultNote").startsWith(QStringLiteral("Exact:")));
    QVERIFY(floatLabelText(widget, "resultFields").contains(QStringLiteral("1110000000")));

    // Back, and the strip follows; clicking a stage box jumps there.
    QTest::mouseClick(widget.findChild<QPushButton*>(QStringLiteral("backButton")), Qt::LeftButton);
    QCOMPARE(strip(widget).current(), 5);
    QCOMPARE(positionLabel(widget), labels.at(5));
    checkRegistersMatchTheTrace(widget, 5);
}

void TestFpAddWidget::alignmentShowsTheShift() {
    FpAddWidget widget{FpAddState{}};
    widget.resize(kLessonWidth, 900);
    widget.show();
    widget.setPosition(1);
    const auto& view = registers(widget);
    // Compare: 16 > 15, no swap, nothing moved; B is still 1.01 × 2^0.
    QCOMPARE(view.rows().rows[0].name, QStringLiteral("A"));
    QVERIFY(!view.rows().rows[1].significandChanged);
    QCOMPARE(view.rows().rows[1].notation, QStringLiteral("1.01₂ × 2^0 = 1.25"));
    widget.setPosition(2);
    // Align: B moved one column right, to 0.101 × 2^1, and only B is highlighted.
    const auto& rows = view.rows();
    QCOMPARE(mlsyslab::widgets::registerDigits(rows.columns, view.layout(), rows.rows[1]),
             QStringLiteral("0 10000 0.1010000000 000"));
    QCOMPARE(rows.rows[1].notation, QStringLiteral("0.101₂ × 2^1 = 1.25"));
    QVERIFY(rows.rows[1].significandChanged && rows.rows[1].exponentChanged);
    QVERIFY(!rows.rows[0].significandChanged && !rows.rows[0].exponentChanged);
    QVERIFY(!rows.rows[1].signChanged);
    // The first 1 of A is in the hidden column; B's is in the next column to the right.
    const auto cells = mlsyslab::widgets::registerCells(rows.columns, view.layout(), rows.rows[1]);
    for (const auto& cell : cells) {
        if (cell.column == rows.columns.hiddenColumn()) QVERIFY(!cell.bit);
        if (cell.column == rows.columns.firstMantissaColumn()) QVERIFY(cell.bit);
    }
    QVERIFY(view.cellRect(1, rows.columns.firstMantissaColumn()).left() >
            view.cellRect(0, rows.columns.hiddenColumn()).right());
}

void TestFpAddWidget::farSmallerOperandBecomesSticky() {
    // 1e30 - 1e-30 in fp32: B is shifted out entirely; only its sticky bit is left, and the
    // sum rounds back to A.
    FpAddWidget widget{stateOf("fp32", "1e30", "-1e-30")};
    widget.setPosition(2);
    QCOMPARE(widget.trace().steps[2].stage, FloatAdderStage::Align);
    const auto& view = registers(widget);
    const auto& rows = view.rows();
    QCOMPARE(rows.rows[1].notation, QStringLiteral("every bit shifted out into the sticky bit"));
    const auto cells = mlsyslab::widgets::registerCells(rows.columns, view.layout(), rows.rows[1]);
    QCOMPARE(cells.back().field, mlsyslab::widgets::CellField::Sticky);
    QVERIFY(cells.back().bit);
    // Of the whole significand register, only the sticky bit is set.
    QCOMPARE(int(std::count_if(cells.begin(), cells.end(),
                               [](const auto& cell) {
                                   return cell.bit &&
                                          cell.field != mlsyslab::widgets::CellField::Sign &&
                                          cell.field != mlsyslab::widgets::CellField::Exponent;
                               })),
             1);
    goToEnd(widget);
    QCOMPARE(widget.trace().resultBits, widget.trace().aBits);
    QVERIFY(floatLabelText(widget, "resultNote").startsWith(QStringLiteral("Rounded:")));
}

void TestFpAddWidget::typingValuesAndPatterns() {
    FpAddWidget widget{FpAddState{}};
    QSignalSpy changed(&widget, &FpAddWidget::stateChanged);
    typeIntoField(field(widget, "aField"), "0.1");
    QCOMPARE(changed.size(), 1);
    QCOMPARE(widget.state().a.bits, std::uint64_t{0x2E66});
    QCOMPARE(widget.trace().aBits, std::uint64_t{0x2E66});
    QCOMPARE(floatLabelText(widget, "aStored"),
             QStringLiteral("stored as 0.0999755859375 = 0x2E66"));
    typeIntoField(field(widget, "bField"), "0x3C00");
    QCOMPARE(widget.state().b.bits, std::uint64_t{0x3C00});
    QVERIFY(!widget.state().b.typedValue);
    QCOMPARE(floatLabelText(widget, "bStored"), QStringLiteral("0x3C00 = 1"));
    // A pasted minus sign (QTest types ASCII only).
    field(widget, "bField")->setText(QStringLiteral("\u22122"));
    QTest::keyClick(field(widget, "bField"), Qt::Key_Return);
    QCOMPARE(widget.state().b.bits, std::uint64_t{0xC000});
    QCOMPARE(floatLabelText(widget, "bStored"), QStringLiteral("stored exactly: 0xC000"));
    typeIntoField(field(widget, "aField"), "70000");
    QCOMPARE(floatLabelText(widget, "aStored"),
             QStringLiteral("stored as inf = 0x7C00 · overflow → inf"));
    goToEnd(widget);
    QCOMPARE(floatLabelText(widget, "resultHex"), QStringLiteral("0x7C00"));
    QCOMPARE(widget.trace().resultBits, std::uint64_t{0x7C00});
}

void TestFpAddWidget::typingKeepsTheStage() {
    FpAddWidget widget{FpAddState{}};
    widget.setPosition(2);  // align
    typeIntoField(field(widget, "bField"), "0.375");
    QCOMPARE(widget.trace().steps[std::size_t(widget.position())].stage, FloatAdderStage::Align);
    QCOMPARE(widget.state().openAt, FloatAdderStage::Align);
    checkRegistersMatchTheTrace(widget, widget.position());
    // A NaN has no Align: the same position as far as the special trace goes, then back.
    typeIntoField(field(widget, "bField"), "nan");
    QCOMPARE(widget.trace().steps.size(), std::size_t{3});
    QCOMPARE(widget.position(), 2);
    QCOMPARE(strip(widget).current(), 2);
    checkRegistersMatchTheTrace(widget, 2);
}

void TestFpAddWidget::switchingToFp32() {
    FpAddWidget widget{FpAddState{}};
    widget.resize(kLessonWidth, 900);
    widget.show();
    typeIntoField(field(widget, "aField"), "0.1");
    auto* selector = widget.findChild<QComboBox*>(QStringLiteral("formatSelector"));
    QSignalSpy changed(&widget, &FpAddWidget::stateChanged);
    selector->setCurrentIndex(selector->findData(QStringLiteral("fp32")));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(widget.state().format, numeric::kFp32);
    // The typed 0.1 is rounded again, into fp32; 2.5 and 1.25 were typed too.
    QCOMPARE(widget.state().a.bits, std::uint64_t{0x3DCCCCCD});
    QCOMPARE(widget.state().b.bits, std::uint64_t{0x3FA00000});
    QCOMPARE(field(widget, "aField")->text(), QStringLiteral("0.1"));
    QCOMPARE(widget.trace().format, numeric::kFp32);
    QCOMPARE(registers(widget).rows().columns.mantissaBits, 23);
    QCOMPARE(registers(widget).rows().columns.exponentDigits, 8);
    for (int position = 0; position < int(widget.trace().steps.size()); ++position) {
        widget.setPosition(position);
        QCOMPARE(strip(widget).current(), position);
        checkRegistersMatchTheTrace(widget, position);
    }
    const float expected = 0.1f + 1.25f;
    std::uint32_t expectedBits = 0;
    std::memcpy(&expectedBits, &expected, sizeof expectedBits);
    QCOMPARE(widget.trace().resultBits, std::uint64_t{expectedBits});
    QCOMPARE(floatLabelText(widget, "resultHex"),
             QString::fromStdString(numeric::floatBitsText(numeric::kFp32, expectedBits)));
    // A pattern carries its exact value back into fp16.
    typeIntoField(field(widget, "bField"), "0x3F800000");
    selector->setCurrentIndex(selector->findData(QStringLiteral("fp16")));
    QCOMPARE(widget.state().b.bits, std::uint64_t{0x3C00});
    QCOMPARE(field(widget, "bField")->text(), QStringLiteral("1"));
}

void TestFpAddWidget::fp32RegistersStayReadable() {
    // 24-bit significands plus G, R, S in the simulator's frame at 1280 pixels: the sign and
    // exponent go to a band of their own so the significands get the whole width, the cells
    // stay at least a line of text tall, and nothing is cut off.
    using Arrangement = FpAddRegisterView::Arrangement;
    constexpr int kNarrowLesson = 800;
    FpAddWidget widget{stateOf("fp32", "1.5", "-0.1")};
    widget.resize(kNarrowLesson, 900);
    widget.show();
    widget.setPosition(3);
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const auto& view = registers(widget);
    QCOMPARE(view.arrangement(), Arrangement::TwoBands);
    const auto& columns = view.rows().columns;
    const QRectF last = view.cellRect(2, columns.count() - 1);
    QVERIFY2(last.right() <= view.width(), qPrintable(QString::number(last.right())));
    QVERIFY(view.cellRect(0, 0).height() >= view.fontMetrics().height());
    // The significands start a band of their own, under the exponents, still column by column.
    QVERIFY(view.cellRect(0, columns.hiddenColumn()).top() > view.cellRect(2, 0).bottom());
    checkRegistersMatchTheTrace(widget, 3);
    // fp16 at the same width keeps sign, exponent and significand on one line.
    FpAddWidget half{FpAddState{}};
    half.resize(kNarrowLesson, 900);
    half.show();
    QVERIFY(registers(half).arrangement() != Arrangement::TwoBands);
    const int halfHidden = registers(half).rows().columns.hiddenColumn();
    QCOMPARE(registers(half).cellRect(0, 0).top(), registers(half).cellRect(0, halfHidden).top());
    // Wide enough, fp32 fits on one line too.
    widget.resize(2400, 900);
    QVERIFY(registers(widget).arrangement() != Arrangement::TwoBands);
}

void TestFpAddWidget::resultsAndTheirNotes_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("steps");
    QTest::addColumn<QString>("hex");
    QTest::addColumn<QString>("floatClass");
    QTest::addColumn<QString>("noteStart");
    QTest::newRow("cancellation: 1.0009765625 - 1") << "fp16"
                                                    << "1.0009765625"
                                                    << "-1" << 7 << "0x1400"
                                                    << "normal"
                                                    << "Cancellation:";
    // 0.0999755859375 + 0.199951171875 lies exactly between 0x34CC and 0x34CD: ties to even.
    QTest::newRow("rounded: 0.1 + 0.2") << "fp16"
                                        << "0.1"
                                        << "0.2" << 7 << "0x34CC"
                                        << "normal"
                                        << "Rounded:";
    QTest::newRow("x - x is +0") << "fp16"
                                 << "3.5"
                                 << "-3.5" << 7 << "0x0000"
                                 << "zero"
                                 << "Everything cancelled";
    QTest::newRow("-0 + -0") << "fp16"
                             << "-0"
                             << "-0" << 7 << "0x8000"
                             << "zero"
                             << "Both operands are zeros";
    QTest::newRow("overflow to infinity") << "fp16"
                                          << "65504"
                                          << "65504" << 7 << "0x7C00"
                                          << "inf"
                                          << "Overflow:";
    QTest::newRow("subnormal result") << "fp16"
                                      << "0x0401"
                                      << "0x8400" << 7 << "0x0001"
                                      << "subnormal"
                                      << "Subnormal:";
    QTest::newRow("NaN operand") << "fp16"
                                 << "nan"
                                 << "1" << 3 << "0x7E00"
                                 << "nan"
                                 << "NaN in, NaN out";
    QTest::newRow("inf - inf") << "fp32"
                               << "inf"
                               << "-inf" << 3 << "0xFFC00000"
                               << "nan"
                               << "inf + (−inf) has no value";
    QTest::newRow("inf + 1") << "fp32"
                             << "-inf"
                             << "1" << 3 << "0xFF800000"
                             << "inf"
                             << "Infinity plus";
}

void TestFpAddWidget::resultsAndTheirNotes() {
    QFETCH(QString, format);
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, steps);
    QFETCH(QString, hex);
    QFETCH(QString, floatClass);
    QFETCH(QString, noteStart);
    FpAddWidget widget{stateOf("fp16", "1", "1")};
    widget.resize(kLessonWidth, 900);
    widget.show();
    auto* selector = widget.findChild<QComboBox*>(QStringLiteral("formatSelector"));
    selector->setCurrentIndex(selector->findData(format));
    typeIntoField(field(widget, "aField"), a);
    typeIntoField(field(widget, "bField"), b);
    QCOMPARE(int(widget.trace().steps.size()), steps);
    QCOMPARE(strip(widget).boxTexts().size(), steps);
    for (int position = 0; position < steps; ++position) {
        widget.setPosition(position);
        QCOMPARE(strip(widget).current(), position);
        checkRegistersMatchTheTrace(widget, position);
        // The stored sum appears at Pack; a special case knows it already at Special.
        const int firstWithResult = steps == 3 ? 1 : steps - 1;
        QCOMPARE(floatLabel(widget, "resultHex")->isVisible(), position >= firstWithResult);
    }
    if (steps == 3) {
        QCOMPARE(widget.trace().steps[1].stage, FloatAdderStage::Special);
        QVERIFY(strip(widget).boxTexts().at(1).startsWith(QStringLiteral("Special case")));
    }
    QCOMPARE(floatLabelText(widget, "resultHex"), hex);
    QCOMPARE(widget.findChild<mlsyslab::widgets::FloatClassBadge*>("resultClass")->text(),
             floatClass);
    const QString note = floatLabelText(widget, "resultNote");
    QVERIFY2(note.startsWith(noteStart), qPrintable(note));
}

void TestFpAddWidget::badInputGivesAMessage_data() {
    QTest::addColumn<QString>("fieldName");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("decimal comma")
        << "aField"
        << "2,5"
        << "'2,5' is not a decimal number: unexpected ',' at character 2";
    QTest::newRow("a word") << "bField"
                            << "half"
                            << "'half' is not a decimal number: expected digits, inf or nan";
    QTest::newRow("pattern too wide")
        << "aField"
        << "0x10000"
        << "'0x10000' does not fit in fp16's 16 bits (at most 0xFFFF)";
    QTest::newRow("not hex") << "bField"
                             << "0xZZ"
                             << "'0xZZ' is not a bit pattern: 'Z' is not a hex digit";
    QTest::newRow("empty") << "aField"
                           << ""
                           << "type a decimal like 2.5, inf or nan, or a pattern like 0x0400";
}

void TestFpAddWidget::badInputGivesAMessage() {
    QFETCH(QString, fieldName);
    QFETCH(QString, text);
    QFETCH(QString, message);
    FpAddWidget widget{FpAddState{}};
    widget.show();
    widget.setPosition(4);
    const FpAddState before = widget.state();
    QSignalSpy changed(&widget, &FpAddWidget::stateChanged);
    typeIntoField(field(widget, fieldName.toLatin1().constData()), text);
    const QString errorName = fieldName.left(1) + QStringLiteral("Error");
    QVERIFY(floatLabel(widget, errorName)->isVisible());
    QCOMPARE(floatLabelText(widget, errorName), message);
    QCOMPARE(changed.size(), 0);
    QVERIFY(widget.state() == before);
    QCOMPARE(field(widget, fieldName.toLatin1().constData())->text(), text);  // kept to fix
    QCOMPARE(widget.position(), 4);
    // A good value clears the message.
    typeIntoField(field(widget, fieldName.toLatin1().constData()), QStringLiteral("3"));
    QVERIFY(floatLabel(widget, errorName)->isHidden());
}

void TestFpAddWidget::hardwarePanelShowsTheEngineCounts() {
    FpAddWidget widget{stateOf("fp16", "2.5", "1.25", true)};
    widget.resize(kLessonWidth, 1400);
    widget.show();
    auto* panel = widget.findChild<FpAddHardwarePanel*>(QStringLiteral("hardwarePanel"));
    QVERIFY(panel != nullptr);
    for (const auto& format : {numeric::kFp16, numeric::kFp32}) {
        auto* selector = widget.findChild<QComboBox*>(QStringLiteral("formatSelector"));
        selector->setCurrentIndex(selector->findData(QString::fromUtf8(format.name.data())));
        const auto expected = logic::buildFloatAdderHardware(format);
        QVERIFY(expected.ok());
        auto* table = panel->findChild<QTableWidget*>(QStringLiteral("hardwareTable"));
        const int blocks = int(expected->blocks.size());
        QCOMPARE(table->rowCount(), blocks + 3);
        const auto cell = [&](int row, int column) { return table->item(row, column)->text(); };
        for (int row = 0; row < blocks; ++row) {
            const auto& block = expected->blocks[std::size_t(row)];
            QCOMPARE(cell(row, FpAddHardwarePanel::BlockColumn),
                     QString::fromStdString(block.name));
            QCOMPARE(cell(row, FpAddHardwarePanel::GatesColumn), QString::number(block.cost.gates));
            QVERIFY(cell(row, FpAddHardwarePanel::DepthColumn)
                        .contains(QString::number(block.cost.depth)));
        }
        QCOMPARE(cell(blocks, FpAddHardwarePanel::GatesColumn),
                 QString::number(expected->totalGates));
        QCOMPARE(cell(blocks, FpAddHardwarePanel::DepthColumn),
                 QString::number(expected->criticalPathDepth));
        QCOMPARE(cell(blocks + 1, FpAddHardwarePanel::GatesColumn),
                 QString::number(expected->integerRipple.cost.gates));
        QCOMPARE(cell(blocks + 1, FpAddHardwarePanel::DepthColumn),
                 QString::number(expected->integerRipple.cost.depth));
        QCOMPARE(cell(blocks + 2, FpAddHardwarePanel::GatesColumn),
                 QString::number(expected->integerLookahead.cost.gates));
        QCOMPARE(cell(blocks + 2, FpAddHardwarePanel::DepthColumn),
                 QString::number(expected->integerLookahead.cost.depth));
        QCOMPARE(expected->integerRipple.width, format.width());

        // One bar segment per block, then the integer adders; the bars add up to the same
        // numbers.
        for (const char* plotName : {"gatesPlot", "depthPlot"}) {
            auto* plot = panel->findChild<QCustomPlot*>(QLatin1String(plotName));
            QCOMPARE(plot->plottableCount(), blocks + 1);
            QCOMPARE(plot->plottable(0)->name(), QString::fromStdString(expected->blocks[0].name));
        }
        const auto barTotal = [&](const char* plotName, double key) {
            auto* plot = panel->findChild<QCustomPlot*>(QLatin1String(plotName));
            double total = 0;
            for (int index = 0; index < plot->plottableCount(); ++index) {
                auto* bars = qobject_cast<QCPBars*>(plot->plottable(index));
                for (auto point = bars->data()->constBegin(); point != bars->data()->constEnd();
                     ++point) {
                    if (point->key == key) total += point->value;
                }
            }
            return total;
        };
        QCOMPARE(barTotal("gatesPlot", FpAddHardwareChart::kFloatKey),
                 double(expected->totalGates));
        QCOMPARE(barTotal("depthPlot", FpAddHardwareChart::kFloatKey),
                 double(expected->criticalPathDepth));
        QCOMPARE(barTotal("gatesPlot", FpAddHardwareChart::kRippleKey),
                 double(expected->integerRipple.cost.gates));
        QCOMPARE(barTotal("depthPlot", FpAddHardwareChart::kLookaheadKey),
                 double(expected->integerLookahead.cost.depth));
        const QString summary = floatLabelText(*panel, "hardwareSummary");
        QVERIFY(summary.contains(QString::number(expected->totalGates)));
        QVERIFY(summary.contains(QString::number(expected->integerRipple.cost.gates)));
    }
}

void TestFpAddWidget::hardwarePanelIsOptional() {
    FpAddWidget widget{FpAddState{}};
    QVERIFY(widget.findChild<FpAddHardwarePanel*>() == nullptr);
}

void TestFpAddWidget::builtFromLessonYaml() {
    QWidget parent;
    QWidget* created = mlsyslab::testing::createView("fp-add", "format: fp32\na: 1\nb: 0x3F000000\nstep: align\nhardware: true\n",
        &parent);
    auto* widget = qobject_cast<FpAddWidget*>(created);
    QVERIFY(widget != nullptr);
    QCOMPARE(widget->state().format, numeric::kFp32);
    QCOMPARE(widget->state().a.bits, std::uint64_t{0x3F800000});
    QCOMPARE(widget->state().b.bits, std::uint64_t{0x3F000000});
    QCOMPARE(widget->trace().steps[std::size_t(widget->position())].stage, FloatAdderStage::Align);
    QVERIFY(widget->findChild<FpAddHardwarePanel*>() != nullptr);
    // A broken state (the validator has reported it) gives the seed's example, not a crash.
    auto* fallback = qobject_cast<FpAddWidget*>(mlsyslab::testing::createView("fp-add", "a: [unclosed\n", &parent));
    QVERIFY(fallback != nullptr);
    QVERIFY(fallback->state() == FpAddState{});
}

QTEST_MAIN(TestFpAddWidget)
#include "tst_fp_add_widget.moc"
