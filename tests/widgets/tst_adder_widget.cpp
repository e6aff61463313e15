#include <QtTest>

#include "AdderWidgetTestSupport.h"
#include "logic/AdderSteps.h"

using namespace mlsyslab::testing;
using mlsyslab::logic::AdderCircuit;
using mlsyslab::logic::AdderKind;
using mlsyslab::logic::SignalId;
using mlsyslab::logic::SimulationRun;

namespace {

// Every wire the diagram draws: inputs, carries, sums and the flags.
std::vector<SignalId> drawnSignals(const AdderCircuit& adder) {
    std::vector<SignalId> wires(adder.a.begin(), adder.a.end());
    wires.insert(wires.end(), adder.b.begin(), adder.b.end());
    wires.insert(wires.end(), adder.carries.begin(), adder.carries.end());
    wires.insert(wires.end(), adder.sum.begin(), adder.sum.end());
    wires.push_back(adder.overflow);
    wires.push_back(adder.zero);
    return wires;
}

// The run the widget should show, computed here from the engine alone.
SimulationRun expectedRun(const AdderCircuit& adder, std::uint64_t a, std::uint64_t b,
                          bool carryIn) {
    return mlsyslab::logic::simulateFromZero(
        adder.netlist, mlsyslab::logic::adderInputValues(adder, a, b, carryIn));
}

// Checks that the diagram, the timing cursor and the sum show snapshot `time` of `run`.
void verifyShows(const AdderWidget& widget, const SimulationRun& run, int time) {
    const AdderCircuit& adder = widget.circuit();
    const auto& snapshot = run.snapshots[time];
    QCOMPARE(widget.shownTime(), time);
    QCOMPARE(timingPlot(widget)->shownTime(), time);
    for (const SignalId signal : drawnSignals(adder)) {
        const QByteArray name = QByteArray::fromStdString(adder.netlist.allSignals()[signal].name);
        QVERIFY2(diagram(widget)->shownValue(signal) == std::optional<bool>(snapshot.values[signal]),
                 name + " at t = " + QByteArray::number(time));
        const bool changed = std::binary_search(snapshot.changed.begin(), snapshot.changed.end(),
                                                signal);
        QVERIFY2(diagram(widget)->shownAsChanged(signal) == changed,
                 name + " halo at t = " + QByteArray::number(time));
    }
    const auto outcome = mlsyslab::logic::readAdderOutcome(adder, snapshot.values);
    QCOMPARE(part<AdderReadouts>(widget, "readouts")->data().shown.sum, outcome.sum);
}

}  // namespace

class TestAdderWidget : public QObject {
    Q_OBJECT

private slots:
    void fivePlusThreeStepsThroughEverySnapshot();
    void fivePlusThreeBitByBit();
    void switchingModesKeepsTheMoment();
    void everyKindAndWidthShowsTheEngineRun_data();
    void everyKindAndWidthShowsTheEngineRun();
    void timingDiagramHoldsTheEventTimes_data();
    void timingDiagramHoldsTheEventTimes();
    void clickingTheTimingDiagramShowsThatTime();
    void criticalPathIsHighlightedOnDemand_data();
    void criticalPathIsHighlightedOnDemand();
    void lookaheadSettlesSoonerThanRipple();
    void blocksCoverEveryGate_data();
    void blocksCoverEveryGate();
};

