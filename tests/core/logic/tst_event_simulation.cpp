#include <QtTest>
#include <algorithm>
#include <string>
#include <vector>

#include "logic/AdderCircuits.h"
#include "logic/EventSimulation.h"

using mlsyslab::logic::AdderCircuit;
using mlsyslab::logic::AdderKind;
using mlsyslab::logic::GateKind;
using mlsyslab::logic::Netlist;
using mlsyslab::logic::SignalId;
using mlsyslab::logic::SimulationRun;
namespace logic = mlsyslab::logic;

Q_DECLARE_METATYPE(AdderKind)

namespace {

QString signalName(const Netlist& netlist, SignalId signal) {
    return QString::fromStdString(netlist.allSignals()[signal].name);
}

// "3 fa1.xor2 s1=0": time, the gate ("input" for a primary input), the signal and its value.
QStringList describeEvents(const Netlist& netlist, const SimulationRun& run) {
    QStringList lines;
    for (const logic::SignalEvent& event : run.events) {
        const QString gate = event.gate < 0
                                 ? QStringLiteral("input")
                                 : QString::fromStdString(netlist.gates()[event.gate].name);
        lines << QStringLiteral("%1 %2 %3=%4")
                     .arg(event.time)
                     .arg(gate, signalName(netlist, event.signal))
                     .arg(event.value ? 1 : 0);
    }
    return lines;
}

// "2: c1 s1 s2 | fa1.xor2 fa1.and2 zero": what changed at a time, then what was evaluated.
QStringList describeSnapshots(const Netlist& netlist, const SimulationRun& run) {
    QStringList lines;
    for (const logic::TimeSnapshot& snapshot : run.snapshots) {
        QStringList changed;
        for (const SignalId signal : snapshot.changed) changed << signalName(netlist, signal);
        QStringList evaluated;
        for (const logic::GateId gate : snapshot.evaluated) {
            evaluated << QString::fromStdString(netlist.gates()[gate].name);
        }
        QString line = QStringLiteral("%1: %2 |").arg(snapshot.time).arg(changed.join(' '));
        if (!evaluated.isEmpty()) line += QLatin1Char(' ') + evaluated.join(' ');
        lines << line;
    }
    return lines;
}

QStringList names(const Netlist& netlist, const std::vector<SignalId>& signalIds) {
    QStringList list;
    for (const SignalId signal : signalIds) list << signalName(netlist, signal);
    return list;
}

// The invariants of every run, whatever the circuit: snapshot k is time k; each one differs
// from the one before exactly in its changed signals, which are exactly the events at that time;
// the first starts from the settled `before` state and the last is the settled `after` state;
// nothing happens after settleTime, and settleTime never passes the critical path delay.
void checkConsistent(const Netlist& netlist, const std::vector<bool>& before,
                     const std::vector<bool>& after, const SimulationRun& run) {
    QVERIFY(!run.snapshots.empty());
    QCOMPARE(int(run.snapshots.size()), run.settleTime + 1);
    QVERIFY(run.settleTime <= netlist.criticalPathDelay());
    std::vector<bool> previous = netlist.evaluate(before);
    std::size_t nextEvent = 0;
    int evaluations = 0;
    for (int time = 0; time < int(run.snapshots.size()); ++time) {
        const logic::TimeSnapshot& snapshot = run.snapshots[time];
        QCOMPARE(snapshot.time, time);
        QVERIFY(std::is_sorted(snapshot.changed.begin(), snapshot.changed.end()));
        QVERIFY(std::is_sorted(snapshot.evaluated.begin(), snapshot.evaluated.end()));
        std::vector<SignalId> fromEvents;
        for (; nextEvent < run.events.size() && run.events[nextEvent].time == time; ++nextEvent) {
            const logic::SignalEvent& event = run.events[nextEvent];
            QCOMPARE(bool(snapshot.values[event.signal]), event.value);
            QVERIFY(previous[event.signal] != event.value);
            fromEvents.push_back(event.signal);
        }
        std::sort(fromEvents.begin(), fromEvents.end());
        QCOMPARE(snapshot.changed, fromEvents);
        for (SignalId signal = 0; signal < SignalId(previous.size()); ++signal) {
            const bool changed =
                std::binary_search(snapshot.changed.begin(), snapshot.changed.end(), signal);
            QCOMPARE(snapshot.values[signal] != previous[signal], changed);
        }
        evaluations += int(snapshot.evaluated.size());
        previous = snapshot.values;
    }
    QCOMPARE(nextEvent, run.events.size());
    QCOMPARE(run.gateEvaluations, evaluations);
    QCOMPARE(run.finalValues(), netlist.evaluate(after));
}

AdderCircuit build(AdderKind kind, int width) {
    auto adder = logic::buildAdder(kind, width, false);
    if (!adder.ok()) qFatal("%s", adder.error().c_str());
    return *adder;
}

// y = a AND NOT a: the textbook static hazard. NOT and AND delays are settable.
Netlist andNotItself(int notDelay, int andDelay) {
    Netlist netlist;
    const SignalId a = netlist.addInput("a");
    const SignalId notA = netlist.addGate(GateKind::Not, "n", {a}, "n", notDelay);
    netlist.addOutput("y", netlist.addGate(GateKind::And, "y", {a, notA}, "y", andDelay));
    return netlist;
}

}  // namespace

