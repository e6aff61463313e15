#include "logic/FpAddStageStrip.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"

namespace mlsyslab::widgets {

namespace {

using logic::FloatAdderStage;

// Sizes in the strip's own line heights.
constexpr double kTextScale = 1.1;
constexpr double kSmallestTextScale = 0.75;
constexpr double kPaddingLines = 0.55;  // inside a box, each side
constexpr double kArrowLines = 1.4;     // the gap that holds an arrow
constexpr double kHeightLines = 1.9;
constexpr int kFadedAlpha = 110;  // stages still to come, out of 255

}  // namespace

QString stageBoxText(FloatAdderStage stage, bool shortName) {
    switch (stage) {
        case FloatAdderStage::Unpack:
            return FpAddStageStrip::tr("Unpack");
        case FloatAdderStage::CompareAndSwap:
            return shortName ? FpAddStageStrip::tr("1 Compare")
                             : FpAddStageStrip::tr("1 Compare exponents");
        case FloatAdderStage::Align:
            return FpAddStageStrip::tr("2 Align");
        case FloatAdderStage::AddSignificands:
            return FpAddStageStrip::tr("3 Add");
        case FloatAdderStage::Normalize:
            return FpAddStageStrip::tr("4 Normalize");
        case FloatAdderStage::Round:
            return FpAddStageStrip::tr("5 Round");
        case FloatAdderStage::Pack:
            return FpAddStageStrip::tr("Pack");
        case FloatAdderStage::Special:
            return shortName ? FpAddStageStrip::tr("Special case")
                             : FpAddStageStrip::tr("Special case: steps 1\u20135 not needed");
    }
    return {};
}

FpAddStageStrip::FpAddStageStrip(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setCursor(Qt::PointingHandCursor);
}

void FpAddStageStrip::setStages(const std::vector<FloatAdderStage>& stages) {
    stages_ = stages;
    current_ = std::clamp(current_, 0, std::max(0, static_cast<int>(stages_.size()) - 1));
    setAccessibleName(tr("stages: %1").arg(textsFor(false).join(QStringLiteral(", "))));
    updateGeometry();
    update();
}

void FpAddStageStrip::setCurrent(int index) {
    current_ = index;
    if (index >= 0 && index < static_cast<int>(stages_.size())) {
        setAccessibleDescription(tr("current: %1").arg(textsFor(false).at(index)));
    }
    update();
}

QStringList FpAddStageStrip::textsFor(bool shortNames) const {
    QStringList texts;
    for (const FloatAdderStage stage : stages_) texts << stageBoxText(stage, shortNames);
    return texts;
}

QStringList FpAddStageStrip::boxTexts() const { return textsFor(fitFor(width()).shortNames); }

double FpAddStageStrip::stripWidth(const QStringList& texts, const QFont& font) const {
    const QFontMetricsF metrics(font);
    double total = 0;
    for (const QString& text : texts) {
        total += metrics.horizontalAdvance(text) + 2 * kPaddingLines * metrics.height();
    }
    return total + std::max<qsizetype>(0, texts.size() - 1) * kArrowLines * metrics.height();
}

FpAddStageStrip::Fit FpAddStageStrip::fitFor(int width) const {
    QFont bold = font();
    bold.setBold(true);
    const QFont full = scaledFont(bold, kTextScale);
    if (stripWidth(textsFor(false), full) <= width) return {false, full};
    const QStringList shortTexts = textsFor(true);
    const double needed = stripWidth(shortTexts, full);
    const double scale = std::max(kSmallestTextScale, kTextScale * width / std::max(1.0, needed));
    return {true, scaledFont(bold, std::min(kTextScale, scale * 0.98))};
}

std::vector<QRectF> FpAddStageStrip::boxRects(const Fit& fit) const {
    const QFontMetricsF metrics(fit.font);
    const double padding = kPaddingLines * metrics.height();
    const double boxHeight = std::min<double>(height(), kHeightLines * metrics.height());
    const double top = (height() - boxHeight) / 2;
    std::vector<QRectF> boxes;
    double x = 0;
    for (const QString& text : textsFor(fit.shortNames)) {
        const double boxWidth = metrics.horizontalAdvance(text) + 2 * padding;
        boxes.emplace_back(x, top, boxWidth, boxHeight);
        x += boxWidth + kArrowLines * metrics.height();
    }
    // Centre the strip in the width it has.
    const double used = boxes.empty() ? 0.0 : boxes.back().right();
    const double shift = std::max(0.0, (width() - used) / 2);
    for (QRectF& box : boxes) box.translate(shift, 0);
    return boxes;
}

QSize FpAddStageStrip::sizeHint() const {
    QFont bold = scaledFont(font(), kTextScale);
    bold.setBold(true);
    const QFontMetricsF metrics(bold);
    return {static_cast<int>(std::ceil(stripWidth(textsFor(false), bold))),
            static_cast<int>(std::ceil(kHeightLines * metrics.height())) + 4};
}

QSize FpAddStageStrip::minimumSizeHint() const { return {1, sizeHint().height()}; }

void FpAddStageStrip::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const Fit fit = fitFor(width());
    const auto boxes = boxRects(fit);
    const QStringList texts = textsFor(fit.shortNames);
    const QPalette& colors = palette();
    painter.setFont(fit.font);
    const double radius = QFontMetricsF(fit.font).height() * 0.35;
    for (int index = 0; index < static_cast<int>(boxes.size()); ++index) {
        const QRectF& box = boxes[static_cast<std::size_t>(index)];
        const bool isCurrent = index == current_;
        QColor ink = colors.color(QPalette::WindowText);
        if (index > current_) ink.setAlpha(kFadedAlpha);
        if (isCurrent) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(colors.color(QPalette::Highlight));
        } else {
            painter.setPen(QPen(ink, 1.5));
            painter.setBrush(Qt::NoBrush);
        }
        painter.drawRoundedRect(box.adjusted(1, 1, -1, -1), radius, radius);
        painter.setPen(isCurrent ? colors.color(QPalette::HighlightedText) : ink);
        painter.drawText(box, Qt::AlignCenter, texts.at(index));
        if (index + 1 < static_cast<int>(boxes.size())) {
            const QRectF gap(box.right(), box.top(),
                             boxes[static_cast<std::size_t>(index) + 1].left() - box.right(),
                             box.height());
            QColor arrowInk = colors.color(QPalette::WindowText);
            if (index >= current_) arrowInk.setAlpha(kFadedAlpha);
            painter.setPen(arrowInk);
            painter.drawText(gap, Qt::AlignCenter, QStringLiteral("\u2192"));
        }
    }
}

void FpAddStageStrip::mousePressEvent(QMouseEvent* event) {
    const auto boxes = boxRects(fitFor(width()));
    for (int index = 0; index < static_cast<int>(boxes.size()); ++index) {
        if (boxes[static_cast<std::size_t>(index)].contains(event->position())) {
            emit stageClicked(index);
            return;
        }
    }
    QWidget::mousePressEvent(event);
}

void FpAddStageStrip::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) updateGeometry();
}

}  // namespace mlsyslab::widgets
