#include <QtTest>
#include <algorithm>
#include <string>
#include <string_view>

#include "LessonTestSupport.h"
#include "lesson/LessonParser.h"

using namespace mlsyslab::lesson;
using mlsyslab::testing::listOf;
using mlsyslab::testing::testKinds;

namespace {

// A valid front matter of 5 lines, so a body given to lesson() starts on line 6.
constexpr std::string_view kFrontMatter =
    "---\nformat: mlsyslab-lesson/1\ntitle: Test\nid: test\n---\n";

QByteArray lesson(const char* body) { return QByteArray(kFrontMatter.data()) + body; }
QByteArray frontMatter(const char* keys) { return QByteArray("---\n") + keys + "---\nHello\n"; }

LessonParseResult parse(const QByteArray& text) {
    return parseLesson(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                       testKinds());
}

}  // namespace

class TestLessonParser : public QObject {
    Q_OBJECT

private slots:
    void diagnostics_data();
    void diagnostics();
    void validLessonFieldByField();
    void warningsAloneKeepTheLesson();
    void windowsLineEndingsAndByteOrderMark();
    void yamlErrorInSimFenceIsAtTheRealPosition_data();
    void yamlErrorInSimFenceIsAtTheRealPosition();
    void separatorsInsideFencesAreIgnored();
    void diagnosticsAreSortedAndFormatted();
    void notesAreRemovedFromTheMarkdown();
    void quizDetails();
    void stepTitles_data();
    void stepTitles();
};

