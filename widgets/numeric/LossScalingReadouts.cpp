#include "numeric/LossScalingReadouts.h"

#include <QEvent>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>

#include "common/DisplayStyle.h"
#include "numeric/FloatColors.h"
#include "numeric/MixedPrecisionText.h"

namespace mlsyslab::widgets {

namespace {

using numeric::GradientFate;

// Sizes relative to the widget's font, so that presentation mode scales the panel.
constexpr double kReadoutScale = 1.3;
// The panel wraps its sentences at about this many characters of readout type.
constexpr int kPanelCharacters = 22;
// A share of zeros below this reads as "scaling worked" (green); at or above it, as a loss.
// 1 % is where the slide's own example ("0.4 % become 0") counts as fixed.
constexpr double kAcceptableZeroShare = 0.01;

QLabel* newLabel(const char* objectName, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(objectName));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

void paint(QLabel* label, const QColor& color) {
    QPalette colors = label->palette();
    colors.setColor(QPalette::WindowText, color);
    label->setPalette(colors);
}

}  // namespace

LossScalingReadouts::LossScalingReadouts(QWidget* parent) : QWidget(parent) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    unscaledTitle_ = newLabel("unscaledTitle", this);
    unscaledTitle_->setText(tr("Without loss scaling"));
    unscaledReadout_ = newLabel("unscaledReadout", this);
    scaledTitle_ = newLabel("scaledTitle", this);
    scaledReadout_ = newLabel("scaledReadout", this);
    overflowNote_ = newLabel("overflowNote", this);
    overflowNote_->setText(tr("One ∞ skips the whole step; then S is halved."));
    recoveredTitle_ = newLabel("recoveredTitle", this);
    recoveredReadout_ = newLabel("recoveredReadout", this);
    recoveredDetail_ = newLabel("recoveredDetail", this);
    safeScaleButton_ = new QPushButton(this);
    safeScaleButton_->setObjectName(QStringLiteral("safeScaleButton"));
    connect(safeScaleButton_, &QPushButton::clicked, this, [this] {
        if (results_.safeExponent) emit safeScaleChosen(std::ldexp(1.0, *results_.safeExponent));
    });

    for (QLabel* label : {unscaledTitle_, unscaledReadout_, scaledTitle_, scaledReadout_,
                          overflowNote_, recoveredTitle_, recoveredReadout_, recoveredDetail_}) {
        column->addWidget(label);
        // A gap after each readout group, before the next title.
        if (label == unscaledReadout_ || label == overflowNote_ || label == recoveredDetail_) {
            column->addSpacing(fontMetrics().height() / 2);
        }
    }
    column->addWidget(safeScaleButton_, 0, Qt::AlignLeft);
    column->addStretch(1);
    applyFonts();
}

void LossScalingReadouts::showResults(const Results& results) {
    results_ = results;
    const QString format = formatDisplayName(results.format);
    const auto& unscaled = results.unscaled;
    const auto& scaled = results.scaled;
    unscaledReadout_->setText(
        tr("%1 of gradients become 0 in %2")
            .arg(shareText(unscaled.shareOf(GradientFate::FlushedToZero)), format));
    const QString power = powerOfTwoText(scaled.scale);
    const QString scale = scaleText(scaled.scale);
    scaledTitle_->setText(power.isEmpty() ? tr("With %1").arg(scale)
                                          : tr("With %1 = %2").arg(scale, power));
    const std::size_t overflows = scaled.countOf(GradientFate::Overflow);
    const QString overflowText = overflows == 0
                                     ? tr("0 overflow")
                                     : tr("%1 overflow (%2)")
                                           .arg(overflows)
                                           .arg(shareText(scaled.shareOf(GradientFate::Overflow)));
    scaledReadout_->setText(
        tr("%1 become 0\n%2")
            .arg(shareText(scaled.shareOf(GradientFate::FlushedToZero)), overflowText));
    overflowNote_->setVisible(overflows > 0);
    recoveredTitle_->setText(
        tr("After %1 in FP32")
            .arg(QString(scale).replace(QStringLiteral("×"), QStringLiteral("÷ "))));
    recoveredReadout_->setText(tr("%1 recovered").arg(shareText(scaled.recoveredShare())));
    recoveredDetail_->setText(tr("median relative error %1\n%2 subnormal (fewer digits)")
                                  .arg(shareText(scaled.medianRelativeError),
                                       shareText(scaled.shareOf(GradientFate::Subnormal))));
    // The button names the largest power of two without overflow and jumps to it; the tooltip
    // says why that scale matters.
    if (results.safeExponent) {
        const double safeScale = std::ldexp(1.0, *results.safeExponent);
        const QString power = powerOfTwoExponentText(*results.safeExponent);
        safeScaleButton_->setText(tr("Largest safe S: ×%1").arg(power));
        safeScaleButton_->setToolTip(
            tr("%1 = %2 is the largest power of two at which no gradient overflows %3. Dynamic "
               "loss scaling settles there: it halves S after a step with an ∞ and doubles it "
               "after many clean steps.")
                .arg(power, QString::number(safeScale, 'g', 12), format));
    } else {
        safeScaleButton_->setText(tr("No safe S: every scale overflows"));
        safeScaleButton_->setToolTip(QString());
    }
    safeScaleButton_->setEnabled(results.safeExponent && results.safeExponentOnSlider);
    applyColors();
}

void LossScalingReadouts::applyFonts() {
    QFont titleFont = font();
    titleFont.setBold(true);
    QFont readoutFont = scaledFont(font(), kReadoutScale);
    readoutFont.setBold(true);
    for (QLabel* title : {unscaledTitle_, scaledTitle_, recoveredTitle_}) title->setFont(titleFont);
    for (QLabel* readout : {unscaledReadout_, scaledReadout_, recoveredReadout_}) {
        readout->setFont(readoutFont);
    }
    setMinimumWidth(QFontMetrics(readoutFont).averageCharWidth() * kPanelCharacters);
}

void LossScalingReadouts::applyColors() {
    const QPalette& colors = palette();
    const QColor ink = colors.color(QPalette::WindowText);
    const QColor lost = errorColor(colors);
    const QColor kept = floatClassColor(numeric::FloatClass::Normal, colors);
    const auto& unscaled = results_.unscaled;
    const auto& scaled = results_.scaled;
    paint(unscaledReadout_, unscaled.shareOf(GradientFate::FlushedToZero) > 0 ? lost : kept);
    const bool scaledLoses = scaled.countOf(GradientFate::Overflow) > 0 ||
                             scaled.shareOf(GradientFate::FlushedToZero) >= kAcceptableZeroShare;
    paint(scaledReadout_, scaledLoses ? lost : kept);
    paint(overflowNote_, lost);
    for (QLabel* label :
         {unscaledTitle_, scaledTitle_, recoveredTitle_, recoveredReadout_, recoveredDetail_}) {
        paint(label, ink);
    }
}

void LossScalingReadouts::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyColors();
}

}  // namespace mlsyslab::widgets
