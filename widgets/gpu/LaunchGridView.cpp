#include "gpu/LaunchGridView.h"

#include <QEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QResizeEvent>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"
#include "gpu/LaunchText.h"

namespace mlsyslab::widgets {

namespace {

// Sizes in line heights of the widget's font.
constexpr double kNaturalCellLines = 2.0;   // room for "12,31" in a cell of a small launch
constexpr double kSmallestCellLines = 0.4;  // a 64-thread-wide corner still fits a laptop
constexpr double kSmallestCellPixels = 6;
constexpr double kBlockGapLines = 0.5;
constexpr double kBlockPaddingLines = 0.22;
constexpr double kHeadingLines = 1.3;

QString threadTip(const LaunchPicture& picture, std::int64_t i, std::int64_t j) {
    const gpu::ThreadPlace place = picture.placeOf(i, j);
    const int sm = picture.assignmentOf(place.blockLinear).sm;
    return LaunchGridView::tr(
               "threadIdx %1 of block %2\ni = %3, j = %4\nwarp %5, lane %6, on SM %7")
        .arg(pairText(place.threadIdx.x, place.threadIdx.y),
             pairText(place.blockIdx.x, place.blockIdx.y))
        .arg(i)
        .arg(j)
        .arg(place.warpInBlock)
        .arg(place.lane)
        .arg(sm);
}

}  // namespace

int LaunchGridView::Geometry::height(const LaunchPicture& picture) const {
    return int(std::ceil(rulerTop + picture.shownBlocksDown * (blockHeight + gap))) + 2;
}

LaunchGridView::LaunchGridView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setFocusPolicy(Qt::StrongFocus);
}

void LaunchGridView::setPicture(LaunchPicture picture) {
    picture_ = std::move(picture);
    updateGeometry();
    update();
}

void LaunchGridView::setSelected(std::int64_t i, std::int64_t j) {
    selectedI_ = i;
    selectedJ_ = j;
    update();
}

LaunchGridView::Geometry LaunchGridView::geometryFor(int width) const {
    Geometry geometry;
    const LaunchPicture& picture = picture_;
    const double line = QFontMetricsF(font()).height();
    geometry.line = line;
    geometry.gap = kBlockGapLines * line;
    geometry.padding = kBlockPaddingLines * line;
    geometry.rulerTop = line;
    const QFontMetricsF rulerMetrics(scaledFont(font(), kCellTextScale));
    const std::int64_t lastJ =
        std::max<std::int64_t>(0, picture.shownBlocksDown - 1) * picture.launch.block().y +
        picture.shownThreadsDown - 1;
    geometry.rulerLeft = rulerMetrics.horizontalAdvance(QString::number(lastJ)) + 0.4 * line;

    const int across = std::max(1, picture.shownBlocksAcross);
    const int threadsAcross = std::max(1, picture.shownThreadsAcross);
    const double room = width - 2 - geometry.rulerLeft - across * 2 * geometry.padding -
                        (across - 1) * geometry.gap;
    geometry.cell = std::min(kNaturalCellLines * line, room / (across * threadsAcross));
    geometry.cell = std::max({geometry.cell, kSmallestCellLines * line, kSmallestCellPixels});
    geometry.blockWidth = 2 * geometry.padding + threadsAcross * geometry.cell;
    // A heading only where the shortest one ("SM 12") fits the block.
    const QFontMetricsF headingMetrics(scaledFont(font(), kHeadingScale));
    const double shortest = headingMetrics.horizontalAdvance(QStringLiteral("SM 000"));
    geometry.heading = shortest <= geometry.blockWidth ? kHeadingLines * line : 0;
    geometry.blockHeight =
        geometry.heading + 2 * geometry.padding + picture.shownThreadsDown * geometry.cell;
    return geometry;
}

int LaunchGridView::heightForWidth(int width) const {
    if (!picture_.runs()) return 0;
    return geometryFor(width).height(picture_);
}

// As wide as the launch at its natural cell size; a narrower view shrinks the cells. The height
// asked for is the drawing's at the width the view has once laid out, so the enclosing layouts
// and the lesson's scroll area leave neither a gap nor a cut.
QSize LaunchGridView::sizeHint() const {
    const Geometry natural = geometryFor(100000);
    const int width = int(std::ceil(natural.rulerLeft + picture_.shownBlocksAcross *
                                                            (natural.blockWidth + natural.gap))) +
                      2;
    return {width, heightForWidth(this->width() > 1 ? std::min(this->width(), width) : width)};
}

QSize LaunchGridView::minimumSizeHint() const {
    const Geometry smallest = geometryFor(0);
    const int width =
        int(std::ceil(smallest.rulerLeft +
                      picture_.shownBlocksAcross * (smallest.blockWidth + smallest.gap))) +
        2;
    return {width, heightForWidth(std::max(this->width(), width))};
}

void LaunchGridView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (event->oldSize().width() != event->size().width()) updateGeometry();
}

QRectF LaunchGridView::blockRectIn(const Geometry& geometry, int blockX, int blockY) const {
    return {1 + geometry.rulerLeft + blockX * (geometry.blockWidth + geometry.gap),
            1 + geometry.rulerTop + blockY * (geometry.blockHeight + geometry.gap),
            geometry.blockWidth, geometry.blockHeight};
}

QRectF LaunchGridView::cellRectIn(const Geometry& geometry, std::int64_t i, std::int64_t j) const {
    if (!picture_.isShown(i, j)) return {};
    const gpu::Dim3& block = picture_.launch.block();
    const QRectF frame = blockRectIn(geometry, int(i / block.x), int(j / block.y));
    return {frame.left() + geometry.padding + double(i % block.x) * geometry.cell,
            frame.top() + geometry.heading + geometry.padding + double(j % block.y) * geometry.cell,
            geometry.cell, geometry.cell};
}

