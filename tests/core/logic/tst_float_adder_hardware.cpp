// The hardware blocks of the floating-point adder compute the right functions (exhaustively for
// small widths), and the cost report adds up to what its netlists say.
#include <QtTest>
#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "logic/AdderCircuits.h"
#include "logic/FloatAdder.h"
#include "logic/FloatAdderHardware.h"
#include "logic/HardwareBlocks.h"

using namespace mlsyslab::logic;
using mlsyslab::numeric::FloatFormat;
using mlsyslab::numeric::kFp16;
using mlsyslab::numeric::kFp32;

namespace {

// Evaluates a block netlist whose inputs are buses, in the order given: each value's low bits
// go to that bus. Returns the outputs, in port order, as one number (output 0 is bit 0).
std::uint64_t run(const Netlist& netlist, const std::vector<std::pair<int, std::uint64_t>>& buses) {
    std::vector<bool> inputs;
    for (const auto& [width, value] : buses) {
        for (int bit = 0; bit < width; ++bit) inputs.push_back(((value >> bit) & 1) != 0);
    }
    Q_ASSERT(inputs.size() == netlist.inputs().size());
    const std::vector<bool> values = netlist.evaluate(inputs);
    std::uint64_t outputs = 0;
    for (std::size_t port = 0; port < netlist.outputs().size(); ++port) {
        if (values[netlist.outputs()[port].signal]) outputs |= std::uint64_t{1} << port;
    }
    return outputs;
}

std::uint64_t mask(int width) {
    return width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
}

int leadingZeros(std::uint64_t x, int width) {
    return x == 0 ? width : width - static_cast<int>(std::bit_width(x));
}

}  // namespace

class TestFloatAdderHardware : public QObject {
    Q_OBJECT

private slots:
    void multiplexerEveryInput() {
        for (int width = 1; width <= 4; ++width) {
            const Netlist mux = buildMultiplexer(width);
            for (std::uint64_t zero = 0; zero <= mask(width); ++zero) {
                for (std::uint64_t one = 0; one <= mask(width); ++one) {
                    for (std::uint64_t select = 0; select <= 1; ++select) {
                        QCOMPARE(run(mux, {{width, zero}, {width, one}, {1, select}}),
                                 select ? one : zero);
                    }
                }
            }
        }
    }

    void gateTreesEveryInput() {
        for (int width = 1; width <= 8; ++width) {
            for (const GateKind kind : {GateKind::Or, GateKind::And, GateKind::Xor}) {
                Netlist tree;
                const auto x = addInputBus(tree, "x", width);
                tree.addOutput("y", addGateTree(tree, "t", kind, x));
                for (std::uint64_t value = 0; value <= mask(width); ++value) {
                    const std::uint64_t expected = kind == GateKind::Or ? value != 0
                                                   : kind == GateKind::And
                                                       ? value == mask(width)
                                                       : std::popcount(value) % 2;
                    QCOMPARE(run(tree, {{width, value}}), expected);
                }
                // A balanced tree: ceil(log2 width) levels of 2-input gates.
                QCOMPARE(tree.depth(), static_cast<int>(std::bit_width(unsigned(width - 1))));
            }
        }
    }

