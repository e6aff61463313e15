#include <QSpinBox>
#include <QtTest>

#include "SimViewTestSupport.h"
#include "AdderWidgetTestSupport.h"
#include "common/SimWidgetRegistry.h"
#include "numeric/BitButton.h"

using namespace mlsyslab::testing;
using mlsyslab::logic::AdderKind;
using mlsyslab::logic::SimulationRun;
using mlsyslab::widgets::BitButton;

namespace {

QLineEdit* field(const QWidget& widget, const char* name) {
    return part<QLineEdit>(widget, QLatin1String(name));
}

BitButton* bit(const QWidget& widget, char operand, int index) {
    return part<BitButton>(widget, QStringLiteral("%1Bit%2").arg(QLatin1Char(operand)).arg(index));
}

}  // namespace

class TestAdderWidgetInputs : public QObject {
    Q_OBJECT

private slots:
    void clickingBitsChangesTheOperands();
    void anInputChangeRestartsFromTheSettledAdder();
    void typingNumbersChangesTheOperands_data();
    void typingNumbersChangesTheOperands();
    void badTypedInputGivesAMessage_data();
    void badTypedInputGivesAMessage();
    void flags_data();
    void flags();
    void subtractionIsAdditionOfTheComplement();
    void subtractToggle();
    void widthAndKindChangeTheCircuit();
    void width32Works();
    void createdFromTheRegistry();
};

void TestAdderWidgetInputs::clickingBitsChangesTheOperands() {
    auto widget = adderFrom("a: 5\nb: 3");
    QVERIFY(bit(*widget, 'a', 0)->isChecked());
    QVERIFY(!bit(*widget, 'a', 1)->isChecked());
    QVERIFY(bit(*widget, 'a', 2)->isChecked());
    QCOMPARE(widget->findChild<BitButton*>("aBit8"), nullptr);
    QTest::mouseClick(bit(*widget, 'a', 1), Qt::LeftButton);
    QCOMPARE(widget->state().a, std::uint64_t{7});
    QVERIFY(bit(*widget, 'a', 1)->isChecked());
    QCOMPARE(field(*widget, "aField")->text(), QStringLiteral("7"));
    QTest::mouseClick(bit(*widget, 'b', 7), Qt::LeftButton);
    QCOMPARE(widget->state().b, std::uint64_t{131});
    QCOMPARE(labelText(*widget, "bReadings"), QStringLiteral("unsigned 131 · 0x83\nsigned \u2212125"));
    // The new run starts at t = 0 and ends with the new sum.
    QCOMPARE(stepControls(*widget)->position(), 0);
    QCOMPARE(part<AdderReadouts>(*widget, "readouts")->data().settled.sum, std::uint64_t{138});
}

// The inputs change at t = 0 of an adder that had settled at the previous ones: changing B
// from 3 to 2 only disturbs bit 0 and what its old carry did.
void TestAdderWidgetInputs::anInputChangeRestartsFromTheSettledAdder() {
    auto widget = adderFrom("a: 5\nb: 3");
    QTest::mouseClick(bit(*widget, 'b', 0), Qt::LeftButton);
    const auto& adder = widget->circuit();
    const SimulationRun expected = mlsyslab::logic::simulateInputChange(
        adder.netlist, mlsyslab::logic::adderInputValues(adder, 5, 3, false),
        mlsyslab::logic::adderInputValues(adder, 5, 2, false));
    const SimulationRun& shown = widget->run();
    QCOMPARE(shown.settleTime, expected.settleTime);
    QCOMPARE(shown.events.size(), expected.events.size());
    for (std::size_t index = 0; index < expected.events.size(); ++index) {
        QCOMPARE(shown.events[index].time, expected.events[index].time);
        QCOMPARE(shown.events[index].signal, expected.events[index].signal);
        QCOMPARE(shown.events[index].value, expected.events[index].value);
    }
    // At t = 0 only b0 has changed; the old sum 8 is still on the wires.
    QCOMPARE(part<AdderReadouts>(*widget, "readouts")->data().shown.sum, std::uint64_t{8});
    QVERIFY(diagram(*widget)->shownAsChanged(adder.b[0]));
    QVERIFY(!diagram(*widget)->shownAsChanged(adder.a[0]));
}

