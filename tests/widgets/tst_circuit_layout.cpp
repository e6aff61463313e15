#include <QtTest>
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "logic/AdderCircuits.h"
#include "logic/ChannelRouting.h"
#include "logic/CircuitLayout.h"
#include "logic/GateShapes.h"
#include "logic/Netlist.h"

using mlsyslab::widgets::CircuitLayout;
using mlsyslab::widgets::CircuitLayoutMetrics;
using mlsyslab::widgets::layoutCircuit;
using mlsyslab::widgets::RoutedWire;
using mlsyslab::widgets::WireSink;
namespace logic = mlsyslab::logic;
using logic::GateKind;
using logic::Netlist;
using logic::SignalId;

Q_DECLARE_METATYPE(Netlist)

namespace {

constexpr double kTolerance = 1e-6;

bool near(double first, double second) { return std::abs(first - second) < kTolerance; }
bool samePoint(QPointF first, QPointF second) {
    return near(first.x(), second.x()) && near(first.y(), second.y());
}
bool isHorizontal(const QLineF& segment) { return near(segment.y1(), segment.y2()); }
bool isVertical(const QLineF& segment) { return near(segment.x1(), segment.x2()); }

double low(double first, double second) { return std::min(first, second); }
double high(double first, double second) { return std::max(first, second); }

QString describe(const QLineF& segment) {
    return QStringLiteral("(%1,%2)-(%3,%4)")
        .arg(segment.x1())
        .arg(segment.y1())
        .arg(segment.x2())
        .arg(segment.y2());
}

// Whether two segments of different wires share any point other than a proper crossing (a
// horizontal and a vertical meeting inside both), which is what would make two wires look
// connected or drawn on top of each other.
bool touch(const QLineF& first, const QLineF& second) {
    if (isHorizontal(first) && isHorizontal(second)) {
        return near(first.y1(), second.y1()) &&
               low(first.x1(), first.x2()) <= high(second.x1(), second.x2()) + kTolerance &&
               low(second.x1(), second.x2()) <= high(first.x1(), first.x2()) + kTolerance;
    }
    if (isVertical(first) && isVertical(second)) {
        return near(first.x1(), second.x1()) &&
               low(first.y1(), first.y2()) <= high(second.y1(), second.y2()) + kTolerance &&
               low(second.y1(), second.y2()) <= high(first.y1(), first.y2()) + kTolerance;
    }
    const QLineF& horizontal = isHorizontal(first) ? first : second;
    const QLineF& vertical = isHorizontal(first) ? second : first;
    const double x = vertical.x1();
    const double y = horizontal.y1();
    const bool onHorizontal = x >= low(horizontal.x1(), horizontal.x2()) - kTolerance &&
                              x <= high(horizontal.x1(), horizontal.x2()) + kTolerance;
    const bool onVertical = y >= low(vertical.y1(), vertical.y2()) - kTolerance &&
                            y <= high(vertical.y1(), vertical.y2()) + kTolerance;
    if (!onHorizontal || !onVertical) return false;
    const QPointF meeting(x, y);
    // A crossing is fine; an end of either segment at the meeting point is a touch.
    return samePoint(meeting, horizontal.p1()) || samePoint(meeting, horizontal.p2()) ||
           samePoint(meeting, vertical.p1()) || samePoint(meeting, vertical.p2());
}

bool segmentCovers(const QLineF& segment, QPointF point) {
    return point.x() >= low(segment.x1(), segment.x2()) - kTolerance &&
           point.x() <= high(segment.x1(), segment.x2()) + kTolerance &&
           point.y() >= low(segment.y1(), segment.y2()) - kTolerance &&
           point.y() <= high(segment.y1(), segment.y2()) + kTolerance;
}

// Whether the wire's drawn segments contain the whole piece from `from` to `to`.
bool wireCovers(const RoutedWire& wire, QPointF from, QPointF to) {
    return std::any_of(wire.segments.begin(), wire.segments.end(), [&](const QLineF& segment) {
        return segmentCovers(segment, from) && segmentCovers(segment, to) &&
               (isHorizontal(segment) ? near(from.y(), to.y()) : near(from.x(), to.x()));
    });
}

// The inside of a rectangle, a hair smaller so that touching its edge is not entering it.
bool segmentEnters(const QLineF& segment, const QRectF& rect) {
    const QRectF inside = rect.adjusted(0.5, 0.5, -0.5, -0.5);
    const QRectF box = QRectF(segment.p1(), segment.p2()).normalized();
    return box.left() < inside.right() && box.right() > inside.left() &&
           box.top() < inside.bottom() && box.bottom() > inside.top();
}

std::vector<int> expectedLevels(const Netlist& netlist) {
    std::vector<int> levels;
    for (const logic::Gate& gate : netlist.gates()) {
        int level = 1;
        for (const SignalId input : gate.inputs) {
            const int driver = netlist.allSignals()[input].driver;
            if (driver >= 0) level = std::max(level, levels[driver] + 1);
        }
        levels.push_back(level);
    }
    return levels;
}

Netlist singleGate(GateKind kind, int inputCount) {
    Netlist netlist;
    std::vector<SignalId> inputs;
    for (int index = 0; index < inputCount; ++index) {
        inputs.push_back(netlist.addInput(std::string(1, char('a' + index))));
    }
    netlist.addOutput("y", netlist.addGate(kind, "y", inputs, "y"));
    return netlist;
}

// y = a AND NOT a: the classic static hazard.
Netlist glitchCircuit() {
    Netlist netlist;
    const SignalId a = netlist.addInput("a");
    const SignalId notA = netlist.addGate(GateKind::Not, "n", {a}, "n");
    netlist.addOutput("y", netlist.addGate(GateKind::And, "y", {a, notA}, "y"));
    return netlist;
}

// Wires that skip columns, an output straight from an input, and a gate that feeds both a gate
// and an output.
Netlist skippingCircuit() {
    Netlist netlist;
    const SignalId a = netlist.addInput("a");
    const SignalId b = netlist.addInput("b");
    const SignalId c = netlist.addInput("c");
    const SignalId g1 = netlist.addGate(GateKind::Nand, "g1", {a, b}, "g1");
    const SignalId g2 = netlist.addGate(GateKind::Or, "g2", {g1, c}, "g2");
    const SignalId g3 = netlist.addGate(GateKind::Xor, "g3", {g2, a}, "g3");
    const SignalId g4 = netlist.addGate(GateKind::And, "g4", {g3, b, c}, "g4");
    netlist.addOutput("y", g4);
    netlist.addOutput("g1", g1);
    netlist.addOutput("echo", a);
    return netlist;
}

// Random circuits with a fixed seed: each gate reads earlier signals, every gate is an output
// or read by a later gate.
Netlist randomCircuit(unsigned seed) {
    std::mt19937 random(seed);
    const auto pick = [&](int count) { return int(random() % unsigned(count)); };
    Netlist netlist;
    const int inputCount = 2 + pick(4);
    for (int index = 0; index < inputCount; ++index) {
        netlist.addInput(std::string(1, char('a' + index)));
    }
    const int gateCount = 3 + pick(10);
    const GateKind kinds[] = {GateKind::And,  GateKind::Or,  GateKind::Xor,  GateKind::Not,
                              GateKind::Nand, GateKind::Nor, GateKind::Xnor, GateKind::Buf};
    std::vector<bool> read;
    for (int gate = 0; gate < gateCount; ++gate) {
        const GateKind kind = kinds[pick(8)];
        const int fanIn = kind == GateKind::Not || kind == GateKind::Buf ? 1 : 2 + pick(2);
        std::vector<SignalId> inputs;
        const int available = int(netlist.allSignals().size());
        for (int pin = 0; pin < fanIn; ++pin) inputs.push_back(pick(available));
        std::string name = "g";
        name += std::to_string(gate);
        netlist.addGate(kind, name, inputs, name);
    }
    read.assign(netlist.allSignals().size(), false);
    for (const logic::Gate& gate : netlist.gates()) {
        for (const SignalId input : gate.inputs) read[input] = true;
    }
    for (const logic::Gate& gate : netlist.gates()) {
        if (!read[gate.output]) netlist.addOutput(gate.name, gate.output);
    }
    return netlist;
}

// The default metrics, and ones measured from a real font: fractional sizes everywhere, where
// a wire meant to run level must still be level to the last bit.
std::vector<CircuitLayoutMetrics> testMetrics() {
    CircuitLayoutMetrics measured;
    measured.unit = 13.3721;
    measured.labelHeight = 17.2914;
    measured.labelWidth = [](const std::string& text) { return 7.1309 * double(text.size()); };
    return {CircuitLayoutMetrics{}, measured};
}

}  // namespace

