#include "memory/CacheGridView.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QVariantAnimation>
#include <algorithm>

#include "common/DisplayStyle.h"
#include "memory/CacheGridCell.h"
#include "memory/CacheSteps.h"
#include "memory/CacheText.h"
#include "memory/MemoryColors.h"

namespace mlsyslab::widgets {

namespace {

// Long enough to see from the back of a hall, short enough not to hold up a run.
constexpr int kFlashMs = 400;
// Sets shown without scrolling: 8 at a desk (every set of the lecture's L1 and L2 and of the
// tiny cache), 5 in presentation mode, where rows are taller and the step controls and the
// caption must stay on the screen with the grid.
constexpr int kPreferredRows = 8;
constexpr int kPreferredRowsPresenting = 5;
constexpr int kLeastRows = 4;
constexpr double kTagFontScale = 1.25;
constexpr double kSmallFontScale = 0.8;
// A cell is never wider than this many tag characters: a direct-mapped cache's single column
// should not stretch across the screen.
constexpr int kWidestCellCharacters = 14;

QFont monospace(const QFont& base, double scale) {
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (base.pointSizeF() > 0) {
        font.setPointSizeF(base.pointSizeF() * scale);
    } else {
        font.setPixelSize(qRound(base.pixelSize() * scale));
    }
    return font;
}

}  // namespace

struct CacheGridView::Metrics {
    QFont tagFont;
    QFont smallFont;
    QFont labelFont;
    int headerHeight = 0;
    int labelWidth = 0;
    int cellWidth = 0;
    int rowHeight = 0;
    int padding = 0;
    bool showsLineAddress = true;  // false when the ways are too many for it to fit
    int fullCellWidth = 0;         // the least width of a cell that shows the line address
    int widestCellWidth = 0;       // cells never grow wider
};

CacheGridView::CacheGridView(QWidget* parent)
    : QAbstractScrollArea(parent), flash_(new QVariantAnimation(this)) {
    setFocusPolicy(Qt::NoFocus);  // the keyboard stays with the step controls
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    flash_->setStartValue(0.0);
    flash_->setEndValue(1.0);
    flash_->setDuration(kFlashMs);
    flash_->setEasingCurve(QEasingCurve::OutQuad);
    connect(flash_, &QVariantAnimation::valueChanged, viewport(), [this] { viewport()->update(); });
}

CacheGridView::~CacheGridView() = default;

void CacheGridView::showStep(std::shared_ptr<const CacheSteps> steps, std::size_t level,
                             bool animate) {
    const bool sameGeometry =
        steps_ && steps && level == level_ && steps_->config().levels == steps->config().levels;
    steps_ = std::move(steps);
    level_ = level;
    if (!sameGeometry) {
        widestTagDigits_ = 1;
        widestLineDigits_ = 1;
    }
    marks_.clear();
    evicted_.clear();
    currentSet_.reset();
    for (const memory::ReferenceOutcome& outcome : steps_->lastOutcome()) {
        for (const memory::LevelEvent& event : outcome.events) {
            if (event.level != level_) continue;
            if (!currentSet_ && !event.isWriteback) currentSet_ = event.set;
            if (!event.hit && !event.filled) continue;  // a write-through store miss
            const auto cell = std::pair(event.set, event.way);
            marks_[cell] = event.isWriteback ? CellMark::Writeback
                           : event.hit       ? CellMark::Hit
                                             : CellMark::Miss;
            if (event.evictedLineAddress) evicted_[cell] = *event.evictedLineAddress;
        }
    }
    if (!currentSet_ && !marks_.empty()) currentSet_ = marks_.begin()->first.first;
    flash_->stop();
    if (animate && !marks_.empty()) {
        flash_->start();
    } else {
        flash_->setCurrentTime(kFlashMs);
    }
    if (!sameGeometry) {
        updateScrollBars();
        updateGeometry();
    }
    scrollToCurrentSet();
    viewport()->update();
}

std::uint64_t CacheGridView::setCount() const {
    return steps_ ? steps_->config().levels.at(level_).setCount() : 0;
}

std::uint32_t CacheGridView::wayCount() const {
    return steps_ ? steps_->config().levels.at(level_).ways() : 0;
}

std::uint64_t CacheGridView::firstShownSet() const {
    return std::uint64_t(std::max(0, verticalScrollBar()->value()));
}

std::uint64_t CacheGridView::shownRowCount() const {
    const Metrics sizes = metrics();
    const int rows = std::max(1, (viewport()->height() - sizes.headerHeight) / sizes.rowHeight);
    return std::min<std::uint64_t>(std::uint64_t(rows), setCount());
}

memory::CacheLineState CacheGridView::line(std::uint64_t set, std::uint32_t way) const {
    if (!steps_ || set >= setCount() || way >= wayCount()) return {};
    return steps_->state().setContents(level_, set).at(way);
}

CacheGridView::CellMark CacheGridView::markOf(std::uint64_t set, std::uint32_t way) const {
    const auto found = marks_.find({set, way});
    return found == marks_.end() ? CellMark::None : found->second;
}

std::optional<std::uint64_t> CacheGridView::evictedAt(std::uint64_t set, std::uint32_t way) const {
    const auto found = evicted_.find({set, way});
    if (found == evicted_.end()) return std::nullopt;
    return found->second;
}

bool CacheGridView::isFlashing() const { return flash_->state() == QAbstractAnimation::Running; }

CacheGridView::Metrics CacheGridView::metrics() const {
    Metrics sizes;
    sizes.tagFont = monospace(font(), kTagFontScale);
    sizes.tagFont.setBold(true);
    sizes.smallFont = monospace(font(), kSmallFontScale);
    sizes.labelFont = font();
    const QFontMetrics tag(sizes.tagFont);
    const QFontMetrics small(sizes.smallFont);
    const QFontMetrics label(sizes.labelFont);
    sizes.padding = std::max(3, label.height() / 4);
    sizes.headerHeight = label.height() + 2 * sizes.padding;
    const std::uint64_t lastSet = std::max<std::uint64_t>(1, setCount()) - 1;
    QFont boldLabel = sizes.labelFont;  // the current set's label is bold
    boldLabel.setBold(true);
    sizes.labelWidth =
        QFontMetrics(boldLabel).horizontalAdvance(tr("set %1").arg(lastSet)) + 3 * sizes.padding;
    // The tag fills the top row; the bottom row has the D badge, the line address and the
    // recency. With many ways the line address goes (the caption and tooltip still give it).
    const int tagWidth = tag.horizontalAdvance(QString(widestTagDigits_ + 2, QLatin1Char('0')));
    const int cornersWidth = small.horizontalAdvance(QStringLiteral("D 00")) + 2 * sizes.padding;
    const int addressWidth =
        small.horizontalAdvance(QString(widestLineDigits_ + 2, QLatin1Char('0'))) +
        2 * sizes.padding;
    const int headerWidth = label.horizontalAdvance(tr("way %1").arg(std::max(1u, wayCount()) - 1));
    const int compactLeast = std::max({tagWidth, cornersWidth, headerWidth}) + 2 * sizes.padding;
    const int fullLeast = std::max(compactLeast, cornersWidth + addressWidth + 2 * sizes.padding);
    const int most =
        std::max(fullLeast, tag.horizontalAdvance(QLatin1Char('0')) * kWidestCellCharacters);
    const int available = (viewport()->width() - sizes.labelWidth) / int(std::max(1u, wayCount()));
    sizes.showsLineAddress = available >= fullLeast;
    sizes.fullCellWidth = fullLeast;
    sizes.widestCellWidth = most;
    sizes.cellWidth =
        std::clamp(available, sizes.showsLineAddress ? fullLeast : compactLeast, most);
    sizes.rowHeight = tag.height() + small.height() + 2 * sizes.padding;
    return sizes;
}

QSize CacheGridView::sizeHint() const {
    const Metrics sizes = metrics();
    const int rows = int(std::clamp<std::uint64_t>(setCount(), 1, preferredRows()));
    const int frame = 2 * frameWidth();
    const int bar =
        horizontalScrollBar()->maximum() > 0 ? horizontalScrollBar()->sizeHint().height() : 0;
    return {preferredWidth(), sizes.headerHeight + rows * sizes.rowHeight + frame + 1 + bar};
}

int CacheGridView::preferredRows() const {
    return displayStyleOf(*this).presentation ? kPreferredRowsPresenting : kPreferredRows;
}

int CacheGridView::preferredWidth() const { return widthWithCells(metrics().fullCellWidth); }

int CacheGridView::widestUsefulWidth() const { return widthWithCells(metrics().widestCellWidth); }

int CacheGridView::widthWithCells(int cellWidth) const {
    const int rows = int(std::clamp<std::uint64_t>(setCount(), 1, preferredRows()));
    const int bar = setCount() > std::uint64_t(rows) ? verticalScrollBar()->sizeHint().width() : 0;
    return metrics().labelWidth + int(std::max(1u, wayCount())) * cellWidth + 2 * frameWidth() +
           bar;
}

QSize CacheGridView::minimumSizeHint() const {
    const Metrics sizes = metrics();
    const int rows = int(std::clamp<std::uint64_t>(setCount(), 1, kLeastRows));
    return {sizes.labelWidth + 2 * sizes.cellWidth,
            sizes.headerHeight + rows * sizes.rowHeight + 2 * frameWidth() + 1};
}

void CacheGridView::updateScrollBars() {
    const Metrics sizes = metrics();
    const int rows = std::max(1, (viewport()->height() - sizes.headerHeight) / sizes.rowHeight);
    const std::uint64_t sets = setCount();
    const int hiddenRows = sets > std::uint64_t(rows) ? int(sets - std::uint64_t(rows)) : 0;
    verticalScrollBar()->setRange(0, hiddenRows);
    verticalScrollBar()->setPageStep(rows);
    verticalScrollBar()->setSingleStep(1);
    const int width = sizes.labelWidth + int(std::max(1u, wayCount())) * sizes.cellWidth;
    horizontalScrollBar()->setRange(0, std::max(0, width - viewport()->width()));
    horizontalScrollBar()->setPageStep(viewport()->width());
    horizontalScrollBar()->setSingleStep(sizes.cellWidth / 2);
}

void CacheGridView::scrollToCurrentSet() {
    if (!currentSet_) return;
    const std::uint64_t first = firstShownSet();
    const std::uint64_t rows = shownRowCount();
    if (*currentSet_ < first || *currentSet_ >= first + rows) {
        // The current set in the middle of the window, so its neighbours show too.
        const std::uint64_t wanted = *currentSet_ > rows / 2 ? *currentSet_ - rows / 2 : 0;
        verticalScrollBar()->setValue(int(std::min<std::uint64_t>(wanted, INT32_MAX)));
    }
    // And the way it hit or filled, when the ways are more than fit (a fully associative level).
    const auto marked = std::find_if(marks_.begin(), marks_.end(), [this](const auto& entry) {
        return entry.first.first == *currentSet_;
    });
    if (marked == marks_.end()) return;
    const Metrics sizes = metrics();
    const int cellsWidth = viewport()->width() - sizes.labelWidth;
    const int left = int(marked->first.second) * sizes.cellWidth;
    const int scrolled = horizontalScrollBar()->value();
    if (left < scrolled || left + sizes.cellWidth > scrolled + cellsWidth) {
        horizontalScrollBar()->setValue(left - (cellsWidth - sizes.cellWidth) / 2);
    }
}

void CacheGridView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
    scrollToCurrentSet();
}

