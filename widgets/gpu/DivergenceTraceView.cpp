#include "gpu/DivergenceTraceView.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <algorithm>

#include "common/ColorMix.h"
#include "gpu/LaneCells.h"
#include "gpu/WarpTimelineText.h"

namespace mlsyslab::widgets {

namespace {

// Steps still to come are drawn at this share of their colour, over the background.
constexpr double kFutureStrength = 0.35;
constexpr int kPreferredRows = 8;
constexpr int kPreferredColumns = 28;
constexpr int kLeastRows = 4;

}  // namespace

DivergenceTraceView::DivergenceTraceView(QWidget* parent) : QAbstractScrollArea(parent) {
    setFocusPolicy(Qt::NoFocus);  // the keyboard stays with the step controls
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
}

void DivergenceTraceView::setTrace(std::shared_ptr<const gpu::DivergenceTrace> trace,
                                   std::shared_ptr<const gpu::KernelProgram> kernel) {
    trace_ = std::move(trace);
    kernel_ = std::move(kernel);
    current_ = 0;
    updateScrollBar();
    scrollToCurrent();
    viewport()->update();
}

void DivergenceTraceView::setCurrentStep(int step) {
    current_ = step;
    scrollToCurrent();
    viewport()->update();
}

QFont DivergenceTraceView::codeFont() const {
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (font().pointSizeF() > 0) {
        mono.setPointSizeF(font().pointSizeF());
    } else {
        mono.setPixelSize(font().pixelSize());
    }
    return mono;
}

int DivergenceTraceView::rowHeight() const { return QFontMetrics(codeFont()).height() + 4; }

int DivergenceTraceView::laneCellsWidth() const {
    // Cells about a quarter of a line wide: 32 of them leave room for the operation beside them.
    return gpu::kWarpLanes * std::max(5, QFontMetrics(codeFont()).height() / 4);
}

QRect DivergenceTraceView::rowRect(int step) const {
    const int top = (step - verticalScrollBar()->value()) * rowHeight();
    return {0, top, viewport()->width(), rowHeight()};
}

QSize DivergenceTraceView::sizeHint() const {
    const QFontMetrics metrics(codeFont());
    // Number, line and the longest operation ("st.global.f32") beside the lanes.
    return {metrics.horizontalAdvance(QLatin1Char('0')) * kPreferredColumns + laneCellsWidth() +
                2 * frameWidth() + verticalScrollBar()->sizeHint().width(),
            rowHeight() * kPreferredRows + 2 * frameWidth()};
}

QSize DivergenceTraceView::minimumSizeHint() const {
    const QFontMetrics metrics(codeFont());
    return {metrics.horizontalAdvance(QLatin1Char('0')) * 14 + laneCellsWidth(),
            rowHeight() * kLeastRows + 2 * frameWidth()};
}

void DivergenceTraceView::updateScrollBar() {
    const int rows = trace_ ? int(trace_->steps.size()) : 0;
    const int shown = std::max(1, viewport()->height() / rowHeight());
    verticalScrollBar()->setRange(0, std::max(0, rows - shown));
    verticalScrollBar()->setPageStep(shown);
}

void DivergenceTraceView::scrollToCurrent() {
    const int shown = std::max(1, viewport()->height() / rowHeight());
    const int first = verticalScrollBar()->value();
    if (current_ >= first && current_ < first + shown) return;
    verticalScrollBar()->setValue(std::max(0, current_ - shown / 3));
}

void DivergenceTraceView::paintEvent(QPaintEvent*) {
    QPainter painter(viewport());
    const QPalette& colors = palette();
    const QColor base = colors.color(QPalette::Base);
    painter.fillRect(viewport()->rect(), base);
    if (!trace_ || !kernel_) return;
    const QFont code = codeFont();
    QFont codeBold = code;
    codeBold.setBold(true);
    const QFontMetrics metrics(code);
    const int padding = metrics.height() / 2;
    const int numberWidth = metrics.horizontalAdvance(QStringLiteral("000"));
    const int lineLeft = numberWidth + padding;
    const int lineWidth = metrics.horizontalAdvance(tr("L%1").arg(99));
    const int textLeft = lineLeft + lineWidth + padding;
    const int lanesWidth = laneCellsWidth();
    const int lanesLeft = std::max(textLeft, viewport()->width() - lanesWidth - padding);
    const int first = verticalScrollBar()->value();
    const int last =
        std::min(int(trace_->steps.size()), first + viewport()->height() / rowHeight() + 2);
    for (int step = first; step < last; ++step) {
        const gpu::DivergenceStep& entry = trace_->steps[std::size_t(step)];
        const QRect row = rowRect(step);
        const bool isCurrent = step == current_;
        const bool isFuture = step > current_;
        if (isCurrent) painter.fillRect(row, colors.color(QPalette::Highlight));
        const QColor ink = isCurrent ? colors.color(QPalette::HighlightedText)
                           : isFuture
                               ? mixedColor(base, colors.color(QPalette::Text), kFutureStrength)
                               : colors.color(QPalette::Text);
        painter.setPen(ink);
        painter.setFont(isCurrent ? codeBold : code);
        painter.drawText(QRect(row.left(), row.top(), numberWidth, row.height()),
                         Qt::AlignRight | Qt::AlignVCenter, QString::number(step + 1));
        const int line = sourceLineOf(entry.pc);
        if (line >= 0) {
            painter.drawText(QRect(lineLeft, row.top(), lineWidth, row.height()),
                             Qt::AlignLeft | Qt::AlignVCenter, tr("L%1").arg(line + 1));
        }
        // The operation alone ("mul.f32"): the whole instruction is above the view and in the
        // row's tooltip, and the lanes need the room.
        const QRect textArea(textLeft, row.top(), std::max(0, lanesLeft - textLeft - padding),
                             row.height());
        painter.drawText(
            textArea, Qt::AlignLeft | Qt::AlignVCenter,
            metrics.elidedText(operationOf(entry.pc), Qt::ElideRight, textArea.width()));
        const QRect lanes(lanesLeft, row.top() + 3, lanesWidth, row.height() - 6);
        if (isFuture) painter.setOpacity(kFutureStrength);
        paintLaneCells(painter, lanes, entry.activeMask, trace_->existingMask, colors);
        painter.setOpacity(1.0);
    }
}

int DivergenceTraceView::sourceLineOf(int pc) const {
    if (!kernel_ || pc < 0 || pc >= int(kernel_->code.size())) return -1;
    return kernel_->code[std::size_t(pc)].sourceLine;
}

QString DivergenceTraceView::operationOf(int pc) const {
    if (!kernel_) return {};
    const QString text = WarpTimelineText::instructionText(*kernel_, pc);
    // A predicated instruction ("@!r5 bra ELSE") keeps its predicate with the operation.
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.isEmpty()) return {};
    if (words.size() > 1 && words.front().startsWith(QLatin1Char('@'))) {
        return words[0] + QLatin1Char(' ') + words[1];
    }
    // A label before the operation ("ELSE: add.f32 ...") is left out: the line says where.
    if (words.size() > 1 && words.front().endsWith(QLatin1Char(':'))) return words[1];
    return words.front();
}

