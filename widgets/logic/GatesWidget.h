#pragma once

#include <QWidget>
#include <memory>
#include <vector>

#include "lesson/Lesson.h"
#include "logic/lesson/GatesKind.h"
#include "logic/EventSimulation.h"
#include "logic/TruthTable.h"

namespace mlsyslab::widgets {

// The `gates` simulator: one gate or a small circuit (CircuitView) beside its truth table
// (TruthTableView), with the propagation of every input change stepped through one gate delay
// at a time (StepControls over the snapshots of logic::simulateInputChange).
//
// The table stands beside the circuit, or under it when the circuit needs the width.
//
// Clicking an input switch, or a row of the table, changes the inputs at t = 0; the widget
// then plays the propagation (one time unit every kStepIntervalMs, as slowly as a lecture
// needs) and stops at the last position, where the circuit has settled: there the output
// lamps and the highlighted table row agree. Back, Reset and the scrubber replay it. The
// events of the time shown ("t = 1: sum → 1"), the settle time and any glitch (a wire that
// changes more than once before it settles) are written under the controls.
//
// The circuit opens settled at its starting values, as computed from all inputs at 0 (so
// stepping back from the start shows how it got there).
//
// Child object names (tests rely on them): circuitView (CircuitView), truthTable
// (TruthTableView; absent with truth_table: false), stepControls (StepControls), eventsLabel,
// settleLabel and glitchLabel (QLabels, hidden when they have nothing to say),
// criticalPathBox (QCheckBox).
class GatesWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kStepIntervalMs = 600;

    explicit GatesWidget(const lesson::kinds::GatesState& initial, QWidget* parent = nullptr);
    ~GatesWidget() override;

    const logic::Netlist& netlist() const;
    // The inputs applied now (they change at t = 0 of the run), in netlist inputs() order.
    const std::vector<bool>& inputValues() const;
    const logic::SimulationRun& run() const;
    // The index of the snapshot shown (its time: snapshots are one per time unit).
    int position() const;
    // Whether an input change plays its propagation on its own (default) or waits at t = 0.
    void setPlaysPropagation(bool plays);

public slots:
    void toggleInput(int inputIndex);
    // Applies new inputs at t = 0, starting from the circuit settled at the present ones.
    void setInputValues(const std::vector<bool>& values);
    void showPosition(int position);

signals:
    void inputsChanged();

private:
    void startRun(logic::SimulationRun run, bool play);
    void refreshTexts();
    void applyColors();
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
