#pragma once

#include <QWidget>
#include <optional>

#include "gpu/Coalescing.h"
#include "lesson/Lesson.h"
#include "gpu/lesson/CoalescingKind.h"

class QLabel;

namespace mlsyslab::widgets {

class CoalescingControls;
class CoalescingView;

// The `coalescing` simulator: one warp's load as the CUDA C++ Best Practices Guide counts it.
// The controls (CoalescingControls) choose a pattern, element size, stride, offset and lanes;
// the view (CoalescingView) draws the 32 lanes, an arrow from each to the bytes it reads and the
// 32-byte sectors and 128-byte lines those fall in; the readouts count sectors, lines, bytes
// moved and requested and the efficiency; a sentence says why the count is what it is. A
// pattern that cannot run (a lane before the array) says so instead.
//
// Child object names (tests rely on them): controls (CoalescingControls, with its own names;
// disabled when the lesson is not editable), formula, sectorsValue, linesValue, movedValue,
// requestedValue, efficiencyValue, explanation, problem (QLabel), view (CoalescingView).
class CoalescingWidget : public QWidget {
    Q_OBJECT
public:
    explicit CoalescingWidget(const lesson::kinds::CoalescingState& initial,
                              QWidget* parent = nullptr);

    const gpu::CoalescingPattern& pattern() const;
    // The load shown; nothing when the pattern cannot run.
    const std::optional<gpu::CoalescingResult>& result() const { return result_; }

signals:
    void resultChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    void recount();
    void applyFonts();

    CoalescingControls* controls_ = nullptr;
    QLabel* formula_ = nullptr;
    CoalescingView* view_ = nullptr;
    QLabel* sectorsValue_ = nullptr;
    QLabel* linesValue_ = nullptr;
    QLabel* movedValue_ = nullptr;
    QLabel* requestedValue_ = nullptr;
    QLabel* efficiencyValue_ = nullptr;
    QList<QLabel*> valueLabels_;
    QLabel* explanation_ = nullptr;
    QLabel* problem_ = nullptr;
    std::optional<gpu::CoalescingResult> result_;
};

}  // namespace mlsyslab::widgets
