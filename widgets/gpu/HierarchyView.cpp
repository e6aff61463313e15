#include "gpu/HierarchyView.h"

#include <QEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <limits>

#include "common/ColorMix.h"
#include "common/DisplayStyle.h"
#include "gpu/GpuColors.h"
#include "memory/MemoryColors.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::HierarchyZoom;

// The width the scene is laid out for when the widget has none yet.
constexpr int kNaturalWidthLines = 60;
constexpr int kNarrowestWidthLines = 20;

QColor tint(const QPalette& colors, const QColor& colour, double share) {
    return mixedColor(colors.color(QPalette::Base), colour, share);
}

}  // namespace

HierarchyView::HierarchyView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
}

void HierarchyView::setDevice(const gpu::DeviceModel& device) {
    device_ = device;
    updateGeometry();
    update();
}

void HierarchyView::setLevel(HierarchyZoom zoom, int sm, int warp) {
    zoom_ = zoom;
    sm_ = sm;
    warp_ = warp;
    hovered_ = -1;
    updateGeometry();
    update();
}

void HierarchyView::setSelected(int item) {
    selected_ = item;
    update();
}

HierarchyScene HierarchyView::sceneFor(int width) const {
    const double usable = std::max(1, width - 2);
    switch (zoom_) {
        case HierarchyZoom::Gpu:
            return gpuScene(device_, usable, font());
        case HierarchyZoom::Sm:
            return smScene(device_, sm_, usable, font());
        case HierarchyZoom::Warp:
            return warpScene(device_, warp_, usable, font());
    }
    return {};
}

HierarchyScene HierarchyView::scene() const { return sceneFor(width()); }

int HierarchyView::itemCount() const { return int(scene().itemBoxes.size()); }

QRect HierarchyView::itemRect(int item) const {
    const HierarchyScene drawn = scene();
    if (item < 0 || item >= int(drawn.itemBoxes.size())) return {};
    return drawn.boxes[drawn.itemBoxes[std::size_t(item)]].rect.translated(1, 1).toAlignedRect();
}

int HierarchyView::itemAt(QPoint point) const {
    const HierarchyScene drawn = scene();
    for (std::size_t item = 0; item < drawn.itemBoxes.size(); ++item) {
        if (drawn.boxes[drawn.itemBoxes[item]].rect.translated(1, 1).contains(point)) {
            return int(item);
        }
    }
    return -1;
}

int HierarchyView::heightForWidth(int width) const {
    return int(std::ceil(sceneFor(width).height)) + 2;
}

// The height asked for is the drawing's at the width the view has (once laid out), so the
// enclosing layouts and the lesson's scroll area leave neither a gap nor a cut.
QSize HierarchyView::sizeHint() const {
    const int natural = kNaturalWidthLines * fontMetrics().height();
    return {natural, heightForWidth(width() > 1 ? width() : natural)};
}

QSize HierarchyView::minimumSizeHint() const {
    const int narrowest = kNarrowestWidthLines * fontMetrics().height();
    return {narrowest, heightForWidth(std::max(width(), narrowest))};
}

void HierarchyView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (event->oldSize().width() != event->size().width()) updateGeometry();
}

int HierarchyView::neighbour(int dx, int dy) const {
    const HierarchyScene drawn = scene();
    const int count = int(drawn.itemBoxes.size());
    if (count == 0) return selected_;
    const int from = std::clamp(selected_, 0, count - 1);
    if (dy == 0) return std::clamp(from + dx, 0, count - 1);
    // Up and down: the nearest item in the next row that way, preferring the same column.
    const QPointF start = drawn.boxes[drawn.itemBoxes[std::size_t(from)]].rect.center();
    int best = from;
    double bestScore = std::numeric_limits<double>::max();
    for (int item = 0; item < count; ++item) {
        const QPointF centre = drawn.boxes[drawn.itemBoxes[std::size_t(item)]].rect.center();
        const double along = (centre.y() - start.y()) * dy;
        if (along < 1) continue;
        const double score = 3 * along + std::abs(centre.x() - start.x());
        if (score < bestScore) {
            bestScore = score;
            best = item;
        }
    }
    return best;
}