void CacheGridView::changeEvent(QEvent* event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        updateScrollBars();
        updateGeometry();
        viewport()->update();
        emit widthsChanged();
    }
}

void CacheGridView::scrollContentsBy(int, int) { viewport()->update(); }

bool CacheGridView::viewportEvent(QEvent* event) {
    if (event->type() != QEvent::ToolTip || !steps_)
        return QAbstractScrollArea::viewportEvent(event);
    // Everything about the way under the pointer, the line address included when the cell is
    // too narrow to show it.
    const auto* help = static_cast<QHelpEvent*>(event);
    const Metrics sizes = metrics();
    const int x = help->pos().x() + horizontalScrollBar()->value() - sizes.labelWidth;
    const int y = help->pos().y() - sizes.headerHeight;
    if (x < 0 || y < 0) {
        QToolTip::hideText();
        return true;
    }
    const std::uint64_t set = firstShownSet() + std::uint64_t(y / sizes.rowHeight);
    const auto way = std::uint32_t(x / sizes.cellWidth);
    if (set >= setCount() || way >= wayCount()) {
        QToolTip::hideText();
        return true;
    }
    const memory::CacheLineState shown = line(set, way);
    const std::uint64_t lineBytes = steps_->config().levels.at(level_).lineBytes;
    QString text = tr("set %1, way %2: ").arg(set).arg(way);
    text += shown.valid ? tr("tag %1, bytes %2 to %3%4, recency %5")
                              .arg(CacheText::hex(shown.tag), CacheText::hex(shown.lineAddress),
                                   CacheText::hex(shown.lineAddress + lineBytes - 1),
                                   shown.dirty ? tr(", dirty") : QString())
                              .arg(shown.recency)
                        : tr("empty");
    QToolTip::showText(help->globalPos(), text, viewport());
    return true;
}

