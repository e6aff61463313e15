#include "pyvm/Traceback.h"

#include <algorithm>
#include <cstdint>
#include <variant>

#include "common/Concat.h"
#include "pyvm/Parser.h"

namespace mlsyslab::pyvm {

namespace {

constexpr int kRecursiveCutoff = 3;            // TB_RECURSIVE_CUTOFF in Python/traceback.c
constexpr std::size_t kTracebackLimit = 1000;  // sys.tracebacklimit's default

bool isWhitespace(char32_t c) {
    return c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r';
}

std::string_view sourceLine(std::string_view source, int line) {
    std::size_t start = 0;
    for (int current = 1; current < line; ++current) {
        const std::size_t newline = source.find('\n', start);
        if (newline == std::string_view::npos) return {};
        start = newline + 1;
    }
    std::size_t end = source.find('\n', start);
    if (end == std::string_view::npos) end = source.size();
    std::string_view text = source.substr(start, end - start);
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    return text;
}

// The byte offset where each code point of `text` starts, plus the end.
std::vector<std::size_t> codePointStarts(std::string_view text) {
    std::vector<std::size_t> starts;
    for (std::size_t index = 0; index < text.size(); ++index) {
        if ((static_cast<unsigned char>(text[index]) & 0xC0) != 0x80) starts.push_back(index);
    }
    starts.push_back(text.size());
    return starts;
}

std::string_view strip(std::string_view text) {
    while (!text.empty() && isWhitespace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && isWhitespace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

// CPython's extract_anchors_from_line: for a binary operation the operator, for a subscript the
// brackets, found by parsing the failing expression's own text. False when neither applies.
bool findAnchors(std::string_view segment, int& left, int& right) {
    const ParseResult parsed = parse(segment);
    if (!parsed.ok() || parsed.module.body.size() != 1) return false;
    const auto* statement = std::get_if<ast::ExprStmt>(&parsed.module.body[0]->node);
    if (statement == nullptr || !statement->value) return false;
    const ast::Expr& expression = *statement->value;
    const std::vector<std::size_t> starts = codePointStarts(segment);
    const int length = static_cast<int>(starts.size()) - 1;
    auto at = [&](int column) -> char { return segment[starts[static_cast<std::size_t>(column)]]; };
    if (const auto* binary = std::get_if<ast::BinOp>(&expression.node)) {
        const int rightStart = binary->right->where.column;
        for (int index = binary->left->where.endColumn; index < rightStart && index < length;
             ++index) {
            if (isWhitespace(static_cast<unsigned char>(at(index)))) continue;
            left = index;
            right = index + 1;
            if (index + 1 < rightStart && !isWhitespace(static_cast<unsigned char>(at(index + 1))))
                ++right;
            if (index + 1 < rightStart && at(index) == ')') continue;
            return true;
        }
        return false;
    }
    if (const auto* subscript = std::get_if<ast::Subscript>(&expression.node)) {
        left = subscript->value->where.endColumn;
        right = subscript->slice->where.endColumn + 1;
        while (left < length && at(left) != '[') ++left;
        while (right < length && at(right) != ']') ++right;
        if (right < length) ++right;
        return true;
    }
    return false;
}

}  // namespace

std::string caretLine(std::string_view line, int column, int endColumn, bool spansLines) {
    const std::vector<std::size_t> starts = codePointStarts(line);
    const int length = static_cast<int>(starts.size()) - 1;
    int indent = 0;
    while (indent < length &&
           isWhitespace(static_cast<unsigned char>(line[starts[static_cast<std::size_t>(indent)]])))
        ++indent;
    if (column < indent || column > length) return {};
    int left = -1;
    int right = -1;
    if (spansLines) {
        int last = length;
        while (last > 0 && isWhitespace(static_cast<unsigned char>(
                               line[starts[static_cast<std::size_t>(last - 1)]])))
            --last;
        endColumn = last;
    } else {
        if (endColumn > length || endColumn <= column) return {};
        const std::string_view segment = line.substr(
            starts[static_cast<std::size_t>(column)],
            starts[static_cast<std::size_t>(endColumn)] - starts[static_cast<std::size_t>(column)]);
        if (findAnchors(segment, left, right)) {
            left += column;
            right += column;
        } else {
            left = right = -1;
        }
    }
    const auto strippedLength = static_cast<int>(codePointStarts(strip(line)).size()) - 1;
    if (endColumn - column == strippedLength && left < 0) return {};
    std::string carets(4, ' ');
    for (int index = indent; index < endColumn; ++index) {
        if (index < column) {
            carets += ' ';
        } else if (left >= 0) {
            carets += (index >= left && index < right) ? '^' : '~';
        } else {
            carets += '^';
        }
    }
    return carets;
}

std::string formatTraceback(const std::vector<TracebackEntry>& entries, const PyError& error,
                            std::string_view source, const std::string& filename) {
    std::string text = "Traceback (most recent call last):\n";
    const std::size_t first =
        entries.size() > kTracebackLimit ? entries.size() - kTracebackLimit : 0;
    const CodeObject* lastCode = nullptr;
    int lastLine = -1;
    int repeats = 0;
    auto flushRepeats = [&] {
        if (repeats > kRecursiveCutoff) {
            const int more = repeats - kRecursiveCutoff;
            text += concat("  [Previous line repeated ", std::to_string(more), " more time",
                           more > 1 ? "s" : "", "]\n");
        }
    };
    for (std::size_t index = first; index < entries.size(); ++index) {
        const TracebackEntry& entry = entries[index];
        const Instruction& instruction =
            entry.code->code[static_cast<std::size_t>(entry.instruction)];
        const bool sameAsLast = lastCode != nullptr && lastCode->name == entry.code->name &&
                                lastLine == instruction.line;
        if (!sameAsLast) {
            flushRepeats();
            lastCode = entry.code.get();
            lastLine = instruction.line;
            repeats = 0;
        }
        if (++repeats > kRecursiveCutoff) continue;
        text += concat("  File \"", filename, "\", line ", std::to_string(instruction.line),
                       ", in ", entry.code->name, "\n");
        const std::string_view line = sourceLine(source, instruction.line);
        if (strip(line).empty()) continue;
        text += concat("    ", strip(line), "\n");
        const std::string carets = caretLine(line, instruction.column, instruction.endColumn,
                                             instruction.endLine != instruction.line);
        if (!carets.empty()) text += concat(carets, "\n");
    }
    flushRepeats();
    text += concat(error.line(), "\n");
    return text;
}

std::string formatSyntaxError(const SyntaxError& error, std::string_view source,
                              const std::string& filename) {
    std::string text = concat("  File \"", filename, "\", line ", std::to_string(error.line), "\n");
    const std::string_view line = sourceLine(source, error.line);
    const std::string_view stripped = strip(line);
    if (!stripped.empty()) {
        text += concat("    ", stripped, "\n");
        const std::vector<std::size_t> starts = codePointStarts(line);
        int indent = 0;
        while (indent + 1 < static_cast<int>(starts.size()) &&
               isWhitespace(
                   static_cast<unsigned char>(line[starts[static_cast<std::size_t>(indent)]]))) {
            ++indent;
        }
        // CPython's print_error_text: the offset moves left with the stripped indentation, is
        // clipped to the line, and no caret is drawn when it points left of the text.
        const int strippedLength = static_cast<int>(codePointStarts(stripped).size()) - 1;
        const int caretColumn = std::min(error.offset - 1 - indent, strippedLength);
        if (caretColumn >= 0) {
            text += concat(std::string(4 + static_cast<std::size_t>(caretColumn), ' '), "^\n");
        }
    }
    text += concat(error.kind, ": ", error.message, "\n");
    return text;
}

}  // namespace mlsyslab::pyvm
