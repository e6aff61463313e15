#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lesson/Lesson.h"

namespace mlsyslab::lesson {

// Gathers one step while the body is read: prose lines become Markdown blocks between the sim
// and quiz blocks, and "Note:" paragraphs go to the speaker notes.
class StepBuilder {
public:
    explicit StepBuilder(int openingLine) : openingLine_(openingLine) {}

    // The separator line that opened the step, or the first body line for step 1.
    int openingLine() const { return openingLine_; }
    bool isEmpty() const { return firstContentLine_ == 0; }

    void addProseLine(int lineNumber, std::string_view line);
    void addBlock(int lineNumber, Block block);
    // A fence whose block is not kept (it had errors): the step still has content there.
    void addContentLine(int lineNumber);
    void addNoteParagraph(int lineNumber, const std::vector<std::string_view>& lines);

    Step finish();

private:
    void flushProse();
    void noteContent(int lineNumber);

    struct ProseLine {
        int number = 0;
        std::string_view text;
    };

    int openingLine_ = 0;
    int firstContentLine_ = 0;
    bool afterNote_ = false;  // the blank line that ended a note is not kept twice
    std::vector<ProseLine> prose_;
    std::vector<std::string> notes_;
    Step step_;
};

}  // namespace mlsyslab::lesson
