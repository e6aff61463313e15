#include "numeric/FloatBitRow.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <algorithm>

#include "common/DisplayStyle.h"
#include "numeric/BitButton.h"
#include "numeric/FloatColors.h"

namespace mlsyslab::widgets {

namespace {

// Digit sizes relative to the widget's font, so presentation mode scales the row. FP8 gets
// big bits; FP32's 32 bits shrink to fit about 1000 px at the desk (no wrapping: the whole
// pattern stays one row, so the three fields read left to right as in every textbook).
constexpr double kDigitScaleFewBits = 2.6;    // up to 8 bits
constexpr double kDigitScaleSomeBits = 2.0;   // up to 19 bits (fp16, bf16, tf32)
constexpr double kDigitScaleManyBits = 1.25;  // fp32
constexpr int kFewBits = 8;
constexpr int kSomeBits = 19;
constexpr double kLegendScale = 1.1;
// Below these the row stops shrinking. FP32 needs the floor at the desk: 32 bits in a step
// of about 120 characters leave each bit not quite two characters of body text.
constexpr double kSmallestDigitScale = 0.7;
constexpr double kSmallestLegendScale = 0.9;
// Grid columns per gap between two fields; a gap column separates the groups.
constexpr int kGapColumns = 1;

FloatField fieldOf(const numeric::FloatFormat& format, int index) {
    if (index == format.width() - 1) return FloatField::Sign;
    return index >= format.mantissaBits ? FloatField::Exponent : FloatField::Mantissa;
}

// The grid column of a bit: left to right, with a gap column after the sign and the exponent.
int columnOf(const numeric::FloatFormat& format, int index) {
    const int fromLeft = format.width() - 1 - index;
    const FloatField field = fieldOf(format, index);
    const int gaps = field == FloatField::Sign ? 0 : field == FloatField::Exponent ? 1 : 2;
    return fromLeft + gaps * kGapColumns;
}

}  // namespace

FloatBitRow::FloatBitRow(const numeric::FloatFormat& format, QWidget* parent)
    : QWidget(parent), format_(format) {
    rebuild();
}

void FloatBitRow::setFormat(const numeric::FloatFormat& format) {
    if (format == format_) return;
    format_ = format;
    rebuild();
}

void FloatBitRow::setBits(std::uint64_t bits) {
    for (int index = 0; index < static_cast<int>(buttons_.size()); ++index) {
        buttons_[index]->setChecked(((bits >> index) & 1) != 0);
    }
}

void FloatBitRow::rebuild() {
    for (QToolButton* button : buttons_) delete button;
    for (const Legend& legend : legends_) delete legend.label;
    buttons_.assign(format_.width(), nullptr);
    legends_.clear();
    // A fresh grid: a QGridLayout never forgets columns, and the old gap columns would stay.
    delete grid_;
    grid_ = new QGridLayout(this);
    grid_->setContentsMargins(0, 0, 0, 0);
    grid_->setVerticalSpacing(4);

    const int width = format_.width();
    for (int index = width - 1; index >= 0; --index) {
        auto* button = new BitButton(this);
        button->setObjectName(QStringLiteral("bit%1").arg(index));
        switch (fieldOf(format_, index)) {
            case FloatField::Sign:
                button->setToolTip(tr("Sign bit: 0 is positive, 1 is negative. Click to flip."));
                break;
            case FloatField::Exponent:
                button->setToolTip(
                    tr("Exponent bit, worth %1 in the exponent field. Click to flip.")
                        .arg(1u << (index - format_.mantissaBits)));
                break;
            case FloatField::Mantissa:
                button->setToolTip(tr("Mantissa bit, worth 2^−%1 after the binary point. Click "
                                      "to flip.")
                                       .arg(format_.mantissaBits - index));
                break;
        }
        button->setAccessibleName(tr("bit %1").arg(index));
        grid_->addWidget(button, 1, columnOf(format_, index), Qt::AlignHCenter);
        buttons_[index] = button;
        connect(button, &QToolButton::clicked, this, [this, index] { emit bitClicked(index); });
    }

    // Each legend spans its group; the sign's also spans the gap after it, since "sign" is
    // wider than one small bit.
    const auto addLegend = [&](const char* objectName, const QString& name, const QString& detail,
                               int topIndex, int bitCount, bool spanGap) {
        auto* label = new QLabel(this);
        label->setObjectName(QLatin1String(objectName));
        label->setAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        const int columns = bitCount + (spanGap ? kGapColumns : 0);
        grid_->addWidget(label, 0, columnOf(format_, topIndex), 1, columns);
        legends_.push_back({label, name, detail, bitCount});
    };
    addLegend("signLegend", tr("sign"), QString(), width - 1, 1, true);
    addLegend("exponentLegend", tr("exponent"),
              tr("%1 bits, bias %2").arg(format_.exponentBits).arg(format_.bias), width - 2,
              format_.exponentBits, false);
    addLegend("mantissaLegend", tr("mantissa"), tr("%n bits", nullptr, format_.mantissaBits),
              format_.mantissaBits - 1, format_.mantissaBits, false);

    applyFonts();
    applyColors();
}

void FloatBitRow::fitToWidth(int availableWidth) {
    if (availableWidth == availableWidth_) return;
    availableWidth_ = availableWidth;
    applyFonts();
}

void FloatBitRow::applyFonts() {
    const int width = format_.width();
    const double preferred = width <= kFewBits    ? kDigitScaleFewBits
                             : width <= kSomeBits ? kDigitScaleSomeBits
                                                  : kDigitScaleManyBits;
    double digitScale = preferred;
    applyScale(digitScale, 1.0);
    // Shrink to the width the lesson gives (a step is about 120 characters wide). The row is
    // nearly proportional to the type size; a second pass absorbs what is not (spacing).
    for (int pass = 0; pass < 2 && availableWidth_ > 0; ++pass) {
        grid_->invalidate();
        const int natural = grid_->sizeHint().width();
        if (natural <= availableWidth_ || digitScale <= kSmallestDigitScale) break;
        digitScale = std::max(kSmallestDigitScale,
                              digitScale * static_cast<double>(availableWidth_) / natural);
        applyScale(digitScale, digitScale / preferred);
    }
}

void FloatBitRow::applyScale(double digitScale, double shrink) {
    const QFont base = font();
    const int width = format_.width();
    QFont digits = scaledFont(base, digitScale);
    digits.setBold(true);
    for (QToolButton* button : buttons_) button->setFont(digits);
    // Tighter spacing for 32 bits, where every pixel of the row counts.
    grid_->setHorizontalSpacing(width > kSomeBits ? 2 : 6);
    // The gaps between the fields: about half a bit wide.
    const int gap = QFontMetrics(digits).height() / 2;
    grid_->setColumnMinimumWidth(columnOf(format_, width - 1) + 1, gap);
    grid_->setColumnMinimumWidth(columnOf(format_, format_.mantissaBits) + 1, gap);
    QFont legendFont = scaledFont(base, std::max(kSmallestLegendScale, kLegendScale * shrink));
    legendFont.setBold(true);
    // "exponent (8 bits, bias 127)" on one line where it fits over its bits, else on two, so
    // a legend never widens the row.
    const QFontMetrics legendMetrics(legendFont);
    const int bitWidth = buttons_.front()->sizeHint().width() + grid_->horizontalSpacing();
    for (const Legend& legend : legends_) {
        legend.label->setFont(legendFont);
        if (legend.detail.isEmpty()) {
            legend.label->setText(legend.name);
            continue;
        }
        const QString oneLine = tr("%1 (%2)").arg(legend.name, legend.detail);
        const bool fits = legendMetrics.horizontalAdvance(oneLine) <= legend.bitCount * bitWidth;
        legend.label->setText(fits ? oneLine : tr("%1\n(%2)").arg(legend.name, legend.detail));
    }
}

void FloatBitRow::applyColors() {
    const QPalette& colors = palette();
    for (int index = 0; index < static_cast<int>(buttons_.size()); ++index) {
        buttons_[index]->setPalette(floatBitPalette(fieldOf(format_, index), colors));
    }
    const FloatField fields[] = {FloatField::Sign, FloatField::Exponent, FloatField::Mantissa};
    for (std::size_t position = 0; position < legends_.size(); ++position) {
        QLabel* label = legends_[position].label;
        QPalette legendPalette = label->palette();
        legendPalette.setColor(QPalette::WindowText, floatFieldColor(fields[position], colors));
        label->setPalette(legendPalette);
    }
}

void FloatBitRow::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyColors();
}

}  // namespace mlsyslab::widgets