class TestEventSimulation : public QObject {
    Q_OBJECT

private slots:
    // A 4-bit ripple adder, worked out by hand gate by gate (gate ids: full adder i is
    // xor1, xor2, and1, and2, or = 5i..5i+4, then overflow, then zero = NOR(s0..s3)).
    void rippleAdderGolden_data() {
        QTest::addColumn<QList<int>>("before");  // a, b, cin
        QTest::addColumn<QList<int>>("after");
        QTest::addColumn<QStringList>("events");
        QTest::addColumn<QStringList>("snapshots");
        QTest::addColumn<int>("settleTime");
        QTest::addColumn<int>("evaluations");
        QTest::addColumn<QStringList>("glitches");
        QTest::addColumn<QList<int>>("outcome");  // sum, carry, overflow, zero, negative

        // 5 + 3 from all zeros: the carry out of bit 0 ripples to bit 3; s1 and s2 first turn
        // 1 (before their carry arrives) and back to 0, and zero flickers 1 -> 0 -> 1 -> 0.
        QTest::newRow("0+0 -> 5+3")
            << QList<int>{0, 0, 0} << QList<int>{5, 3, 0}
            << QStringList{"0 input a0=1",          "0 input a2=1",
                           "0 input b0=1",          "0 input b1=1",
                           "1 fa0.and1 fa0.and1=1", "1 fa1.xor1 fa1.xor1=1",
                           "1 fa2.xor1 fa2.xor1=1", "2 fa0.or c1=1",
                           "2 fa1.xor2 s1=1",       "2 fa2.xor2 s2=1",
                           "3 fa1.xor2 s1=0",       "3 fa1.and2 fa1.and2=1",
                           "3 zero zero=0",         "4 fa1.or c2=1",
                           "5 fa2.xor2 s2=0",       "5 fa2.and2 fa2.and2=1",
                           "6 fa2.or c3=1",         "6 zero zero=1",
                           "7 fa3.xor2 s3=1",       "7 overflow overflow=1",
                           "8 zero zero=0"}
            << QStringList{"0: a0 a2 b0 b1 | fa0.xor1 fa0.and1 fa1.xor1 fa1.and1 fa2.xor1 fa2.and1",
                           "1: fa0.and1 fa1.xor1 fa2.xor1 | fa0.or fa1.xor2 fa1.and2 fa2.xor2 "
                           "fa2.and2",
                           "2: c1 s1 s2 | fa1.xor2 fa1.and2 zero",
                           "3: s1 fa1.and2 zero | fa1.or zero",
                           "4: c2 | fa2.xor2 fa2.and2",
                           "5: s2 fa2.and2 | fa2.or zero",
                           "6: c3 zero | fa3.xor2 fa3.and2 overflow",
                           "7: s3 overflow | zero",
                           "8: zero |"}
            << 8 << 24 << QStringList{"s1", "s2", "zero"} << QList<int>{8, 0, 1, 0, 1};

        // From 5 + 3 to 15 + 1: c1..c3 are already 1, so only bit 3 moves.
        QTest::newRow("5+3 -> 15+1")
            << QList<int>{5, 3, 0} << QList<int>{15, 1, 0}
            << QStringList{"0 input a1=1",          "0 input a3=1",    "0 input b1=0",
                           "1 fa3.xor1 fa3.xor1=1", "2 fa3.xor2 s3=0", "2 fa3.and2 fa3.and2=1",
                           "3 fa3.or c4=1",         "3 zero zero=1",   "4 overflow overflow=0"}
            << QStringList{"0: a1 a3 b1 | fa1.xor1 fa1.and1 fa3.xor1 fa3.and1",
                           "1: fa3.xor1 | fa3.xor2 fa3.and2", "2: s3 fa3.and2 | fa3.or zero",
                           "3: c4 zero | overflow", "4: overflow |"}
            << 4 << 9 << QStringList{} << QList<int>{0, 1, 0, 1, 0};

        // 0 + 15, then the carry-in turns on: the carry ripples through every bit, two time
        // units per bit, and overflow (c4 XOR c3) flickers because c3 arrives before c4.
        QTest::newRow("0+15 -> 0+15+1")
            << QList<int>{0, 15, 0} << QList<int>{0, 15, 1}
            << QStringList{"0 input cin=1",         "1 fa0.xor2 s0=0", "1 fa0.and2 fa0.and2=1",
                           "2 fa0.or c1=1",         "3 fa1.xor2 s1=0", "3 fa1.and2 fa1.and2=1",
                           "4 fa1.or c2=1",         "5 fa2.xor2 s2=0", "5 fa2.and2 fa2.and2=1",
                           "6 fa2.or c3=1",         "7 fa3.xor2 s3=0", "7 fa3.and2 fa3.and2=1",
                           "7 overflow overflow=1", "8 fa3.or c4=1",   "8 zero zero=1",
                           "9 overflow overflow=0"}
            << QStringList{"0: cin | fa0.xor2 fa0.and2",
                           "1: s0 fa0.and2 | fa0.or zero",
                           "2: c1 | fa1.xor2 fa1.and2",
                           "3: s1 fa1.and2 | fa1.or zero",
                           "4: c2 | fa2.xor2 fa2.and2",
                           "5: s2 fa2.and2 | fa2.or zero",
                           "6: c3 | fa3.xor2 fa3.and2 overflow",
                           "7: s3 fa3.and2 overflow | fa3.or zero",
                           "8: c4 zero | overflow",
                           "9: overflow |"}
            << 9 << 18 << QStringList{"overflow"} << QList<int>{0, 1, 0, 1, 0};
    }

