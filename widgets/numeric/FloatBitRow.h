#pragma once

#include <QString>
#include <QWidget>
#include <cstdint>
#include <vector>

#include "numeric/FloatFormat.h"

class QGridLayout;
class QLabel;
class QToolButton;

namespace mlsyslab::widgets {

// One float pattern as a row of clickable bits, sign on the left, grouped and coloured by field
// (sign, exponent, mantissa), with a legend over each group: "sign", "exponent (5 bits, bias
// 15)", "mantissa (10 bits)" (on two lines where the bits are narrower than the words). It
// shows bits and reports clicks; what a bit means is the engine's business.
//
// Child object names: bit0 .. bit<width-1> (checkable QToolButtons, bit0 the last mantissa
// bit), signLegend, exponentLegend, mantissaLegend (QLabels).
class FloatBitRow : public QWidget {
    Q_OBJECT
public:
    explicit FloatBitRow(const numeric::FloatFormat& format, QWidget* parent = nullptr);

    // Rebuilds the buttons when the format changes.
    void setFormat(const numeric::FloatFormat& format);
    const numeric::FloatFormat& format() const { return format_; }
    void setBits(std::uint64_t bits);
    // Shrinks the type (down to body size) so the row fits this many pixels; 0: no limit.
    void fitToWidth(int availableWidth);

signals:
    void bitClicked(int index);

private:
    void changeEvent(QEvent* event) override;
    void rebuild();
    void applyFonts();
    // Digits at digitScale times the font; legends shrink by `shrink` (1: their full size).
    void applyScale(double digitScale, double shrink);
    void applyColors();

    numeric::FloatFormat format_;
    int availableWidth_ = 0;
    QGridLayout* grid_ = nullptr;
    std::vector<QToolButton*> buttons_;  // by bit index, 0 = least significant
    struct Legend {
        QLabel* label = nullptr;
        QString name;    // "exponent"
        QString detail;  // "5 bits, bias 15"; empty for the sign
        int bitCount = 0;
    };
    std::vector<Legend> legends_;  // sign, exponent, mantissa
};

}  // namespace mlsyslab::widgets