    void rightShifterEveryInput_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("amountBits");
        for (int width = 1; width <= 9; ++width) {
            for (int amountBits = 1; amountBits <= 5; ++amountBits) {
                QTest::addRow("%d bits by %d-bit amounts", width, amountBits)
                    << width << amountBits;
            }
        }
    }

    void rightShifterEveryInput() {
        QFETCH(int, width);
        QFETCH(int, amountBits);
        const Netlist shifter = buildRightShifter(width, amountBits);
        QCOMPARE(shifter.outputs().size(), std::size_t(width + 1));
        for (std::uint64_t x = 0; x <= mask(width); ++x) {
            for (std::uint64_t amount = 0; amount <= mask(amountBits); ++amount) {
                const std::uint64_t shifted = amount >= 64 ? 0 : x >> amount;
                const bool sticky =
                    (x & mask(static_cast<int>(std::min<std::uint64_t>(amount, 63)))) != 0;
                const std::uint64_t expected = shifted | (std::uint64_t{sticky} << width);
                QCOMPARE(run(shifter, {{width, x}, {amountBits, amount}}), expected);
            }
        }
    }

    void leftShifterEveryInput_data() { rightShifterEveryInput_data(); }

    void leftShifterEveryInput() {
        QFETCH(int, width);
        QFETCH(int, amountBits);
        const Netlist shifter = buildLeftShifter(width, amountBits);
        for (std::uint64_t x = 0; x <= mask(width); ++x) {
            for (std::uint64_t amount = 0; amount <= mask(amountBits); ++amount) {
                const std::uint64_t expected = amount >= 64 ? 0 : (x << amount) & mask(width);
                QCOMPARE(run(shifter, {{width, x}, {amountBits, amount}}), expected);
            }
        }
    }

    void leadingZeroCounterEveryInput() {
        for (int width = 1; width <= 14; ++width) {
            const Netlist counter = buildLeadingZeroCounter(width);
            QCOMPARE(counter.outputs().size(), std::size_t(std::bit_width(unsigned(width))));
            for (std::uint64_t x = 0; x <= mask(width); ++x) {
                QCOMPARE(run(counter, {{width, x}}), std::uint64_t(leadingZeros(x, width)));
            }
        }
    }

    void leadingZeroCounterOfTheFp32Datapath() {
        // 27 bits: every single-bit value and every value with the top bits cleared to a depth,
        // then random values.
        const int width = SignificandLayout{23}.adderWidth();
        const Netlist counter = buildLeadingZeroCounter(width);
        std::mt19937_64 random(27);
        for (int top = 0; top <= width; ++top) {
            for (int sample = 0; sample < 200; ++sample) {
                const std::uint64_t x = top == width ? 0
                                                     : (random() & mask(width - top)) |
                                                           (std::uint64_t{1} << (width - 1 - top));
                QCOMPARE(run(counter, {{width, x}}), std::uint64_t(leadingZeros(x, width)));
            }
        }
    }

    void incrementerAndDecrementerEveryInput() {
        for (int width = 1; width <= 10; ++width) {
            const Netlist increment = buildIncrementer(width);
            const Netlist decrement = buildDecrementer(width);
            for (std::uint64_t x = 0; x <= mask(width); ++x) {
                // Outputs: the carry (borrow) first, then y0..
                const std::uint64_t plus = x + 1;
                QCOMPARE(run(increment, {{width, x}}),
                         ((plus & mask(width)) << 1) | (plus >> width));
                const std::uint64_t minus = (x - 1) & mask(width);
                QCOMPARE(run(decrement, {{width, x}}), (minus << 1) | (x == 0 ? 1 : 0));
            }
        }
    }

    void conditionalIncrementerEveryInput() {
        for (int width = 1; width <= 8; ++width) {
            Netlist netlist;
            const auto x = addInputBus(netlist, "x", width);
            const SignalId carryIn = netlist.addInput("cin");
            addOutputBus(netlist, "y", addIncrementer(netlist, "inc", x, carryIn));
            for (std::uint64_t value = 0; value <= mask(width); ++value) {
                for (std::uint64_t in = 0; in <= 1; ++in) {
                    QCOMPARE(run(netlist, {{width, value}, {1, in}}), value + in);
                }
            }
        }
    }

    void coneCostOfWholeNetlistsIsTheirOwn() {
        for (const AdderKind kind : {AdderKind::RippleCarry, AdderKind::CarryLookahead}) {
            for (const int width : {1, 4, 8, 16, 32}) {
                const auto adder = buildAdder(kind, width, true);
                const GateCost cost = coneCost(adder->netlist);
                QCOMPARE(cost.gates, static_cast<int>(adder->netlist.gates().size()));
                QCOMPARE(cost.depth, adder->netlist.depth());
                // A comparator needs only the carry chain, not the sum bits and flags.
                const SignalId carry = adder->carryOut;
                QVERIFY(coneCost(adder->netlist, std::span(&carry, 1)).gates < cost.gates);
            }
        }
    }

    void alignmentShifterMatchesTheDatapath() {
        // The hardware's alignment shifter (with the sticky ORed into bit 0) computes what the
        // datapath's Align step shows, for every FP16 shift amount.
        const auto hardware = buildFloatAdderHardware(kFp16);
        QVERIFY(hardware.ok());
        const Netlist& align = hardware->blocks[4].parts[0].netlist;
        QCOMPARE(hardware->blocks[4].name, std::string("Alignment shifter"));
        const FloatAdder adder = *FloatAdder::create(kFp16);
        std::mt19937_64 random(16);
        for (std::uint64_t exponent = 1; exponent <= 30; ++exponent) {
            for (int sample = 0; sample < 50; ++sample) {
                const std::uint64_t larger = 0x7800 | (random() & 0x3FF);  // exponent field 30
                const std::uint64_t smaller = (exponent << 10) | (random() & 0x3FF);
                const auto trace = adder.trace(larger, smaller);
                const FloatAdderStep& step = trace.steps[2];
                const std::uint64_t unshifted = trace.steps[1].second.significand;
                const std::uint64_t amount = static_cast<std::uint64_t>(step.exponentDifference);
                QCOMPARE(run(align, {{14, unshifted}, {5, amount}}), step.second.significand);
            }
        }
    }

    void reportAddsUpItsNetlists_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("kind");
        for (const char* format : {"fp16", "fp32"}) {
            QTest::addRow("%s ripple", format) << format << int(AdderKind::RippleCarry);
            QTest::addRow("%s cla", format) << format << int(AdderKind::CarryLookahead);
        }
    }

    void reportAddsUpItsNetlists() {
        QFETCH(QString, format);
        QFETCH(int, kind);
        const FloatFormat chosen = format == "fp16" ? kFp16 : kFp32;
        const auto hardware = buildFloatAdderHardware(chosen, AdderKind(kind));
        QVERIFY(hardware.ok());
        QCOMPARE(hardware->blocks.size(), std::size_t{13});
        int gates = 0;
        int depth = 0;
        for (const HardwareBlock& block : hardware->blocks) {
            int blockGates = 0;
            int blockDepth = 0;
            QVERIFY(!block.parts.empty());
            for (const HardwarePart& part : block.parts) {
                const GateCost counted = coneCost(part.netlist, part.usedOutputs);
                QCOMPARE(part.cost.gates, counted.gates);
                QCOMPARE(part.cost.depth, counted.depth);
                QVERIFY(counted.gates > 0);
                blockGates += counted.gates;
                blockDepth += counted.depth;
            }
            QCOMPARE(block.cost.gates, blockGates);
            QCOMPARE(block.cost.depth, blockDepth);
            gates += blockGates;
            if (block.onCriticalPath) depth += blockDepth;
        }
        QCOMPARE(hardware->totalGates, gates);
        QCOMPARE(hardware->criticalPathDepth, depth);

        // The integer adders are the ones `logic add` reports, of the format's width.
        for (const IntegerAdderCost& integer :
             {hardware->integerRipple, hardware->integerLookahead}) {
            const auto adder = buildAdder(integer.kind, chosen.width());
            QCOMPARE(integer.width, chosen.width());
            QCOMPARE(integer.cost.gates, static_cast<int>(adder->netlist.gates().size()));
            QCOMPARE(integer.cost.depth, adder->netlist.depth());
        }
        // With ripple-carry adders, the significand adder block is the datapath's own
        // adder/subtractor.
        const HardwarePart& significand = hardware->blocks[5].parts[0];
        const AdderCircuit& datapathAdder = FloatAdder::create(chosen)->significandAdder();
        QCOMPARE(significand.netlist.gates().size() == datapathAdder.netlist.gates().size(),
                 AdderKind(kind) == AdderKind::RippleCarry);

        // The seed's point, from the counts: float costs more gates and more levels.
        QVERIFY(hardware->totalGates > 4 * hardware->integerLookahead.cost.gates);
        QVERIFY(hardware->criticalPathDepth > 2 * hardware->integerRipple.cost.depth);
    }

    void widerFormatCostsMore() {
        const auto half = buildFloatAdderHardware(kFp16);
        const auto single = buildFloatAdderHardware(kFp32);
        QVERIFY(single->totalGates > half->totalGates);
        QVERIFY(single->criticalPathDepth > half->criticalPathDepth);
    }

    void unsupportedFormatIsRefused() {
        const auto hardware = buildFloatAdderHardware(mlsyslab::numeric::kFp64);
        QVERIFY(!hardware.ok());
        QVERIFY(hardware.error().find("fp64") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestFloatAdderHardware)
#include "tst_float_adder_hardware.moc"
