#include <QtTest>
#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <string>

#include "logic/AdderCircuits.h"
#include "logic/TruthTable.h"

using mlsyslab::logic::AdderCircuit;
using mlsyslab::logic::AdderKind;
using mlsyslab::logic::AdderOutcome;
namespace logic = mlsyslab::logic;

Q_DECLARE_METATYPE(AdderKind)

namespace {

// What the circuit must give, from plain 64-bit integer arithmetic: the W-bit sum, the carry
// out of bit W-1 (for subtraction A + NOT B + 1, so 1 means no borrow), and the signed overflow
// of the two's complement reading.
AdderOutcome reference(int width, std::uint64_t a, std::uint64_t b, bool carryIn, bool subtract) {
    const std::uint64_t mask = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
    a &= mask;
    b &= mask;
    const std::uint64_t addend = subtract ? ~b & mask : b;
    const std::uint64_t carryInBit = subtract ? 1 : (carryIn ? 1 : 0);
    const std::uint64_t total = a + addend + carryInBit;
    const auto signedOf = [&](std::uint64_t value) {
        const bool negative = ((value >> (width - 1)) & 1) != 0;
        return negative ? static_cast<std::int64_t>(value) - static_cast<std::int64_t>(mask) - 1
                        : static_cast<std::int64_t>(value);
    };
    const std::int64_t trueSigned =
        subtract ? signedOf(a) - signedOf(b) : signedOf(a) + signedOf(b) + (carryIn ? 1 : 0);
    AdderOutcome expected;
    expected.sum = total & mask;
    expected.carry = (total >> width) != 0;
    expected.overflow = trueSigned != signedOf(expected.sum);
    expected.zero = expected.sum == 0;
    expected.negative = ((expected.sum >> (width - 1)) & 1) != 0;
    return expected;
}

// "" when equal, else what differs.
std::string mismatches(const AdderOutcome& actual, const AdderOutcome& expected) {
    std::string found;
    if (actual.sum != expected.sum) {
        found += " sum ";
        found += std::to_string(actual.sum);
    }
    if (actual.carry != expected.carry) found += " carry";
    if (actual.overflow != expected.overflow) found += " overflow";
    if (actual.zero != expected.zero) found += " zero";
    if (actual.negative != expected.negative) found += " negative";
    return found;
}

AdderCircuit build(AdderKind kind, int width, bool subtractor) {
    auto adder = logic::buildAdder(kind, width, subtractor);
    if (!adder.ok()) qFatal("%s", adder.error().c_str());
    return *adder;
}

// "s3", "fa3.or": built by appending (GCC 12 warns falsely on "literal" + std::string).
std::string named(const char* prefix, int index, const char* suffix = "") {
    std::string name = prefix;
    name += std::to_string(index);
    name += suffix;
    return name;
}

// The number of lookahead levels: ceil(log4 W), at least 1.
int lookaheadLevels(int width) {
    int levels = 1;
    for (int span = 4; span < width; span *= 4) ++levels;
    return levels;
}

}  // namespace

class TestAdderCircuits : public QObject {
    Q_OBJECT

private slots:
    // The slide's tables: Sum = A XOR B, Carry = A AND B; and the full adder's eight rows.
    void halfAdderMatchesTheSlide() {
        const auto table = logic::deriveTruthTable(logic::buildHalfAdder());
        QVERIFY(table.ok());
        QCOMPARE(table->inputNames, (std::vector<std::string>{"a", "b"}));
        QCOMPARE(table->outputNames, (std::vector<std::string>{"sum", "carry"}));
        const std::vector<std::vector<bool>> slide{{0, 0}, {1, 0}, {1, 0}, {0, 1}};
        QCOMPARE(table->outputs, slide);
    }

    void fullAdderMatchesTheSlide() {
        const logic::Netlist fullAdder = logic::buildFullAdder();
        const auto table = logic::deriveTruthTable(fullAdder);
        QVERIFY(table.ok());
        QCOMPARE(table->inputNames, (std::vector<std::string>{"a", "b", "cin"}));
        QCOMPARE(table->outputNames, (std::vector<std::string>{"sum", "cout"}));
        const std::vector<std::vector<bool>> slide{{0, 0}, {1, 0}, {1, 0}, {0, 1},
                                                   {1, 0}, {0, 1}, {0, 1}, {1, 1}};
        QCOMPARE(table->outputs, slide);
        // Built as written: two 2-input XORs, two ANDs, one OR; three gate levels.
        QCOMPARE(fullAdder.gates().size(), std::size_t{5});
        for (const logic::Gate& gate : fullAdder.gates()) QCOMPARE(gate.inputs.size(), 2u);
        QCOMPARE(fullAdder.depth(), 3);
        const logic::Gate& carry = fullAdder.gates()[fullAdder.findGate("and2")];
        QCOMPARE(fullAdder.allSignals()[carry.inputs[0]].name, std::string("cin"));
        QCOMPARE(fullAdder.allSignals()[carry.inputs[1]].name, std::string("xor1"));
    }

