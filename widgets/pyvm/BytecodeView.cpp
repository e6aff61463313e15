#include "pyvm/BytecodeView.h"

#include <QEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <algorithm>

#include "pyvm/CodeFont.h"
#include "pyvm/PyVmColors.h"

namespace mlsyslab::widgets {

namespace {
// A jump arrow's lanes fan out to the left of the `>>` markers; past this many, arrows share the
// outermost lane (a lesson's program rarely has more nested loops than that).
constexpr int kMostArrowLanes = 5;
constexpr double kStrongArrowWidth = 3.0;
constexpr double kQuietArrowWidth = 1.2;
// Rows visible when the pane asks for its natural size.
constexpr int kPreferredRows = 10;
constexpr int kSmallestRows = 6;

int digitsOf(int value) { return int(QString::number(std::max(0, value)).size()); }

QString toQString(const std::string& text) { return QString::fromStdString(text); }
}  // namespace

BytecodeView::BytecodeView(QWidget* parent) : QAbstractScrollArea(parent) {
    setFocusPolicy(Qt::NoFocus);
    viewport()->setBackgroundRole(QPalette::Base);
    viewport()->setAutoFillBackground(true);
    layOut();
}

void BytecodeView::setListing(std::shared_ptr<const BytecodeListing> listing) {
    listing_ = std::move(listing);
    currentRow_ = -1;
    layOut();
    verticalScrollBar()->setValue(0);
    viewport()->update();
}

void BytecodeView::setCurrent(const pyvm::CodeObject* code, int instruction) {
    const int row = listing_ && code != nullptr ? listing_->rowOf(code, instruction) : -1;
    if (row == currentRow_) return;
    currentRow_ = row;
    if (row >= 0) {
        const QRect shown = rowRect(row);
        const int margin = rowHeight_;
        if (shown.top() < margin || shown.bottom() > viewport()->height() - margin) {
            // Off screen: show its section from the `== name` header when that fits, else put
            // the row a third of the way down, so what follows is visible too.
            int header = row;
            while (header > 0 && listing_->rows[std::size_t(header)].kind !=
                                     BytecodeRow::Kind::Header) {
                --header;
            }
            const bool headerFits = (row - header + 2) * rowHeight_ <= viewport()->height();
            verticalScrollBar()->setValue(headerFits ? header * rowHeight_
                                                     : row * rowHeight_ - viewport()->height() / 3);
        }
    }
    viewport()->update();
}

QString BytecodeView::currentRowText() const { return rowText(currentRow_); }

int BytecodeView::rowCount() const { return listing_ ? int(listing_->rows.size()) : 0; }

QString BytecodeView::rowText(int row) const {
    return listing_ ? toQString(listing_->rowText(row)) : QString();
}

bool BytecodeView::isJumpTarget(int row) const {
    return listing_ && row >= 0 && row < rowCount() && listing_->rows[std::size_t(row)].jumpTarget;
}

QRect BytecodeView::rowRect(int row) const {
    return {-horizontalScrollBar()->value(), row * rowHeight_ - verticalScrollBar()->value(),
            std::max(contentWidth_, viewport()->width()), rowHeight_};
}

QSize BytecodeView::sizeHint() const {
    const int frame = 2 * frameWidth();
    return {contentWidth_ + frame + verticalScrollBar()->sizeHint().width(),
            kPreferredRows * rowHeight_ + frame};
}

QSize BytecodeView::minimumSizeHint() const {
    const QFontMetrics metrics(codeFont(font()));
    return {metrics.horizontalAdvance(u'M') * 24, kSmallestRows * rowHeight_ + 2 * frameWidth()};
}

void BytecodeView::layOut() {
    const QFontMetrics metrics(codeFont(font()));
    const int character = metrics.horizontalAdvance(u'M');
    characterWidth_ = character;
    // A little air between rows: the band must not touch the next row's text.
    rowHeight_ = metrics.lineSpacing() + metrics.lineSpacing() / 4;

    int highestLine = 0;
    int highestIndex = 0;
    int longestName = 6;
    int longestArgument = 0;
    arrows_.clear();
    if (listing_) {
        for (int row = 0; row < int(listing_->rows.size()); ++row) {
            const BytecodeRow& shown = listing_->rows[std::size_t(row)];
            if (shown.kind == BytecodeRow::Kind::Header) continue;
            highestLine = std::max(highestLine, shown.line);
            highestIndex = std::max(highestIndex, shown.instruction);
            longestName = std::max(longestName, int(shown.opname.size()));
            longestArgument =
                std::max(longestArgument, int(toQString(shown.argument).size()));
            if (shown.jumpTargetRow >= 0) arrows_.push_back({row, shown.jumpTargetRow, 0});
        }
    }
    // Shorter jumps take the inner lanes, so arrows nest instead of crossing.
    std::sort(arrows_.begin(), arrows_.end(), [](const Arrow& left, const Arrow& right) {
        return std::abs(left.toRow - left.fromRow) < std::abs(right.toRow - right.fromRow);
    });
    std::vector<std::vector<std::pair<int, int>>> lanes;
    for (Arrow& arrow : arrows_) {
        const int top = std::min(arrow.fromRow, arrow.toRow);
        const int bottom = std::max(arrow.fromRow, arrow.toRow);
        int lane = 0;
        for (; lane < int(lanes.size()); ++lane) {
            const bool free = std::none_of(lanes[std::size_t(lane)].begin(),
                                           lanes[std::size_t(lane)].end(), [&](const auto& span) {
                                               return span.first <= bottom && top <= span.second;
                                           });
            if (free) break;
        }
        lane = std::min(lane, kMostArrowLanes - 1);
        if (lane >= int(lanes.size())) lanes.resize(std::size_t(lane) + 1);
        lanes[std::size_t(lane)].push_back({top, bottom});
        arrow.lane = lane;
    }
    laneCount_ = int(lanes.size());

    lineColumnX_ = character / 2;
    arrowsX_ = lineColumnX_ + character * (digitsOf(highestLine) + 1);
    markerX_ = arrowsX_ + character * laneCount_ + character / 2;
    indexX_ = markerX_ + character * 3;
    opnameX_ = indexX_ + character * (digitsOf(highestIndex) + 2);
    argumentX_ = opnameX_ + character * (longestName + 2);
    contentWidth_ = argumentX_ + character * (longestArgument + 1);
    updateScrollBars();
    updateGeometry();
}

void BytecodeView::updateScrollBars() {
    const int contentHeight = rowCount() * rowHeight_;
    verticalScrollBar()->setRange(0, std::max(0, contentHeight - viewport()->height()));
    verticalScrollBar()->setPageStep(viewport()->height());
    verticalScrollBar()->setSingleStep(rowHeight_);
    horizontalScrollBar()->setRange(0, std::max(0, contentWidth_ - viewport()->width()));
    horizontalScrollBar()->setPageStep(viewport()->width());
}

void BytecodeView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
}

