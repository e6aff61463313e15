#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "logic/lesson/GatesKind.h"
#include "logic/Gate.h"

using mlsyslab::lesson::Severity;
using mlsyslab::lesson::StateProblem;
using mlsyslab::lesson::kinds::gatesKind;
using mlsyslab::lesson::kinds::GatesState;
namespace logic = mlsyslab::logic;

namespace {

// Problems as comparable lines, from LessonTestSupport.h.
using mlsyslab::testing::describe;

QString nameOf(const logic::Netlist& netlist, logic::SignalId signal) {
    return QString::fromStdString(netlist.allSignals()[signal].name);
}

// "in a,b | y=AND(a,b) | out y=y | values 00 | table | path": the whole state on one line,
// gates in the netlist's (topological) order, a delay other than 1 after a slash.
QString describe(const GatesState& state) {
    const logic::Netlist& netlist = state.circuit;
    QStringList inputs;
    for (const logic::SignalId input : netlist.inputs()) inputs << nameOf(netlist, input);
    QStringList gates;
    for (const logic::Gate& gate : netlist.gates()) {
        QStringList reads;
        for (const logic::SignalId input : gate.inputs) reads << nameOf(netlist, input);
        QString text = QStringLiteral("%1=%2(%3)")
                           .arg(QString::fromStdString(gate.name),
                                QString::fromUtf8(logic::gateKindName(gate.kind).data(),
                                                  qsizetype(logic::gateKindName(gate.kind).size())),
                                reads.join(','));
        if (gate.delay != 1) text += QStringLiteral("/%1").arg(gate.delay);
        gates << text;
    }
    QStringList outputs;
    for (const logic::OutputPort& port : netlist.outputs()) {
        outputs << QString::fromStdString(port.name) + '=' + nameOf(netlist, port.signal);
    }
    QString values;
    for (const bool value : state.inputValues) values += value ? '1' : '0';
    QString text = QStringLiteral("in %1 | %2 | out %3 | values %4")
                       .arg(inputs.join(','), gates.join(' '), outputs.join(','), values);
    if (state.truthTable) text += QStringLiteral(" | table");
    if (state.criticalPath) text += QStringLiteral(" | path");
    return text;
}

// inputs: [i0, i1, ...] and `gates` chained NOTs: a circuit of a chosen size.
QString sizedCircuit(int inputCount, int gateCount) {
    QStringList inputs;
    for (int index = 0; index < inputCount; ++index) inputs << QStringLiteral("i%1").arg(index);
    QString yaml = QStringLiteral("inputs: [%1]\ngates:\n").arg(inputs.join(", "));
    for (int index = 0; index < gateCount; ++index) {
        const QString source =
            index == 0 ? QStringLiteral("i0") : QStringLiteral("n%1").arg(index - 1);
        yaml += QStringLiteral("  - {name: n%1, kind: not, inputs: [%2]}\n").arg(index).arg(source);
    }
    yaml += QStringLiteral("outputs: [n%1]\n").arg(gateCount - 1);
    return yaml;
}

}  // namespace

class TestGatesKind : public QObject {
    Q_OBJECT

private slots:
    void defaultIsATwoInputAnd();
    void validStates_data();
    void validStates();
    void problems_data();
    void problems();
    void circuitSizeLimits();
};

void TestGatesKind::defaultIsATwoInputAnd() {
    QCOMPARE(describe(GatesState{}),
             QStringLiteral("in a,b | y=AND(a,b) | out y=y | values 00 | table"));
}

