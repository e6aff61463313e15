#include "matmul/AttentionSteps.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "common/Concat.h"

namespace mlsyslab::matmul {

namespace {

std::string shapeText(const SmallMatrix& matrix) {
    return concat(std::to_string(matrix.rows), "×", std::to_string(matrix.columns));
}

}  // namespace

AttentionInputs seedAttentionInputs() {
    AttentionInputs inputs;
    inputs.queries = SmallMatrix::fromRows({{1, 0}, {0, 1}});
    // The slide shows Kᵀ = [[1, 1], [0, 1]]; K is its transpose.
    inputs.keys = SmallMatrix::fromRows({{1, 0}, {1, 1}});
    inputs.values = SmallMatrix::fromRows({{1, 2}, {3, 4}});
    return inputs;
}

bool isSeedAttentionExample(const AttentionInputs& inputs) {
    const AttentionInputs seed = seedAttentionInputs();
    return inputs.queries == seed.queries && inputs.keys == seed.keys &&
           inputs.values == seed.values;
}

std::optional<std::string> attentionShapeProblem(const AttentionInputs& inputs) {
    if (inputs.keys.columns != inputs.queries.columns) {
        return concat(
            "K must have as many columns as Q (d_k = ", std::to_string(inputs.queries.columns),
            "): Q is ", shapeText(inputs.queries), ", K is ", shapeText(inputs.keys));
    }
    if (inputs.values.rows != inputs.keys.rows) {
        return concat("V must have one row per key, as many as K has: K is ",
                      shapeText(inputs.keys), ", V is ", shapeText(inputs.values));
    }
    return std::nullopt;
}

PartialMatrix PartialMatrix::empty(int rows, int columns) {
    return {rows, columns,
            std::vector<std::optional<double>>(std::size_t(rows) * std::size_t(columns))};
}

const std::optional<double>& PartialMatrix::at(int row, int column) const {
    return cells[std::size_t(row) * std::size_t(columns) + std::size_t(column)];
}

std::optional<double>& PartialMatrix::at(int row, int column) {
    return cells[std::size_t(row) * std::size_t(columns) + std::size_t(column)];
}

AttentionRun::AttentionRun(AttentionInputs inputs) : inputs_(std::move(inputs)) {
    const int queryCount = inputs_.queries.rows;
    const int keyCount = inputs_.keys.rows;
    scaleFactor_ = inputs_.scaled ? 1.0 / std::sqrt(double(inputs_.queries.columns)) : 1.0;

    AttentionSnapshot start;
    start.scores = PartialMatrix::empty(queryCount, keyCount);
    start.softmaxInputs = start.scores;
    start.rowMaxima.resize(std::size_t(queryCount));
    start.shifted = start.scores;
    start.exponentials = start.scores;
    start.rowSums.resize(std::size_t(queryCount));
    start.weights = start.scores;
    start.outputs = PartialMatrix::empty(queryCount, inputs_.values.columns);
    snapshots_.push_back(std::move(start));

    recordScores();
    for (int row = 0; row < queryCount; ++row) recordSoftmaxRow(row);
    recordOutputs();
}

AttentionSnapshot& AttentionRun::nextStep(AttentionPhase phase, int row, int column) {
    AttentionSnapshot next = snapshots_.back();
    next.phase = phase;
    next.row = row;
    next.column = column;
    snapshots_.push_back(std::move(next));
    return snapshots_.back();
}

void AttentionRun::recordScores() {
    const SmallMatrix& queries = inputs_.queries;
    const SmallMatrix& keys = inputs_.keys;
    for (int row = 0; row < queries.rows; ++row) {
        for (int column = 0; column < keys.rows; ++column) {
            double score = 0;
            for (int k = 0; k < queries.columns; ++k)
                score += queries.at(row, k) * keys.at(column, k);
            AttentionSnapshot& step = nextStep(AttentionPhase::Score, row, column);
            step.scores.at(row, column) = score;
            // Unscaled, the softmax reads the scores as they are.
            if (!inputs_.scaled) step.softmaxInputs.at(row, column) = score;
        }
    }
    if (!inputs_.scaled) return;
    AttentionSnapshot& step = nextStep(AttentionPhase::Scale, -1, -1);
    for (std::size_t cell = 0; cell < step.scores.cells.size(); ++cell) {
        step.softmaxInputs.cells[cell] = *step.scores.cells[cell] * scaleFactor_;
    }
}

void AttentionRun::recordSoftmaxRow(int row) {
    const int keyCount = inputs_.keys.rows;
    {
        AttentionSnapshot& step = nextStep(AttentionPhase::SubtractMax, row, -1);
        double largest = *step.softmaxInputs.at(row, 0);
        for (int column = 1; column < keyCount; ++column) {
            largest = std::max(largest, *step.softmaxInputs.at(row, column));
        }
        step.rowMaxima[std::size_t(row)] = largest;
        for (int column = 0; column < keyCount; ++column) {
            step.shifted.at(row, column) = *step.softmaxInputs.at(row, column) - largest;
        }
    }
    {
        AttentionSnapshot& step = nextStep(AttentionPhase::Exponent, row, -1);
        for (int column = 0; column < keyCount; ++column) {
            step.exponentials.at(row, column) = std::exp(*step.shifted.at(row, column));
        }
    }
    {
        AttentionSnapshot& step = nextStep(AttentionPhase::Sum, row, -1);
        double sum = 0;
        for (int column = 0; column < keyCount; ++column) sum += *step.exponentials.at(row, column);
        step.rowSums[std::size_t(row)] = sum;
    }
    AttentionSnapshot& step = nextStep(AttentionPhase::Divide, row, -1);
    for (int column = 0; column < keyCount; ++column) {
        step.weights.at(row, column) =
            *step.exponentials.at(row, column) / *step.rowSums[std::size_t(row)];
    }
}

void AttentionRun::recordOutputs() {
    const SmallMatrix& values = inputs_.values;
    for (int row = 0; row < inputs_.queries.rows; ++row) {
        for (int column = 0; column < values.columns; ++column) {
            AttentionSnapshot& step = nextStep(AttentionPhase::Output, row, column);
            double sum = 0;
            for (int k = 0; k < values.rows; ++k)
                sum += *step.weights.at(row, k) * values.at(k, column);
            step.outputs.at(row, column) = sum;
        }
    }
}

}  // namespace mlsyslab::matmul
