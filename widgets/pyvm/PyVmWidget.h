#pragma once

#include <QWidget>
#include <memory>

#include "pyvm/lesson/PyVmKind.h"
#include "pyvm/ProgramRun.h"

namespace mlsyslab::widgets {

// The `pyvm` simulator, Python Tutor style: a program run on the lesson VM and shown one
// bytecode instruction at a time. Source and bytecode sit side by side on top; the running
// frame's value stack, the frames with the globals, and the output below; the step controls
// ("Step k / n", Step line, Run to end, Edit/Run) and a status line under them.
//
// Every run is recorded once, on a worker thread (ProgramRunWorker), as a trace of snapshots; a
// step shows one snapshot (DESIGN §2), so Back, Reset and the scrubber are exact. While editing,
// the source is editable and stepping is off; Run compiles and runs the edited program. Errors
// (syntax or runtime) are marked at their line and column in the source and written in the status
// line as CPython words them; a program that runs past the step limit stops there.
//
// Child object names (tests rely on them): sourceEditor (SourceEditor), bytecodeView
// (BytecodeView), stackView (StackView), framesView and globalsView (FramesView), outputConsole
// (OutputConsole), stepControls (StepControls), stepLineButton, runToEndButton, editButton
// (QPushButtons), statusLabel (QLabel). Panes left out by `show` are hidden, not absent.
class PyVmWidget : public QWidget {
    Q_OBJECT
public:
    PyVmWidget(const lesson::kinds::PyVmState& state, ProgramRunner runner,
               QWidget* parent = nullptr);
    ~PyVmWidget() override;

    // The run shown (null before the first one ends) and the snapshot shown.
    const ProgramRun* run() const;
    int position() const;
    int snapshotCount() const;
    bool isRunning() const;
    bool isEditing() const;

public slots:
    void showPosition(int position);
    void stepLine();
    void runToEnd();
    // Edit: the source becomes editable. Leaving editing runs the edited program.
    void setEditing(bool editing);
    // Runs `source` (the editor shows it) and shows its first snapshot when it ends.
    void runSource(const QString& source);

signals:
    void runFinished();

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildLayout(const lesson::kinds::PyVmState& state);
    void connectControls();
    void startRun(const QString& source, int startPosition);
    void showRun(std::shared_ptr<const ProgramRun> run);
    void refreshStatus();
    void refreshButtons();
    void applyStyle();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
