#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QToolButton>
#include <QtTest>

#include "SimViewTestSupport.h"
#include "BitsWidgetTestSupport.h"
#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "numeric/FixedText.h"
#include "numeric/FixedWidget.h"

using mlsyslab::lesson::SimBlock;
using mlsyslab::lesson::kinds::FixedState;
using mlsyslab::numeric::BitPattern;
using mlsyslab::numeric::FixedFormat;
using mlsyslab::numeric::OverflowMode;
using mlsyslab::numeric::RoundingMode;
using mlsyslab::numeric::Signedness;
using mlsyslab::testing::bitButton;
using mlsyslab::testing::emitted;
using mlsyslab::testing::typeInto;
using mlsyslab::widgets::FixedWidget;
namespace widgets = mlsyslab::widgets;

namespace {

const QString kMinus = QStringLiteral("\u2212");

FixedState stateOf(int integerBits, int fractionBits, bool isSigned, const char* value) {
    FixedState state;
    state.format = {integerBits, fractionBits,
                    isSigned ? Signedness::Signed : Signedness::Unsigned};
    state.value = value;
    return state;
}

QString text(const QWidget& widget, const char* labelName) {
    const auto* label = widget.findChild<QLabel*>(labelName);
    return label != nullptr ? label->text() : QStringLiteral("(no %1)").arg(labelName);
}

QLineEdit* valueField(const QWidget& widget) { return widget.findChild<QLineEdit*>("valueField"); }
bool shown(const QWidget& widget, const char* labelName) {
    return !widget.findChild<QLabel*>(labelName)->isHidden();
}

// The bit boxes as a binary string, most significant first, as the student sees them.
QString boxes(const QWidget& widget, int width) {
    QString digits;
    for (int index = width - 1; index >= 0; --index) {
        QToolButton* button = bitButton(widget, index);
        digits += button == nullptr ? '?' : (button->isChecked() ? '1' : '0');
    }
    return digits;
}

void choose(QWidget& widget, const char* selectorName, int data) {
    auto* selector = widget.findChild<QComboBox*>(selectorName);
    selector->setCurrentIndex(selector->findData(data));
}

}  // namespace

class TestFixedWidget : public QObject {
    Q_OBJECT

private slots:
    void showsTheInitialState();
    void clickingBits_data();
    void clickingBits();
    void typingValues_data();
    void typingValues();
    void typingGarbageChangesNothing_data();
    void typingGarbageChangesNothing();
    void rulesEncodeTheValueAgain();
    void changingMAndN();
    void switchingToUnsigned();
    void wideFormatsWrapIntoRows();
    void createdFromLessonYaml();
    void presentationFontScalesTheBoxes();
    void numbersForTheScreen();
};

void TestFixedWidget::showsTheInitialState() {
    const FixedWidget widget(stateOf(3, 4, true, "-2.5625"));
    QCOMPARE(text(widget, "formatName"), QStringLiteral("Q3.4 \u00B7 8 bits"));
    QCOMPARE(boxes(widget, 8), QStringLiteral("11010111"));
    QCOMPARE(text(widget, "storedValue"), kMinus + "2.5625");
    QCOMPARE(text(widget, "errorValue"), QStringLiteral("0 (exact)"));
    QCOMPARE(text(widget, "rawValue"), kMinus + QStringLiteral("41 \u00D7 2⁻⁴"));
    QCOMPARE(text(widget, "resolutionValue"), QStringLiteral("0.0625 = 2⁻⁴"));
    QCOMPARE(text(widget, "rangeValue"), kMinus + "8 to 7.9375");
    QCOMPARE(text(widget, "placeValue7"), kMinus + "8");
    QCOMPARE(text(widget, "placeValue4"), QStringLiteral("1"));
    QCOMPARE(text(widget, "placeValue3"), QStringLiteral("½"));
    QCOMPARE(text(widget, "placeValue0"), QStringLiteral("2⁻⁴"));
    QVERIFY(widget.findChild<QWidget*>("binaryPoint") != nullptr);
    QCOMPARE(text(widget, "signCaption"), QStringLiteral("sign"));
    QCOMPARE(text(widget, "fractionCaption"), QStringLiteral("fraction"));
    QCOMPARE(valueField(widget)->text(), QStringLiteral("-2.5625"));
    QVERIFY(!shown(widget, "overflowNote"));
    QVERIFY(!shown(widget, "valueError"));
    QVERIFY(widget.findChild<QPushButton*>("signedButton")->isChecked());
    QVERIFY(!widget.findChild<QPushButton*>("unsignedButton")->isChecked());
}