    void kindNames() {
        QCOMPARE(logic::adderKindName(AdderKind::RippleCarry), std::string_view("ripple"));
        QCOMPARE(logic::adderKindName(AdderKind::CarryLookahead), std::string_view("cla"));
        QCOMPARE(logic::parseAdderKind("ripple"), std::optional(AdderKind::RippleCarry));
        QCOMPARE(logic::parseAdderKind("cla"), std::optional(AdderKind::CarryLookahead));
        QVERIFY(!logic::parseAdderKind("kogge-stone").has_value());
    }

    void exhaustiveEightBits_data() {
        QTest::addColumn<AdderKind>("kind");
        QTest::addColumn<bool>("subtract");
        QTest::newRow("ripple add") << AdderKind::RippleCarry << false;
        QTest::newRow("ripple sub") << AdderKind::RippleCarry << true;
        QTest::newRow("cla add") << AdderKind::CarryLookahead << false;
        QTest::newRow("cla sub") << AdderKind::CarryLookahead << true;
    }

    // Every pair and every carry-in (for the subtractor, the sub line fixed at 1 computes
    // A - B; at 0 it adds, and both are checked).
    void exhaustiveEightBits() {
        QFETCH(AdderKind, kind);
        QFETCH(bool, subtract);
        const AdderCircuit adder = build(kind, 8, subtract);
        for (std::uint64_t a = 0; a < 256; ++a) {
            for (std::uint64_t b = 0; b < 256; ++b) {
                for (const bool carryIn : {false, true}) {
                    const AdderOutcome actual = logic::evaluateAdder(adder, a, b, carryIn);
                    const AdderOutcome expected = subtract ? reference(8, a, b, false, carryIn)
                                                           : reference(8, a, b, carryIn, false);
                    const std::string found = mismatches(actual, expected);
                    if (!found.empty()) {
                        QFAIL(qPrintable(QString("a=%1 b=%2 in=%3:%4")
                                             .arg(a)
                                             .arg(b)
                                             .arg(carryIn)
                                             .arg(QString::fromStdString(found))));
                    }
                }
            }
        }
    }

    void randomThirtyTwoBits_data() { exhaustiveEightBits_data(); }

    void randomThirtyTwoBits() {
        QFETCH(AdderKind, kind);
        QFETCH(bool, subtract);
        const AdderCircuit adder = build(kind, 32, subtract);
        std::mt19937_64 random(20240404);
        for (int pair = 0; pair < 100000; ++pair) {
            const std::uint64_t a = random() & 0xFFFFFFFFu;
            const std::uint64_t b = random() & 0xFFFFFFFFu;
            const bool carryIn = (random() & 1) != 0;
            const AdderOutcome actual =
                logic::evaluateAdder(adder, a, b, subtract ? true : carryIn);
            const AdderOutcome expected = reference(32, a, b, carryIn, subtract);
            const std::string found = mismatches(actual, expected);
            if (!found.empty()) {
                QFAIL(qPrintable(
                    QString("a=%1 b=%2:%3").arg(a).arg(b).arg(QString::fromStdString(found))));
            }
        }
    }

