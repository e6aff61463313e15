#include <QtTest>
#include <string>
#include <vector>

#include "logic/CircuitSpec.h"

using mlsyslab::logic::CircuitProblem;
using mlsyslab::logic::CircuitSpec;
using mlsyslab::logic::GateKind;
using mlsyslab::logic::GateSpec;
namespace logic = mlsyslab::logic;

Q_DECLARE_METATYPE(CircuitSpec)

namespace {

GateSpec gate(std::string name, GateKind kind, std::vector<std::string> inputs, int delay = 1) {
    return GateSpec{std::move(name), kind, std::move(inputs), delay};
}

// The slide's half adder, correct as written.
CircuitSpec halfAdder() {
    CircuitSpec spec;
    spec.inputs = {"a", "b"};
    spec.gates = {gate("sum", GateKind::Xor, {"a", "b"}), gate("carry", GateKind::And, {"a", "b"})};
    spec.outputs = {{"sum", "sum"}, {"carry", "carry"}};
    return spec;
}

// A spec with one output on `signal` and these gates, over inputs a and b.
CircuitSpec withGates(std::vector<GateSpec> gates, const std::string& signal) {
    CircuitSpec spec;
    spec.inputs = {"a", "b"};
    spec.gates = std::move(gates);
    spec.outputs = {{"y", signal}};
    return spec;
}

// "[gate 2] message": a problem with where it points.
QString describe(const CircuitProblem& problem) {
    QString where = QStringLiteral("[circuit]");
    if (problem.gateIndex >= 0) where = QStringLiteral("[gate %1]").arg(problem.gateIndex);
    if (problem.outputIndex >= 0) where = QStringLiteral("[output %1]").arg(problem.outputIndex);
    if (problem.inputIndex >= 0) where = QStringLiteral("[input %1]").arg(problem.inputIndex);
    return where + QLatin1Char(' ') + QString::fromStdString(problem.message);
}

}  // namespace

