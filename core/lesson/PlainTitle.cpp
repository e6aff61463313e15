#include "lesson/PlainTitle.h"

#include <cstddef>
#include <optional>

namespace mlsyslab::lesson {

namespace {

bool isAsciiPunctuation(char character) {
    return (character >= '!' && character <= '/') || (character >= ':' && character <= '@') ||
           (character >= '[' && character <= '`') || (character >= '{' && character <= '~');
}

std::size_t backtickRunLength(std::string_view text, std::size_t start) {
    std::size_t end = start;
    while (end < text.size() && text[end] == '`') ++end;
    return end - start;
}

// Where the run of exactly `length` backticks that closes a code span starts, if there is one.
std::optional<std::size_t> closingRun(std::string_view text, std::size_t from, std::size_t length) {
    std::size_t at = from;
    while (at < text.size()) {
        if (text[at] != '`') {
            ++at;
            continue;
        }
        const std::size_t run = backtickRunLength(text, at);
        if (run == length) return at;
        at += run;
    }
    return std::nullopt;
}

// CommonMark: line breaks read as spaces, and one space is stripped from each side when both
// sides have one (so "`` `x` ``" shows "`x`"), unless the span is only spaces.
std::string codeSpanText(std::string_view content) {
    std::string text(content);
    for (char& character : text) {
        if (character == '\n' || character == '\r') character = ' ';
    }
    const bool onlySpaces = text.find_first_not_of(' ') == std::string::npos;
    if (!onlySpaces && text.size() >= 2 && text.front() == ' ' && text.back() == ' ') {
        text = text.substr(1, text.size() - 2);
    }
    return text;
}

}  // namespace

std::string plainTitle(std::string_view markdown) {
    std::string plain;
    plain.reserve(markdown.size());
    std::size_t at = 0;
    while (at < markdown.size()) {
        const char character = markdown[at];
        if (character == '\\' && at + 1 < markdown.size() && isAsciiPunctuation(markdown[at + 1])) {
            plain += markdown[at + 1];
            at += 2;
        } else if (character == '`') {
            const std::size_t length = backtickRunLength(markdown, at);
            const std::size_t contentStart = at + length;
            if (const auto closing = closingRun(markdown, contentStart, length)) {
                plain += codeSpanText(markdown.substr(contentStart, *closing - contentStart));
                at = *closing + length;
            } else {
                // No closing run: the backticks are literal text.
                plain.append(markdown.substr(at, length));
                at = contentStart;
            }
        } else {
            plain += character;
            ++at;
        }
    }
    return plain;
}

}  // namespace mlsyslab::lesson
