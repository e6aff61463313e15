#include <QtTest>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "lesson/LessonParser.h"

using namespace mlsyslab::lesson;

// Random and hostile inputs: the parser must always return (no crash, no hang, no exception)
// with a consistent result. Seeds are fixed, so a failure reproduces.
namespace {

// A "bits" kind that reads its state the way a real validator would (lookups, conversions), so
// odd YAML reaches validator code too.
SimKindRegistry fuzzKinds() {
    SimKindRegistry kinds;
    kinds.add({"bits", "fuzz bits", {}, [](const YAML::Node& state) {
                   SimStateReading reading{SimState::of(0), {}};
                   auto& problems = reading.problems;
                   if (!state.IsMap()) return reading;
                   if (const YAML::Node width = state["width"]) {
                       try {
                           if (width.as<int>() != 8)
                               problems.push_back({Severity::Error, width.Mark(), "width"});
                       } catch (const YAML::Exception&) {
                           problems.push_back({Severity::Error, width.Mark(), "not a number"});
                       }
                   }
                   return reading;
               }});
    return kinds;
}

const std::string kValidLesson =
    "---\n"
    "format: mlsyslab-lesson/1\n"
    "id: fuzz\n"
    "title: Fuzz target\n"
    "tags: [a, b]\n"
    "order: 2\n"
    "---\n"
    "\n"
    "# Step one\n"
    "\n"
    "Some *prose* with `code`.\n"
    "\n"
    "```sim bits\n"
    "width: 8\n"
    "value: \"0x41\"\n"
    "```\n"
    "\n"
    "Note: a speaker note\n"
    "over two lines.\n"
    "\n"
    "---\n"
    "\n"
    "```python\n"
    "print('---')\n"
    "```\n"
    "\n"
    "```quiz single\n"
    "Which one?\n"
    "- [ ] a\n"
    "- [x] b\n"
    "> because\n"
    "```\n"
    "\n"
    "---\n"
    "\n"
    "```quiz multi\n"
    "Pick some\n"
    "- [x] a\n"
    "* [X] b\n"
    "- [ ] c\n"
    "```\n";

// Fragments that mean something to the parser, to insert where it hurts.
const std::vector<std::string> kFragments = {
    "---\n",
    "\n---\n",
    "...\n",
    "```\n",
    "```sim bits\n",
    "```sim\n",
    "```quiz single\n",
    "```quiz multi\n",
    "~~~~\n",
    "- [x] ",
    "- [ ] ",
    "- [y] ",
    "> ",
    "Note: ",
    "width: 7\n",
    "[[[[",
    "{{",
    "]]",
    "'",
    "\"",
    "\t",
    "\r\n",
    "&a ",
    "*a ",
    "!!binary ",
    "? ",
    ": ",
    "- ",
    "\xEF\xBB\xBF",
    "\xC3\xA9",
    std::string(1, '\0'),
    "\xFF",
    "#",
    "|\n",
    ">-\n",
    "%YAML 1.2\n",
};

std::vector<std::string> splitIntoLines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string::npos) {
            lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, end + 1 - start));
        start = end + 1;
    }
    return lines;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += line;
    return text;
}

std::string mutated(std::string text, std::mt19937& random) {
    const auto pick = [&](std::size_t count) {
        return count == 0 ? std::size_t(0) : std::size_t(random() % count);
    };
    const int mutations = 1 + static_cast<int>(random() % 4);
    for (int mutation = 0; mutation < mutations; ++mutation) {
        switch (random() % 7) {
            case 0:  // flip a bit
                if (!text.empty())
                    text[pick(text.size())] ^= static_cast<char>(1 << (random() % 8));
                break;
            case 1: {  // delete a line
                auto lines = splitIntoLines(text);
                if (!lines.empty())
                    lines.erase(lines.begin() + static_cast<long>(pick(lines.size())));
                text = joined(lines);
                break;
            }
            case 2: {  // duplicate a line
                auto lines = splitIntoLines(text);
                if (!lines.empty()) {
                    const std::size_t at = pick(lines.size());
                    lines.insert(lines.begin() + static_cast<long>(at), lines[at]);
                }
                text = joined(lines);
                break;
            }
            case 3:  // insert a meaningful fragment
                text.insert(pick(text.size() + 1), kFragments[pick(kFragments.size())]);
                break;
            case 4: {  // insert random bytes
                std::string bytes(1 + pick(8), '\0');
                for (char& byte : bytes) byte = static_cast<char>(random());
                text.insert(pick(text.size() + 1), bytes);
                break;
            }
            case 5:  // cut the text short
                text.resize(pick(text.size() + 1));
                break;
            default: {  // swap two lines
                auto lines = splitIntoLines(text);
                if (lines.size() > 1)
                    std::swap(lines[pick(lines.size())], lines[pick(lines.size())]);
                text = joined(lines);
                break;
            }
        }
    }
    return text;
}

