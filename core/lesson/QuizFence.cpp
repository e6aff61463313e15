#include "lesson/QuizFence.h"

#include <string>
#include <vector>

#include "lesson/TextLines.h"

namespace mlsyslab::lesson {

namespace {

constexpr std::string_view kChoiceHint = "'- [ ] text' or '- [x] text'";

bool isBullet(char character) { return character == '-' || character == '*' || character == '+'; }

enum class LineKind { Blank, Choice, MalformedChoice, Explanation, Text };

struct QuizLine {
    LineKind kind = LineKind::Text;
    int column = 1;         // of the first non-space character
    bool correct = false;   // for a choice
    std::string_view text;  // a choice's text or an explanation line without its '>'
};

// A choice is a bullet, spaces, then "[ ]", "[x]" or "[X]". A bullet followed by a bracket that
// holds at most one other character ("- [y]", "-[ ]", "- []") is a mistyped choice; longer
// brackets ("- [a link](url)") are ordinary Markdown.
QuizLine classify(std::string_view line) {
    QuizLine result;
    if (text::isBlank(line)) {
        result.kind = LineKind::Blank;
        return result;
    }
    std::size_t at = 0;
    while (at < line.size() && text::isSpaceOrTab(line[at])) ++at;
    result.column = static_cast<int>(at) + 1;
    const std::string_view rest = line.substr(at);
    if (rest.front() == '>') {
        result.kind = LineKind::Explanation;
        result.text = rest.substr(rest.size() > 1 && rest[1] == ' ' ? 2 : 1);
        return result;
    }
    if (!isBullet(rest.front())) return result;
    std::size_t bracket = 1;
    while (bracket < rest.size() && text::isSpaceOrTab(rest[bracket])) ++bracket;
    if (bracket >= rest.size() || rest[bracket] != '[') return result;
    const std::size_t closing = rest.find(']', bracket);
    if (closing == std::string_view::npos || closing - bracket > 2) return result;
    const std::string_view box = rest.substr(bracket, closing - bracket + 1);
    const bool wellFormed = bracket > 1 && (box == "[ ]" || box == "[x]" || box == "[X]");
    if (!wellFormed) {
        if (closing + 1 < rest.size() && rest[closing + 1] == '(') return result;  // a link
        result.kind = LineKind::MalformedChoice;
        return result;
    }
    result.kind = LineKind::Choice;
    result.correct = box != "[ ]";
    result.text = text::trimmed(rest.substr(closing + 1));
    return result;
}

std::vector<std::string_view> withoutOuterBlankLines(std::vector<std::string_view> lines) {
    while (!lines.empty() && text::isBlank(lines.back())) lines.pop_back();
    std::size_t first = 0;
    while (first < lines.size() && text::isBlank(lines[first])) ++first;
    lines.erase(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(first));
    return lines;
}

}  // namespace

std::optional<Quiz> parseQuizFence(const Fence& fence, DiagnosticSink& diagnostics) {
    const std::size_t errorsBefore = diagnostics.errorCount();
    Quiz quiz;
    quiz.fenceLine = fence.line;
    std::optional<QuizMode> mode;
    if (fence.words.size() >= 2 && fence.words[1].text == "single") mode = QuizMode::Single;
    if (fence.words.size() >= 2 && fence.words[1].text == "multi") mode = QuizMode::Multi;
    if (!mode) {
        const int column = fence.words.size() >= 2 ? fence.words[1].column : fence.opening.column();
        diagnostics.error(fence.line, column, "a quiz is ```quiz single or ```quiz multi");
    } else if (fence.words.size() > 2) {
        diagnostics.warning(fence.line, fence.words[2].column,
                            "words after the quiz mode are ignored");
    }
    quiz.mode = mode.value_or(QuizMode::Single);

    enum class Part { Question, Choices, Explanation };
    Part part = Part::Question;
    std::vector<std::string_view> questionLines;
    std::vector<std::string_view> explanationLines;
    int secondCorrectLine = 0;
    int secondCorrectColumn = 0;
    int correctCount = 0;
    for (std::size_t index = 0; index < fence.body.size(); ++index) {
        const int lineNumber = fence.line + 1 + static_cast<int>(index);
        const std::string_view line = fence.body[index];
        const QuizLine quizLine = classify(line);
        if (quizLine.kind == LineKind::MalformedChoice) {
            diagnostics.error(lineNumber, quizLine.column,
                              "a choice is written " + std::string(kChoiceHint));
            if (part == Part::Question) part = Part::Choices;
            continue;
        }
        if (part == Part::Question && quizLine.kind != LineKind::Choice) {
            questionLines.push_back(text::withoutIndent(line, fence.opening.indent));
            continue;
        }
        if (quizLine.kind == LineKind::Blank) {
            if (part == Part::Explanation) explanationLines.push_back({});
            continue;
        }
        if (quizLine.kind == LineKind::Choice && part != Part::Explanation) {
            part = Part::Choices;
            if (quizLine.text.empty()) {
                diagnostics.error(lineNumber, quizLine.column,
                                  "a choice needs text after its '- [ ]'");
            }
            if (quizLine.correct && ++correctCount == 2) {
                secondCorrectLine = lineNumber;
                secondCorrectColumn = quizLine.column;
            }
            quiz.choices.push_back({std::string(quizLine.text), quizLine.correct, lineNumber});
            continue;
        }
        if (quizLine.kind == LineKind::Explanation) {
            part = Part::Explanation;
            explanationLines.push_back(quizLine.text);
            continue;
        }
        diagnostics.error(lineNumber, quizLine.column,
                          "unexpected line in a quiz: " + text::quoted(text::trimmed(line)) +
                              "; after the question come the choices (" + std::string(kChoiceHint) +
                              "), then the '> ' explanation");
    }

    questionLines = withoutOuterBlankLines(std::move(questionLines));
    quiz.question = text::joinLines(questionLines);
    quiz.explanation = text::joinLines(withoutOuterBlankLines(std::move(explanationLines)));
    if (questionLines.empty()) {
        diagnostics.error(fence.line, fence.opening.column(),
                          "a quiz needs a question before its choices");
    }
    if (quiz.choices.size() < 2) {
        diagnostics.error(
            fence.line, fence.opening.column(),
            "a quiz needs at least two choices (" + std::string(kChoiceHint) + " lines)");
    } else if (mode == QuizMode::Single && correctCount == 0) {
        diagnostics.error(fence.line, fence.opening.column(),
                          "a single-choice quiz needs exactly one correct choice (- [x]); it has "
                          "none");
    } else if (mode == QuizMode::Single && correctCount > 1) {
        diagnostics.error(secondCorrectLine, secondCorrectColumn,
                          "a single-choice quiz needs exactly one correct choice; this is the "
                          "second");
    } else if (mode == QuizMode::Multi && correctCount == 0) {
        diagnostics.error(fence.line, fence.opening.column(),
                          "a multi-choice quiz needs at least one correct choice (- [x]); it has "
                          "none");
    }
    if (diagnostics.errorCount() > errorsBefore) return std::nullopt;
    return quiz;
}

}  // namespace mlsyslab::lesson
