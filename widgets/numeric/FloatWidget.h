#pragma once

#include <QWidget>
#include <memory>

#include "lesson/Lesson.h"
#include "numeric/lesson/FloatKind.h"
#include "numeric/FloatConversion.h"
#include "numeric/FloatDecode.h"

namespace mlsyslab::widgets {

// The `float` simulator: one number in a float format as its coloured fields, the formula that
// gives its value, its class, and what storing a typed decimal did to it (the stored value, the
// rounding error, overflow and underflow), with its neighbours and the gap between them. Every
// number comes from the engine (numeric/Float*.h); this class only shows them.
//
// Typing a decimal (or nan, inf, or a pattern in hex, "0x4300") encodes it with the chosen
// rounding and saturation. Clicking a bit flips it; the typed decimal is then forgotten, since
// the pattern no longer stands for it. Switching the format re-encodes the typed decimal (after
// clicks: the exact value the bits held); switching the rounding or saturation re-encodes a
// typed decimal (bits that were clicked are a value already, with nothing to round).
//
// Child object names (tests rely on them): the FloatSettingsBar's formatSelector,
// roundingSelector and saturateBox, the FloatBitRow's bit0 .. bit<width-1>, signLegend,
// exponentLegend and mantissaLegend, hexText, formula (QLabels), classBadge, valueField
// (QLineEdit; applied on Return or when it loses focus), valueError, storedValue,
// conversionError, rangeNote (QLabels; the last two hidden when there is nothing to say),
// nextDown, nextUp and unitInLastPlace (QLabels).
class FloatWidget : public QWidget {
    Q_OBJECT
public:
    explicit FloatWidget(const lesson::kinds::FloatState& initial, QWidget* parent = nullptr);
    ~FloatWidget() override;

    lesson::kinds::FloatState state() const;
    numeric::DecodedFloat decoded() const;

public slots:
    void setState(const mlsyslab::lesson::kinds::FloatState& state);

signals:
    void stateChanged();

private:
    void changeEvent(QEvent* event) override;
    void applyValueEdit();
    void flipBit(int index);
    // Re-encodes the typed decimal (or the value the bits held) with new settings.
    void reencode(const numeric::FloatFormat& format, numeric::EncodeOptions options);
    void resizeEvent(QResizeEvent* event) override;
    void applyFonts();
    void fitFormula();  // the formula's type, as large as the width allows
    void applyColors();
    void refresh();  // every view from the state; clears the error line

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
