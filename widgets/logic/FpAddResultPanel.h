#pragma once

#include <QString>
#include <QWidget>

#include "logic/FloatAdder.h"

class QLabel;

namespace mlsyslab::widgets {

class FloatClassBadge;

// The sum as the adder stores it, once the snapshot has one (Pack, or a special case): its
// fields coloured as in the float simulators, the hex pattern, the value, the class, and a
// sentence on what kind of result it is (exact or rounded, cancellation, overflow to infinity,
// a subnormal, a zero, NaN). Before that it says where the result will appear.
//
// Child object names: resultFields, resultHex, resultValue, resultNote (QLabels),
// resultClass (FloatClassBadge).
class FpAddResultPanel : public QWidget {
    Q_OBJECT
public:
    explicit FpAddResultPanel(QWidget* parent = nullptr);

    void showStep(const logic::FloatAdditionTrace& trace, int stepIndex);

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyFonts();
    void applyColors();

    logic::FloatAdditionTrace trace_;
    int stepIndex_ = 0;
    QLabel* title_ = nullptr;
    QLabel* fields_ = nullptr;
    QLabel* hex_ = nullptr;
    QLabel* value_ = nullptr;
    FloatClassBadge* classBadge_ = nullptr;
    QLabel* note_ = nullptr;
};

// What kind of result a finished snapshot holds, in a sentence or two (the note above).
QString resultNoteText(const logic::FloatAdditionTrace& trace, const logic::FloatAdderStep& step);

}  // namespace mlsyslab::widgets
