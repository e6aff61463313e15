#include "logic/CompiledNetlist.h"

#include <cassert>

namespace mlsyslab::logic {

namespace {

// Marks every gate that drives a wanted signal, directly or through other gates.
std::vector<bool> gatesInCone(const Netlist& netlist, std::span<const SignalId> wanted) {
    std::vector<bool> needed(netlist.gates().size(), wanted.empty());
    if (wanted.empty()) return needed;
    std::vector<SignalId> pending(wanted.begin(), wanted.end());
    std::vector<bool> visited(netlist.allSignals().size(), false);
    while (!pending.empty()) {
        const SignalId signal = pending.back();
        pending.pop_back();
        if (visited[signal]) continue;
        visited[signal] = true;
        const GateId driver = netlist.allSignals()[signal].driver;
        if (driver < 0) continue;
        needed[driver] = true;
        for (const SignalId input : netlist.gates()[driver].inputs) pending.push_back(input);
    }
    return needed;
}

// The gate's output for each of the four (left, right) input pairs, as bits of one byte.
std::uint8_t twoInputTruthTable(GateKind kind) {
    std::uint8_t table = 0;
    for (int row = 0; row < 4; ++row) {
        const bool inputs[2] = {(row & 2) != 0, (row & 1) != 0};
        const int count = minimumInputs(kind) == 1 ? 1 : 2;
        if (evaluateGate(kind, std::span<const bool>(inputs, static_cast<std::size_t>(count)))) {
            table = static_cast<std::uint8_t>(table | (1u << row));
        }
    }
    return table;
}

bool evaluateWideGate(GateKind kind, const SignalId* in, const SignalId* end,
                      const std::uint8_t* value) {
    unsigned result = value[*in];
    switch (kind) {
        case GateKind::And:
        case GateKind::Nand:
            while (++in != end) result &= value[*in];
            return (result != 0) == (kind == GateKind::And);
        case GateKind::Or:
        case GateKind::Nor:
            while (++in != end) result |= value[*in];
            return (result != 0) == (kind == GateKind::Or);
        case GateKind::Xor:
        case GateKind::Xnor:
            while (++in != end) result ^= value[*in];
            return (result != 0) == (kind == GateKind::Xor);
        case GateKind::Not:
            return result == 0;
        case GateKind::Buf:
            return result != 0;
    }
    return false;
}

std::uint64_t evaluateLaneGate(GateKind kind, const SignalId* in, const SignalId* end,
                               const std::uint64_t* value) {
    std::uint64_t result = value[*in];
    switch (kind) {
        case GateKind::And:
        case GateKind::Nand:
            while (++in != end) result &= value[*in];
            return kind == GateKind::And ? result : ~result;
        case GateKind::Or:
        case GateKind::Nor:
            while (++in != end) result |= value[*in];
            return kind == GateKind::Or ? result : ~result;
        case GateKind::Xor:
        case GateKind::Xnor:
            while (++in != end) result ^= value[*in];
            return kind == GateKind::Xor ? result : ~result;
        case GateKind::Not:
            return ~result;
        case GateKind::Buf:
            return result;
    }
    return 0;
}

}  // namespace

CompiledNetlist::CompiledNetlist(const Netlist& netlist, std::span<const SignalId> wanted)
    : signalCount_(static_cast<int>(netlist.allSignals().size())) {
    const std::vector<bool> needed = gatesInCone(netlist, wanted);
    for (std::size_t id = 0; id < netlist.gates().size(); ++id) {
        if (!needed[id]) continue;
        const Gate& gate = netlist.gates()[id];
        FlatGate flat;
        flat.kind = gate.kind;
        flat.output = gate.output;
        if (gate.inputs.size() <= 2) {
            flat.left = gate.inputs.front();
            flat.right = gate.inputs.back();
            flat.truthTable = twoInputTruthTable(gate.kind);
            flat.inputCount = static_cast<std::uint8_t>(gate.inputs.size());
        } else {
            flat.wideGate = static_cast<int>(wideGates_.size());
            wideGates_.push_back(WideGate{gate.kind, static_cast<int>(inputs_.size()),
                                          static_cast<int>(gate.inputs.size())});
            inputs_.insert(inputs_.end(), gate.inputs.begin(), gate.inputs.end());
        }
        gates_.push_back(flat);
    }
}

void CompiledNetlist::evaluate(std::span<std::uint8_t> values) const {
    assert(static_cast<int>(values.size()) >= signalCount_);
    std::uint8_t* const value = values.data();
    for (const FlatGate& gate : gates_) {
        if (gate.wideGate < 0) {
            const unsigned row = (unsigned{value[gate.left]} << 1) | value[gate.right];
            value[gate.output] = static_cast<std::uint8_t>((gate.truthTable >> row) & 1u);
        } else {
            const WideGate& wide = wideGates_[gate.wideGate];
            const SignalId* in = inputs_.data() + wide.firstInput;
            value[gate.output] = evaluateWideGate(wide.kind, in, in + wide.inputCount, value);
        }
    }
}

void CompiledNetlist::evaluateLanes(std::span<std::uint64_t> values) const {
    assert(static_cast<int>(values.size()) >= signalCount_);
    std::uint64_t* const value = values.data();
    for (const FlatGate& gate : gates_) {
        if (gate.wideGate < 0) {
            const SignalId pair[2] = {gate.left, gate.right};
            value[gate.output] = evaluateLaneGate(gate.kind, pair, pair + gate.inputCount, value);
        } else {
            const WideGate& wide = wideGates_[gate.wideGate];
            const SignalId* in = inputs_.data() + wide.firstInput;
            value[gate.output] = evaluateLaneGate(wide.kind, in, in + wide.inputCount, value);
        }
    }
}

}  // namespace mlsyslab::logic
