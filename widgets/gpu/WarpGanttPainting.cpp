// WarpGanttView's drawing: the axis, each run's rows, the cursor, and the tooltip's words.
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "common/ColorMix.h"
#include "common/DisplayStyle.h"
#include "gpu/GpuColors.h"
#include "gpu/WarpGanttGeometry.h"
#include "gpu/WarpTimelineText.h"

namespace mlsyslab::widgets {

namespace {

// A tick spacing of 1, 2 or 5 times a power of ten, at least `leastPixels` apart.
std::int64_t tickStep(double pixelsPerCycle, int leastPixels) {
    for (std::int64_t power = 1;; power *= 10) {
        for (const std::int64_t factor : {1, 2, 5}) {
            if (double(factor * power) * pixelsPerCycle >= leastPixels) return factor * power;
        }
        if (power > std::int64_t{1} << 50) return power;
    }
}

}  // namespace

using gantt::groupIndexOf;
using gantt::kSeparateCellsFrom;

void WarpGanttView::paintAxis(QPainter& painter, const Geometry& sizes) const {
    const QPalette& colors = palette();
    const QFontMetrics metrics(font());
    painter.setPen(colors.color(QPalette::Text));
    painter.drawText(QRect(0, 0, sizes.labelWidth - metrics.height() / 4, sizes.axisHeight),
                     Qt::AlignRight | Qt::AlignVCenter, tr("cycle"));
    const std::int64_t step =
        tickStep(pixelsPerCycle_, metrics.horizontalAdvance(QStringLiteral("000000")));
    const std::int64_t first = firstShownCycle();
    const std::int64_t last = first + shownCycleCount();
    const QColor gridColor =
        mixedColor(colors.color(QPalette::Base), colors.color(QPalette::Text), 0.25);
    for (std::int64_t tick = (first + step - 1) / step * step; tick <= last; tick += step) {
        const int x = sizes.labelWidth + int(std::lround(double(tick - first) * pixelsPerCycle_));
        if (x > viewport()->width() - 1) break;
        painter.setPen(gridColor);
        painter.drawLine(x, sizes.axisHeight - metrics.height() / 4, x, viewport()->height());
        painter.setPen(colors.color(QPalette::Text));
        const QString label = QString::number(tick);
        const int width = metrics.horizontalAdvance(label);
        const int left = std::min(x + 2, viewport()->width() - width - 1);
        painter.drawText(QRect(left, 0, width + 2, sizes.axisHeight),
                         Qt::AlignLeft | Qt::AlignVCenter, label);
    }
}

void WarpGanttView::paintPane(QPainter& painter, const Geometry& sizes, int pane) const {
    const WarpTimeline& timeline = *timelines_[std::size_t(pane)];
    const QPalette& colors = palette();
    const int top = sizes.paneTops[std::size_t(pane)];
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(colors.color(QPalette::Text));
    QString title = WarpTimelineText::policyTitle(timeline.policy());
    title += tr(": %1 cycles").arg(timeline.stats().cycles);
    if (!timeline.recordedToTheEnd()) {
        title += tr(" (the first %1 drawn)").arg(timeline.recordedCycles());
    }
    // On the background, so the axis's grid lines do not run through the words.
    const QRect titleRect = QFontMetrics(bold).boundingRect(title).adjusted(-2, 0, 4, 0);
    painter.fillRect(QRect(0, top, titleRect.width(), sizes.headerHeight),
                     colors.color(QPalette::Base));
    painter.drawText(QRect(0, top, viewport()->width(), sizes.headerHeight),
                     Qt::AlignLeft | Qt::AlignVCenter, title);
    painter.setFont(font());

    const QColor band =
        mixedColor(colors.color(QPalette::Base), colors.color(QPalette::Text), 0.05);
    const auto& rows = timeline.rows();
    for (int row = 0; row < int(rows.size()); ++row) {
        const int y = rowTop(sizes, pane, row);
        const int groupIndex = groupIndexOf(timeline, row);
        // Alternate groups sit on a faint band, so the schedulers separate even without labels.
        if (groupIndex % 2 == 1) {
            painter.fillRect(QRect(sizes.groupLabelWidth, y, viewport()->width(), sizes.rowHeight),
                             band);
        }
        paintRowCells(painter, timeline, row, y, sizes.rowHeight, sizes);
        painter.setPen(colors.color(QPalette::Text));
        if (sizes.rowLabels) {
            painter.drawText(QRect(sizes.groupLabelWidth, y,
                                   sizes.labelWidth - sizes.groupLabelWidth - 4, sizes.rowHeight),
                             Qt::AlignRight | Qt::AlignVCenter,
                             WarpTimelineText::slotName(rows[std::size_t(row)].slot));
        }
        const bool firstOfGroup =
            row == 0 || rows[std::size_t(row - 1)].scheduler != rows[std::size_t(row)].scheduler;
        if (firstOfGroup) {
            const int scheduler = rows[std::size_t(row)].scheduler;
            const int height = timeline.rowCountOfScheduler(scheduler) * sizes.rowHeight;
            // The group's label beside its rows, or beside its first row when the group is
            // thinner than a line (it then overlaps the gap, which is empty).
            const int labelHeight = std::max(height, fontMetrics().height());
            painter.drawText(
                QRect(0, y + (height - labelHeight) / 2, sizes.groupLabelWidth, labelHeight),
                Qt::AlignLeft | Qt::AlignVCenter, tr("S%1").arg(scheduler));
        }
    }
    // Where this run ended, when the other ran longer.
    if (timeline.recordedToTheEnd() && timeline.recordedCycles() < cycleCount() && !rows.empty()) {
        const double first = double(firstShownCycle());
        const int x = sizes.labelWidth +
                      int(std::lround((double(timeline.stats().cycles) - first) * pixelsPerCycle_));
        if (x >= sizes.labelWidth && x < viewport()->width()) {
            const int y0 = rowTop(sizes, pane, 0);
            const int y1 = rowTop(sizes, pane, int(rows.size()) - 1) + sizes.rowHeight;
            QPen pen(colors.color(QPalette::Text), 1.0, Qt::DashLine);
            painter.setPen(pen);
            painter.drawLine(x, y0, x, y1);
            painter.drawText(QRect(x + 4, y0, viewport()->width() - x - 4, y1 - y0),
                             Qt::AlignLeft | Qt::AlignVCenter, tr("done"));
        }
    }
}

void WarpGanttView::paintRowCells(QPainter& painter, const WarpTimeline& timeline, int row, int top,
                                  int height, const Geometry& sizes) const {
    const QPalette& colors = palette();
    const std::int64_t first = firstShownCycle();
    const std::int64_t last = std::min(timeline.recordedCycles(), first + shownCycleCount() + 1);
    const int right = viewport()->width();
    const bool separate = pixelsPerCycle_ >= kSeparateCellsFrom;
    auto fill = [&](int left, int end, std::optional<gpu::WarpStatus> status) {
        if (!status || end <= left) return;
        painter.fillRect(QRect(left, top, end - left, height), warpStatusColor(*status, colors));
    };
    auto xOf = [&](double cycle) {
        return sizes.labelWidth + int(std::lround((cycle - double(first)) * pixelsPerCycle_));
    };
    if (pixelsPerCycle_ >= 1.0) {
        // Runs of equal status as one rectangle each, or one per cycle with a gap when wide.
        std::int64_t runStart = first;
        std::optional<gpu::WarpStatus> runStatus = timeline.status(row, first);
        for (std::int64_t cycle = first + 1; cycle <= last; ++cycle) {
            const auto status = cycle < last ? timeline.status(row, cycle) : std::nullopt;
            if (!separate && status == runStatus && cycle < last) continue;
            fill(xOf(double(runStart)), std::min(right, xOf(double(cycle)) - (separate ? 1 : 0)),
                 runStatus);
            runStart = cycle;
            runStatus = status;
        }
        return;
    }
    // Several cycles a pixel: each column shows the status most of its cycles had.
    std::optional<gpu::WarpStatus> runStatus;
    int runLeft = sizes.labelWidth;
    for (int x = sizes.labelWidth; x <= right; ++x) {
        std::optional<gpu::WarpStatus> status;
        if (x < right) {
            const auto from =
                first + std::int64_t(std::floor((x - sizes.labelWidth) / pixelsPerCycle_));
            const auto to =
                first + std::int64_t(std::floor((x + 1 - sizes.labelWidth) / pixelsPerCycle_));
            status = from < timeline.recordedCycles()
                         ? timeline.dominantStatus(row, from, std::max(to, from + 1))
                         : std::nullopt;
        }
        if (status == runStatus && x < right) continue;
        fill(runLeft, x, runStatus);
        runLeft = x;
        runStatus = status;
    }
}

void WarpGanttView::paintCursor(QPainter& painter, const Geometry& sizes) const {
    if (cycleCount() == 0) return;
    const std::int64_t first = firstShownCycle();
    if (cursor_ < first || cursor_ >= first + shownCycleCount() + 1) return;
    const DisplayStyle style = displayStyleOf(*this);
    const QColor ink = palette().color(QPalette::Text);
    const int left = sizes.labelWidth + int(std::lround(double(cursor_ - first) * pixelsPerCycle_));
    const int width = std::max(1, int(std::lround(pixelsPerCycle_)));
    QPen pen(ink, style.presentation ? 3.0 : 2.0);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    // Over each run's rows, leaving the titles between them readable.
    for (int pane = 0; pane < int(timelines_.size()); ++pane) {
        const int rows = int(timelines_[std::size_t(pane)]->rows().size());
        if (rows == 0) continue;
        const int top = rowTop(sizes, pane, 0);
        const int bottom = rowTop(sizes, pane, rows - 1) + sizes.rowHeight;
        if (width >= 4) {
            painter.drawRect(QRect(left, top, width, bottom - top));
        } else {
            painter.drawLine(left, top, left, bottom);
        }
    }
    // A marker on the axis: where the step controls are.
    const int mark = sizes.axisHeight / 3;
    const int middle = left + width / 2;
    painter.setBrush(ink);
    painter.setPen(Qt::NoPen);
    const QPoint triangle[3] = {QPoint(middle - mark, sizes.axisHeight - mark),
                                QPoint(middle + mark, sizes.axisHeight - mark),
                                QPoint(middle, sizes.axisHeight)};
    painter.drawPolygon(triangle, 3);
}

QString WarpGanttView::toolTipAt(const QPoint& position) const {
    const std::int64_t cycle = cycleAt(position.x());
    if (cycle < 0) return {};
    const Geometry sizes = geometry();
    for (int pane = 0; pane < int(timelines_.size()); ++pane) {
        const WarpTimeline& timeline = *timelines_[std::size_t(pane)];
        for (int row = 0; row < int(timeline.rows().size()); ++row) {
            const int top = rowTop(sizes, pane, row);
            if (position.y() < top || position.y() >= top + sizes.rowHeight) continue;
            const gpu::WarpSnapshot* warp = timeline.warp(row, cycle);
            if (warp == nullptr) return {};
            QString text = tr("%1, cycle %2: %3 (block %4, warp %5) %6")
                               .arg(WarpTimelineText::policyShortName(timeline.policy()))
                               .arg(cycle)
                               .arg(WarpTimelineText::slotName(warp->slot))
                               .arg(warp->block)
                               .arg(warp->warpInBlock)
                               .arg(WarpTimelineText::statusName(warp->status));
            if (kernel_ && warp->issuedPc >= 0) {
                text += QStringLiteral(": ") +
                        WarpTimelineText::instructionText(*kernel_, warp->issuedPc);
            }
            return text;
        }
    }
    return {};
}

}  // namespace mlsyslab::widgets