void TestLessonParser::diagnostics_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<bool>("isError");
    QTest::addColumn<QString>("message");
    const auto row = [](const char* name, const QByteArray& text, int line, int column,
                        bool isError, const char* message) {
        QTest::newRow(name) << text << line << column << isError << QString::fromUtf8(message);
    };
    constexpr bool E = true;
    constexpr bool W = false;

    // The file as a whole.
    row("empty", "", 1, 1, E, "the file is empty");
    row("whitespace only", "  \n\t\r\n\n", 1, 1, E, "the file is empty");
    row("byte order mark only", "\xEF\xBB\xBF\n", 1, 1, E, "the file is empty");
    row("NUL byte", QByteArray("---\nab\0c", 8), 2, 3, E,
        "the file is not text (binary data: a zero byte at offset 6)");
    row("Latin-1 byte", "---\ntitle: caf\xE9\n", 2, 11, E,
        "the file is not UTF-8 text (byte 0xE9 at offset 14); save it as UTF-8");
    row("overlong UTF-8", "\xC0\xAF", 1, 1, E, "byte 0xC0 at offset 0");
    row("UTF-16 surrogate", "ab\xED\xA0\x80", 1, 3, E, "byte 0xED at offset 2");
    row("truncated UTF-8", "abc\xE2\x82", 1, 4, E, "byte 0xE2 at offset 3");
    row("stray continuation byte", "a\n\x80", 2, 1, E, "byte 0x80 at offset 2");
    row("offset counts the byte order mark", "\xEF\xBB\xBFxy\xFF", 1, 3, E, "at offset 5");
    row("too large", QByteArray(int(kMaxLessonBytes) + 1, 'a'), 1, 1, E,
        "the file is too large (1048577 bytes); a lesson may have at most 1048576 bytes");

    // Front matter.
    row("no front matter", "# Hello\n", 1, 1, E,
        "a lesson starts with YAML front matter between '---' lines");
    row("indented opening", " ---\nformat: x\n---\n", 1, 1, E, "starts with YAML front matter");
    row("never closed", "---\nformat: mlsyslab-lesson/1\ntitle: T\n", 1, 1, E,
        "front matter opened here is never closed");
    row("missing format", frontMatter("title: T\nid: t\n"), 1, 1, E,
        "missing 'format: mlsyslab-lesson/1'");
    row("other format", frontMatter("format: mlsyslab-lesson/2\ntitle: T\nid: t\n"), 2, 9, E,
        "unsupported format 'mlsyslab-lesson/2'; this version reads mlsyslab-lesson/1");
    row("format as a list", frontMatter("format: [a]\ntitle: T\nid: t\n"), 2, 9, E,
        "'format' must be mlsyslab-lesson/1");
    row("missing title", frontMatter("format: mlsyslab-lesson/1\nid: t\n"), 1, 1, E,
        "missing 'title'");
    row("title with no value", frontMatter("format: mlsyslab-lesson/1\ntitle:\nid: t\n"), 3, 1, E,
        "'title' must not be empty");
    row("empty quoted title", frontMatter("format: mlsyslab-lesson/1\ntitle: ''\nid: t\n"), 3, 8, E,
        "'title' must not be empty");
    row("title as a map", frontMatter("format: mlsyslab-lesson/1\ntitle: {a: 1}\nid: t\n"), 3, 8, E,
        "'title' must be text");
    row("missing id", frontMatter("format: mlsyslab-lesson/1\ntitle: T\n"), 1, 1, E,
        "missing 'id'");
    row("id with a space", frontMatter("format: mlsyslab-lesson/1\ntitle: T\nid: my lesson\n"), 4,
        5, E, "'id' may use only letters, digits, '-', '_' and '.'; 'my lesson' has ' '");
    row("id with an accent", frontMatter("format: mlsyslab-lesson/1\ntitle: T\nid: caf\xC3\xA9\n"),
        4, 5, E, "'caf\xC3\xA9' has '\xC3\xA9'");
    row("misspelt key", frontMatter("format: mlsyslab-lesson/1\ntitel: T\ntitle: T\nid: t\n"), 3, 1,
        W, "unknown front-matter key 'titel'; did you mean 'title'?");
    row("unknown key", frontMatter("format: mlsyslab-lesson/1\ntitle: T\nid: t\ncolour: red\n"), 5,
        1, W,
        "unknown front-matter key 'colour' (known keys: format, id, title, summary, part, order, "
        "tags)");
    row("duplicate key", frontMatter("format: mlsyslab-lesson/1\ntitle: T\nid: t\ntitle: U\n"), 5,
        1, E, "duplicate front-matter key 'title'");
    row("summary as a list",
        frontMatter("format: mlsyslab-lesson/1\ntitle: T\nid: t\nsummary: [a]\n"), 5, 10, E,
        "'summary' must be text");
    row("part as a map", frontMatter("format: mlsyslab-lesson/1\ntitle: T\nid: t\npart: {a: b}\n"),
        5, 7, E, "'part' must be text");
    row("order not a number",
        frontMatter("format: mlsyslab-lesson/1\ntitle: T\nid: t\norder: first\n"), 5, 8, E,
        "'order' must be a number");
    row("order not finite",
        frontMatter("format: mlsyslab-lesson/1\ntitle: T\nid: t\norder: .nan\n"), 5, 8, E,
        "'order' must be a number");
    row("tags not a list", frontMatter("format: mlsyslab-lesson/1\ntitle: T\nid: t\ntags: bits\n"),
        5, 7, E, "'tags' must be a list, like 'tags: [bits, integers]'");
    row("tag that is a map",
        frontMatter("format: mlsyslab-lesson/1\ntitle: T\nid: t\ntags: [a, {b: c}]\n"), 5, 11, E,
        "each tag must be a word or a phrase");
    row("front matter YAML error", frontMatter("format: mlsyslab-lesson/1\ntitle: a: b\nid: t\n"),
        3, 9, E, "invalid YAML in front matter: illegal map value");
    row("front matter with an unclosed list",
        frontMatter("format: mlsyslab-lesson/1\ntitle: T\nid: t\ntags: [a, b\n"), 5, 7, E,
        "invalid YAML in front matter: this '[' is never closed; end the list with ']'");
    row("front matter not a map", frontMatter("- a\n- b\n"), 2, 1, E,
        "the front matter must be 'key: value' lines (a YAML map)");
    row("front matter nested too deeply",
        frontMatter(("format: mlsyslab-lesson/1\ntags: " + std::string(100, '[') + "\n").c_str()),
        3, 56, E, "invalid YAML in front matter: nested too deeply (more than 50 levels)");

    // Steps.
    row("no steps", lesson(""), 5, 1, E, "the lesson has no steps");
    row("blank body", lesson("\n  \n\n"), 5, 1, E, "the lesson has no steps");
    row("only step breaks", lesson("\n---\n\n---\n"), 5, 1, E, "the lesson has no steps");
    row("empty first step", lesson("\n---\n\nA\n"), 6, 1, E, "step 1 is empty");
    row("empty middle step", lesson("A\n\n---\n\n---\n\nB\n"), 8, 1, E, "step 2 is empty");
    row("empty last step", lesson("A\n\n---\n"), 8, 1, E, "step 2 is empty");
    row("heading underline", lesson("A\n---\n"), 7, 1, W,
        "'---' right after a text line is a heading underline, not a step break; put a blank "
        "line before it to start a new step");
    row("note inside a paragraph", lesson("Text\nNote: hidden?\n"), 7, 1, W,
        "'Note:' inside a paragraph is shown as text; put a blank line before it to make it a "
        "speaker note");
    row("unclosed code fence", lesson("A\n\n```python\nx = 1\n"), 8, 1, E,
        "unclosed code fence (```) opened here");
    row("unclosed indented tilde fence", lesson("A\n\n  ~~~~\nx\n"), 8, 3, E,
        "unclosed code fence (~~~~) opened here");
    row("unclosed sim fence", lesson("```sim bits\nwidth: 8\n\n---\n\nB\n"), 6, 1, E,
        "unclosed code fence (```) opened here");

    // Sim fences.
    row("sim without kind", lesson("```sim\n```\n"), 6, 1, E,
        "a sim fence needs a kind: ```sim KIND (known kinds: bits, matmul)");
    row("misspelt kind", lesson("```sim bitz\n```\n"), 6, 8, E,
        "unknown simulator kind 'bitz'; did you mean 'bits'?");
    row("kind in capitals", lesson("```sim Bits\n```\n"), 6, 8, E,
        "unknown simulator kind 'Bits'; did you mean 'bits'?");
    row("unknown kind", lesson("```sim cache\n```\n"), 6, 8, E,
        "unknown simulator kind 'cache' (known kinds: bits, matmul)");
    row("kind at an odd column", lesson("  ````sim   bitz\n  ````\n"), 6, 13, E,
        "unknown simulator kind 'bitz'");
    row("words after the kind", lesson("```sim bits big\n```\n"), 6, 13, W,
        "words after the simulator kind are ignored: 'big'");
    row("state the kind refuses", lesson("Text\n\n```sim bits\nwidth: 7\n```\n"), 9, 8, E,
        "width must be 4, 8, 16 or 32");
    row("kind warning keeps its severity", lesson("```sim bits\n  colour: red\n```\n"), 7, 3, W,
        "unknown key 'colour'");
    row("state nested too deeply",
        lesson(("```sim matmul\n" + std::string(10000, '[') + "\n```\n").c_str()), 7, 50, E,
        "invalid YAML in sim state: nested too deeply (more than 50 levels)");
    row("state with deep block nesting",
        lesson(("```sim matmul\n" +
                [] {
                    std::string nested;
                    for (int level = 0; level < 60; ++level) nested += "- ";
                    return nested + "x";
                }() +
                "\n```\n")
                   .c_str()),
        7, 99, E, "nested too deeply");

    // Quizzes.
    const char* choices = "Q?\n- [x] a\n- [ ] b\n```\n";
    row("quiz without mode", lesson((std::string("```quiz\n") + choices).c_str()), 6, 1, E,
        "a quiz is ```quiz single or ```quiz multi");
    row("quiz with another mode", lesson((std::string("```quiz one\n") + choices).c_str()), 6, 9, E,
        "a quiz is ```quiz single or ```quiz multi");
    row("quiz without question", lesson("```quiz single\n- [x] a\n- [ ] b\n```\n"), 6, 1, E,
        "a quiz needs a question before its choices");
    row("quiz with one choice", lesson("```quiz single\nQ?\n- [x] a\n```\n"), 6, 1, E,
        "a quiz needs at least two choices");
    row("quiz without choices", lesson("```quiz multi\nQ?\n```\n"), 6, 1, E,
        "a quiz needs at least two choices");
    row("choice without text", lesson("```quiz single\nQ?\n- [x] a\n  - [ ]   \n```\n"), 9, 3, E,
        "a choice needs text after its '- [ ]'");
    row("single with no correct choice", lesson("```quiz single\nQ?\n- [ ] a\n- [ ] b\n```\n"), 6,
        1, E, "a single-choice quiz needs exactly one correct choice (- [x]); it has none");
    row("single with two correct choices",
        lesson("```quiz single\nQ?\n- [x] a\n- [ ] b\n * [X] c\n```\n"), 10, 2, E,
        "a single-choice quiz needs exactly one correct choice; this is the second");
    row("multi with no correct choice", lesson("```quiz multi\nQ?\n- [ ] a\n- [ ] b\n```\n"), 6, 1,
        E, "a multi-choice quiz needs at least one correct choice (- [x]); it has none");
    row("text between choices", lesson("```quiz single\nQ?\n- [x] a\n  more text\n- [ ] b\n```\n"),
        9, 3, E, "unexpected line in a quiz: 'more text'");
    row("choice after the explanation",
        lesson("```quiz single\nQ?\n- [x] a\n- [ ] b\n> Why.\n- [ ] c\n```\n"), 11, 1, E,
        "unexpected line in a quiz: '- [ ] c'");
    row("mistyped checkbox", lesson("```quiz single\nQ?\n- [x] a\n- [v] b\n```\n"), 9, 1, E,
        "a choice is written '- [ ] text' or '- [x] text'");
    row("checkbox without space", lesson("```quiz single\nQ?\n-[x] a\n- [ ] b\n```\n"), 8, 1, E,
        "a choice is written");
    row("quiz fence indented", lesson("   ````quiz multi\nQ?\n- [ ] a\n- [ ] b\n   ````\n"), 6, 4,
        E, "a multi-choice quiz needs at least one correct choice");
}

