#include "lesson/Lesson.h"

#include <optional>
#include <string_view>

#include "lesson/Fences.h"
#include "lesson/TextLines.h"

namespace mlsyslab::lesson {

namespace {

constexpr std::size_t kMaxHeadingIndent = 3;
constexpr std::size_t kMaxAtxLevel = 6;

// "## Bits and bytes ##" gives "Bits and bytes"; anything else gives nothing.
std::optional<std::string_view> atxHeadingText(std::string_view line) {
    const std::size_t indent = text::leadingSpaces(line);
    if (indent > kMaxHeadingIndent) return std::nullopt;
    line.remove_prefix(indent);
    std::size_t level = 0;
    while (level < line.size() && line[level] == '#') ++level;
    if (level == 0 || level > kMaxAtxLevel) return std::nullopt;
    if (level < line.size() && !text::isSpaceOrTab(line[level])) return std::nullopt;
    std::string_view heading = text::trimmed(line.substr(level));
    // An optional closing run of '#' after a space is not part of the text.
    std::size_t end = heading.size();
    while (end > 0 && heading[end - 1] == '#') --end;
    if (end == 0) return std::string_view();
    if (end < heading.size() && text::isSpaceOrTab(heading[end - 1]))
        heading = heading.substr(0, end);
    return text::trimmed(heading);
}

bool isSetextUnderline(std::string_view line) {
    const std::size_t indent = text::leadingSpaces(line);
    if (indent > kMaxHeadingIndent || indent >= line.size()) return false;
    const char marker = line[indent];
    if (marker != '=' && marker != '-') return false;
    std::size_t end = indent;
    while (end < line.size() && line[end] == marker) ++end;
    return text::isBlank(line.substr(end));
}

// The first heading of one Markdown block, skipping code blocks.
std::optional<std::string> firstHeading(const std::string& markdown) {
    const std::vector<std::string_view> lines = text::splitLines(markdown);
    std::string paragraph;
    for (std::size_t index = 0; index < lines.size(); ++index) {
        const std::string_view line = lines[index];
        if (const auto fence = fenceOpeningIn(line)) {
            const auto closing = findClosingFence(lines, index, *fence);
            if (!closing) return std::nullopt;
            index = *closing;
            paragraph.clear();
            continue;
        }
        if (const auto heading = atxHeadingText(line)) return std::string(*heading);
        if (!paragraph.empty() && isSetextUnderline(line)) return paragraph;
        if (text::isBlank(line)) {
            paragraph.clear();
        } else if (text::leadingSpaces(line) <= kMaxHeadingIndent || !paragraph.empty()) {
            if (!paragraph.empty()) paragraph += ' ';
            paragraph += text::trimmed(line);
        }
    }
    return std::nullopt;
}

}  // namespace

std::string stepTitle(const Step& step) {
    for (const Block& block : step.blocks) {
        if (const auto* markdown = std::get_if<MarkdownBlock>(&block)) {
            if (auto heading = firstHeading(markdown->text)) return *heading;
        }
    }
    return {};
}

}  // namespace mlsyslab::lesson
