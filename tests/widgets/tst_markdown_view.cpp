#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QtTest>

#include "common/MarkdownView.h"

using mlsyslab::widgets::MarkdownView;

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
        QFont font = view.font();
        font.setPointSizeF(21);
        view.setFont(font);
        view.setMarkdownText("Text and `code` together.");
        bool sawCode = false;
        const QTextBlock block = view.document()->begin();
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat format = it.fragment().charFormat();
            if (format.fontFixedPitch()) {
                sawCode = true;
                QCOMPARE(format.fontPointSize(), 21.0);
            }
        }
        QVERIFY(sawCode);
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
