#pragma once

#include <string>
#include <vector>

#include "common/Result.h"
#include "logic/Netlist.h"

namespace mlsyslab::logic {

// A circuit as a person writes it (a lesson's `gates` simulator): named inputs, gates that
// name the signals they read, in any order, and outputs naming a signal. A gate's output
// signal has the gate's name.
struct GateSpec {
    std::string name;
    GateKind kind = GateKind::And;
    std::vector<std::string> inputs;
    int delay = kDefaultGateDelay;
};

struct OutputSpec {
    std::string name;    // the port's name, e.g. "sum"
    std::string signal;  // an input or a gate name
};

struct CircuitSpec {
    std::vector<std::string> inputs;
    std::vector<GateSpec> gates;
    std::vector<OutputSpec> outputs;
};

// One thing wrong with a spec, with where it is so a lesson diagnostic can point at it.
struct CircuitProblem {
    std::string message;
    int gateIndex = -1;    // the gate in spec.gates it is about, or -1
    int outputIndex = -1;  // the output in spec.outputs it is about, or -1
    int inputIndex = -1;   // the name in spec.inputs it is about, or -1
};

// Every problem, in spec order (loops last). Empty means buildCircuit succeeds.
std::vector<CircuitProblem> findCircuitProblems(const CircuitSpec& spec);

// Checks and orders the circuit; the failure is the first of findCircuitProblems. Failures, one
// message each, naming the culprit: a duplicate name; a gate reading a name that is neither an
// input nor a gate
// ("input 'cin' of gate 'x2' is not connected to anything"); a wrong number of inputs for the
// kind; a delay below 1 (or above kMaxGateDelay); an output naming nothing; no outputs; and
// loops, reported with the whole cycle ("gates form a loop: g1 -> g2 -> g1", in the direction
// signals flow, starting from the loop's first gate in spec order), since a combinational
// simulator cannot settle one. One loop is reported per set of gates that all reach each other.
//
// The netlist has the spec's inputs in spec order, then the gates in a topological order that
// keeps spec order among gates that do not depend on each other (so a spec already in order
// comes out unchanged), each gate's output signal named after the gate, then the outputs.
Result<Netlist> buildCircuit(const CircuitSpec& spec);

}  // namespace mlsyslab::logic
