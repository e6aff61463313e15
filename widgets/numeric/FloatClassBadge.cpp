#include "numeric/FloatClassBadge.h"

#include <QPainter>

#include "numeric/FloatColors.h"

namespace mlsyslab::widgets {

FloatClassBadge::FloatClassBadge(QWidget* parent) : QLabel(parent) {
    setAlignment(Qt::AlignCenter);
    setFloatClass(numeric::FloatClass::Zero);
}

void FloatClassBadge::setFloatClass(numeric::FloatClass floatClass) {
    floatClass_ = floatClass;
    setText(QString::fromUtf8(numeric::floatClassName(floatClass).data()));
    setAccessibleName(tr("class: %1").arg(text()));
    update();
}

QSize FloatClassBadge::sizeHint() const {
    // Wide enough for the longest class name, so the formula beside it does not jump.
    const QFontMetrics metrics(font());
    const int textWidth = metrics.horizontalAdvance(QStringLiteral("subnormal"));
    return {textWidth + metrics.height() * 2, qRound(metrics.height() * 1.5)};
}

void FloatClassBadge::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QSize pill = sizeHint().boundedTo(size());
    const QRectF box(QPointF(0, (height() - pill.height()) / 2.0), pill);
    painter.setPen(Qt::NoPen);
    painter.setBrush(floatClassColor(floatClass_, palette()));
    painter.drawRoundedRect(box, box.height() / 2, box.height() / 2);
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(palette().color(QPalette::Base));
    painter.drawText(box, Qt::AlignCenter, text());
}

}  // namespace mlsyslab::widgets