    // Every width, both kinds, adder and subtractor: the edges of the range plus random pairs,
    // the names the header promises, and no gate wider than 5 inputs or left unread.
    void everyWidth() {
        std::mt19937_64 random(7);
        for (int width = logic::kMinAdderWidth; width <= logic::kMaxAdderWidth; ++width) {
            const std::uint64_t mask = (std::uint64_t{1} << width) - 1;
            const std::uint64_t signedMinimum = std::uint64_t{1} << (width - 1);
            const std::vector<std::uint64_t> edges{0, 1, mask, signedMinimum, signedMinimum - 1};
            for (const AdderKind kind : {AdderKind::RippleCarry, AdderKind::CarryLookahead}) {
                for (const bool subtract : {false, true}) {
                    const AdderCircuit adder = build(kind, width, subtract);
                    QCOMPARE(adder.width, width);
                    QCOMPARE(adder.sum.size(), std::size_t(width));
                    QCOMPARE(adder.carries.size(), std::size_t(width) + 1);
                    checkNames(adder);
                    checkGates(adder);
                    for (int trial = 0; trial < 64; ++trial) {
                        const std::uint64_t a = trial < 25 ? edges[trial % 5] : random() & mask;
                        const std::uint64_t b = trial < 25 ? edges[trial / 5] : random() & mask;
                        const bool carryIn = subtract || (trial % 2) == 1;
                        const std::string found =
                            mismatches(logic::evaluateAdder(adder, a, b, carryIn),
                                       reference(width, a, b, carryIn, subtract));
                        if (!found.empty()) {
                            QFAIL(qPrintable(
                                QString("W=%1 %2 a=%3 b=%4:%5")
                                    .arg(width)
                                    .arg(adder.kind == AdderKind::RippleCarry ? "ripple" : "cla")
                                    .arg(a)
                                    .arg(b)
                                    .arg(QString::fromStdString(found))));
                        }
                    }
                }
            }
        }
    }

    void widthsOutOfRangeFail_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<QString>("message");
        QTest::newRow("0") << 0 << "adder width 0 is out of range: it must be from 1 to 32";
        QTest::newRow("33") << 33 << "adder width 33 is out of range: it must be from 1 to 32";
        QTest::newRow("-4") << -4 << "adder width -4 is out of range: it must be from 1 to 32";
    }

    void widthsOutOfRangeFail() {
        QFETCH(int, width);
        QFETCH(QString, message);
        for (const AdderKind kind : {AdderKind::RippleCarry, AdderKind::CarryLookahead}) {
            const auto adder = logic::buildAdder(kind, width, false);
            QVERIFY(!adder.ok());
            QCOMPARE(QString::fromStdString(adder.error()), message);
        }
    }

    // Golden counts, worked out by hand from the construction (all delays 1, so the critical
    // path delay equals the depth):
    //   ripple: 5 gates per full adder + overflow + the zero tree (W=8: 2 NOR + 1 AND; W=16:
    //   4 NOR + 1 AND; W=32: 8 NOR + 2 AND + 1 AND). c{i} sits at level 2i+1, s{W-1} at 2W,
    //   overflow at 2W+2, zero at 2W+2 (W <= 16) or 2W+3 (W = 32, one more AND level).
    //   cla: 3 gates per bit (g, p, sum); a non-root 4-child unit has 14 (carries 2+3+4, G 3
    //   ANDs + OR, P); the root makes only carries (2 children: 2+3; 4 children: 2+3+4+5).
    //   W=8: 24 + 2x14 + 5 + 1 + 3 = 61, depth: c7 at 6, s7 and overflow at 7, zero at 9.
    //   W=16: 48 + 4x14 + 14 + 1 + 5 = 124, depth: c15 at 7, s15 at 8, zero at 10.
    //   W=32: 96 + 8x14 + 2x14 + 5 + 1 + 11 = 253, depth: c31 at 10, s31 at 11, zero at 14.
    void goldenCostAndDepth_data() {
        QTest::addColumn<AdderKind>("kind");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("gates");
        QTest::addColumn<int>("depth");
        QTest::newRow("ripple 8") << AdderKind::RippleCarry << 8 << 44 << 18;
        QTest::newRow("ripple 16") << AdderKind::RippleCarry << 16 << 86 << 34;
        QTest::newRow("ripple 32") << AdderKind::RippleCarry << 32 << 172 << 67;
        QTest::newRow("cla 8") << AdderKind::CarryLookahead << 8 << 61 << 9;
        QTest::newRow("cla 16") << AdderKind::CarryLookahead << 16 << 124 << 10;
        QTest::newRow("cla 32") << AdderKind::CarryLookahead << 32 << 253 << 14;
    }

    void goldenCostAndDepth() {
        QFETCH(AdderKind, kind);
        QFETCH(int, width);
        QFETCH(int, gates);
        QFETCH(int, depth);
        const AdderCircuit adder = build(kind, width, false);
        QCOMPARE(int(adder.netlist.gates().size()), gates);
        QCOMPARE(adder.netlist.depth(), depth);
        QCOMPARE(adder.netlist.criticalPathDelay(), depth);
        QCOMPARE(int(adder.netlist.criticalPath().size()), depth);
        // The subtractor adds one XOR per bit, in front of everything.
        const AdderCircuit subtractor = build(kind, width, true);
        QCOMPARE(int(subtractor.netlist.gates().size()), gates + width);
        QCOMPARE(subtractor.netlist.depth(), depth + 1);
    }

    // Ripple's carry out waits for every bit (level 2W+1); lookahead's for two gate levels per
    // lookahead level (2L+1, L = ceil(log4 W)).
    void carryOutGrowth() {
        for (int width = logic::kMinAdderWidth; width <= logic::kMaxAdderWidth; ++width) {
            const AdderCircuit ripple = build(AdderKind::RippleCarry, width, false);
            const AdderCircuit lookahead = build(AdderKind::CarryLookahead, width, false);
            QCOMPARE(ripple.netlist.levelOf(ripple.carryOut), 2 * width + 1);
            QCOMPARE(lookahead.netlist.levelOf(lookahead.carryOut), 2 * lookaheadLevels(width) + 1);
        }
        for (const int width : {16, 32}) {
            QVERIFY(build(AdderKind::CarryLookahead, width, false).netlist.depth() <
                    build(AdderKind::RippleCarry, width, false).netlist.depth());
        }
    }

