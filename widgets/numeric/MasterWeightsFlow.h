#pragma once

#include <QStringList>
#include <QWidget>

namespace mlsyslab::widgets {

// One training step of mixed precision with FP32 master weights (Micikevicius et al., "Mixed
// Precision Training", ICLR 2018, Fig. 1), as five boxes joined by arrows and a loop back:
//   FP32 master weights → cast to FP16 → forward + backward in FP16 (loss × S)
//   → gradients ÷ S in FP32 → update the FP32 master weights → (next step)
// 16-bit boxes are tinted with the palette's highlight colour, FP32 ones with its alternate
// base, so the two precisions read apart in any palette. When the scaled gradients hold an
// infinity, the unscaling box says that the step is skipped, in the error colour: that is
// what dynamic loss scaling does before it halves S.
class MasterWeightsFlow : public QWidget {
    Q_OBJECT
public:
    explicit MasterWeightsFlow(QWidget* parent = nullptr);

    // formatName: "FP16" or "BF16"; scaleText: "×1024".
    void setStep(const QString& formatName, const QString& scaleText, bool overflow);
    // The boxes' texts, left to right (also the accessible description).
    QStringList boxTexts() const { return texts_; }
    bool showsOverflow() const { return overflow_; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    struct Geometry;
    Geometry geometryFor(int width) const;

    QStringList texts_;
    bool overflow_ = false;
};

}  // namespace mlsyslab::widgets
