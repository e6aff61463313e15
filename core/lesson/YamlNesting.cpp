#include "lesson/YamlNesting.h"

#include <climits>
#include <cstddef>
#include <vector>

#include "lesson/TextLines.h"

namespace mlsyslab::lesson {

namespace {

YAML::Mark markAt(int line, std::size_t column) {
    YAML::Mark mark;
    mark.line = line;
    mark.column = static_cast<int>(column);
    return mark;
}

bool startsToken(std::string_view line, std::size_t at) {
    if (at == 0) return true;
    const char before = line[at - 1];
    return text::isSpaceOrTab(before) || before == '[' || before == '{' || before == ',' ||
           before == ':' || before == '-' || before == '?';
}

// Scans YAML lines just well enough to follow its nesting: flow brackets outside quoted scalars
// and comments, and block levels from indentation plus compact "- - x" entries.
class NestingScanner {
public:
    explicit NestingScanner(int maxDepth) : maxDepth_(maxDepth) {}

    // The place where nesting first goes deeper than maxDepth on this line, if it does.
    std::optional<YAML::Mark> scanLine(std::string_view line, int lineIndex) {
        std::size_t at = 0;
        int blockDepth = static_cast<int>(blockIndents_.size());
        if (quote_ == 0 && openBrackets_.empty()) {
            const std::size_t indent = text::leadingSpaces(line);
            if (text::isBlank(line) || line[indent] == '#') return std::nullopt;
            while (!blockIndents_.empty() && blockIndents_.back() > indent)
                blockIndents_.pop_back();
            if (blockIndents_.empty() || blockIndents_.back() < indent)
                blockIndents_.push_back(indent);
            blockDepth = static_cast<int>(blockIndents_.size());
            at = indent;
            // "- - - x" opens one sequence per dash on a single line.
            while (at < line.size() && (line[at] == '-' || line[at] == '?') &&
                   (at + 1 == line.size() || text::isSpaceOrTab(line[at + 1]))) {
                ++blockDepth;
                if (blockDepth > maxDepth_) return markAt(lineIndex, at);
                at += 1;
                while (at < line.size() && text::isSpaceOrTab(line[at])) ++at;
            }
            if (blockDepth > maxDepth_) return markAt(lineIndex, indent);
            lineBlockDepth_ = blockDepth;
        }
        for (; at < line.size(); ++at) {
            const char character = line[at];
            if (quote_ != 0) {
                if (quote_ == '"' && character == '\\') {
                    ++at;  // an escaped character, whatever it is
                } else if (character == quote_) {
                    const bool doubledSingle =
                        quote_ == '\'' && at + 1 < line.size() && line[at + 1] == '\'';
                    if (doubledSingle)
                        ++at;
                    else
                        quote_ = 0;
                }
                continue;
            }
            if (character == '#' && (at == 0 || text::isSpaceOrTab(line[at - 1]))) break;
            if ((character == '"' || character == '\'') && startsToken(line, at)) {
                quote_ = character;
            } else if (character == '[' || character == '{') {
                openBrackets_.push_back({character, markAt(lineIndex, at)});
                const int depth = static_cast<int>(openBrackets_.size()) + lineBlockDepth_;
                if (depth > maxDepth_) return markAt(lineIndex, at);
            } else if ((character == ']' || character == '}') && !openBrackets_.empty()) {
                // A closer of the other kind is yaml-cpp's "illegal flow end", reported where
                // it stands; here it only has to end the collection.
                openBrackets_.pop_back();
            }
        }
        return std::nullopt;
    }

    // After the last line: the innermost collection still open.
    std::optional<UnclosedBracket> unclosedBracket() const {
        if (openBrackets_.empty()) return std::nullopt;
        return openBrackets_.back();
    }

private:
    int maxDepth_;
    // The flow collections open so far, outermost first.
    std::vector<UnclosedBracket> openBrackets_;
    int lineBlockDepth_ = 0;  // the block depth of the line the open flow collection began on
    char quote_ = 0;          // the quote character of an open quoted scalar, or 0
    std::vector<std::size_t> blockIndents_;
};

}  // namespace

std::optional<YAML::Mark> findTooDeepNesting(std::string_view yaml, int maxDepth) {
    NestingScanner scanner(maxDepth);
    const std::vector<std::string_view> lines = text::splitLines(yaml);
    for (std::size_t index = 0; index < lines.size(); ++index) {
        if (auto mark = scanner.scanLine(lines[index], static_cast<int>(index))) return mark;
    }
    return std::nullopt;
}

std::optional<UnclosedBracket> findUnclosedBracket(std::string_view yaml) {
    NestingScanner scanner(INT_MAX);
    const std::vector<std::string_view> lines = text::splitLines(yaml);
    for (std::size_t index = 0; index < lines.size(); ++index) {
        scanner.scanLine(lines[index], static_cast<int>(index));
    }
    return scanner.unclosedBracket();
}

}  // namespace mlsyslab::lesson
