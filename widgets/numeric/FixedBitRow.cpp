#include "numeric/FixedBitRow.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <algorithm>
#include <utility>

#include "common/DisplayStyle.h"
#include "numeric/BitButton.h"
#include "numeric/FixedText.h"

namespace mlsyslab::widgets {

namespace {

using numeric::FixedFormat;

// 16 boxes fit about 1000 px at the desk; wider formats wrap.
constexpr int kBitsPerRow = 16;
// Grid rows per row of bits: place value, box, part caption, a gap before the next row.
constexpr int kGridRowsPerBitRow = 4;
// Sizes relative to the widget's font, so that presentation mode scales everything.
// A byte's boxes get larger digits than a row of 16, which must fit about 1000 px.
constexpr double kDigitScaleFewBits = 3.0;
constexpr double kDigitScaleManyBits = 2.0;
constexpr int kFewBits = 8;
// Larger than other captions: ½ ¼ ⅛ and superscripts are small glyphs.
constexpr double kPlaceValueScale = 1.4;
constexpr double kCaptionScale = 1.0;
// Decimal place values up to 2^9 = 512 fit above a box; beyond, and for every bit of a format
// wider than 16, powers of two ("2¹⁵") stay short.
constexpr int kLargestDecimalExponent = 9;

enum class Part { Sign, Integer, Fraction };

Part partOf(const FixedFormat& format, int index) {
    if (format.isSigned() && index == format.width() - 1) return Part::Sign;
    return index >= format.fractionBits ? Part::Integer : Part::Fraction;
}

QString placeValueMagnitude(int exponent, bool decimalAllowed) {
    if (decimalAllowed && exponent >= 0 && exponent <= kLargestDecimalExponent) {
        return QString::number(1 << exponent);
    }
    if (exponent == -1) return QStringLiteral("½");
    if (exponent == -2) return QStringLiteral("¼");
    if (exponent == -3) return QStringLiteral("⅛");
    return powerOfTwoText(exponent);
}

// The binary point: a dot where a decimal point would sit, between the boxes. Painted from the
// palette, so it follows presentation and dark palettes.
class BinaryPointMark : public QWidget {
public:
    explicit BinaryPointMark(QWidget* parent) : QWidget(parent) {}
    QSize sizeHint() const override {
        const int diameter = dotDiameter();
        return {diameter * 2, qRound(fontMetrics().height() * 1.5 * 1.15)};
    }
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(palette().color(QPalette::Text));
        const qreal diameter = dotDiameter();
        // Near the bottom of the boxes, where a period sits on the line of the digits.
        const QPointF centre(width() / 2.0, height() * 0.8);
        painter.drawEllipse(centre, diameter / 2, diameter / 2);
    }

private:
    int dotDiameter() const { return std::max(6, qRound(fontMetrics().height() * 0.3)); }
};

// A part's name under its bits, with a bracket above it that spans them.
class PartCaption : public QLabel {
public:
    PartCaption(const QString& text, QWidget* parent) : QLabel(text, parent) {
        setAlignment(Qt::AlignHCenter | Qt::AlignTop);
        setContentsMargins(0, 8, 0, 0);
    }

protected:
    void paintEvent(QPaintEvent* event) override {
        QLabel::paintEvent(event);
        QPainter painter(this);
        painter.setPen(QPen(palette().color(QPalette::WindowText), 2));
        const int inset = 4;
        const int left = inset;
        const int right = width() - 1 - inset;
        painter.drawLine(left, 1, right, 1);
        painter.drawLine(left, 1, left, 6);
        painter.drawLine(right, 1, right, 6);
    }
};

}  // namespace

FixedBitRow::FixedBitRow(QWidget* parent) : QWidget(parent) {
    auto* centred = new QHBoxLayout(this);
    centred->setContentsMargins(0, 0, 0, 0);
    rebuild();
}

QString FixedBitRow::placeValueText(const FixedFormat& format, int index) {
    const int exponent = index - format.fractionBits;
    const bool decimalAllowed = format.width() <= kBitsPerRow;
    const QString magnitude = placeValueMagnitude(exponent, decimalAllowed);
    // In two's complement the top bit weighs minus its place value (U+2212 is the minus sign).
    return partOf(format, index) == Part::Sign ? QStringLiteral("\u2212") + magnitude : magnitude;
}

void FixedBitRow::setFormat(const FixedFormat& format) {
    if (format == format_ && !bitButtons_.empty()) return;
    format_ = format;
    rebuild();
}

void FixedBitRow::setBits(const numeric::BitPattern& bits) {
    for (int index = 0; index < static_cast<int>(bitButtons_.size()); ++index) {
        bitButtons_[index]->setChecked(bits.bit(index));
    }
}

