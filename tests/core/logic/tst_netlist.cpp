#include <QtTest>
#include <array>
#include <string>
#include <vector>

#include "logic/Netlist.h"
#include "logic/TruthTable.h"

using mlsyslab::logic::GateKind;
using mlsyslab::logic::Netlist;
using mlsyslab::logic::SignalId;
namespace logic = mlsyslab::logic;

namespace {

// Built by appending: GCC 12 warns falsely on "literal" + std::string.
std::string named(const char* prefix, int index) {
    std::string name = prefix;
    name += std::to_string(index);
    return name;
}

// y = (a AND b) OR (NOT c), then z = y XOR a, with unequal delays:
//   g1 = AND(a, b)   delay 1, level 1, settles by 1
//   g2 = NOT(c)      delay 3, level 1, settles by 3
//   y  = OR(g1, g2)  delay 2, level 2, settles by max(1, 3) + 2 = 5
//   z  = XOR(y, a)   delay 1, level 3, settles by 6
Netlist mixedDelays() {
    Netlist netlist;
    const SignalId a = netlist.addInput("a");
    const SignalId b = netlist.addInput("b");
    const SignalId c = netlist.addInput("c");
    const SignalId g1 = netlist.addGate(GateKind::And, "g1", {a, b}, "g1", 1);
    const SignalId g2 = netlist.addGate(GateKind::Not, "g2", {c}, "g2", 3);
    const SignalId y = netlist.addGate(GateKind::Or, "y", {g1, g2}, "y", 2);
    const SignalId z = netlist.addGate(GateKind::Xor, "z", {y, a}, "z", 1);
    netlist.addOutput("y", y);
    netlist.addOutput("z", z);
    return netlist;
}

}  // namespace

class TestNetlist : public QObject {
    Q_OBJECT

private slots:
    void structure() {
        const Netlist netlist = mixedDelays();
        QCOMPARE(netlist.allSignals().size(), std::size_t{7});
        QCOMPARE(netlist.gates().size(), std::size_t{4});
        QCOMPARE(netlist.inputs(), (std::vector<SignalId>{0, 1, 2}));
        QCOMPARE(netlist.findSignal("a"), 0);
        QCOMPARE(netlist.findSignal("z"), 6);
        QCOMPARE(netlist.findSignal("nothing"), -1);
        QCOMPARE(netlist.findGate("y"), 2);
        QCOMPARE(netlist.findGate("a"), -1);  // an input, not a gate
        QCOMPARE(netlist.allSignals()[netlist.findSignal("y")].driver, 2);
        QCOMPARE(netlist.allSignals()[0].driver, -1);
        // a feeds g1 and z; the gate lists are in gate order.
        QCOMPARE(netlist.fanout(0), (std::vector<logic::GateId>{0, 3}));
        QCOMPARE(netlist.fanout(netlist.findSignal("z")), std::vector<logic::GateId>{});
        QCOMPARE(netlist.outputs().size(), std::size_t{2});
        QCOMPARE(netlist.outputs()[1].name, std::string("z"));
    }

    void evaluateEveryInput() {
        const Netlist netlist = mixedDelays();
        std::vector<bool> reused;
        for (int row = 0; row < 8; ++row) {
            const bool a = (row & 4) != 0;
            const bool b = (row & 2) != 0;
            const bool c = (row & 1) != 0;
            const bool y = (a && b) || !c;
            const bool z = y != a;
            const std::array<bool, 3> inputs{a, b, c};
            const std::vector<bool> values = netlist.evaluate(inputs);
            QCOMPARE(values.size(), std::size_t{7});
            QCOMPARE(bool(values[3]), a && b);
            QCOMPARE(bool(values[4]), !c);
            QCOMPARE(bool(values[5]), y);
            QCOMPARE(bool(values[6]), z);
            // The std::vector<bool> overload and the reusable buffer give the same values.
            QCOMPARE(netlist.evaluate(std::vector<bool>{a, b, c}), values);
            netlist.evaluateInto(inputs, reused);
            QCOMPARE(reused, values);
            QCOMPARE(netlist.gateOutput(3, values), z);
        }
    }

    void depthAndCriticalPath() {
        const Netlist netlist = mixedDelays();
        QCOMPARE(netlist.depth(), 3);
        QCOMPARE(netlist.criticalPathDelay(), 6);
        // Through the slow NOT, not the AND: g2 -> y -> z.
        QCOMPARE(netlist.criticalPath(), (std::vector<logic::GateId>{1, 2, 3}));
        const std::vector<int> levels{0, 0, 0, 1, 1, 2, 3};
        const std::vector<int> arrivals{0, 0, 0, 1, 3, 5, 6};
        for (SignalId signal = 0; signal < 7; ++signal) {
            QCOMPARE(netlist.levelOf(signal), levels[signal]);
            QCOMPARE(netlist.arrivalTimeOf(signal), arrivals[signal]);
        }
    }