// Seed 001: 5 + 3 = 8 through an 8-bit chain of full adders, from all zeros. Full adder i has
// XOR, XOR (sum) and AND, AND, OR (carry), one time unit each: the carry reaches bit k + 1 two
// units after bit k, s1 and s2 glitch (1, then 0 when the carry arrives) and s3 settles at 7;
// the zero flag's NOR and AND follow at 8 and 9.
void TestAdderWidget::fivePlusThreeStepsThroughEverySnapshot() {
    auto widget = adderFrom("adder: ripple\nwidth: 8\na: 5\nb: 3");
    const SimulationRun run = expectedRun(widget->circuit(), 5, 3, false);
    QCOMPARE(run.settleTime, 9);
    QCOMPARE(widget->run().settleTime, 9);
    QCOMPARE(stepControls(*widget)->count(), 10);
    for (int time = 0; time <= 9; ++time) {
        stepControls(*widget)->setPosition(time);
        QCOMPARE(positionLabel(*widget), QStringLiteral("t = %1 of 9").arg(time));
        verifyShows(*widget, run, time);
    }
    // Seen by hand in the lecture: the carry into bit 3 at t = 6, the sum at t = 7.
    const AdderCircuit& adder = widget->circuit();
    stepControls(*widget)->setPosition(6);
    QCOMPARE(diagram(*widget)->shownValue(adder.carries[3]), std::optional<bool>(true));
    QCOMPARE(diagram(*widget)->shownValue(adder.sum[3]), std::optional<bool>(false));
    QVERIFY(diagram(*widget)->shownAsChanged(adder.carries[3]));
    QVERIFY(labelText(*widget, "settledNote").startsWith("Not settled yet at t = 6"));
    stepControls(*widget)->setPosition(7);
    QCOMPARE(diagram(*widget)->shownValue(adder.sum[3]), std::optional<bool>(true));
    QVERIFY(labelText(*widget, "settledNote").startsWith("Not settled yet at t = 7"));
    stepControls(*widget)->setPosition(9);
    QCOMPARE(labelText(*widget, "sumBits"), QStringLiteral("S = 0000 1000"));
    QCOMPARE(labelText(*widget, "sumValues"), QStringLiteral("= 8 unsigned · 8 signed"));
    QCOMPARE(litFlags(*widget), QStringLiteral("cvzn"));
    QVERIFY(labelText(*widget, "settledNote").startsWith("Settled"));
}

void TestAdderWidget::fivePlusThreeBitByBit() {
    auto widget = adderFrom("width: 8\na: 5\nb: 3\nstep: bits");
    QVERIFY(part<QPushButton>(*widget, "bitModeButton")->isChecked());
    const SimulationRun run = expectedRun(widget->circuit(), 5, 3, false);
    // t = 0, then bit 0 at 2, bit 1 at 4, bit 2 at 6, bit 3 at 7; bits 4..7 never change.
    const std::vector<int> times{0, 2, 4, 6, 7, 7, 7, 7, 7};
    QCOMPARE(mlsyslab::widgets::bitStepTimes(widget->circuit(), run), times);
    QCOMPARE(stepControls(*widget)->count(), 9);
    QCOMPARE(positionLabel(*widget), QStringLiteral("t = 0: new inputs"));
    const auto settled = mlsyslab::logic::readAdderOutcome(widget->circuit(), run.finalValues());
    for (int position = 0; position < 9; ++position) {
        if (position > 0) stepControls(*widget)->stepForward();
        QCOMPARE(stepControls(*widget)->position(), position);
        verifyShows(*widget, run, times[position]);
        if (position == 0) continue;
        QCOMPARE(positionLabel(*widget),
                 QStringLiteral("bit %1 settled · t = %2").arg(position - 1).arg(times[position]));
        // Bits 0 .. position-1 of the sum already hold their final values.
        const std::uint64_t low = (std::uint64_t{1} << position) - 1;
        QCOMPARE(part<AdderReadouts>(*widget, "readouts")->data().shown.sum & low,
                 settled.sum & low);
    }
}

void TestAdderWidget::switchingModesKeepsTheMoment() {
    auto widget = adderFrom("width: 8\na: 5\nb: 3");
    stepControls(*widget)->setPosition(5);
    click(*widget, "bitModeButton");
    // The last bit step not after t = 5 is bit 1's, at t = 4.
    QCOMPARE(widget->state().stepMode, AdderStepMode::Bits);
    QCOMPARE(stepControls(*widget)->position(), 2);
    QCOMPARE(widget->shownTime(), 4);
    click(*widget, "timeModeButton");
    QCOMPARE(widget->state().stepMode, AdderStepMode::Time);
    QCOMPARE(stepControls(*widget)->position(), 4);
    QCOMPARE(widget->shownTime(), 4);
}

