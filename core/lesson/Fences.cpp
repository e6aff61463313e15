#include "lesson/Fences.h"

#include "lesson/TextLines.h"

namespace mlsyslab::lesson {

namespace {
constexpr std::size_t kMaxFenceIndent = 3;  // CommonMark: 4 spaces make an indented code block
constexpr std::size_t kMinFenceLength = 3;
}  // namespace

std::string_view FenceOpening::markers() const {
    static constexpr std::string_view kBackticks = "````````````````";
    static constexpr std::string_view kTildes = "~~~~~~~~~~~~~~~~";
    const std::string_view all = marker == '`' ? kBackticks : kTildes;
    return all.substr(0, length < all.size() ? length : all.size());
}

std::optional<FenceOpening> fenceOpeningIn(std::string_view line) {
    FenceOpening opening;
    opening.indent = text::leadingSpaces(line);
    if (opening.indent > kMaxFenceIndent || opening.indent >= line.size()) return std::nullopt;
    opening.marker = line[opening.indent];
    if (opening.marker != '`' && opening.marker != '~') return std::nullopt;
    std::size_t end = opening.indent;
    while (end < line.size() && line[end] == opening.marker) ++end;
    opening.length = end - opening.indent;
    if (opening.length < kMinFenceLength) return std::nullopt;
    const std::string_view rest = line.substr(end);
    // CommonMark: a backtick fence's info string may not contain a backtick (that is inline code).
    if (opening.marker == '`' && rest.find('`') != std::string_view::npos) return std::nullopt;
    opening.info = text::trimmed(rest);
    std::size_t leading = 0;
    while (leading < rest.size() && text::isSpaceOrTab(rest[leading])) ++leading;
    opening.infoOffset = end + leading;
    return opening;
}

bool closesFence(std::string_view line, const FenceOpening& opening) {
    const std::size_t indent = text::leadingSpaces(line);
    if (indent > kMaxFenceIndent) return false;
    std::size_t end = indent;
    while (end < line.size() && line[end] == opening.marker) ++end;
    return end - indent >= opening.length && text::isBlank(line.substr(end));
}

std::vector<InfoWord> infoWords(const FenceOpening& opening) {
    std::vector<InfoWord> words;
    const std::string_view info = opening.info;
    std::size_t at = 0;
    while (at < info.size()) {
        while (at < info.size() && text::isSpaceOrTab(info[at])) ++at;
        const std::size_t start = at;
        while (at < info.size() && !text::isSpaceOrTab(info[at])) ++at;
        if (at > start) {
            words.push_back(
                {info.substr(start, at - start), static_cast<int>(opening.infoOffset + start) + 1});
        }
    }
    return words;
}

std::optional<std::size_t> findClosingFence(const std::vector<std::string_view>& lines,
                                            std::size_t openingIndex, const FenceOpening& opening) {
    for (std::size_t index = openingIndex + 1; index < lines.size(); ++index) {
        if (closesFence(lines[index], opening)) return index;
    }
    return std::nullopt;
}

}  // namespace mlsyslab::lesson
