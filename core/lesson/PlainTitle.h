#pragma once

#include <string>
#include <string_view>

namespace mlsyslab::lesson {

// A title written in Markdown ("Loops: how `for` works") as the plain text a reader sees
// ("Loops: how for works"), for the places that cannot render Markdown: the lesson browser,
// window titles, the status bar, the presenter view. Code spans lose their backticks (as
// CommonMark reads them: a run of n backticks up to the next run of exactly n) and backslash
// escapes their backslash. Emphasis marks stay: '*' and '_' are common in plain titles too
// ("2 * 3", "snake_case"), and titles rarely use emphasis.
std::string plainTitle(std::string_view markdown);

}  // namespace mlsyslab::lesson