void TestLessonParser::diagnostics() {
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(bool, isError);
    QFETCH(QString, message);
    const LessonParseResult result = parse(text);
    const std::string expected = message.toStdString();
    const auto found = std::find_if(
        result.diagnostics.begin(), result.diagnostics.end(), [&](const Diagnostic& diagnostic) {
            return diagnostic.line == line && diagnostic.column == column &&
                   (diagnostic.severity == Severity::Error) == isError &&
                   diagnostic.message.find(expected) != std::string::npos;
        });
    QVERIFY2(found != result.diagnostics.end(), listOf(result.diagnostics).constData());
    QCOMPARE(result.lesson.has_value(), !hasErrors(result.diagnostics));
    if (isError) QVERIFY(!result.lesson);
}

void TestLessonParser::validLessonFieldByField() {
    const QByteArray text =
        "---\n"                               // 1
        "format: mlsyslab-lesson/1\n"         // 2
        "id: bits.intro_1\n"                  // 3
        "title: Bits and bytes\n"             // 4
        "summary: One byte, many meanings\n"  // 5
        "part: 'Part 1: Data'\n"              // 6
        "order: 1.5\n"                        // 7
        "tags: [bits, \"two words\"]\n"       // 8
        "---   \n"                            // 9
        "\n"                                  // 10
        "# A byte\n"                          // 11
        "Eight bits.\n"                       // 12
        "\n"                                  // 13
        "Note: Ask the class first.\n"        // 14
        "Then click.\n"                       // 15
        "\n"                                  // 16
        "```sim bits\n"                       // 17
        "width: 8\n"                          // 18
        "value: 42\n"                         // 19
        "```\n"                               // 20
        "\n"                                  // 21
        "Try 255.\n"                          // 22
        "\n"                                  // 23
        "---\n"                               // 24
        "\n"                                  // 25
        "```quiz multi\n"                     // 26
        "Which are **65**?\n"                 // 27
        "\n"                                  // 28
        "- [x] `0x41`\n"                      // 29
        "\n"                                  // 30
        "* [ ] `0x61`\n"                      // 31
        "- [X] A\n"                           // 32
        "> 65 = 0x41.\n"                      // 33
        ">\n"                                 // 34
        ">  Indented.\n"                      // 35
        "```\n"                               // 36
        "Note: Give a minute.\n"              // 37
        "\n"                                  // 38
        "Note: Second note.\n";               // 39
    const LessonParseResult result = parse(text);
    QVERIFY2(result.diagnostics.empty(), listOf(result.diagnostics).constData());
    QVERIFY(result.lesson);
    const Lesson& lesson = *result.lesson;
    QCOMPARE(lesson.info.format, std::string("mlsyslab-lesson/1"));
    QCOMPARE(lesson.info.id, std::string("bits.intro_1"));
    QCOMPARE(lesson.info.title, std::string("Bits and bytes"));
    QCOMPARE(lesson.info.summary, std::string("One byte, many meanings"));
    QCOMPARE(lesson.info.part, std::string("Part 1: Data"));
    QCOMPARE(lesson.info.order, std::optional<double>(1.5));
    QCOMPARE(lesson.info.tags, (std::vector<std::string>{"bits", "two words"}));
    QCOMPARE(lesson.steps.size(), std::size_t(2));

    const Step& first = lesson.steps[0];
    QCOMPARE(first.firstLine, 11);
    QCOMPARE(first.speakerNotes, std::string("Ask the class first.\nThen click."));
    QCOMPARE(first.blocks.size(), std::size_t(3));
    QCOMPARE(std::get<MarkdownBlock>(first.blocks[0]),
             (MarkdownBlock{"# A byte\nEight bits.", 11}));
    QCOMPARE(std::get<SimBlock>(first.blocks[1]),
             (SimBlock{"bits", "width: 8\nvalue: 42\n", 17, 18, {}}));
    QCOMPARE(std::get<MarkdownBlock>(first.blocks[2]), (MarkdownBlock{"Try 255.", 22}));
    QCOMPARE(stepTitle(first), std::string("A byte"));

    const Step& second = lesson.steps[1];
    QCOMPARE(second.firstLine, 26);
    QCOMPARE(second.speakerNotes, std::string("Give a minute.\n\nSecond note."));
    QCOMPARE(second.blocks.size(), std::size_t(1));
    const Quiz& quiz = std::get<Quiz>(second.blocks[0]);
    QCOMPARE(quiz.mode, QuizMode::Multi);
    QCOMPARE(quiz.fenceLine, 26);
    QCOMPARE(quiz.question, std::string("Which are **65**?"));
    QCOMPARE(quiz.choices, (std::vector<QuizChoice>{
                               {"`0x41`", true, 29}, {"`0x61`", false, 31}, {"A", true, 32}}));
    QCOMPARE(quiz.explanation, std::string("65 = 0x41.\n\n Indented."));
    QCOMPARE(stepTitle(second), std::string());
}