void TestAdderWidget::everyKindAndWidthShowsTheEngineRun_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<qulonglong>("a");
    QTest::addColumn<qulonglong>("b");
    QTest::addColumn<bool>("carryIn");
    QTest::newRow("ripple 1 bit") << "width: 1\na: 1\nb: 1" << 1ULL << 1ULL << false;
    QTest::newRow("ripple 4, carry through") << "width: 4\na: 15\nb: 1" << 15ULL << 1ULL << false;
    QTest::newRow("cla 8") << "adder: cla\na: 5\nb: 3" << 5ULL << 3ULL << false;
    QTest::newRow("cla 5, a lone bit group") << "adder: cla\nwidth: 5\na: 31\nb: 1" << 31ULL << 1ULL
                                            << false;
    QTest::newRow("cla 16") << "adder: cla\nwidth: 16\na: 1000\nb: 24" << 1000ULL << 24ULL << false;
    QTest::newRow("cla 32 subtract")
        << "adder: cla\nwidth: 32\na: 7\nb: 9\nsub: true" << 7ULL << 9ULL << true;
    QTest::newRow("ripple 12 subtract toggle")
        << "width: 12\na: 100\nb: 28\nsubtract_toggle: true\nsub: true" << 100ULL << 28ULL << true;
}

void TestAdderWidget::everyKindAndWidthShowsTheEngineRun() {
    QFETCH(QString, yaml);
    QFETCH(qulonglong, a);
    QFETCH(qulonglong, b);
    QFETCH(bool, carryIn);
    auto widget = adderFrom(yaml.toUtf8().constData());
    const SimulationRun run = expectedRun(widget->circuit(), a, b, carryIn);
    QCOMPARE(stepControls(*widget)->count(), run.settleTime + 1);
    for (int time = 0; time <= run.settleTime; ++time) {
        stepControls(*widget)->setPosition(time);
        verifyShows(*widget, run, time);
    }
}

void TestAdderWidget::timingDiagramHoldsTheEventTimes_data() {
    QTest::addColumn<QString>("yaml");
    QTest::newRow("ripple 8: 5 + 3") << "a: 5\nb: 3";
    QTest::newRow("ripple 8: 255 + 1") << "a: 255\nb: 1";
    QTest::newRow("cla 16") << "adder: cla\nwidth: 16\na: 65535\nb: 1";
    QTest::newRow("ripple 4 subtract") << "width: 4\na: 3\nb: 5\nsub: true";
}

void TestAdderWidget::timingDiagramHoldsTheEventTimes() {
    QFETCH(QString, yaml);
    auto widget = adderFrom(yaml.toUtf8().constData());
    const AdderCircuit& adder = widget->circuit();
    const SimulationRun& run = widget->run();
    const AdderTimingPlot* plot = timingPlot(*widget);
    // c1..cW, s0..s{W-1}, V and Z.
    QCOMPARE(int(plot->lanes().size()), 2 * adder.width + 2);
    QCOMPARE(plot->timeAxisEnd(), adder.netlist.criticalPathDelay() + 1);
    for (const AdderTimingPlot::Lane& lane : plot->lanes()) {
        QVector<double> times{0.0};
        QVector<double> levels{lane.baseline +
                               (run.snapshots[0].values[lane.signal] ? plot->kHighLevel : 0.0)};
        for (const auto& event : run.events) {
            if (event.signal != lane.signal || event.time == 0) continue;
            times << event.time;
            levels << lane.baseline + (event.value ? plot->kHighLevel : 0.0);
        }
        times << plot->timeAxisEnd();
        levels << lane.baseline + (run.finalValues()[lane.signal] ? plot->kHighLevel : 0.0);
        QVector<double> shownTimes;
        QVector<double> shownLevels;
        for (auto point = lane.graph->data()->constBegin(); point != lane.graph->data()->constEnd();
             ++point) {
            shownTimes << point->key;
            shownLevels << point->value;
        }
        QCOMPARE(shownTimes, times);
        QCOMPARE(shownLevels, levels);
        QCOMPARE(lane.graph->name(), lane.name);
    }
}

