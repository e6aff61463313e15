#pragma once

#include <QWidget>
#include <memory>

#include "gpu/DeviceModel.h"
#include "gpu/DivergenceTrace.h"
#include "gpu/KernelProgram.h"
#include "gpu/WarpRunWorker.h"
#include "lesson/Lesson.h"
#include "gpu/lesson/DivergenceKind.h"

class QComboBox;
class QLabel;
class QSpinBox;

namespace mlsyslab::widgets {

class DivergenceTraceView;
class KernelSourceView;
class LaneStripView;
class SimtStackView;
class StepControls;

// The `divergence` simulator: one block of a kernel simulated cycle by cycle, and one of its
// warps followed instruction by instruction as it issued them (one step each): the CUDA source
// with the current line highlighted, the instruction, the warp's 32 lanes (running or masked
// off), its SIMT reconvergence stack, every instruction it issued with the lanes that ran it
// (DivergenceTraceView), and readouts: lanes idle, SIMT efficiency so far, and whether both
// paths of a branch are running one after the other. Changing the kernel simulates again, on a
// worker thread; changing the warp only follows another warp of the same run.
//
// Child object names (tests rely on them): kernelChooser (QComboBox), warpChooser (QSpinBox),
// launchLabel, message, instruction, laneCaption, readouts (QLabel), source (KernelSourceView),
// trace (DivergenceTraceView), lanes (LaneStripView), simtStack (SimtStackView),
// stepControls (StepControls).
class DivergenceWidget : public QWidget {
    Q_OBJECT
public:
    explicit DivergenceWidget(const lesson::kinds::DivergenceState& initial,
                              QWidget* parent = nullptr);
    ~DivergenceWidget() override;

    const lesson::kinds::DivergenceState& state() const { return state_; }
    // The configuration of the last simulation started.
    const gpu::SimulationConfig& config() const { return config_; }
    std::shared_ptr<const WarpRuns> runs() const { return runs_; }
    std::shared_ptr<const gpu::DivergenceTrace> trace() const { return trace_; }
    bool isSimulating() const;
    int currentStep() const;
    // The source line highlighted (0-based), -1 when none.
    int highlightedLine() const;

public slots:
    void setKernel(const QString& kernel);
    void setWarp(int warp);
    void showStep(int step);

signals:
    void runShown();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void fitTraceWidth();
    void buildControls();
    void simulate();
    void showRun(std::shared_ptr<const WarpRuns> runs);
    void followWarp();
    void showMessage(const QString& text, bool isError);
    void applyFonts();

    lesson::kinds::DivergenceState state_;
    gpu::DeviceModel device_;
    gpu::SimulationConfig config_;
    std::shared_ptr<const gpu::KernelProgram> kernel_;
    std::shared_ptr<const WarpRuns> runs_;
    std::shared_ptr<const gpu::DivergenceTrace> trace_;
    WarpRunWorker* worker_;
    QComboBox* kernelChooser_ = nullptr;
    QSpinBox* warpChooser_ = nullptr;
    QLabel* launchLabel_ = nullptr;
    QLabel* message_ = nullptr;
    QLabel* instruction_ = nullptr;
    KernelSourceView* source_ = nullptr;
    DivergenceTraceView* traceView_ = nullptr;
    QLabel* laneCaption_ = nullptr;
    LaneStripView* lanes_ = nullptr;
    SimtStackView* simtStack_ = nullptr;
    QLabel* readouts_ = nullptr;
    StepControls* steps_ = nullptr;
};

}  // namespace mlsyslab::widgets
