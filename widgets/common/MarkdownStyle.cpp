#include "common/MarkdownStyle.h"

#include <QPalette>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <vector>

#include "common/ColorMix.h"

namespace mlsyslab::widgets {

namespace {

// The air below a paragraph, and around a code block, in lines of body text.
constexpr double kParagraphGapLines = 0.45;
// The room between a code block's box and its text, in lines of body text.
constexpr double kCodePaddingLines = 0.4;

// How much of the text colour tints a code block's box: enough to see the box on the page, too
// little to cost the code's contrast (black on #EDEDED in the presentation palette).
constexpr double kCodeTintShare = 0.07;

// The size step Qt's Markdown import gives a heading of this level, as for <h1> to <h6>: +3 for
// level 1 down to -2 for level 6, applied to the document's font.
int headingSizeAdjustment(int headingLevel) { return 4 - headingLevel; }

// Qt's Markdown import marks each line of a fenced or indented code block with the block's
// language (empty when the fence names none).
bool isCodeLine(const QTextBlock& block) {
    return block.blockFormat().hasProperty(QTextFormat::BlockCodeLanguage);
}

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

// Air between paragraphs, as on a slide; list items and the lines of a code block stay together.
void spaceParagraphs(QTextDocument& document, double lineHeight) {
    QTextCursor cursor(&document);
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        if (block.textList() != nullptr || isCodeLine(block)) continue;
        QTextBlockFormat format = block.blockFormat();
        format.setBottomMargin(std::max(format.bottomMargin(), lineHeight * kParagraphGapLines));
        cursor.setPosition(block.position());
        cursor.setBlockFormat(format);
    }
}

// A faint wash of the text colour over the page the prose is drawn on (the view leaves its own
// background unfilled): darker on light palettes, lighter on dark ones.
QColor codeBackground(const QPalette& palette) {
    return mixedColor(palette.color(QPalette::Window), palette.color(QPalette::Text),
                      kCodeTintShare);
}

struct Span {
    int start = 0;
    int end = 0;
};

// Puts the selected lines in a frame of the given format, and nothing else. QTextCursor's
// insertFrame splits the blocks around the selection: that leaves an empty paragraph, a line
// tall, before and after the frame, and moves the first line's block format to the one before.
void frameLines(QTextCursor cursor, const QTextFrameFormat& format) {
    QTextDocument& document = *cursor.document();
    const QTextBlockFormat firstLineFormat =
        document.findBlock(cursor.selectionStart()).blockFormat();
    const QTextFrame* frame = cursor.insertFrame(format);
    QTextCursor edit(&document);
    edit.setPosition(frame->firstPosition());
    edit.setBlockFormat(firstLineFormat);
    // Each empty paragraph joins its neighbour away from the frame where a paragraph separator
    // is all that lies between them (not where the neighbour is a table, or there is none).
    const auto joinAt = [&document, &edit](int separator) {
        if (document.characterAt(separator) != QChar::ParagraphSeparator) return;
        edit.setPosition(separator);
        edit.deleteChar();
    };
    const QTextBlock emptyAfter = document.findBlock(frame->lastPosition() + 1);
    if (emptyAfter.text().isEmpty() && emptyAfter.next().isValid()) {
        joinAt(emptyAfter.position());
    }
    const QTextBlock emptyBefore = document.findBlock(frame->firstPosition() - 1);
    if (emptyBefore.text().isEmpty() && emptyBefore.previous().isValid()) {
        joinAt(emptyBefore.position() - 1);
    } else if (emptyBefore.text().isEmpty()) {
        // The document starts with the code: the empty paragraph cannot go, so it takes no room.
        QTextBlockFormat noRoom;
        noRoom.setLineHeight(0, QTextBlockFormat::FixedHeight);
        edit.setPosition(emptyBefore.position());
        edit.setBlockFormat(noRoom);
    }
}

// Each code block goes into a frame of its own, which paints the tint behind all its lines and
// pads them: a block's own background covers its text only, leaving the code against the edge.
void boxCodeBlocks(QTextDocument& document, const QPalette& palette, double lineHeight) {
    std::vector<Span> codeBlocks;
    bool previousWasCode = false;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        const bool code = isCodeLine(block);
        const int endOfText = block.position() + block.length() - 1;
        if (code && previousWasCode) {
            codeBlocks.back().end = endOfText;
        } else if (code) {
            codeBlocks.push_back({block.position(), endOfText});
        }
        previousWasCode = code;
    }
    QTextFrameFormat format;
    format.setBackground(codeBackground(palette));
    format.setPadding(lineHeight * kCodePaddingLines);
    // Qt drops the margin of the paragraph above a frame, so the frame keeps the gap itself.
    format.setTopMargin(lineHeight * kParagraphGapLines);
    format.setBottomMargin(lineHeight * kParagraphGapLines);
    // Last first, so that the frames inserted do not move the code blocks still to box.
    for (auto span = codeBlocks.rbegin(); span != codeBlocks.rend(); ++span) {
        QTextCursor cursor(&document);
        cursor.setPosition(span->start);
        cursor.setPosition(span->end, QTextCursor::KeepAnchor);
        frameLines(cursor, format);
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
    boxCodeBlocks(document, palette, lineHeight);
    styleTables(document, palette, lineHeight);
}

}  // namespace mlsyslab::widgets