class TestCircuitLayout : public QObject {
    Q_OBJECT

private slots:
    void circuits_data();
    void gatesSitInTheColumnOfTheirLevel();
    void gatesSitInTheColumnOfTheirLevel_data() { circuits_data(); }
    void wiresNeverOverlapOrTouchAnotherWire();
    void wiresNeverOverlapOrTouchAnotherWire_data() { circuits_data(); }
    void wiresKeepClearOfGatesSwitchesAndLabels();
    void wiresKeepClearOfGatesSwitchesAndLabels_data() { circuits_data(); }
    void everyPinIsWiredToItsSource();
    void everyPinIsWiredToItsSource_data() { circuits_data(); }
    void junctionsAreBranchPoints();
    void junctionsAreBranchPoints_data() { circuits_data(); }
    void layoutIsDeterministic();
    void layoutIsDeterministic_data() { circuits_data(); }
    void halfAndFullAdderJunctions();
    void straightWiresWhereTheOrderAllows();
    void tracksKeepEnteringAndLeavingRunsApart();
    void swappedWiresJog();
    void gateShapesHavePinsForEveryInputCount();
};

void TestCircuitLayout::circuits_data() {
    QTest::addColumn<Netlist>("netlist");
    QTest::addColumn<int>("metricsIndex");
    std::vector<std::pair<QString, Netlist>> circuits = {
        {"AND", singleGate(GateKind::And, 2)},
        {"OR", singleGate(GateKind::Or, 2)},
        {"XOR", singleGate(GateKind::Xor, 2)},
        {"NOT", singleGate(GateKind::Not, 1)},
        {"BUF", singleGate(GateKind::Buf, 1)},
        {"NAND 3", singleGate(GateKind::Nand, 3)},
        {"NOR 4", singleGate(GateKind::Nor, 4)},
        {"XNOR 8", singleGate(GateKind::Xnor, 8)},
        {"half adder", logic::buildHalfAdder()},
        {"full adder", logic::buildFullAdder()},
        {"glitch", glitchCircuit()},
        {"skipping columns", skippingCircuit()},
        {"4-bit ripple adder", logic::buildAdder(logic::AdderKind::RippleCarry, 4).value().netlist},
        {"4-bit lookahead adder",
         logic::buildAdder(logic::AdderKind::CarryLookahead, 4).value().netlist},
    };
    for (unsigned seed = 1; seed <= 40; ++seed) {
        circuits.emplace_back(QStringLiteral("random %1").arg(seed), randomCircuit(seed));
    }
    // Circuits where two wires swap heights between columns, each entering a channel where
    // the other leaves it: one of them must jog.
    for (const unsigned seed : {114u, 166u, 344u, 379u}) {
        circuits.emplace_back(QStringLiteral("random %1 (a wire jogs)").arg(seed),
                              randomCircuit(seed));
    }
    for (const auto& [name, netlist] : circuits) {
        QTest::addRow("%s", qPrintable(name)) << netlist << 0;
        QTest::addRow("%s, measured font", qPrintable(name)) << netlist << 1;
    }
}