void BytecodeView::changeEvent(QEvent* event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange) layOut();
}

void BytecodeView::paintArrow(QPainter& painter, const Arrow& arrow, bool strong) const {
    const QColor colour = strong ? pyVmColor(PyVmRole::JumpArrow, palette())
                                 : quietTextColor(palette());
    QPen pen(colour, strong ? kStrongArrowWidth : kQuietArrowWidth);
    pen.setJoinStyle(Qt::RoundJoin);
    painter.setPen(pen);
    const int character = characterWidth_;
    // Lane 0 is the innermost, next to the markers.
    const double x = arrowsX_ + (laneCount_ - 1 - arrow.lane) * character + character / 2.0 -
                     horizontalScrollBar()->value();
    const double end = markerX_ - 2.0 - horizontalScrollBar()->value();
    const double fromY = rowRect(arrow.fromRow).center().y();
    const double toY = rowRect(arrow.toRow).center().y();
    QPainterPath path(QPointF(end, fromY));
    path.lineTo(x, fromY);
    path.lineTo(x, toY);
    path.lineTo(end, toY);
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(path);
    const double head = strong ? character * 0.6 : character * 0.4;
    QPolygonF arrowhead;
    arrowhead << QPointF(end, toY) << QPointF(end - head, toY - head / 1.5)
              << QPointF(end - head, toY + head / 1.5);
    painter.setBrush(colour);
    painter.drawPolygon(arrowhead);
}

