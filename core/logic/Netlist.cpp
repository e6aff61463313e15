#include "logic/Netlist.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace mlsyslab::logic {

namespace {

// The kernel of every evaluation: reads the gate's inputs straight from the signal values, so
// evaluating a whole netlist touches no other memory and allocates nothing.
bool computeGate(const Gate& gate, const std::vector<bool>& signalValues) {
    switch (gate.kind) {
        case GateKind::And:
        case GateKind::Nand: {
            bool all = true;
            for (const SignalId input : gate.inputs) all = all && signalValues[input];
            return gate.kind == GateKind::And ? all : !all;
        }
        case GateKind::Or:
        case GateKind::Nor: {
            bool any = false;
            for (const SignalId input : gate.inputs) any = any || signalValues[input];
            return gate.kind == GateKind::Or ? any : !any;
        }
        case GateKind::Xor:
        case GateKind::Xnor: {
            bool parity = false;
            for (const SignalId input : gate.inputs) parity = parity != signalValues[input];
            return gate.kind == GateKind::Xor ? parity : !parity;
        }
        case GateKind::Not:
            return !signalValues[gate.inputs.front()];
        case GateKind::Buf:
            return signalValues[gate.inputs.front()];
    }
    return false;
}

// One gate over byte-per-signal values: the inner loop of evaluate().
bool computeCompactGate(GateKind kind, const SignalId* inputs, int inputCount,
                        const std::uint8_t* values) {
    unsigned ones = 0;
    for (int index = 0; index < inputCount; ++index) ones += values[inputs[index]];
    const auto count = static_cast<unsigned>(inputCount);
    switch (kind) {
        case GateKind::And:
            return ones == count;
        case GateKind::Nand:
            return ones != count;
        case GateKind::Or:
            return ones != 0;
        case GateKind::Nor:
            return ones == 0;
        case GateKind::Xor:
            return (ones & 1U) != 0;
        case GateKind::Xnor:
            return (ones & 1U) == 0;
        case GateKind::Not:
            return ones == 0;
        case GateKind::Buf:
            return ones != 0;
    }
    return false;
}

}  // namespace

SignalId Netlist::addSignal(std::string name, GateId driver) {
    assert(!signalByName_.contains(name) && "signal names are unique");
    const auto id = static_cast<SignalId>(signals_.size());
    signalByName_.emplace(name, id);
    signals_.push_back(Signal{std::move(name), driver});
    fanout_.emplace_back();
    levels_.push_back(0);
    arrivalTimes_.push_back(0);
    return id;
}

SignalId Netlist::addInput(std::string name) {
    const SignalId id = addSignal(std::move(name), -1);
    inputs_.push_back(id);
    return id;
}

SignalId Netlist::addGate(GateKind kind, std::string name, std::vector<SignalId> inputs,
                          std::string outputName, int delay) {
    assert(!gateByName_.contains(name) && "gate names are unique");
    assert(static_cast<int>(inputs.size()) >= minimumInputs(kind));
    assert(static_cast<int>(inputs.size()) <= maximumInputs(kind));
    assert(delay >= 1 && delay <= kMaxGateDelay);
    const auto gateId = static_cast<GateId>(gates_.size());
    int level = 0;
    int arrivalTime = 0;
    for (const SignalId input : inputs) {
        assert(input >= 0 && input < static_cast<SignalId>(signals_.size()));
        // A gate reading the same signal twice still appears once in its fan-out.
        std::vector<GateId>& readers = fanout_[input];
        if (readers.empty() || readers.back() != gateId) readers.push_back(gateId);
        level = std::max(level, levels_[input]);
        arrivalTime = std::max(arrivalTime, arrivalTimes_[input]);
    }
    const SignalId output = addSignal(std::move(outputName), gateId);
    levels_[output] = level + 1;
    arrivalTimes_[output] = arrivalTime + delay;
    gateByName_.emplace(name, gateId);
    compactGates_.push_back(CompactGate{kind, static_cast<int>(compactInputs_.size()),
                                        static_cast<int>(inputs.size()), output});
    compactInputs_.insert(compactInputs_.end(), inputs.begin(), inputs.end());
    gates_.push_back(Gate{std::move(name), kind, std::move(inputs), output, delay});
    return output;
}

