#include "common/MarkdownView.h"

#include <QEvent>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <cmath>

namespace mlsyslab::widgets {

namespace {

// Qt's Markdown import gives code the system fixed font at its own (desktop) size, which
// stays small when the text around it grows: give every fixed-pitch run the body size.
void matchCodeSizeToText(QTextDocument& document, double pointSize) {
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        for (auto fragment = block.begin(); !fragment.atEnd(); ++fragment) {
            const QTextFragment piece = fragment.fragment();
            if (!piece.isValid() || !piece.charFormat().fontFixedPitch()) continue;
            QTextCursor cursor(&document);
            cursor.setPosition(piece.position());
            cursor.setPosition(piece.position() + piece.length(), QTextCursor::KeepAnchor);
            QTextCharFormat format;
            format.setFontPointSize(pointSize);
            cursor.mergeCharFormat(format);
        }
    }
}

// Air between paragraphs, as on a slide; list items stay close together.
void spaceParagraphs(QTextDocument& document, double lineHeight) {
    QTextCursor cursor(&document);
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        if (block.textList() != nullptr) continue;
        QTextBlockFormat format = block.blockFormat();
        format.setBottomMargin(std::max(format.bottomMargin(), lineHeight * 0.45));
        cursor.setPosition(block.position());
        cursor.setBlockFormat(format);
    }
}

void styleTables(QTextDocument& document, const QPalette& palette, double lineHeight) {
    for (QTextFrame* frame : document.rootFrame()->childFrames()) {
        auto* table = qobject_cast<QTextTable*>(frame);
        if (table == nullptr) continue;
        QTextTableFormat format = table->format();
        format.setBorder(1);
        format.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
        format.setBorderBrush(palette.brush(QPalette::Mid));
        format.setBorderCollapse(true);
        format.setCellSpacing(0);
        format.setCellPadding(lineHeight * 0.3);
        format.setTopMargin(lineHeight * 0.3);
        format.setBottomMargin(lineHeight * 0.3);
        table->setFormat(format);
    }
}

}  // namespace

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
    matchCodeSizeToText(document, font().pointSizeF() > 0 ? font().pointSizeF() : 10.0);
    spaceParagraphs(document, fontMetrics().height());
    styleTables(document, palette(), fontMetrics().height());
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
