#include <QPainter>
#include <algorithm>
#include <array>
#include <cmath>

#include "common/ColorMix.h"
#include "common/DisplayStyle.h"
#include "gpu/GpuColors.h"
#include "gpu/LaunchGridView.h"
#include "memory/MemoryColors.h"

// How LaunchGridView draws a launch: rulers, blocks framed in their SM's colour, threads, warp
// outlines and the selected thread.
namespace mlsyslab::widgets {

void LaunchGridView::paintEvent(QPaintEvent*) {
    if (!picture_.runs()) return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const Geometry geometry = geometryFor(width());
    paintRulers(painter, geometry);
    const CellLabels labels = cellLabelsFor(geometry);
    for (int blockY = 0; blockY < picture_.shownBlocksDown; ++blockY) {
        for (int blockX = 0; blockX < picture_.shownBlocksAcross; ++blockX) {
            paintBlock(painter, geometry, labels, blockX, blockY);
        }
    }
    // The selected thread last, above every outline.
    const QRectF selected = cellRectIn(geometry, selectedI_, selectedJ_);
    if (!selected.isEmpty()) {
        // Around a small cell, outside it, so the selection stays visible from the back row.
        const double outset = selected.width() < geometry.line ? -2 : 1;
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(palette().color(QPalette::Text), std::max(2.0, geometry.line / 6)));
        painter.drawRect(selected.adjusted(outset, outset, -outset, -outset));
    }
}

void LaunchGridView::paintRulers(QPainter& painter, const Geometry& geometry) const {
    const QFont rulerFont = scaledFont(font(), kCellTextScale);
    const QFontMetricsF metrics(rulerFont);
    painter.setFont(rulerFont);
    QColor ink = palette().color(QPalette::Text);
    ink.setAlphaF(0.8);
    painter.setPen(ink);
    const gpu::Dim3& block = picture_.launch.block();
    // Label every k-th column where the labels would crowd, k a round number.
    const std::int64_t widestI =
        std::int64_t{picture_.shownBlocksAcross - 1} * block.x + picture_.shownThreadsAcross - 1;
    const double labelWidth =
        metrics.horizontalAdvance(QString::number(widestI)) + 0.3 * geometry.line;
    int every = 1;
    for (const int candidate : {1, 2, 4, 8, 16, 32, 64}) {
        every = candidate;
        if (candidate * geometry.cell >= labelWidth) break;
    }
    for (int blockX = 0; blockX < picture_.shownBlocksAcross; ++blockX) {
        for (int x = 0; x < picture_.shownThreadsAcross; ++x) {
            const std::int64_t i = std::int64_t{blockX} * block.x + x;
            if (i % every != 0) continue;
            const QRectF cell = cellRectIn(geometry, i, 0);
            painter.drawText(
                QRectF(cell.center().x() - labelWidth, 1, 2 * labelWidth, geometry.rulerTop),
                Qt::AlignHCenter | Qt::AlignVCenter, QString::number(i));
        }
    }
    int everyRow = 1;
    for (const int candidate : {1, 2, 4, 8, 16, 32}) {
        everyRow = candidate;
        if (candidate * geometry.cell >= metrics.height()) break;
    }
    for (int blockY = 0; blockY < picture_.shownBlocksDown; ++blockY) {
        for (int y = 0; y < picture_.shownThreadsDown; ++y) {
            const std::int64_t j = std::int64_t{blockY} * block.y + y;
            if (j % everyRow != 0) continue;
            const QRectF cell = cellRectIn(geometry, 0, j);
            painter.drawText(QRectF(1, cell.center().y() - geometry.line,
                                    geometry.rulerLeft - 0.3 * geometry.line, 2 * geometry.line),
                             Qt::AlignRight | Qt::AlignVCenter, QString::number(j));
        }
    }
}

LaunchGridView::CellLabels LaunchGridView::cellLabelsFor(const Geometry& geometry) const {
    // Decided once for the whole drawing from the widest label: "9,3" fits where "13,3" does
    // not, and cells labelled only up to threadIdx.x = 9 read as if the others were missing.
    // Smaller text before none, but never below a size a projector still shows.
    constexpr std::array<double, 3> kTextScales = {kCellTextScale, 0.7, 0.6};
    constexpr double kSmallestTextPixels = 8;
    for (const double scale : kTextScales) {
        const QFontMetricsF metrics(scaledFont(font(), scale));
        if (metrics.height() < kSmallestTextPixels) break;
        double widestX = 0;
        for (int x = 0; x < picture_.shownThreadsAcross; ++x) {
            widestX = std::max(widestX, metrics.horizontalAdvance(QString::number(x)));
        }
        double widestY = 0;
        for (int y = 0; y < picture_.shownThreadsDown; ++y) {
            widestY = std::max(widestY, metrics.horizontalAdvance(QString::number(y)));
        }
        const double room = geometry.cell - 4;
        const double comma = metrics.horizontalAdvance(QLatin1Char(','));
        if (widestX + comma + widestY <= room && metrics.height() <= geometry.cell * 0.8) {
            return {CellLabels::Layout::OneLine, scale};
        }
        if (std::max(widestX, widestY) <= room && 2 * metrics.height() <= geometry.cell - 2) {
            return {CellLabels::Layout::TwoLines, scale};
        }
    }
    return {};
}