void Netlist::addOutput(std::string name, SignalId signal) {
    assert(signal >= 0 && signal < static_cast<SignalId>(signals_.size()));
    outputs_.push_back(OutputPort{std::move(name), signal});
}

SignalId Netlist::findSignal(std::string_view name) const {
    const auto found = signalByName_.find(std::string(name));
    return found == signalByName_.end() ? -1 : found->second;
}

GateId Netlist::findGate(std::string_view name) const {
    const auto found = gateByName_.find(std::string(name));
    return found == gateByName_.end() ? -1 : found->second;
}

// Values are computed one byte per signal (cheap to read and write), then packed into the
// std::vector<bool> the interface promises.
template <typename InputValues>
void Netlist::evaluateAll(const InputValues& inputValues, std::vector<bool>& signalValues) const {
    assert(inputValues.size() == inputs_.size());
    std::vector<std::uint8_t> values(signals_.size(), 0);
    for (std::size_t index = 0; index < inputs_.size(); ++index) {
        values[inputs_[index]] = inputValues[index] ? 1 : 0;
    }
    const SignalId* flatInputs = compactInputs_.data();
    for (const CompactGate& gate : compactGates_) {
        values[gate.output] = computeCompactGate(gate.kind, flatInputs + gate.firstInput,
                                                 gate.inputCount, values.data())
                                  ? 1
                                  : 0;
    }
    signalValues.assign(signals_.size(), false);
    for (std::size_t signal = 0; signal < values.size(); ++signal) {
        if (values[signal] != 0) signalValues[signal] = true;
    }
}

std::vector<bool> Netlist::evaluate(std::span<const bool> inputValues) const {
    std::vector<bool> signalValues;
    evaluateAll(inputValues, signalValues);
    return signalValues;
}

std::vector<bool> Netlist::evaluate(const std::vector<bool>& inputValues) const {
    std::vector<bool> signalValues;
    evaluateAll(inputValues, signalValues);
    return signalValues;
}

void Netlist::evaluateInto(std::span<const bool> inputValues,
                           std::vector<bool>& signalValues) const {
    evaluateAll(inputValues, signalValues);
}

void Netlist::evaluateInto(const std::vector<bool>& inputValues,
                           std::vector<bool>& signalValues) const {
    evaluateAll(inputValues, signalValues);
}

bool Netlist::gateOutput(GateId gate, const std::vector<bool>& signalValues) const {
    return computeGate(gates_[gate], signalValues);
}

int Netlist::depth() const {
    int deepest = 0;
    for (const Gate& gate : gates_) deepest = std::max(deepest, levels_[gate.output]);
    return deepest;
}

int Netlist::criticalPathDelay() const {
    int latest = 0;
    for (const Gate& gate : gates_) latest = std::max(latest, arrivalTimes_[gate.output]);
    return latest;
}

std::vector<GateId> Netlist::criticalPath() const {
    std::vector<GateId> path;
    GateId current = -1;
    for (GateId gate = 0; gate < static_cast<GateId>(gates_.size()); ++gate) {
        if (current < 0 ||
            arrivalTimes_[gates_[gate].output] > arrivalTimes_[gates_[current].output]) {
            current = gate;
        }
    }
    // Walk back through the input that arrives last: it is what the gate waits for.
    while (current >= 0) {
        path.push_back(current);
        const Gate& gate = gates_[current];
        const int needed = arrivalTimes_[gate.output] - gate.delay;
        GateId previous = -1;
        for (const SignalId input : gate.inputs) {
            const GateId driver = signals_[input].driver;
            if (driver < 0 || arrivalTimes_[input] != needed) continue;
            if (previous < 0 || driver < previous) previous = driver;
        }
        current = previous;
    }
    std::reverse(path.begin(), path.end());
    return path;
}

}  // namespace mlsyslab::logic
