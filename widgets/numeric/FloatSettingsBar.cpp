#include "numeric/FloatSettingsBar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include "common/DisplayStyle.h"
#include "numeric/lesson/FloatKind.h"

namespace mlsyslab::widgets {

namespace {

constexpr double kTextScale = 1.15;

QString formatNameText(const numeric::FloatFormat& format) {
    return QString::fromUtf8(format.name.data(), static_cast<qsizetype>(format.name.size()));
}

}  // namespace

FloatSettingsBar::FloatSettingsBar(QWidget* parent) : QWidget(parent) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    const auto addNamed = [&](const QString& name, QWidget* control) {
        auto* label = new QLabel(name, this);
        label->setBuddy(control);
        row->addWidget(label);
        row->addWidget(control);
        row->addSpacing(fontMetrics().height());
        scaled_.push_back(label);
        scaled_.push_back(control);
    };
    formatSelector_ = new QComboBox(this);
    formatSelector_->setObjectName(QStringLiteral("formatSelector"));
    for (const numeric::FloatFormat& format : lesson::kinds::lessonFloatFormats()) {
        formatSelector_->addItem(formatNameText(format), formatNameText(format));
    }
    addNamed(tr("Format:"), formatSelector_);
    roundingSelector_ = new QComboBox(this);
    roundingSelector_->setObjectName(QStringLiteral("roundingSelector"));
    roundingSelector_->addItem(tr("to nearest, ties to even"), QStringLiteral("nearest"));
    roundingSelector_->addItem(tr("toward zero"), QStringLiteral("zero"));
    roundingSelector_->addItem(tr("up, toward +∞"), QStringLiteral("up"));
    roundingSelector_->addItem(tr("down, toward −∞"), QStringLiteral("down"));
    addNamed(tr("Rounding:"), roundingSelector_);
    saturateBox_ = new QCheckBox(tr("Saturate"), this);
    saturateBox_->setToolTip(
        tr("Overflow gives the largest finite value instead of infinity (NVIDIA's satfinite)."));
    saturateBox_->setObjectName(QStringLiteral("saturateBox"));
    scaled_.push_back(saturateBox_);
    row->addWidget(saturateBox_);
    row->addStretch();

    connect(formatSelector_, &QComboBox::currentIndexChanged, this,
            &FloatSettingsBar::reportChoice);
    connect(roundingSelector_, &QComboBox::currentIndexChanged, this,
            &FloatSettingsBar::reportChoice);
    connect(saturateBox_, &QCheckBox::toggled, this, &FloatSettingsBar::reportChoice);
    applyFonts();
}

void FloatSettingsBar::showSettings(const numeric::FloatFormat& format,
                                    numeric::EncodeOptions options) {
    const QSignalBlocker formatBlocker(formatSelector_);
    const QSignalBlocker roundingBlocker(roundingSelector_);
    const QSignalBlocker saturateBlocker(saturateBox_);
    formatSelector_->setCurrentIndex(formatSelector_->findData(formatNameText(format)));
    roundingSelector_->setCurrentIndex(roundingSelector_->findData(
        QString::fromUtf8(numeric::roundingModeName(options.rounding).data())));
    saturateBox_->setChecked(options.saturate);
}

void FloatSettingsBar::reportChoice() {
    const auto format = lesson::kinds::findLessonFloatFormat(
        formatSelector_->currentData().toString().toStdString());
    const auto rounding =
        numeric::findRoundingMode(roundingSelector_->currentData().toString().toStdString());
    if (!format || !rounding) return;
    emit settingsChosen(*format, {*rounding, saturateBox_->isChecked()});
}

void FloatSettingsBar::applyFonts() {
    const QFont larger = scaledFont(font(), kTextScale);
    for (QWidget* widget : scaled_) widget->setFont(larger);
}

void FloatSettingsBar::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
}

}  // namespace mlsyslab::widgets
