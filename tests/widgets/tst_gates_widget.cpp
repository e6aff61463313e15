#include <yaml-cpp/yaml.h>

#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QtTest>

#include "SimViewTestSupport.h"

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "common/StepControls.h"
#include "logic/lesson/GatesKind.h"
#include "logic/AdderCircuits.h"
#include "logic/CircuitView.h"
#include "logic/GatesWidget.h"
#include "logic/LogicColors.h"
#include "logic/TruthTableView.h"

using mlsyslab::lesson::SimBlock;
using mlsyslab::lesson::kinds::GatesState;
using mlsyslab::lesson::kinds::gatesKind;
using mlsyslab::widgets::CircuitView;
using mlsyslab::widgets::GatesWidget;
using mlsyslab::widgets::StepControls;
using mlsyslab::widgets::TruthTableView;
using mlsyslab::widgets::wireColor;
using mlsyslab::widgets::WireState;
namespace logic = mlsyslab::logic;

namespace {

GatesState stateOf(const char* yaml) {
    const auto reading = gatesKind().read(YAML::Load(yaml));
    if (!reading.problems.empty())
        qFatal("bad test state: %s", reading.problems[0].message.c_str());
    return reading.state;
}

// The widget shown at a size where the circuit and the table sit side by side, with the
// propagation played by hand (Step), not by a timer.
struct Shown {
    explicit Shown(const GatesState& state) : widget(state) {
        widget.setPlaysPropagation(false);
        widget.resize(1000, 500);
        widget.show();
        if (!QTest::qWaitForWindowExposed(&widget)) qFatal("the widget was not shown");
    }
    CircuitView* view() { return widget.findChild<CircuitView*>("circuitView"); }
    TruthTableView* table() { return widget.findChild<TruthTableView*>("truthTable"); }
    StepControls* controls() { return widget.findChild<StepControls*>("stepControls"); }
    QString label(const char* name) { return widget.findChild<QLabel*>(name)->text(); }

    // Clicks input switch `index` in the drawing, as a student does.
    void clickInput(int index) {
        CircuitView* circuit = view();
        const QPoint point = circuit->mapFromScene(circuit->inputSwitchCenter(index));
        QTest::mouseClick(circuit->viewport(), Qt::LeftButton, {}, point);
    }
    void clickRow(int row) {
        TruthTableView* truthTable = table();
        const QPoint point = truthTable->visualRect(truthTable->model()->index(row, 0)).center();
        QTest::mouseClick(truthTable->viewport(), Qt::LeftButton, {}, point);
    }
    void showSettled() {
        QTest::keyClick(controls(), Qt::Key_End);
        QCOMPARE(widget.position(), int(widget.run().snapshots.size()) - 1);
    }

    GatesWidget widget;
};

QString digit(bool value) { return value ? QStringLiteral("1") : QStringLiteral("0"); }

// Every wire, switch and lamp of the drawing shows these signal values, and exactly the
// `changed` wires have a halo.
void checkDrawingShows(CircuitView& view, const std::vector<bool>& values,
                       const std::vector<logic::SignalId>& changed) {
    const logic::Netlist& netlist = view.netlist();
    for (logic::SignalId signal = 0; signal < logic::SignalId(values.size()); ++signal) {
        const bool read =
            !netlist.fanout(signal).empty() ||
            std::any_of(netlist.outputs().begin(), netlist.outputs().end(),
                        [&](const logic::OutputPort& port) { return port.signal == signal; });
        if (!read) continue;  // a wire nobody reads is not drawn
        QCOMPARE(view.wireColorShown(signal), wireColor(bool(values[signal]), view.palette()));
        const bool halo = std::find(changed.begin(), changed.end(), signal) != changed.end();
        QCOMPARE(view.wireMarkedChanged(signal), halo);
    }
    for (std::size_t input = 0; input < netlist.inputs().size(); ++input) {
        QCOMPARE(view.inputSwitchText(int(input)), digit(values[netlist.inputs()[input]]));
    }
    for (std::size_t output = 0; output < netlist.outputs().size(); ++output) {
        QCOMPARE(view.outputLampText(int(output)), digit(values[netlist.outputs()[output].signal]));
    }
}

std::vector<bool> bitsOf(const QString& digits) {
    std::vector<bool> bits;
    for (const QChar character : digits) bits.push_back(character == QLatin1Char('1'));
    return bits;
}

}  // namespace

