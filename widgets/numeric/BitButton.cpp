#include "numeric/BitButton.h"

#include <QPainter>

namespace mlsyslab::widgets {

BitButton::BitButton(QWidget* parent) : QToolButton(parent) {
    setCheckable(true);
    setAttribute(Qt::WA_Hover);  // repaint on enter and leave: the border shows the target
    setCursor(Qt::PointingHandCursor);
}

QSize BitButton::sizeHint() const {
    const int side = qRound(fontMetrics().height() * 1.5);
    return {side, qRound(side * 1.15)};
}

void BitButton::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& colors = palette();
    const bool on = isChecked();
    const qreal borderWidth = hasFocus() || underMouse() ? 4.0 : 2.0;
    const QRectF box = QRectF(rect()).adjusted(borderWidth / 2, borderWidth / 2, -borderWidth / 2,
                                               -borderWidth / 2);
    painter.setPen(QPen(colors.color(QPalette::Text), borderWidth));
    painter.setBrush(colors.color(on ? QPalette::Highlight : QPalette::Base));
    painter.drawRoundedRect(box, 6, 6);
    painter.setPen(colors.color(on ? QPalette::HighlightedText : QPalette::Text));
    painter.drawText(rect(), Qt::AlignCenter, on ? QStringLiteral("1") : QStringLiteral("0"));
}

}  // namespace mlsyslab::widgets
