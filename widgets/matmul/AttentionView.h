#pragma once

#include <QLabel>

#include "matmul/AttentionSteps.h"
#include "matmul/MatmulParallelPage.h"
#include "matmul/MatmulParallelParts.h"

class QCheckBox;

namespace mlsyslab::widgets {

class MatrixGridView;

// The attention page: softmax(QKᵀ/√d_k)·V on the lecture slide's 2×2 example (or the lesson's
// own Q, K, V), one number at a time. Three rows of matrices: Q × Kᵀ = the scores and their
// scaled copy; the softmax row by row (the row's max, the scores minus it, their exponentials,
// their sum, the weights); weights × V = the output. The step's cells are highlighted (orange
// for what it computes, blue for what it reads) and its formula written out with every number.
// A check box turns the ÷√d_k off, to show the slide's numbers, and a note says how they differ.
//
// Child object names (tests rely on them): scaleCheck (QCheckBox); attentionQ, attentionKt,
// attentionScores, attentionScaled, attentionMax, attentionShifted, attentionExp, attentionSum,
// attentionWeights, attentionV, attentionOutput (MatrixGridView); attentionFormula,
// attentionNote (QLabel).
class AttentionView : public MatmulParallelPage {
    Q_OBJECT
public:
    explicit AttentionView(matmul::AttentionInputs inputs, QWidget* parent = nullptr);

    const matmul::AttentionRun& run() const { return run_; }
    void setScaled(bool scaled);

    int stepCount() const override { return int(run_.snapshots().size()); }
    int currentStep() const override { return step_; }
    void showStep(int step) override;

private:
    void buildRows();
    void showInputs(const matmul::AttentionSnapshot& snapshot);
    void showScores(const matmul::AttentionSnapshot& snapshot);
    void showSoftmax(const matmul::AttentionSnapshot& snapshot);
    void showOutputs(const matmul::AttentionSnapshot& snapshot);
    void refreshTitles();

    matmul::AttentionRun run_;
    int step_ = 0;
    QCheckBox* scaleCheck_ = nullptr;
    MatrixGridView* queries_ = nullptr;
    MatrixGridView* keysTransposed_ = nullptr;
    MatrixGridView* scores_ = nullptr;
    QLabel* scaleArrow_ = nullptr;
    MatrixGridView* scaled_ = nullptr;
    MatrixGridView* maxima_ = nullptr;
    MatrixGridView* shifted_ = nullptr;
    MatrixGridView* exponentials_ = nullptr;
    MatrixGridView* sums_ = nullptr;
    MatrixGridView* weights_ = nullptr;
    MatrixGridView* values_ = nullptr;
    MatrixGridView* outputs_ = nullptr;
    QLabel* formula_ = nullptr;
    QLabel* note_ = nullptr;
};

}  // namespace mlsyslab::widgets
