#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QtTest>
#include <cmath>
#include <vector>

#include "common/DisplayStyle.h"
#include "common/MarkdownView.h"

using mlsyslab::widgets::MarkdownView;
using mlsyslab::widgets::paletteFor;
using mlsyslab::widgets::presentationStyle;

namespace {

struct Run {
    QString text;
    QFont font;  // as drawn: the run's format resolved against the document's font
    bool code = false;
};

std::vector<Run> runsOf(const QTextBlock& block) {
    std::vector<Run> runs;
    for (auto it = block.begin(); !it.atEnd(); ++it) {
        const QTextCharFormat format = it.fragment().charFormat();
        runs.push_back({it.fragment().text(), format.font(), format.fontFixedPitch()});
    }
    return runs;
}

QTextBlock blockStartingWith(const QTextDocument& document, const QString& start) {
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        if (block.text().startsWith(start)) return block;
    }
    qWarning("no block starts with %s", qPrintable(start));
    return {};
}

// WCAG 2 relative luminance and contrast ratio.
double luminance(const QColor& color) {
    const auto channel = [](double value) {
        return value <= 0.03928 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) +
           0.0722 * channel(color.blueF());
}

double contrast(const QColor& a, const QColor& b) {
    const double lighter = std::max(luminance(a), luminance(b));
    const double darker = std::min(luminance(a), luminance(b));
    return (lighter + 0.05) / (darker + 0.05);
}

// The frame a block is drawn in: the document's root frame unless something boxes it.
QTextFrame* frameOf(const QTextBlock& block) { return QTextCursor(block).currentFrame(); }

const QString kCodeBlock =
    QStringLiteral("Before.\n\n```python\nx = 1\ny = 2\nz = 3\n```\n\nAfter.");

void setPointSize(MarkdownView& view, double pointSize) {
    QFont font = view.font();
    font.setPointSizeF(pointSize);
    view.setFont(font);
}

}  // namespace

class TestMarkdownView : public QObject {
    Q_OBJECT
private slots:
    void rendersMarkdown() {
        MarkdownView view("# Title\n\nSome **bold** text.");
        QCOMPARE(view.toPlainText(), QString("Title\nSome bold text."));
        QCOMPARE(view.markdownText(), QString("# Title\n\nSome **bold** text."));
    }

    void isAsTallAsItsTextAtEveryWidth() {
        MarkdownView view(QString("A sentence that wraps when the view is narrow. ").repeated(20));
        const int wide = view.heightForWidth(1200);
        const int narrow = view.heightForWidth(300);
        QVERIFY(wide > 0);
        QVERIFY2(narrow >= 2 * wide, qPrintable(QString("%1 vs %2").arg(narrow).arg(wide)));
        QVERIFY(view.hasHeightForWidth());
    }

    void codeHasTheSizeOfTheTextAroundIt() {
        MarkdownView view;
        setPointSize(view, 21);
        view.setMarkdownText("Text and `code` together.");
        bool sawCode = false;
        for (const Run& run : runsOf(view.document()->begin())) {
            sawCode = sawCode || run.code;
            QCOMPARE(run.font.pointSizeF(), 21.0);
            QCOMPARE(run.font.weight(), QFont::Normal);
        }
        QVERIFY(sawCode);
    }

    void codeInAHeadingHasTheHeadingsSizeAndWeight_data() {
        QTest::addColumn<QString>("heading");
        QTest::newRow("code in the middle") << "## Step 2: `LOAD_FAST` pushes a local";
        QTest::newRow("code first") << "# `RETURN_VALUE` and `STORE_NAME result`";
        QTest::newRow("code last") << "### Step 4: `CALL 2`";
        QTest::newRow("bold and code") << "## A **bold** word and `code`";
    }
    void codeInAHeadingHasTheHeadingsSizeAndWeight() {
        QFETCH(QString, heading);
        MarkdownView view;
        setPointSize(view, 12);
        view.setMarkdownText(heading + "\n\nBody text.");
        const std::vector<Run> headingRuns = runsOf(view.document()->begin());
        const std::vector<Run> bodyRuns = runsOf(blockStartingWith(*view.document(), "Body"));
        QVERIFY(headingRuns.size() >= 2);
        QCOMPARE(bodyRuns.size(), std::size_t{1});
        const double headingSize = headingRuns.front().font.pointSizeF();
        QVERIFY2(headingSize > bodyRuns.front().font.pointSizeF(),
                 qPrintable(QString::number(headingSize)));
        bool sawCode = false;
        for (const Run& run : headingRuns) {
            sawCode = sawCode || run.code;
            QVERIFY2(run.font.pointSizeF() == headingSize,
                     qPrintable(QString("'%1' at %2 pt, the heading at %3 pt")
                                    .arg(run.text)
                                    .arg(run.font.pointSizeF())
                                    .arg(headingSize)));
            QCOMPARE(run.font.weight(), QFont::Bold);
        }
        QVERIFY(sawCode);
    }

    void headingsKeepTheirSizesByLevel() {
        MarkdownView view;
        setPointSize(view, 12);
        view.setMarkdownText("# One `a`\n\n## Two `b`\n\n### Three `c`\n\nBody `d`");
        const auto codeSize = [&view](const QString& start) {
            for (const Run& run : runsOf(blockStartingWith(*view.document(), start))) {
                if (run.code) return run.font.pointSizeF();
            }
            return 0.0;
        };
        QVERIFY(codeSize("One") > codeSize("Two"));
        QVERIFY(codeSize("Two") > codeSize("Three"));
        QVERIFY(codeSize("Three") > codeSize("Body"));
        QCOMPARE(codeSize("Body"), 12.0);
    }

