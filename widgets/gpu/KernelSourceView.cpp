#include "gpu/KernelSourceView.h"

#include <QEvent>
#include <QFontDatabase>
#include <QStringList>
#include <QTextBlock>

namespace mlsyslab::widgets {

namespace {

// Enough to show a branch and both its paths.
constexpr int kLeastLines = 6;

}  // namespace

KernelSourceView::KernelSourceView(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFocusPolicy(Qt::NoFocus);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    applyFont();
}

void KernelSourceView::showKernel(const gpu::KernelProgram& kernel) {
    QStringList lines;
    const auto digits = QString::number(kernel.sourceLines.size()).size();
    for (std::size_t line = 0; line < kernel.sourceLines.size(); ++line) {
        lines << QStringLiteral("%1  %2")
                     .arg(int(line + 1), int(digits))
                     .arg(QString::fromStdString(kernel.sourceLines[line]));
    }
    setPlainText(lines.join(QLatin1Char('\n')));
    highlightLine(-1);
}

void KernelSourceView::clearKernel() {
    clear();
    highlightLine(-1);
}

void KernelSourceView::highlightLine(int line) {
    highlightedLine_ = line;
    QList<QTextEdit::ExtraSelection> selections;
    const QTextBlock block = document()->findBlockByNumber(line);
    if (line >= 0 && block.isValid()) {
        QTextEdit::ExtraSelection selection;
        selection.format.setBackground(palette().color(QPalette::Highlight));
        selection.format.setForeground(palette().color(QPalette::HighlightedText));
        selection.format.setProperty(QTextFormat::FullWidthSelection, true);
        selection.cursor = QTextCursor(block);
        selections << selection;
        setTextCursor(QTextCursor(block));
        centerCursor();
    }
    setExtraSelections(selections);
}

void KernelSourceView::applyFont() {
    // The fixed-width family at the size the widget inherits, set on the document so that the
    // widget itself keeps following its parent's font.
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (font().pointSizeF() > 0) {
        mono.setPointSizeF(font().pointSizeF());
    } else {
        mono.setPixelSize(font().pixelSize());
    }
    document()->setDefaultFont(mono);
    setMinimumHeight(QFontMetrics(mono).lineSpacing() * kLeastLines);
}

void KernelSourceView::changeEvent(QEvent* event) {
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFont();
    // The highlight takes the palette's colours: presentation mode changes them.
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        highlightLine(highlightedLine_);
    }
}

}  // namespace mlsyslab::widgets
