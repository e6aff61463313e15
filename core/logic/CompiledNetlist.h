#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "logic/Netlist.h"

namespace mlsyslab::logic {

// A netlist flattened for evaluating millions of times: the gates that the wanted signals
// depend on, in netlist order, each as its kind and a run of input indices in one array, over
// one byte per signal. It computes exactly what Netlist::evaluate computes for those signals,
// gate by gate, without vector<bool> and per-gate vectors (the floating-point adder sends
// every significand addition through it).
class CompiledNetlist {
public:
    // Keeps only the gates in the fan-in cone of `wanted`; all gates when `wanted` is empty.
    explicit CompiledNetlist(const Netlist& netlist, std::span<const SignalId> wanted = {});

    int signalCount() const { return signalCount_; }
    int gateCount() const { return static_cast<int>(gates_.size()); }

    // `values` holds one byte (0 or 1) per signal, indexed by SignalId, primary inputs already
    // set; every kept gate's output is written in order.
    void evaluate(std::span<std::uint8_t> values) const;
    // The same gates over 64 evaluations at once: bit k of every word belongs to evaluation k
    // (bit slicing), so a batch pays for each gate once per 64 inputs.
    void evaluateLanes(std::span<std::uint64_t> values) const;

private:
    // Gates of one or two inputs (nearly all) read two signals (a one-input gate reads its
    // input twice) and look the answer up in a four-entry truth table: no branch on the kind.
    struct FlatGate {
        GateKind kind = GateKind::And;
        SignalId left = -1;
        SignalId right = -1;
        SignalId output = -1;
        std::uint8_t truthTable = 0;  // bit (left * 2 + right) is the output
        std::uint8_t inputCount = 0;
        int wideGate = -1;  // for 3+ inputs: an index into wideGates_, else -1
    };
    struct WideGate {
        GateKind kind = GateKind::And;
        int firstInput = 0;  // into inputs_
        int inputCount = 0;
    };
    int signalCount_ = 0;
    std::vector<FlatGate> gates_;
    std::vector<WideGate> wideGates_;
    std::vector<SignalId> inputs_;
};

}  // namespace mlsyslab::logic
