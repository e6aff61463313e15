#pragma once

#include <QAbstractScrollArea>
#include <map>
#include <memory>
#include <optional>
#include <utility>

#include "memory/CacheGridCell.h"
#include "memory/CacheHierarchy.h"

class QVariantAnimation;

namespace mlsyslab::widgets {

class CacheSteps;

// One cache level as a grid: a row per set, a column per way. A cell shows whether the way
// holds a line, its tag in hex (large) and line address (small), a D badge when it is dirty and
// its recency in the corner (0 = most recently used under LRU, newest under FIFO). The set the
// current reference went to is highlighted; the way it hit or filled flashes green (hit) or red
// (miss) and keeps a pale tint of that colour; a filled way that replaced a line is outlined in
// the eviction colour, and a way a dirty line was written back to from above in the dirty one.
//
// Only the rows in view are drawn, each asked of the hierarchy as it is drawn, so a level of
// 32768 sets costs no more than one of 4; the view scrolls to the current set when it is out of
// sight, and the set numbers are labelled at the left.
class CacheGridView : public QAbstractScrollArea {
    Q_OBJECT
public:
    using CellMark = CacheCellMark;

    explicit CacheGridView(QWidget* parent = nullptr);
    ~CacheGridView() override;

    // The run and level to show, at the run's current position. `animate` flashes the cells
    // the current access touched.
    void showStep(std::shared_ptr<const CacheSteps> steps, std::size_t level, bool animate);

    std::size_t level() const { return level_; }
    std::uint64_t setCount() const;
    std::uint32_t wayCount() const;
    // The first set drawn and how many rows fit.
    std::uint64_t firstShownSet() const;
    std::uint64_t shownRowCount() const;
    // What a cell holds at the position shown, and how the current access marked it.
    memory::CacheLineState line(std::uint64_t set, std::uint32_t way) const;
    CellMark markOf(std::uint64_t set, std::uint32_t way) const;
    // The line a fill at (set, way) replaced at this step, if any.
    std::optional<std::uint64_t> evictedAt(std::uint64_t set, std::uint32_t way) const;
    std::optional<std::uint64_t> currentSet() const { return currentSet_; }
    // Whether the flash of the current access is still fading (offscreen tests wait on it).
    bool isFlashing() const;

    // Wide enough for every way with its line address (the grid may get less, or more).
    int preferredWidth() const;
    // Past this width the cells grow no wider, and the rest would be empty.
    int widestUsefulWidth() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // A wider tag or line address came into view, or the font changed: preferredWidth() and
    // widestUsefulWidth() changed.
    void widthsChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    bool viewportEvent(QEvent* event) override;

private:
    struct Metrics;
    Metrics metrics() const;
    int widthWithCells(int cellWidth) const;
    int preferredRows() const;
    void updateScrollBars();
    void scrollToCurrentSet();

    std::shared_ptr<const CacheSteps> steps_;
    std::size_t level_ = 0;
    std::optional<std::uint64_t> currentSet_;
    std::map<std::pair<std::uint64_t, std::uint32_t>, CellMark> marks_;
    std::map<std::pair<std::uint64_t, std::uint32_t>, std::uint64_t> evicted_;
    int widestTagDigits_ = 1;
    int widestLineDigits_ = 1;
    QVariantAnimation* flash_;
};

}  // namespace mlsyslab::widgets
