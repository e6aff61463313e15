#pragma once

#include <QStringList>
#include <QWidget>
#include <memory>
#include <vector>

#include "lesson/Lesson.h"
#include "numeric/lesson/FloatCompareKind.h"
#include "numeric/FloatConversion.h"

namespace mlsyslab::widgets {

// The `float-compare` simulator: one typed decimal stored in several formats, one row each:
// the format, its bits coloured by field, the stored value, the absolute and relative error
// and the class. A row where the value overflowed or underflowed to zero is highlighted, and a
// short note ("overflow → inf") takes the place of its errors. Every number comes from the
// engine (numeric/FloatConversion.h).
//
// Child object names (tests rely on them): valueField (QLineEdit; applied on Return or when it
// loses focus), valueError (QLabel, hidden unless the text was refused), and per format, named
// by the format (fp16, fp8-e4m3, ...): <format>Name, <format>Bits (rich text; its accessible
// name is the plain "0 01011 1001100110"), <format>Stored, <format>AbsoluteError,
// <format>RelativeError, <format>Note (QLabels; the note shown instead of the two errors in a
// highlighted row) and <format>Class (FloatClassBadge).
class FloatCompareWidget : public QWidget {
    Q_OBJECT
public:
    explicit FloatCompareWidget(const lesson::kinds::FloatCompareState& initial,
                                QWidget* parent = nullptr);
    ~FloatCompareWidget() override;

    lesson::kinds::FloatCompareState state() const;
    // One per format, in the order of state().formats.
    std::vector<numeric::DecimalConversion> conversions() const;
    // The formats whose rows are highlighted (overflow, or underflow to zero).
    QStringList highlightedFormats() const;

public slots:
    void setValueText(const QString& text);

signals:
    void stateChanged();

private:
    void changeEvent(QEvent* event) override;
    void applyValueEdit();
    void buildRows();
    void resizeEvent(QResizeEvent* event) override;
    void applyFonts();  // as large as the width allows
    void applyScaledFonts(double shrink);
    void applyColors();
    void refresh();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