void TestGatesKind::validStates_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("xor") << "gate: xor"
                         << "in a,b | y=XOR(a,b) | out y=y | values 00 | table";
    QTest::newRow("kind in capitals") << "gate: XNOR"
                                      << "in a,b | y=XNOR(a,b) | out y=y | values 00 | table";
    QTest::newRow("not has one input") << "gate: not\nvalues: {a: 1}"
                                       << "in a | y=NOT(a) | out y=y | values 1 | table";
    QTest::newRow("buf") << "gate: buf\ninputs: 1"
                         << "in a | y=BUF(a) | out y=y | values 0 | table";
    QTest::newRow("3-input nand") << "gate: nand\ninputs: 3\nvalues: {c: 1, a: true}"
                                  << "in a,b,c | y=NAND(a,b,c) | out y=y | values 101 | table";
    QTest::newRow("8-input or") << "gate: or\ninputs: 8"
                                << "in a,b,c,d,e,f,g,h | y=OR(a,b,c,d,e,f,g,h) | out y=y | "
                                   "values 00000000 | table";
    QTest::newRow("inputs alone: the and gate")
        << "inputs: 3"
        << "in a,b,c | y=AND(a,b,c) | out y=y | values 000 | table";
    QTest::newRow("half adder") << "circuit: half-adder\nvalues: {b: 1}"
                                << "in a,b | xor=XOR(a,b) and=AND(a,b) | out sum=sum,carry=carry | "
                                   "values 01 | table";
    QTest::newRow("full adder, options")
        << "circuit: full-adder\nvalues: {a: 1, cin: 1}\ntruth_table: false\ncritical_path: true"
        << "in a,b,cin | xor1=XOR(a,b) xor2=XOR(xor1,cin) and1=AND(a,b) and2=AND(cin,xor1) "
           "or=OR(and1,and2) | out sum=sum,cout=cout | values 101 | path";
    QTest::newRow("own half adder")
        << "inputs: [a, b]\n"
           "gates:\n"
           "  - {name: sum, kind: xor, inputs: [a, b]}\n"
           "  - {name: carry, kind: and, inputs: [a, b], delay: 2}\n"
           "outputs: [sum, carry]\n"
           "values: {a: 1, b: 0}\n"
        << "in a,b | sum=XOR(a,b) carry=AND(a,b)/2 | out sum=sum,carry=carry | values 10 | table";
    QTest::newRow("own circuit in any order, block style")
        << "inputs: [a]\n"
           "outputs: [y, a]\n"
           "gates:\n"
           "  - name: y\n"
           "    kind: and\n"
           "    inputs: [a, n]\n"
           "  - name: n\n"
           "    kind: not\n"
           "    inputs: [a]\n"
        << "in a | n=NOT(a) y=AND(a,n) | out y=y,a=a | values 0 | table";
    QTest::newRow("nine inputs without a table")
        << "inputs: [a, b, c, d, e, f, g, h, i]\n"
           "gates:\n"
           "  - {name: y, kind: and, inputs: [a, b, c, d, e, f, g, h]}\n"
           "  - {name: z, kind: buf, inputs: [i]}\n"
           "outputs: [y, z]\n"
           "truth_table: false\n"
        << "in a,b,c,d,e,f,g,h,i | y=AND(a,b,c,d,e,f,g,h) z=BUF(i) | out y=y,z=z | values "
           "000000000";
}

void TestGatesKind::validStates() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    const auto reading = gatesKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(describe(reading.state), state);
}