void TestAdderWidget::clickingTheTimingDiagramShowsThatTime() {
    auto widget = adderFrom("a: 5\nb: 3\nstep: bits");
    AdderTimingPlot* plot = timingPlot(*widget);
    QVERIFY(QTest::qWaitForWindowExposed(widget.get()));
    const int x = qRound(plot->xAxis->coordToPixel(3));
    const int y = plot->axisRect()->rect().center().y();
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, QPoint(x, y));
    QCOMPARE(widget->state().stepMode, AdderStepMode::Time);
    QCOMPARE(widget->shownTime(), 3);
    QCOMPARE(plot->shownTime(), 3);
    // A dot sits on each lane that changed at t = 3: only s1, falling as the carry arrives.
    QCOMPARE(plot->changesGraph()->dataCount(), 1);
    const auto& s1 = plot->lanes()[widget->circuit().width + 1];
    QCOMPARE(s1.name, QStringLiteral("s1"));
    QCOMPARE(plot->changesGraph()->data()->constBegin()->value, s1.baseline);
}

void TestAdderWidget::criticalPathIsHighlightedOnDemand_data() {
    QTest::addColumn<QString>("yaml");
    QTest::newRow("ripple 8") << "width: 8";
    QTest::newRow("cla 16") << "adder: cla\nwidth: 16";
    QTest::newRow("ripple 6 subtractor") << "width: 6\nsub: true";
}

void TestAdderWidget::criticalPathIsHighlightedOnDemand() {
    QFETCH(QString, yaml);
    auto widget = adderFrom(yaml.toUtf8().constData());
    const AdderDiagram* view = diagram(*widget);
    const auto& path = view->criticalPath();
    QVERIFY(path.blocks.size() >= 2);
    QCOMPARE(path.links.size(), path.blocks.size() - 1);
    for (int block = 0; block < int(view->blocks().blocks.size()); ++block) {
        QVERIFY(!view->blockOnShownPath(block));
    }
    click(*widget, "criticalPathToggle");
    for (int block = 0; block < int(view->blocks().blocks.size()); ++block) {
        QCOMPARE(view->blockOnShownPath(block), path.passes(block));
    }
    for (const SignalId link : path.links) QVERIFY(view->wireOnShownPath(link));
    QVERIFY(view->wireOnShownPath(path.input));
    click(*widget, "criticalPathToggle");
    for (const SignalId link : path.links) QVERIFY(!view->wireOnShownPath(link));
    QVERIFY(!widget->state().showCriticalPath);

    // A lesson can open with the path shown.
    auto shown = adderFrom((yaml + QStringLiteral("\ncritical_path: true")).toUtf8().constData());
    QVERIFY(part<QAbstractButton>(*shown, "criticalPathToggle")->isChecked());
    const AdderDiagram* shownView = diagram(*shown);
    for (const int block : shownView->criticalPath().blocks) {
        QVERIFY(shownView->blockOnShownPath(block));
    }
}

// The point of lookahead: with a carry through every bit, ripple takes time in proportion to
// the width and lookahead far less.
void TestAdderWidget::lookaheadSettlesSoonerThanRipple() {
    auto widget = adderFrom("adder: ripple\nwidth: 16\na: 65535\nb: 1");
    const int rippleTime = widget->run().settleTime;
    const int rippleWorst = widget->circuit().netlist.criticalPathDelay();
    click(*widget, "lookaheadButton");
    QCOMPARE(widget->circuit().kind, AdderKind::CarryLookahead);
    QCOMPARE(part<AdderReadouts>(*widget, "readouts")->data().settled.sum, std::uint64_t{0});
    QVERIFY2(widget->run().settleTime < rippleTime / 2,
             QByteArray::number(widget->run().settleTime) + " vs " + QByteArray::number(rippleTime));
    QVERIFY(widget->circuit().netlist.criticalPathDelay() < rippleWorst / 2);
    QVERIFY(labelText(*widget, "cost").contains(
        QString::number(widget->circuit().netlist.gates().size()) + " gates"));
}

