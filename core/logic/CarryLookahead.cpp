#include "logic/CarryLookahead.h"

#include <algorithm>
#include <cstddef>
#include <string>

#include "logic/AdderCircuits.h"

namespace mlsyslab::logic {

namespace {

std::string indexed(const char* prefix, int index) {
    std::string name = prefix;
    name += std::to_string(index);
    return name;
}

std::string joined(const std::string& unit, const std::string& part) {
    std::string name = unit;
    name += ".";
    name += part;
    return name;
}

// A span of bits with its generate and propagate signals: one bit, or a lookahead unit's group.
struct Block {
    int firstBit = 0;
    SignalId generate = -1;
    SignalId propagate = -1;
};

// One lookahead unit: level 1 looks over bits, level L over units of level L - 1.
struct Unit {
    std::string name;           // "cla{level}.{index}"
    std::vector<int> children;  // indices into the level below
    Block block;                // its group generate/propagate (gates only when it has a parent)
};

// The AND of the propagates of children last..first (descending), then `tail`: one product
// term of a lookahead sum. With no propagates it is the tail itself, and no gate is needed.
SignalId productTerm(Netlist& netlist, const std::vector<Block>& children, int last, int first,
                     SignalId tail, const std::string& gateName) {
    if (first > last) return tail;
    std::vector<SignalId> inputs;
    for (int child = last; child >= first; --child) inputs.push_back(children[child].propagate);
    inputs.push_back(tail);
    return netlist.addGate(GateKind::And, gateName, inputs, gateName);
}

// G(last) + P(last)G(last-1) + ... + P(last)..P(1)G(0) [+ P(last)..P(0)carryIn]: the generate of
// children 0..last (a group generate, or with the carry-in, the carry out of child `last`).
SignalId lookaheadSum(Netlist& netlist, const std::vector<Block>& children, int last,
                      SignalId carryIn, const std::string& prefix, const std::string& orName,
                      const std::string& outputName) {
    std::vector<SignalId> terms{children[last].generate};
    int termNumber = 1;
    for (int child = last - 1; child >= 0; --child) {
        terms.push_back(productTerm(netlist, children, last, child + 1, children[child].generate,
                                    joined(prefix, indexed("and", termNumber++))));
    }
    if (carryIn >= 0) {
        terms.push_back(productTerm(netlist, children, last, 0, carryIn,
                                    joined(prefix, indexed("and", termNumber))));
    }
    if (terms.size() == 1) return terms.front();
    return netlist.addGate(GateKind::Or, orName, terms, outputName);
}

}  // namespace

AdderChain addCarryLookaheadChain(Netlist& netlist, const std::vector<SignalId>& a,
                                  const std::vector<SignalId>& b, SignalId carryIn) {
    const int width = static_cast<int>(a.size());
    AdderChain chain;
    chain.carries.assign(static_cast<std::size_t>(width) + 1, -1);
    chain.carries[0] = carryIn;

    std::vector<Block> bits;
    for (int bit = 0; bit < width; ++bit) {
        const std::vector<SignalId> operands{a[bit], b[bit]};
        const SignalId generate =
            netlist.addGate(GateKind::And, indexed("g", bit), operands, indexed("g", bit));
        const SignalId propagate =
            netlist.addGate(GateKind::Xor, indexed("p", bit), operands, indexed("p", bit));
        bits.push_back(Block{bit, generate, propagate});
    }

    // Bottom up: group the blocks of each level by four until one unit covers every bit. Every
    // unit but the root makes its group generate and propagate for its parent.
    std::vector<std::vector<Unit>> levels;
    std::vector<Block> below = bits;
    while (levels.empty() || below.size() > 1) {
        const int level = static_cast<int>(levels.size()) + 1;
        const int unitCount =
            (static_cast<int>(below.size()) + kLookaheadGroupSize - 1) / kLookaheadGroupSize;
        std::vector<Unit> units;
        std::vector<Block> blocks;
        for (int index = 0; index < unitCount; ++index) {
            Unit unit;
            unit.name = indexed("cla", level);
            unit.name += ".";
            unit.name += std::to_string(index);
            const int first = index * kLookaheadGroupSize;
            const int end = std::min(first + kLookaheadGroupSize, static_cast<int>(below.size()));
            std::vector<Block> children;
            for (int child = first; child < end; ++child) {
                unit.children.push_back(child);
                children.push_back(below[child]);
            }
            unit.block.firstBit = children.front().firstBit;
            if (unitCount > 1) {
                const int last = static_cast<int>(children.size()) - 1;
                const std::string generateName = joined(unit.name, "G");
                unit.block.generate = lookaheadSum(netlist, children, last, -1, generateName,
                                                   generateName, generateName);
                const std::string propagateName = joined(unit.name, "P");
                unit.block.propagate = last == 0
                                           ? children.front().propagate
                                           : productTerm(netlist, children, last, 1,
                                                         children.front().propagate, propagateName);
            }
            blocks.push_back(unit.block);
            units.push_back(std::move(unit));
        }
        levels.push_back(std::move(units));
        below = std::move(blocks);
    }

    // Top down: each unit, given the carry into its first bit, makes the carries into its other
    // children; the root also makes the carry out of the whole adder.
    std::vector<Block> childBlocks;
    for (int level = static_cast<int>(levels.size()); level >= 1; --level) {
        for (const Unit& unit : levels[level - 1]) {
            childBlocks.clear();
            for (const int child : unit.children) {
                childBlocks.push_back(level == 1 ? bits[child] : levels[level - 2][child].block);
            }
            const SignalId unitCarryIn = chain.carries[unit.block.firstBit];
            const bool isRoot = level == static_cast<int>(levels.size());
            const int childCount = static_cast<int>(childBlocks.size());
            const int carriesMade = isRoot ? childCount : childCount - 1;
            for (int child = 0; child < carriesMade; ++child) {
                const int bit = child + 1 < childCount ? childBlocks[child + 1].firstBit : width;
                const std::string carryName = indexed("c", bit);
                const std::string prefix = joined(unit.name, carryName);
                chain.carries[bit] = lookaheadSum(netlist, childBlocks, child, unitCarryIn, prefix,
                                                  joined(prefix, "or"), carryName);
            }
        }
    }

    for (int bit = 0; bit < width; ++bit) {
        chain.sum.push_back(netlist.addGate(GateKind::Xor, indexed("sum", bit),
                                            {bits[bit].propagate, chain.carries[bit]},
                                            indexed("s", bit)));
    }
    return chain;
}

}  // namespace mlsyslab::logic
