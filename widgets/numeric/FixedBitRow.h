#pragma once

#include <QWidget>
#include <vector>

#include "numeric/BitPattern.h"
#include "numeric/FixedPoint.h"

class QGridLayout;
class QLabel;
class QToolButton;

namespace mlsyslab::widgets {

// The bits of a fixed-point number as clickable boxes, most significant on the left, with the
// binary point drawn between the integer and the fraction bits, each bit's place value above
// it (−8, 4, 2, 1, ½, ¼, ⅛, 2⁻⁴ ...) and the parts named below (sign, integer, fraction).
// More than 16 bits wrap into rows of 16, so each bit stays a large target at about 1000 px.
//
// Child object names: bit0 .. bit<width-1> (checkable QToolButtons), placeValue0 ..
// placeValue<width-1> (QLabels), binaryPoint, and signCaption, integerCaption,
// fractionCaption (QLabels; one per row a part spans).
class FixedBitRow : public QWidget {
    Q_OBJECT
public:
    explicit FixedBitRow(QWidget* parent = nullptr);

    // Rebuilds the boxes for a new format (the bits are then all 0 until setBits).
    void setFormat(const numeric::FixedFormat& format);
    void setBits(const numeric::BitPattern& bits);

    // The place value of a bit as shown above it: "−8", "4", "½", "2⁻⁴", "−2¹⁵".
    static QString placeValueText(const numeric::FixedFormat& format, int index);

signals:
    void bitClicked(int index);

private:
    void changeEvent(QEvent* event) override;
    void rebuild();
    void applyFonts();

    numeric::FixedFormat format_;
    QGridLayout* grid_ = nullptr;
    QWidget* binaryPoint_ = nullptr;
    std::vector<QToolButton*> bitButtons_;
    std::vector<QLabel*> placeValues_;
    std::vector<QLabel*> partCaptions_;
};

}  // namespace mlsyslab::widgets