    void rippleAdderGolden() {
        QFETCH(QList<int>, before);
        QFETCH(QList<int>, after);
        QFETCH(QStringList, events);
        QFETCH(QStringList, snapshots);
        QFETCH(int, settleTime);
        QFETCH(int, evaluations);
        QFETCH(QStringList, glitches);
        QFETCH(QList<int>, outcome);
        const AdderCircuit adder = build(AdderKind::RippleCarry, 4);
        const Netlist& netlist = adder.netlist;
        const std::vector<bool> beforeValues =
            logic::adderInputValues(adder, before[0], before[1], before[2] != 0);
        const std::vector<bool> afterValues =
            logic::adderInputValues(adder, after[0], after[1], after[2] != 0);
        const SimulationRun run = logic::simulateInputChange(netlist, beforeValues, afterValues);

        QCOMPARE(describeEvents(netlist, run), events);
        QCOMPARE(describeSnapshots(netlist, run), snapshots);
        QCOMPARE(run.settleTime, settleTime);
        QCOMPARE(run.gateEvaluations, evaluations);
        QCOMPARE(names(netlist, run.glitches), glitches);
        checkConsistent(netlist, beforeValues, afterValues, run);

        const logic::AdderOutcome result = logic::readAdderOutcome(adder, run.finalValues());
        QCOMPARE(int(result.sum), outcome[0]);
        QCOMPARE(int(result.carry), outcome[1]);
        QCOMPARE(int(result.overflow), outcome[2]);
        QCOMPARE(int(result.zero), outcome[3]);
        QCOMPARE(int(result.negative), outcome[4]);
        QCOMPARE(netlist.criticalPathDelay(), 10);  // c4 at 9, overflow one after
    }

