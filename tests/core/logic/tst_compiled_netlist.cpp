// CompiledNetlist computes what Netlist::evaluate computes, one evaluation at a time and 64 at
// a time, for the adders, the hardware blocks and gates of every kind and fan-in.
#include <QtTest>
#include <cstdint>
#include <random>
#include <vector>

#include "logic/AdderCircuits.h"
#include "logic/CompiledNetlist.h"
#include "logic/HardwareBlocks.h"

using namespace mlsyslab::logic;

namespace {

// Appends, since `"literal" + std::string` trips GCC 12's -Wrestrict false positive.
std::string numbered(const char* prefix, int number) {
    std::string name(prefix);
    name.append(std::to_string(number));
    return name;
}

// Netlist::evaluate and both compiled forms on `samples` random input vectors (every vector when
// there are at most 12 inputs); the first disagreement, or an empty string.
QString compareEvaluations(const Netlist& netlist, int samples, std::uint64_t seed) {
    const CompiledNetlist compiled(netlist);
    const std::size_t inputCount = netlist.inputs().size();
    const bool exhaustive = inputCount <= 12;
    const std::uint64_t total =
        exhaustive ? (std::uint64_t{1} << inputCount) : std::uint64_t(samples);
    std::mt19937_64 random(seed);
    std::vector<std::vector<bool>> batch;
    std::vector<std::uint64_t> lanes(netlist.allSignals().size());
    for (std::uint64_t sample = 0; sample < total; ++sample) {
        std::vector<bool> inputs(inputCount);
        const std::uint64_t draw = exhaustive ? sample : random();
        for (std::size_t input = 0; input < inputCount; ++input) {
            inputs[input] = exhaustive ? ((draw >> input) & 1) != 0 : (random() & 1) != 0;
        }
        const std::vector<bool> expected = netlist.evaluate(inputs);
        std::vector<std::uint8_t> bytes(netlist.allSignals().size());
        for (std::size_t input = 0; input < inputCount; ++input) {
            bytes[netlist.inputs()[input]] = inputs[input];
        }
        compiled.evaluate(bytes);
        for (std::size_t signal = 0; signal < expected.size(); ++signal) {
            if (bytes[signal] != expected[signal]) {
                return QStringLiteral("byte evaluation differs at %1")
                    .arg(QString::fromStdString(netlist.allSignals()[signal].name));
            }
        }
        batch.push_back(inputs);
        if (batch.size() == 64 || sample + 1 == total) {
            std::fill(lanes.begin(), lanes.end(), 0);
            for (std::size_t lane = 0; lane < batch.size(); ++lane) {
                for (std::size_t input = 0; input < inputCount; ++input) {
                    lanes[netlist.inputs()[input]] |= std::uint64_t{batch[lane][input]} << lane;
                }
            }
            compiled.evaluateLanes(lanes);
            for (std::size_t lane = 0; lane < batch.size(); ++lane) {
                const std::vector<bool> laneExpected = netlist.evaluate(batch[lane]);
                for (std::size_t signal = 0; signal < laneExpected.size(); ++signal) {
                    if (((lanes[signal] >> lane) & 1) != laneExpected[signal]) {
                        return QStringLiteral("lane %1 differs at %2")
                            .arg(lane)
                            .arg(QString::fromStdString(netlist.allSignals()[signal].name));
                    }
                }
            }
            batch.clear();
        }
    }
    return {};
}

}  // namespace

class TestCompiledNetlist : public QObject {
    Q_OBJECT

private slots:
    void addersMatch_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("subtractor");
        for (const int width : {1, 4, 5, 16, 27, 32}) {
            for (const bool subtractor : {false, true}) {
                QTest::addRow("ripple %d%s", width, subtractor ? " sub" : "")
                    << int(AdderKind::RippleCarry) << width << subtractor;
                QTest::addRow("cla %d%s", width, subtractor ? " sub" : "")
                    << int(AdderKind::CarryLookahead) << width << subtractor;
            }
        }
    }

    void addersMatch() {
        QFETCH(int, kind);
        QFETCH(int, width);
        QFETCH(bool, subtractor);
        const auto adder = buildAdder(AdderKind(kind), width, subtractor);
        const QString difference = compareEvaluations(adder->netlist, 700, width);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void hardwareBlocksMatch() {
        for (const Netlist& netlist : {buildRightShifter(14, 5), buildLeftShifter(27, 5),
                                       buildLeadingZeroCounter(27), buildMultiplexer(8)}) {
            const QString difference = compareEvaluations(netlist, 700, 5);
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
        }
    }

    void everyGateKindAndFanIn() {
        // Every kind with every allowed fan-in, plus gates that read one signal twice.
        Netlist netlist;
        std::vector<SignalId> inputs;
        for (int index = 0; index < kMaxGateInputs; ++index) {
            inputs.push_back(netlist.addInput(numbered("i", index)));
        }
        int next = 0;
        for (const GateKind kind : {GateKind::And, GateKind::Or, GateKind::Xor, GateKind::Not,
                                    GateKind::Nand, GateKind::Nor, GateKind::Xnor, GateKind::Buf}) {
            for (int fanIn = minimumInputs(kind); fanIn <= maximumInputs(kind); ++fanIn) {
                const std::string name = numbered("g", next++);
                const std::vector<SignalId> read(inputs.begin(), inputs.begin() + fanIn);
                netlist.addOutput(name, netlist.addGate(kind, name, read, name));
            }
            if (maximumInputs(kind) >= 2) {
                const std::string name = numbered("twice", next++);
                netlist.addOutput(name, netlist.addGate(kind, name, {inputs[0], inputs[0]}, name));
            }
        }
        const QString difference = compareEvaluations(netlist, 0, 1);  // 8 inputs: exhaustive
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void keepsOnlyTheConeOfTheWantedSignals() {
        const auto adder = buildAdder(AdderKind::RippleCarry, 8, true);
        const CompiledNetlist all(adder->netlist);
        QCOMPARE(all.gateCount(), static_cast<int>(adder->netlist.gates().size()));
        std::vector<SignalId> wanted = adder->sum;
        wanted.push_back(adder->carryOut);
        const CompiledNetlist cone(adder->netlist, wanted);
        QVERIFY(cone.gateCount() < all.gateCount());  // no flags
        // And those signals still come out right, for every A, B and sub.
        std::vector<std::uint8_t> values(static_cast<std::size_t>(cone.signalCount()));
        for (std::uint64_t a = 0; a < 256; ++a) {
            for (std::uint64_t b = 0; b < 256; b += 7) {
                for (const bool subtract : {false, true}) {
                    for (int bit = 0; bit < 8; ++bit) {
                        values[adder->a[bit]] = (a >> bit) & 1;
                        values[adder->b[bit]] = (b >> bit) & 1;
                    }
                    values[adder->carryIn] = subtract;
                    cone.evaluate(values);
                    std::uint64_t sum = 0;
                    for (int bit = 0; bit < 8; ++bit)
                        sum |= std::uint64_t{values[adder->sum[bit]]} << bit;
                    const std::uint64_t total = subtract ? a + (~b & 0xFF) + 1 : a + b;
                    QCOMPARE(sum, total & 0xFF);
                    QCOMPARE(values[adder->carryOut] != 0, (total >> 8) != 0);
                }
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestCompiledNetlist)
#include "tst_compiled_netlist.moc"