void TestFixedWidget::clickingBits_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("stored");
    QTest::newRow("bit 0 is 1/16") << 0 << "0.0625";
    QTest::newRow("bit 3 is 1/2") << 3 << "0.5";
    QTest::newRow("bit 4 is 1") << 4 << "1";
    QTest::newRow("bit 6 is 4") << 6 << "4";
    QTest::newRow("the sign bit is -8") << 7 << kMinus + "8";
}

void TestFixedWidget::clickingBits() {
    QFETCH(int, index);
    QFETCH(QString, stored);
    FixedWidget widget(stateOf(3, 4, true, "0"));
    QSignalSpy spy(&widget, &FixedWidget::bitsChanged);
    QTest::mouseClick(bitButton(widget, index), Qt::LeftButton);
    QCOMPARE(widget.bits(), BitPattern(8, std::uint64_t{1} << index));
    QCOMPARE(text(widget, "storedValue"), stored);
    QCOMPARE(text(widget, "errorValue"), QStringLiteral("0 (exact)"));
    QCOMPARE(valueField(widget)->text(), widgets::engineText(stored));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(emitted(spy, 0), widget.bits());
    // Clicking again clears it.
    QTest::mouseClick(bitButton(widget, index), Qt::LeftButton);
    QCOMPARE(widget.bits(), BitPattern(8, 0));
    QCOMPARE(text(widget, "storedValue"), QStringLiteral("0"));
}

void TestFixedWidget::typingValues_data() {
    QTest::addColumn<QString>("typed");
    QTest::addColumn<int>("overflow");
    QTest::addColumn<QString>("bits");
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("note");  // part of the overflow note; empty: no note
    const int saturate = int(OverflowMode::Saturate);
    const int wrap = int(OverflowMode::Wrap);
    QTest::newRow("exact") << "0.75" << saturate << "00001100"
                           << "0.75"
                           << "0 (exact)"
                           << "";
    QTest::newRow("rounded") << "0.1" << saturate << "00000010"
                             << "0.125" << kMinus + "0.025"
                             << "";
    QTest::newRow("minus sign typed")
        << kMinus + "2.5625" << saturate << "11010111" << kMinus + "2.5625"
        << "0 (exact)"
        << "";
    QTest::newRow("above max, saturated") << "8" << saturate << "01111111"
                                          << "7.9375"
                                          << "0.0625"
                                          << "saturated to max (7.9375)";
    QTest::newRow("below min, saturated")
        << "-9" << saturate << "10000000" << kMinus + "8" << kMinus + "1"
        << "saturated to min (" + kMinus + "8)";
    QTest::newRow("above max, wrapped") << "8" << wrap << "10000000" << kMinus + "8"
                                        << "16"
                                        << "wrapped around: only the low 8 bits were kept";
    QTest::newRow("below min, wrapped") << "-9" << wrap << "01110000"
                                        << "7" << kMinus + "16"
                                        << "wrapped around";
}

void TestFixedWidget::typingValues() {
    QFETCH(QString, typed);
    QFETCH(int, overflow);
    QFETCH(QString, bits);
    QFETCH(QString, stored);
    QFETCH(QString, error);
    QFETCH(QString, note);
    FixedWidget widget(stateOf(3, 4, true, "0"));
    choose(widget, "overflowSelector", overflow);
    typeInto(valueField(widget), typed);
    QCOMPARE(boxes(widget, 8), bits);
    QCOMPARE(text(widget, "storedValue"), stored);
    QCOMPARE(text(widget, "errorValue"), error);
    QCOMPARE(valueField(widget)->text(), typed);  // what was asked for stays in view
    QCOMPARE(shown(widget, "overflowNote"), !note.isEmpty());
    if (!note.isEmpty()) {
        QVERIFY2(text(widget, "overflowNote").contains(note),
                 qPrintable(text(widget, "overflowNote")));
    }
    QVERIFY(!shown(widget, "valueError"));
}

void TestFixedWidget::typingGarbageChangesNothing_data() {
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("message");
    QTest::newRow("word") << "half"
                          << "'half' is not a decimal number: type a value like 0.75, -2.5 or 1e-3";
    QTest::newRow("two points") << "1.2.3"
                                << "'1.2.3' is not a decimal number: unexpected '.' at character 4";
    QTest::newRow("infinity") << "inf"
                              << "fixed point has no infinity: every format has a largest value";
    QTest::newRow("empty") << ""
                           << "no number: type a decimal such as 3.5, -0.1 or 1e-3";
}

