#include "lesson/BodyParser.h"

#include <optional>
#include <string>

#include "lesson/Fences.h"
#include "lesson/QuizFence.h"
#include "lesson/SimFence.h"
#include "lesson/StepBuilder.h"
#include "lesson/TextLines.h"

namespace mlsyslab::lesson {

namespace {

constexpr std::size_t kMaxBlockIndent = 3;  // CommonMark: 4 spaces start indented code instead
constexpr std::string_view kNoteMarker = "Note:";

// What the previous line was decides what a '---' line means (a step break or, right under
// text, a CommonMark heading underline) and where a paragraph starts.
enum class Previous { StartOfBody, Blank, Text, ClosingFence, StepBreak };

bool startsParagraph(Previous previous) { return previous != Previous::Text; }

bool startsNote(std::string_view line) {
    const std::size_t indent = text::leadingSpaces(line);
    return indent <= kMaxBlockIndent && line.substr(indent, kNoteMarker.size()) == kNoteMarker;
}

bool isStepBreakLine(std::string_view line) {
    return text::isMarkerLine(line, "---", kMaxBlockIndent);
}

class BodyReader {
public:
    BodyReader(const std::vector<std::string_view>& lines, const SimKindRegistry& kinds,
               DiagnosticSink& diagnostics)
        : lines_(lines), kinds_(kinds), diagnostics_(diagnostics) {}

    std::vector<Step> read(std::size_t firstIndex) {
        StepBuilder step(lineNumber(firstIndex));
        Previous previous = Previous::StartOfBody;
        std::size_t index = firstIndex;
        while (index < lines_.size()) {
            const std::string_view line = lines_[index];
            if (const auto opening = fenceOpeningIn(line)) {
                index = readFence(index, *opening, step);
                previous = Previous::ClosingFence;
                continue;
            }
            if (isStepBreakLine(line)) {
                if (previous != Previous::Text) {
                    finishStep(step);
                    step = StepBuilder(lineNumber(index));
                    previous = Previous::StepBreak;
                    ++index;
                    continue;
                }
                diagnostics_.warning(lineNumber(index), 1,
                                     "'---' right after a text line is a heading underline, not "
                                     "a step break; put a blank line before it to start a new "
                                     "step");
            }
            if (text::isBlank(line)) {
                step.addProseLine(lineNumber(index), line);
                previous = Previous::Blank;
                ++index;
                continue;
            }
            if (startsNote(line)) {
                if (startsParagraph(previous)) {
                    index = readNote(index, step);
                    previous = Previous::Text;
                    continue;
                }
                diagnostics_.warning(lineNumber(index),
                                     static_cast<int>(text::leadingSpaces(line)) + 1,
                                     "'Note:' inside a paragraph is shown as text; put a blank "
                                     "line before it to make it a speaker note");
            }
            step.addProseLine(lineNumber(index), line);
            previous = Previous::Text;
            ++index;
        }
        finishStep(step);
        return std::move(steps_);
    }

private:
    static int lineNumber(std::size_t index) { return static_cast<int>(index) + 1; }

    void finishStep(StepBuilder& step) {
        const int number = static_cast<int>(steps_.size()) + 1;
        if (step.isEmpty()) {
            diagnostics_.error(step.openingLine(), 1,
                               "step " + std::to_string(number) + " is empty");
        }
        steps_.push_back(step.finish());
    }

    // Reads the fence opened at `index`; returns the index of the line after it.
    std::size_t readFence(std::size_t index, const FenceOpening& opening, StepBuilder& step) {
        const std::vector<InfoWord> words = infoWords(opening);
        const std::string_view kindWord = words.empty() ? std::string_view() : words[0].text;
        const bool isLessonFence = kindWord == "sim" || kindWord == "quiz";
        const std::optional<std::size_t> closing = findClosingFence(lines_, index, opening);
        const std::size_t end = closing ? *closing + 1 : lines_.size();
        if (!closing) {
            diagnostics_.error(
                lineNumber(index), opening.column(),
                "unclosed code fence (" + std::string(opening.markers()) + ") opened here");
        }
        if (!isLessonFence) {
            // An ordinary code block stays in the Markdown, separators inside and all.
            for (std::size_t line = index; line < end; ++line) {
                step.addProseLine(lineNumber(line), lines_[line]);
            }
            return end;
        }
        if (!closing) {
            step.addContentLine(lineNumber(index));  // its body would be the rest of the file
            return end;
        }
        Fence fence;
        fence.opening = opening;
        fence.words = words;
        fence.line = lineNumber(index);
        fence.body.assign(lines_.begin() + static_cast<std::ptrdiff_t>(index) + 1,
                          lines_.begin() + static_cast<std::ptrdiff_t>(*closing));
        fence.closingLine = lineNumber(*closing);
        if (kindWord == "sim") {
            if (auto block = parseSimFence(fence, kinds_, diagnostics_)) {
                step.addBlock(fence.line, std::move(*block));
                return end;
            }
        } else if (auto quiz = parseQuizFence(fence, diagnostics_)) {
            step.addBlock(fence.line, std::move(*quiz));
            return end;
        }
        step.addContentLine(fence.line);
        return end;
    }

    // Reads the "Note:" paragraph starting at `index`: up to a blank line, a fence or a '---'
    // line. Returns the index of the line after it.
    std::size_t readNote(std::size_t index, StepBuilder& step) {
        const std::string_view first = lines_[index];
        const std::size_t markerEnd = text::leadingSpaces(first) + kNoteMarker.size();
        std::vector<std::string_view> noteLines{text::trimmed(first.substr(markerEnd))};
        std::size_t next = index + 1;
        while (next < lines_.size() && !text::isBlank(lines_[next]) &&
               !fenceOpeningIn(lines_[next]) && !isStepBreakLine(lines_[next])) {
            noteLines.push_back(lines_[next]);
            ++next;
        }
        step.addNoteParagraph(lineNumber(index), noteLines);
        return next;
    }

    const std::vector<std::string_view>& lines_;
    const SimKindRegistry& kinds_;
    DiagnosticSink& diagnostics_;
    std::vector<Step> steps_;
};

}  // namespace

std::vector<Step> parseBody(const std::vector<std::string_view>& lines,
                            std::size_t closingLineIndex, const SimKindRegistry& kinds,
                            DiagnosticSink& diagnostics) {
    const std::size_t firstIndex = closingLineIndex + 1;
    // Step breaks alone ("---" lines) are no more a lesson than blank lines are.
    bool hasContent = false;
    for (std::size_t index = firstIndex; index < lines.size() && !hasContent; ++index) {
        hasContent = !text::isBlank(lines[index]) && !isStepBreakLine(lines[index]);
    }
    if (!hasContent) {
        diagnostics.error(static_cast<int>(closingLineIndex) + 1, 1, "the lesson has no steps");
        return {};
    }
    return BodyReader(lines, kinds, diagnostics).read(firstIndex);
}

}  // namespace mlsyslab::lesson