void TestGatesKind::problems_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("expected");
    const QString kinds = "and, or, xor, not, nand, nor, xnor or buf";
    QTest::newRow("misspelt kind")
        << "gate: xro" << QStringList{"error 0:6 unknown gate kind 'xro'; did you mean 'xor'?"};
    QTest::newRow("unknown kind") << "gate: mux"
                                  << QStringList{"error 0:6 unknown gate kind 'mux'; a gate is " +
                                                 kinds};
    QTest::newRow("not with two inputs")
        << "gate: not\ninputs: 2" << QStringList{"error 1:8 inputs must be 1 for a NOT gate"};
    QTest::newRow("xor with nine inputs")
        << "gate: xor\ninputs: 9" << QStringList{"error 1:8 inputs must be 2 to 8 for an XOR gate"};
    QTest::newRow("nand with one input")
        << "gate: nand\ninputs: 1"
        << QStringList{"error 1:8 inputs must be 2 to 8 for a NAND gate"};
    QTest::newRow("input names beside gate")
        << "gate: and\ninputs: [a, b]"
        << QStringList{
               "error 1:8 with 'gate', inputs is how many inputs the gate has, like "
               "'inputs: 3'; a list of input names goes with 'gates' (a circuit of your own)"};
    QTest::newRow("outputs beside gate")
        << "gate: and\noutputs: [y]"
        << QStringList{"error 1:0 'outputs' goes with 'gates', in a circuit of your own"};
    QTest::newRow("misspelt circuit")
        << "circuit: full-addr"
        << QStringList{
               "error 0:9 circuit must be half-adder or full-adder; did you mean 'full-adder'?"};
    QTest::newRow("inputs beside circuit")
        << "circuit: half-adder\ninputs: [x]"
        << QStringList{
               "error 1:0 'inputs' does not go with 'circuit': a built-in circuit has its "
               "own inputs and outputs"};
    QTest::newRow("two circuits")
        << "gate: xor\ncircuit: half-adder"
        << QStringList{
               "error 1:0 'circuit' cannot go with 'gate': show one gate ('gate'), a "
               "built-in circuit ('circuit') or a circuit of your own ('gates')"};
    QTest::newRow("input names without gates")
        << "inputs: [a, b]"
        << QStringList{"error 0:0 a circuit of your own needs 'gates', the list of its gates"};
    QTest::newRow("value for an unknown input")
        << "gate: xor\nvalues: {a: 1, c: 1}"
        << QStringList{"error 1:15 values: 'c' is not an input (the inputs are a and b)"};
    QTest::newRow("value for a misspelt input, one letter")
        << "gate: xor\nvalues: {aa: 1}"
        << QStringList{"error 1:9 values: 'aa' is not an input (the inputs are a and b)"};
    QTest::newRow("value for a misspelt input")
        << "circuit: full-adder\nvalues: {cn: 1}"
        << QStringList{"error 1:9 values: 'cn' is not an input; did you mean 'cin'?"};
    QTest::newRow("value not 0 or 1")
        << "gate: xor\nvalues: {a: 2}"
        << QStringList{"error 1:12 the value of input 'a' must be 0 or 1"};
    QTest::newRow("values not a map")
        << "gate: xor\nvalues: [1, 0]"
        << QStringList{
               "error 1:8 values must be a map of inputs to 0 or 1, like 'values: {a: 1, b: 0}'"};
    QTest::newRow("truth_table not a boolean")
        << "gate: and\ntruth_table: maybe"
        << QStringList{"error 1:13 truth_table must be true or false"};
    QTest::newRow("critical_path not a boolean")
        << "critical_path: 1" << QStringList{"error 0:15 critical_path must be true or false"};
    QTest::newRow("circuit problems, each at its gate or output")
        << "inputs: [a, b]\n"
           "gates:\n"
           "  - {name: s, kind: xor, inputs: [a, c]}\n"
           "  - {name: t, kind: xro, inputs: [a, b]}\n"
           "  - {name: u, kind: not, inputs: [a, b]}\n"
           "  - {name: s, kind: and, inputs: [a, b]}\n"
           "outputs: [s, v]\n"
        << QStringList{"error 2:4 input 'c' of gate 's' is not connected to anything",
                       "error 3:20 unknown gate kind 'xro'; did you mean 'xor'?",
                       "error 4:4 gate 'u' (NOT) takes exactly 1 input, not 2",
                       "error 5:4 duplicate name 's'",
                       "error 6:13 output 'v' names 'v', which is neither an input nor a gate"};
    QTest::newRow("a loop, named in full")
        << "inputs: [a]\n"
           "gates:\n"
           "  - {name: g1, kind: and, inputs: [a, g2]}\n"
           "  - {name: g2, kind: or, inputs: [g1, a]}\n"
           "outputs: [g2]\n"
        << QStringList{"error 2:4 gates form a loop: g1 -> g2 -> g1"};
    QTest::newRow("a gate feeding itself")
        << "inputs: [a]\n"
           "gates:\n"
           "  - name: latch\n"
           "    kind: nor\n"
           "    inputs: [a, latch]\n"
           "outputs: [latch]\n"
        << QStringList{"error 2:4 gates form a loop: latch -> latch"};
    QTest::newRow("no outputs") << "inputs: [a]\ngates:\n  - {name: n, kind: not, inputs: [a]}"
                                << QStringList{"error 1:0 the circuit has no outputs"};
    QTest::newRow("an input named twice")
        << "inputs: [a, a]\ngates:\n  - {name: n, kind: not, inputs: [a]}\noutputs: [n]"
        << QStringList{"error 0:12 duplicate name 'a'"};
    QTest::newRow("delay of 0")
        << "inputs: [a]\ngates:\n  - {name: n, kind: not, inputs: [a], delay: 0}\noutputs: [n]"
        << QStringList{"error 2:45 delay must be a whole number from 1 to 1000"};
    QTest::newRow("gates without inputs")
        << "gates:\n  - {name: n, kind: not, inputs: [a]}\noutputs: [n]"
        << QStringList{
               "error 0:0 a circuit of your own needs 'inputs', the list of its input "
               "names, like 'inputs: [a, b]'"};
    QTest::newRow("gates not a list")
        << "inputs: [a]\ngates: {name: n}\noutputs: [n]"
        << QStringList{
               "error 1:7 gates must be a list of gates, one '- {name: x1, kind: xor, "
               "inputs: [a, b]}' per line"};
    QTest::newRow("a gate that is not a map")
        << "inputs: [a]\ngates:\n  - xor\noutputs: [a]"
        << QStringList{"error 2:4 each gate is written {name: x1, kind: xor, inputs: [a, b]}"};
    QTest::newRow("a gate without a kind, a field misspelt")
        << "inputs: [a]\ngates:\n  - {name: n, knd: not, inputs: [a]}\noutputs: [n]"
        << QStringList{"error 2:4 gate 'n' needs a kind: " + kinds,
                       "warning 2:14 unknown gate field 'knd'; did you mean 'kind'?"};
    QTest::newRow("a gate without a name")
        << "inputs: [a]\ngates:\n  - {kind: not, inputs: [a]}\noutputs: [a]"
        << QStringList{"error 2:4 gate #1 has no name"};
    QTest::newRow("an input that is not a name")
        << "inputs: [a, [b]]\ngates:\n  - {name: n, kind: not, inputs: [a]}\noutputs: [n]"
        << QStringList{"error 0:12 each name must be a word, like a or cin"};
    QTest::newRow("nine inputs with a table")
        << "inputs: [a, b, c, d, e, f, g, h, i]\n"
           "gates:\n"
           "  - {name: y, kind: and, inputs: [a, b, c, d, e, f, g, h]}\n"
           "  - {name: z, kind: buf, inputs: [i]}\n"
           "outputs: [y, z]\n"
        << QStringList{
               "error 0:0 a truth table shows at most 8 inputs; this circuit has 9: add "
               "'truth_table: false'"};
}

