#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QtTest>
#include <vector>

#include "common/MarkdownView.h"

using mlsyslab::widgets::MarkdownView;

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
