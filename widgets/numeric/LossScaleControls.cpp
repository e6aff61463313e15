#include "numeric/LossScaleControls.h"

#include <QButtonGroup>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"
#include "numeric/MixedPrecisionText.h"

namespace mlsyslab::widgets {

namespace {

// The round numbers of the lecture slide ("multiply loss by 1000-10000"): not powers of two,
// which is fine: the division back happens in FP32 and costs at most one rounding.
constexpr double kSlideLowScale = 1000.0;
constexpr double kSlideHighScale = 10000.0;
constexpr double kValueScale = 1.25;
// Wide enough for "×16777216 (2²⁴)" so that the row does not jump while dragging.
constexpr int kValueCharacters = 14;
constexpr int kSliderCharacters = 16;

}  // namespace

LossScaleControls::LossScaleControls(QWidget* parent) : QWidget(parent) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    formatName_ = new QLabel(tr("Format"), this);
    row->addWidget(formatName_);
    formatButtons_ = new QButtonGroup(this);
    formatButtons_->setExclusive(true);
    const char* names[] = {"fp16Button", "bf16Button"};
    const QString texts[] = {QStringLiteral("FP16"), QStringLiteral("BF16")};
    for (int index = 0; index < 2; ++index) {
        auto* button = new QPushButton(texts[index], this);
        button->setObjectName(QLatin1String(names[index]));
        button->setCheckable(true);
        formatButtons_->addButton(button, index);
        row->addWidget(button);
    }
    connect(formatButtons_, &QButtonGroup::idClicked, this, &LossScaleControls::formatIndexChosen);

    row->addSpacing(fontMetrics().height());
    scaleName_ = new QLabel(tr("Loss scale S"), this);
    row->addWidget(scaleName_);
    slider_ = new QSlider(Qt::Horizontal, this);
    slider_->setObjectName(QStringLiteral("scaleSlider"));
    slider_->setRange(0, kLargestExponent);
    slider_->setPageStep(4);
    slider_->setTickPosition(QSlider::TicksBelow);
    slider_->setTickInterval(4);
    slider_->setAccessibleName(tr("Loss scale: power of two"));
    scaleName_->setBuddy(slider_);
    row->addWidget(slider_, 1);
    connect(slider_, &QSlider::valueChanged, this,
            [this](int exponent) { emit scaleChosen(std::ldexp(1.0, exponent)); });
    scaleValue_ = new QLabel(this);
    scaleValue_->setObjectName(QStringLiteral("scaleValue"));
    row->addWidget(scaleValue_);

    scale1000_ = new QPushButton(scaleText(kSlideLowScale), this);
    scale1000_->setObjectName(QStringLiteral("scale1000Button"));
    scale10000_ = new QPushButton(scaleText(kSlideHighScale), this);
    scale10000_->setObjectName(QStringLiteral("scale10000Button"));
    for (QPushButton* button : {scale1000_, scale10000_}) {
        button->setToolTip(tr("The scale a lecture slide suggests (not a power of two)"));
        row->addWidget(button);
    }
    connect(scale1000_, &QPushButton::clicked, this, [this] { emit scaleChosen(kSlideLowScale); });
    connect(scale10000_, &QPushButton::clicked, this,
            [this] { emit scaleChosen(kSlideHighScale); });
    applyFonts();
}

void LossScaleControls::showFormatIndex(int index) {
    if (QAbstractButton* button = formatButtons_->button(index)) button->setChecked(true);
}

void LossScaleControls::showScale(double scale) {
    const QSignalBlocker blocker(slider_);
    slider_->setValue(
        int(std::lround(std::clamp(std::log2(scale), 0.0, double(kLargestExponent)))));
    const QString power = powerOfTwoText(scale);
    scaleValue_->setText(power.isEmpty() ? scaleText(scale)
                                         : tr("%1 (%2)").arg(scaleText(scale), power));
}

void LossScaleControls::applyFonts() {
    QFont bold = font();
    bold.setBold(true);
    formatName_->setFont(bold);
    scaleName_->setFont(bold);
    QFont valueFont = scaledFont(font(), kValueScale);
    valueFont.setBold(true);
    scaleValue_->setFont(valueFont);
    const QFontMetrics valueMetrics(valueFont);
    scaleValue_->setMinimumWidth(valueMetrics.averageCharWidth() * kValueCharacters);
    slider_->setMinimumWidth(fontMetrics().averageCharWidth() * kSliderCharacters);
}

void LossScaleControls::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
}

}  // namespace mlsyslab::widgets
