#include "gpu/WarpGanttView.h"

#include <QEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "gpu/WarpGanttGeometry.h"

namespace mlsyslab::widgets {

namespace {

// From one cycle per 32 pixels (single cycles large enough to click in a hall) down to fit.
constexpr double kMostPixelsPerCycle = 32.0;
constexpr int kLeastRowHeight = 2;
// Rows never grow taller than a line of text: the chart should read as a chart, not a table.
constexpr double kMostRowHeightInLines = 1.0;
constexpr double kPreferredRowHeightInLines = 0.6;
// Tall enough that two runs of 16 warps each keep rows a hall can tell apart; past that the
// rows shrink instead of the chart pushing the controls off the screen.
constexpr int kMostPreferredHeightInLines = 24;

}  // namespace

namespace gantt {

int groupCount(const WarpTimeline& timeline) {
    int groups = 0;
    int previous = -1;
    for (const WarpTimeline::Row& row : timeline.rows()) {
        if (row.scheduler != previous) ++groups;
        previous = row.scheduler;
    }
    return groups;
}

// How many scheduler groups start before a row (its group's index).
int groupIndexOf(const WarpTimeline& timeline, int row) {
    int index = 0;
    const auto& rows = timeline.rows();
    for (int other = 1; other <= row && other < static_cast<int>(rows.size()); ++other) {
        if (rows[std::size_t(other)].scheduler != rows[std::size_t(other - 1)].scheduler) ++index;
    }
    return index;
}

}  // namespace gantt

using gantt::groupCount;
using gantt::groupIndexOf;

WarpGanttView::WarpGanttView(QWidget* parent) : QAbstractScrollArea(parent) {
    setFocusPolicy(Qt::NoFocus);  // the keyboard stays with the step controls
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    viewport()->setMouseTracking(true);
    setToolTip(
        tr("Each row is a warp slot of the SM, grouped by the warp scheduler that owns it "
           "(S0, S1, …); each column a cycle. Click to move the cursor there; Ctrl + wheel "
           "zooms."));
}

WarpGanttView::~WarpGanttView() = default;

void WarpGanttView::setTimelines(std::vector<std::shared_ptr<const WarpTimeline>> timelines,
                                 std::shared_ptr<const gpu::KernelProgram> kernel) {
    timelines_ = std::move(timelines);
    kernel_ = std::move(kernel);
    cursor_ = std::clamp<std::int64_t>(cursor_, 0, std::max<std::int64_t>(0, cycleCount() - 1));
    setZoom(fit_ ? fitPixelsPerCycle() : pixelsPerCycle_, fit_);
    updateGeometry();
}

std::int64_t WarpGanttView::cycleCount() const {
    std::int64_t cycles = 0;
    for (const auto& timeline : timelines_) cycles = std::max(cycles, timeline->recordedCycles());
    return cycles;
}

void WarpGanttView::setCursorCycle(std::int64_t cycle) {
    cursor_ = std::clamp<std::int64_t>(cycle, 0, std::max<std::int64_t>(0, cycleCount() - 1));
    scrollToCursor();
    viewport()->update();
}

double WarpGanttView::pixelsPerCycle() const { return pixelsPerCycle_; }

std::int64_t WarpGanttView::firstShownCycle() const { return horizontalScrollBar()->value(); }

std::int64_t WarpGanttView::shownCycleCount() const {
    const auto shown = static_cast<std::int64_t>(std::floor(plotWidth() / pixelsPerCycle_));
    return std::clamp<std::int64_t>(shown, 1, std::max<std::int64_t>(1, cycleCount()));
}

int WarpGanttView::plotWidth() const {
    return std::max(1, viewport()->width() - geometry().labelWidth);
}

double WarpGanttView::fitPixelsPerCycle() const {
    const std::int64_t cycles = std::max<std::int64_t>(1, cycleCount());
    return std::min(kMostPixelsPerCycle, double(plotWidth()) / double(cycles));
}

void WarpGanttView::setZoom(double pixelsPerCycle, bool fit) {
    const double fitZoom = fitPixelsPerCycle();
    fit_ = fit || pixelsPerCycle <= fitZoom;
    pixelsPerCycle_ = fit_ ? fitZoom : std::min(pixelsPerCycle, kMostPixelsPerCycle);
    updateScrollBar();
    scrollToCursor();
    viewport()->update();
    emit zoomChanged();
}

void WarpGanttView::zoomIn() { setZoom(pixelsPerCycle_ * 2.0, false); }

void WarpGanttView::zoomOut() { setZoom(pixelsPerCycle_ / 2.0, false); }

void WarpGanttView::zoomToFit() { setZoom(fitPixelsPerCycle(), true); }

void WarpGanttView::updateScrollBar() {
    QScrollBar* bar = horizontalScrollBar();
    const std::int64_t shown = shownCycleCount();
    const std::int64_t hidden = fit_ ? 0 : std::max<std::int64_t>(0, cycleCount() - shown);
    bar->setRange(0, int(hidden));
    bar->setPageStep(int(std::max<std::int64_t>(1, shown)));
    bar->setSingleStep(int(std::max<std::int64_t>(1, shown / 10)));
}

void WarpGanttView::scrollToCursor() {
    const std::int64_t first = firstShownCycle();
    const std::int64_t shown = shownCycleCount();
    if (cursor_ >= first && cursor_ < first + shown) return;
    // Bring it in with some context before it: a quarter of the view.
    horizontalScrollBar()->setValue(int(std::max<std::int64_t>(0, cursor_ - shown / 4)));
}

WarpGanttView::Geometry WarpGanttView::geometry() const {
    Geometry sizes;
    const QFontMetrics metrics(font());
    const int line = metrics.height();
    sizes.groupLabelWidth = metrics.horizontalAdvance(tr("S%1").arg(8)) + line / 2;
    sizes.labelWidth =
        sizes.groupLabelWidth + metrics.horizontalAdvance(tr("w%1").arg(64)) + line / 2;
    sizes.axisHeight = line + line / 3;
    sizes.headerHeight = line + line / 4;
    sizes.groupGap = std::max(3, line / 4);
    sizes.paneGap = line / 2;
    int rows = 0;
    int fixed = sizes.axisHeight;
    for (const auto& timeline : timelines_) {
        rows += static_cast<int>(timeline->rows().size());
        fixed += sizes.headerHeight + std::max(0, groupCount(*timeline) - 1) * sizes.groupGap;
    }
    fixed += std::max(0, int(timelines_.size()) - 1) * sizes.paneGap;
    const int mostRow = int(line * kMostRowHeightInLines);
    sizes.rowHeight =
        rows == 0 ? mostRow
                  : std::clamp((viewport()->height() - fixed) / rows, kLeastRowHeight, mostRow);
    sizes.rowLabels = sizes.rowHeight >= metrics.ascent();
    int top = sizes.axisHeight;
    for (const auto& timeline : timelines_) {
        sizes.paneTops.push_back(top);
        top += sizes.headerHeight + int(timeline->rows().size()) * sizes.rowHeight +
               std::max(0, groupCount(*timeline) - 1) * sizes.groupGap + sizes.paneGap;
    }
    return sizes;
}

int WarpGanttView::rowTop(const Geometry& sizes, int pane, int row) const {
    const WarpTimeline& timeline = *timelines_[std::size_t(pane)];
    return sizes.paneTops[std::size_t(pane)] + sizes.headerHeight + row * sizes.rowHeight +
           groupIndexOf(timeline, row) * sizes.groupGap;
}

QRect WarpGanttView::cellRect(int pane, int row, std::int64_t cycle) const {
    if (pane < 0 || pane >= int(timelines_.size())) return {};
    if (row < 0 || row >= int(timelines_[std::size_t(pane)]->rows().size())) return {};
    const Geometry sizes = geometry();
    const double first = double(firstShownCycle());
    const int left = sizes.labelWidth + int(std::lround((double(cycle) - first) * pixelsPerCycle_));
    const int right =
        sizes.labelWidth + int(std::lround((double(cycle + 1) - first) * pixelsPerCycle_));
    if (right <= sizes.labelWidth || left >= viewport()->width()) return {};
    return QRect(left, rowTop(sizes, pane, row), std::max(1, right - left), sizes.rowHeight);
}

std::int64_t WarpGanttView::cycleAt(int x) const {
    const int labelWidth = geometry().labelWidth;
    if (x < labelWidth) return -1;
    const auto cycle = firstShownCycle() +
                       static_cast<std::int64_t>(std::floor((x - labelWidth) / pixelsPerCycle_));
    return std::min(cycle, std::max<std::int64_t>(0, cycleCount() - 1));
}

QSize WarpGanttView::sizeHint() const {
    const int line = fontMetrics().height();
    int rows = 0;
    for (const auto& timeline : timelines_) rows += int(timeline->rows().size());
    const int panes = std::max<int>(1, int(timelines_.size()));
    const int fixed = line * 2 + panes * line * 2;
    const int height = std::min(fixed + int(rows * line * kPreferredRowHeightInLines),
                                line * kMostPreferredHeightInLines);
    return {line * 40, height};
}

QSize WarpGanttView::minimumSizeHint() const {
    const int line = fontMetrics().height();
    int rows = 0;
    for (const auto& timeline : timelines_) rows += int(timeline->rows().size());
    const int panes = std::max<int>(1, int(timelines_.size()));
    return {line * 16, line * 2 + panes * line * 2 + rows * kLeastRowHeight};
}

void WarpGanttView::paintEvent(QPaintEvent*) {
    QPainter painter(viewport());
    painter.fillRect(viewport()->rect(), palette().color(QPalette::Base));
    if (timelines_.empty()) return;
    const Geometry sizes = geometry();
    paintAxis(painter, sizes);
    for (int pane = 0; pane < int(timelines_.size()); ++pane) paintPane(painter, sizes, pane);
    paintCursor(painter, sizes);
}

void WarpGanttView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    setZoom(fit_ ? fitPixelsPerCycle() : pixelsPerCycle_, fit_);
}