void TestAdderWidget::blocksCoverEveryGate_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("subtractor");
    for (const int width : {1, 2, 4, 5, 8, 16, 17, 32}) {
        for (const bool subtractor : {false, true}) {
            for (const int kind : {0, 1}) {
                QTest::addRow("%s %d%s", kind == 0 ? "ripple" : "cla", width,
                              subtractor ? " sub" : "")
                    << kind << width << subtractor;
            }
        }
    }
}

// Every gate belongs to a drawn block, and every block lies inside the diagram.
void TestAdderWidget::blocksCoverEveryGate() {
    QFETCH(int, kind);
    QFETCH(int, width);
    QFETCH(bool, subtractor);
    const auto adder = mlsyslab::logic::buildAdder(
        kind == 0 ? AdderKind::RippleCarry : AdderKind::CarryLookahead, width, subtractor);
    QVERIFY(adder.ok());
    const auto map = mlsyslab::widgets::mapAdderBlocks(*adder);
    for (std::size_t gate = 0; gate < map.blockOfGate.size(); ++gate) {
        QVERIFY2(map.blockOfGate[gate] >= 0, adder->netlist.gates()[gate].name.c_str());
    }
    const auto layout = mlsyslab::widgets::layoutAdderDiagram(*adder, map);
    QCOMPARE(layout.boxes.size(), map.blocks.size());
    for (const auto& box : layout.boxes) QVERIFY(layout.bounds.contains(box.rect));
    for (const auto& wire : layout.wires) {
        // A straight wire's bounding rectangle has no width or height: check its corners.
        const QRectF extent = wire.path.boundingRect();
        QVERIFY2(layout.bounds.contains(extent.topLeft()) &&
                     layout.bounds.contains(extent.bottomRight()),
                 adder->netlist.allSignals()[wire.signal].name.c_str());
    }
    // A wire between two cells or units leaves its source and enters its target (the flags'
    // inputs are taps and named stubs).
    const auto isFlag = [&](int block) {
        const auto kind = map.blocks[block].kind;
        return kind == mlsyslab::widgets::AdderBlockKind::OverflowFlag ||
               kind == mlsyslab::widgets::AdderBlockKind::ZeroFlag;
    };
    const auto boxOf = [&](int block) {
        for (const auto& box : layout.boxes) {
            if (box.block == block) return box.rect.adjusted(-0.5, -0.5, 0.5, 0.5);
        }
        return QRectF();
    };
    for (const auto& wire : layout.wires) {
        if (wire.fromBlock < 0 || wire.toBlock < 0 || isFlag(wire.fromBlock) ||
            isFlag(wire.toBlock)) {
            continue;
        }
        const QPointF start = wire.path.elementAt(0);
        const QPointF end = wire.path.elementAt(wire.path.elementCount() - 1);
        QVERIFY2(boxOf(wire.fromBlock).contains(start) && boxOf(wire.toBlock).contains(end),
                 adder->netlist.allSignals()[wire.signal].name.c_str());
    }
    // Every link between blocks is drawn as at least one wire.
    for (const auto& link : map.links) {
        const bool drawn = std::any_of(layout.wires.begin(), layout.wires.end(), [&](const auto& w) {
            return w.signal == link.signal && w.toBlock == link.toBlock;
        });
        QVERIFY2(drawn, adder->netlist.allSignals()[link.signal].name.c_str());
    }
}

QTEST_MAIN(TestAdderWidget)
#include "tst_adder_widget.moc"