void TestLessonParser::warningsAloneKeepTheLesson() {
    const LessonParseResult result = parse(lesson("Title\n---\n\n```sim bits\ncolour: red\n```\n"));
    QCOMPARE(result.diagnostics.size(), std::size_t(2));
    QVERIFY(!hasErrors(result.diagnostics));
    QVERIFY(result.lesson);
    QCOMPARE(result.lesson->steps.size(), std::size_t(1));  // the underline did not break the step
    QCOMPARE(std::get<MarkdownBlock>(result.lesson->steps[0].blocks[0]).text,
             std::string("Title\n---"));
}

void TestLessonParser::windowsLineEndingsAndByteOrderMark() {
    const QByteArray unix = lesson("# One\n\nText\n\n---\n\n```sim bits\nwidth: 8\n```\n");
    QByteArray windows = "\xEF\xBB\xBF" + unix;
    windows.replace("\n", "\r\n");
    const LessonParseResult fromUnix = parse(unix);
    const LessonParseResult fromWindows = parse(windows);
    QVERIFY(fromUnix.lesson);
    QVERIFY2(fromWindows.lesson, listOf(fromWindows.diagnostics).constData());
    QCOMPARE(*fromWindows.lesson, *fromUnix.lesson);

    // Positions count from after the byte order mark, as editors show them.
    QByteArray broken = "\xEF\xBB\xBF" + lesson("```sim bits\r\nwidth: 7\r\n```\r\n");
    const LessonParseResult result = parse(broken);
    QCOMPARE(result.diagnostics.size(), std::size_t(1));
    QCOMPARE(result.diagnostics[0].line, 7);
    QCOMPARE(result.diagnostics[0].column, 8);
}