class TestGatesWidget : public QObject {
    Q_OBJECT

private slots:
    void clickingInputsFollowsTheTruthTable_data();
    void clickingInputsFollowsTheTruthTable();
    void clickingATableRowSetsTheInputs();
    void steppingShowsEverySnapshotOfTheFullAdder();
    void glitchIsCalledOut();
    void startsSettledAtItsValues();
    void aClickPlaysThePropagation();
    void criticalPathIsHighlighted();
    void paletteAndFontRestyleTheDrawing();
    void tableCanBeLeftOut();
    void createdFromLessonYaml();
};

void TestGatesWidget::clickingInputsFollowsTheTruthTable_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QList<int>>("clicks");  // input indexes, clicked one after the other
    // A Gray code walk visits every row of a two-input table.
    const QList<int> twoInputs = {1, 0, 1, 0};
    for (const char* kind : {"and", "or", "xor", "nand", "nor", "xnor"}) {
        QTest::addRow("%s", kind) << QStringLiteral("gate: %1").arg(kind) << twoInputs;
    }
    QTest::newRow("not") << "gate: not" << QList<int>{0, 0};
    QTest::newRow("buf") << "gate: buf" << QList<int>{0, 0};
    QTest::newRow("3-input xor") << "gate: xor\ninputs: 3" << QList<int>{2, 1, 2, 0, 2, 1, 2, 0};
    QTest::newRow("half adder") << "circuit: half-adder" << twoInputs;
    QTest::newRow("full adder") << "circuit: full-adder" << QList<int>{2, 1, 2, 0, 2, 1, 2, 0};
}

void TestGatesWidget::clickingInputsFollowsTheTruthTable() {
    QFETCH(QString, yaml);
    QFETCH(QList<int>, clicks);
    Shown shown(stateOf(qPrintable(yaml)));
    const logic::Netlist& netlist = shown.widget.netlist();
    const auto table = logic::deriveTruthTable(netlist);
    QVERIFY(table.ok());
    std::vector<bool> inputs(netlist.inputs().size(), false);
    for (const int input : clicks) {
        shown.clickInput(input);
        inputs[input] = !inputs[input];
        QCOMPARE(shown.widget.inputValues(), inputs);
        // The table row follows the inputs at once; the outputs once the circuit settles.
        const int row = table->rowOf(inputs);
        QCOMPARE(shown.table()->highlightedRow(), row);
        shown.showSettled();
        const std::vector<bool> settled = netlist.evaluate(inputs);
        checkDrawingShows(*shown.view(), settled, shown.widget.run().snapshots.back().changed);
        if (QTest::currentTestFailed()) return;
        for (std::size_t output = 0; output < netlist.outputs().size(); ++output) {
            QCOMPARE(shown.view()->outputLampText(int(output)), digit(table->outputs[row][output]));
            const int column = int(netlist.inputs().size() + output);
            QCOMPARE(shown.table()->item(row, column)->text(), digit(table->outputs[row][output]));
        }
    }
}

void TestGatesWidget::clickingATableRowSetsTheInputs() {
    Shown shown(stateOf("circuit: full-adder"));
    const logic::Netlist& netlist = shown.widget.netlist();
    for (const int row : {5, 7, 0, 3, 6}) {
        shown.clickRow(row);
        const std::vector<bool> inputs = shown.table()->table().inputsOfRow(row);
        QCOMPARE(shown.widget.inputValues(), inputs);
        QCOMPARE(shown.table()->highlightedRow(), row);
        QCOMPARE(shown.widget.position(), 0);  // the change has just happened
        shown.showSettled();
        checkDrawingShows(*shown.view(), netlist.evaluate(inputs),
                          shown.widget.run().snapshots.back().changed);
        if (QTest::currentTestFailed()) return;
    }
}

