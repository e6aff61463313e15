#include "lesson/StepBuilder.h"

#include <utility>

#include "lesson/TextLines.h"

namespace mlsyslab::lesson {

void StepBuilder::noteContent(int lineNumber) {
    if (firstContentLine_ == 0) firstContentLine_ = lineNumber;
}

void StepBuilder::addProseLine(int lineNumber, std::string_view line) {
    const bool blank = text::isBlank(line);
    if (blank && afterNote_ && (prose_.empty() || text::isBlank(prose_.back().text))) return;
    afterNote_ = false;
    if (!blank) noteContent(lineNumber);
    prose_.push_back({lineNumber, line});
}

void StepBuilder::addBlock(int lineNumber, Block block) {
    flushProse();
    noteContent(lineNumber);
    step_.blocks.push_back(std::move(block));
}

void StepBuilder::addContentLine(int lineNumber) {
    flushProse();
    noteContent(lineNumber);
}

void StepBuilder::addNoteParagraph(int lineNumber, const std::vector<std::string_view>& lines) {
    noteContent(lineNumber);
    std::vector<std::string_view> kept = lines;
    while (!kept.empty() && text::isBlank(kept.front())) kept.erase(kept.begin());
    if (!kept.empty()) notes_.push_back(text::joinLines(kept));
    afterNote_ = true;
}

void StepBuilder::flushProse() {
    std::size_t first = 0;
    std::size_t end = prose_.size();
    while (first < end && text::isBlank(prose_[first].text)) ++first;
    while (end > first && text::isBlank(prose_[end - 1].text)) --end;
    if (first < end) {
        MarkdownBlock block;
        block.firstLine = prose_[first].number;
        for (std::size_t index = first; index < end; ++index) {
            if (index > first) block.text += '\n';
            block.text += prose_[index].text;
        }
        step_.blocks.push_back(std::move(block));
    }
    prose_.clear();
    afterNote_ = false;
}

Step StepBuilder::finish() {
    flushProse();
    for (const std::string& note : notes_) {
        if (!step_.speakerNotes.empty()) step_.speakerNotes += "\n\n";
        step_.speakerNotes += note;
    }
    step_.firstLine = firstContentLine_;
    return std::move(step_);
}

}  // namespace mlsyslab::lesson