void HierarchyView::keyPressEvent(QKeyEvent* event) {
    int next = selected_;
    switch (event->key()) {
        case Qt::Key_Right:
            next = neighbour(1, 0);
            break;
        case Qt::Key_Left:
            next = neighbour(-1, 0);
            break;
        case Qt::Key_Down:
            next = neighbour(0, 1);
            break;
        case Qt::Key_Up:
            next = neighbour(0, -1);
            break;
        case Qt::Key_Return:
        case Qt::Key_Enter:
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            emit zoomInRequested(selected_);
            return;
        case Qt::Key_Minus:
        case Qt::Key_Backspace:
        case Qt::Key_Escape:
            emit zoomOutRequested();
            return;
        default:
            QWidget::keyPressEvent(event);
            return;
    }
    if (next != selected_) {
        setSelected(next);
        emit selectionChanged(next);
    }
}

bool HierarchyView::event(QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride) {
        // The lesson player moves between steps on Left and Right; with the focus here the
        // keys move through the drawing instead.
        switch (static_cast<QKeyEvent*>(event)->key()) {
            case Qt::Key_Left:
            case Qt::Key_Right:
            case Qt::Key_Up:
            case Qt::Key_Down:
            case Qt::Key_Plus:
            case Qt::Key_Minus:
            case Qt::Key_Equal:
            case Qt::Key_Escape:
            case Qt::Key_Backspace:
                event->accept();
                return true;
            default:
                break;
        }
    }
    return QWidget::event(event);
}

void HierarchyView::mousePressEvent(QMouseEvent* event) {
    const int item = itemAt(event->position().toPoint());
    if (event->button() != Qt::LeftButton || item < 0) {
        QWidget::mousePressEvent(event);
        return;
    }
    setFocus(Qt::MouseFocusReason);
    if (item != selected_) {
        setSelected(item);
        emit selectionChanged(item);
    }
    if (zoom_ != HierarchyZoom::Warp) emit zoomInRequested(item);
}

void HierarchyView::mouseMoveEvent(QMouseEvent* event) {
    const int item = itemAt(event->position().toPoint());
    if (item != hovered_) {
        hovered_ = item;
        setCursor(item >= 0 && zoom_ != HierarchyZoom::Warp ? Qt::PointingHandCursor
                                                            : Qt::ArrowCursor);
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void HierarchyView::leaveEvent(QEvent* event) {
    hovered_ = -1;
    update();
    QWidget::leaveEvent(event);
}

void HierarchyView::wheelEvent(QWheelEvent* event) {
    const int delta = event->angleDelta().y();
    if (delta > 0) {
        const int item = itemAt(event->position().toPoint());
        emit zoomInRequested(item >= 0 ? item : selected_);
    } else if (delta < 0) {
        emit zoomOutRequested();
    }
    event->accept();
}

void HierarchyView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) updateGeometry();
}

void HierarchyView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.translate(1, 1);
    const HierarchyScene drawn = scene();
    const double line = QFontMetricsF(font()).height();
    for (const HierarchyBox& box : drawn.boxes) paintBox(painter, box, line);
    // The selected item and the one under the pointer, above everything.
    const QColor ink = palette().color(QPalette::Text);
    painter.setBrush(Qt::NoBrush);
    for (const int item : {hovered_, selected_}) {
        if (item < 0 || item >= int(drawn.itemBoxes.size())) continue;
        const QRectF rect = drawn.boxes[drawn.itemBoxes[std::size_t(item)]].rect;
        const bool isSelected = item == selected_;
        painter.setPen(QPen(isSelected ? ink : palette().color(QPalette::Highlight),
                            std::max(2.0, line / (isSelected ? 6 : 9))));
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), line / 6, line / 6);
    }
}

