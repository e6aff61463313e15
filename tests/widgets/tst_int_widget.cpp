#include <yaml-cpp/yaml.h>

#include <QApplication>
#include <QSignalSpy>
#include <QtTest>

#include "SimViewTestSupport.h"
#include "IntWidgetTestSupport.h"

using mlsyslab::lesson::SimBlock;
using namespace mlsyslab::testing;

Q_DECLARE_METATYPE(IntegerOperation)

class TestIntWidget : public QObject {
    Q_OBJECT

private slots:
    void seedCases_data();
    void seedCases();
    void stepsWalkRoundTheCircle_data();
    void stepsWalkRoundTheCircle();
    void stepPastTheSignedEdgeAndBack();
    void formatChangesCastTheOperands_data();
    void formatChangesCastTheOperands();
    void negateUsesNoB();
    void circleAgreesWithTheFlags_data();
    void circleAgreesWithTheFlags();
    void circleScalesWithTheFont();
    void createdFromLessonYaml_data();
    void createdFromLessonYaml();
};

void TestIntWidget::seedCases_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("isSigned");
    QTest::addColumn<QString>("a");
    QTest::addColumn<IntegerOperation>("operation");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("bits");  // as the column shows them
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("flags");  // lit in upper case
    QTest::addColumn<QString>("trueResult");
    const auto add = IntegerOperation::Add;
    QTest::newRow("int8 127 + 1 wraps to -128")
        << 8 << true << "127" << add << "1"
        << "1000 0000"
        << "-128"
        << "cVzN"
        << "127 + 1 = 128, which does not fit in 8 bits signed (-128 to 127): the register "
           "keeps 1000 0000 = -128.";
    QTest::newRow("uint8 255 + 1 wraps to 0")
        << 8 << false << "255" << add << "1"
        << "0000 0000"
        << "0"
        << "CvZn"
        << "255 + 1 = 256, which does not fit in 8 bits unsigned (0 to 255): the register keeps "
           "0000 0000 = 0.";
    QTest::newRow("int8 -(-128) is -128")
        << 8 << true << "-128" << IntegerOperation::Negate << ""
        << "1000 0000"
        << "-128"
        << "CVzN"
        << "0 - (-128) = 128, which does not fit in 8 bits signed (-128 to 127): the register "
           "keeps 1000 0000 = -128.";
    QTest::newRow("int8 5 + 3 = 8") << 8 << true << "5" << add << "3"
                                    << "0000 1000"
                                    << "8"
                                    << "cvzn"
                                    << "5 + 3 = 8, which fits in 8 bits signed (-128 to 127).";
    QTest::newRow("int4 7 + 1 wraps to -8")
        << 4 << true << "7" << add << "1"
        << "1000"
        << "-8"
        << "cVzN"
        << "7 + 1 = 8, which does not fit in 4 bits signed (-8 to 7): the register keeps "
           "1000 = -8.";
    QTest::newRow("uint4 3 - 5 borrows")
        << 4 << false << "3" << IntegerOperation::Subtract << "5"
        << "1110"
        << "14"
        << "CvzN"
        << "3 - 5 = -2, which does not fit in 4 bits unsigned (0 to 15): the register keeps "
           "1110 = 14.";
    QTest::newRow("int8 5 - (-3)") << 8 << true << "5" << IntegerOperation::Subtract << "-3"
                                   << "0000 1000"
                                   << "8"
                                   << "Cvzn"
                                   << "5 - (-3) = 8, which fits in 8 bits signed (-128 to 127).";
    QTest::newRow("int16 -32768 - 1")
        << 16 << true << "-32768" << IntegerOperation::Subtract << "1"
        << "0111 1111 1111 1111"
        << "32767"
        << "cVzn"
        << "(-32768) - 1 = -32769, which does not fit in 16 bits signed (-32768 to 32767): the "
           "register keeps 0111 1111 1111 1111 = 32767.";
    QTest::newRow("int8 16 x -8 fits") << 8 << true << "16" << IntegerOperation::Multiply << "-8"
                                       << "1000 0000"
                                       << "-128"
                                       << "cvzN"
                                       << "16 × (-8) = -128, which fits in 8 bits signed (-128 "
                                          "to 127).";
    QTest::newRow("int8 100 x 3 overflows")
        << 8 << true << "100" << IntegerOperation::Multiply << "3"
        << "0010 1100"
        << "44"
        << "CVzn"
        << "100 × 3 = 300, which does not fit in 8 bits signed (-128 to 127): the register "
           "keeps 0010 1100 = 44.";
    QTest::newRow("int32 max + 1, hex in the sentence")
        << 32 << true << "2147483647" << add << "1"
        << "1000 0000 0000 0000 0000 0000 0000 0000"
        << "-2147483648"
        << "cVzN"
        << "2147483647 + 1 = 2147483648, which does not fit in 32 bits signed (-2147483648 to "
           "2147483647): the register keeps 0x80000000 = -2147483648.";
    QTest::newRow("uint64 0 - 1, two lines of bits")
        << 64 << false << "0" << IntegerOperation::Subtract << "1"
        << "1111 1111 1111 1111 1111 1111 1111 1111\n1111 1111 1111 1111 1111 1111 1111 1111"
        << "18446744073709551615"
        << "CvzN"
        << "0 - 1 = -1, which does not fit in 64 bits unsigned (0 to 18446744073709551615): the "
           "register keeps 0xFFFFFFFFFFFFFFFF = 18446744073709551615.";
}