// What every result must satisfy, whatever the input.
QByteArray inconsistencyIn(const LessonParseResult& result, std::string_view text) {
    if (result.lesson.has_value() == hasErrors(result.diagnostics)) {
        return "a lesson must come exactly when there is no error";
    }
    const long lineCount = 1 + static_cast<long>(std::count(text.begin(), text.end(), '\n'));
    for (std::size_t index = 0; index < result.diagnostics.size(); ++index) {
        const Diagnostic& diagnostic = result.diagnostics[index];
        if (diagnostic.message.empty()) return "empty message";
        if (diagnostic.line < 0 || diagnostic.line > lineCount) return "line out of range";
        if (diagnostic.line > 0 && diagnostic.column < 1) return "column out of range";
        if (index > 0) {
            const Diagnostic& before = result.diagnostics[index - 1];
            if (before.line > diagnostic.line ||
                (before.line == diagnostic.line && before.column > diagnostic.column)) {
                return "diagnostics out of order";
            }
        }
    }
    if (result.lesson) {
        if (result.lesson->steps.empty()) return "a valid lesson has steps";
        if (result.lesson->info.format != kLessonFormat) return "a valid lesson has the format";
    }
    return {};
}

LessonParseResult parseAndCheck(const std::string& text, const SimKindRegistry& kinds) {
    LessonParseResult result = parseLesson(text, kinds);
    const QByteArray problem = inconsistencyIn(result, text);
    if (!problem.isEmpty()) {
        qWarning("input: %s", QByteArray::fromStdString(text).toPercentEncoding(" \n").constData());
    }
    [&] { QVERIFY2(problem.isEmpty(), problem.constData()); }();
    return result;
}

std::string lessonWithBody(const std::string& body) {
    return "---\nformat: mlsyslab-lesson/1\nid: big\ntitle: Big\n---\n" + body;
}

}  // namespace

class TestLessonFuzz : public QObject {
    Q_OBJECT

private slots:
    void theSeedLessonIsValid();
    void randomMutations_data();
    void randomMutations();
    void randomBytes();
    void hostileInputs_data();
    void hostileInputs();
};

void TestLessonFuzz::theSeedLessonIsValid() {
    const LessonParseResult result = parseLesson(kValidLesson, fuzzKinds());
    QVERIFY(result.diagnostics.empty());
    QVERIFY(result.lesson);
    QCOMPARE(result.lesson->steps.size(), std::size_t(3));
}

void TestLessonFuzz::randomMutations_data() {
    QTest::addColumn<unsigned>("seed");
    for (unsigned seed : {1u, 2u, 3u, 4u}) QTest::addRow("seed %u", seed) << seed;
}

void TestLessonFuzz::randomMutations() {
    QFETCH(unsigned, seed);
    const SimKindRegistry kinds = fuzzKinds();
    std::mt19937 random(seed);
    constexpr int kCasesPerSeed = 1000;
    int validCount = 0;
    for (int index = 0; index < kCasesPerSeed; ++index) {
        validCount += parseAndCheck(mutated(kValidLesson, random), kinds).lesson ? 1 : 0;
        if (QTest::currentTestFailed()) return;
    }
    // The mutations must reach both outcomes, or the fuzzing only exercises one path.
    qInfo("%d of %d mutated lessons are still valid", validCount, kCasesPerSeed);
    QVERIFY(validCount > kCasesPerSeed / 20);
    QVERIFY(validCount < kCasesPerSeed - kCasesPerSeed / 20);
}

void TestLessonFuzz::randomBytes() {
    const SimKindRegistry kinds = fuzzKinds();
    std::mt19937 random(99);
    for (int index = 0; index < 500; ++index) {
        std::string text(random() % 300, '\0');
        // Mostly printable with structure characters, so some inputs get past the text checks.
        static constexpr std::string_view kAlphabet = "-`~[]{}:>* x\n\n\n#Note";
        for (char& byte : text) byte = kAlphabet[random() % kAlphabet.size()];
        if (index % 2 == 0) text = "---\nformat: mlsyslab-lesson/1\n" + text;
        parseAndCheck(text, kinds);
        if (QTest::currentTestFailed()) return;
    }
}