void TestAdderWidgetInputs::typingNumbersChangesTheOperands_data() {
    QTest::addColumn<QString>("typed");
    QTest::addColumn<qulonglong>("bits");
    QTest::addColumn<QString>("kept");  // what the field shows afterwards
    QTest::newRow("decimal") << "42" << 42ULL << "42";
    QTest::newRow("negative, two's complement") << "-3" << 253ULL << "-3";
    QTest::newRow("minus sign") << "\u22123" << 253ULL << "\u22123";
    QTest::newRow("hex") << "0x2A" << 42ULL << "0x2A";
    QTest::newRow("binary") << "0b1000_0001" << 129ULL << "0b1000_0001";
    QTest::newRow("largest unsigned") << "255" << 255ULL << "255";
    QTest::newRow("smallest signed") << "-128" << 128ULL << "-128";
    QTest::newRow("spaces") << "  7 " << 7ULL << "  7 ";
}

void TestAdderWidgetInputs::typingNumbersChangesTheOperands() {
    QFETCH(QString, typed);
    QFETCH(qulonglong, bits);
    QFETCH(QString, kept);
    auto widget = adderFrom("a: 5\nb: 3");
    typeInto(field(*widget, "aField"), typed);
    QCOMPARE(qulonglong(widget->state().a), bits);
    QCOMPARE(field(*widget, "aField")->text(), kept);
    QVERIFY(part<QLabel>(*widget, "aError")->isHidden());
    for (int index = 0; index < 8; ++index) {
        QCOMPARE(bit(*widget, 'a', index)->isChecked(), ((bits >> index) & 1) != 0);
    }
    typeInto(field(*widget, "bField"), typed);
    QCOMPARE(qulonglong(widget->state().b), bits);
    QCOMPARE(part<AdderReadouts>(*widget, "readouts")->data().settled.sum,
             std::uint64_t((2 * bits) & 0xFF));
}

void TestAdderWidgetInputs::badTypedInputGivesAMessage_data() {
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("message");
    QTest::newRow("too big") << "256" << "A: 256 does not fit in 8 bits (\u2212128 to 255)";
    QTest::newRow("too small") << "-129" << "A: \u2212129 does not fit in 8 bits (\u2212128 to 255)";
    QTest::newRow("word") << "five" << "A: 'five' is not a decimal number: 'f' is not a digit 0-9";
    QTest::newRow("fraction")
        << "1.5" << "A: '1.5' is not a whole number: bit patterns hold integers only";
    QTest::newRow("empty") << "" << "A: type a number from \u2212128 to 255";
    QTest::newRow("hex too wide") << "0x100"
                                  << "A: '0x100' needs 9 bits, more than 8 bits hold (largest: 0xFF)";
    QTest::newRow("bad binary digit") << "0b102"
                                      << "A: '0b102' is not a binary number: '2' is not a binary "
                                         "digit (0 and 1)";
}

void TestAdderWidgetInputs::badTypedInputGivesAMessage() {
    QFETCH(QString, typed);
    QFETCH(QString, message);
    auto widget = adderFrom("a: 5\nb: 3");
    const int settle = widget->run().settleTime;
    typeInto(field(*widget, "aField"), typed);
    QLabel* error = part<QLabel>(*widget, "aError");
    QVERIFY(!error->isHidden());
    QCOMPARE(error->text(), message);
    // Nothing else changed, and the text stays for the student to fix.
    QCOMPARE(widget->state().a, std::uint64_t{5});
    QCOMPARE(field(*widget, "aField")->text(), typed);
    QCOMPARE(widget->run().settleTime, settle);
    typeInto(field(*widget, "aField"), QStringLiteral("6"));
    QVERIFY(error->isHidden());
    QCOMPARE(widget->state().a, std::uint64_t{6});
}

