#pragma once

// What the suites that read the built-in course share: a lesson by file name, parsed with the
// real simulator kinds, and the prose of a step.
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "lesson/KindSpec.h"
#include "lesson/LessonParser.h"
#include "lessons/BuiltinLessons.h"

namespace mlsyslab::testing {

// The built-in lesson in lessons/FILE_NAME, as the app loads it; no lesson when there is no
// such file or it does not parse.
inline std::optional<lesson::Lesson> builtinLesson(std::string_view fileName) {
    for (const auto& file : course::builtinLessonFiles()) {
        if (file.fileName != fileName) continue;
        return lesson::parseLesson(file.text, lesson::builtinSimKinds()).lesson;
    }
    return std::nullopt;
}

// A step's Markdown blocks, joined by blank lines: what the class reads around its simulators.
inline std::string proseOf(const lesson::Step& step) {
    std::string prose;
    for (const lesson::Block& block : step.blocks) {
        const auto* markdown = std::get_if<lesson::MarkdownBlock>(&block);
        if (markdown == nullptr) continue;
        if (!prose.empty()) prose += "\n\n";
        prose += markdown->text;
    }
    return prose;
}

// The first simulator of a step, in its kind's state type; nullptr when there is none of it.
template <typename State>
const State* firstSimState(const lesson::Step& step) {
    for (const lesson::Block& block : step.blocks) {
        const auto* sim = std::get_if<lesson::SimBlock>(&block);
        if (sim != nullptr && sim->state.as<State>() != nullptr) return sim->state.as<State>();
    }
    return nullptr;
}

}  // namespace mlsyslab::testing