void TestLessonFuzz::hostileInputs_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    const auto row = [](const char* name, const std::string& text, bool valid) {
        QTest::newRow(name) << QByteArray::fromStdString(text) << valid;
    };
    row("one byte over the limit", std::string(kMaxLessonBytes + 1, '-'), false);
    row("exactly the limit",
        lessonWithBody(std::string(kMaxLessonBytes - lessonWithBody("").size(), 'x')), true);
    row("a megabyte of short lines", lessonWithBody([] {
            std::string body;
            while (body.size() < kMaxLessonBytes - 100) body += "word word\n";
            return body;
        }()),
        true);
    row("a megabyte of steps", lessonWithBody([] {
            std::string body;
            while (body.size() < kMaxLessonBytes - 100) body += "A\n\n---\n\n";
            return body + "end\n";
        }()),
        true);
    row("a megabyte of fences", lessonWithBody([] {
            std::string body;
            while (body.size() < kMaxLessonBytes - 100) body += "```\n```\n";
            return body;
        }()),
        true);
    row("a megabyte of unclosed fences", lessonWithBody([] {
            std::string body;
            while (body.size() < kMaxLessonBytes - 100) body += "````\n```\n";
            return body;
        }()),
        false);
    row("a fence of half a megabyte of backticks",
        lessonWithBody(std::string(kMaxLessonBytes / 2, '`') + "\n" +
                       std::string(kMaxLessonBytes / 3, '\n')),
        false);
    row("a megabyte of quiz choices", lessonWithBody([] {
            std::string body = "```quiz multi\nQ\n";
            while (body.size() < kMaxLessonBytes - 100) body += "- [x] a\n";
            return body + "```\n";
        }()),
        true);
    row("a megabyte of bad choices", lessonWithBody([] {
            std::string body = "```quiz multi\nQ\n";
            while (body.size() < kMaxLessonBytes - 100) body += "- [y]\n";
            return body + "```\n";
        }()),
        false);
    row("a megabyte of notes", lessonWithBody([] {
            std::string body = "A\n\n";
            while (body.size() < kMaxLessonBytes - 100) body += "Note: n\n\n";
            return body;
        }()),
        true);
    row("one long line", lessonWithBody(std::string(kMaxLessonBytes - 100, 'y')), true);
    row("one long sim kind",
        lessonWithBody("```sim " + std::string(kMaxLessonBytes - 100, 'b') + "\n```\n"), false);
    row("10000 brackets in a sim state",
        lessonWithBody("```sim bits\n" + std::string(10000, '[') + "\n```\n"), false);
    row("100000 braces in a sim state",
        lessonWithBody("```sim bits\na: " + std::string(100000, '{') + "\n```\n"), false);
    row("10000 brackets in the front matter",
        "---\nformat: mlsyslab-lesson/1\ntags: " + std::string(10000, '[') + "\n---\nA\n", false);
    row("100000 nested dashes", lessonWithBody([] {
            std::string state = "```sim bits\n";
            for (int level = 0; level < 100000; ++level) state += "- ";
            return state + "x\n```\n";
        }()),
        false);
    row("3000 indented levels", lessonWithBody([] {
            std::string state = "```sim bits\n";
            for (int level = 0; level < 3000; ++level) state += std::string(level, ' ') + "a:\n";
            return state + "```\n";
        }()),
        false);
    row(
        "a megabyte of front-matter keys",
        [] {
            std::string text = "---\nformat: mlsyslab-lesson/1\nid: keys\ntitle: Keys\n";
            for (int key = 0; text.size() < kMaxLessonBytes - 100; ++key) {
                text.append("key").append(std::to_string(key)).append(": v\n");
            }
            return text + "---\nA\n";
        }(),
        true);
    row("a megabyte of aliases", lessonWithBody([] {
            std::string state = "```sim bits\na: &a [x, x]\n";
            for (int key = 0; state.size() < kMaxLessonBytes - 100; ++key) {
                state.append("b").append(std::to_string(key)).append(": *a\n");
            }
            return state + "```\n";
        }()),
        true);
    row("quotes hiding brackets",
        lessonWithBody("```sim bits\na: '" + std::string(5000, '[') + "'\nb: \"]]]\"\n```\n"),
        true);
}

void TestLessonFuzz::hostileInputs() {
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    const SimKindRegistry kinds = fuzzKinds();
    const std::string input = text.toStdString();
    // No clock here: a hang is caught by the suite's CTest timeout, and speed is not a test's
    // business (a loaded CI machine would make a timed assertion flaky).
    const LessonParseResult result = parseAndCheck(input, kinds);
    QCOMPARE(result.lesson.has_value(), valid);
}

QTEST_APPLESS_MAIN(TestLessonFuzz)
#include "tst_lesson_fuzz.moc"