void TestLessonParser::yamlErrorInSimFenceIsAtTheRealPosition_data() {
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");
    QTest::newRow("map value in a plain scalar")
        << QByteArray("Intro\n\n```sim bits\nwidth: 8\nvalue: a: b\n```\n") << 10 << 9
        << "invalid YAML in sim state: illegal map value";
    // yaml-cpp notices an unclosed bracket where it gives up (the next key, or the end of the
    // input: the closing fence); the message points at the bracket instead.
    const QString unclosedList =
        "invalid YAML in sim state: this '[' is never closed; end the list with ']'";
    QTest::newRow("unclosed flow sequence")
        << QByteArray("```sim bits\nwidth: 8\nvalue: [1, 2\nnext: 3\n```\n") << 8 << 8
        << unclosedList;
    QTest::newRow("unclosed flow sequence at the end of the block")
        << QByteArray("```sim bits\nvalue: [1, 2\n```\n") << 7 << 8 << unclosedList;
    QTest::newRow("unclosed flow sequence over several lines")
        << QByteArray("```sim bits\nvalue: [1,\n  2,\n  3\n```\n") << 7 << 8 << unclosedList;
    QTest::newRow("unclosed flow map")
        << QByteArray("```sim bits\nvalue: {a: 1\n```\n") << 7 << 8
        << "invalid YAML in sim state: this '{' is never closed; end the map with '}'";
    QTest::newRow("the inner list left open")
        << QByteArray("```sim bits\nvalue: [[1, 2], [3\n```\n") << 7 << 17 << unclosedList;
    QTest::newRow("brackets in quotes and comments do not count")
        << QByteArray("```sim bits\nvalue: ['[', \"]\", 2 # ]\n```\n") << 7 << 8
        << unclosedList;
    QTest::newRow("unknown anchor")
        << QByteArray("```sim bits\nvalue: *nothing\n```\n") << 7 << 8
        << "invalid YAML in sim state: the referenced anchor is not defined";
    QTest::newRow("tab indentation") << QByteArray("```sim bits\na:\n\tb: 1\n```\n") << 8 << 3
                                     << "invalid YAML in sim state: illegal map value";
}