void CacheGridView::paintEvent(QPaintEvent*) {
    QPainter painter(viewport());
    const QPalette& colors = palette();
    painter.fillRect(viewport()->rect(), colors.color(QPalette::Base));
    if (!steps_) return;
    const Metrics sizes = metrics();
    const std::uint64_t first = firstShownSet();
    const std::uint64_t rows =
        std::min<std::uint64_t>(shownRowCount() + 1, setCount() - std::min(first, setCount()));
    // Only the ways in view are drawn (a fully associative level may have thousands); the set
    // labels stay at the left while the ways scroll.
    const int scrolled = horizontalScrollBar()->value();
    const auto firstWay = std::uint32_t(scrolled / sizes.cellWidth);
    const std::uint32_t endWay = std::min<std::uint32_t>(
        wayCount(), firstWay + std::uint32_t(viewport()->width() / sizes.cellWidth) + 2);
    const auto cellLeft = [&](std::uint32_t way) {
        return sizes.labelWidth + int(way) * sizes.cellWidth - scrolled;
    };
    std::vector<std::vector<memory::CacheLineState>> shown;
    for (std::uint64_t row = 0; row < rows; ++row) {
        shown.push_back(steps_->state().setContents(level_, first + row));
    }

    // The widest tag and line address in view set the cell width from now on (never narrower
    // while this level is shown, so cells do not jump about while stepping).
    int widestTag = widestTagDigits_;
    int widestLine = widestLineDigits_;
    for (const auto& lines : shown) {
        for (std::uint32_t way = firstWay; way < endWay && way < lines.size(); ++way) {
            if (!lines[way].valid) continue;
            widestTag = std::max(widestTag, int(CacheText::hex(lines[way].tag).size()) - 2);
            widestLine =
                std::max(widestLine, int(CacheText::hex(lines[way].lineAddress).size()) - 2);
        }
    }
    if (widestTag != widestTagDigits_ || widestLine != widestLineDigits_) {
        widestTagDigits_ = widestTag;
        widestLineDigits_ = widestLine;
        updateScrollBars();
        updateGeometry();
        viewport()->update();
        emit widthsChanged();
        return;
    }

    painter.save();
    painter.setClipRect(QRect(sizes.labelWidth, 0, viewport()->width(), viewport()->height()));
    painter.setFont(sizes.labelFont);
    painter.setPen(colors.color(QPalette::Text));
    for (std::uint32_t way = firstWay; way < endWay; ++way) {
        painter.drawText(QRect(cellLeft(way), 0, sizes.cellWidth, sizes.headerHeight),
                         Qt::AlignCenter, tr("way %1").arg(way));
    }
    const CacheCellFonts fonts{sizes.tagFont, sizes.smallFont, sizes.padding};
    for (std::uint64_t row = 0; row < rows; ++row) {
        const std::uint64_t set = first + row;
        const int top = sizes.headerHeight + int(row) * sizes.rowHeight;
        if (currentSet_ == set) {
            const int right = std::min(viewport()->width(), cellLeft(wayCount()));
            painter.fillRect(QRect(0, top, right, sizes.rowHeight),
                             memoryFill(MemoryRole::Highlight, colors));
        }
        const std::vector<memory::CacheLineState>& lines = shown[row];
        for (std::uint32_t way = firstWay; way < endWay && way < lines.size(); ++way) {
            CacheCellLook look;
            look.line = lines[way];
            look.mark = markOf(set, way);
            look.evictedLine = evictedAt(set, way);
            look.flashProgress = flash_->currentValue().toDouble();
            look.showsLineAddress = sizes.showsLineAddress;
            const QRect cell(cellLeft(way), top, sizes.cellWidth, sizes.rowHeight);
            paintCacheCell(painter, cell.adjusted(2, 2, -2, -2), look, fonts, colors);
        }
    }
    painter.restore();

    for (std::uint64_t row = 0; row < rows; ++row) {
        const std::uint64_t set = first + row;
        const int top = sizes.headerHeight + int(row) * sizes.rowHeight;
        const bool current = currentSet_ == set;
        const QRect label(0, top, sizes.labelWidth, sizes.rowHeight);
        painter.fillRect(label, current ? memoryFill(MemoryRole::Highlight, colors)
                                        : colors.color(QPalette::Base));
        QFont font = sizes.labelFont;
        font.setBold(current);
        painter.setFont(font);
        painter.setPen(colors.color(QPalette::Text));
        painter.drawText(label.adjusted(sizes.padding, 0, -2 * sizes.padding, 0),
                         Qt::AlignRight | Qt::AlignVCenter, tr("set %1").arg(set));
        if (current) {
            const int right = std::min(viewport()->width(), cellLeft(wayCount()));
            painter.setPen(QPen(memoryColor(MemoryRole::Highlight, colors), 2));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(QRect(0, top, right, sizes.rowHeight).adjusted(1, 1, -1, -1));
        }
    }
}

}  // namespace mlsyslab::widgets
