#include <QPainter>
#include <algorithm>
#include <array>

#include "common/ColorMix.h"
#include "common/DisplayStyle.h"
#include "gpu/CoalescingView.h"
#include "gpu/CoalescingViewLayout.h"
#include "gpu/GpuColors.h"

// The memory strip of CoalescingView: the touched lines, their sectors and the bytes the lanes
// read, with the legend under it.
namespace mlsyslab::widgets {

namespace {

using namespace coalescing_view;
using gpu::kCacheLineBytes;
using gpu::kSectorBytes;
using gpu::LaneAccess;

// The fills of the strip: bytes a lane asked for, bytes moved that no lane asked for, and
// sectors not moved.
QColor usedFill(const QPalette& palette) { return activeLaneColor(palette); }
QColor wastedFill(const QPalette& palette) {
    return mixedColor(palette.color(QPalette::Base), activeLaneColor(palette), 0.28);
}
QColor untouchedFill(const QPalette& palette) {
    return mixedColor(palette.color(QPalette::Base), palette.color(QPalette::Text), 0.04);
}

}  // namespace

void CoalescingView::paintStrip(QPainter& painter, const Geometry& shape) const {
    const QPalette& colors = palette();
    const QColor ink = colors.color(QPalette::Text);
    const QColor grey = colors.color(QPalette::PlaceholderText);
    const QFont small = scaledFont(font(), kSmallFontScale);
    const double thin = std::max(1.0, shape.unit / 16);
    const double thick = std::max(3.0, shape.unit / 6);
    if (!result_) {
        painter.setPen(grey);
        painter.drawText(QRectF(0, shape.stripTop, width(), shape.stripHeight), Qt::AlignCenter,
                         tr("(no load: the pattern cannot run)"));
        return;
    }
    const auto& sectors = result_->sectors;
    for (const Slot& slot : shape.places) {
        const QRectF whole(slot.left, shape.stripTop, slot.right - slot.left, shape.stripHeight);
        if (slot.gap) {
            painter.setPen(grey);
            painter.setFont(font());
            painter.drawText(whole, Qt::AlignCenter, QStringLiteral("\u22EF"));
            continue;
        }
        const double sectorWidth = whole.width() / kSectorsPerLine;
        // Narrow lines (many touched) get a thinner border, so the fills still show.
        const double border = std::max(1.5, std::min(thick, whole.width() / 12));
        const double labelBand = kSectorLabelLines * shape.unit;
        const double fillTop = whole.top() + border + labelBand;
        for (int index = 0; index < kSectorsPerLine; ++index) {
            const std::int64_t sector = slot.line * kSectorsPerLine + index;
            const bool moved = std::binary_search(sectors.begin(), sectors.end(), sector);
            const QRectF box(whole.left() + index * sectorWidth, whole.top(), sectorWidth,
                             whole.height());
            painter.fillRect(box, moved ? wastedFill(colors) : untouchedFill(colors));
        }
        // The bytes the lanes asked for, over the sectors' tint; at least two pixels wide, so
        // that a float in a line drawn 20 pixels wide still shows.
        const std::int64_t lineStart = slot.line * kCacheLineBytes;
        for (const LaneAccess& access : result_->lanes) {
            const std::int64_t first = std::max(access.byteAddress, lineStart);
            const std::int64_t end =
                std::min(access.byteAddress + access.bytes, lineStart + kCacheLineBytes);
            if (first >= end) continue;
            const double left = byteX(shape, first);
            const double right = std::max(byteX(shape, end), left + 2);
            painter.fillRect(QRectF(left, fillTop, right - left, whole.bottom() - fillTop),
                             usedFill(colors));
        }
        // Element boundaries where they are far enough apart to see.
        const int elementBytes = result_->lanes.front().bytes;
        const double elementWidth = whole.width() * elementBytes / double(kCacheLineBytes);
        if (elementWidth >= 6) {
            painter.setPen(QPen(mixedColor(colors.color(QPalette::Base), ink, 0.35), 1));
            for (std::int64_t byte = elementBytes; byte < kCacheLineBytes; byte += elementBytes) {
                const double x = byteX(shape, lineStart + byte);
                painter.drawLine(QPointF(x, fillTop), QPointF(x, whole.bottom()));
            }
        }
        // Sector borders and numbers where there is room, then the line's thick border.
        painter.setFont(small);
        const QFontMetricsF smallMetrics(small);
        for (int index = 0; index < kSectorsPerLine && sectorWidth >= shape.unit / 2; ++index) {
            const std::int64_t sector = slot.line * kSectorsPerLine + index;
            const QRectF box(whole.left() + index * sectorWidth, whole.top(), sectorWidth,
                             whole.height());
            painter.setPen(QPen(ink, thin));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(box);
            const QString word = tr("sector %1").arg(sector);
            const QString label = sectorWidth > smallMetrics.horizontalAdvance(word) + shape.unit
                                      ? word
                                      : QString::number(sector);
            if (smallMetrics.horizontalAdvance(label) < sectorWidth - 2 * border) {
                const bool moved = std::binary_search(sectors.begin(), sectors.end(), sector);
                painter.setPen(moved ? ink : grey);
                painter.drawText(QRectF(box.left(), whole.top() + border, box.width(), labelBand),
                                 Qt::AlignCenter, label);
            }
        }
        painter.setPen(QPen(ink, border, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        painter.drawRect(whole.adjusted(border / 2, border / 2, -border / 2, -border / 2));

        // Under the line: its number and its bytes, as much as fits.
        const QString full = tr("line %1 \u00B7 bytes %2\u2013%3")
                                 .arg(slot.line)
                                 .arg(lineStart)
                                 .arg(lineStart + kCacheLineBytes - 1);
        const QString shortText = tr("line %1").arg(slot.line);
        const QFontMetricsF metrics(small);
        const QString label = metrics.horizontalAdvance(full) < whole.width() - 4 ? full
                              : metrics.horizontalAdvance(shortText) < whole.width() - 4
                                  ? shortText
                                  : QString::number(slot.line);
        if (metrics.horizontalAdvance(label) < whole.width()) {
            painter.setPen(ink);
            painter.drawText(
                QRectF(whole.left(), shape.labelTop, whole.width(), kLabelHeightLines * shape.unit),
                Qt::AlignHCenter | Qt::AlignTop, label);
        }
    }
}

void CoalescingView::paintLegend(QPainter& painter, const Geometry& shape) const {
    const QPalette& colors = palette();
    const QFont small = scaledFont(font(), kSmallFontScale);
    const QFontMetricsF metrics(small);
    painter.setFont(small);
    const std::array<std::pair<QColor, QString>, 3> entries = {
        std::pair{usedFill(colors), tr("bytes a lane reads")},
        std::pair{wastedFill(colors), tr("moved, unused (rest of a sector moved)")},
        std::pair{untouchedFill(colors), tr("not moved")}};
    const double swatch = metrics.height() * 0.9;
    double x = 1;
    for (const auto& [fill, text] : entries) {
        const QRectF box(x, shape.legendTop + (metrics.height() - swatch) / 2, swatch, swatch);
        painter.setPen(QPen(colors.color(QPalette::Text), 1));
        painter.setBrush(fill);
        painter.drawRect(box);
        painter.setPen(colors.color(QPalette::Text));
        const double textWidth = metrics.horizontalAdvance(text);
        painter.drawText(
            QRectF(box.right() + swatch / 2, shape.legendTop, textWidth + 2, metrics.height()),
            Qt::AlignLeft | Qt::AlignVCenter, text);
        x = box.right() + swatch / 2 + textWidth + 2 * swatch;
    }
}

}  // namespace mlsyslab::widgets
