#include "logic/TruthTable.h"

#include <cassert>
#include <cstddef>

namespace mlsyslab::logic {

namespace {

// Appending keeps GCC 12 from a false -Wrestrict on "literal" + std::string.
std::string tooManyInputsMessage(std::size_t inputCount) {
    std::string message = "a truth table needs at most ";
    message += std::to_string(kMaxTruthTableInputs);
    message += " inputs; this circuit has ";
    message += std::to_string(inputCount);
    return message;
}

}  // namespace

std::vector<bool> TruthTable::inputsOfRow(int row) const {
    const int inputCount = static_cast<int>(inputNames.size());
    std::vector<bool> values(inputNames.size());
    for (int index = 0; index < inputCount; ++index) {
        values[index] = ((row >> (inputCount - 1 - index)) & 1) != 0;
    }
    return values;
}

int TruthTable::rowOf(const std::vector<bool>& inputValues) const {
    assert(inputValues.size() == inputNames.size());
    int row = 0;
    for (const bool value : inputValues) row = (row << 1) | (value ? 1 : 0);
    return row;
}

Result<TruthTable> deriveTruthTable(const Netlist& netlist) {
    const std::size_t inputCount = netlist.inputs().size();
    if (inputCount > static_cast<std::size_t>(kMaxTruthTableInputs)) {
        return Result<TruthTable>::failure(tooManyInputsMessage(inputCount));
    }
    if (netlist.outputs().empty()) {
        return Result<TruthTable>::failure("the circuit has no outputs to tabulate");
    }
    TruthTable table;
    for (const SignalId input : netlist.inputs()) {
        table.inputNames.push_back(netlist.signals()[input].name);
    }
    for (const OutputPort& output : netlist.outputs()) table.outputNames.push_back(output.name);

    const int rowCount = 1 << inputCount;
    std::vector<bool> signalValues;
    for (int row = 0; row < rowCount; ++row) {
        netlist.evaluateInto(table.inputsOfRow(row), signalValues);
        std::vector<bool> outputValues;
        outputValues.reserve(netlist.outputs().size());
        for (const OutputPort& output : netlist.outputs()) {
            outputValues.push_back(signalValues[output.signal]);
        }
        table.outputs.push_back(std::move(outputValues));
    }
    return table;
}

}  // namespace mlsyslab::logic