void TestCircuitLayout::gatesSitInTheColumnOfTheirLevel() {
    QFETCH(Netlist, netlist);
    QFETCH(int, metricsIndex);
    const CircuitLayout layout = layoutCircuit(netlist, testMetrics()[metricsIndex]);
    const std::vector<int> levels = expectedLevels(netlist);
    const int deepest = levels.empty() ? 0 : *std::max_element(levels.begin(), levels.end());
    QCOMPARE(layout.columnCount, deepest + 2);
    QCOMPARE(layout.gates.size(), netlist.gates().size());
    for (std::size_t gate = 0; gate < levels.size(); ++gate) {
        QCOMPARE(layout.gates[gate].column, levels[gate]);
    }
    // Columns follow each other left to right: every gate of a level lies right of every gate
    // of a lower level, the switches left of all, the lamps right of all.
    for (const auto& first : layout.gates) {
        for (const auto& second : layout.gates) {
            if (first.column < second.column) QVERIFY(first.bounds.right() < second.bounds.left());
        }
        for (const auto& input : layout.inputs) {
            QVERIFY(input.switchRect.right() < first.bounds.left());
        }
        for (const auto& output : layout.outputs) {
            QVERIFY(output.lampRect.left() > first.bounds.right());
        }
    }
    // Nothing overlaps anything else.
    std::vector<QRectF> boxes;
    for (const auto& input : layout.inputs)
        boxes.insert(boxes.end(), {input.switchRect, input.labelRect});
    for (const auto& gate : layout.gates) {
        boxes.push_back(gate.bounds);
        if (!gate.nameRect.isNull()) boxes.push_back(gate.nameRect);
    }
    for (const auto& output : layout.outputs)
        boxes.insert(boxes.end(), {output.lampRect, output.labelRect});
    for (std::size_t first = 0; first < boxes.size(); ++first) {
        QVERIFY(layout.bounds.adjusted(-kTolerance, -kTolerance, kTolerance, kTolerance)
                    .contains(boxes[first]));
        for (std::size_t second = first + 1; second < boxes.size(); ++second) {
            QVERIFY2(!boxes[first].intersects(boxes[second]),
                     qPrintable(QStringLiteral("boxes %1 and %2 overlap").arg(first).arg(second)));
        }
    }
}