    void fromZeroIsAnInputChangeFromAllZeros() {
        const AdderCircuit adder = build(AdderKind::CarryLookahead, 8);
        const std::vector<bool> inputs = logic::adderInputValues(adder, 5, 3, false);
        const SimulationRun fromZero = logic::simulateFromZero(adder.netlist, inputs);
        const SimulationRun explicitZero = logic::simulateInputChange(
            adder.netlist, std::vector<bool>(inputs.size(), false), inputs);
        QCOMPARE(describeEvents(adder.netlist, fromZero),
                 describeEvents(adder.netlist, explicitZero));
        QCOMPARE(fromZero.settleTime, explicitZero.settleTime);
        QCOMPARE(logic::readAdderOutcome(adder, fromZero.finalValues()).sum, std::uint64_t{8});
        checkConsistent(adder.netlist, std::vector<bool>(inputs.size(), false), inputs, fromZero);
    }

    void nothingChanges() {
        const AdderCircuit adder = build(AdderKind::RippleCarry, 4);
        const std::vector<bool> inputs = logic::adderInputValues(adder, 9, 6, true);
        const SimulationRun run = logic::simulateInputChange(adder.netlist, inputs, inputs);
        QCOMPARE(run.snapshots.size(), std::size_t{1});
        QVERIFY(run.events.empty());
        QVERIFY(run.snapshots[0].changed.empty());
        QVERIFY(run.snapshots[0].evaluated.empty());
        QCOMPARE(run.settleTime, 0);
        QCOMPARE(run.gateEvaluations, 0);
        QCOMPARE(run.finalValues(), adder.netlist.evaluate(inputs));
    }

    // a rises: NOT a falls one unit later, so for one unit both AND inputs are 1 and y pulses.
    // a falls: no pulse (static-0 hazard only on the rising edge).
    void staticHazardGlitch() {
        const Netlist netlist = andNotItself(1, 1);
        const SimulationRun rise =
            logic::simulateInputChange(netlist, std::vector<bool>{false}, std::vector<bool>{true});
        QCOMPARE(describeEvents(netlist, rise),
                 (QStringList{"0 input a=1", "1 n n=0", "1 y y=1", "2 y y=0"}));
        QCOMPARE(describeSnapshots(netlist, rise),
                 (QStringList{"0: a | n y", "1: n y | y", "2: y |"}));
        QCOMPARE(names(netlist, rise.glitches), QStringList{"y"});
        QCOMPARE(rise.settleTime, 2);
        QCOMPARE(rise.gateEvaluations, 3);
        QCOMPARE(bool(rise.snapshots[1].values[netlist.findSignal("y")]), true);
        checkConsistent(netlist, {false}, {true}, rise);

        const SimulationRun fall =
            logic::simulateInputChange(netlist, std::vector<bool>{true}, std::vector<bool>{false});
        QCOMPARE(describeEvents(netlist, fall), (QStringList{"0 input a=0", "1 n n=1"}));
        QVERIFY(fall.glitches.empty());
        QCOMPARE(fall.settleTime, 1);
        QCOMPARE(fall.gateEvaluations, 3);
        checkConsistent(netlist, {true}, {false}, fall);
    }

