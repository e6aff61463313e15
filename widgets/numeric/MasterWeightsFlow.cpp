#include "numeric/MasterWeightsFlow.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <array>
#include <cmath>

#include "common/ArrowHead.h"
#include "common/DisplayStyle.h"

namespace mlsyslab::widgets {

namespace {

constexpr int kBoxCount = 5;
// Which boxes work in 16 bits: the cast and the forward/backward pass.
constexpr std::array<bool, kBoxCount> kLowPrecisionBox = {false, true, true, false, false};
constexpr int kUnscaleBox = 3;
// Sizes in line heights of the widget's font, so presentation mode scales the drawing.
constexpr double kArrowLengthLines = 1.6;
constexpr double kPaddingLines = 0.35;
constexpr double kLoopHeightLines = 1.3;
constexpr double kCornerLines = 0.3;
constexpr int kLowPrecisionTintAlpha = 45;
}  // namespace

struct MasterWeightsFlow::Geometry {
    double boxWidth = 0;
    double boxHeight = 0;
    double arrowLength = 0;
    double loopHeight = 0;
    double padding = 0;
    int height() const { return int(std::ceil(boxHeight + loopHeight)) + 2; }
};

MasterWeightsFlow::MasterWeightsFlow(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setStep(QStringLiteral("FP16"), QStringLiteral("×1"), false);
}

void MasterWeightsFlow::setStep(const QString& formatName, const QString& scaleText,
                                bool overflow) {
    const QString divide = QString(scaleText).replace(QStringLiteral("×"), QStringLiteral("÷ "));
    texts_ = {tr("FP32 master weights"), tr("cast a copy to %1").arg(formatName),
              tr("forward + backward in %1, loss %2").arg(formatName, scaleText),
              overflow ? tr("an ∞ in the gradients: skip this step, halve S")
                       : tr("gradients %1 in FP32").arg(divide),
              tr("update the FP32 master weights")};
    overflow_ = overflow;
    setAccessibleDescription(texts_.join(QStringLiteral(" → ")));
    updateGeometry();
    update();
}

MasterWeightsFlow::Geometry MasterWeightsFlow::geometryFor(int width) const {
    const QFontMetricsF metrics(font());
    const double line = metrics.height();
    Geometry geometry;
    geometry.arrowLength = kArrowLengthLines * line;
    geometry.padding = kPaddingLines * line;
    geometry.loopHeight = kLoopHeightLines * line;
    geometry.boxWidth =
        std::max(4 * line, (width - 1 - (kBoxCount - 1) * geometry.arrowLength) / kBoxCount);
    double tallestText = line;
    for (const QString& text : texts_) {
        const QRectF bounds =
            metrics.boundingRect(QRectF(0, 0, geometry.boxWidth - 2 * geometry.padding, 100 * line),
                                 Qt::AlignCenter | Qt::TextWordWrap, text);
        tallestText = std::max(tallestText, bounds.height());
    }
    geometry.boxHeight = tallestText + 2 * geometry.padding;
    return geometry;
}

int MasterWeightsFlow::heightForWidth(int width) const { return geometryFor(width).height(); }

QSize MasterWeightsFlow::sizeHint() const {
    const int width = int(fontMetrics().averageCharWidth() * 100);
    return {width, heightForWidth(width)};
}

QSize MasterWeightsFlow::minimumSizeHint() const {
    const int width = int(fontMetrics().averageCharWidth() * 60);
    return {width, heightForWidth(width)};
}

void MasterWeightsFlow::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const Geometry geometry = geometryFor(width());
    const QPalette& colors = palette();
    const double line = QFontMetricsF(font()).height();
    const double penWidth = std::max(1.5, line / 10);
    const QColor ink = colors.color(QPalette::Text);
    const QColor lowPrecision = colors.color(QPalette::Highlight);
    QColor lowPrecisionTint = lowPrecision;
    lowPrecisionTint.setAlpha(kLowPrecisionTintAlpha);

    std::array<QRectF, kBoxCount> boxes;
    for (int index = 0; index < kBoxCount; ++index) {
        boxes[index] = QRectF(0.5 + index * (geometry.boxWidth + geometry.arrowLength), 1,
                              geometry.boxWidth, geometry.boxHeight);
    }
    for (int index = 0; index < kBoxCount; ++index) {
        const bool skipped = overflow_ && index == kUnscaleBox;
        const QColor border = skipped                   ? errorColor(colors)
                              : kLowPrecisionBox[index] ? lowPrecision
                                                        : ink;
        painter.setPen(QPen(border, penWidth));
        painter.setBrush(kLowPrecisionBox[index] ? QBrush(lowPrecisionTint)
                                                 : colors.brush(QPalette::AlternateBase));
        painter.drawRoundedRect(boxes[index], kCornerLines * line, kCornerLines * line);
        painter.setPen(skipped ? errorColor(colors) : ink);
        painter.drawText(boxes[index].adjusted(geometry.padding, geometry.padding,
                                               -geometry.padding, -geometry.padding),
                         Qt::AlignCenter | Qt::TextWordWrap, texts_[index]);
    }

    painter.setPen(QPen(ink, penWidth));
    const double headSize = 0.45 * line;
    for (int index = 0; index + 1 < kBoxCount; ++index) {
        const QPointF from(boxes[index].right(), boxes[index].center().y());
        const QPointF to(boxes[index + 1].left(), from.y());
        painter.drawLine(from, to - QPointF(headSize, 0));
        drawArrowHead(painter, to, QPointF(1, 0), headSize);
    }
    // The loop back: from under the last box to under the first, "next step".
    const double loopY = geometry.boxHeight + geometry.loopHeight * 0.55;
    const QPointF start(boxes.back().center().x(), boxes.back().bottom());
    const QPointF end(boxes.front().center().x(), boxes.front().bottom());
    QPainterPath loop;
    loop.moveTo(start);
    loop.lineTo(start.x(), loopY);
    loop.lineTo(end.x(), loopY);
    loop.lineTo(end.x(), end.y() + headSize);
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(loop);
    drawArrowHead(painter, end, QPointF(0, -1), headSize);
    const QString nextStep = tr("next step");
    const QFontMetricsF metrics(font());
    const QRectF label(
        QPointF((start.x() + end.x()) / 2 - metrics.horizontalAdvance(nextStep) / 2 - line / 2,
                loopY - metrics.height() / 2),
        QSizeF(metrics.horizontalAdvance(nextStep) + line, metrics.height()));
    painter.fillRect(label, colors.brush(QPalette::Window));
    painter.drawText(label, Qt::AlignCenter, nextStep);
}

}  // namespace mlsyslab::widgets
