#include "memory/AccessListView.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <algorithm>

#include "memory/CacheSteps.h"
#include "memory/CacheText.h"

namespace mlsyslab::widgets {

namespace {
// Enough rows to see a few accesses before and after the current one.
constexpr int kPreferredRows = 10;
constexpr int kLeastRows = 3;
constexpr int kPreferredCharacters = 52;
constexpr int kRowPadding = 4;  // pixels above and below a row's text
}  // namespace

AccessListView::AccessListView(QWidget* parent)
    : QAbstractScrollArea(parent), preferredRows_(kPreferredRows) {
    setFocusPolicy(Qt::NoFocus);  // the keyboard stays with the step controls
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setBackgroundRole(QPalette::Base);
    applyStyle();
}

AccessListView::~AccessListView() = default;

void AccessListView::showStep(std::shared_ptr<const CacheSteps> steps) {
    const bool newRun = steps != steps_;
    steps_ = std::move(steps);
    position_ = steps_ ? int(steps_->position()) : 0;
    if (newRun) updateScrollBar();
    scrollToCurrentRow();
    viewport()->update();
}

int AccessListView::rowCount() const { return steps_ ? int(steps_->accessCount()) : 0; }

QString AccessListView::rowText(int row) const {
    if (row < 0 || row >= rowCount()) return {};
    const auto access = std::size_t(row);
    return CacheText::listRow(access, steps_->run().accesses()[access],
                              row < position_ ? &steps_->outcomeOf(access) : nullptr,
                              steps_->config(), int(QString::number(rowCount()).size()));
}

int AccessListView::currentRow() const { return position_ - 1; }

int AccessListView::firstShownRow() const { return verticalScrollBar()->value(); }

int AccessListView::rowHeight() const { return QFontMetrics(codeFont_).height() + 2 * kRowPadding; }

int AccessListView::rowsInView() const { return std::max(1, viewport()->height() / rowHeight()); }

void AccessListView::updateScrollBar() {
    verticalScrollBar()->setRange(0, std::max(0, rowCount() - rowsInView()));
    verticalScrollBar()->setPageStep(rowsInView());
    verticalScrollBar()->setSingleStep(1);
}

void AccessListView::scrollToCurrentRow() {
    // In the middle, so that the accesses just made and those to come both show.
    const int current = std::max(0, currentRow());
    verticalScrollBar()->setValue(current - (rowsInView() - 1) / 2);
}

void AccessListView::setPreferredRows(int rows) {
    preferredRows_ = std::max(kLeastRows, rows);
    updateGeometry();
}

QSize AccessListView::sizeHint() const {
    const QFontMetrics metrics(codeFont_);
    return {metrics.horizontalAdvance(QLatin1Char('0')) * kPreferredCharacters,
            rowHeight() * preferredRows_ + 2 * frameWidth()};
}

QSize AccessListView::minimumSizeHint() const {
    const QFontMetrics metrics(codeFont_);
    return {metrics.horizontalAdvance(QLatin1Char('0')) * kPreferredCharacters / 2,
            rowHeight() * kLeastRows + 2 * frameWidth()};
}

void AccessListView::paintEvent(QPaintEvent*) {
    QPainter painter(viewport());
    const QPalette& colors = palette();
    const int height = rowHeight();
    const int first = firstShownRow();
    const int last = std::min(rowCount(), first + rowsInView() + 1);
    const int margin = QFontMetrics(codeFont_).horizontalAdvance(QLatin1Char(' '));
    for (int row = first; row < last; ++row) {
        const QRect band(0, (row - first) * height, viewport()->width(), height);
        QFont font = codeFont_;
        QColor ink = colors.color(QPalette::Text);
        if (row == currentRow()) {
            painter.fillRect(band, colors.color(QPalette::Highlight));
            ink = colors.color(QPalette::HighlightedText);
            font.setBold(true);
        } else if (row >= position_) {
            ink = colors.color(QPalette::PlaceholderText);  // not made yet
        }
        painter.setFont(font);
        painter.setPen(ink);
        const QRect text = band.adjusted(margin, 0, -margin, 0);
        painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter,
                         QFontMetrics(font).elidedText(rowText(row), Qt::ElideRight, text.width()));
    }
}

bool AccessListView::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int row = firstShownRow() + help->pos().y() / rowHeight();
        const QString text = rowText(row);
        if (text.isEmpty()) {
            QToolTip::hideText();
        } else {
            QToolTip::showText(help->globalPos(), text, viewport());
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void AccessListView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBar();
    scrollToCurrentRow();
}

void AccessListView::changeEvent(QEvent* event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyStyle();
    }
}

void AccessListView::applyStyle() {
    codeFont_ = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (font().pointSizeF() > 0) {
        codeFont_.setPointSizeF(font().pointSizeF());
    } else {
        codeFont_.setPixelSize(font().pixelSize());
    }
    updateScrollBar();
    updateGeometry();
    viewport()->update();
}

}  // namespace mlsyslab::widgets