// Each seed case typed and clicked in, as a student would: the column, the sentence, the flags
// and the circle all tell the same story.
void TestIntWidget::seedCases() {
    QFETCH(int, width);
    QFETCH(bool, isSigned);
    QFETCH(QString, a);
    QFETCH(IntegerOperation, operation);
    QFETCH(QString, b);
    QFETCH(QString, bits);
    QFETCH(QString, value);
    QFETCH(QString, flags);
    QFETCH(QString, trueResult);
    IntWidget widget{IntState{}};
    enterOperation(widget, width, isSigned, a, operation, b);

    QCOMPARE(widget.state().format.width, width);
    QCOMPARE(widget.state().format.isSigned(), isSigned);
    QCOMPARE(widget.state().operation, operation);
    QCOMPARE(intLabel(widget, "resultBits")->text(), bits);
    QCOMPARE(intLabel(widget, "resultValue")->text(), shown(value));
    QCOMPARE(litFlags(widget), flags);
    QCOMPARE(intLabel(widget, "trueResult")->text(), shown(trueResult));
    QCOMPARE(intField(widget, "aField")->text(), shown(a));
    QVERIFY(intLabel(widget, "aError")->isHidden());
    QVERIFY(intLabel(widget, "bError")->isHidden());
    // The overflow of the chosen reading is the flag in the error colour.
    QCOMPARE(flag(widget, 'V')->isAlarm(), isSigned);
    QCOMPARE(flag(widget, 'C')->isAlarm(), !isSigned);

    const NumberCircle* circle = widget.findChild<NumberCircle*>("numberCircle");
    QVERIFY(circle != nullptr);
    QCOMPARE(circle, widget.numberCircle());
    QCOMPARE(circle->contents().result, widget.result().bits);
    QCOMPARE(circle->contents().a, widget.state().a);
    if (operation != IntegerOperation::Multiply) {
        const bool overflowFlag = isSigned ? flags.contains('V') : flags.contains('C');
        QCOMPARE(circle->walkCrossesBoundary(), overflowFlag);
        QCOMPARE(circle->contents().walk->to(), widget.result().bits);
    } else {
        QVERIFY(!circle->contents().walk.has_value());
    }
}

void TestIntWidget::stepsWalkRoundTheCircle_data() {
    QTest::addColumn<bool>("isSigned");
    QTest::addColumn<QStringList>("values");  // A after each click on A + 1, from 0
    QTest::newRow("int4") << true << QStringList{"1",  "2",  "3",  "4",  "5",  "6",  "7",  "-8",
                                                 "-7", "-6", "-5", "-4", "-3", "-2", "-1", "0"};
    QTest::newRow("uint4") << false << QStringList{"1", "2",  "3",  "4",  "5",  "6",  "7",  "8",
                                                   "9", "10", "11", "12", "13", "14", "15", "0"};
}