void TestGatesWidget::steppingShowsEverySnapshotOfTheFullAdder() {
    Shown shown(stateOf("circuit: full-adder"));
    // a and cin rise together: worked out by hand from the slide's gates (delay 1 each),
    // sum = (a XOR b) XOR cin first sees the old a XOR b and rises, then falls: a glitch.
    shown.clickRow(5);  // a b cin = 1 0 1
    const std::vector<bool> before(3, false);
    const std::vector<bool> after = bitsOf("101");
    const logic::SimulationRun expected =
        logic::simulateInputChange(shown.widget.netlist(), before, after);
    const QStringList events = {
        "t = 0: a \u2192 1, cin \u2192 1",
        "t = 1: xor1 \u2192 1, sum \u2192 1 (glitch)",
        "t = 2: sum \u2192 0 (glitch), and2 \u2192 1",
        "t = 3: cout \u2192 1. Settled.",
    };
    QCOMPARE(int(expected.snapshots.size()), events.size());
    QCOMPARE(shown.widget.run().snapshots.size(), expected.snapshots.size());
    auto* step = shown.controls()->findChild<QPushButton*>("stepButton");
    for (int time = 0; time < events.size(); ++time) {
        if (time > 0) QTest::mouseClick(step, Qt::LeftButton);
        QCOMPARE(shown.widget.position(), time);
        const logic::TimeSnapshot& snapshot = expected.snapshots[time];
        QCOMPARE(snapshot.time, time);
        checkDrawingShows(*shown.view(), snapshot.values, snapshot.changed);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(shown.label("eventsLabel"), events[time]);
        QCOMPARE(shown.controls()->findChild<QLabel*>("positionLabel")->text(),
                 QStringLiteral("t = %1 / 3").arg(time));
        // The table row is the new inputs' all along.
        QCOMPARE(shown.table()->highlightedRow(), 5);
    }
    QVERIFY(!step->isEnabled());
    QCOMPARE(shown.label("settleLabel"),
             QStringLiteral("Settles at t = 3 after 7 gate evaluations; no input change takes "
                            "longer than 3 (the critical path)."));
    QCOMPARE(shown.label("glitchLabel"),
             QStringLiteral("Glitch: sum goes 0 \u2192 1 \u2192 0 (at t = 1 and t = 2) before it "
                            "settles."));
    // The outputs at the end are the table's for the row.
    QCOMPARE(shown.view()->outputLampText(0), QStringLiteral("0"));
    QCOMPARE(shown.view()->outputLampText(1), QStringLiteral("1"));
    // Back walks the same snapshots backwards.
    auto* back = shown.controls()->findChild<QPushButton*>("backButton");
    for (int time = events.size() - 2; time >= 0; --time) {
        QTest::mouseClick(back, Qt::LeftButton);
        checkDrawingShows(*shown.view(), expected.snapshots[time].values,
                          expected.snapshots[time].changed);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(shown.label("eventsLabel"), events[time]);
    }
}

void TestGatesWidget::glitchIsCalledOut() {
    Shown shown(
        stateOf("inputs: [a]\n"
                "gates:\n"
                "  - {name: n, kind: not, inputs: [a]}\n"
                "  - {name: y, kind: and, inputs: [a, n]}\n"
                "outputs: [y]\n"));
    QVERIFY(shown.widget.findChild<QLabel*>("glitchLabel")->isHidden());
    shown.clickInput(0);  // a rises; NOT a falls one delay later: y pulses
    const QStringList events = {"t = 0: a \u2192 1", "t = 1: n \u2192 0, y \u2192 1 (glitch)",
                                "t = 2: y \u2192 0 (glitch). Settled."};
    const QStringList lamp = {"0", "1", "0"};
    for (int time = 0; time < events.size(); ++time) {
        shown.controls()->setPosition(time);
        QCOMPARE(shown.label("eventsLabel"), events[time]);
        QCOMPARE(shown.view()->outputLampText(0), lamp[time]);
    }
    QVERIFY(!shown.widget.findChild<QLabel*>("glitchLabel")->isHidden());
    QCOMPARE(shown.label("glitchLabel"),
             QStringLiteral("Glitch: y goes 0 \u2192 1 \u2192 0 (at t = 1 and t = 2) before it "
                            "settles."));
    // a falls: NOT a rises a delay later, but AND already sees a = 0: no pulse.
    shown.clickInput(0);
    QVERIFY(shown.widget.findChild<QLabel*>("glitchLabel")->isHidden());
    QVERIFY(shown.widget.run().glitches.empty());
}

