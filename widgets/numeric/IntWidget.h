#pragma once

#include <QWidget>
#include <memory>

#include "lesson/Lesson.h"
#include "numeric/lesson/IntKind.h"
#include "numeric/IntegerArithmetic.h"

namespace mlsyslab::widgets {

class NumberCircle;

// The `int` simulator: one operation on W-bit registers, written as a column with the true
// result, the ALU's flags, and the number circle where the wrap-around happens. Every number
// comes from the engine (numeric/IntegerArithmetic.h); this class only shows them.
//
// Changing the width or the signedness converts both operands as a C cast does: a value the
// new format holds is kept (127 stays 127 from 8 to 16 bits, 5 stays 5 from 8 to 4), any other
// wraps modulo 2^W (300 at 16 bits becomes 44 at 8; −1 becomes 255 when switched to unsigned,
// because the bits stay). "A − 1" and "A + 1" walk A round the circle and wrap at the ends.
//
// Child object names (tests rely on them): widthSelector (QComboBox: 4 .. 64), signedButton
// and unsignedButton (checkable, exclusive), aField and bField (QLineEdits; an edit is applied
// on Return or when the field loses focus; bField is disabled for neg), aError and bError
// (QLabels, hidden unless the text was refused), operationSelector (QComboBox), decrementButton
// and incrementButton, numberCircle (NumberCircle), and those of IntColumnView: resultBits,
// resultValue, trueResult, flagC, flagV, flagZ, flagN, ...
class IntWidget : public QWidget {
    Q_OBJECT
public:
    explicit IntWidget(const lesson::kinds::IntState& initial, QWidget* parent = nullptr);
    ~IntWidget() override;

    lesson::kinds::IntState state() const;
    numeric::IntegerResult result() const;
    numeric::AluFlags flags() const;
    const NumberCircle* numberCircle() const;

public slots:
    void setState(const mlsyslab::lesson::kinds::IntState& state);

signals:
    void stateChanged();

private:
    enum class Operand { A, B };
    void changeEvent(QEvent* event) override;
    void applyEdit(Operand operand);
    void changeFormat(numeric::IntegerFormat format);
    void stepA(bool up);
    void applyFonts();
    void applyColors();
    void refresh();  // every view from the state; clears the error lines

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
