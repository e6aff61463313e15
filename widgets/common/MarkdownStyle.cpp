#include "common/MarkdownStyle.h"

#include <QPalette>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <vector>

namespace mlsyslab::widgets {

namespace {

// The size step Qt's Markdown import gives a heading of this level, as for <h1> to <h6>: +3 for
// level 1 down to -2 for level 6, applied to the document's font.
int headingSizeAdjustment(int headingLevel) { return 4 - headingLevel; }

struct Run {
    int position = 0;
    int length = 0;
    QTextCharFormat format;
};

// Qt's Markdown import styles a heading only up to its first inline code: the code gets the
// system fixed font (a desktop size, normal weight) and the text after it the body's format. So
// every run takes the size and weight of its block: a heading's in a heading, the document's
// font (the body's) elsewhere. Code keeps its family and reads as large as the text around it,
// which the fixed font's desktop size does not once the text grows for a projector.
void sizeRunsByTheirBlock(QTextDocument& document) {
    std::vector<Run> runs;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        const int headingLevel = block.blockFormat().headingLevel();
        for (auto fragment = block.begin(); !fragment.atEnd(); ++fragment) {
            const QTextFragment piece = fragment.fragment();
            if (!piece.isValid()) continue;
            QTextCharFormat format = piece.charFormat();
            // A run without a size of its own is drawn at the document's, scaled by the
            // heading's step when it has one.
            format.clearProperty(QTextFormat::FontPointSize);
            format.clearProperty(QTextFormat::FontPixelSize);
            if (headingLevel > 0) {
                format.setProperty(QTextFormat::FontSizeAdjustment,
                                   headingSizeAdjustment(headingLevel));
                format.setFontWeight(QFont::Bold);
            }
            runs.push_back({piece.position(), piece.length(), format});
        }
    }
    // A change of format can merge fragments, so all runs are read before any is changed.
    QTextCursor cursor(&document);
    for (const Run& run : runs) {
        cursor.setPosition(run.position);
        cursor.setPosition(run.position + run.length, QTextCursor::KeepAnchor);
        cursor.setCharFormat(run.format);
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

void styleMarkdownDocument(QTextDocument& document, const QPalette& palette, double lineHeight) {
    sizeRunsByTheirBlock(document);
    spaceParagraphs(document, lineHeight);
    styleTables(document, palette, lineHeight);
}

}  // namespace mlsyslab::widgets
