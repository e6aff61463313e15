#pragma once

#include <QLabel>

#include "matmul/Conv2dCount.h"
#include "matmul/Conv2dExample.h"
#include "matmul/DotProductThreads.h"
#include "matmul/MatmulParallelPage.h"
#include "matmul/MatmulParallelParts.h"

namespace mlsyslab::widgets {

class MatrixGridView;

// The conv2d page: a small image (with its zero padding drawn dashed) ∗ a filter = the output
// grid, every output its own thread. In parallel every output adds the same filter weight at
// each step, so the whole output grid fills at once in R·S steps; one at a time, the window
// slides from output to output, one multiply-add per step. Under it, the counts that make the
// point at scale: the seed's 224×224 image × 64 filters = 3,211,264 independent outputs, each
// 3×3×C_in multiply-adds.
//
// Child object names (tests rely on them): convImage, convFilter, convOutput (MatrixGridView),
// convCounter, convProgress, convExplanation, layerCounts (QLabel).
class Conv2dView : public MatmulParallelPage {
    Q_OBJECT
public:
    Conv2dView(matmul::Conv2dExample example, const matmul::Conv2dLayer& layer,
               matmul::ThreadSchedule schedule, QWidget* parent = nullptr);

    void setSchedule(matmul::ThreadSchedule schedule);
    const matmul::ThreadsRun& run() const { return run_; }
    const matmul::Conv2dExampleGeometry& geometry() const { return geometry_; }

    int stepCount() const override { return int(run_.snapshots().size()); }
    int currentStep() const override { return step_; }
    void showStep(int step) override;

private:
    void showImage(const matmul::ThreadsSnapshot& snapshot);
    void showFilter(const matmul::ThreadsSnapshot& snapshot);
    void showOutputs(const matmul::ThreadsSnapshot& snapshot);
    QString explanation(int step) const;
    QString layerText(const matmul::Conv2dLayer& layer) const;

    matmul::Conv2dExample example_;
    matmul::Conv2dExampleGeometry geometry_;
    matmul::ThreadsRun run_;
    int step_ = 0;
    MatrixGridView* image_;
    MatrixGridView* filter_;
    MatrixGridView* output_;
    QLabel* counter_;
    QLabel* progress_;
    QLabel* explanation_;
    QLabel* layerCounts_;
};

}  // namespace mlsyslab::widgets
