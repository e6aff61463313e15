#pragma once

#include <QWidget>

class QButtonGroup;
class QLabel;
class QPushButton;
class QSlider;

namespace mlsyslab::widgets {

// The mixed-precision simulator's controls, one row: the target format (FP16 | BF16, two
// exclusive buttons), the loss scale S as a slider over the powers of two 2^0 .. 2^24 with
// its value ("×1024 (2¹⁰)"), and buttons for the round scales lecture slides quote, ×1000 and
// ×10000. It holds no state of its own beyond what it shows; the simulator sets it.
//
// Child object names: fp16Button, bf16Button, scaleSlider (its value is the exponent k of
// S = 2^k), scaleValue (QLabel), scale1000Button, scale10000Button.
class LossScaleControls : public QWidget {
    Q_OBJECT
public:
    // 2^24 is past where the default gradients overflow FP16 (about 2^18); PyTorch's
    // GradScaler starts at 2^16 (torch.cuda.amp.GradScaler, init_scale=65536).
    static constexpr int kLargestExponent = 24;

    explicit LossScaleControls(QWidget* parent = nullptr);

    // Shows the format (0: FP16, 1: BF16) and the scale; emits nothing. A scale that is not a
    // power of two puts the slider at the nearest one, within the slider's range.
    void showFormatIndex(int index);
    void showScale(double scale);

signals:
    void formatIndexChosen(int index);
    void scaleChosen(double scale);

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyFonts();

    QButtonGroup* formatButtons_ = nullptr;
    QLabel* formatName_ = nullptr;
    QLabel* scaleName_ = nullptr;
    QSlider* slider_ = nullptr;
    QLabel* scaleValue_ = nullptr;
    QPushButton* scale1000_ = nullptr;
    QPushButton* scale10000_ = nullptr;
};

}  // namespace mlsyslab::widgets