// Sixteen clicks on A + 1 at 4 bits go once round the circle; every stop is checked, then
// A − 1 walks all the way back.
void TestIntWidget::stepsWalkRoundTheCircle() {
    QFETCH(bool, isSigned);
    QFETCH(QStringList, values);
    IntState start;
    start.format = {4, isSigned ? Signedness::Signed : Signedness::Unsigned};
    start.a = BitPattern(4, 0);
    start.b = BitPattern(4, 0);
    IntWidget widget(start);
    QSignalSpy spy(&widget, &IntWidget::stateChanged);
    for (int step = 0; step < values.size(); ++step) {
        QTest::mouseClick(intButton(widget, "incrementButton"), Qt::LeftButton);
        QCOMPARE(intField(widget, "aField")->text(), shown(values[step]));
        QCOMPARE(widget.state().a, BitPattern(4, std::uint64_t(step + 1)));
        QCOMPARE(widget.numberCircle()->contents().a, widget.state().a);
        QCOMPARE(intLabel(widget, "topValue")->text(), shown(values[step]));
    }
    QCOMPARE(spy.count(), values.size());
    for (int step = int(values.size()) - 2; step >= 0; --step) {
        QTest::mouseClick(intButton(widget, "decrementButton"), Qt::LeftButton);
        QCOMPARE(intField(widget, "aField")->text(), shown(values[step]));
    }
    QTest::mouseClick(intButton(widget, "decrementButton"), Qt::LeftButton);
    QCOMPARE(widget.state().a, BitPattern(4, 0));
}

void TestIntWidget::stepPastTheSignedEdgeAndBack() {
    IntWidget widget{IntState{}};
    typeInto(intField(widget, "aField"), "126");
    QTest::mouseClick(intButton(widget, "incrementButton"), Qt::LeftButton);
    QCOMPARE(intField(widget, "aField")->text(), QStringLiteral("127"));
    QCOMPARE(litFlags(widget), QStringLiteral("cVzN"));  // 127 + 1 overflows
    QTest::mouseClick(intButton(widget, "incrementButton"), Qt::LeftButton);
    QCOMPARE(intField(widget, "aField")->text(), shown("-128"));
    QCOMPARE(intLabel(widget, "topBits")->text(), QStringLiteral("1000 0000"));
    QCOMPARE(intLabel(widget, "resultValue")->text(), shown("-127"));
    QCOMPARE(litFlags(widget), QStringLiteral("cvzN"));
    QVERIFY(!widget.numberCircle()->walkCrossesBoundary());
    QTest::mouseClick(intButton(widget, "decrementButton"), Qt::LeftButton);
    QCOMPARE(intField(widget, "aField")->text(), QStringLiteral("127"));
    QVERIFY(widget.numberCircle()->walkCrossesBoundary());
}

void TestIntWidget::formatChangesCastTheOperands_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<int>("newWidth");  // 0: switch the reading instead
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::newRow("wider keeps the values") << "a: 100\nb: -3" << 16 << "100"
                                            << "-3";
    QTest::newRow("narrower keeps what fits, wraps the rest") << "a: 100\nb: -3" << 4 << "4"
                                                              << "-3";
    QTest::newRow("16 to 8 bits: 300 wraps to 44") << "width: 16\na: 300\nb: -200" << 8 << "44"
                                                   << "56";
    QTest::newRow("unsigned 255 to 64 bits stays 255")
        << "signed: false\na: 255\nb: 128" << 64 << "255"
        << "128";
    QTest::newRow("signed to unsigned keeps the bits") << "a: -1\nb: 5" << 0 << "255"
                                                       << "5";
    QTest::newRow("unsigned to signed keeps the bits")
        << "signed: false\na: 200\nb: 127" << 0 << "-56"
        << "127";
}

void TestIntWidget::formatChangesCastTheOperands() {
    QFETCH(QString, yaml);
    QFETCH(int, newWidth);
    QFETCH(QString, a);
    QFETCH(QString, b);
    IntWidget widget(mlsyslab::lesson::kinds::intKind().read(YAML::Load(yaml.toStdString())).state);
    if (newWidth != 0) {
        chooseInCombo(widget, "widthSelector", newWidth);
        QCOMPARE(widget.state().format.width, newWidth);
    } else {
        const bool wasSigned = widget.state().format.isSigned();
        QTest::mouseClick(intButton(widget, wasSigned ? "unsignedButton" : "signedButton"),
                          Qt::LeftButton);
        QCOMPARE(widget.state().format.isSigned(), !wasSigned);
        QVERIFY(intButton(widget, "signedButton")->isChecked() == !wasSigned);
        QVERIFY(intButton(widget, "unsignedButton")->isChecked() == wasSigned);
    }
    QCOMPARE(intField(widget, "aField")->text(), shown(a));
    QCOMPARE(intField(widget, "bField")->text(), shown(b));
    QCOMPARE(intLabel(widget, "topValue")->text(), shown(a));
    QCOMPARE(widget.numberCircle()->contents().format.width, widget.state().format.width);
}