void TestCircuitLayout::wiresNeverOverlapOrTouchAnotherWire() {
    QFETCH(Netlist, netlist);
    QFETCH(int, metricsIndex);
    const CircuitLayout layout = layoutCircuit(netlist, testMetrics()[metricsIndex]);
    // Two wires on one line are far enough apart to be seen as two (two track spacings).
    const double minimumGap = 2.5 * testMetrics()[metricsIndex].unit;
    for (std::size_t first = 0; first < layout.wires.size(); ++first) {
        for (const QLineF& segment : layout.wires[first].segments) {
            QVERIFY(isHorizontal(segment) || isVertical(segment));
        }
        for (std::size_t second = first + 1; second < layout.wires.size(); ++second) {
            for (const QLineF& one : layout.wires[first].segments) {
                for (const QLineF& other : layout.wires[second].segments) {
                    QVERIFY2(!touch(one, other),
                             qPrintable(QStringLiteral("wire %1 %2 touches wire %3 %4")
                                            .arg(first)
                                            .arg(describe(one))
                                            .arg(second)
                                            .arg(describe(other))));
                    if (isHorizontal(one) && isHorizontal(other) && near(one.y1(), other.y1())) {
                        const double gap =
                            std::max(low(other.x1(), other.x2()) - high(one.x1(), one.x2()),
                                     low(one.x1(), one.x2()) - high(other.x1(), other.x2()));
                        QVERIFY2(gap >= minimumGap,
                                 qPrintable(describe(one) + " and " + describe(other)));
                    }
                }
            }
        }
    }
}

void TestCircuitLayout::wiresKeepClearOfGatesSwitchesAndLabels() {
    QFETCH(Netlist, netlist);
    QFETCH(int, metricsIndex);
    const CircuitLayout layout = layoutCircuit(netlist, testMetrics()[metricsIndex]);
    for (std::size_t signal = 0; signal < layout.wires.size(); ++signal) {
        for (const QLineF& segment : layout.wires[signal].segments) {
            for (const auto& gate : layout.gates) {
                if (!segmentEnters(segment, gate.bounds)) continue;
                // Only a gate's own leads reach into it: level with a pin of this wire, ending
                // there.
                bool ownLead = false;
                const logic::Gate& described = netlist.gates()[gate.gate];
                for (std::size_t pin = 0; pin < described.inputs.size(); ++pin) {
                    ownLead = ownLead ||
                              (described.inputs[pin] == SignalId(signal) && isHorizontal(segment) &&
                               (samePoint(segment.p2(), gate.inputPins[pin])));
                }
                ownLead = ownLead || (described.output == SignalId(signal) &&
                                      samePoint(segment.p1(), gate.outputPin));
                QVERIFY2(ownLead, qPrintable(QStringLiteral("wire %1 %2 crosses gate %3")
                                                 .arg(signal)
                                                 .arg(describe(segment))
                                                 .arg(gate.gate)));
            }
            for (const auto& gate : layout.gates) QVERIFY(!segmentEnters(segment, gate.nameRect));
            for (const auto& input : layout.inputs) {
                QVERIFY(!segmentEnters(segment, input.switchRect));
                QVERIFY(!segmentEnters(segment, input.labelRect));
            }
            for (const auto& output : layout.outputs) {
                QVERIFY(!segmentEnters(segment, output.lampRect));
                QVERIFY(!segmentEnters(segment, output.labelRect));
            }
        }
    }
}

