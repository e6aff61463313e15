#pragma once

#include <QWidget>
#include <memory>

#include "lesson/Lesson.h"
#include "logic/lesson/AdderKind.h"
#include "logic/AdderCircuits.h"
#include "logic/EventSimulation.h"

namespace mlsyslab::widgets {

class AdderDiagram;
class AdderTimingPlot;
class AdderReadouts;
class StepControls;

// The `adder` simulator: an N-bit ripple-carry or carry-lookahead adder built from gates
// (logic/AdderCircuits.h), run by the event simulation (logic/EventSimulation.h) and stepped
// through its snapshots: one gate delay at a time, or bit by bit (AdderSteps.h). It shows the
// block diagram with every wire's value, the timing diagram, the sum and the flags.
//
// Every change of A, B or the operation restarts the run at t = 0 from the adder as it had
// settled at the previous inputs (from all zeros when the adder opens or its kind or width
// changes): what the hardware does when its inputs change, and why an unchanged bit does
// nothing. The view then shows t = 0, ready to step.
//
// Child object names (tests rely on them): rippleButton and lookaheadButton (checkable,
// exclusive), widthSelector (QSpinBox, 1..32), addButton and subtractButton (checkable,
// exclusive; shown only with subtract_toggle), operationNote (QLabel), operandInputs
// (AdderOperandInputs, with its own names), diagram (AdderDiagram), timeModeButton and
// bitModeButton (checkable, exclusive), criticalPathToggle (QCheckBox), modeNote (QLabel),
// stepControls (StepControls), timingPlot (AdderTimingPlot), readouts (AdderReadouts).
class AdderWidget : public QWidget {
    Q_OBJECT
public:
    explicit AdderWidget(const lesson::kinds::AdderState& initial, QWidget* parent = nullptr);
    ~AdderWidget() override;

    lesson::kinds::AdderState state() const;
    const logic::AdderCircuit& circuit() const;
    const logic::SimulationRun& run() const;
    // The time of the snapshot shown now.
    int shownTime() const;

public slots:
    void setState(const mlsyslab::lesson::kinds::AdderState& state);
    void setStepMode(mlsyslab::lesson::kinds::AdderStepMode mode);

signals:
    void stateChanged();

private:
    void rebuildCircuit();  // kind, width or subtractor changed: a new netlist, from zero
    void rerun();           // the inputs changed: a new run from the settled previous inputs
    void showPosition(int position);
    void refreshControls();
    void refreshModeNote();
    void applyFonts();
    void changeEvent(QEvent* event) override;

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
