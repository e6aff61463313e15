#include "logic/HardwareBlocks.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <string>

namespace mlsyslab::logic {

namespace {

std::string named(std::string_view prefix, std::string_view part, int index = -1) {
    std::string name(prefix);
    name.append(".").append(part);
    if (index >= 0) name.append(std::to_string(index));
    return name;
}

SignalId gate(Netlist& netlist, GateKind kind, const std::string& name,
              std::vector<SignalId> inputs) {
    return netlist.addGate(kind, name, std::move(inputs), name);
}

// Leading zeros of x for a non-empty x: the "all zero" flag and the count as bit_width(n - 1)
// bits, which is right whenever x is not zero.
struct ZeroCount {
    SignalId allZero = -1;
    std::vector<SignalId> count;
};

ZeroCount countLeadingZeros(Netlist& netlist, const std::string& prefix,
                            std::span<const SignalId> x) {
    const int size = static_cast<int>(x.size());
    if (size == 1) return ZeroCount{gate(netlist, GateKind::Not, named(prefix, "z"), {x[0]}), {}};
    // The top part is the largest power of two below the size; the rest is at most as long.
    const int topSize = static_cast<int>(std::bit_floor(static_cast<unsigned>(size - 1)));
    const ZeroCount top = countLeadingZeros(netlist, prefix + "t", x.subspan(size - topSize));
    const ZeroCount bottom =
        countLeadingZeros(netlist, prefix + "b", x.first(static_cast<std::size_t>(size - topSize)));
    ZeroCount result;
    result.allZero =
        gate(netlist, GateKind::And, named(prefix, "z"), {top.allZero, bottom.allZero});
    // Below the top bit: the bottom's count when the top part is all zero, else the top's.
    const SignalId notTopZero = gate(netlist, GateKind::Not, named(prefix, "nz"), {top.allZero});
    for (std::size_t bit = 0; bit < top.count.size(); ++bit) {
        const int index = static_cast<int>(bit);
        const SignalId fromTop =
            gate(netlist, GateKind::And, named(prefix, "ct", index), {top.count[bit], notTopZero});
        if (bit >= bottom.count.size()) {
            result.count.push_back(fromTop);  // the bottom's count has a 0 here
            continue;
        }
        const SignalId fromBottom = gate(netlist, GateKind::And, named(prefix, "cb", index),
                                         {bottom.count[bit], top.allZero});
        result.count.push_back(
            gate(netlist, GateKind::Or, named(prefix, "c", index), {fromTop, fromBottom}));
    }
    result.count.push_back(top.allZero);  // the top part's whole length
    return result;
}

}  // namespace

SignalId addGateTree(Netlist& netlist, std::string_view prefix, GateKind kind,
                     std::span<const SignalId> wires) {
    assert(!wires.empty());
    std::vector<SignalId> level(wires.begin(), wires.end());
    int next = 0;
    while (level.size() > 1) {
        std::vector<SignalId> above;
        for (std::size_t index = 0; index + 1 < level.size(); index += 2) {
            above.push_back(
                gate(netlist, kind, named(prefix, "g", next++), {level[index], level[index + 1]}));
        }
        if (level.size() % 2 == 1) above.push_back(level.back());
        level = std::move(above);
    }
    return level.front();
}

std::vector<SignalId> addMultiplexer(Netlist& netlist, std::string_view prefix, SignalId select,
                                     SignalId notSelect, std::span<const SignalId> whenZero,
                                     std::span<const SignalId> whenOne) {
    assert(whenZero.size() == whenOne.size());
    std::vector<SignalId> outputs;
    for (std::size_t bit = 0; bit < whenZero.size(); ++bit) {
        const int index = static_cast<int>(bit);
        const SignalId zero =
            gate(netlist, GateKind::And, named(prefix, "a", index), {whenZero[bit], notSelect});
        const SignalId one =
            gate(netlist, GateKind::And, named(prefix, "b", index), {whenOne[bit], select});
        outputs.push_back(gate(netlist, GateKind::Or, named(prefix, "y", index), {zero, one}));
    }
    return outputs;
}

ShiftedSignals addRightShifter(Netlist& netlist, std::string_view prefix,
                               std::span<const SignalId> x, std::span<const SignalId> amount) {
    const int width = static_cast<int>(x.size());
    // Stages for the amount bits below bit_width(width - 1); a set bit above them shifts
    // everything out.
    const int stages = std::min(static_cast<int>(amount.size()),
                                static_cast<int>(std::bit_width(static_cast<unsigned>(width - 1))));
    const std::string base(prefix);
    std::vector<SignalId> current(x.begin(), x.end());
    std::vector<SignalId> stickyParts;
    for (int stage = 0; stage < stages; ++stage) {
        const std::string stagePrefix = base + ".s" + std::to_string(stage);
        const int distance = 1 << stage;
        const SignalId select = amount[stage];
        const SignalId notSelect = gate(netlist, GateKind::Not, named(stagePrefix, "n"), {select});
        const std::span<const SignalId> shiftedOut(
            current.data(), static_cast<std::size_t>(std::min(distance, width)));
        const SignalId lost = addGateTree(netlist, stagePrefix + ".lost", GateKind::Or, shiftedOut);
        stickyParts.push_back(
            gate(netlist, GateKind::And, named(stagePrefix, "st"), {lost, select}));
        std::vector<SignalId> next;
        for (int bit = 0; bit < width; ++bit) {
            if (bit + distance < width) {
                const SignalId kept = current[bit];
                const SignalId moved = current[bit + distance];
                next.push_back(addMultiplexer(netlist, stagePrefix + ".m" + std::to_string(bit),
                                              select, notSelect, std::span(&kept, 1),
                                              std::span(&moved, 1))
                                   .front());
            } else {
                next.push_back(gate(netlist, GateKind::And, named(stagePrefix, "k", bit),
                                    {current[bit], notSelect}));
            }
        }
        current = std::move(next);
    }
    ShiftedSignals result;
    if (static_cast<int>(amount.size()) > stages) {
        const SignalId tooFar =
            addGateTree(netlist, base + ".far", GateKind::Or, amount.subspan(stages));
        const SignalId near = gate(netlist, GateKind::Not, base + ".near", {tooFar});
        for (int bit = 0; bit < width; ++bit) {
            current[bit] =
                gate(netlist, GateKind::And, named(base, "y", bit), {current[bit], near});
        }
        const SignalId anyBit = addGateTree(netlist, base + ".any", GateKind::Or, x);
        stickyParts.push_back(gate(netlist, GateKind::And, base + ".farst", {anyBit, tooFar}));
    }
    result.bits = std::move(current);
    result.sticky = stickyParts.empty()
                        ? -1
                        : addGateTree(netlist, base + ".sticky", GateKind::Or, stickyParts);
    return result;
}

ShiftedSignals addLeftShifter(Netlist& netlist, std::string_view prefix,
                              std::span<const SignalId> x, std::span<const SignalId> amount) {
    const int width = static_cast<int>(x.size());
    const int stages = std::min(static_cast<int>(amount.size()),
                                static_cast<int>(std::bit_width(static_cast<unsigned>(width - 1))));
    const std::string base(prefix);
    std::vector<SignalId> current(x.begin(), x.end());
    for (int stage = 0; stage < stages; ++stage) {
        const std::string stagePrefix = base + ".s" + std::to_string(stage);
        const int distance = 1 << stage;
        const SignalId select = amount[stage];
        const SignalId notSelect = gate(netlist, GateKind::Not, named(stagePrefix, "n"), {select});
        std::vector<SignalId> next;
        for (int bit = 0; bit < width; ++bit) {
            if (bit >= distance) {
                const SignalId kept = current[bit];
                const SignalId moved = current[bit - distance];
                next.push_back(addMultiplexer(netlist, stagePrefix + ".m" + std::to_string(bit),
                                              select, notSelect, std::span(&kept, 1),
                                              std::span(&moved, 1))
                                   .front());
            } else {
                next.push_back(gate(netlist, GateKind::And, named(stagePrefix, "k", bit),
                                    {current[bit], notSelect}));
            }
        }
        current = std::move(next);
    }
    if (static_cast<int>(amount.size()) > stages) {
        const SignalId tooFar =
            addGateTree(netlist, base + ".far", GateKind::Or, amount.subspan(stages));
        const SignalId near = gate(netlist, GateKind::Not, base + ".near", {tooFar});
        for (int bit = 0; bit < width; ++bit) {
            current[bit] =
                gate(netlist, GateKind::And, named(base, "y", bit), {current[bit], near});
        }
    }
    return ShiftedSignals{std::move(current), -1};
}

std::vector<SignalId> addLeadingZeroCounter(Netlist& netlist, std::string_view prefix,
                                            std::span<const SignalId> x) {
    const int width = static_cast<int>(x.size());
    const std::string base(prefix);
    const ZeroCount counted = countLeadingZeros(netlist, base + ".", x);
    // When x is zero the count is the width itself: force its bits on top of the tree's.
    const int outputBits = static_cast<int>(std::bit_width(static_cast<unsigned>(width)));
    const SignalId notZero = gate(netlist, GateKind::Not, base + ".nz", {counted.allZero});
    std::vector<SignalId> count;
    for (int bit = 0; bit < outputBits; ++bit) {
        const bool widthBit = ((width >> bit) & 1) != 0;
        if (bit >= static_cast<int>(counted.count.size())) {
            count.push_back(counted.allZero);  // only the width itself reaches this bit
            continue;
        }
        const SignalId tree = counted.count[bit];
        count.push_back(
            widthBit ? gate(netlist, GateKind::Or, named(base, "c", bit), {tree, counted.allZero})
                     : gate(netlist, GateKind::And, named(base, "c", bit), {tree, notZero}));
    }
    return count;
}

std::vector<SignalId> addIncrementer(Netlist& netlist, std::string_view prefix,
                                     std::span<const SignalId> x, SignalId carryIn) {
    const std::string base(prefix);
    std::vector<SignalId> outputs;
    // Each bit flips when the carry into it is 1: bit 0 always (or when carryIn is set), a
    // higher bit when every bit below it was 1.
    SignalId carry = -1;
    if (carryIn < 0) {
        outputs.push_back(gate(netlist, GateKind::Not, named(base, "y", 0), {x[0]}));
        carry = x[0];
    } else {
        outputs.push_back(gate(netlist, GateKind::Xor, named(base, "y", 0), {x[0], carryIn}));
        carry = gate(netlist, GateKind::And, named(base, "c", 0), {x[0], carryIn});
    }
    for (std::size_t bit = 1; bit < x.size(); ++bit) {
        const int index = static_cast<int>(bit);
        outputs.push_back(gate(netlist, GateKind::Xor, named(base, "y", index), {x[bit], carry}));
        carry = gate(netlist, GateKind::And, named(base, "c", index), {x[bit], carry});
    }
    outputs.push_back(carry);
    return outputs;
}

std::vector<SignalId> addDecrementer(Netlist& netlist, std::string_view prefix,
                                     std::span<const SignalId> x) {
    const std::string base(prefix);
    std::vector<SignalId> outputs;
    // Bit 0 flips; each higher bit flips when every bit below it was 0 (the borrow).
    SignalId borrow = gate(netlist, GateKind::Not, named(base, "y", 0), {x[0]});
    outputs.push_back(borrow);
    for (std::size_t bit = 1; bit < x.size(); ++bit) {
        const int index = static_cast<int>(bit);
        outputs.push_back(gate(netlist, GateKind::Xor, named(base, "y", index), {x[bit], borrow}));
        const SignalId notBit = gate(netlist, GateKind::Not, named(base, "n", index), {x[bit]});
        borrow = gate(netlist, GateKind::And, named(base, "b", index), {notBit, borrow});
    }
    outputs.push_back(borrow);
    return outputs;
}

std::vector<SignalId> addInputBus(Netlist& netlist, std::string_view name, int count) {
    std::vector<SignalId> wires;
    for (int bit = 0; bit < count; ++bit) {
        std::string signalName(name);
        signalName.append(std::to_string(bit));
        wires.push_back(netlist.addInput(std::move(signalName)));
    }
    return wires;
}

void addOutputBus(Netlist& netlist, std::string_view name, std::span<const SignalId> wires) {
    for (std::size_t bit = 0; bit < wires.size(); ++bit) {
        std::string outputName(name);
        outputName.append(std::to_string(bit));
        netlist.addOutput(std::move(outputName), wires[bit]);
    }
}

Netlist buildMultiplexer(int width) {
    Netlist netlist;
    const auto zero = addInputBus(netlist, "zero", width);
    const auto one = addInputBus(netlist, "one", width);
    const SignalId select = netlist.addInput("select");
    const SignalId notSelect = gate(netlist, GateKind::Not, "mux.n", {select});
    addOutputBus(netlist, "y", addMultiplexer(netlist, "mux", select, notSelect, zero, one));
    return netlist;
}

Netlist buildRightShifter(int width, int amountBits) {
    Netlist netlist;
    const auto x = addInputBus(netlist, "x", width);
    const auto amount = addInputBus(netlist, "amount", amountBits);
    const ShiftedSignals shifted = addRightShifter(netlist, "shr", x, amount);
    addOutputBus(netlist, "y", shifted.bits);
    if (shifted.sticky >= 0) netlist.addOutput("sticky", shifted.sticky);
    return netlist;
}

Netlist buildLeftShifter(int width, int amountBits) {
    Netlist netlist;
    const auto x = addInputBus(netlist, "x", width);
    const auto amount = addInputBus(netlist, "amount", amountBits);
    addOutputBus(netlist, "y", addLeftShifter(netlist, "shl", x, amount).bits);
    return netlist;
}

Netlist buildLeadingZeroCounter(int width) {
    Netlist netlist;
    const auto x = addInputBus(netlist, "x", width);
    addOutputBus(netlist, "count", addLeadingZeroCounter(netlist, "lzc", x));
    return netlist;
}

Netlist buildIncrementer(int width) {
    Netlist netlist;
    const auto x = addInputBus(netlist, "x", width);
    auto outputs = addIncrementer(netlist, "inc", x);
    netlist.addOutput("carry", outputs.back());
    outputs.pop_back();
    addOutputBus(netlist, "y", outputs);
    return netlist;
}

Netlist buildDecrementer(int width) {
    Netlist netlist;
    const auto x = addInputBus(netlist, "x", width);
    auto outputs = addDecrementer(netlist, "dec", x);
    netlist.addOutput("borrow", outputs.back());
    outputs.pop_back();
    addOutputBus(netlist, "y", outputs);
    return netlist;
}

}  // namespace mlsyslab::logic