void HierarchyView::paintBox(QPainter& painter, const HierarchyBox& box, double line) const {
    const QPalette& colors = palette();
    const QColor ink = colors.color(QPalette::Text);
    const QColor mid = colors.color(QPalette::Mid);
    const double thin = std::max(1.0, line / 18);
    QColor fill = Qt::transparent;
    QColor border = Qt::transparent;
    switch (box.part) {
        case HierarchyPart::Gpc:
        case HierarchyPart::Partition:
            fill = tint(colors, ink, 0.05);
            border = mid;
            break;
        case HierarchyPart::Sm:
            fill = tint(colors, smColor(box.colour, colors), 0.45);
            border = smColor(box.colour, colors);
            break;
        case HierarchyPart::SmFrame:
            fill = tint(colors, smColor(box.colour, colors), 0.12);
            border = smColor(box.colour, colors);
            break;
        case HierarchyPart::WarpSlot:
            fill = tint(colors, activeLaneColor(colors), 0.18);
            border = activeLaneColor(colors);
            break;
        case HierarchyPart::Lane:
            fill = box.item == selected_ ? activeLaneColor(colors)
                                         : tint(colors, activeLaneColor(colors), 0.25);
            border = activeLaneColor(colors);
            break;
        case HierarchyPart::Core:
            fill = tint(colors, warpStatusColor(gpu::WarpStatus::Issued, colors), 0.35);
            border = warpStatusColor(gpu::WarpStatus::Issued, colors);
            break;
        case HierarchyPart::RegisterFile:
            fill = memoryFill(MemoryRole::Registers, colors);
            border = memoryColor(MemoryRole::Registers, colors);
            break;
        case HierarchyPart::TensorCore:
            fill = memoryFill(MemoryRole::Highlight, colors);
            border = memoryColor(MemoryRole::Highlight, colors);
            break;
        case HierarchyPart::SharedMemory:
            fill = memoryFill(MemoryRole::L1, colors);
            border = memoryColor(MemoryRole::L1, colors);
            break;
        case HierarchyPart::L2:
            fill = memoryFill(MemoryRole::L2, colors);
            border = memoryColor(MemoryRole::L2, colors);
            break;
        case HierarchyPart::Memory:
            fill = memoryFill(MemoryRole::Dram, colors);
            border = memoryColor(MemoryRole::Dram, colors);
            break;
        case HierarchyPart::Link:
            painter.setPen(QPen(mid, std::max(1.5, line / 12)));
            painter.drawLine(QPointF(box.rect.left(), box.rect.top()),
                             QPointF(box.rect.left(), box.rect.bottom()));
            return;
        case HierarchyPart::Caption:
            break;
    }
    if (box.part != HierarchyPart::Caption) {
        painter.setPen(QPen(border, thin));
        painter.setBrush(fill);
        painter.drawRoundedRect(box.rect, line / 6, line / 6);
    }
    if (box.text.isEmpty()) return;
    QFont textFont = scaledFont(font(), box.fontScale);
    textFont.setBold(box.bold);
    // A label too wide for its box shrinks, down to two thirds of its size, then is cut short.
    const double padding = box.part == HierarchyPart::Caption ? 0 : line / 5;
    const QRectF room = box.rect.adjusted(padding, padding / 2, -padding, -padding / 2);
    const bool wraps = box.part == HierarchyPart::Caption || box.rect.height() >= 2 * line;
    if (!wraps) {
        const double natural = QFontMetricsF(textFont).horizontalAdvance(box.text);
        if (natural > room.width() && natural > 0) {
            textFont = scaledFont(textFont, std::max(2.0 / 3, room.width() / natural));
        }
    }
    painter.setFont(textFont);
    const bool onStrongFill = box.part == HierarchyPart::Lane && box.item == selected_;
    painter.setPen(onStrongFill ? inkOn(fill) : ink);
    const int flags = box.alignment | (wraps ? int(Qt::TextWordWrap) : 0);
    const QString text =
        wraps ? box.text
              : QFontMetricsF(textFont).elidedText(box.text, Qt::ElideRight, room.width());
    painter.drawText(room, flags, text);
}

}  // namespace mlsyslab::widgets
