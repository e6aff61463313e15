#include "common/MarkdownView.h"

#include <QEvent>
#include <QTextDocument>
#include <cmath>

#include "common/MarkdownStyle.h"

namespace mlsyslab::widgets {

MarkdownView::MarkdownView(const QString& markdown, QWidget* parent) : QTextBrowser(parent) {
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setOpenExternalLinks(true);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    // The page behind shows through: prose is not a text box.
    viewport()->setAutoFillBackground(false);
    setFocusPolicy(Qt::NoFocus);
    document()->setDocumentMargin(0);
    setMarkdownText(markdown);
}

void MarkdownView::setMarkdownText(const QString& markdown) {
    markdown_ = markdown;
    render();
}

void MarkdownView::render() {
    QTextDocument& document = *this->document();
    document.setDefaultFont(font());
    document.setMarkdown(markdown_, QTextDocument::MarkdownDialectGitHub);
    styleMarkdownDocument(document, palette(), fontMetrics().height());
    updateGeometry();
}

int MarkdownView::heightForWidth(int width) const {
    QTextDocument* document = this->document();
    const int margins = 2 * frameWidth() + contentsMargins().left() + contentsMargins().right();
    const qreal oldWidth = document->textWidth();
    document->setTextWidth(std::max(1, width - margins));
    const int height = static_cast<int>(std::ceil(document->size().height())) + 2 * frameWidth() +
                       contentsMargins().top() + contentsMargins().bottom();
    document->setTextWidth(oldWidth);
    return height;
}

QSize MarkdownView::sizeHint() const {
    const int width = std::max(QTextBrowser::sizeHint().width(), this->width());
    return {width, heightForWidth(width)};
}

QSize MarkdownView::minimumSizeHint() const { return {fontMetrics().averageCharWidth() * 20, 0}; }

void MarkdownView::resizeEvent(QResizeEvent* event) {
    QTextBrowser::resizeEvent(event);
    const int wanted = heightForWidth(width());
    if (wanted != height()) updateGeometry();
}

void MarkdownView::changeEvent(QEvent* event) {
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) render();
}

}  // namespace mlsyslab::widgets