void TestGatesKind::problems() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, expected);
    const auto reading = gatesKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), expected);
    // Whatever is wrong, the widget gets a circuit it can show, with a value per input.
    QCOMPARE(reading.state.inputValues.size(), reading.state.circuit.inputs().size());
    QVERIFY(!reading.state.circuit.outputs().empty());
}

void TestGatesKind::circuitSizeLimits() {
    const auto fits = gatesKind().read(YAML::Load(sizedCircuit(8, 40).toStdString()));
    QCOMPARE(describe(fits.problems), QStringList());
    QCOMPARE(int(fits.state.circuit.gates().size()), 40);

    const auto tooManyGates = gatesKind().read(YAML::Load(sizedCircuit(2, 41).toStdString()));
    QCOMPARE(describe(tooManyGates.problems),
             QStringList{"error 1:0 a gates circuit has at most 40 gates; this one has 41"});

    const auto tooManyInputs =
        gatesKind().read(YAML::Load((sizedCircuit(17, 1) + "truth_table: false\n").toStdString()));
    QCOMPARE(describe(tooManyInputs.problems),
             QStringList{"error 0:8 a gates circuit has at most 16 inputs; this one has 17"});
}

QTEST_APPLESS_MAIN(TestGatesKind)
#include "tst_gates_kind.moc"