void TestGatesWidget::startsSettledAtItsValues() {
    Shown shown(stateOf("circuit: full-adder\nvalues: {a: 1, b: 1}"));
    // At the last position, computed from all zeros: stepping back shows how it got there.
    QCOMPARE(shown.widget.position(), int(shown.widget.run().snapshots.size()) - 1);
    QVERIFY(shown.widget.position() > 0);
    checkDrawingShows(*shown.view(), shown.widget.netlist().evaluate(bitsOf("110")),
                      shown.widget.run().snapshots.back().changed);
    QCOMPARE(shown.table()->highlightedRow(), 6);
    QCOMPARE(shown.view()->outputLampText(0), QStringLiteral("0"));
    QCOMPARE(shown.view()->outputLampText(1), QStringLiteral("1"));

    // All inputs 0: nothing to propagate, one position, and a hint to click.
    Shown quiet(stateOf("gate: and"));
    QCOMPARE(quiet.widget.run().snapshots.size(), std::size_t(1));
    QCOMPARE(quiet.label("eventsLabel"),
             QStringLiteral(
                 "Click an input switch, or a row of the truth table, to change the inputs."));
    QVERIFY(quiet.widget.findChild<QLabel*>("settleLabel")->isHidden());
    // b rises with a at 0: the AND is evaluated, its output stays 0.
    quiet.clickInput(1);
    QVERIFY(!quiet.widget.findChild<QLabel*>("settleLabel")->isHidden());
    QCOMPARE(quiet.label("settleLabel"),
             QStringLiteral("Settles at t = 0 after 1 gate evaluation; no input change takes "
                            "longer than 1 (the critical path)."));
}

void TestGatesWidget::aClickPlaysThePropagation() {
    GatesWidget widget(stateOf("circuit: half-adder"));
    widget.resize(1000, 500);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    auto* view = widget.findChild<CircuitView*>("circuitView");
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      view->mapFromScene(view->inputSwitchCenter(0)));
    // It starts at t = 0, with the Run timer going; it stops by itself at the last position.
    QCOMPARE(widget.position(), 0);
    QVERIFY(widget.findChild<StepControls*>("stepControls")->isRunning());
}

void TestGatesWidget::criticalPathIsHighlighted() {
    Shown shown(stateOf("circuit: full-adder"));
    const logic::Netlist& netlist = shown.widget.netlist();
    const std::vector<logic::GateId> path = netlist.criticalPath();
    QCOMPARE(int(path.size()), 3);  // xor1, and2, or: the carry's path
    auto* box = shown.widget.findChild<QCheckBox*>("criticalPathBox");
    QVERIFY(!box->isChecked());
    for (logic::GateId gate = 0; gate < logic::GateId(netlist.gates().size()); ++gate) {
        QVERIFY(!shown.view()->gateOnHighlightedPath(gate));
    }
    box->click();
    for (logic::GateId gate = 0; gate < logic::GateId(netlist.gates().size()); ++gate) {
        const bool onPath = std::find(path.begin(), path.end(), gate) != path.end();
        QCOMPARE(shown.view()->gateOnHighlightedPath(gate), onPath);
    }
    // The wires between consecutive gates of the path, and from it to the carry-out lamp.
    QVERIFY(shown.view()->wireOnHighlightedPath(netlist.gates()[path[0]].output));
    QVERIFY(shown.view()->wireOnHighlightedPath(netlist.gates()[path[1]].output));
    QVERIFY(shown.view()->wireOnHighlightedPath(netlist.findSignal("cout")));
    QVERIFY(!shown.view()->wireOnHighlightedPath(netlist.findSignal("sum")));
    QVERIFY(!shown.view()->wireOnHighlightedPath(netlist.findSignal("and1")));
    box->click();
    QVERIFY(!shown.view()->gateOnHighlightedPath(path[0]));
    QVERIFY(!shown.view()->wireOnHighlightedPath(netlist.findSignal("cout")));

    // A lesson can open with it on; one gate has no path to show.
    Shown opened(stateOf("circuit: half-adder\ncritical_path: true"));
    QVERIFY(opened.widget.findChild<QCheckBox*>("criticalPathBox")->isChecked());
    QVERIFY(opened.view()->gateOnHighlightedPath(opened.widget.netlist().criticalPath()[0]));
    Shown single(stateOf("gate: or"));
    QVERIFY(single.widget.findChild<QCheckBox*>("criticalPathBox")->isHidden());
}

