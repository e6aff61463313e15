#pragma once

#include <QWidget>
#include <memory>

#include "lesson/Lesson.h"
#include "numeric/lesson/FixedKind.h"
#include "numeric/BitPattern.h"
#include "numeric/FixedPoint.h"

namespace mlsyslab::widgets {

// The `fixed` simulator: one fixed-point number (Qm.n signed or UQm.n unsigned, TI convention;
// numeric/FixedPoint.h). The bits are clickable boxes with the binary point between the
// integer and the fraction bits; typing a decimal encodes it with the chosen rounding and
// overflow rules, and the readouts show the stored value exactly, the error (typed − stored),
// the resolution, the range and any overflow. Every number comes from the engine.
//
// Changing m, n, the sign or a rule encodes the last value again (the typed one, or the stored
// one after a click), so the same number can be compared across formats: 0.1 in Q3.4 is
// 0.125, in Q1.6 0.09375. Clicking a bit makes the stored value the typed one (error 0).
//
// Child object names (tests rely on them): formatName (QLabel: "Q3.4 · 8 bits"),
// integerBitsSpin and fractionBitsSpin (QSpinBoxes: m and n), signedButton and unsignedButton
// (checkable QPushButtons, exclusive), those
// of FixedBitRow (bit0 .., placeValue0 .., binaryPoint, signCaption, integerCaption,
// fractionCaption), valueField (QLineEdit; applied on Return or when it loses focus),
// valueError (QLabel, hidden unless the text was refused), roundingSelector and
// overflowSelector (QComboBoxes; item data: numeric::RoundingMode / OverflowMode as int),
// storedValue, errorValue, rawValue, resolutionValue, rangeValue (QLabels), overflowNote
// (QLabel, hidden unless the value overflowed).
class FixedWidget : public QWidget {
    Q_OBJECT
public:
    explicit FixedWidget(const lesson::kinds::FixedState& initial, QWidget* parent = nullptr);
    ~FixedWidget() override;

    numeric::FixedFormat format() const;
    numeric::EncodeRules rules() const;
    numeric::BitPattern bits() const;
    // The last encoding: the typed value's, or the stored value's after a click.
    const numeric::FixedEncoding& encoding() const;

public slots:
    // Encodes `text` as typing it does; false (and the error line says why) when it is no number.
    bool setValueText(const QString& text);
    void setFormat(const mlsyslab::numeric::FixedFormat& format);
    void setRules(const mlsyslab::numeric::EncodeRules& rules);

signals:
    void bitsChanged(const mlsyslab::numeric::BitPattern& bits);

private:
    void changeEvent(QEvent* event) override;
    void flipBit(int index);
    void formatControlsChanged();
    // Encodes the current value text; on success every view follows.
    bool encodeValue(const QString& text);
    void applyFonts();
    void applyColors();
    void refresh();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
