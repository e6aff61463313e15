#pragma once

#include <QWidget>
#include <array>

#include "lesson/Lesson.h"
#include "matmul/lesson/MatmulParallelKind.h"

class QComboBox;
class QLabel;

namespace mlsyslab::widgets {

class AttentionView;
class Conv2dView;
class MatmulParallelPage;
class MatmulThreadsView;
class StepControls;

// The `matmul-parallel` simulator (seed 001, "How Parallelization Works"): why tensor
// operations run well on thousands of GPU threads. Three views, chosen at the top: the matmul
// (one thread per output element), the convolution (every output position at once, and the
// count for a real layer) and self-attention (the slide's 2×2 example, softmax and all, one
// number at a time). For the matmul and the convolution a second chooser runs every thread at
// once or one multiply-add at a time, as one CPU core would. Every view steps with the same
// controls and keys: Right/Left, Space, Home, End.
//
// Child object names (tests rely on them): viewChooser, modeChooser (QComboBox), matmulView
// (MatmulThreadsView), convView (Conv2dView), attentionView (AttentionView), stepControls
// (StepControls). Only the chosen view is visible.
class MatmulParallelWidget : public QWidget {
    Q_OBJECT
public:
    explicit MatmulParallelWidget(const lesson::kinds::MatmulParallelState& initial,
                                  QWidget* parent = nullptr);

    lesson::kinds::ParallelView view() const { return view_; }
    MatmulParallelPage* currentPage() const { return pages_[pageIndex_]; }
    int currentStep() const;

public slots:
    void setView(lesson::kinds::ParallelView view);
    void setSchedule(matmul::ThreadSchedule schedule);
    void showStep(int step);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void buildControls(const lesson::kinds::MatmulParallelState& initial);
    void followPage();

    lesson::kinds::ParallelView view_;
    QComboBox* viewChooser_ = nullptr;
    QLabel* modeLabel_ = nullptr;
    QComboBox* modeChooser_ = nullptr;
    // The three views in one column, only the chosen one shown: unlike a QStackedWidget, the
    // simulator then takes the height of that view, not of the tallest.
    std::array<MatmulParallelPage*, 3> pages_ = {};
    std::size_t pageIndex_ = 0;
    MatmulThreadsView* matmulView_ = nullptr;
    Conv2dView* convView_ = nullptr;
    AttentionView* attentionView_ = nullptr;
    StepControls* steps_ = nullptr;
};

}  // namespace mlsyslab::widgets
