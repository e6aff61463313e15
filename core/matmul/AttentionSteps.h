#pragma once

#include <optional>
#include <string>
#include <vector>

#include "matmul/SmallMatrix.h"

namespace mlsyslab::matmul {

// Self-attention, softmax(Q·Kᵀ / √d_k) · V, one number at a time (seed 001, "③ Self-Attention").
// Every score Q[i]·K[j] and every output element is its own dot product, and each row's softmax
// needs only its own row, so a GPU computes them all at once; stepping them one by one shows
// what each of those independent pieces is.

struct AttentionInputs {
    SmallMatrix queries;  // Q: n × d_k, one query per row
    SmallMatrix keys;     // K: m × d_k, one key per row (the view shows Kᵀ)
    SmallMatrix values;   // V: m × d_v, one value per row
    // Divide the scores by √d_k, as the formula does. The lecture slide leaves it out; false
    // reproduces the slide's numbers.
    bool scaled = true;
};

// The slide's example: Q = I, Kᵀ = [[1, 1], [0, 1]] (so QKᵀ = [[1, 1], [0, 1]]), V = [[1, 2],
// [3, 4]], d_k = 2, scaled as the formula says.
AttentionInputs seedAttentionInputs();
// The slide's Q, K and V (scaled or not).
bool isSeedAttentionExample(const AttentionInputs& inputs);

// Why the inputs do not fit together (K must have Q's columns, V as many rows as K), or nothing.
std::optional<std::string> attentionShapeProblem(const AttentionInputs& inputs);

enum class AttentionPhase {
    Inputs,       // nothing computed yet
    Score,        // one score: row i of Q · row j of K
    Scale,        // every score divided by √d_k
    SubtractMax,  // one row: its largest score, and every score minus it (so exp cannot overflow)
    Exponent,     // one row: e to the power of each shifted score
    Sum,          // one row: the sum of its exponentials
    Divide,       // one row: each exponential over the sum, the attention weights
    Output,       // one output element: row i of the weights · column j of V
};

// A matrix whose cells are filled in as the steps compute them.
struct PartialMatrix {
    int rows = 0;
    int columns = 0;
    std::vector<std::optional<double>> cells;  // row-major; nothing until computed

    static PartialMatrix empty(int rows, int columns);
    const std::optional<double>& at(int row, int column) const;
    std::optional<double>& at(int row, int column);
    friend bool operator==(const PartialMatrix&, const PartialMatrix&) = default;
};

// Everything known after one step.
struct AttentionSnapshot {
    AttentionPhase phase = AttentionPhase::Inputs;
    int row = -1;          // the score's or output's row, or the softmax row; -1 for every row
    int column = -1;       // the score's or output's column; -1 for a whole row or every cell
    PartialMatrix scores;  // Q·Kᵀ, n × m
    PartialMatrix softmaxInputs;  // Q·Kᵀ / √d_k (unscaled: Q·Kᵀ itself)
    std::vector<std::optional<double>> rowMaxima;
    PartialMatrix shifted;       // softmax inputs minus their row's maximum
    PartialMatrix exponentials;  // e^shifted
    std::vector<std::optional<double>> rowSums;
    PartialMatrix weights;  // exponentials / row sum: each row sums to 1
    PartialMatrix outputs;  // weights · V, n × d_v
};

// The whole computation, one snapshot per step (DESIGN.md §2). Steps: every score in row-major
// order; the scaling (one step, left out when unscaled); per row: subtract the maximum,
// exponentiate, sum, divide; every output element in row-major order. Scaled, the slide's
// example takes 17 steps after the opening snapshot; unscaled, 16.
class AttentionRun {
public:
    // The inputs must fit (attentionShapeProblem says nothing).
    explicit AttentionRun(AttentionInputs inputs);

    const AttentionInputs& inputs() const { return inputs_; }
    // What every score is multiplied by: 1/√d_k, or 1 unscaled.
    double scaleFactor() const { return scaleFactor_; }
    const std::vector<AttentionSnapshot>& snapshots() const { return snapshots_; }
    const AttentionSnapshot& final() const { return snapshots_.back(); }

private:
    void recordScores();
    void recordSoftmaxRow(int row);
    void recordOutputs();
    AttentionSnapshot& nextStep(AttentionPhase phase, int row, int column);

    AttentionInputs inputs_;
    double scaleFactor_ = 1;
    std::vector<AttentionSnapshot> snapshots_;
};

}  // namespace mlsyslab::matmul
