#include <QtTest>
#include <string>

#include "lesson/PlainTitle.h"

using mlsyslab::lesson::plainTitle;

// Titles written in Markdown, as the browser, window titles and the presenter view show them.
class TestPlainTitle : public QObject {
    Q_OBJECT

private slots:
    void readsLikeTheRenderedTitle_data() {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("plain");
        QTest::newRow("no marks") << "Bits and bytes"
                                  << "Bits and bytes";
        QTest::newRow("code spans")
            << "Loops and jumps: how `for`, `while` and `if` become bytecode"
            << "Loops and jumps: how for, while and if become bytecode";
        QTest::newRow("whole title is code") << "`print(result)`"
                                             << "print(result)";
        QTest::newRow("double backticks around a backtick") << "The `` ` `` key"
                                                            << "The ` key";
        QTest::newRow("inner run of another length stays") << "``a ` b`` and c"
                                                           << "a ` b and c";
        QTest::newRow("unclosed backtick is literal") << "It's 5` wide"
                                                      << "It's 5` wide";
        QTest::newRow("unmatched run length is literal") << "``a` b"
                                                         << "``a` b";
        QTest::newRow("escaped backtick") << "A \\`literal\\` mark"
                                          << "A `literal` mark";
        QTest::newRow("escaped punctuation") << "2 \\* 3 \\_ 4"
                                             << "2 * 3 _ 4";
        QTest::newRow("backslash before a letter stays") << "C:\\path"
                                                         << "C:\\path";
        QTest::newRow("no escapes inside code") << "`a\\*b`"
                                                << "a\\*b";
        QTest::newRow("emphasis marks stay") << "2 * 3 and snake_case"
                                             << "2 * 3 and snake_case";
        QTest::newRow("space-only code span keeps its spaces") << "a`  `b"
                                                               << "a  b";
        QTest::newRow("UTF-8 around code") << "`x` → `y` ≠ é"
                                           << "x → y ≠ é";
    }

    void readsLikeTheRenderedTitle() {
        QFETCH(QString, markdown);
        QFETCH(QString, plain);
        QCOMPARE(QString::fromStdString(plainTitle(markdown.toStdString())), plain);
    }
};

QTEST_APPLESS_MAIN(TestPlainTitle)
#include "tst_plain_title.moc"
