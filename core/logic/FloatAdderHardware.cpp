#include "logic/FloatAdderHardware.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "common/Concat.h"
#include "logic/FloatAdder.h"
#include "logic/HardwareBlocks.h"

namespace mlsyslab::logic {

namespace {

using numeric::FloatFormat;

std::string number(int value) { return std::to_string(value); }

// The widths every block is sized from.
struct Widths {
    int exponent = 0;     // e
    int mantissa = 0;     // m
    int magnitude = 0;    // e + m: the pattern without its sign
    int significand = 0;  // p = m + 1, with the hidden bit
    int datapath = 0;     // W = p + 3, with guard, round and sticky
    int shiftBits = 0;    // bits of a normalization shift amount (0..W)
};

Widths widthsOf(const FloatFormat& format) {
    Widths widths;
    widths.exponent = format.exponentBits;
    widths.mantissa = format.mantissaBits;
    widths.magnitude = format.exponentBits + format.mantissaBits;
    widths.significand = format.mantissaBits + 1;
    widths.datapath = SignificandLayout{format.mantissaBits}.adderWidth();
    widths.shiftBits = static_cast<int>(std::bit_width(static_cast<unsigned>(widths.datapath)));
    return widths;
}

HardwarePart part(std::string name, Netlist netlist, std::vector<SignalId> usedOutputs = {}) {
    if (usedOutputs.empty()) {
        for (const OutputPort& port : netlist.outputs()) usedOutputs.push_back(port.signal);
    }
    HardwarePart result{std::move(name), std::move(netlist), std::move(usedOutputs), {}};
    result.cost = coneCost(result.netlist, result.usedOutputs);
    return result;
}

// An adder netlist from AdderCircuits.h; `use` picks the outputs the block reads.
enum class AdderUse { CarryOnly, SumOnly, SumAndCarry };

HardwarePart adderPart(std::string name, AdderKind kind, int width, bool subtractor, AdderUse use) {
    auto adder = buildAdder(kind, width, subtractor);
    std::vector<SignalId> used;
    if (use != AdderUse::CarryOnly) used = adder->sum;
    if (use != AdderUse::SumOnly) used.push_back(adder->carryOut);
    return part(std::move(name), adder->netlist, std::move(used));
}

HardwareBlock block(std::string name, std::string description, int seedStep,
                    std::vector<HardwarePart> parts, bool onCriticalPath = true) {
    HardwareBlock result{std::move(name), std::move(description), seedStep,
                         onCriticalPath,  std::move(parts),       {}};
    for (const HardwarePart& each : result.parts) {
        result.cost.gates += each.cost.gates;
        result.cost.depth += each.cost.depth;
    }
    return result;
}

// Per operand: hidden bit = OR of the exponent bits (0 for zero and subnormals), exponent all
// ones (infinity or NaN), mantissa not zero; and the working exponent of a subnormal is 1.
Netlist unpackNetlist(const Widths& widths) {
    Netlist netlist;
    for (const char* operand : {"a", "b"}) {
        const std::string name(operand);
        const auto exponent = addInputBus(netlist, name + "e", widths.exponent);
        const auto mantissa = addInputBus(netlist, name + "m", widths.mantissa);
        const SignalId hidden = addGateTree(netlist, name + ".hidden", GateKind::Or, exponent);
        netlist.addOutput(name + "hidden", hidden);
        netlist.addOutput(name + "ones",
                          addGateTree(netlist, name + ".ones", GateKind::And, exponent));
        netlist.addOutput(name + "nonzero",
                          addGateTree(netlist, name + ".nonzero", GateKind::Or, mantissa));
        const SignalId subnormal =
            netlist.addGate(GateKind::Not, name + ".sub", {hidden}, name + ".sub");
        netlist.addOutput(name + "e0", netlist.addGate(GateKind::Or, name + ".e0",
                                                       {exponent[0], subnormal}, name + ".e0"));
    }
    return netlist;
}

// The larger operand (sign, exponent, hidden bit, mantissa) and the smaller (no sign) through
// 2:1 multiplexers, and the effective operation: subtract when the signs differ.
Netlist swapNetlist(const Widths& widths) {
    Netlist netlist;
    const int bits = widths.magnitude + 2;  // sign, exponent, hidden bit, mantissa
    const auto a = addInputBus(netlist, "a", bits);
    const auto b = addInputBus(netlist, "b", bits);
    const SignalId aFirst = netlist.addInput("afirst");
    const SignalId bFirst = netlist.addGate(GateKind::Not, "bfirst", {aFirst}, "bfirst");
    // select = 1 takes A for the larger and B for the smaller.
    addOutputBus(netlist, "larger", addMultiplexer(netlist, "larger", aFirst, bFirst, b, a));
    const std::span<const SignalId> aMagnitude(a.data(), static_cast<std::size_t>(bits - 1));
    const std::span<const SignalId> bMagnitude(b.data(), static_cast<std::size_t>(bits - 1));
    addOutputBus(netlist, "smaller",
                 addMultiplexer(netlist, "smaller", aFirst, bFirst, aMagnitude, bMagnitude));
    netlist.addOutput("subtract",
                      netlist.addGate(GateKind::Xor, "subtract", {a.back(), b.back()}, "subtract"));
    return netlist;
}

// The smaller significand shifted right by the exponent difference; the bits shifted out
// collect into the sticky bit, which is ORed into bit 0.
Netlist alignNetlist(const Widths& widths) {
    Netlist netlist;
    const auto x = addInputBus(netlist, "x", widths.datapath);
    const auto amount = addInputBus(netlist, "amount", widths.exponent);
    ShiftedSignals shifted = addRightShifter(netlist, "align", x, amount);
    shifted.bits[0] =
        netlist.addGate(GateKind::Or, "align.s", {shifted.bits[0], shifted.sticky}, "align.s");
    addOutputBus(netlist, "y", shifted.bits);
    return netlist;
}

// min(leading zeros, exponent - 1): pick the count, or exponent - 1 when the count would take
// the exponent below the smallest (the result stays subnormal).
HardwareBlock shiftLimitBlock(const Widths& widths, AdderKind kind) {
    Netlist choose;
    const auto count = addInputBus(choose, "count", widths.shiftBits);
    const auto room = addInputBus(choose, "room", widths.shiftBits);
    const SignalId limited = choose.addInput("limited");
    const SignalId notLimited = choose.addGate(GateKind::Not, "n", {limited}, "n");
    addOutputBus(choose, "y", addMultiplexer(choose, "pick", limited, notLimited, count, room));
    return block("Shift limit",
                 concat("exponent - 1 (", number(widths.exponent),
                        "-bit decrementer), compared with the leading-zero count (",
                        number(widths.exponent), "-bit subtractor), the smaller picked (",
                        number(widths.shiftBits), " 2:1 multiplexers)"),
                 4,
                 {part("exponent - 1", buildDecrementer(widths.exponent)),
                  adderPart("compare", kind, widths.exponent, true, AdderUse::CarryOnly),
                  part("pick", std::move(choose))});
}

// Left by the limited count, or right by one when the sum carried out (its lost bit joins
// the sticky bit).
HardwareBlock normalizeShifterBlock(const Widths& widths) {
    Netlist rightByOne;
    const auto left = addInputBus(rightByOne, "left", widths.datapath);
    const auto sum = addInputBus(rightByOne, "sum", widths.datapath + 1);
    const SignalId carry = rightByOne.addInput("carry");
    const SignalId noCarry = rightByOne.addGate(GateKind::Not, "n", {carry}, "n");
    std::vector<SignalId> right(sum.begin() + 1, sum.end());
    right[0] = rightByOne.addGate(GateKind::Or, "sticky", {sum[0], sum[1]}, "sticky");
    addOutputBus(rightByOne, "y", addMultiplexer(rightByOne, "pick", carry, noCarry, left, right));
    return block(
        "Normalization shifter",
        concat(number(widths.datapath), "-bit left barrel shifter (", number(widths.shiftBits),
               " stages of 2:1 multiplexers), then a 2:1 multiplexer per bit for the "
               "right shift by one after a carry out"),
        4,
        {part("shift left", buildLeftShifter(widths.datapath, widths.shiftBits)),
         part("or right by one", std::move(rightByOne))});
}

// Round to nearest even: up = guard AND (round OR sticky OR last place); then the
// significand plus that bit.
HardwareBlock roundingBlock(const Widths& widths) {
    Netlist decide;
    const SignalId last = decide.addInput("last");
    const SignalId guard = decide.addInput("guard");
    const SignalId round = decide.addInput("round");
    const SignalId sticky = decide.addInput("sticky");
    const SignalId below = decide.addGate(GateKind::Or, "below", {round, sticky}, "below");
    const SignalId tie = decide.addGate(GateKind::Or, "odd", {below, last}, "odd");
    decide.addOutput("up", decide.addGate(GateKind::And, "up", {guard, tie}, "up"));

    Netlist increment;
    const auto significand = addInputBus(increment, "x", widths.significand);
    const SignalId up = increment.addInput("up");
    addOutputBus(increment, "y", addIncrementer(increment, "round", significand, up));
    return block("Rounding",
                 concat("round-to-nearest-even decision (3 gates), then a ",
                        number(widths.significand), "-bit incrementer (half-adder chain)"),
                 5, {part("decide", std::move(decide)), part("increment", std::move(increment))});
}

// The result exponent: minus the left shift (or plus one after a carry out), plus one more
// when rounding carried out.
HardwareBlock exponentAdjustBlock(const Widths& widths, AdderKind kind) {
    Netlist increment;
    const auto exponent = addInputBus(increment, "x", widths.exponent);
    const SignalId carry = increment.addInput("carry");
    addOutputBus(increment, "y", addIncrementer(increment, "adjust", exponent, carry));
    return block("Exponent adjust",
                 concat(number(widths.exponent),
                        "-bit adder/subtractor (exponent - shift, or + 1 "
                        "after a carry out), then a ",
                        number(widths.exponent), "-bit incrementer for a rounding carry"),
                 4,
                 {adderPart("exponent -+ shift", kind, widths.exponent, true, AdderUse::SumOnly),
                  part("+ rounding carry", std::move(increment))});
}

// NaN, infinity and overflow: which special result, if any, replaces the computed one.
Netlist specialNetlist() {
    Netlist netlist;
    const SignalId aOnes = netlist.addInput("aones");
    const SignalId aNonzero = netlist.addInput("anonzero");
    const SignalId bOnes = netlist.addInput("bones");
    const SignalId bNonzero = netlist.addInput("bnonzero");
    const SignalId subtract = netlist.addInput("subtract");
    const auto add = [&](GateKind kind, const char* name, std::vector<SignalId> inputs) {
        return netlist.addGate(kind, name, std::move(inputs), name);
    };
    const SignalId aNan = add(GateKind::And, "anan", {aOnes, aNonzero});
    const SignalId bNan = add(GateKind::And, "bnan", {bOnes, bNonzero});
    const SignalId bothInfinite = add(GateKind::And, "bothinf", {aOnes, bOnes});
    const SignalId invalid = add(GateKind::And, "invalid", {bothInfinite, subtract});
    const SignalId eitherNan = add(GateKind::Or, "eithernan", {aNan, bNan});
    netlist.addOutput("nan", add(GateKind::Or, "nan", {eitherNan, invalid}));
    netlist.addOutput("infinite", add(GateKind::Or, "infinite", {aOnes, bOnes}));
    return netlist;
}

// Overflow (the adjusted exponent all ones, or past it) and the final choice between the
// computed pattern and the special one.
Netlist outputNetlist(const FloatFormat& format) {
    Netlist netlist;
    const auto exponent = addInputBus(netlist, "e", format.exponentBits);
    const SignalId exponentCarry = netlist.addInput("ecarry");
    const SignalId special = netlist.addInput("special");
    const auto computed = addInputBus(netlist, "computed", format.width());
    const auto replacement = addInputBus(netlist, "special", format.width());
    const SignalId allOnes = addGateTree(netlist, "ones", GateKind::And, exponent);
    const SignalId overflow =
        netlist.addGate(GateKind::Or, "overflow", {allOnes, exponentCarry}, "overflow");
    const SignalId replace =
        netlist.addGate(GateKind::Or, "replace", {overflow, special}, "replace");
    const SignalId keep = netlist.addGate(GateKind::Not, "keep", {replace}, "keep");
    addOutputBus(netlist, "y",
                 addMultiplexer(netlist, "out", replace, keep, computed, replacement));
    return netlist;
}

IntegerAdderCost integerAdderCost(AdderKind kind, int width) {
    const auto adder = buildAdder(kind, width);
    return IntegerAdderCost{
        kind, width,
        GateCost{static_cast<int>(adder->netlist.gates().size()), adder->netlist.depth()}};
}

}  // namespace

GateCost coneCost(const Netlist& netlist, std::span<const SignalId> outputs) {
    std::vector<SignalId> wanted(outputs.begin(), outputs.end());
    if (wanted.empty()) {
        for (const OutputPort& port : netlist.outputs()) wanted.push_back(port.signal);
    }
    const auto& allSignals = netlist.allSignals();
    std::vector<bool> inCone(allSignals.size(), false);
    for (std::vector<SignalId> pending = wanted; !pending.empty();) {
        const SignalId signal = pending.back();
        pending.pop_back();
        if (inCone[signal]) continue;
        inCone[signal] = true;
        const GateId driver = allSignals[signal].driver;
        if (driver < 0) continue;
        for (const SignalId input : netlist.gates()[driver].inputs) pending.push_back(input);
    }
    // Gates come in topological order, so one pass gives every signal's level.
    std::vector<int> level(allSignals.size(), 0);
    GateCost cost;
    for (const Gate& gate : netlist.gates()) {
        if (!inCone[gate.output]) continue;
        ++cost.gates;
        int deepest = 0;
        for (const SignalId input : gate.inputs) deepest = std::max(deepest, level[input]);
        level[gate.output] = deepest + 1;
    }
    for (const SignalId signal : wanted) cost.depth = std::max(cost.depth, level[signal]);
    return cost;
}

Result<FloatAdderHardware> buildFloatAdderHardware(const FloatFormat& format, AdderKind adderKind) {
    if (const auto adder = FloatAdder::create(format); !adder) {
        return Result<FloatAdderHardware>::failure(adder.error());
    }
    const Widths widths = widthsOf(format);
    const std::string kindName(adderKindName(adderKind));
    FloatAdderHardware hardware;
    hardware.format = format;
    hardware.adderKind = adderKind;
    auto& blocks = hardware.blocks;
    blocks.push_back(
        block("Unpack",
              concat("per operand: hidden bit (OR of the ", number(widths.exponent),
                     " exponent bits), exponent all ones (AND), mantissa not zero (OR)"),
              0, {part("unpack", unpackNetlist(widths))}));
    blocks.push_back(block(
        "Magnitude compare",
        concat(number(widths.magnitude), "-bit ", kindName,
               " subtractor on the patterns without their signs (IEEE order): only its carry"),
        1, {adderPart("compare", adderKind, widths.magnitude, true, AdderUse::CarryOnly)}));
    blocks.push_back(block("Swap",
                           concat(number(2 * widths.magnitude + 3),
                                  " 2:1 multiplexers put the larger operand first; an XOR of "
                                  "the signs picks add or subtract"),
                           1, {part("swap", swapNetlist(widths))}));
    blocks.push_back(
        block("Exponent difference",
              concat(number(widths.exponent), "-bit ", kindName, " subtractor: larger - smaller"),
              1, {adderPart("difference", adderKind, widths.exponent, true, AdderUse::SumOnly)}));
    blocks.push_back(block("Alignment shifter",
                           concat(number(widths.datapath),
                                  "-bit right barrel shifter (2:1 multiplexer stages) "
                                  "with the sticky OR tree"),
                           2, {part("align", alignNetlist(widths))}));
    blocks.push_back(
        block("Significand adder/subtractor",
              concat(number(widths.datapath), "-bit ", kindName,
                     " adder/subtractor: hidden bit, mantissa, guard, round, sticky"),
              3, {adderPart("add", adderKind, widths.datapath, true, AdderUse::SumAndCarry)}));
    blocks.push_back(block("Leading-zero counter",
                           concat(number(widths.datapath), "-bit tree: how far to shift left"), 4,
                           {part("count", buildLeadingZeroCounter(widths.datapath))}));
    blocks.push_back(shiftLimitBlock(widths, adderKind));
    blocks.push_back(normalizeShifterBlock(widths));
    blocks.push_back(roundingBlock(widths));
    blocks.push_back(exponentAdjustBlock(widths, adderKind));
    blocks.push_back(block("Special cases",
                           "NaN and infinity operands, inf - inf (beside the main path)", 0,
                           {part("special", specialNetlist())}, /*onCriticalPath=*/false));
    blocks.push_back(block("Pack and output select",
                           concat("overflow detection, then ", number(format.width()),
                                  " 2:1 multiplexers: the computed or the special pattern"),
                           0, {part("output", outputNetlist(format))}));
    hardware.totalGates = 0;
    for (const HardwareBlock& each : blocks) {
        hardware.totalGates += each.cost.gates;
        if (each.onCriticalPath) hardware.criticalPathDepth += each.cost.depth;
    }
    hardware.integerRipple = integerAdderCost(AdderKind::RippleCarry, format.width());
    hardware.integerLookahead = integerAdderCost(AdderKind::CarryLookahead, format.width());
    return hardware;
}

}  // namespace mlsyslab::logic