void WarpGanttView::scrollContentsBy(int, int) { viewport()->update(); }

void WarpGanttView::mousePressEvent(QMouseEvent* event) {
    const std::int64_t cycle = cycleAt(event->position().toPoint().x());
    if (event->button() == Qt::LeftButton && cycle >= 0 && cycleCount() > 0) {
        emit cycleClicked(cycle);
        return;
    }
    QAbstractScrollArea::mousePressEvent(event);
}

void WarpGanttView::wheelEvent(QWheelEvent* event) {
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ControlModifier) {
        if (delta.y() > 0) zoomIn();
        if (delta.y() < 0) zoomOut();
        event->accept();
        return;
    }
    if (delta.x() != 0 || (event->modifiers() & Qt::ShiftModifier)) {
        QAbstractScrollArea::wheelEvent(event);
        return;
    }
    // A plain vertical wheel scrolls the lesson page, not the chart.
    event->ignore();
}

bool WarpGanttView::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::showText(help->globalPos(), toolTip(), viewport());
        } else {
            QToolTip::showText(help->globalPos(), text, viewport());
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void WarpGanttView::changeEvent(QEvent* event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        updateGeometry();
        setZoom(fit_ ? fitPixelsPerCycle() : pixelsPerCycle_, fit_);
    }
}

}  // namespace mlsyslab::widgets
