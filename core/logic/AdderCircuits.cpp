#include "logic/AdderCircuits.h"

#include <cstddef>
#include <string>

#include "logic/CarryLookahead.h"

namespace mlsyslab::logic {

namespace {

std::string indexed(const char* prefix, int index) {
    std::string name = prefix;
    name += std::to_string(index);
    return name;
}

// "fa3.xor1": a gate of full adder 3.
std::string fullAdderGate(int bit, const char* part) {
    std::string name = indexed("fa", bit);
    name += ".";
    name += part;
    return name;
}

// Full adder i of the ripple chain, the slide's five gates in the slide's order: the sum first
// (two 2-input XORs), then the carry out.
AdderChain addRippleCarryChain(Netlist& netlist, const std::vector<SignalId>& a,
                               const std::vector<SignalId>& b, SignalId carryIn) {
    AdderChain chain;
    chain.carries.push_back(carryIn);
    for (int bit = 0; bit < static_cast<int>(a.size()); ++bit) {
        const SignalId carry = chain.carries.back();
        const std::string xor1 = fullAdderGate(bit, "xor1");
        const SignalId halfSum = netlist.addGate(GateKind::Xor, xor1, {a[bit], b[bit]}, xor1);
        chain.sum.push_back(netlist.addGate(GateKind::Xor, fullAdderGate(bit, "xor2"),
                                            {halfSum, carry}, indexed("s", bit)));
        const std::string and1 = fullAdderGate(bit, "and1");
        const SignalId generate = netlist.addGate(GateKind::And, and1, {a[bit], b[bit]}, and1);
        const std::string and2 = fullAdderGate(bit, "and2");
        const SignalId carried = netlist.addGate(GateKind::And, and2, {carry, halfSum}, and2);
        chain.carries.push_back(netlist.addGate(GateKind::Or, fullAdderGate(bit, "or"),
                                                {generate, carried}, indexed("c", bit + 1)));
    }
    return chain;
}

// Splits count items into the fewest groups of at most four, as evenly as possible (larger
// groups first), so no group is a lone wire.
std::vector<int> groupSizes(int count) {
    const int groups = (count + 3) / 4;
    std::vector<int> sizes(static_cast<std::size_t>(groups), count / groups);
    for (int group = 0; group < count % groups; ++group) ++sizes[group];
    return sizes;
}

// zero = NOR of every sum bit, as a tree of fan-in four: NORs over the sum bits, then ANDs.
SignalId addZeroFlag(Netlist& netlist, const std::vector<SignalId>& sum) {
    if (sum.size() == 1) return netlist.addGate(GateKind::Not, "zero", {sum.front()}, "zero");
    std::vector<SignalId> level;
    const std::vector<int> norSizes = groupSizes(static_cast<int>(sum.size()));
    std::size_t next = 0;
    for (int group = 0; group < static_cast<int>(norSizes.size()); ++group) {
        const std::vector<SignalId> inputs(sum.begin() + next,
                                           sum.begin() + next + norSizes[group]);
        next += norSizes[group];
        const std::string name = norSizes.size() == 1 ? "zero" : indexed("zero.nor", group);
        level.push_back(netlist.addGate(GateKind::Nor, name, inputs, name));
    }
    for (int depth = 1; level.size() > 1; ++depth) {
        const std::vector<int> andSizes = groupSizes(static_cast<int>(level.size()));
        std::vector<SignalId> above;
        next = 0;
        for (int group = 0; group < static_cast<int>(andSizes.size()); ++group) {
            const std::vector<SignalId> inputs(level.begin() + next,
                                               level.begin() + next + andSizes[group]);
            next += andSizes[group];
            std::string name = "zero";
            if (andSizes.size() > 1) {
                name += indexed(".and", depth);
                name += indexed(".", group);
            }
            above.push_back(netlist.addGate(GateKind::And, name, inputs, name));
        }
        level = std::move(above);
    }
    return level.front();
}

std::string widthOutOfRange(int width) {
    std::string message = "adder width ";
    message += std::to_string(width);
    message += " is out of range: it must be from ";
    message += std::to_string(kMinAdderWidth);
    message += " to ";
    message += std::to_string(kMaxAdderWidth);
    return message;
}

template <typename Values>
AdderOutcome readOutcome(const AdderCircuit& adder, const Values& signalValues) {
    AdderOutcome outcome;
    for (int bit = 0; bit < adder.width; ++bit) {
        if (signalValues[adder.sum[bit]]) outcome.sum |= std::uint64_t{1} << bit;
    }
    outcome.carry = signalValues[adder.carryOut];
    outcome.overflow = signalValues[adder.overflow];
    outcome.zero = signalValues[adder.zero];
    outcome.negative = signalValues[adder.negative];
    return outcome;
}

}  // namespace

std::string_view adderKindName(AdderKind kind) {
    return kind == AdderKind::CarryLookahead ? "cla" : "ripple";
}

std::optional<AdderKind> parseAdderKind(std::string_view name) {
    if (name == "ripple") return AdderKind::RippleCarry;
    if (name == "cla") return AdderKind::CarryLookahead;
    return std::nullopt;
}

Netlist buildHalfAdder() {
    Netlist netlist;
    const SignalId a = netlist.addInput("a");
    const SignalId b = netlist.addInput("b");
    netlist.addOutput("sum", netlist.addGate(GateKind::Xor, "xor", {a, b}, "sum"));
    netlist.addOutput("carry", netlist.addGate(GateKind::And, "and", {a, b}, "carry"));
    return netlist;
}

Netlist buildFullAdder() {
    Netlist netlist;
    const SignalId a = netlist.addInput("a");
    const SignalId b = netlist.addInput("b");
    const SignalId carryIn = netlist.addInput("cin");
    const SignalId halfSum = netlist.addGate(GateKind::Xor, "xor1", {a, b}, "xor1");
    netlist.addOutput("sum", netlist.addGate(GateKind::Xor, "xor2", {halfSum, carryIn}, "sum"));
    const SignalId generate = netlist.addGate(GateKind::And, "and1", {a, b}, "and1");
    const SignalId carried = netlist.addGate(GateKind::And, "and2", {carryIn, halfSum}, "and2");
    netlist.addOutput("cout", netlist.addGate(GateKind::Or, "or", {generate, carried}, "cout"));
    return netlist;
}

Result<AdderCircuit> buildAdder(AdderKind kind, int width, bool subtractor) {
    if (width < kMinAdderWidth || width > kMaxAdderWidth) {
        return Result<AdderCircuit>::failure(widthOutOfRange(width));
    }
    AdderCircuit adder;
    adder.kind = kind;
    adder.width = width;
    adder.subtractor = subtractor;
    Netlist& netlist = adder.netlist;
    for (int bit = 0; bit < width; ++bit) adder.a.push_back(netlist.addInput(indexed("a", bit)));
    for (int bit = 0; bit < width; ++bit) adder.b.push_back(netlist.addInput(indexed("b", bit)));
    adder.carryIn = netlist.addInput(subtractor ? "sub" : "cin");

    // Subtraction is addition of the complement: b XOR sub is NOT b when sub is 1, and sub is
    // also the +1 that completes the two's complement.
    std::vector<SignalId> addend = adder.b;
    if (subtractor) {
        for (int bit = 0; bit < width; ++bit) {
            const std::string name = indexed("flip", bit);
            addend[bit] = netlist.addGate(GateKind::Xor, name, {adder.b[bit], adder.carryIn}, name);
        }
    }
    AdderChain chain = kind == AdderKind::CarryLookahead
                           ? addCarryLookaheadChain(netlist, adder.a, addend, adder.carryIn)
                           : addRippleCarryChain(netlist, adder.a, addend, adder.carryIn);
    adder.sum = std::move(chain.sum);
    adder.carries = std::move(chain.carries);
    adder.carryOut = adder.carries[width];
    adder.overflow = netlist.addGate(GateKind::Xor, "overflow",
                                     {adder.carries[width], adder.carries[width - 1]}, "overflow");
    adder.zero = addZeroFlag(netlist, adder.sum);
    adder.negative = adder.sum.back();

    for (int bit = 0; bit < width; ++bit) netlist.addOutput(indexed("s", bit), adder.sum[bit]);
    netlist.addOutput("carry", adder.carryOut);
    netlist.addOutput("overflow", adder.overflow);
    netlist.addOutput("zero", adder.zero);
    netlist.addOutput("negative", adder.negative);
    return adder;
}

std::vector<bool> adderInputValues(const AdderCircuit& adder, std::uint64_t a, std::uint64_t b,
                                   bool carryIn) {
    std::vector<bool> values(adder.netlist.inputs().size(), false);
    for (int bit = 0; bit < adder.width; ++bit) {
        values[bit] = ((a >> bit) & 1) != 0;
        values[adder.width + bit] = ((b >> bit) & 1) != 0;
    }
    values[2 * static_cast<std::size_t>(adder.width)] = carryIn;
    return values;
}

AdderOutcome readAdderOutcome(const AdderCircuit& adder, std::span<const bool> signalValues) {
    return readOutcome(adder, signalValues);
}

AdderOutcome readAdderOutcome(const AdderCircuit& adder, const std::vector<bool>& signalValues) {
    return readOutcome(adder, signalValues);
}

AdderOutcome evaluateAdder(const AdderCircuit& adder, std::uint64_t a, std::uint64_t b,
                           bool carryIn) {
    return readOutcome(adder, adder.netlist.evaluate(adderInputValues(adder, a, b, carryIn)));
}

}  // namespace mlsyslab::logic