QRect LaunchGridView::cellRect(std::int64_t i, std::int64_t j) const {
    return cellRectIn(geometryFor(width()), i, j).toAlignedRect();
}

QRect LaunchGridView::blockRect(int blockX, int blockY) const {
    if (blockX < 0 || blockY < 0 || blockX >= picture_.shownBlocksAcross ||
        blockY >= picture_.shownBlocksDown) {
        return {};
    }
    return blockRectIn(geometryFor(width()), blockX, blockY).toAlignedRect();
}

std::optional<std::pair<std::int64_t, std::int64_t>> LaunchGridView::threadAt(QPoint point) const {
    if (!picture_.runs()) return std::nullopt;
    const Geometry geometry = geometryFor(width());
    const gpu::Dim3& block = picture_.launch.block();
    for (int blockY = 0; blockY < picture_.shownBlocksDown; ++blockY) {
        for (int blockX = 0; blockX < picture_.shownBlocksAcross; ++blockX) {
            if (!blockRectIn(geometry, blockX, blockY).contains(point)) continue;
            for (int y = 0; y < picture_.shownThreadsDown; ++y) {
                for (int x = 0; x < picture_.shownThreadsAcross; ++x) {
                    const std::int64_t i = std::int64_t{blockX} * block.x + x;
                    const std::int64_t j = std::int64_t{blockY} * block.y + y;
                    if (cellRectIn(geometry, i, j).contains(point)) return std::pair(i, j);
                }
            }
        }
    }
    return std::nullopt;
}

QString LaunchGridView::headingFor(const Geometry& geometry, int blockX, int blockY) const {
    if (geometry.heading <= 0) return {};
    const gpu::Dim3& grid = picture_.launch.grid();
    const gpu::BlockAssignment assignment =
        picture_.assignmentOf(std::int64_t{blockY} * grid.x + blockX);
    const QString sm = tr("SM %1").arg(assignment.sm);
    const QString wave = picture_.waves > 1 ? tr(" · wave %1").arg(assignment.wave + 1) : QString();
    const QFontMetricsF metrics(scaledFont(font(), kHeadingScale));
    const double room = geometry.blockWidth - 2 * geometry.padding;
    for (const QString& candidate :
         {tr("block %1 · %2%3").arg(pairText(blockX, blockY), sm, wave),
          tr("%1 · %2%3").arg(pairText(blockX, blockY), sm, wave), sm + wave, sm}) {
        if (metrics.horizontalAdvance(candidate) <= room) return candidate;
    }
    return sm;
}

QString LaunchGridView::blockHeading(int blockX, int blockY) const {
    return headingFor(geometryFor(width()), blockX, blockY);
}

std::int64_t LaunchGridView::steppedIndex(std::int64_t index, int step, int blockExtent,
                                          int shownThreads, int shownBlocks) const {
    std::int64_t next = index + step;
    if (next < 0) return index;
    // Skip the threads of a capped block that are not drawn.
    if (next % blockExtent >= shownThreads) {
        next = step > 0 ? (next / blockExtent + 1) * blockExtent
                        : (next / blockExtent) * blockExtent + shownThreads - 1;
    }
    return next / blockExtent < shownBlocks ? next : index;
}

void LaunchGridView::keyPressEvent(QKeyEvent* event) {
    if (!picture_.runs()) {
        QWidget::keyPressEvent(event);
        return;
    }
    const gpu::Dim3& block = picture_.launch.block();
    std::int64_t i = selectedI_;
    std::int64_t j = selectedJ_;
    const auto across = [&](int step) {
        return steppedIndex(i, step, block.x, picture_.shownThreadsAcross,
                            picture_.shownBlocksAcross);
    };
    const auto down = [&](int step) {
        return steppedIndex(j, step, block.y, picture_.shownThreadsDown, picture_.shownBlocksDown);
    };
    switch (event->key()) {
        case Qt::Key_Right:
            i = across(1);
            break;
        case Qt::Key_Left:
            i = across(-1);
            break;
        case Qt::Key_Down:
            j = down(1);
            break;
        case Qt::Key_Up:
            j = down(-1);
            break;
        case Qt::Key_Home:
            i = 0;
            j = 0;
            break;
        case Qt::Key_End:
            i = std::int64_t{picture_.shownBlocksAcross - 1} * block.x +
                picture_.shownThreadsAcross - 1;
            j = std::int64_t{picture_.shownBlocksDown - 1} * block.y + picture_.shownThreadsDown -
                1;
            break;
        default:
            QWidget::keyPressEvent(event);
            return;
    }
    if (i != selectedI_ || j != selectedJ_) emit threadChosen(i, j);
}

bool LaunchGridView::event(QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride && picture_.runs()) {
        // The lesson player moves between steps on Left and Right; with the focus here, the
        // arrows move between threads instead.
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up ||
            key == Qt::Key_Down || key == Qt::Key_Home || key == Qt::Key_End) {
            event->accept();
            return true;
        }
    }
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        if (const auto thread = threadAt(help->pos())) {
            QToolTip::showText(help->globalPos(),
                               threadTip(picture_, thread->first, thread->second), this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

void LaunchGridView::mousePressEvent(QMouseEvent* event) {
    const auto thread = threadAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && thread) {
        setFocus(Qt::MouseFocusReason);
        emit threadChosen(thread->first, thread->second);
        return;
    }
    QWidget::mousePressEvent(event);
}

void LaunchGridView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) updateGeometry();
}

}  // namespace mlsyslab::widgets
