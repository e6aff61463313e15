#include "numeric/FlagBadge.h"

#include <QPainter>
#include <algorithm>

#include "common/DisplayStyle.h"

namespace mlsyslab::widgets {

FlagBadge::FlagBadge(const QString& letter, QWidget* parent) : QWidget(parent), letter_(letter) {
    setAccessibleName(letter);
}

void FlagBadge::setLit(bool lit, bool alarm) {
    if (lit == lit_ && alarm == alarm_) return;
    lit_ = lit;
    alarm_ = alarm;
    setAccessibleDescription(lit ? tr("set") : tr("clear"));
    update();
}

QSize FlagBadge::sizeHint() const {
    const int side = qRound(fontMetrics().height() * 1.6);
    return {side, side};
}

void FlagBadge::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& colors = palette();
    const QColor fill = alarm_ ? errorColor(colors) : colors.color(QPalette::Highlight);
    const qreal borderWidth = std::max(2.0, fontMetrics().height() / 10.0);
    const QRectF box = QRectF(rect()).adjusted(borderWidth / 2, borderWidth / 2, -borderWidth / 2,
                                               -borderWidth / 2);
    const qreal corner = box.height() / 5;
    if (lit_) {
        painter.setPen(QPen(fill, borderWidth));
        painter.setBrush(fill);
    } else {
        // Clear flags recede: a thin outline and the disabled text colour.
        painter.setPen(
            QPen(colors.color(QPalette::Disabled, QPalette::WindowText), borderWidth / 2));
        painter.setBrush(Qt::NoBrush);
    }
    painter.drawRoundedRect(box, corner, corner);
    QFont letterFont = font();
    letterFont.setBold(lit_);
    painter.setFont(letterFont);
    const QColor letterColor = !lit_    ? colors.color(QPalette::Disabled, QPalette::WindowText)
                               : alarm_ ? colors.color(QPalette::Window)
                                        : colors.color(QPalette::HighlightedText);
    painter.setPen(letterColor);
    painter.drawText(rect(), Qt::AlignCenter, letter_);
}

}  // namespace mlsyslab::widgets