void TestCircuitLayout::everyPinIsWiredToItsSource() {
    QFETCH(Netlist, netlist);
    QFETCH(int, metricsIndex);
    const CircuitLayout layout = layoutCircuit(netlist, testMetrics()[metricsIndex]);
    const auto sourcePoint = [&](SignalId signal) {
        const int driver = netlist.allSignals()[signal].driver;
        if (driver >= 0) return layout.gates[driver].outputPin;
        const auto& inputs = netlist.inputs();
        const auto index = std::find(inputs.begin(), inputs.end(), signal) - inputs.begin();
        return layout.inputs[index].wireStart;
    };
    const auto checkRoute = [&](SignalId signal, const WireSink& sink, QPointF end) {
        QVERIFY(sink.route.size() >= 2);
        QVERIFY(samePoint(sink.route.front(), sourcePoint(signal)));
        QVERIFY(samePoint(sink.route.back(), end));
        for (std::size_t point = 0; point + 1 < sink.route.size(); ++point) {
            const QLineF piece(sink.route[point], sink.route[point + 1]);
            QVERIFY(isHorizontal(piece) || isVertical(piece));
            QVERIFY(wireCovers(layout.wires[signal], piece.p1(), piece.p2()));
        }
    };
    for (std::size_t gate = 0; gate < netlist.gates().size(); ++gate) {
        const auto& inputs = netlist.gates()[gate].inputs;
        QCOMPARE(layout.gates[gate].inputPins.size(), inputs.size());
        for (std::size_t pin = 0; pin < inputs.size(); ++pin) {
            const auto& sinks = layout.wires[inputs[pin]].sinks;
            const auto sink = std::find_if(sinks.begin(), sinks.end(), [&](const WireSink& item) {
                return item.gate == int(gate) && item.pin == int(pin);
            });
            QVERIFY(sink != sinks.end());
            checkRoute(inputs[pin], *sink, layout.gates[gate].inputPins[pin]);
        }
    }
    for (std::size_t output = 0; output < netlist.outputs().size(); ++output) {
        const SignalId signal = netlist.outputs()[output].signal;
        const auto& sinks = layout.wires[signal].sinks;
        const auto sink = std::find_if(sinks.begin(), sinks.end(), [&](const WireSink& item) {
            return item.outputIndex == int(output);
        });
        QVERIFY(sink != sinks.end());
        checkRoute(signal, *sink, layout.outputs[output].wireEnd);
    }
    // A wire is no more than the routes to its readers.
    for (const RoutedWire& wire : layout.wires) {
        for (const QLineF& segment : wire.segments) {
            const bool used =
                std::any_of(wire.sinks.begin(), wire.sinks.end(), [&](const WireSink& sink) {
                    for (std::size_t point = 0; point + 1 < sink.route.size(); ++point) {
                        const QLineF piece(sink.route[point], sink.route[point + 1]);
                        if (segmentCovers(piece, segment.center())) return true;
                    }
                    return false;
                });
            QVERIFY2(used, qPrintable(describe(segment)));
        }
    }
}

