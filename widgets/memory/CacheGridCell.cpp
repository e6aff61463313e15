#include "memory/CacheGridCell.h"

#include <QCoreApplication>
#include <QPainter>

#include "common/ColorMix.h"
#include "memory/CacheText.h"
#include "memory/MemoryColors.h"

namespace mlsyslab::widgets {

namespace {

// The share of the hit / miss colour in a cell's fill at the start of the flash; it fades to
// memoryFill's pale tint, which stays.
constexpr double kFlashStrength = 0.7;

QString tr(const char* text) { return QCoreApplication::translate("CacheGridView", text); }

void paintFrame(QPainter& painter, const QRect& cell, const CacheCellLook& look,
                const QPalette& colors) {
    QColor fill = colors.color(QPalette::Base);
    QColor border = colors.color(QPalette::Mid);
    int borderWidth = 1;
    if (look.mark == CacheCellMark::Hit || look.mark == CacheCellMark::Miss) {
        const MemoryRole role =
            look.mark == CacheCellMark::Hit ? MemoryRole::Hit : MemoryRole::Miss;
        const QColor strong =
            mixedColor(colors.color(QPalette::Base), memoryColor(role, colors), kFlashStrength);
        fill = mixedColor(strong, memoryFill(role, colors), look.flashProgress);
        border = memoryColor(role, colors);
        borderWidth = 3;
    } else if (look.mark == CacheCellMark::Writeback) {
        border = memoryColor(MemoryRole::Dirty, colors);
        borderWidth = 3;
    } else if (look.line.valid && look.line.dirty) {
        border = memoryColor(MemoryRole::Dirty, colors);
        borderWidth = 2;
    } else if (!look.line.valid) {
        fill = colors.color(QPalette::AlternateBase);
    }
    painter.setPen(QPen(border, borderWidth));
    painter.setBrush(fill);
    painter.drawRoundedRect(QRectF(cell).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
    if (look.evictedLine) {
        // Around the cell, in the gap between cells, so it never covers the text.
        painter.setPen(QPen(memoryColor(MemoryRole::Evicted, colors), 2, Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(QRectF(cell).adjusted(-1, -1, 1, 1), 5, 5);
    }
}

}  // namespace

void paintCacheCell(QPainter& painter, const QRect& cell, const CacheCellLook& look,
                    const CacheCellFonts& fonts, const QPalette& colors) {
    paintFrame(painter, cell, look, colors);
    const QFontMetrics small(fonts.small);
    const QRect inner =
        cell.adjusted(fonts.padding, fonts.padding / 2, -fonts.padding, -fonts.padding / 2);
    const memory::CacheLineState& line = look.line;
    if (!line.valid) {
        painter.setFont(fonts.tag);
        painter.setPen(colors.color(QPalette::PlaceholderText));
        painter.drawText(inner, Qt::AlignCenter, QStringLiteral("—"));
        return;
    }
    const int tagHeight = QFontMetrics(fonts.tag).height();
    const QRect tagRow(inner.left(), inner.top(), inner.width(), tagHeight);
    const QRect lowerRow(inner.left(), inner.top() + tagHeight, inner.width(),
                         inner.height() - tagHeight);
    painter.setFont(fonts.tag);
    painter.setPen(colors.color(QPalette::Text));
    painter.drawText(tagRow, Qt::AlignCenter, CacheText::hex(line.tag));

    if (line.dirty) {
        QFont bold = fonts.small;
        bold.setBold(true);
        painter.setFont(bold);
        const QString dirty = QStringLiteral("D");
        const QRect badge(lowerRow.left(),
                          lowerRow.top() + (lowerRow.height() - small.height()) / 2,
                          QFontMetrics(bold).horizontalAdvance(dirty) + 6, small.height());
        painter.setPen(Qt::NoPen);
        painter.setBrush(memoryColor(MemoryRole::Dirty, colors));
        painter.drawRoundedRect(badge, 3, 3);
        painter.setPen(colors.color(QPalette::Base));
        painter.drawText(badge, Qt::AlignCenter, dirty);
    }
    painter.setFont(fonts.small);
    painter.setPen(colors.color(QPalette::PlaceholderText));
    painter.drawText(lowerRow, Qt::AlignRight | Qt::AlignVCenter, QString::number(line.recency));
    if (!look.showsLineAddress) return;
    if (look.evictedLine) {
        // "evicted 0x80" where it fits between the corners, else "out 0x80", else nothing: the
        // step's description under the grid names the victim too.
        const int room = lowerRow.width() - 2 * small.horizontalAdvance(QStringLiteral("D00"));
        const QString evicted = tr("evicted %1").arg(CacheText::hex(*look.evictedLine));
        const QString shortEvicted = tr("out %1").arg(CacheText::hex(*look.evictedLine));
        painter.setPen(memoryColor(MemoryRole::Evicted, colors));
        if (small.horizontalAdvance(evicted) <= room) {
            painter.drawText(lowerRow, Qt::AlignCenter, evicted);
        } else if (small.horizontalAdvance(shortEvicted) <= room) {
            painter.drawText(lowerRow, Qt::AlignCenter, shortEvicted);
        }
    } else {
        painter.drawText(lowerRow, Qt::AlignCenter, CacheText::hex(line.lineAddress));
    }
}

}  // namespace mlsyslab::widgets