void TestAdderWidgetInputs::flags_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("sum");
    QTest::addColumn<QString>("values");
    QTest::addColumn<QString>("flags");
    QTest::newRow("127 + 1 overflows signed")
        << "a: 127\nb: 1" << "S = 1000 0000" << "= 128 unsigned · \u2212128 signed" << "cVzN";
    QTest::newRow("255 + 1 carries out to zero")
        << "a: 255\nb: 1" << "S = 0000 0000" << "= 0 unsigned · 0 signed" << "CvZn";
    QTest::newRow("-128 + -128 carries and overflows")
        << "adder: cla\na: -128\nb: -128" << "S = 0000 0000" << "= 0 unsigned · 0 signed"
        << "CVZn";
    QTest::newRow("5 - 3: no borrow, C set")
        << "a: 5\nb: 3\nsub: true" << "S = 0000 0010" << "= 2 unsigned · 2 signed" << "Cvzn";
    QTest::newRow("3 - 5: a borrow, C clear, negative")
        << "a: 3\nb: 5\nsub: true" << "S = 1111 1110" << "= 254 unsigned · \u22122 signed"
        << "cvzN";
    QTest::newRow("-128 - 1 overflows")
        << "adder: cla\na: -128\nb: 1\nsub: true" << "S = 0111 1111" << "= 127 unsigned · 127 signed"
        << "CVzn";
    QTest::newRow("7 - 7 is zero") << "width: 4\na: 7\nb: 7\nsub: true" << "S = 0000"
                                   << "= 0 unsigned · 0 signed" << "CvZn";
}

void TestAdderWidgetInputs::flags() {
    QFETCH(QString, yaml);
    QFETCH(QString, sum);
    QFETCH(QString, values);
    QFETCH(QString, flags);
    auto widget = adderFrom(yaml.toUtf8().constData());
    StepControls* steps = stepControls(*widget);
    steps->setPosition(steps->count() - 1);
    QCOMPARE(labelText(*widget, "sumBits"), sum);
    QCOMPARE(labelText(*widget, "sumValues"), values);
    QCOMPARE(litFlags(*widget), flags);
    const auto* overflowFlag = part<FlagBadge>(*widget, "flagV");
    QCOMPARE(overflowFlag->isAlarm(), true);
}

void TestAdderWidgetInputs::subtractionIsAdditionOfTheComplement() {
    auto widget = adderFrom("a: 5\nb: 3\nsub: true");
    const auto& adder = widget->circuit();
    QVERIFY(adder.subtractor);
    QVERIFY(part<QPushButton>(*widget, "subtractButton")->isHidden());
    QCOMPARE(labelText(*widget, "operationNote"), QStringLiteral("A \u2212 B = A + NOT B + 1"));
    QCOMPARE(labelText(*widget, "equation"),
             QStringLiteral("  0000 0101   A\n"
                            "+ 1111 1100   NOT B\n"
                            "+         1   + 1 (sub)\n"
                            "= 0000 0010   A \u2212 B"));
    // sub is the carry-in, and it is 1 on the diagram from t = 0.
    QCOMPARE(diagram(*widget)->shownValue(adder.carryIn), std::optional<bool>(true));
    QCOMPARE(diagram(*widget)->shownValue(adder.carries[0]), std::optional<bool>(true));
}

void TestAdderWidgetInputs::subtractToggle() {
    auto widget = adderFrom("a: 5\nb: 3\nsubtract_toggle: true");
    QVERIFY(!part<QPushButton>(*widget, "subtractButton")->isHidden());
    QVERIFY(part<QPushButton>(*widget, "addButton")->isChecked());
    QVERIFY(widget->circuit().subtractor);  // the same adder/subtractor both ways
    const int gates = int(widget->circuit().netlist.gates().size());
    click(*widget, "subtractButton");
    QVERIFY(widget->state().subtract);
    QCOMPARE(int(widget->circuit().netlist.gates().size()), gates);
    QCOMPARE(part<AdderReadouts>(*widget, "readouts")->data().settled.sum, std::uint64_t{2});
    QVERIFY(labelText(*widget, "equation").contains("NOT B"));
    click(*widget, "addButton");
    QCOMPARE(part<AdderReadouts>(*widget, "readouts")->data().settled.sum, std::uint64_t{8});
    QVERIFY(!labelText(*widget, "equation").contains("NOT B"));
}