void TestFixedWidget::typingGarbageChangesNothing() {
    QFETCH(QString, typed);
    QFETCH(QString, message);
    FixedWidget widget(stateOf(3, 4, true, "-2.5625"));
    QSignalSpy spy(&widget, &FixedWidget::bitsChanged);
    typeInto(valueField(widget), typed);
    QVERIFY(shown(widget, "valueError"));
    QCOMPARE(text(widget, "valueError"), message);
    QCOMPARE(valueField(widget)->text(), typed);
    QCOMPARE(boxes(widget, 8), QStringLiteral("11010111"));
    QCOMPARE(text(widget, "storedValue"), kMinus + "2.5625");
    QCOMPARE(spy.count(), 0);
    // A good value afterwards clears the error.
    typeInto(valueField(widget), "1");
    QVERIFY(!shown(widget, "valueError"));
    QCOMPARE(boxes(widget, 8), QStringLiteral("00010000"));
}

void TestFixedWidget::rulesEncodeTheValueAgain() {
    FixedWidget widget(stateOf(3, 4, true, "-0.1"));
    QCOMPARE(text(widget, "storedValue"), kMinus + "0.125");  // -1.6 rounds to -2 sixteenths
    choose(widget, "roundingSelector", int(RoundingMode::TowardZero));
    QCOMPARE(widget.rules().rounding, RoundingMode::TowardZero);
    QCOMPARE(text(widget, "storedValue"), kMinus + "0.0625");
    QCOMPARE(text(widget, "errorValue"), kMinus + "0.0375");
    choose(widget, "roundingSelector", int(RoundingMode::Up));
    QCOMPARE(text(widget, "storedValue"), kMinus + "0.0625");
    choose(widget, "roundingSelector", int(RoundingMode::Down));
    QCOMPARE(text(widget, "storedValue"), kMinus + "0.125");
    QCOMPARE(valueField(widget)->text(), QStringLiteral("-0.1"));
}

void TestFixedWidget::changingMAndN() {
    FixedWidget widget(stateOf(3, 4, true, "-2.5625"));
    auto* integerBits = widget.findChild<QSpinBox*>("integerBitsSpin");
    auto* fractionBits = widget.findChild<QSpinBox*>("fractionBitsSpin");
    QCOMPARE(integerBits->maximum(), 59);  // 1 + m + 4 <= 64
    integerBits->setValue(1);              // Q1.4: -2 to 1.9375
    QCOMPARE(widget.format(), (FixedFormat{1, 4, Signedness::Signed}));
    QCOMPARE(text(widget, "formatName"), QStringLiteral("Q1.4 \u00B7 6 bits"));
    QCOMPARE(boxes(widget, 6), QStringLiteral("100000"));
    QVERIFY(bitButton(widget, 6) == nullptr);
    QVERIFY(text(widget, "overflowNote").contains("saturated to min"));
    fractionBits->setValue(6);  // Q1.6 of the typed -2.5625 still saturates
    QCOMPARE(boxes(widget, 8), QStringLiteral("10000000"));
    QCOMPARE(text(widget, "placeValue0"), QStringLiteral("2⁻⁶"));
    QCOMPARE(integerBits->maximum(), 57);
    integerBits->setValue(4);  // Q4.6 holds it exactly: -164 = 1101011100 in 11 bits
    QCOMPARE(boxes(widget, 11), QStringLiteral("11101011100"));
    QCOMPARE(text(widget, "storedValue"), kMinus + "2.5625");
    QVERIFY(!shown(widget, "overflowNote"));
}

void TestFixedWidget::switchingToUnsigned() {
    FixedWidget widget(stateOf(0, 4, true, "0.5"));
    QTest::mouseClick(widget.findChild<QPushButton*>("unsignedButton"), Qt::LeftButton);
    QCOMPARE(widget.format(), (FixedFormat{0, 4, Signedness::Unsigned}));
    QCOMPARE(boxes(widget, 4), QStringLiteral("1000"));
    QCOMPARE(text(widget, "rangeValue"), QStringLiteral("0 to 0.9375"));
    // UQ0.n needs a fraction bit: n cannot go below 1.
    QCOMPARE(widget.findChild<QSpinBox*>("fractionBitsSpin")->minimum(), 1);
    typeInto(valueField(widget), "-0.5");
    QVERIFY(text(widget, "overflowNote").contains("saturated to min (0)"));
    QTest::mouseClick(widget.findChild<QPushButton*>("signedButton"), Qt::LeftButton);
    QCOMPARE(widget.format().signedness, Signedness::Signed);
    QCOMPARE(text(widget, "storedValue"), kMinus + "0.5");
}