void TestIntWidget::negateUsesNoB() {
    IntWidget widget{IntState{}};
    typeInto(intField(widget, "aField"), "5");
    chooseInCombo(widget, "operationSelector", static_cast<int>(IntegerOperation::Negate));
    QVERIFY(!intField(widget, "bField")->isEnabled());
    // Written as NEG computes it: 0 − A.
    QCOMPARE(intLabel(widget, "topBits")->text(), QStringLiteral("0000 0000"));
    QCOMPARE(intLabel(widget, "bottomBits")->text(), QStringLiteral("0000 0101"));
    QCOMPARE(intLabel(widget, "resultValue")->text(), shown("-5"));
    QCOMPARE(widget.numberCircle()->contents().walk->from, BitPattern(8, 0));
    chooseInCombo(widget, "operationSelector", static_cast<int>(IntegerOperation::Add));
    QVERIFY(intField(widget, "bField")->isEnabled());
    QCOMPARE(intLabel(widget, "resultValue")->text(), QStringLiteral("6"));
}

void TestIntWidget::circleAgreesWithTheFlags_data() {
    QTest::addColumn<bool>("isSigned");
    QTest::newRow("int4") << true;
    QTest::newRow("uint4") << false;
}

// Every add, sub and neg at 4 bits: the walk drawn on the circle crosses the boundary exactly
// when the reading's overflow flag is lit (V signed, C unsigned), and ends on the result.
void TestIntWidget::circleAgreesWithTheFlags() {
    QFETCH(bool, isSigned);
    IntWidget widget{IntState{}};
    for (const auto operation :
         {IntegerOperation::Add, IntegerOperation::Subtract, IntegerOperation::Negate}) {
        for (std::uint64_t a = 0; a < 16; ++a) {
            for (std::uint64_t b = 0; b < 16; ++b) {
                IntState state;
                state.format = {4, isSigned ? Signedness::Signed : Signedness::Unsigned};
                state.operation = operation;
                state.a = BitPattern(4, a);
                state.b = BitPattern(4, b);
                widget.setState(state);
                const QString where =
                    QStringLiteral("%1 op%2 %3").arg(a).arg(int(operation)).arg(b);
                const bool overflowFlag =
                    isSigned ? flag(widget, 'V')->isLit() : flag(widget, 'C')->isLit();
                QVERIFY2(widget.numberCircle()->walkCrossesBoundary() == overflowFlag,
                         qPrintable(where));
                QVERIFY2(widget.numberCircle()->contents().walk->to() == widget.result().bits,
                         qPrintable(where));
            }
        }
    }
}

void TestIntWidget::circleScalesWithTheFont() {
    IntWidget widget{IntState{}};
    const NumberCircle* circle = widget.numberCircle();
    const QSize deskMinimum = circle->minimumSizeHint();
    QVERIFY(deskMinimum.width() >= 200);
    QCOMPARE(deskMinimum.width(), deskMinimum.height());
    QFont larger = widget.font();
    larger.setPointSizeF(larger.pointSizeF() * 1.6);
    widget.setFont(larger);
    QVERIFY(circle->minimumSizeHint().width() > deskMinimum.width() * 1.4);
    // It draws at 1000 x 520 without complaint, in the desk and the presentation size.
    widget.resize(1000, 520);
    QVERIFY(!widget.grab().isNull());
}

void TestIntWidget::createdFromLessonYaml_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("resultValue");
    QTest::addColumn<QString>("flags");
    QTest::newRow("4-bit wrap") << "width: 4\nsigned: true\na: 7\nb: 1\n"
                                << "-8"
                                << "cVzN";
    QTest::newRow("empty: 0 + 1") << ""
                                  << "1"
                                  << "cvzn";
    QTest::newRow("bad a: default 0") << "a: 300"
                                      << "1"
                                      << "cvzn";
    QTest::newRow("broken YAML: defaults") << "a: [1\nb: 2"
                                           << "1"
                                           << "cvzn";
}

void TestIntWidget::createdFromLessonYaml() {
    QFETCH(QString, yaml);
    QFETCH(QString, resultValue);
    QFETCH(QString, flags);
    QWidget parent;
    auto* widget = qobject_cast<IntWidget*>(
        mlsyslab::testing::createView("int", yaml.toStdString(), &parent));
    QVERIFY(widget != nullptr);
    QCOMPARE(widget->parent(), &parent);
    QCOMPARE(intLabel(*widget, "resultValue")->text(), shown(resultValue));
    QCOMPARE(litFlags(*widget), flags);
    QCOMPARE(widget->numberCircle()->walkCrossesBoundary(), flags.contains('V'));
}

QTEST_MAIN(TestIntWidget)
#include "tst_int_widget.moc"