QString LaunchGridView::cellLabelText(CellLabels::Layout layout, std::int64_t i,
                                      std::int64_t j) const {
    const gpu::Dim3& block = picture_.launch.block();
    const std::int64_t x = i % block.x;
    const std::int64_t y = j % block.y;
    switch (layout) {
        case CellLabels::Layout::OneLine:
            return QStringLiteral("%1,%2").arg(x).arg(y);
        case CellLabels::Layout::TwoLines:
            return QStringLiteral("%1\n%2").arg(x).arg(y);
        case CellLabels::Layout::None:
            break;
    }
    return {};
}

QString LaunchGridView::cellLabel(std::int64_t i, std::int64_t j) const {
    if (!picture_.isShown(i, j)) return {};
    return cellLabelText(cellLabelsFor(geometryFor(width())).layout, i, j);
}

void LaunchGridView::paintBlock(QPainter& painter, const Geometry& geometry,
                                const CellLabels& labels, int blockX, int blockY) const {
    const QPalette& colors = palette();
    const gpu::Dim3& block = picture_.launch.block();
    const gpu::Dim3& grid = picture_.launch.grid();
    const int sm = picture_.assignmentOf(std::int64_t{blockY} * grid.x + blockX).sm;
    const QColor frameColor = smColor(sm, colors);
    const QRectF frame = blockRectIn(geometry, blockX, blockY);
    painter.setPen(Qt::NoPen);
    painter.setBrush(frameColor);
    painter.drawRoundedRect(frame, geometry.padding, geometry.padding);
    if (geometry.heading > 0) {
        painter.setFont(scaledFont(font(), kHeadingScale));
        painter.setPen(inkOn(frameColor));
        painter.drawText(QRectF(frame.left() + geometry.padding, frame.top(),
                                frame.width() - 2 * geometry.padding, geometry.heading),
                         Qt::AlignLeft | Qt::AlignVCenter, headingFor(geometry, blockX, blockY));
    }

    const QColor activeFill = mixedColor(colors.color(QPalette::Base), frameColor, 0.3);
    const QColor idleFill = idleLaneColor(colors);
    const QColor ink = colors.color(QPalette::Text);
    const QColor highlight = colors.color(QPalette::Highlight);
    const double thinPen = std::max(1.0, geometry.line / 18);
    painter.setFont(scaledFont(font(), labels.textScale));
    const auto warpOf = [&](int x, int y) {
        return (x + y * block.x) / picture_.launch.warpSize();
    };

    for (int y = 0; y < picture_.shownThreadsDown; ++y) {
        for (int x = 0; x < picture_.shownThreadsAcross; ++x) {
            const std::int64_t i = std::int64_t{blockX} * block.x + x;
            const std::int64_t j = std::int64_t{blockY} * block.y + y;
            const QRectF cell = cellRectIn(geometry, i, j);
            const bool inMatrix = picture_.isInMatrix(i, j);
            const bool selected = i == selectedI_ && j == selectedJ_;
            const QColor fill = selected ? highlight : inMatrix ? activeFill : idleFill;
            painter.setPen(QPen(colors.color(QPalette::Mid), thinPen));
            painter.setBrush(fill);
            painter.drawRect(cell);
            if (!inMatrix) {
                // Hatched: a thread the guard leaves without work.
                QColor hatch = ink;
                hatch.setAlphaF(0.35);
                painter.setPen(Qt::NoPen);
                painter.setBrush(QBrush(hatch, Qt::BDiagPattern));
                painter.drawRect(cell);
            }
            const QString label = cellLabelText(labels.layout, i, j);
            if (!label.isEmpty()) {
                QColor textInk = selected ? colors.color(QPalette::HighlightedText) : ink;
                if (!inMatrix && !selected) textInk.setAlphaF(0.6);
                painter.setPen(textInk);
                painter.drawText(cell, Qt::AlignCenter, label);
            }
        }
    }

    // Warp outlines: an edge between two cells of different warps, or at the drawn part's edge.
    painter.setPen(QPen(ink, std::max(2.0, geometry.line / 8), Qt::SolidLine, Qt::SquareCap));
    for (int y = 0; y < picture_.shownThreadsDown; ++y) {
        for (int x = 0; x < picture_.shownThreadsAcross; ++x) {
            const QRectF cell = cellRectIn(geometry, std::int64_t{blockX} * block.x + x,
                                           std::int64_t{blockY} * block.y + y);
            const int warp = warpOf(x, y);
            if (x == 0) painter.drawLine(cell.topLeft(), cell.bottomLeft());
            if (y == 0) painter.drawLine(cell.topLeft(), cell.topRight());
            if (x + 1 == picture_.shownThreadsAcross || warpOf(x + 1, y) != warp) {
                painter.drawLine(cell.topRight(), cell.bottomRight());
            }
            if (y + 1 == picture_.shownThreadsDown || warpOf(x, y + 1) != warp) {
                painter.drawLine(cell.bottomLeft(), cell.bottomRight());
            }
        }
    }
}

}  // namespace mlsyslab::widgets
