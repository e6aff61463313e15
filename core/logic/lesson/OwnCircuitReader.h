#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lesson/SimKindRegistry.h"
#include "lesson/StateFields.h"
#include "logic/Netlist.h"

namespace mlsyslab::lesson::kinds {

// The `gates` simulator's circuit of your own: `inputs` (names), `gates` (maps of name, kind,
// inputs and delay) and `outputs` (names). Every problem gets the mark of what it is about:
// the YAML reading's at the field, the circuit's own (duplicate names, unconnected inputs,
// wrong input counts, loops; from logic::findCircuitProblems) at the gate, input or output
// entry it names.

struct OwnCircuitReading {
    std::optional<logic::Netlist> circuit;  // nothing when anything is wrong
    std::vector<std::string> inputNames;    // as listed, even when the circuit is wrong
};

// `inputs` and `outputs` may be missing (a problem for inputs, and for outputs one that the
// circuit check reports at the `gates` field).
OwnCircuitReading readOwnCircuit(const StateField* inputs, const StateField& gates,
                                 const StateField* outputs, std::vector<StateProblem>& problems);

// "and", "xor", ... as lessons write them; and the kind for one, case-insensitively, or
// nothing and an error "unknown gate kind 'xro'; did you mean 'xor'?" at the mark.
const std::vector<std::string>& lessonGateKindNames();
std::optional<logic::GateKind> readGateKind(const YAML::Node& node, const YAML::Mark& mark,
                                            std::vector<StateProblem>& problems);

}  // namespace mlsyslab::lesson::kinds
