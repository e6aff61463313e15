#pragma once

#include <span>
#include <vector>

#include "logic/Netlist.h"

namespace mlsyslab::logic {

// Event-driven simulation with transport delay, the model of a first logic-design course:
// when a gate's input changes at time t, the gate is evaluated with the values at t and, if
// its output will differ from the value last scheduled for it, the new value is scheduled at
// t + delay. Pulses shorter than a delay are kept, so glitches (hazards) show: a wire that
// changes twice before settling.
//
// Work is bounded: a signal can only change at its arrival times along the netlist's paths, so
// a run never goes past criticalPathDelay() and holds at most that many snapshots plus one
// (gate delays are capped at kMaxGateDelay).

// One output change, in the order the simulator applies them: by time, then by gate id.
struct SignalEvent {
    int time = 0;
    GateId gate = -1;  // the gate whose output changes; -1 for a primary input (time 0)
    SignalId signal = -1;
    bool value = false;
};

// The whole circuit at one moment, for a view to draw alone (DESIGN.md §2).
struct TimeSnapshot {
    int time = 0;
    std::vector<bool> values;       // every signal, indexed by SignalId
    std::vector<SignalId> changed;  // signals that changed at this time, ascending
    std::vector<GateId> evaluated;  // gates evaluated at this time (their inputs changed)
};

struct SimulationRun {
    // snapshots[0] is time 0 with the new inputs applied and nothing else changed yet; then
    // one snapshot per time unit up to settleTime (a time with no change repeats the values),
    // so "step one time unit" is "next snapshot".
    std::vector<TimeSnapshot> snapshots;
    std::vector<SignalEvent> events;
    int settleTime = 0;       // time of the last change; 0 when only inputs changed
    int gateEvaluations = 0;  // every evaluation, including those that changed nothing
    // Signals that changed more than once during the run (glitches), ascending.
    std::vector<SignalId> glitches;

    const std::vector<bool>& finalValues() const { return snapshots.back().values; }
};

// Starts from the circuit settled at `before` (inputs() order) and applies `after` at time 0.
SimulationRun simulateInputChange(const Netlist& netlist, std::span<const bool> before,
                                  std::span<const bool> after);
// From the settled all-zero inputs: how a circuit computes "from scratch" in a lesson.
SimulationRun simulateFromZero(const Netlist& netlist, std::span<const bool> inputValues);
// The same for std::vector<bool>, which does not convert to a span.
SimulationRun simulateInputChange(const Netlist& netlist, const std::vector<bool>& before,
                                  const std::vector<bool>& after);
SimulationRun simulateFromZero(const Netlist& netlist, const std::vector<bool>& inputValues);

}  // namespace mlsyslab::logic
