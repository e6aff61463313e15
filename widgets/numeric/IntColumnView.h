#pragma once

#include <QWidget>
#include <memory>
#include <string>

#include "numeric/lesson/IntKind.h"
#include "numeric/IntegerArithmetic.h"

namespace mlsyslab::widgets {

// One operation written as a column, as on paper: the two operands' bits with their decimal
// readings, a rule, the result's bits and reading (with the carry that falls off the register
// for an addition), then the true result in words and the ALU's flags C, V, Z and N.
// Negate is written as NEG computes it: 0 − A.
//
// Child object names: topBits, topValue, bottomBits, bottomValue, resultBits, resultValue,
// carryOut (QLabels), trueResult (QLabel), flagC, flagV, flagZ, flagN (FlagBadges).
class IntColumnView : public QWidget {
    Q_OBJECT
public:
    // What to show; every number here comes from the engine.
    struct Contents {
        lesson::kinds::IntState state;
        numeric::IntegerResult result;
        numeric::AluFlags flags;
        std::string exactResult;  // the true result in decimal
    };

    explicit IntColumnView(QWidget* parent = nullptr);
    ~IntColumnView() override;

    void setContents(const Contents& contents);

private:
    void changeEvent(QEvent* event) override;
    void applyFonts();   // sizes derive from the widget's font and the register width
    void applyColors();  // the carry digit in the error colour
    void refresh();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