class TestCircuitSpec : public QObject {
    Q_OBJECT

private slots:
    void problems_data() {
        QTest::addColumn<CircuitSpec>("spec");
        QTest::addColumn<QStringList>("expected");

        QTest::newRow("valid") << halfAdder() << QStringList{};

        CircuitSpec duplicateInput = halfAdder();
        duplicateInput.inputs = {"a", "b", "a"};
        QTest::newRow("duplicate input")
            << duplicateInput << QStringList{"[input 2] duplicate name 'a'"};

        CircuitSpec gateNamedLikeInput = halfAdder();
        gateNamedLikeInput.gates.push_back(gate("b", GateKind::Not, {"a"}));
        QTest::newRow("gate named like an input")
            << gateNamedLikeInput << QStringList{"[gate 2] duplicate name 'b'"};

        CircuitSpec duplicateGate = halfAdder();
        duplicateGate.gates.push_back(gate("sum", GateKind::Or, {"a", "b"}));
        QTest::newRow("duplicate gate")
            << duplicateGate << QStringList{"[gate 2] duplicate name 'sum'"};

        QTest::newRow("unconnected input")
            << withGates({gate("x1", GateKind::Xor, {"a", "b"}),
                          gate("x2", GateKind::Xor, {"x1", "cin"})},
                         "x2")
            << QStringList{"[gate 1] input 'cin' of gate 'x2' is not connected to anything"};

        QTest::newRow("NOT with two inputs")
            << withGates({gate("n", GateKind::Not, {"a", "b"})}, "n")
            << QStringList{"[gate 0] gate 'n' (NOT) takes exactly 1 input, not 2"};
        QTest::newRow("AND with one input")
            << withGates({gate("g", GateKind::And, {"a"})}, "g")
            << QStringList{"[gate 0] gate 'g' (AND) takes 2 to 8 inputs, not 1"};
        QTest::newRow("OR with nine inputs")
            << withGates({gate("g", GateKind::Or, {"a", "b", "a", "b", "a", "b", "a", "b", "a"})},
                         "g")
            << QStringList{"[gate 0] gate 'g' (OR) takes 2 to 8 inputs, not 9"};
        QTest::newRow("BUF with none")
            << withGates({gate("g", GateKind::Buf, {})}, "g")
            << QStringList{"[gate 0] gate 'g' (BUF) takes exactly 1 input, not 0"};

        QTest::newRow("delay 0") << withGates({gate("g", GateKind::And, {"a", "b"}, 0)}, "g")
                                 << QStringList{
                                        "[gate 0] gate 'g' has delay 0: a delay is at least 1"};
        QTest::newRow("negative delay")
            << withGates({gate("g", GateKind::And, {"a", "b"}, -2)}, "g")
            << QStringList{"[gate 0] gate 'g' has delay -2: a delay is at least 1"};
        QTest::newRow("huge delay")
            << withGates({gate("g", GateKind::And, {"a", "b"}, 1001)}, "g")
            << QStringList{"[gate 0] gate 'g' has delay 1001: a delay is at most 1000"};

        CircuitSpec missingOutput = halfAdder();
        missingOutput.outputs.push_back({"q", "nothing"});
        QTest::newRow("output naming nothing")
            << missingOutput
            << QStringList{
                   "[output 2] output 'q' names 'nothing', which is neither an input nor "
                   "a gate"};

        CircuitSpec duplicatePort = halfAdder();
        duplicatePort.outputs.push_back({"sum", "carry"});
        QTest::newRow("duplicate output name")
            << duplicatePort << QStringList{"[output 2] duplicate output name 'sum'"};

        CircuitSpec noOutputs = halfAdder();
        noOutputs.outputs.clear();
        QTest::newRow("no outputs")
            << noOutputs << QStringList{"[circuit] the circuit has no outputs"};

        CircuitSpec unnamed = halfAdder();
        unnamed.inputs.push_back("");
        unnamed.gates.push_back(gate("", GateKind::Not, {"a"}));
        unnamed.outputs.push_back({"", "a"});
        QTest::newRow("empty names")
            << unnamed
            << QStringList{"[input 2] input #3 has no name", "[gate 2] gate #3 has no name",
                           "[output 2] output #3 has no name"};

        QTest::newRow("loop of two") << withGates({gate("g1", GateKind::And, {"a", "g2"}),
                                                   gate("g2", GateKind::Or, {"g1", "b"})},
                                                  "g2")
                                     << QStringList{"[gate 0] gates form a loop: g1 -> g2 -> g1"};
        QTest::newRow("gate reading itself")
            << withGates({gate("g", GateKind::And, {"a", "g"})}, "g")
            << QStringList{"[gate 0] gates form a loop: g -> g"};
        // Written against the flow: x reads y, y reads z, z reads x. Signals go x -> z -> y -> x.
        QTest::newRow("loop written backwards")
            << withGates({gate("x", GateKind::Not, {"y"}), gate("y", GateKind::Not, {"z"}),
                          gate("z", GateKind::Not, {"x"})},
                         "x")
            << QStringList{"[gate 0] gates form a loop: x -> z -> y -> x"};
        // Two loops and a gate after one of them (not on a loop itself, so not reported); the
        // second loop's shortest way round skips the longer detour through p3.
        QTest::newRow("two loops")
            << withGates(
                   {gate("after", GateKind::Not, {"q1"}), gate("p1", GateKind::And, {"a", "p2"}),
                    gate("q1", GateKind::Buf, {"q2"}), gate("q2", GateKind::Buf, {"q1"}),
                    gate("p2", GateKind::Or, {"p1", "p3"}), gate("p3", GateKind::Not, {"p2"})},
                   "after")
            << QStringList{"[gate 1] gates form a loop: p1 -> p2 -> p1",
                           "[gate 2] gates form a loop: q1 -> q2 -> q1"};

        // Everything at once, in spec order, loops last.
        CircuitSpec many;
        many.inputs = {"a", "a"};
        many.gates = {gate("l1", GateKind::Xor, {"l2", "a"}), gate("l2", GateKind::Buf, {"l1"}),
                      gate("bad", GateKind::Not, {"a", "ghost"}, 0)};
        many.outputs = {{"y", "none"}};
        QTest::newRow("many problems")
            << many
            << QStringList{"[input 1] duplicate name 'a'",
                           "[gate 2] input 'ghost' of gate 'bad' is not connected to anything",
                           "[gate 2] gate 'bad' (NOT) takes exactly 1 input, not 2",
                           "[gate 2] gate 'bad' has delay 0: a delay is at least 1",
                           "[output 0] output 'y' names 'none', which is neither an input nor "
                           "a gate",
                           "[gate 0] gates form a loop: l1 -> l2 -> l1"};
    }

    void problems() {
        QFETCH(CircuitSpec, spec);
        QFETCH(QStringList, expected);
        QStringList actual;
        for (const CircuitProblem& problem : logic::findCircuitProblems(spec)) {
            actual << describe(problem);
        }
        QCOMPARE(actual, expected);
        const auto built = logic::buildCircuit(spec);
        QCOMPARE(built.ok(), expected.isEmpty());
        if (!expected.isEmpty()) {
            QCOMPARE(QString::fromStdString(built.error()),
                     expected.front().section(QLatin1Char(']'), 1).trimmed());
        }
    }