private:
    void checkNames(const AdderCircuit& adder) {
        const logic::Netlist& netlist = adder.netlist;
        const int width = adder.width;
        QCOMPARE(int(netlist.inputs().size()), 2 * width + 1);
        for (int bit = 0; bit < width; ++bit) {
            QCOMPARE(netlist.inputs()[bit], adder.a[bit]);
            QCOMPARE(netlist.inputs()[width + bit], adder.b[bit]);
            QCOMPARE(netlist.findSignal(named("a", bit)), adder.a[bit]);
            QCOMPARE(netlist.findSignal(named("b", bit)), adder.b[bit]);
            QCOMPARE(netlist.findSignal(named("s", bit)), adder.sum[bit]);
            QCOMPARE(netlist.findSignal(named("c", bit + 1)), adder.carries[bit + 1]);
            if (adder.subtractor) QVERIFY(netlist.findGate(named("flip", bit)) >= 0);
            if (adder.kind == AdderKind::RippleCarry) {
                QCOMPARE(netlist.gates()[netlist.findGate(named("fa", bit, ".xor2"))].output,
                         adder.sum[bit]);
                QCOMPARE(netlist.gates()[netlist.findGate(named("fa", bit, ".or"))].output,
                         adder.carries[bit + 1]);
            } else {
                QVERIFY(netlist.findSignal(named("g", bit)) >= 0);
                QVERIFY(netlist.findSignal(named("p", bit)) >= 0);
                QCOMPARE(netlist.gates()[netlist.findGate(named("sum", bit))].output,
                         adder.sum[bit]);
            }
        }
        QCOMPARE(netlist.findSignal(adder.subtractor ? "sub" : "cin"), adder.carryIn);
        QCOMPARE(adder.carries.front(), adder.carryIn);
        QCOMPARE(netlist.findSignal("overflow"), adder.overflow);
        QCOMPARE(netlist.findSignal("zero"), adder.zero);
        QCOMPARE(adder.carryOut, adder.carries.back());
        QCOMPARE(adder.negative, adder.sum.back());
        std::vector<std::string> ports;
        for (const logic::OutputPort& port : netlist.outputs()) ports.push_back(port.name);
        std::vector<std::string> expected;
        for (int bit = 0; bit < width; ++bit) expected.push_back(named("s", bit));
        for (const char* flag : {"carry", "overflow", "zero", "negative"}) {
            expected.push_back(flag);
        }
        QCOMPARE(ports, expected);
    }

    // Fan-in within what a real cell offers, and every gate feeds something (no dead logic
    // inflating the count).
    void checkGates(const AdderCircuit& adder) {
        const logic::Netlist& netlist = adder.netlist;
        std::set<logic::SignalId> ported;
        for (const logic::OutputPort& port : netlist.outputs()) ported.insert(port.signal);
        for (const logic::Gate& gate : netlist.gates()) {
            QVERIFY2(gate.inputs.size() <= 5, gate.name.c_str());
            QVERIFY2(!netlist.fanout(gate.output).empty() || ported.contains(gate.output),
                     gate.name.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestAdderCircuits)
#include "tst_adder_circuits.moc"