void TestCircuitLayout::junctionsAreBranchPoints() {
    QFETCH(Netlist, netlist);
    QFETCH(int, metricsIndex);
    const CircuitLayout layout = layoutCircuit(netlist, testMetrics()[metricsIndex]);
    for (std::size_t signal = 0; signal < layout.wires.size(); ++signal) {
        const RoutedWire& wire = layout.wires[signal];
        // A tree with k readers has at most k - 1 branch points, and at least one if k > 1.
        const int readers = int(wire.sinks.size());
        QVERIFY(int(wire.junctions.size()) <= std::max(0, readers - 1));
        if (readers > 1) QVERIFY(!wire.junctions.empty());
        for (const QPointF junction : wire.junctions) {
            int ways = 0;
            for (const QLineF& segment : wire.segments) {
                if (samePoint(segment.p1(), junction) || samePoint(segment.p2(), junction)) {
                    ++ways;
                } else if (segmentCovers(segment, junction)) {
                    ways += 2;
                }
            }
            QVERIFY(ways >= 3);
        }
    }
}

void TestCircuitLayout::layoutIsDeterministic() {
    QFETCH(Netlist, netlist);
    QFETCH(int, metricsIndex);
    const CircuitLayout first = layoutCircuit(netlist, testMetrics()[metricsIndex]);
    const CircuitLayout second = layoutCircuit(netlist, testMetrics()[metricsIndex]);
    QCOMPARE(first.bounds, second.bounds);
    for (std::size_t gate = 0; gate < first.gates.size(); ++gate) {
        QCOMPARE(first.gates[gate].origin, second.gates[gate].origin);
    }
    for (std::size_t input = 0; input < first.inputs.size(); ++input) {
        QCOMPARE(first.inputs[input].switchRect, second.inputs[input].switchRect);
    }
    for (std::size_t signal = 0; signal < first.wires.size(); ++signal) {
        QCOMPARE(first.wires[signal].segments, second.wires[signal].segments);
        QCOMPARE(first.wires[signal].junctions, second.wires[signal].junctions);
    }
}

void TestCircuitLayout::halfAndFullAdderJunctions() {
    // Half adder: a and b each feed the XOR and the AND, so each branches once.
    const Netlist half = logic::buildHalfAdder();
    const CircuitLayout halfLayout = layoutCircuit(half, {});
    QCOMPARE(halfLayout.wires[half.findSignal("a")].junctions.size(), std::size_t(1));
    QCOMPARE(halfLayout.wires[half.findSignal("b")].junctions.size(), std::size_t(1));
    QCOMPARE(halfLayout.wires[half.findSignal("sum")].junctions.size(), std::size_t(0));
    // Full adder: a, b, cin and the first XOR's output each feed two gates.
    const Netlist full = logic::buildFullAdder();
    const CircuitLayout fullLayout = layoutCircuit(full, {});
    for (const char* name : {"a", "b", "cin", "xor1"}) {
        QCOMPARE(fullLayout.wires[full.findSignal(name)].junctions.size(), std::size_t(1));
    }
    for (const char* name : {"and1", "and2", "sum", "cout"}) {
        QCOMPARE(fullLayout.wires[full.findSignal(name)].junctions.size(), std::size_t(0));
    }
}

void TestCircuitLayout::straightWiresWhereTheOrderAllows() {
    for (const CircuitLayoutMetrics& metrics : testMetrics()) {
        // A chain of NOTs is one straight line from the switch to the lamp.
        Netlist chain;
        SignalId signal = chain.addInput("a");
        for (int index = 0; index < 3; ++index) {
            std::string name = "n";
            name += std::to_string(index);
            signal = chain.addGate(GateKind::Not, name, {signal}, name);
        }
        chain.addOutput("y", signal);
        const CircuitLayout layout = layoutCircuit(chain, metrics);
        for (const RoutedWire& wire : layout.wires) {
            for (const QLineF& segment : wire.segments) {
                QVERIFY(isHorizontal(segment));
                QCOMPARE(segment.y1(), layout.inputs[0].wireStart.y());
            }
        }
        // A single gate: one of its two inputs runs straight in, as one segment.
        const CircuitLayout single = layoutCircuit(singleGate(GateKind::Xor, 2), metrics);
        int straight = 0;
        for (const auto& input : single.inputs) {
            if (single.wires[input.signal].segments.size() == 1) ++straight;
        }
        QCOMPARE(straight, 1);
    }
}

