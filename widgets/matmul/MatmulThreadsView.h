#pragma once

#include <QLabel>

#include "matmul/DotProductThreads.h"
#include "matmul/MatmulParallelPage.h"
#include "matmul/MatmulParallelParts.h"
#include "matmul/SmallMatrix.h"

namespace mlsyslab::widgets {

class MatrixGridView;

// The matmul page: A × B = C with every element of C labelled as the thread that computes it,
// "t(1,0)". In parallel every thread adds one product per step, so all of C lights up together
// and is done after K steps; one at a time, a single core takes M·N·K steps. The cells this step
// reads are blue, the outputs it computes orange, the finished ones green. Under the matrices,
// the counts ("6 threads × 3 steps in parallel vs 18 steps one at a time") and what this step
// does, with its numbers.
//
// Child object names (tests rely on them): matrixA, matrixB, matrixC (MatrixGridView),
// matmulCounter, matmulProgress, matmulExplanation (QLabel).
class MatmulThreadsView : public MatmulParallelPage {
    Q_OBJECT
public:
    MatmulThreadsView(matmul::SmallMatrix a, matmul::SmallMatrix b, matmul::ThreadSchedule schedule,
                      QWidget* parent = nullptr);

    void setSchedule(matmul::ThreadSchedule schedule);
    const matmul::ThreadsRun& run() const { return run_; }

    int stepCount() const override { return int(run_.snapshots().size()); }
    int currentStep() const override { return step_; }
    void showStep(int step) override;

private:
    void showInputs(const matmul::ThreadsSnapshot& snapshot);
    void showOutputs(const matmul::ThreadsSnapshot& snapshot);
    QString explanation(int step) const;

    matmul::SmallMatrix a_;
    matmul::SmallMatrix b_;
    matmul::ThreadsRun run_;
    int step_ = 0;
    MatrixGridView* left_;
    MatrixGridView* right_;
    MatrixGridView* output_;
    QLabel* counter_;
    QLabel* progress_;
    QLabel* explanation_;
};

}  // namespace mlsyslab::widgets
