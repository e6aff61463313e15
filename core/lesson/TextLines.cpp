#include "lesson/TextLines.h"

namespace mlsyslab::lesson::text {

namespace {
// Long enough for any real key, kind or choice to show whole.
constexpr std::size_t kMaxQuotedBytes = 60;
}  // namespace

std::vector<std::string_view> splitLines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        const std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back(line);
        start = next;
    }
    return lines;
}

bool isSpaceOrTab(char character) { return character == ' ' || character == '\t'; }

bool isBlank(std::string_view line) {
    for (char character : line) {
        if (!isSpaceOrTab(character) && character != '\r') return false;
    }
    return true;
}

std::string_view trimmedRight(std::string_view text) {
    while (!text.empty() && (isSpaceOrTab(text.back()) || text.back() == '\r')) {
        text.remove_suffix(1);
    }
    return text;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && isSpaceOrTab(text.front())) text.remove_prefix(1);
    return trimmedRight(text);
}

std::size_t leadingSpaces(std::string_view line) {
    std::size_t count = 0;
    while (count < line.size() && line[count] == ' ') ++count;
    return count;
}

bool isMarkerLine(std::string_view line, std::string_view marker, std::size_t maxIndent) {
    const std::size_t indent = leadingSpaces(line);
    if (indent > maxIndent) return false;
    line.remove_prefix(indent);
    return line.substr(0, marker.size()) == marker && isBlank(line.substr(marker.size()));
}

std::string_view withoutIndent(std::string_view line, std::size_t count) {
    const std::size_t indent = leadingSpaces(line);
    line.remove_prefix(indent < count ? indent : count);
    return line;
}

std::string quoted(std::string_view userText) {
    std::size_t cut = userText.size();
    if (cut > kMaxQuotedBytes) {
        cut = kMaxQuotedBytes;
        // Never cut a UTF-8 sequence in half: back up over continuation bytes (10xxxxxx).
        while (cut > 0 && (static_cast<unsigned char>(userText[cut]) & 0xC0) == 0x80) --cut;
    }
    // Built with append: GCC 12 warns wrongly (-Wrestrict) about "'" + std::string(...).
    std::string result;
    result.reserve(cut + 5);
    result.append(1, '\'');
    result.append(userText.substr(0, cut));
    if (cut < userText.size()) result.append("...");
    result.append(1, '\'');
    return result;
}

std::string joinLines(const std::vector<std::string_view>& lines) {
    std::string joined;
    for (std::size_t index = 0; index < lines.size(); ++index) {
        if (index > 0) joined += '\n';
        joined += lines[index];
    }
    return joined;
}

}  // namespace mlsyslab::lesson::text
