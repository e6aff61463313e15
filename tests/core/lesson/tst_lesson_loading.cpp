#include <QtTest>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include "LessonTestSupport.h"
#include "lesson/LessonParser.h"
#include "lesson/KindSpec.h"

using namespace mlsyslab::lesson;
using mlsyslab::testing::listOf;
using mlsyslab::testing::testKinds;

// Reading lesson files from disk: the files a user gives, good, broken and unreadable.
class TestLessonLoading : public QObject {
    Q_OBJECT

private slots:
    void loadsTheExampleFile();
    void loadMissingFile();
    void loadDirectory();
    void loadTooLargeFile();
    void unclosedListInASimBlockIsAtItsBracket();
    void documentedExampleParses();
};

void TestLessonLoading::loadsTheExampleFile() {
    const LessonParseResult result =
        loadLessonFile(MLSYSLAB_TEST_DATA_DIR "/lessons/valid.lesson.md", testKinds());
    QVERIFY2(result.lesson, listOf(result.diagnostics).constData());
    QCOMPARE(result.lesson->info.id, std::string("example-bits"));
    QCOMPARE(result.lesson->steps.size(), std::size_t(3));

    const LessonParseResult broken =
        loadLessonFile(MLSYSLAB_TEST_DATA_DIR "/lessons/broken.lesson.md", testKinds());
    QVERIFY(!broken.lesson);
    QVERIFY(hasErrors(broken.diagnostics));
}

void TestLessonLoading::loadMissingFile() {
    const LessonParseResult result =
        loadLessonFile(MLSYSLAB_TEST_DATA_DIR "/lessons/no-such-file.lesson.md", testKinds());
    QVERIFY(!result.lesson);
    QCOMPARE(result.diagnostics.size(), std::size_t(1));
    QCOMPARE(result.diagnostics[0].line, 0);
    QCOMPARE(result.diagnostics[0].message,
             std::string("cannot read the file: ") + std::strerror(ENOENT));
}

void TestLessonLoading::loadDirectory() {
    const LessonParseResult result = loadLessonFile(MLSYSLAB_TEST_DATA_DIR "/lessons", testKinds());
    QVERIFY(!result.lesson);
    QCOMPARE(result.diagnostics.size(), std::size_t(1));
    QCOMPARE(result.diagnostics[0].line, 0);
    QCOMPARE(result.diagnostics[0].message,
             std::string("cannot read the file: ") + std::strerror(EISDIR));
}

void TestLessonLoading::loadTooLargeFile() {
    QTemporaryDir directory;
    QVERIFY(directory.isValid());
    const std::string path = directory.filePath("big.lesson.md").toStdString();
    {
        std::ofstream file(path, std::ios::binary);
        file << std::string(kMaxLessonBytes + 100, 'x');
    }
    const LessonParseResult result = loadLessonFile(path, testKinds());
    QVERIFY(!result.lesson);
    QCOMPARE(result.diagnostics.size(), std::size_t(1));
    QCOMPARE(result.diagnostics[0].message,
             std::string("the file is too large (1048676 bytes); a lesson may have at most "
                         "1048576 bytes"));
}

void TestLessonLoading::unclosedListInASimBlockIsAtItsBracket() {
    QTemporaryDir directory;
    QVERIFY(directory.isValid());
    const std::string path = directory.filePath("unclosed.lesson.md").toStdString();
    {
        std::ofstream file(path, std::ios::binary);
        file << "---\nformat: mlsyslab-lesson/1\nid: unclosed\ntitle: Unclosed\n---\n";
        for (int line = 6; line <= 28; ++line) file << "Prose, line " << line << ".\n";
        file << "\n"                    // 29
             << "```sim bits\n"         // 30
             << "value: [1, 2, 3\n"     // 31: the '[' at column 8 is never closed
             << "```\n";                // 32: where yaml-cpp notices
    }
    const LessonParseResult result = loadLessonFile(path, testKinds());
    QVERIFY(!result.lesson);
    QCOMPARE(result.diagnostics.size(), std::size_t(1));
    QCOMPARE(formatDiagnostic(path, result.diagnostics[0]),
             path + ":31:8: error: invalid YAML in sim state: this '[' is never closed; end the "
                    "list with ']'");
}

void TestLessonLoading::documentedExampleParses() {
    // docs/lesson-format.md shows a full lesson between these markers; it must stay valid.
    std::ifstream file(MLSYSLAB_SOURCE_DIR "/docs/lesson-format.md", std::ios::binary);
    QVERIFY(file);
    const std::string docs((std::istreambuf_iterator<char>(file)),
                           std::istreambuf_iterator<char>());
    const std::string begin = "<!-- example lesson -->\n````markdown\n";
    const std::size_t start = docs.find(begin);
    QVERIFY(start != std::string::npos);
    const std::size_t end = docs.find("\n````\n", start + begin.size());
    QVERIFY(end != std::string::npos);
    const std::string example = docs.substr(start + begin.size(), end + 1 - start - begin.size());
    // With the real simulator kinds: what the docs show must work in the app.
    const LessonParseResult result = parseLesson(example, builtinSimKinds());
    QVERIFY2(result.diagnostics.empty(), listOf(result.diagnostics).constData());
    QVERIFY(result.lesson->steps.size() >= 3);
}

QTEST_APPLESS_MAIN(TestLessonLoading)
#include "tst_lesson_loading.moc"