    // y = a OR NOT a should stay 1, but drops for one unit when a falls (static-1 hazard).
    void staticOneHazard() {
        Netlist netlist;
        const SignalId a = netlist.addInput("a");
        const SignalId notA = netlist.addGate(GateKind::Not, "n", {a}, "n");
        netlist.addOutput("y", netlist.addGate(GateKind::Or, "y", {a, notA}, "y"));
        const SimulationRun fall =
            logic::simulateInputChange(netlist, std::vector<bool>{true}, std::vector<bool>{false});
        QCOMPARE(describeEvents(netlist, fall),
                 (QStringList{"0 input a=0", "1 n n=1", "1 y y=0", "2 y y=1"}));
        QCOMPARE(names(netlist, fall.glitches), QStringList{"y"});
        checkConsistent(netlist, {true}, {false}, fall);
    }

    // Unequal delays: NOT takes 3, AND 2. The AND sees a rise at 0 (output 1 at 2) and NOT a
    // fall at 3 (output 0 at 5). Times 1 and 4 change nothing but still get a snapshot.
    void longerDelays() {
        const Netlist netlist = andNotItself(3, 2);
        const SimulationRun run =
            logic::simulateInputChange(netlist, std::vector<bool>{false}, std::vector<bool>{true});
        QCOMPARE(describeEvents(netlist, run),
                 (QStringList{"0 input a=1", "2 y y=1", "3 n n=0", "5 y y=0"}));
        QCOMPARE(describeSnapshots(netlist, run),
                 (QStringList{"0: a | n y", "1:  |", "2: y |", "3: n | y", "4:  |", "5: y |"}));
        QCOMPARE(run.settleTime, 5);
        QCOMPARE(netlist.criticalPathDelay(), 5);
        QCOMPARE(run.snapshots[4].values, run.snapshots[3].values);
        checkConsistent(netlist, {false}, {true}, run);
    }

    // Transport delay keeps a pulse shorter than the gate's delay: the AND (delay 3) sees a
    // one-unit overlap and still outputs a one-unit pulse, three units later.
    void pulseShorterThanTheDelayIsKept() {
        const Netlist netlist = andNotItself(1, 3);
        const SimulationRun run =
            logic::simulateInputChange(netlist, std::vector<bool>{false}, std::vector<bool>{true});
        QCOMPARE(describeEvents(netlist, run),
                 (QStringList{"0 input a=1", "1 n n=0", "3 y y=1", "4 y y=0"}));
        QCOMPARE(run.settleTime, 4);
        QCOMPARE(names(netlist, run.glitches), QStringList{"y"});
        checkConsistent(netlist, {false}, {true}, run);
    }

    // Every change of a 4-bit adder's inputs (a, b, cin: 512 x 512 pairs), both kinds: the run
    // is consistent, ends at the zero-delay answer and never outlasts the critical path.
    void settleNeverExceedsTheCriticalPath_data() {
        QTest::addColumn<AdderKind>("kind");
        QTest::newRow("ripple") << AdderKind::RippleCarry;
        QTest::newRow("cla") << AdderKind::CarryLookahead;
    }

    void settleNeverExceedsTheCriticalPath() {
        QFETCH(AdderKind, kind);
        const AdderCircuit adder = build(kind, 4);
        const Netlist& netlist = adder.netlist;
        const int bound = netlist.criticalPathDelay();
        int longest = 0;
        for (int from = 0; from < 512; ++from) {
            const std::vector<bool> before =
                logic::adderInputValues(adder, from & 15, (from >> 4) & 15, (from >> 8) != 0);
            for (int to = 0; to < 512; ++to) {
                const std::vector<bool> after =
                    logic::adderInputValues(adder, to & 15, (to >> 4) & 15, (to >> 8) != 0);
                const SimulationRun run = logic::simulateInputChange(netlist, before, after);
                if (run.settleTime > bound || run.finalValues() != netlist.evaluate(after) ||
                    int(run.snapshots.size()) != run.settleTime + 1) {
                    QFAIL(qPrintable(QStringLiteral("from %1 to %2: settle %3")
                                         .arg(from)
                                         .arg(to)
                                         .arg(run.settleTime)));
                }
                longest = std::max(longest, run.settleTime);
            }
        }
        // Some change does take the whole critical path (the ripple's c4 -> overflow, say).
        QCOMPARE(longest, bound);
    }
};

QTEST_APPLESS_MAIN(TestEventSimulation)
#include "tst_event_simulation.moc"
