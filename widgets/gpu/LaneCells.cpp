#include "gpu/LaneCells.h"

#include <QCoreApplication>
#include <QPainter>
#include <QStringList>
#include <bit>

#include "gpu/GpuColors.h"

namespace mlsyslab::widgets {

namespace {

// Lists longer than this are shortened to their first and last items around an ellipsis.
constexpr qsizetype kMostListedItems = 8;

bool hasLane(std::uint32_t mask, int lane) { return ((mask >> lane) & 1u) != 0; }

QString tr(const char* text) { return QCoreApplication::translate("LaneCells", text); }

}  // namespace

void paintLaneCells(QPainter& painter, const QRect& area, std::uint32_t activeMask,
                    std::uint32_t existingMask, const QPalette& palette) {
    if (area.width() < gpu::kWarpLanes) return;
    const double cellWidth = double(area.width()) / gpu::kWarpLanes;
    // A gap between cells once they are wide enough to count; a wider one between the halves.
    const int gap = cellWidth >= 6 ? 1 : 0;
    const QColor active = activeLaneColor(palette);
    const QColor idle = idleLaneColor(palette);
    painter.save();
    for (int lane = 0; lane < gpu::kWarpLanes; ++lane) {
        const int left = area.left() + int(lane * cellWidth) + (lane >= 16 ? gap : 0);
        const int right = area.left() + int((lane + 1) * cellWidth) - gap;
        const QRect cell(left, area.top(), std::max(1, right - left), area.height());
        if (!hasLane(existingMask, lane)) {
            painter.setPen(QPen(idle, 1.0));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(cell.adjusted(0, 0, -1, -1));
        } else {
            painter.fillRect(cell, hasLane(activeMask, lane) ? active : idle);
        }
    }
    painter.restore();
}

QString laneMaskHex(std::uint32_t mask) {
    const QString digits = QStringLiteral("%1").arg(mask, 8, 16, QLatin1Char('0')).toUpper();
    return QStringLiteral("0x") + digits.left(4) + QStringLiteral("_") + digits.mid(4);
}

int laneCount(std::uint32_t mask) { return std::popcount(mask); }

QString laneList(std::uint32_t mask) {
    if (mask == 0) return tr("none");
    // Runs of consecutive lanes as ranges; single lanes alone.
    QStringList items;
    for (int lane = 0; lane < gpu::kWarpLanes;) {
        if (!hasLane(mask, lane)) {
            ++lane;
            continue;
        }
        int last = lane;
        while (last + 1 < gpu::kWarpLanes && hasLane(mask, last + 1)) ++last;
        items << (last == lane ? QString::number(lane)
                               : QStringLiteral("%1\u2013%2").arg(lane).arg(last));
        lane = last + 1;
    }
    if (items.size() > kMostListedItems) {
        items =
            items.mid(0, 3) + QStringList{QStringLiteral("\u2026")} + items.mid(items.size() - 2);
    }
    return items.join(QStringLiteral(", "));
}

}  // namespace mlsyslab::widgets
