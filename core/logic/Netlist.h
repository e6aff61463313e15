#pragma once

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "logic/Gate.h"

namespace mlsyslab::logic {

// A combinational circuit of gates. Every signal is either a primary input or the output of
// exactly one gate; a gate may only read signals that already exist when it is added, so a
// Netlist is acyclic by construction and its gate order is a topological order. Circuits typed
// by people (with names, in any order, maybe with loops) go through CircuitSpec first.

using SignalId = int;  // index into signals()
using GateId = int;    // index into gates()

struct Signal {
    std::string name;    // unique in the netlist, e.g. "a0", "c3", "fa2.sum"
    GateId driver = -1;  // the gate that drives it; -1 for a primary input
};

struct Gate {
    std::string name;  // unique, e.g. "fa2.xor1"
    GateKind kind = GateKind::And;
    std::vector<SignalId> inputs;
    SignalId output = -1;
    int delay = kDefaultGateDelay;  // time units from an input change to the output change
};

// A named circuit output ("sum0", "carry"): a view of one signal.
struct OutputPort {
    std::string name;
    SignalId signal = -1;
};

class Netlist {
public:
    // A primary input; its name must be new (checked by assertion: builders are code).
    SignalId addInput(std::string name);
    // A gate reading existing signals; creates and returns its output signal, named
    // outputName. 1 <= delay <= kMaxGateDelay, and the input count suits the kind (assertions:
    // circuits typed by people are checked by CircuitSpec first).
    SignalId addGate(GateKind kind, std::string name, std::vector<SignalId> inputs,
                     std::string outputName, int delay = kDefaultGateDelay);
    void addOutput(std::string name, SignalId signal);

    // Qt defines `signals` as a macro (a keyword of its moc), so Qt code cannot call or even
    // declare signals(): it uses allSignals(), the same list. The macro is set aside here so
    // this header can come after Qt headers.
#pragma push_macro("signals")
#undef signals
    const std::vector<Signal>& signals() const { return signals_; }
#pragma pop_macro("signals")
    const std::vector<Signal>& allSignals() const { return signals_; }
    const std::vector<Gate>& gates() const { return gates_; }
    const std::vector<SignalId>& inputs() const { return inputs_; }
    const std::vector<OutputPort>& outputs() const { return outputs_; }
    // The gates that read a signal, in gate order.
    const std::vector<GateId>& fanout(SignalId signal) const { return fanout_[signal]; }
    // -1 when no signal or gate has that name.
    SignalId findSignal(std::string_view name) const;
    GateId findGate(std::string_view name) const;

    // Zero-delay evaluation: every signal's settled value for these primary input values
    // (in inputs() order). Gates are evaluated once each, in order, so this is the fast path
    // for exhaustive tests and for the floating-point datapath.
    std::vector<bool> evaluate(std::span<const bool> inputValues) const;
    // The same for a std::vector<bool>, which does not convert to a span.
    std::vector<bool> evaluate(const std::vector<bool>& inputValues) const;
    // evaluate() into the caller's buffer (resized to signals().size()), so a loop of millions
    // of evaluations allocates nothing.
    void evaluateInto(std::span<const bool> inputValues, std::vector<bool>& signalValues) const;
    void evaluateInto(const std::vector<bool>& inputValues, std::vector<bool>& signalValues) const;
    // One gate's output for these signal values (indexed by SignalId).
    bool gateOutput(GateId gate, const std::vector<bool>& signalValues) const;

    // Longest input-to-output path counted in gates (logic depth) and in delay units (the
    // worst-case settle time), and the gates on one longest-delay path, from input to output
    // (ties broken by the lowest gate id, so the choice is deterministic). Every gate's output
    // counts as an end of a path, whether or not an output port names it. 0 and empty for a
    // netlist without gates.
    int depth() const;
    int criticalPathDelay() const;
    std::vector<GateId> criticalPath() const;
    // Per signal: the gates on its longest path from an input (0 for an input) and the time it
    // settles at the latest after an input change (its arrival time).
    int levelOf(SignalId signal) const { return levels_[signal]; }
    int arrivalTimeOf(SignalId signal) const { return arrivalTimes_[signal]; }

private:
    std::vector<Signal> signals_;
    std::vector<Gate> gates_;
    std::vector<SignalId> inputs_;
    std::vector<OutputPort> outputs_;
    std::vector<std::vector<GateId>> fanout_;
    // Kept up to date as gates are added: gates arrive in topological order.
    std::vector<int> levels_;
    std::vector<int> arrivalTimes_;
    // The gates again as flat arrays, for evaluate(): one contiguous pass, no pointer chasing.
    struct CompactGate {
        GateKind kind;
        int firstInput;  // into compactInputs_
        int inputCount;
        SignalId output;
    };
    std::vector<CompactGate> compactGates_;
    std::vector<SignalId> compactInputs_;
    std::unordered_map<std::string, SignalId> signalByName_;
    std::unordered_map<std::string, GateId> gateByName_;

    SignalId addSignal(std::string name, GateId driver);
    template <typename InputValues>
    void evaluateAll(const InputValues& inputValues, std::vector<bool>& signalValues) const;
};

}  // namespace mlsyslab::logic
