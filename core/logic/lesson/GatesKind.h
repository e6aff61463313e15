#pragma once

#include <yaml-cpp/yaml.h>

#include <vector>

#include "lesson/KindSpec.h"
#include "logic/Netlist.h"

namespace mlsyslab::lesson::kinds {

// ```sim gates: one gate or a small circuit, with clickable inputs and its truth table. The
// circuit is one of three (at most one of `gate`, `circuit` and `gates`; a 2-input AND when
// none is given):
// Its fields, defaults and values: gatesKind() below (and docs/lesson-format.md).
// and, for all three:

// What a lesson's circuit may hold: drawn in a lesson column, larger circuits stop being
// readable (the adder simulator shows wide adders).
inline constexpr int kMaxGatesCircuitInputs = 16;
inline constexpr int kMaxGatesCircuitGates = 40;

struct GatesState {
    GatesState();
    logic::Netlist circuit;         // default: a 2-input AND
    std::vector<bool> inputValues;  // one per circuit input, in circuit.inputs() order
    bool truthTable = true;
    bool criticalPath = false;
};

const KindSpec<GatesState>& gatesKind();

}  // namespace mlsyslab::lesson::kinds