    // Gates come out in a topological order that keeps spec order among independent gates.
    void orderIsTopologicalAndStable_data() {
        QTest::addColumn<CircuitSpec>("spec");
        QTest::addColumn<QStringList>("order");
        const auto spec = [](std::vector<GateSpec> gates) { return withGates(gates, "out"); };
        QTest::newRow("already in order")
            << spec({gate("n1", GateKind::Not, {"a"}), gate("n2", GateKind::Not, {"b"}),
                     gate("out", GateKind::Or, {"n1", "n2"})})
            << QStringList{"n1", "n2", "out"};
        QTest::newRow("output first")
            << spec({gate("out", GateKind::Or, {"n1", "n2"}), gate("n1", GateKind::Not, {"a"}),
                     gate("n2", GateKind::Not, {"b"})})
            << QStringList{"n1", "n2", "out"};
        QTest::newRow("independent gates keep their order")
            << spec({gate("n2", GateKind::Not, {"b"}), gate("out", GateKind::Or, {"n1", "n2"}),
                     gate("n1", GateKind::Not, {"a"})})
            << QStringList{"n2", "n1", "out"};
        QTest::newRow("chain written backwards")
            << spec({gate("out", GateKind::Not, {"m"}), gate("m", GateKind::Not, {"n"}),
                     gate("n", GateKind::Not, {"a"}), gate("side", GateKind::Buf, {"b"})})
            << QStringList{"n", "m", "out", "side"};
    }

    void orderIsTopologicalAndStable() {
        QFETCH(CircuitSpec, spec);
        QFETCH(QStringList, order);
        const auto netlist = logic::buildCircuit(spec);
        QVERIFY2(netlist.ok(), netlist.ok() ? "" : netlist.error().c_str());
        QStringList actual;
        for (const logic::Gate& built : netlist->gates()) {
            actual << QString::fromStdString(built.name);
            QCOMPARE(netlist->allSignals()[built.output].name, built.name);
        }
        QCOMPARE(actual, order);
    }

    // The built netlist is the spec: names, kinds, delays, outputs and behaviour.
    void builtNetlistMatchesTheSpec() {
        CircuitSpec spec;
        spec.inputs = {"a", "b", "cin"};
        spec.gates = {gate("cout", GateKind::Or, {"and1", "and2"}),
                      gate("sum", GateKind::Xor, {"xor1", "cin"}, 2),
                      gate("and2", GateKind::And, {"cin", "xor1"}),
                      gate("and1", GateKind::And, {"a", "b"}),
                      gate("xor1", GateKind::Xor, {"a", "b"}, 3)};
        spec.outputs = {{"S", "sum"}, {"Cout", "cout"}};
        const auto netlist = logic::buildCircuit(spec);
        QVERIFY(netlist.ok());
        QCOMPARE(netlist->inputs().size(), std::size_t{3});
        QCOMPARE(netlist->allSignals()[netlist->inputs()[2]].name, std::string("cin"));
        const logic::Gate& sum = netlist->gates()[netlist->findGate("sum")];
        QCOMPARE(sum.kind, GateKind::Xor);
        QCOMPARE(sum.delay, 2);
        QCOMPARE(netlist->allSignals()[sum.inputs[0]].name, std::string("xor1"));
        QCOMPARE(netlist->allSignals()[sum.inputs[1]].name, std::string("cin"));
        QCOMPARE(netlist->outputs().size(), std::size_t{2});
        QCOMPARE(netlist->outputs()[1].name, std::string("Cout"));
        QCOMPARE(netlist->outputs()[1].signal, netlist->findSignal("cout"));
        // xor1 (3) then sum (2); xor1 (3) then and2 (1) then cout (1).
        QCOMPARE(netlist->criticalPathDelay(), 5);
        for (int row = 0; row < 8; ++row) {
            const std::vector<bool> inputs{(row & 4) != 0, (row & 2) != 0, (row & 1) != 0};
            const std::vector<bool> values = netlist->evaluate(inputs);
            const int total = (row & 4 ? 1 : 0) + (row & 2 ? 1 : 0) + (row & 1);
            QCOMPARE(bool(values[netlist->outputs()[0].signal]), total % 2 == 1);
            QCOMPARE(bool(values[netlist->outputs()[1].signal]), total >= 2);
        }
    }
};

QTEST_APPLESS_MAIN(TestCircuitSpec)
#include "tst_circuit_spec.moc"
