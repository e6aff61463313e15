#pragma once

#include <QAbstractScrollArea>
#include <cstdint>
#include <memory>
#include <vector>

#include "gpu/KernelProgram.h"
#include "gpu/WarpTimeline.h"

namespace mlsyslab::widgets {

// One SM's warps over time, per scheduler policy: a Gantt chart with a row per warp slot,
// grouped by the warp scheduler that owns it (S0, S1, ...), x = cycles, each cell coloured by the
// warp's status in that cycle (GpuColors.h). Two runs of the same launch (LRR, GTO) are drawn
// one above the other on one time axis, so their lengths and patterns compare at a glance. A
// cursor marks the current cycle.
//
// Horizontal zoom: from "fit" (every recorded cycle across the width; a pixel that covers
// several cycles shows their most common status) up to 32 pixels a cycle, with the scroll bar
// below. Ctrl + wheel zooms, the horizontal wheel (or Shift + wheel) scrolls; a click moves the
// cursor to the cycle under it. Only the cycles in view are drawn.
class WarpGanttView : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit WarpGanttView(QWidget* parent = nullptr);
    ~WarpGanttView() override;

    // The runs to draw, top to bottom (one or two), and the kernel they ran (for tooltips).
    void setTimelines(std::vector<std::shared_ptr<const WarpTimeline>> timelines,
                      std::shared_ptr<const gpu::KernelProgram> kernel);
    const std::vector<std::shared_ptr<const WarpTimeline>>& timelines() const { return timelines_; }
    // The longest recording: the cycles the axis spans.
    std::int64_t cycleCount() const;

    // Moves the cursor, scrolling it into view when it is not.
    void setCursorCycle(std::int64_t cycle);
    std::int64_t cursorCycle() const { return cursor_; }

    double pixelsPerCycle() const;
    bool showsAllCycles() const { return fit_; }
    std::int64_t firstShownCycle() const;
    std::int64_t shownCycleCount() const;
    // Where a cell is drawn, in viewport coordinates (empty when out of view); the cycle under
    // an x of the viewport (-1 left of the cells).
    QRect cellRect(int pane, int row, std::int64_t cycle) const;
    std::int64_t cycleAt(int x) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public slots:
    void zoomIn();
    void zoomOut();
    void zoomToFit();

signals:
    void cycleClicked(qint64 cycle);
    void zoomChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    struct Geometry;
    Geometry geometry() const;
    int plotWidth() const;
    double fitPixelsPerCycle() const;
    void setZoom(double pixelsPerCycle, bool fit);
    void updateScrollBar();
    void scrollToCursor();
    int rowTop(const Geometry& sizes, int pane, int row) const;
    void paintAxis(QPainter& painter, const Geometry& sizes) const;
    void paintPane(QPainter& painter, const Geometry& sizes, int pane) const;
    void paintRowCells(QPainter& painter, const WarpTimeline& timeline, int row, int top,
                       int height, const Geometry& sizes) const;
    void paintCursor(QPainter& painter, const Geometry& sizes) const;
    QString toolTipAt(const QPoint& position) const;

    std::vector<std::shared_ptr<const WarpTimeline>> timelines_;
    std::shared_ptr<const gpu::KernelProgram> kernel_;
    std::int64_t cursor_ = 0;
    double pixelsPerCycle_ = 1.0;
    bool fit_ = true;
};

}  // namespace mlsyslab::widgets