void DivergenceTraceView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBar();
    scrollToCurrent();
}

void DivergenceTraceView::scrollContentsBy(int, int) { viewport()->update(); }

void DivergenceTraceView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton && trace_) {
        const int step = verticalScrollBar()->value() + int(event->position().y()) / rowHeight();
        if (step >= 0 && step < int(trace_->steps.size())) {
            emit stepClicked(step);
            return;
        }
    }
    QAbstractScrollArea::mousePressEvent(event);
}

bool DivergenceTraceView::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip && trace_ && kernel_) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int step = verticalScrollBar()->value() + help->pos().y() / rowHeight();
        if (step >= 0 && step < int(trace_->steps.size())) {
            const gpu::DivergenceStep& entry = trace_->steps[std::size_t(step)];
            QToolTip::showText(help->globalPos(),
                               tr("Instruction %1, cycle %2: %3\nlanes %4 ran it")
                                   .arg(step + 1)
                                   .arg(entry.cycle)
                                   .arg(WarpTimelineText::instructionText(*kernel_, entry.pc))
                                   .arg(laneList(entry.activeMask)),
                               viewport());
            return true;
        }
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void DivergenceTraceView::changeEvent(QEvent* event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        updateGeometry();
        updateScrollBar();
    }
}

}  // namespace mlsyslab::widgets