void TestCircuitLayout::tracksKeepEnteringAndLeavingRunsApart() {
    using mlsyslab::widgets::assignChannelTracks;
    using mlsyslab::widgets::ChannelNet;
    using mlsyslab::widgets::countChannelCrossings;
    // Net 0 enters at 10 where net 1 leaves, so net 0's track must come first; net 2 goes
    // straight across.
    const std::vector<ChannelNet> nets = {{10, {30}}, {0, {10, 20}}, {40, {40}}};
    const auto tracks = assignChannelTracks(nets);
    QCOMPARE(tracks.trackCount, 2);
    QCOMPARE(tracks.routes[0].track, 0);
    QCOMPARE(tracks.routes[1].track, 1);
    // Net 0 ends level with where net 1 starts: a wider gap shows they are two wires.
    QCOMPARE(tracks.trackPositions, (std::vector<double>{0, 2}));
    QCOMPARE(tracks.routes[2].track, -1);
    for (const auto& route : tracks.routes) QCOMPARE(route.sinkTrack, -1);
    // Two nets heading down side by side: the lower one's track first, so they do not cross.
    const std::vector<ChannelNet> parallel = {{0, {10}}, {4, {12}}};
    const auto parallelTracks = assignChannelTracks(parallel);
    QCOMPARE(countChannelCrossings(parallel, parallelTracks.routes), 0);
    QCOMPARE(parallelTracks.routes[0].track, 1);
    QCOMPARE(parallelTracks.routes[1].track, 0);
}

void TestCircuitLayout::swappedWiresJog() {
    using mlsyslab::widgets::assignChannelTracks;
    using mlsyslab::widgets::ChannelNet;
    // Each enters where the other leaves: no order of two tracks works, so net 0 jogs, on a
    // first track left of net 1's and a second one right of it, crossing at a free height.
    const std::vector<ChannelNet> nets = {{0, {10}}, {10, {0}}};
    const auto tracks = assignChannelTracks(nets);
    QCOMPARE(tracks.trackCount, 3);
    QCOMPARE(tracks.routes[0].track, 0);
    QCOMPARE(tracks.routes[1].track, 1);
    QCOMPARE(tracks.routes[0].sinkTrack, 2);
    QCOMPARE(tracks.routes[1].sinkTrack, -1);
    QCOMPARE(tracks.routes[0].jogY, 5.0);
}

void TestCircuitLayout::gateShapesHavePinsForEveryInputCount() {
    using mlsyslab::widgets::gateShape;
    using mlsyslab::widgets::hasInversionBubble;
    const double unit = 10;
    for (const GateKind kind : {GateKind::And, GateKind::Or, GateKind::Xor, GateKind::Not,
                                GateKind::Nand, GateKind::Nor, GateKind::Xnor, GateKind::Buf}) {
        for (int inputs = logic::minimumInputs(kind); inputs <= logic::maximumInputs(kind);
             ++inputs) {
            const auto shape = gateShape(kind, inputs, unit);
            QCOMPARE(int(shape.inputPins.size()), inputs);
            // Pins top to bottom, two units apart, centred on the output.
            for (int pin = 0; pin < inputs; ++pin) {
                QCOMPARE(shape.inputPins[pin].y(), (pin - (inputs - 1) / 2.0) * 2 * unit);
                // On the input side: in the left third of the shape, on or inside its edge.
                QVERIFY(shape.inputPins[pin].x() >= shape.bounds.left());
                QVERIFY(shape.inputPins[pin].x() < shape.bounds.left() + shape.bounds.width() / 3);
                QVERIFY(shape.bounds.contains(shape.inputPins[pin]));
            }
            // The output at the far right, level with the centre; past a bubble when inverting.
            QCOMPARE(shape.outputPin.y(), 0.0);
            QCOMPARE(shape.outputPin.x(), shape.bounds.right());
            const QPointF justInside = shape.outputPin - QPointF(0.2 * unit, 0);
            QCOMPARE(shape.body.contains(justInside), true);
            QCOMPARE(hasInversionBubble(kind), kind == GateKind::Not || kind == GateKind::Nand ||
                                                   kind == GateKind::Nor || kind == GateKind::Xnor);
            // The kind's name has room inside the body.
            QVERIFY(shape.body.boundingRect().contains(shape.labelArea));
            QVERIFY(shape.labelArea.width() > 2 * unit);
        }
    }
}

QTEST_APPLESS_MAIN(TestCircuitLayout)
#include "tst_circuit_layout.moc"
