#include "lesson/WholeTextCheck.h"

#include <cstdio>
#include <string>

#include "lesson/LessonParser.h"

namespace mlsyslab::lesson {

namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

bool isContinuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// The length of the valid UTF-8 sequence that starts at `at`, or 0 when it is not valid.
// Follows the table of well-formed sequences in the Unicode standard (§3.9, table 3-7).
std::size_t validSequenceLength(std::string_view text, std::size_t at) {
    const auto byteAt = [&](std::size_t index) -> unsigned char {
        return index < text.size() ? static_cast<unsigned char>(text[index]) : 0;
    };
    const unsigned char lead = byteAt(at);
    if (lead == 0) return 0;  // NUL: binary data, not text
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned char secondMin = 0x80;
    unsigned char secondMax = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) secondMin = 0xA0;  // overlong
        if (lead == 0xED) secondMax = 0x9F;  // UTF-16 surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) secondMin = 0x90;  // overlong
        if (lead == 0xF4) secondMax = 0x8F;  // past U+10FFFF
    } else {
        return 0;
    }
    if (at + length > text.size()) return 0;
    const unsigned char second = byteAt(at + 1);
    if (second < secondMin || second > secondMax) return 0;
    for (std::size_t index = 2; index < length; ++index) {
        if (!isContinuation(byteAt(at + index))) return 0;
    }
    return length;
}

std::string hexByte(unsigned char byte) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "0x%02X", static_cast<unsigned>(byte));
    return buffer;
}

}  // namespace

std::string_view withoutByteOrderMark(std::string_view text) {
    if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark) {
        text.remove_prefix(kByteOrderMark.size());
    }
    return text;
}

std::optional<std::size_t> firstNonTextByte(std::string_view text) {
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t length = validSequenceLength(text, at);
        if (length == 0) return at;
        at += length;
    }
    return std::nullopt;
}

std::optional<Diagnostic> checkWholeText(std::string_view wholeFile) {
    if (wholeFile.size() > kMaxLessonBytes) {
        return Diagnostic{Severity::Error, 1, 1,
                          "the file is too large (" + std::to_string(wholeFile.size()) +
                              " bytes); a lesson may have at most " +
                              std::to_string(kMaxLessonBytes) + " bytes"};
    }
    const std::string_view text = withoutByteOrderMark(wholeFile);
    const std::size_t skipped = wholeFile.size() - text.size();
    if (const auto badOffset = firstNonTextByte(text)) {
        const std::string_view before = text.substr(0, *badOffset);
        const std::size_t lineStart = before.rfind('\n');
        int line = 1;
        for (char character : before) line += character == '\n' ? 1 : 0;
        const std::size_t column =
            lineStart == std::string_view::npos ? *badOffset + 1 : *badOffset - lineStart;
        const auto byte = static_cast<unsigned char>(text[*badOffset]);
        const std::string offset = std::to_string(*badOffset + skipped);
        std::string message =
            byte == 0 ? "the file is not text (binary data: a zero byte at offset " + offset + ")"
                      : "the file is not UTF-8 text (byte " + hexByte(byte) + " at offset " +
                            offset + "); save it as UTF-8";
        return Diagnostic{Severity::Error, line, static_cast<int>(column), std::move(message)};
    }
    if (text.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos) {
        return Diagnostic{Severity::Error, 1, 1, "the file is empty"};
    }
    return std::nullopt;
}

}  // namespace mlsyslab::lesson
