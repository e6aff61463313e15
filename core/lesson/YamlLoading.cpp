#include "lesson/YamlLoading.h"

#include <algorithm>
#include <exception>
#include <string>
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

// Scans YAML lines just well enough to count nesting: flow brackets outside quoted scalars and
// comments, and block levels from indentation plus compact "- - x" entries.
class NestingScanner {
public:
    explicit NestingScanner(int maxDepth) : maxDepth_(maxDepth) {}

    std::optional<YAML::Mark> scanLine(std::string_view line, int lineIndex) {
        std::size_t at = 0;
        int blockDepth = static_cast<int>(blockIndents_.size());
        if (quote_ == 0 && flowDepth_ == 0) {
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
                ++flowDepth_;
                if (flowDepth_ + lineBlockDepth_ > maxDepth_) return markAt(lineIndex, at);
            } else if ((character == ']' || character == '}') && flowDepth_ > 0) {
                --flowDepth_;
            }
        }
        return std::nullopt;
    }

private:
    int maxDepth_;
    int flowDepth_ = 0;
    int lineBlockDepth_ = 0;  // the block depth of the line the open flow collection began on
    char quote_ = 0;          // the quote character of an open quoted scalar, or 0
    std::vector<std::size_t> blockIndents_;
};

}  // namespace

FilePosition filePositionOf(const YAML::Mark& mark, const YamlPlacement& placement) {
    if (mark.is_null() || mark.line < 0 || mark.column < 0) {
        return {placement.fallbackLine, placement.fallbackColumn};
    }
    const long long line = static_cast<long long>(placement.firstLine) + mark.line;
    if (line > placement.lastLine) return {placement.lastLine, 1};
    return {static_cast<int>(std::max<long long>(line, placement.firstLine)), mark.column + 1};
}

std::optional<YAML::Mark> findTooDeepNesting(std::string_view yaml, int maxDepth) {
    NestingScanner scanner(maxDepth);
    const std::vector<std::string_view> lines = text::splitLines(yaml);
    for (std::size_t index = 0; index < lines.size(); ++index) {
        if (auto mark = scanner.scanLine(lines[index], static_cast<int>(index))) return mark;
    }
    return std::nullopt;
}

std::optional<YAML::Node> loadYaml(std::string_view yaml, std::string_view what,
                                   const YamlPlacement& placement, DiagnosticSink& diagnostics) {
    const std::string prefix = "invalid YAML in " + std::string(what) + ": ";
    const auto report = [&](const YAML::Mark& mark, const std::string& reason) {
        const FilePosition position = filePositionOf(mark, placement);
        diagnostics.error(position.line, position.column, prefix + reason);
    };
    if (const auto tooDeep = findTooDeepNesting(yaml, kMaxYamlNesting)) {
        report(*tooDeep,
               "nested too deeply (more than " + std::to_string(kMaxYamlNesting) + " levels)");
        return std::nullopt;
    }
    try {
        return YAML::Load(std::string(yaml));
    } catch (const YAML::Exception& error) {
        report(error.mark, error.msg);
    } catch (const std::exception& error) {
        report(YAML::Mark::null_mark(), error.what());
    } catch (...) {
        report(YAML::Mark::null_mark(), "unreadable");
    }
    return std::nullopt;
}

}  // namespace mlsyslab::lesson
