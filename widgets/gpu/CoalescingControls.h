#pragma once

#include <QWidget>

#include "gpu/CoalescingPattern.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace mlsyslab::widgets {

// The coalescing simulator's controls: the pattern chooser (named presets, a custom stride and
// offset, and the lesson's addresses when it gave some), the element size, the stride and
// offset (showing what a preset amounts to; editing either makes the pattern custom), the row
// length of the column preset, a new shuffle for the permutation, and the active lanes.
//
// Child object names (tests rely on them): patternChooser, elementSizeChooser (QComboBox),
// strideBox, offsetBox, rowLengthBox, lanesBox (QSpinBox), shuffleButton (QPushButton).
class CoalescingControls : public QWidget {
    Q_OBJECT
public:
    explicit CoalescingControls(const gpu::CoalescingPattern& initial, QWidget* parent = nullptr);

    const gpu::CoalescingPattern& pattern() const { return pattern_; }

signals:
    // The student changed something: pattern() is the new pattern.
    void patternEdited();

private:
    void choosePattern(int index);
    void chooseElementSize(int index);
    void editStrideOrOffset();
    void editRowLength(int rowLength);
    void editLanes(int lanes);
    void shuffle();
    // Every control shows pattern_, without signals.
    void showPattern();

    gpu::CoalescingPattern pattern_;
    std::vector<std::int64_t> lessonAddresses_;  // kept when the student tries other patterns
    QComboBox* patternChooser_ = nullptr;
    QComboBox* elementSizeChooser_ = nullptr;
    QSpinBox* strideBox_ = nullptr;
    QSpinBox* offsetBox_ = nullptr;
    QLabel* rowLengthLabel_ = nullptr;
    QSpinBox* rowLengthBox_ = nullptr;
    QPushButton* shuffleButton_ = nullptr;
    QSpinBox* lanesBox_ = nullptr;
};

}  // namespace mlsyslab::widgets