void TestFixedWidget::wideFormatsWrapIntoRows() {
    FixedWidget widget(stateOf(0, 63, true, "0.1"));
    widget.resize(1000, 900);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QCOMPARE(widget.bits().bits(), 0x0CCCCCCCCCCCCCCDull);
    QCOMPARE(text(widget, "placeValue63"), kMinus + QStringLiteral("2⁰"));
    QCOMPARE(text(widget, "placeValue62"), QStringLiteral("½"));
    QCOMPARE(widget.findChildren<QLabel*>("fractionCaption").size(), 4);  // one per row
    // 16 a row: the top bit and bit 47 start rows, one above the other.
    QCOMPARE(bitButton(widget, 47)->x(), bitButton(widget, 31)->x());
    QVERIFY(bitButton(widget, 47)->y() > bitButton(widget, 62)->y());
    QVERIFY(text(widget, "storedValue").startsWith(QStringLiteral("0.100\u2009000")));
}

void TestFixedWidget::createdFromLessonYaml() {
    QWidget parent;
    QWidget* created = mlsyslab::testing::createView("fixed", "integer_bits: 4\nfraction_bits: 4\nsigned: false\nvalue: 16\noverflow: wrap\n",
        &parent);
    auto* widget = qobject_cast<FixedWidget*>(created);
    QVERIFY(widget != nullptr);
    QCOMPARE(widget->format(), (FixedFormat{4, 4, Signedness::Unsigned}));
    QCOMPARE(widget->bits(), BitPattern(8, 0));
    QCOMPARE(widget->rules().overflow, OverflowMode::Wrap);
    QCOMPARE(widget->findChild<QComboBox*>("overflowSelector")->currentData().toInt(),
             int(OverflowMode::Wrap));
    QVERIFY(text(*widget, "overflowNote").contains("wrapped"));
    QCOMPARE(valueField(*widget)->text(), QStringLiteral("16"));

    // Bad fields take their defaults (the validator has reported them already).
    auto* fallback = qobject_cast<FixedWidget*>(mlsyslab::testing::createView("fixed", "integer_bits: 99\nvalue: nope\n", &parent));
    QCOMPARE(fallback->format(), (FixedFormat{3, 4, Signedness::Signed}));
    QCOMPARE(fallback->bits(), BitPattern(8, 0));
    auto* broken = qobject_cast<FixedWidget*>(
        mlsyslab::testing::createView("fixed", "value: [", &parent));
    QCOMPARE(broken->format(), (FixedFormat{3, 4, Signedness::Signed}));
}

void TestFixedWidget::presentationFontScalesTheBoxes() {
    FixedWidget widget(stateOf(3, 4, true, "1"));
    const int deskSide = bitButton(widget, 0)->sizeHint().width();
    widget.setFont(widgets::fontFor(widgets::presentationStyle(), widget.font()));
    const int hallSide = bitButton(widget, 0)->sizeHint().width();
    QVERIFY2(hallSide > deskSide * 1.4,
             qPrintable(QStringLiteral("%1 -> %2").arg(deskSide).arg(hallSide)));
}

void TestFixedWidget::numbersForTheScreen() {
    QCOMPARE(widgets::displayedNumber("-2.5625"), kMinus + "2.5625");
    QCOMPARE(widgets::displayedNumber("0.000030517578125"),
             QStringLiteral("0.000\u2009030\u2009517\u2009578\u2009125"));
    QCOMPARE(widgets::displayedNumber("-9223372036854775808"),
             kMinus + QStringLiteral("9\u2009223\u2009372\u2009036\u2009854\u2009775\u2009808"));
    QCOMPARE(widgets::displayedNumber("1.5e-30"), QStringLiteral("1.5e-30"));
    QCOMPARE(widgets::engineText(kMinus + QStringLiteral("9\u2009223.5")),
             QStringLiteral("-9223.5"));
}

QTEST_MAIN(TestFixedWidget)
#include "tst_fixed_widget.moc"
