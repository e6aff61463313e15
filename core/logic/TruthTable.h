#pragma once

#include <string>
#include <vector>

#include "common/Result.h"
#include "logic/Netlist.h"

namespace mlsyslab::logic {

// Beyond 8 inputs a table has more than 256 rows: no longer something to read.
inline constexpr int kMaxTruthTableInputs = 8;

// A truth table derived by simulating every input combination. Rows count up in binary with
// the first input as the most significant bit, as tables are printed (A B: 00, 01, 10, 11).
struct TruthTable {
    std::vector<std::string> inputNames;
    std::vector<std::string> outputNames;
    std::vector<std::vector<bool>> outputs;  // outputs[row][output]

    int rowCount() const { return static_cast<int>(outputs.size()); }
    // The row's input values, first input first.
    std::vector<bool> inputsOfRow(int row) const;
    // The row these input values select (inverse of inputsOfRow).
    int rowOf(const std::vector<bool>& inputValues) const;
};

// Fails when the circuit has more than kMaxTruthTableInputs inputs or no outputs.
Result<TruthTable> deriveTruthTable(const Netlist& netlist);

}  // namespace mlsyslab::logic
