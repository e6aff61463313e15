#include "logic/CircuitSpec.h"

#include <algorithm>
#include <cstddef>
#include <deque>
#include <functional>
#include <queue>
#include <unordered_map>
#include <utility>

namespace mlsyslab::logic {

namespace {

// Messages are built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string.
std::string quoted(const std::string& name) {
    std::string text = "'";
    text += name;
    text += "'";
    return text;
}

// "gate 'x2'", or "gate #3" for one without a name.
std::string labelled(const char* what, const std::string& name, int index) {
    std::string text = what;
    if (name.empty()) {
        text += " #";
        text += std::to_string(index + 1);
    } else {
        text += " ";
        text += quoted(name);
    }
    return text;
}

std::string numbered(const char* what, int index) {
    std::string text = what;
    text += " #";
    text += std::to_string(index + 1);
    return text;
}

// What each name in the spec means: the first definition wins, later ones are duplicates.
struct NameTable {
    std::unordered_map<std::string, int> inputs;  // name -> index in spec.inputs
    std::unordered_map<std::string, int> gates;   // name -> index in spec.gates

    bool defines(const std::string& name) const {
        return inputs.contains(name) || gates.contains(name);
    }
};

NameTable collectNames(const CircuitSpec& spec, std::vector<CircuitProblem>* problems) {
    NameTable names;
    const auto duplicate = [](const std::string& name) {
        std::string message = "duplicate name ";
        message += quoted(name);
        return message;
    };
    for (int index = 0; index < static_cast<int>(spec.inputs.size()); ++index) {
        const std::string& name = spec.inputs[index];
        if (name.empty()) {
            if (problems) {
                std::string message = numbered("input", index);
                message += " has no name";
                problems->push_back(CircuitProblem{std::move(message), -1, -1, index});
            }
        } else if (names.defines(name)) {
            if (problems) problems->push_back(CircuitProblem{duplicate(name), -1, -1, index});
        } else {
            names.inputs.emplace(name, index);
        }
    }
    for (int index = 0; index < static_cast<int>(spec.gates.size()); ++index) {
        const std::string& name = spec.gates[index].name;
        if (!name.empty() && !names.defines(name)) names.gates.emplace(name, index);
    }
    return names;
}

void checkGate(const CircuitSpec& spec, int index, const NameTable& names,
               std::vector<CircuitProblem>& problems) {
    const GateSpec& gate = spec.gates[index];
    const auto report = [&](std::string message) {
        problems.push_back(CircuitProblem{std::move(message), index, -1, -1});
    };
    const std::string label = labelled("gate", gate.name, index);
    if (gate.name.empty()) {
        std::string message = label;
        message += " has no name";
        report(std::move(message));
    } else if (names.inputs.contains(gate.name) || names.gates.at(gate.name) != index) {
        std::string message = "duplicate name ";
        message += quoted(gate.name);
        report(std::move(message));
    }
    for (const std::string& input : gate.inputs) {
        if (names.defines(input)) continue;
        std::string message = "input ";
        message += quoted(input);
        message += " of ";
        message += label;
        message += " is not connected to anything";
        report(std::move(message));
    }
    const int inputCount = static_cast<int>(gate.inputs.size());
    const int fewest = minimumInputs(gate.kind);
    const int most = maximumInputs(gate.kind);
    if (inputCount < fewest || inputCount > most) {
        std::string message = label;
        message += " (";
        message += gateKindName(gate.kind);
        message += ") takes ";
        if (fewest == most) {
            message += "exactly ";
            message += std::to_string(fewest);
        } else {
            message += std::to_string(fewest);
            message += " to ";
            message += std::to_string(most);
        }
        message += fewest == 1 && most == 1 ? " input, not " : " inputs, not ";
        message += std::to_string(inputCount);
        report(std::move(message));
    }
    if (gate.delay < 1 || gate.delay > kMaxGateDelay) {
        std::string message = label;
        message += " has delay ";
        message += std::to_string(gate.delay);
        message += gate.delay < 1 ? ": a delay is at least 1" : ": a delay is at most ";
        if (gate.delay > kMaxGateDelay) message += std::to_string(kMaxGateDelay);
        report(std::move(message));
    }
}

void checkOutputs(const CircuitSpec& spec, const NameTable& names,
                  std::vector<CircuitProblem>& problems) {
    std::unordered_map<std::string, int> portNames;
    for (int index = 0; index < static_cast<int>(spec.outputs.size()); ++index) {
        const OutputSpec& output = spec.outputs[index];
        const auto report = [&](std::string message) {
            problems.push_back(CircuitProblem{std::move(message), -1, index, -1});
        };
        const std::string label = labelled("output", output.name, index);
        if (output.name.empty()) {
            std::string message = label;
            message += " has no name";
            report(std::move(message));
        } else if (!portNames.emplace(output.name, index).second) {
            std::string message = "duplicate output name ";
            message += quoted(output.name);
            report(std::move(message));
        }
        if (!names.defines(output.signal)) {
            std::string message = label;
            message += " names ";
            message += quoted(output.signal);
            message += ", which is neither an input nor a gate";
            report(std::move(message));
        }
    }
    if (spec.outputs.empty()) problems.push_back(CircuitProblem{"the circuit has no outputs"});
}

// readers[g]: the gates that read gate g's output, ascending (once per reading input).
std::vector<std::vector<int>> gateReaders(const CircuitSpec& spec, const NameTable& names) {
    std::vector<std::vector<int>> readers(spec.gates.size());
    for (int index = 0; index < static_cast<int>(spec.gates.size()); ++index) {
        for (const std::string& input : spec.gates[index].inputs) {
            const auto found = names.gates.find(input);
            if (found != names.gates.end()) readers[found->second].push_back(index);
        }
    }
    return readers;
}

// Kahn's algorithm, always taking the ready gate that comes first in the spec. Gates left out
// are on a loop or downstream of one.
std::vector<int> stableTopologicalOrder(const std::vector<std::vector<int>>& readers) {
    std::vector<int> pendingInputs(readers.size(), 0);
    for (const std::vector<int>& gateReaders : readers) {
        for (const int reader : gateReaders) ++pendingInputs[reader];
    }
    std::priority_queue<int, std::vector<int>, std::greater<>> ready;
    for (int gate = 0; gate < static_cast<int>(readers.size()); ++gate) {
        if (pendingInputs[gate] == 0) ready.push(gate);
    }
    std::vector<int> order;
    while (!ready.empty()) {
        const int gate = ready.top();
        ready.pop();
        order.push_back(gate);
        for (const int reader : readers[gate]) {
            if (--pendingInputs[reader] == 0) ready.push(reader);
        }
    }
    return order;
}

// Gates reachable from start along these edges, restricted to `allowed`.
std::vector<bool> reachable(int start, const std::vector<std::vector<int>>& edges,
                            const std::vector<bool>& allowed) {
    std::vector<bool> seen(edges.size(), false);
    std::deque<int> queue{start};
    seen[start] = true;
    while (!queue.empty()) {
        const int gate = queue.front();
        queue.pop_front();
        for (const int next : edges[gate]) {
            if (allowed[next] && !seen[next]) {
                seen[next] = true;
                queue.push_back(next);
            }
        }
    }
    return seen;
}

// The shortest way around from start back to itself inside one strongly connected set,
// following readers in spec order so the text is deterministic.
std::vector<int> shortestLoop(int start, const std::vector<std::vector<int>>& readers,
                              const std::vector<bool>& component) {
    std::vector<int> cameFrom(readers.size(), -1);
    std::vector<bool> seen(readers.size(), false);
    std::deque<int> queue{start};
    while (!queue.empty()) {
        const int gate = queue.front();
        queue.pop_front();
        for (const int next : readers[gate]) {
            if (next == start) {
                std::vector<int> loop{start};
                for (int step = gate; step != start; step = cameFrom[step]) loop.push_back(step);
                std::reverse(loop.begin() + 1, loop.end());
                loop.push_back(start);
                return loop;
            }
            if (component[next] && !seen[next]) {
                seen[next] = true;
                cameFrom[next] = gate;
                queue.push_back(next);
            }
        }
    }
    return {};
}

void findLoops(const CircuitSpec& spec, const std::vector<std::vector<int>>& readers,
               std::vector<CircuitProblem>& problems) {
    const std::vector<int> order = stableTopologicalOrder(readers);
    if (order.size() == spec.gates.size()) return;
    std::vector<bool> leftOver(spec.gates.size(), true);
    for (const int gate : order) leftOver[gate] = false;
    std::vector<std::vector<int>> feeders(spec.gates.size());
    for (int gate = 0; gate < static_cast<int>(readers.size()); ++gate) {
        for (const int reader : readers[gate]) feeders[reader].push_back(gate);
    }
    std::vector<bool> reported(spec.gates.size(), false);
    for (int start = 0; start < static_cast<int>(spec.gates.size()); ++start) {
        if (!leftOver[start] || reported[start]) continue;
        const std::vector<bool> downstream = reachable(start, readers, leftOver);
        const std::vector<bool> upstream = reachable(start, feeders, leftOver);
        std::vector<bool> component(spec.gates.size(), false);
        for (std::size_t gate = 0; gate < component.size(); ++gate) {
            component[gate] = downstream[gate] && upstream[gate];
        }
        const std::vector<int> loop = shortestLoop(start, readers, component);
        if (loop.empty()) continue;  // downstream of a loop, not on one
        for (std::size_t gate = 0; gate < component.size(); ++gate) {
            if (component[gate]) reported[gate] = true;
        }
        std::string message = "gates form a loop: ";
        for (std::size_t step = 0; step < loop.size(); ++step) {
            if (step > 0) message += " -> ";
            message += spec.gates[loop[step]].name;
        }
        problems.push_back(CircuitProblem{std::move(message), start, -1, -1});
    }
}

}  // namespace

std::vector<CircuitProblem> findCircuitProblems(const CircuitSpec& spec) {
    std::vector<CircuitProblem> problems;
    const NameTable names = collectNames(spec, &problems);
    for (int index = 0; index < static_cast<int>(spec.gates.size()); ++index) {
        checkGate(spec, index, names, problems);
    }
    checkOutputs(spec, names, problems);
    findLoops(spec, gateReaders(spec, names), problems);
    return problems;
}

Result<Netlist> buildCircuit(const CircuitSpec& spec) {
    const std::vector<CircuitProblem> problems = findCircuitProblems(spec);
    if (!problems.empty()) return Result<Netlist>::failure(problems.front().message);

    const NameTable names = collectNames(spec, nullptr);
    Netlist netlist;
    for (const std::string& input : spec.inputs) netlist.addInput(input);
    for (const int index : stableTopologicalOrder(gateReaders(spec, names))) {
        const GateSpec& gate = spec.gates[index];
        std::vector<SignalId> inputs;
        inputs.reserve(gate.inputs.size());
        for (const std::string& input : gate.inputs) inputs.push_back(netlist.findSignal(input));
        netlist.addGate(gate.kind, gate.name, std::move(inputs), gate.name, gate.delay);
    }
    for (const OutputSpec& output : spec.outputs) {
        netlist.addOutput(output.name, netlist.findSignal(output.signal));
    }
    return netlist;
}

}  // namespace mlsyslab::logic