void TestLessonParser::yamlErrorInSimFenceIsAtTheRealPosition() {
    QFETCH(QByteArray, body);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, message);
    const LessonParseResult result = parse(lesson(body.constData()));
    QCOMPARE(result.diagnostics.size(), std::size_t(1));
    QCOMPARE(result.diagnostics[0].line, line);
    QCOMPARE(result.diagnostics[0].column, column);
    QCOMPARE(QString::fromStdString(result.diagnostics[0].message), message);
    QVERIFY(!result.lesson);
}

void TestLessonParser::separatorsInsideFencesAreIgnored() {
    const LessonParseResult result = parse(
        lesson("```text\n\n---\n\n```\n\n"       // 6-11: an ordinary fence holding a separator
               "~~~~\n```\n\n---\n~~~\n~~~~~\n"  // 12-17: a shorter or other closing does not close
               "\n"                              // 18
               "```sim matmul\n# ---\n```\n"     // 19-21
               "\n"                              // 22
               "```quiz single\n---\n\n- [x] a\n- [ ] b\n```\n"));  // 23-28: '---' as the question
    QVERIFY2(result.lesson, listOf(result.diagnostics).constData());
    QVERIFY(result.diagnostics.empty());
    const Step& step = result.lesson->steps.at(0);
    QCOMPARE(result.lesson->steps.size(), std::size_t(1));
    QCOMPARE(step.blocks.size(), std::size_t(3));
    QCOMPARE(std::get<MarkdownBlock>(step.blocks[0]),
             (MarkdownBlock{"```text\n\n---\n\n```\n\n~~~~\n```\n\n---\n~~~\n~~~~~", 6}));
    QCOMPARE(std::get<SimBlock>(step.blocks[1]).stateYaml, std::string("# ---\n"));
    QCOMPARE(std::get<Quiz>(step.blocks[2]).question, std::string("---"));

    // After a closing fence, '---' needs no blank line: it is not under text.
    const LessonParseResult afterFence = parse(lesson("```sim bits\n```\n---\n\nB\n"));
    QVERIFY2(afterFence.lesson, listOf(afterFence.diagnostics).constData());
    QCOMPARE(afterFence.lesson->steps.size(), std::size_t(2));
    QCOMPARE(afterFence.lesson->steps[1].firstLine, 10);
}

