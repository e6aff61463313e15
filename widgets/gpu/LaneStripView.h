#pragma once

#include <QWidget>
#include <cstdint>

namespace mlsyslab::widgets {

// A warp's 32 lanes, large, each numbered: the lanes that run the current instruction in the
// active colour, the lanes a branch masked off in the idle colour, lanes that are no thread
// (past the end of a partial warp) as empty outlines. One row of 32 where the width allows,
// else two rows of 16. Hovering a lane names its thread.
class LaneStripView : public QWidget {
    Q_OBJECT
public:
    explicit LaneStripView(QWidget* parent = nullptr);

    // `firstThread`: the linear thread id of lane 0 (warp index × 32).
    void setLanes(std::uint32_t activeMask, std::uint32_t existingMask, int firstThread);
    std::uint32_t activeMask() const { return activeMask_; }
    std::uint32_t existingMask() const { return existingMask_; }
    // Where a lane is drawn.
    QRect laneRect(int lane) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    int lanesPerRow(int width) const;
    int cellHeight() const;

    std::uint32_t activeMask_ = 0;
    std::uint32_t existingMask_ = 0;
    int firstThread_ = 0;
};

}  // namespace mlsyslab::widgets
