#pragma once

#include <QWidget>
#include <memory>

#include "logic/lesson/FpAddKind.h"
#include "numeric/FloatFormat.h"

namespace mlsyslab::widgets {

// The fp-add simulator's inputs in one band: A and B, each a field that takes a decimal (2.5,
// 0.1, -1e-5, inf, nan) or a pattern of the format in hex (0x4100), with what the format
// stores under it ("stored as 0.0999755859375 = 0x2E66"), and the format, fp16 or fp32. Text
// that cannot be read stays in its field with a message under it, and changes nothing.
//
// Child object names (tests rely on them): aField and bField (QLineEdits; an edit is applied
// on Return or when the field loses focus), aStored and bStored (QLabels), aError and bError
// (QLabels, hidden unless the text was refused), formatSelector (QComboBox whose item data are
// "fp16" and "fp32").
class FpAddInputs : public QWidget {
    Q_OBJECT
public:
    explicit FpAddInputs(QWidget* parent = nullptr);
    ~FpAddInputs() override;

    // Shows these operands without reporting them back; clears any message.
    void showOperands(const numeric::FloatFormat& format, const lesson::kinds::FpAddOperand& a,
                      const lesson::kinds::FpAddOperand& b);

signals:
    // 0 for A, 1 for B: the student typed something the format can hold.
    void operandEdited(int operand, const mlsyslab::lesson::kinds::FpAddOperand& value);
    void formatChosen(const mlsyslab::numeric::FloatFormat& format);

private:
    void changeEvent(QEvent* event) override;
    void applyEdit(int operand);
    void applyFonts();
    void applyColors();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
