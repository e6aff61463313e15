#pragma once

#include <QWidget>
#include <optional>

#include "numeric/FloatFormat.h"
#include "numeric/MixedPrecision.h"

class QLabel;
class QPushButton;

namespace mlsyslab::widgets {

// The mixed-precision simulator's readouts, in large type, top to bottom:
//   Without loss scaling      36 % of gradients become 0 in FP16
//   With ×1024                0.93 % become 0, 0 overflow
//   After ÷ 1024 in FP32      99.1 % recovered
//                             median relative error 0.027 % · 43 % subnormal (fewer digits)
//   [Largest safe S: ×2¹⁸]    (a button: jumps to the largest power of two without overflow)
// and, only when something overflowed, a note that one ∞ skips the whole step. Every number
// comes from the engine's results; this panel only words them.
//
// Child object names: unscaledTitle, unscaledReadout, scaledTitle, scaledReadout,
// recoveredTitle, recoveredReadout, recoveredDetail, overflowNote (QLabels), safeScaleButton
// (QPushButton; disabled when its scale is off the slider).
class LossScalingReadouts : public QWidget {
    Q_OBJECT
public:
    explicit LossScalingReadouts(QWidget* parent = nullptr);

    struct Results {
        numeric::FloatFormat format;
        numeric::LossScalingResult unscaled;  // S = 1
        numeric::LossScalingResult scaled;    // the chosen S
        std::optional<int> safeExponent;      // the largest 2^k without overflow
        bool safeExponentOnSlider = false;    // whether the button can jump to it
    };
    void showResults(const Results& results);

signals:
    // The safe-scale button: the largest power of two without overflow, 2^k.
    void safeScaleChosen(double scale);

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyFonts();
    void applyColors();

    Results results_;
    QLabel* unscaledTitle_ = nullptr;
    QLabel* unscaledReadout_ = nullptr;
    QLabel* scaledTitle_ = nullptr;
    QLabel* scaledReadout_ = nullptr;
    QLabel* recoveredTitle_ = nullptr;
    QLabel* recoveredReadout_ = nullptr;
    QLabel* recoveredDetail_ = nullptr;
    QLabel* overflowNote_ = nullptr;
    QPushButton* safeScaleButton_ = nullptr;
};

}  // namespace mlsyslab::widgets