void TestGatesWidget::paletteAndFontRestyleTheDrawing() {
    Shown shown(stateOf("circuit: half-adder\nvalues: {a: 1}"));
    const logic::SignalId a = shown.widget.netlist().findSignal("a");
    const logic::SignalId carry = shown.widget.netlist().findSignal("carry");
    // A dark palette: the light shades of 0 and 1.
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::WindowText, Qt::white);
    dark.setColor(QPalette::Base, QColor(0x10, 0x10, 0x10));
    dark.setColor(QPalette::Text, Qt::white);
    shown.widget.setPalette(dark);
    QCOMPARE(shown.view()->wireColorShown(a), wireColor(true, dark));
    QCOMPARE(shown.view()->wireColorShown(carry), wireColor(false, dark));
    QVERIFY(wireColor(true, dark) != wireColor(true, QPalette()));
    // Presentation mode: its palette and a larger font make a larger drawing.
    const auto style = mlsyslab::widgets::presentationStyle();
    const QSizeF deskSize = shown.view()->sceneRect().size();
    shown.widget.setPalette(mlsyslab::widgets::paletteFor(style, shown.widget.palette()));
    shown.widget.setFont(mlsyslab::widgets::fontFor(style, shown.widget.font()));
    QVERIFY(shown.view()->sceneRect().width() > 1.4 * deskSize.width());
    QVERIFY(shown.view()->sceneRect().height() > 1.4 * deskSize.height());
    QCOMPARE(shown.view()->wireColorShown(a), wireColor(true, shown.view()->palette()));
    // The drawing still shows the same state.
    checkDrawingShows(*shown.view(), shown.widget.run().snapshots.back().values,
                      shown.widget.run().snapshots.back().changed);
}

void TestGatesWidget::tableCanBeLeftOut() {
    Shown shown(stateOf("circuit: full-adder\ntruth_table: false"));
    QVERIFY(shown.table() == nullptr);
    shown.clickInput(1);
    QCOMPARE(shown.widget.inputValues(), bitsOf("010"));
}

void TestGatesWidget::createdFromLessonYaml() {
    QWidget parent;
    QWidget* created = mlsyslab::testing::createView("gates", "gate: nor\ninputs: 3\nvalues: {b: 1}\n", &parent);
    auto* gates = qobject_cast<GatesWidget*>(created);
    QVERIFY(gates != nullptr);
    QCOMPARE(gates->netlist().gates().size(), std::size_t(1));
    QCOMPARE(gates->netlist().gates()[0].kind, logic::GateKind::Nor);
    QCOMPARE(gates->inputValues(), bitsOf("010"));
    // A state the validator would refuse still opens (the default AND gate), never crashes.
    QWidget* fallback = mlsyslab::testing::createView("gates", "gate: [unclosed\n", &parent);
    QVERIFY(qobject_cast<GatesWidget*>(fallback) != nullptr);
}

QTEST_MAIN(TestGatesWidget)
#include "tst_gates_widget.moc"
