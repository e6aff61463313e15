#include "logic/AdderBlocks.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>
#include <utility>

namespace mlsyslab::widgets {

namespace {

using logic::GateId;
using logic::SignalId;

struct BlockKey {
    AdderBlockKind kind;
    int index;
    int level;
    friend auto operator<=>(const BlockKey&, const BlockKey&) = default;
};

// The number at the front of `text`, which it removes; nothing when there is none.
std::optional<int> takeNumber(std::string_view& text) {
    int number = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (error != std::errc() || end == text.data()) return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return number;
}

// "fa3.xor1" -> 3 when text starts with prefix, then a number, then the end or a '.'.
std::optional<int> numberAfter(std::string_view text, std::string_view prefix, bool wholeName) {
    if (!text.starts_with(prefix)) return std::nullopt;
    text.remove_prefix(prefix.size());
    const auto number = takeNumber(text);
    if (!number) return std::nullopt;
    if (wholeName ? !text.empty() : !(text.empty() || text.starts_with('.'))) return std::nullopt;
    return number;
}

std::optional<BlockKey> blockOfGateName(std::string_view name) {
    if (const auto bit = numberAfter(name, "fa", false)) {
        return BlockKey{AdderBlockKind::FullAdder, *bit, 0};
    }
    if (const auto bit = numberAfter(name, "flip", true)) {
        return BlockKey{AdderBlockKind::Complement, *bit, 0};
    }
    if (const auto bit = numberAfter(name, "g", true)) {
        return BlockKey{AdderBlockKind::BitCell, *bit, 0};
    }
    if (const auto bit = numberAfter(name, "p", true)) {
        return BlockKey{AdderBlockKind::BitCell, *bit, 0};
    }
    if (const auto bit = numberAfter(name, "sum", true)) {
        return BlockKey{AdderBlockKind::SumCell, *bit, 0};
    }
    if (name.starts_with("cla")) {
        std::string_view rest = name.substr(3);
        const auto level = takeNumber(rest);
        if (level && rest.starts_with('.')) {
            rest.remove_prefix(1);
            const auto index = takeNumber(rest);
            if (index && (rest.empty() || rest.starts_with('.'))) {
                return BlockKey{AdderBlockKind::LookaheadUnit, *index, *level};
            }
        }
        return std::nullopt;
    }
    if (name == "overflow") return BlockKey{AdderBlockKind::OverflowFlag, 0, 0};
    if (name == "zero" || name.starts_with("zero.")) {
        return BlockKey{AdderBlockKind::ZeroFlag, 0, 0};
    }
    return std::nullopt;
}

// A lookahead unit spans the bits of the bit cells and the lower units that feed it (not the
// carries it receives from above, which come from units spanning more).
void spanLookaheadUnits(const logic::Netlist& netlist, AdderBlockMap& map) {
    for (int level = 1; level <= map.lookaheadLevels; ++level) {
        for (AdderBlock& unit : map.blocks) {
            if (unit.kind != AdderBlockKind::LookaheadUnit || unit.level != level) continue;
            std::optional<std::pair<int, int>> span;
            for (const GateId gate : unit.gates) {
                for (const SignalId input : netlist.gates()[gate].inputs) {
                    const int from = map.driverBlock(netlist, input);
                    if (from < 0) continue;
                    const AdderBlock& feeder = map.blocks[from];
                    const bool below =
                        feeder.kind == AdderBlockKind::BitCell ||
                        (feeder.kind == AdderBlockKind::LookaheadUnit && feeder.level < level);
                    if (!below) continue;
                    span = span ? std::pair(std::min(span->first, feeder.firstBit),
                                            std::max(span->second, feeder.lastBit))
                                : std::pair(feeder.firstBit, feeder.lastBit);
                }
            }
            if (span) std::tie(unit.firstBit, unit.lastBit) = *span;
        }
    }
}

}  // namespace

int AdderBlockMap::find(AdderBlockKind kind, int index, int level) const {
    for (int block = 0; block < static_cast<int>(blocks.size()); ++block) {
        const AdderBlock& candidate = blocks[block];
        if (candidate.kind == kind && candidate.index == index && candidate.level == level) {
            return block;
        }
    }
    return -1;
}

int AdderBlockMap::driverBlock(const logic::Netlist& netlist, SignalId signal) const {
    const GateId driver = netlist.allSignals()[signal].driver;
    return driver < 0 ? -1 : blockOfGate[driver];
}

AdderBlockMap mapAdderBlocks(const logic::AdderCircuit& adder) {
    const logic::Netlist& netlist = adder.netlist;
    AdderBlockMap map;
    std::map<BlockKey, int> blockByKey;
    map.blockOfGate.assign(netlist.gates().size(), -1);
    for (GateId gate = 0; gate < static_cast<GateId>(netlist.gates().size()); ++gate) {
        const auto key = blockOfGateName(netlist.gates()[gate].name);
        if (!key) continue;
        auto [found, added] = blockByKey.emplace(*key, static_cast<int>(map.blocks.size()));
        if (added) {
            AdderBlock block{key->kind, key->index, key->level, key->index, key->index, {}};
            if (key->kind == AdderBlockKind::ZeroFlag)
                block = {key->kind, 0, 0, 0, adder.width - 1, {}};
            if (key->kind == AdderBlockKind::OverflowFlag) {
                block = {key->kind, 0, 0, adder.width - 1, adder.width - 1, {}};
            }
            map.blocks.push_back(block);
            map.lookaheadLevels = std::max(map.lookaheadLevels, key->level);
        }
        map.blocks[found->second].gates.push_back(gate);
        map.blockOfGate[gate] = found->second;
    }
    spanLookaheadUnits(netlist, map);

    std::set<std::pair<SignalId, int>> seen;
    for (GateId gate = 0; gate < static_cast<GateId>(netlist.gates().size()); ++gate) {
        const int to = map.blockOfGate[gate];
        if (to < 0) continue;
        for (const SignalId input : netlist.gates()[gate].inputs) {
            const int from = map.driverBlock(netlist, input);
            if (from == to || !seen.emplace(input, to).second) continue;
            map.links.push_back({input, from, to});
        }
    }
    return map;
}

bool AdderBlockPath::passes(int block) const {
    return std::find(blocks.begin(), blocks.end(), block) != blocks.end();
}

bool AdderBlockPath::runsAlong(SignalId signal, int fromBlock, int toBlock) const {
    if (blocks.empty()) return false;
    if (fromBlock < 0) return signal == input && toBlock == blocks.front();
    if (toBlock < 0) return signal == output && fromBlock == blocks.back();
    for (std::size_t hop = 0; hop < links.size(); ++hop) {
        if (links[hop] == signal && blocks[hop] == fromBlock && blocks[hop + 1] == toBlock) {
            return true;
        }
    }
    return false;
}

AdderBlockPath criticalBlockPath(const logic::AdderCircuit& adder, const AdderBlockMap& map) {
    const logic::Netlist& netlist = adder.netlist;
    const std::vector<GateId> gates = netlist.criticalPath();
    AdderBlockPath path;
    if (gates.empty()) return path;
    for (const SignalId input : netlist.gates()[gates.front()].inputs) {
        if (netlist.allSignals()[input].driver < 0) {
            path.input = input;
            break;
        }
    }
    for (std::size_t step = 0; step < gates.size(); ++step) {
        const int block = map.blockOfGate[gates[step]];
        if (!path.blocks.empty() && path.blocks.back() == block) continue;
        // The wire into a new block is the output of the path's previous gate.
        if (step > 0) path.links.push_back(netlist.gates()[gates[step - 1]].output);
        path.blocks.push_back(block);
    }
    path.output = netlist.gates()[gates.back()].output;
    return path;
}

}  // namespace mlsyslab::widgets
