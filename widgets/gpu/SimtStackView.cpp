#include "gpu/SimtStackView.h"

#include <QFontDatabase>
#include <QPainter>
#include <algorithm>

#include "common/ColorMix.h"
#include "gpu/LaneCells.h"

namespace mlsyslab::widgets {

namespace {

QFont monospaceLike(const QFont& like) {
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (like.pointSizeF() > 0) {
        mono.setPointSizeF(like.pointSizeF());
    } else {
        mono.setPixelSize(like.pixelSize());
    }
    return mono;
}

}  // namespace

struct SimtStackView::Columns {
    int marker = 0;  // "top →"
    int pc = 0;
    int reconvergence = 0;
    int mask = 0;
    int lanes = 0;
    int gap = 0;
};

SimtStackView::SimtStackView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setToolTip(
        tr("The warp's SIMT stack: the top entry runs; at a divergent branch the entry "
           "below waits at the reconvergence point with every lane, and each path is "
           "pushed above it. A path's entry is popped when it reaches its reconvergence "
           "point."));
}

void SimtStackView::setStack(std::vector<gpu::SimtStackEntry> entries, std::uint32_t existingMask) {
    entries_ = std::move(entries);
    existingMask_ = existingMask;
    if (int(entries_.size()) > capacity_) setCapacity(int(entries_.size()));
    update();
}

void SimtStackView::setCapacity(int entries) {
    capacity_ = std::max(1, entries);
    updateGeometry();
}

QString SimtStackView::cellText(int row, int column) const {
    if (row < 0 || row >= int(entries_.size())) return {};
    const gpu::SimtStackEntry& entry = entries_[entries_.size() - 1 - std::size_t(row)];
    switch (column) {
        case 0:
            return QString::number(entry.pc);
        case 1:
            return entry.reconvergencePc < 0 ? QStringLiteral("\u2014")
                                             : QString::number(entry.reconvergencePc);
        case 2:
            return laneMaskHex(entry.activeMask);
        default:
            return {};
    }
}

int SimtStackView::rowHeight() const { return QFontMetrics(monospaceLike(font())).height() + 6; }

SimtStackView::Columns SimtStackView::columns() const {
    const QFontMetrics metrics(font());
    const QFontMetrics code(monospaceLike(font()));
    Columns sizes;
    sizes.gap = metrics.height() / 2;
    sizes.marker = metrics.horizontalAdvance(tr("top \u2192")) + sizes.gap;
    sizes.pc =
        std::max(metrics.horizontalAdvance(tr("pc")), code.horizontalAdvance("000")) + sizes.gap;
    sizes.reconvergence =
        std::max(metrics.horizontalAdvance(tr("reconverges at")), code.horizontalAdvance("000")) +
        sizes.gap;
    sizes.mask = std::max(metrics.horizontalAdvance(tr("active mask")),
                          code.horizontalAdvance(QStringLiteral("0x0000_0000"))) +
                 sizes.gap;
    sizes.lanes = gpu::kWarpLanes * std::max(5, metrics.height() / 3);
    return sizes;
}

QSize SimtStackView::sizeHint() const {
    const Columns sizes = columns();
    const int width = sizes.marker + sizes.pc + sizes.reconvergence + sizes.mask + sizes.lanes;
    return {width, rowHeight() * (capacity_ + 1)};
}

QSize SimtStackView::minimumSizeHint() const { return sizeHint(); }

void SimtStackView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QPalette& colors = palette();
    const Columns sizes = columns();
    const QFont code = monospaceLike(font());
    QFont codeBold = code;
    codeBold.setBold(true);
    QFont markerFont = font();
    markerFont.setBold(true);
    const int height = rowHeight();
    const int pcLeft = sizes.marker;
    const int reconvergenceLeft = pcLeft + sizes.pc;
    const int maskLeft = reconvergenceLeft + sizes.reconvergence;
    const int lanesLeft = maskLeft + sizes.mask;

    painter.setPen(
        mixedColor(colors.color(QPalette::Window), colors.color(QPalette::WindowText), 0.7));
    const QRect header(0, 0, width(), height);
    painter.drawText(header.adjusted(pcLeft, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, tr("pc"));
    painter.drawText(header.adjusted(reconvergenceLeft, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("reconverges at"));
    painter.drawText(header.adjusted(maskLeft, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("active mask"));
    painter.drawText(header.adjusted(lanesLeft, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("lanes 0 \u2192 31"));

    const QColor rule =
        mixedColor(colors.color(QPalette::Window), colors.color(QPalette::WindowText), 0.3);
    for (int row = 0; row < int(entries_.size()); ++row) {
        const int top = height * (row + 1);
        const gpu::SimtStackEntry& entry = entries_[entries_.size() - 1 - std::size_t(row)];
        painter.setPen(rule);
        painter.drawLine(0, top, width(), top);
        painter.setPen(colors.color(QPalette::WindowText));
        painter.setFont(markerFont);
        if (row == 0) {
            painter.drawText(QRect(0, top, sizes.marker, height), Qt::AlignLeft | Qt::AlignVCenter,
                             tr("top \u2192"));
        }
        painter.setFont(row == 0 ? codeBold : code);
        for (int column = 0; column < 3; ++column) {
            const int left = column == 0 ? pcLeft : column == 1 ? reconvergenceLeft : maskLeft;
            painter.drawText(QRect(left, top, width() - left, height),
                             Qt::AlignLeft | Qt::AlignVCenter, cellText(row, column));
        }
        paintLaneCells(painter, QRect(lanesLeft, top + 3, sizes.lanes, height - 6),
                       entry.activeMask, existingMask_, colors);
        painter.setFont(font());
    }
}

}  // namespace mlsyslab::widgets