void TestLessonParser::diagnosticsAreSortedAndFormatted() {
    const LessonParseResult result =
        parse(QByteArray("---\nformat: mlsyslab-lesson/1\ntitle: T\nid: t\ncolor: red\n---\n"
                         "```quiz single\nQ?\n- [x] a\n- [x] b\n```\n\n```sim bitz\n```\n"));
    std::vector<std::string> formatted;
    for (const Diagnostic& diagnostic : result.diagnostics) {
        formatted.push_back(formatDiagnostic("lesson.md", diagnostic));
    }
    const std::vector<std::string> expected = {
        "lesson.md:5:1: warning: unknown front-matter key 'color' (known keys: format, id, title, "
        "summary, part, order, tags)",
        "lesson.md:10:1: error: a single-choice quiz needs exactly one correct choice; this is the "
        "second",
        "lesson.md:13:8: error: unknown simulator kind 'bitz'; did you mean 'bits'?",
    };
    QCOMPARE(formatted, expected);
}

void TestLessonParser::notesAreRemovedFromTheMarkdown() {
    const LessonParseResult result = parse(lesson(
        "Note: first\n\nBefore.\n\n  Note:\n  indented note\n\nAfter.\n\n```\nNote: code\n```\n"));
    QVERIFY2(result.lesson, listOf(result.diagnostics).constData());
    const Step& step = result.lesson->steps.at(0);
    QCOMPARE(step.speakerNotes, std::string("first\n\n  indented note"));
    QCOMPARE(step.firstLine, 6);
    QCOMPARE(step.blocks.size(), std::size_t(1));
    QCOMPARE(std::get<MarkdownBlock>(step.blocks[0]),
             (MarkdownBlock{"Before.\n\nAfter.\n\n```\nNote: code\n```", 8}));

    // A step holding only notes is not empty.
    const LessonParseResult onlyNotes = parse(lesson("A\n\n---\n\nNote: just this\n"));
    QVERIFY2(onlyNotes.lesson, listOf(onlyNotes.diagnostics).constData());
    QVERIFY(onlyNotes.lesson->steps[1].blocks.empty());
    QCOMPARE(onlyNotes.lesson->steps[1].speakerNotes, std::string("just this"));
}

void TestLessonParser::quizDetails() {
    const LessonParseResult result =
        parse(lesson("```quiz single\n"
                     "Line one\n"
                     "\n"
                     "- [a link](https://example.org) stays question text\n"
                     "\n"
                     "- [ ]   spaced   \n"
                     "+ [x] plus bullet\n"
                     "```\n"));
    QVERIFY2(result.lesson, listOf(result.diagnostics).constData());
    const Quiz& quiz = std::get<Quiz>(result.lesson->steps[0].blocks[0]);
    QCOMPARE(quiz.mode, QuizMode::Single);
    QCOMPARE(quiz.question,
             std::string("Line one\n\n- [a link](https://example.org) stays question text"));
    QCOMPARE(quiz.choices,
             (std::vector<QuizChoice>{{"spaced", false, 11}, {"plus bullet", true, 12}}));
    QCOMPARE(quiz.explanation, std::string());
}

void TestLessonParser::stepTitles_data() {
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("title");
    QTest::newRow("atx") << QByteArray("Intro\n\n## Two words ##\n") << "Two words";
    QTest::newRow("setext") << QByteArray("Big\ntitle\n===\n") << "Big title";
    QTest::newRow("not in code") << QByteArray("```\n# code\n```\n\n# Real\n") << "Real";
    QTest::newRow("hash needs a space") << QByteArray("#hashtag\n") << "";
    QTest::newRow("after a sim") << QByteArray("```sim bits\n```\n\n# Later\n") << "Later";
}

void TestLessonParser::stepTitles() {
    QFETCH(QByteArray, body);
    QFETCH(QString, title);
    const LessonParseResult result = parse(lesson(body.constData()));
    QVERIFY2(result.lesson, listOf(result.diagnostics).constData());
    QCOMPARE(QString::fromStdString(stepTitle(result.lesson->steps.at(0))), title);
}

QTEST_APPLESS_MAIN(TestLessonParser)
#include "tst_lesson_parser.moc"