void BytecodeView::paintEvent(QPaintEvent*) {
    QPainter painter(viewport());
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette colors = palette();
    const QFont code = codeFont(font());
    QFont bold = code;
    bold.setBold(true);
    if (!listing_ || listing_->rows.empty()) {
        painter.setPen(quietTextColor(colors));
        painter.setFont(font());
        // No listing yet means the first run is still going; an empty one, a compile error.
        painter.drawText(viewport()->rect().adjusted(8, 8, -8, -8), Qt::AlignLeft | Qt::AlignTop,
                         listing_ ? tr("No bytecode: the program did not compile.")
                                  : tr("Running the program…"));
        return;
    }
    const int scrollX = horizontalScrollBar()->value();
    const int firstRow = std::max(0, verticalScrollBar()->value() / rowHeight_);
    const int lastRow = std::min(rowCount() - 1,
                                 (verticalScrollBar()->value() + viewport()->height()) / rowHeight_);
    if (currentRow_ >= 0) {
        painter.fillRect(rowRect(currentRow_), pyVmColor(PyVmRole::CurrentLine, colors));
    }
    for (const Arrow& arrow : arrows_) {
        if (arrow.fromRow != currentRow_) paintArrow(painter, arrow, false);
    }
    for (int row = firstRow; row <= lastRow; ++row) {
        const BytecodeRow& shown = listing_->rows[std::size_t(row)];
        const QRect box = rowRect(row);
        const auto cell = [&](int x, int width, const QString& text, int alignment) {
            painter.drawText(QRect(x - scrollX, box.top(), width, box.height()),
                             alignment | Qt::AlignVCenter, text);
        };
        if (shown.kind == BytecodeRow::Kind::Header) {
            painter.setFont(bold);
            painter.setPen(colors.color(QPalette::Text));
            if (row > 0) {
                painter.setPen(QPen(quietTextColor(colors), 1));
                painter.drawLine(box.left(), box.top(), box.right(), box.top());
                painter.setPen(colors.color(QPalette::Text));
            }
            cell(lineColumnX_, contentWidth_, toQString(shown.opname), Qt::AlignLeft);
            continue;
        }
        const bool current = row == currentRow_;
        painter.setFont(current ? bold : code);
        if (shown.line >= 0) {
            painter.setPen(quietTextColor(colors));
            cell(lineColumnX_, arrowsX_ - lineColumnX_, QString::number(shown.line), Qt::AlignLeft);
        }
        if (shown.jumpTarget) {
            painter.setPen(pyVmColor(PyVmRole::JumpArrow, colors));
            cell(markerX_, indexX_ - markerX_, QStringLiteral(">>"), Qt::AlignLeft);
        }
        painter.setPen(colors.color(QPalette::Text));
        cell(indexX_, opnameX_ - indexX_ - QFontMetrics(code).horizontalAdvance(u'M'),
             QString::number(shown.instruction), Qt::AlignRight);
        cell(opnameX_, argumentX_ - opnameX_, toQString(shown.opname), Qt::AlignLeft);
        cell(argumentX_, std::max(0, contentWidth_ - argumentX_), toQString(shown.argument),
             Qt::AlignLeft);
    }
    for (const Arrow& arrow : arrows_) {
        if (arrow.fromRow == currentRow_) paintArrow(painter, arrow, true);
    }
}

}  // namespace mlsyslab::widgets