void FixedBitRow::rebuild() {
    // Everything lives in one inner widget, replaced whole: no stale box or caption survives.
    QLayout* centred = layout();
    while (QLayoutItem* old = centred->takeAt(0)) {
        delete old->widget();
        delete old;
    }
    auto* content = new QWidget(this);
    grid_ = new QGridLayout(content);
    grid_->setContentsMargins(0, 0, 0, 0);
    grid_->setHorizontalSpacing(6);
    grid_->setVerticalSpacing(2);
    const int width = format_.width();
    bitButtons_.assign(width, nullptr);
    placeValues_.assign(width, nullptr);
    partCaptions_.clear();

    // The point lies right of the bit worth 2^0, i.e. after the first (width - n) bits.
    const int bitsLeftOfPoint = width - format_.fractionBits;
    const int pointRow = bitsLeftOfPoint == 0 ? 0 : (bitsLeftOfPoint - 1) / kBitsPerRow;
    const int pointColumn = bitsLeftOfPoint == 0 ? 0 : (bitsLeftOfPoint - 1) % kBitsPerRow + 1;
    const auto gridColumnOf = [&](int fromLeft) {
        const int row = fromLeft / kBitsPerRow;
        const int position = fromLeft % kBitsPerRow;
        return position + (row == pointRow && position >= pointColumn ? 1 : 0);
    };
    for (int index = width - 1; index >= 0; --index) {
        const int fromLeft = width - 1 - index;
        const int row = (fromLeft / kBitsPerRow) * kGridRowsPerBitRow;
        const int column = gridColumnOf(fromLeft);
        const QString placeValue = placeValueText(format_, index);
        auto* placeLabel = new QLabel(placeValue, content);
        placeLabel->setObjectName(QStringLiteral("placeValue%1").arg(index));
        placeLabel->setAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        grid_->addWidget(placeLabel, row, column, Qt::AlignHCenter | Qt::AlignBottom);
        placeValues_[index] = placeLabel;
        auto* button = new BitButton(content);
        button->setObjectName(QStringLiteral("bit%1").arg(index));
        button->setAccessibleName(tr("bit %1").arg(index));
        button->setToolTip(tr("Bit %1, worth %2. Click to flip it.").arg(index).arg(placeValue));
        grid_->addWidget(button, row + 1, column, Qt::AlignHCenter);
        bitButtons_[index] = button;
        connect(button, &QToolButton::clicked, this, [this, index] { emit bitClicked(index); });
    }
    binaryPoint_ = new BinaryPointMark(content);
    binaryPoint_->setObjectName(QStringLiteral("binaryPoint"));
    binaryPoint_->setToolTip(
        tr("The binary point: integer bits on its left, fraction bits on its right"));
    grid_->addWidget(binaryPoint_, pointRow * kGridRowsPerBitRow + 1, pointColumn,
                     Qt::AlignHCenter);

    // Each run of one part within a row of bits gets a bracketed caption under it.
    const auto partName = [this](Part part) {
        switch (part) {
            case Part::Sign:
                return std::pair(tr("sign"), QStringLiteral("signCaption"));
            case Part::Integer:
                return std::pair(tr("integer"), QStringLiteral("integerCaption"));
            case Part::Fraction:
                break;
        }
        return std::pair(tr("fraction"), QStringLiteral("fractionCaption"));
    };
    for (int runStart = 0; runStart < width;) {
        const Part part = partOf(format_, width - 1 - runStart);
        int runEnd = runStart;  // inclusive, counted from the left
        while (runEnd + 1 < width && (runEnd + 1) % kBitsPerRow != 0 &&
               partOf(format_, width - 2 - runEnd) == part) {
            ++runEnd;
        }
        const auto [text, name] = partName(part);
        auto* caption = new PartCaption(text, content);
        caption->setObjectName(name);
        const int firstColumn = gridColumnOf(runStart);
        grid_->addWidget(caption, (runStart / kBitsPerRow) * kGridRowsPerBitRow + 2, firstColumn, 1,
                         gridColumnOf(runEnd) - firstColumn + 1);
        partCaptions_.push_back(caption);
        runStart = runEnd + 1;
    }
    const int bitRows = (width + kBitsPerRow - 1) / kBitsPerRow;
    for (int row = 0; row + 1 < bitRows; ++row) {
        grid_->setRowMinimumHeight(row * kGridRowsPerBitRow + 3, fontMetrics().height());
    }

    auto* box = static_cast<QHBoxLayout*>(centred);
    box->addStretch();
    box->addWidget(content);
    box->addStretch();
    applyFonts();
}

void FixedBitRow::applyFonts() {
    const QFont base = font();
    QFont digits =
        scaledFont(base, format_.width() <= kFewBits ? kDigitScaleFewBits : kDigitScaleManyBits);
    digits.setBold(true);
    for (QToolButton* button : bitButtons_) button->setFont(digits);
    binaryPoint_->setFont(digits);
    for (QLabel* label : placeValues_) label->setFont(scaledFont(base, kPlaceValueScale));
    for (QLabel* caption : partCaptions_) caption->setFont(scaledFont(base, kCaptionScale));
}

void FixedBitRow::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
}

}  // namespace mlsyslab::widgets
