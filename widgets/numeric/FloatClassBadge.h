#pragma once

#include <QLabel>

#include "numeric/FloatDecode.h"

namespace mlsyslab::widgets {

// The class of a float (zero, subnormal, normal, inf, nan) as a word on a rounded pill in the
// class's colour (FloatColors.h). The text is the engine's class name, so a test or a screen
// reader reads exactly what the CLI prints. Painted from the palette on every repaint.
class FloatClassBadge : public QLabel {
    Q_OBJECT
public:
    explicit FloatClassBadge(QWidget* parent = nullptr);

    void setFloatClass(numeric::FloatClass floatClass);
    numeric::FloatClass floatClass() const { return floatClass_; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    numeric::FloatClass floatClass_ = numeric::FloatClass::Zero;
};

}  // namespace mlsyslab::widgets