    void codeBlockLinesStayTogetherInATintedBox() {
        MarkdownView view;
        setPointSize(view, 12);
        view.setMarkdownText(kCodeBlock);
        view.resize(500, view.heightForWidth(500));
        QTextDocument& document = *view.document();
        const QTextBlock first = blockStartingWith(document, "x = 1");
        const QTextBlock second = blockStartingWith(document, "y = 2");
        const QTextBlock third = blockStartingWith(document, "z = 3");

        // Single spacing: each line starts where the one above ends.
        const QAbstractTextDocumentLayout& layout = *document.documentLayout();
        QCOMPARE(layout.blockBoundingRect(second).top(), layout.blockBoundingRect(first).bottom());
        QCOMPARE(layout.blockBoundingRect(third).top(), layout.blockBoundingRect(second).bottom());
        QCOMPARE(first.blockFormat().bottomMargin(), 0.0);
        QCOMPARE(second.blockFormat().bottomMargin(), 0.0);

        // One box around the three lines and nothing else, tinted and padded.
        QTextFrame* box = frameOf(first);
        QVERIFY(box != document.rootFrame());
        QCOMPARE(frameOf(second), box);
        QCOMPARE(frameOf(third), box);
        QCOMPARE(frameOf(blockStartingWith(document, "Before.")), document.rootFrame());
        QCOMPARE(frameOf(blockStartingWith(document, "After.")), document.rootFrame());
        // No empty paragraph is left around the box: it follows "Before." and "After." follows it.
        QCOMPARE(blockStartingWith(document, "Before.").next(), first);
        QCOMPARE(third.next().text(), QString("After."));
        QVERIFY(first.blockFormat().hasProperty(QTextFormat::BlockCodeLanguage));
        const QColor tint = box->frameFormat().background().color();
        QVERIFY(box->frameFormat().background().style() != Qt::NoBrush);
        QVERIFY(tint != view.palette().color(QPalette::Window));
        QVERIFY(box->frameFormat().padding() > 0);

        // As drawn: the tint fills the padding left of the code and the gap between its lines.
        const QImage image = view.grab().toImage();
        const QRectF firstLine = layout.blockBoundingRect(first);
        QVERIFY(firstLine.left() >= 2);
        QCOMPARE(image.pixelColor(1, qRound(firstLine.center().y())).name(), tint.name());
        QCOMPARE(image.pixelColor(qRound(firstLine.left()) - 1, qRound(firstLine.bottom())).name(),
                 tint.name());

        // Code lines read at the size of the prose around them.
        for (const Run& run : runsOf(second)) QCOMPARE(run.font.pointSizeF(), 12.0);
    }

    void codeBlockFirstInTheTextStartsAtTheTop() {
        // Qt keeps a paragraph in front of a frame at the start of a document; it takes no room.
        MarkdownView view("```\nonly = 1\n```");
        view.document()->setTextWidth(400);
        const QTextBlock line = blockStartingWith(*view.document(), "only");
        QVERIFY(frameOf(line) != view.document()->rootFrame());
        const double top = view.document()->documentLayout()->blockBoundingRect(line).top();
        QVERIFY2(top < view.fontMetrics().height(), qPrintable(QString::number(top)));
    }

    void codeBoxIsSubtleAndReadableInEveryPalette_data() {
        QTest::addColumn<QPalette>("palette");
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x30, 0x30, 0x30));
        dark.setColor(QPalette::Text, QColor(0xF0, 0xF0, 0xF0));
        QTest::newRow("desk") << QPalette();
        QTest::newRow("presentation") << paletteFor(presentationStyle(), QApplication::palette());
        QTest::newRow("dark") << dark;
    }
    void codeBoxIsSubtleAndReadableInEveryPalette() {
        QFETCH(QPalette, palette);
        MarkdownView view(kCodeBlock);
        view.setPalette(palette);
        const QTextFrame* box = frameOf(blockStartingWith(*view.document(), "x = 1"));
        QVERIFY(box != view.document()->rootFrame());
        const QColor tint = box->frameFormat().background().color();
        const QColor page = palette.color(QPalette::Window);
        // Seen against the page, but a tint, not a panel.
        const double againstPage = contrast(tint, page);
        QVERIFY2(againstPage > 1.1 && againstPage < 1.5, qPrintable(QString::number(againstPage)));
        // WCAG AAA for body text.
        const double textContrast = contrast(palette.color(QPalette::Text), tint);
        QVERIFY2(textContrast >= 7, qPrintable(QString::number(textContrast)));
    }

    void tablesGetPaddingAndRules() {
        MarkdownView view("| a | b |\n|---|---|\n| 1 | 2 |\n");
        QTextTable* table = nullptr;
        for (QTextFrame* frame : view.document()->rootFrame()->childFrames()) {
            if (auto* found = qobject_cast<QTextTable*>(frame)) table = found;
        }
        QVERIFY(table != nullptr);
        QCOMPARE(table->rows(), 2);
        QCOMPARE(table->format().border(), 1.0);
        QVERIFY(table->format().cellPadding() >= 3.0);
        QVERIFY(table->format().borderCollapse());
    }

    void followsAFontChange() {
        MarkdownView view("Some text.");
        const int before = view.heightForWidth(400);
        QFont font = view.font();
        font.setPointSizeF(font.pointSizeF() * 2);
        view.setFont(font);
        QVERIFY(view.heightForWidth(400) > before);
    }
};

QTEST_MAIN(TestMarkdownView)
#include "tst_markdown_view.moc"
