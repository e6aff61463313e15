#include "logic/EventSimulation.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <utility>

namespace mlsyslab::logic {

namespace {

struct ScheduledChange {
    GateId gate = -1;
    bool value = false;
};

template <typename Values>
std::vector<bool> toVector(const Values& values) {
    return std::vector<bool>(values.begin(), values.end());
}

// The gates reading any of these signals, ascending and each once.
std::vector<GateId> readersOf(const Netlist& netlist, const std::vector<SignalId>& signals) {
    std::vector<GateId> readers;
    for (const SignalId signal : signals) {
        const std::vector<GateId>& fanout = netlist.fanout(signal);
        readers.insert(readers.end(), fanout.begin(), fanout.end());
    }
    std::sort(readers.begin(), readers.end());
    readers.erase(std::unique(readers.begin(), readers.end()), readers.end());
    return readers;
}

SimulationRun simulate(const Netlist& netlist, const std::vector<bool>& before,
                       const std::vector<bool>& after) {
    const std::vector<SignalId>& inputs = netlist.inputs();
    assert(before.size() == inputs.size() && after.size() == inputs.size());

    SimulationRun run;
    std::vector<bool> values = netlist.evaluate(before);
    // The value each signal will have once everything scheduled so far has happened: transport
    // delay compares a new output against this, not against the present value.
    std::vector<bool> projected = values;
    std::vector<int> changeCounts(values.size(), 0);
    // changesDue[t]: gate outputs that change at time t. A run cannot outlast the critical path
    // delay (a signal only changes at its path arrival times), so this is the whole horizon;
    // it grows only if that reasoning were ever wrong, and the loop still ends because the
    // netlist is acyclic.
    std::vector<std::vector<ScheduledChange>> changesDue(
        static_cast<std::size_t>(netlist.criticalPathDelay()) + 1);
    int pendingChanges = 0;

    for (int time = 0; time < static_cast<int>(changesDue.size()); ++time) {
        std::vector<SignalId> changed;
        if (time == 0) {
            for (std::size_t index = 0; index < inputs.size(); ++index) {
                const SignalId input = inputs[index];
                if (values[input] == after[index]) continue;
                values[input] = after[index];
                projected[input] = after[index];
                run.events.push_back(SignalEvent{0, -1, input, after[index]});
                changed.push_back(input);
            }
        } else {
            std::vector<ScheduledChange>& due = changesDue[time];
            std::sort(due.begin(), due.end(),
                      [](const ScheduledChange& left, const ScheduledChange& right) {
                          return left.gate < right.gate;
                      });
            for (const ScheduledChange& change : due) {
                const SignalId output = netlist.gates()[change.gate].output;
                values[output] = change.value;
                run.events.push_back(SignalEvent{time, change.gate, output, change.value});
                changed.push_back(output);
            }
            pendingChanges -= static_cast<int>(due.size());
            due.clear();
        }
        for (const SignalId signal : changed) ++changeCounts[signal];

        std::vector<GateId> evaluated = readersOf(netlist, changed);
        for (const GateId gateId : evaluated) {
            const Gate& gate = netlist.gates()[gateId];
            const bool output = netlist.gateOutput(gateId, values);
            if (output == projected[gate.output]) continue;
            projected[gate.output] = output;
            const auto due = static_cast<std::size_t>(time + gate.delay);
            if (due >= changesDue.size()) changesDue.resize(due + 1);
            changesDue[due].push_back(ScheduledChange{gateId, output});
            ++pendingChanges;
        }
        run.gateEvaluations += static_cast<int>(evaluated.size());
        if (!changed.empty()) run.settleTime = time;

        std::sort(changed.begin(), changed.end());
        run.snapshots.push_back(
            TimeSnapshot{time, values, std::move(changed), std::move(evaluated)});
        if (pendingChanges == 0) break;
    }

    for (SignalId signal = 0; signal < static_cast<SignalId>(changeCounts.size()); ++signal) {
        if (changeCounts[signal] > 1) run.glitches.push_back(signal);
    }
    return run;
}

}  // namespace

SimulationRun simulateInputChange(const Netlist& netlist, std::span<const bool> before,
                                  std::span<const bool> after) {
    return simulate(netlist, toVector(before), toVector(after));
}

SimulationRun simulateFromZero(const Netlist& netlist, std::span<const bool> inputValues) {
    return simulate(netlist, std::vector<bool>(netlist.inputs().size(), false),
                    toVector(inputValues));
}

SimulationRun simulateInputChange(const Netlist& netlist, const std::vector<bool>& before,
                                  const std::vector<bool>& after) {
    return simulate(netlist, before, after);
}

SimulationRun simulateFromZero(const Netlist& netlist, const std::vector<bool>& inputValues) {
    return simulate(netlist, std::vector<bool>(netlist.inputs().size(), false), inputValues);
}

}  // namespace mlsyslab::logic
