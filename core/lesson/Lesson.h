#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "lesson/SimState.h"

namespace mlsyslab::lesson {

// The model of one lesson file (docs/lesson-format.md). Lines are 1-based file lines, kept so
// that a view or a later check can point back into the file.

// Prose, rendered as Markdown.
struct MarkdownBlock {
    std::string text;
    int firstLine = 0;
    friend bool operator==(const MarkdownBlock&, const MarkdownBlock&) = default;
};

// A ```sim KIND fence: a simulator and its initial state, as written (YAML, verbatim) and as
// its kind read it (defaults where a field is missing or wrong).
struct SimBlock {
    std::string kind;
    std::string stateYaml;
    int fenceLine = 0;      // the line of the opening fence
    int bodyFirstLine = 0;  // the line of the first body line (fenceLine + 1)
    SimState state;
    // The state is read from the text, so equal text means equal blocks.
    friend bool operator==(const SimBlock& left, const SimBlock& right) {
        return left.kind == right.kind && left.stateYaml == right.stateYaml &&
               left.fenceLine == right.fenceLine && left.bodyFirstLine == right.bodyFirstLine;
    }
};

enum class QuizMode { Single, Multi };

struct QuizChoice {
    std::string text;  // Markdown, without the "- [ ] " marker
    bool correct = false;
    int line = 0;
    friend bool operator==(const QuizChoice&, const QuizChoice&) = default;
};

// A ```quiz single|multi fence: one question.
struct Quiz {
    QuizMode mode = QuizMode::Single;
    std::string question;     // Markdown
    std::vector<QuizChoice> choices;
    std::string explanation;  // Markdown from the "> " lines, without the markers; may be empty
    int fenceLine = 0;
    friend bool operator==(const Quiz&, const Quiz&) = default;
};

using Block = std::variant<MarkdownBlock, SimBlock, Quiz>;

struct Step {
    std::vector<Block> blocks;   // in file order
    std::string speakerNotes;    // the step's "Note:" paragraphs without the marker; may be empty
    int firstLine = 0;
    friend bool operator==(const Step&, const Step&) = default;
};

// The YAML front matter.
struct LessonInfo {
    std::string format;  // always "mlsyslab-lesson/1" in a valid lesson
    std::string id;
    std::string title;
    std::string summary;
    std::string part;    // the course part it belongs to, for the lesson browser; may be empty
    std::optional<double> order;
    std::vector<std::string> tags;
    friend bool operator==(const LessonInfo&, const LessonInfo&) = default;
};

struct Lesson {
    LessonInfo info;
    std::vector<Step> steps;
    friend bool operator==(const Lesson&, const Lesson&) = default;
};

// The text of the step's first Markdown heading ("# Bits" gives "Bits"), or "" when it has none.
std::string stepTitle(const Step& step);

}  // namespace mlsyslab::lesson
