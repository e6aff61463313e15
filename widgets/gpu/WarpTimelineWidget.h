#pragma once

#include <QWidget>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpu/DeviceModel.h"
#include "gpu/KernelProgram.h"
#include "gpu/WarpRunWorker.h"
#include "lesson/Lesson.h"
#include "gpu/lesson/WarpTimelineKind.h"

class QComboBox;
class QLabel;
class QPushButton;

namespace mlsyslab::widgets {

class StepControls;
class WarpGanttView;
class WarpPolicyPanel;

// The `warp-timeline` simulator: one launch simulated cycle by cycle under each scheduler
// policy asked for (LRR and GTO by default), the recorded SM's warps drawn as a Gantt chart per
// policy on one time axis (WarpGanttView), a cursor stepped cycle by cycle with StepControls,
// and under the chart, per policy, its statistics and what each warp scheduler issued at the
// cursor and why the others stalled (WarpPolicyPanel). Changing the kernel or the policies
// simulates again, on a worker thread (WarpRunWorker); the cursor keeps its cycle.
//
// Child object names (tests rely on them): kernelChooser, schedulerChooser (QComboBox),
// launchLabel, legend, message (QLabel), zoomOutButton, zoomInButton, fitButton, gantt
// (WarpGanttView), stepControls (StepControls), policyPanel0, policyPanel1 (WarpPolicyPanel).
class WarpTimelineWidget : public QWidget {
    Q_OBJECT
public:
    explicit WarpTimelineWidget(const lesson::kinds::WarpTimelineState& initial,
                                QWidget* parent = nullptr);
    ~WarpTimelineWidget() override;

    const lesson::kinds::WarpTimelineState& state() const { return state_; }
    // The configurations of the last simulation started, one per policy, in drawing order.
    const std::vector<gpu::SimulationConfig>& configs() const { return configs_; }
    // The runs shown (empty while simulating or when the launch cannot run).
    std::shared_ptr<const WarpRuns> runs() const { return runs_; }
    bool isSimulating() const;
    std::int64_t cursorCycle() const;

public slots:
    void setKernel(const QString& kernel);
    // "lrr", "gto" or both in order.
    void setSchedulers(const std::vector<std::string>& policies);
    void showCycle(qint64 cycle);

signals:
    // A simulation's result is on screen.
    void runsShown();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildControls();
    void simulate();
    void showRuns(std::shared_ptr<const WarpRuns> runs);
    void showMessage(const QString& text, bool isError);
    void refreshTexts();

    lesson::kinds::WarpTimelineState state_;
    gpu::DeviceModel device_;
    std::shared_ptr<const gpu::KernelProgram> kernel_;
    std::vector<gpu::SimulationConfig> configs_;
    std::shared_ptr<const WarpRuns> runs_;
    WarpRunWorker* worker_;
    QComboBox* kernelChooser_ = nullptr;
    QComboBox* schedulerChooser_ = nullptr;
    QLabel* launchLabel_ = nullptr;
    QLabel* legend_ = nullptr;
    QLabel* message_ = nullptr;
    QPushButton* zoomOutButton_ = nullptr;
    QPushButton* zoomInButton_ = nullptr;
    QPushButton* fitButton_ = nullptr;
    WarpGanttView* gantt_ = nullptr;
    StepControls* steps_ = nullptr;
    std::vector<WarpPolicyPanel*> panels_;
};

}  // namespace mlsyslab::widgets
