#pragma once

#include <yaml-cpp/yaml.h>

#include <vector>

#include "lesson/KindSpec.h"
#include "logic/Netlist.h"

namespace mlsyslab::lesson::kinds {

// ```sim gates: one gate or a small circuit, with clickable inputs and its truth table. The
// circuit is one of three (at most one of `gate`, `circuit` and `gates`; a 2-input AND when
// none is given):
//   gate: and | or | xor | not | nand | nor | xnor | buf
//                          one gate; inputs a, b, ... and output y
//   inputs: 3              with `gate`: how many inputs (NOT and BUF: 1; the others 2 to 8,
//                          default 2)
//   circuit: half-adder | full-adder      the textbook one-bit adders (core/logic builders)
//   inputs: [a, b]         a circuit of your own: its input names,
//   gates:                 its gates, in any order, each reading inputs or other gates,
//     - {name: sum, kind: xor, inputs: [a, b]}
//     - {name: carry, kind: and, inputs: [a, b], delay: 2}     (delay: default 1)
//   outputs: [sum, carry]  and the inputs or gates shown as outputs (lamps)
// and, for all three:
//   values: {a: 1, b: 0}   the inputs' starting values (default 0)
//   truth_table: true      show the truth table (default true; at most 8 inputs)
//   critical_path: false   highlight the longest-delay path (default false)

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
