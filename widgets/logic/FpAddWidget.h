#pragma once

#include <QWidget>
#include <memory>

#include "lesson/Lesson.h"
#include "logic/lesson/FpAddKind.h"
#include "logic/FloatAdder.h"

namespace mlsyslab::widgets {

// The `fp-add` simulator: two numbers going through a floating-point adder, one snapshot of
// the datapath at a time (logic/FloatAdder.h): unpack, seed 001's five steps (compare
// exponents, align, add, normalize, round), pack. It shows the stage strip with the current
// stage, stepping controls, the step's title and explanation, the registers as coloured bit
// cells aligned by weight, and the stored sum with its class and what kind of result it is.
// With `hardware: true`, a panel below counts the gates and depth of each block of the adder
// next to an integer adder of the same width.
//
// Typing a value or a hex pattern into A or B, or switching the format, runs the addition
// again and stays at the same stage where the new addition has it.
//
// Child object names (tests rely on them): FpAddInputs' aField, bField, aStored, bStored,
// aError, bError and formatSelector; stageStrip (FpAddStageStrip), stepControls
// (StepControls), stepTitle and stepExplanation (QLabels), registerView (FpAddRegisterView),
// resultPanel (FpAddResultPanel, see there), hardwarePanel (FpAddHardwarePanel, only with
// `hardware: true`).
class FpAddWidget : public QWidget {
    Q_OBJECT
public:
    explicit FpAddWidget(const lesson::kinds::FpAddState& initial, QWidget* parent = nullptr);
    ~FpAddWidget() override;

    // The operands and format as they are now; openAt is the stage shown.
    lesson::kinds::FpAddState state() const;
    const logic::FloatAdditionTrace& trace() const;
    int position() const;

public slots:
    // Runs the addition of the new state and opens it at state.openAt (where it happens).
    void setState(const mlsyslab::lesson::kinds::FpAddState& state);
    void setPosition(int position);

signals:
    void stateChanged();  // operands or format
    void positionChanged(int position);

private:
    void changeEvent(QEvent* event) override;
    void applyFonts();
    // Runs the state's addition; returns false (and says why on screen) if it cannot.
    bool runAddition();
    // After the operands changed: the same stage if the new addition has it, else the same
    // position as far as it goes.
    void rerunKeepingStage();
    void editOperand(int operand, const lesson::kinds::FpAddOperand& value);
    void switchFormat(const numeric::FloatFormat& format);
    void showPosition(int position);

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