    // Depth counts gates, delay counts time: a long chain of fast gates against one slow gate.
    void depthAndDelayDisagree() {
        Netlist netlist;
        const SignalId a = netlist.addInput("a");
        SignalId chain = a;
        for (int index = 0; index < 4; ++index) {
            const std::string name = named("buf", index);
            chain = netlist.addGate(GateKind::Buf, name, {chain}, name);
        }
        const SignalId slow = netlist.addGate(GateKind::Not, "slow", {a}, "slow", 10);
        netlist.addGate(GateKind::And, "join", {chain, slow}, "join");
        QCOMPARE(netlist.depth(), 5);
        QCOMPARE(netlist.criticalPathDelay(), 11);
        QCOMPARE(netlist.criticalPath(), (std::vector<logic::GateId>{4, 5}));
    }

    // Two equally slow paths: the one through the lower gate id is chosen.
    void criticalPathTieGoesToTheLowestGate() {
        Netlist netlist;
        const SignalId a = netlist.addInput("a");
        const SignalId b = netlist.addInput("b");
        const SignalId first = netlist.addGate(GateKind::Not, "first", {a}, "first", 2);
        const SignalId second = netlist.addGate(GateKind::Not, "second", {b}, "second", 2);
        netlist.addGate(GateKind::Nand, "out", {second, first}, "out");
        QCOMPARE(netlist.criticalPath(), (std::vector<logic::GateId>{0, 2}));
        // Two gates ending equally late: the path ends at the lower id.
        Netlist pair;
        const SignalId x = pair.addInput("x");
        pair.addGate(GateKind::Buf, "left", {x}, "left", 4);
        pair.addGate(GateKind::Buf, "right", {x}, "right", 4);
        QCOMPARE(pair.criticalPath(), (std::vector<logic::GateId>{0}));
    }

    void emptyNetlist() {
        Netlist netlist;
        netlist.addInput("a");
        QCOMPARE(netlist.depth(), 0);
        QCOMPARE(netlist.criticalPathDelay(), 0);
        QVERIFY(netlist.criticalPath().empty());
        QCOMPARE(netlist.evaluate(std::vector<bool>{true}), std::vector<bool>{true});
    }

    void truthTableRows() {
        const auto table = logic::deriveTruthTable(mixedDelays());
        QVERIFY(table.ok());
        QCOMPARE(table->inputNames, (std::vector<std::string>{"a", "b", "c"}));
        QCOMPARE(table->outputNames, (std::vector<std::string>{"y", "z"}));
        QCOMPARE(table->rowCount(), 8);
        // Row 6 is a=1 b=1 c=0: the first input is the most significant bit.
        QCOMPARE(table->inputsOfRow(6), (std::vector<bool>{true, true, false}));
        QCOMPARE(table->inputsOfRow(1), (std::vector<bool>{false, false, true}));
        for (int row = 0; row < 8; ++row) {
            QCOMPARE(table->rowOf(table->inputsOfRow(row)), row);
            const std::vector<bool> inputs = table->inputsOfRow(row);
            const bool y = (inputs[0] && inputs[1]) || !inputs[2];
            QCOMPARE(table->outputs[row], (std::vector<bool>{y, y != inputs[0]}));
        }
    }

    void truthTableLimits() {
        Netlist wide;
        std::vector<SignalId> inputs;
        for (int index = 0; index < 9; ++index) {
            inputs.push_back(wide.addInput(named("i", index)));
        }
        const SignalId left =
            wide.addGate(GateKind::Xor, "left", {inputs.begin(), inputs.begin() + 8}, "left");
        wide.addOutput("y", wide.addGate(GateKind::Xor, "y", {left, inputs[8]}, "y"));
        const auto tooWide = logic::deriveTruthTable(wide);
        QVERIFY(!tooWide.ok());
        QCOMPARE(tooWide.error(),
                 std::string("a truth table needs at most 8 inputs; this circuit has 9"));

        Netlist silent;
        const SignalId a = silent.addInput("a");
        silent.addGate(GateKind::Not, "n", {a}, "n");
        const auto noOutputs = logic::deriveTruthTable(silent);
        QVERIFY(!noOutputs.ok());
        QCOMPARE(noOutputs.error(), std::string("the circuit has no outputs to tabulate"));

        // Eight inputs is fine: 256 rows of odd parity.
        Netlist parity;
        std::vector<SignalId> eight;
        for (int index = 0; index < 8; ++index) {
            eight.push_back(parity.addInput(named("i", index)));
        }
        parity.addOutput("odd", parity.addGate(GateKind::Xor, "odd", eight, "odd"));
        const auto table = logic::deriveTruthTable(parity);
        QVERIFY(table.ok());
        QCOMPARE(table->rowCount(), 256);
        for (int row = 0; row < 256; ++row) {
            QCOMPARE(bool(table->outputs[row][0]), __builtin_popcount(row) % 2 == 1);
        }
    }
};

QTEST_APPLESS_MAIN(TestNetlist)
#include "tst_netlist.moc"