void TestAdderWidgetInputs::widthAndKindChangeTheCircuit() {
    auto widget = adderFrom("a: 5\nb: 3");
    auto* width = part<QSpinBox>(*widget, "widthSelector");
    QCOMPARE(width->value(), 8);
    width->setValue(4);
    QCOMPARE(widget->circuit().width, 4);
    QCOMPARE(widget->state().a, std::uint64_t{5});
    QVERIFY(bit(*widget, 'a', 3) != nullptr);
    QCOMPARE(widget->findChild<BitButton*>("aBit4"), nullptr);
    width->setValue(2);
    // Operands keep their low bits: 5 = 101 becomes 01, 3 stays 11.
    QCOMPARE(widget->state().a, std::uint64_t{1});
    QCOMPARE(widget->state().b, std::uint64_t{3});
    click(*widget, "lookaheadButton");
    QCOMPARE(widget->circuit().kind, AdderKind::CarryLookahead);
    QCOMPARE(widget->circuit().width, 2);
    QCOMPARE(part<AdderReadouts>(*widget, "readouts")->data().settled.sum, std::uint64_t{0});
    QCOMPARE(litFlags(*widget).at(0), QChar('c'));  // still at t = 0
    stepControls(*widget)->setPosition(stepControls(*widget)->count() - 1);
    QCOMPARE(litFlags(*widget), QStringLiteral("CvZn"));
}

void TestAdderWidgetInputs::width32Works() {
    auto widget = adderFrom("width: 32\na: -1\nb: 1");
    QVERIFY(bit(*widget, 'a', 31)->isChecked());
    QVERIFY(bit(*widget, 'b', 0)->isChecked());
    QVERIFY(!bit(*widget, 'b', 31)->isChecked());
    // Bits wrap into two rows of 16 that still fit the widget.
    QVERIFY(bit(*widget, 'a', 16)->geometry().top() < bit(*widget, 'a', 15)->geometry().top());
    QVERIFY(bit(*widget, 'a', 31)->mapTo(widget.get(), QPoint(0, 0)).x() >= 0);
    QVERIFY(widget->minimumSizeHint().width() <= 1000);
    const auto& adder = widget->circuit();
    QCOMPARE(adder.width, 32);
    // The carry ripples through all 32 full adders, two gate delays each.
    QVERIFY(widget->run().settleTime >= 2 * 32);
    const int rippleWorstCase = adder.netlist.criticalPathDelay();
    StepControls* steps = stepControls(*widget);
    steps->setPosition(steps->count() - 1);
    QCOMPARE(labelText(*widget, "sumBits"),
             QStringLiteral("S = 0000 0000 0000 0000 0000 0000 0000 0000"));
    QCOMPARE(litFlags(*widget), QStringLiteral("CvZn"));
    // c1..c32 and s0..s31: the flags' lanes would not fit.
    QCOMPARE(int(timingPlot(*widget)->lanes().size()), 64);
    typeInto(field(*widget, "bField"), QStringLiteral("0x7FFFFFFF"));
    QCOMPARE(widget->state().b, std::uint64_t{0x7FFFFFFF});
    typeInto(field(*widget, "aField"), QStringLiteral("4294967296"));
    QCOMPARE(labelText(*widget, "aError"),
             QStringLiteral("A: 4294967296 does not fit in 32 bits (\u22122147483648 to "
                            "4294967295)"));
    click(*widget, "lookaheadButton");
    QCOMPARE(widget->circuit().width, 32);
    QVERIFY(widget->circuit().netlist.criticalPathDelay() < rippleWorstCase / 3);
}

void TestAdderWidgetInputs::createdFromTheRegistry() {
    mlsyslab::lesson::SimBlock block = mlsyslab::testing::simBlock("adder", "adder: cla\nwidth: 16\na: 1000\nb: 24\nstep: bits");
    QWidget parent;
    QWidget* created = mlsyslab::widgets::builtinSimWidgets().create(block, &parent);
    auto* widget = qobject_cast<AdderWidget*>(created);
    QVERIFY(widget != nullptr);
    QCOMPARE(widget->state().adder, AdderKind::CarryLookahead);
    QCOMPARE(widget->state().width, 16);
    QCOMPARE(widget->state().a, std::uint64_t{1000});
    QCOMPARE(widget->state().stepMode, AdderStepMode::Bits);
    QCOMPARE(stepControls(*widget)->count(), 17);
}

QTEST_MAIN(TestAdderWidgetInputs)
#include "tst_adder_widget_inputs.moc"
