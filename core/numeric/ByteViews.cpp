#include "numeric/ByteViews.h"

#include <array>
#include <cstdio>
#include <vector>

#include "common/Concat.h"

namespace mlsyslab::numeric {

namespace {

constexpr int kBitsPerByte = 8;
constexpr std::uint8_t kFirstPrintable = 32;  // space
constexpr std::uint8_t kLastPrintable = 126;  // '~'
constexpr std::uint8_t kDelete = 127;

struct ControlName {
    const char* abbreviation;
    const char* name;
};

// The ASCII control characters 0..31 (ANSI X3.4-1968 / RFC 20 names).
constexpr std::array<ControlName, 32> kControlNames = {{
    {"NUL", "null"},
    {"SOH", "start of heading"},
    {"STX", "start of text"},
    {"ETX", "end of text"},
    {"EOT", "end of transmission"},
    {"ENQ", "enquiry"},
    {"ACK", "acknowledge"},
    {"BEL", "bell"},
    {"BS", "backspace"},
    {"HT", "tab"},
    {"LF", "line feed"},
    {"VT", "vertical tab"},
    {"FF", "form feed"},
    {"CR", "carriage return"},
    {"SO", "shift out"},
    {"SI", "shift in"},
    {"DLE", "data link escape"},
    {"DC1", "device control 1"},
    {"DC2", "device control 2"},
    {"DC3", "device control 3"},
    {"DC4", "device control 4"},
    {"NAK", "negative acknowledge"},
    {"SYN", "synchronous idle"},
    {"ETB", "end of transmission block"},
    {"CAN", "cancel"},
    {"EM", "end of medium"},
    {"SUB", "substitute"},
    {"ESC", "escape"},
    {"FS", "file separator"},
    {"GS", "group separator"},
    {"RS", "record separator"},
    {"US", "unit separator"},
}};

std::string twoHexDigits(unsigned value) {
    char text[3];
    std::snprintf(text, sizeof text, "%02X", value & 0xFFU);
    return text;
}

int hexDigitValue(char character) {
    if (character >= '0' && character <= '9') return character - '0';
    if (character >= 'a' && character <= 'f') return character - 'a' + 10;
    if (character >= 'A' && character <= 'F') return character - 'A' + 10;
    return -1;
}

// Scales an n-bit channel (0..maxLevel) to 0..255, rounding to the nearest 8-bit level:
// (v * 255 + max / 2) / max. Both ends stay exact (0 -> 0, max -> 255). For 4-bit levels this
// equals bit replication (v * 17); for RGB565's 5- and 6-bit channels it differs from the bit
// replication many display controllers do ((v << 3) | (v >> 2)) by at most one level, and it
// is the closer of the two to the exact v * 255 / max.
std::uint8_t scaledToByte(std::uint64_t level, std::uint64_t maxLevel) {
    return static_cast<std::uint8_t>((level * 255 + maxLevel / 2) / maxLevel);
}

std::uint8_t byteAt(std::uint64_t bits, int byteIndex) {
    return static_cast<std::uint8_t>((bits >> (kBitsPerByte * byteIndex)) & 0xFFU);
}

}  // namespace

std::string asciiText(const BitPattern& pattern) {
    if (pattern.width() % kBitsPerByte != 0) return {};
    std::string text;
    for (int byteIndex = pattern.width() / kBitsPerByte - 1; byteIndex >= 0; --byteIndex) {
        const std::uint8_t byte = byteAt(pattern.bits(), byteIndex);
        if (byteIndex != pattern.width() / kBitsPerByte - 1) text += kAsciiByteSeparator;
        if (byte == '\\') {
            text += "\\\\";
        } else if (byte >= kFirstPrintable && byte <= kLastPrintable) {
            text.push_back(static_cast<char>(byte));
        } else {
            text += concat("\\x", twoHexDigits(byte));
        }
    }
    return text;
}

Result<BitPattern> parseAsciiText(std::string_view text, int width) {
    if (width % kBitsPerByte != 0) {
        return Result<BitPattern>::failure(concat(std::to_string(width),
                                                  " bits are not a whole number of bytes, so they "
                                                  "have no ASCII reading"));
    }
    std::vector<std::uint8_t> bytes;
    for (std::size_t position = 0; position < text.size(); ++position) {
        if (text.substr(position).starts_with(kAsciiByteSeparator)) {
            position += kAsciiByteSeparator.size() - 1;
            continue;
        }
        const auto character = static_cast<unsigned char>(text[position]);
        if (character > kDelete) {
            return Result<BitPattern>::failure(
                "only ASCII characters (codes 0 to 127) can be typed; write \\xHH for a byte "
                "above 127");
        }
        if (character != '\\') {
            bytes.push_back(character);
            continue;
        }
        // An escape: "\\" for a backslash, "\xHH" for any byte.
        if (position + 1 >= text.size()) {
            return Result<BitPattern>::failure(
                "a lone '\\' at the end: write \\\\ for a backslash or \\xHH for a byte");
        }
        const char escaped = text[position + 1];
        if (escaped == '\\') {
            bytes.push_back('\\');
            ++position;
            continue;
        }
        if (escaped != 'x' && escaped != 'X') {
            return Result<BitPattern>::failure(
                concat("unknown escape '\\", std::string(1, escaped),
                       "': write \\\\ for a backslash or \\xHH for a byte"));
        }
        const int high = position + 2 < text.size() ? hexDigitValue(text[position + 2]) : -1;
        const int low = position + 3 < text.size() ? hexDigitValue(text[position + 3]) : -1;
        if (high < 0 || low < 0) {
            return Result<BitPattern>::failure(
                "\\x needs exactly two hex digits after it, e.g. \\x0A or \\xFF");
        }
        bytes.push_back(static_cast<std::uint8_t>(high * 16 + low));
        position += 3;
    }
    const std::size_t byteCount = static_cast<std::size_t>(width / kBitsPerByte);
    if (bytes.size() > byteCount) {
        return Result<BitPattern>::failure(
            concat("'", text, "' is ", std::to_string(bytes.size()), " characters, but ",
                   std::to_string(width), " bits hold only ", std::to_string(byteCount),
                   byteCount == 1 ? " character" : " characters", " (one byte each)"));
    }
    // Fewer characters than bytes: the missing ones are zero bytes on the left, as when a
    // shorter number is stored in a wider register.
    std::uint64_t bits = 0;
    for (const std::uint8_t byte : bytes) bits = (bits << kBitsPerByte) | byte;
    return BitPattern(width, bits);
}

std::string describeAsciiByte(std::uint8_t byte) {
    const std::string numbers = concat(" = ", std::to_string(byte), " = 0x", twoHexDigits(byte));
    if (byte == kFirstPrintable) return concat("space", numbers);
    if (byte > kFirstPrintable && byte <= kLastPrintable) {
        return concat("'", std::string(1, static_cast<char>(byte)), "'", numbers);
    }
    if (byte < kFirstPrintable) {
        const ControlName& control = kControlNames[byte];
        return concat(control.abbreviation, " (", control.name, ")", numbers);
    }
    if (byte == kDelete) return concat("DEL (delete)", numbers);
    return concat("not ASCII (", std::to_string(byte), " > 127)");
}

ColorReading colorReading(const BitPattern& pattern) {
    const std::uint64_t bits = pattern.bits();
    const int width = pattern.width();
    if (width >= 24) {
        return {{byteAt(bits, 2), byteAt(bits, 1), byteAt(bits, 0)}, "low 3 bytes as #RRGGBB"};
    }
    if (width == 16) {
        // RGB565: red in bits 15..11, green in 10..5, blue in 4..0. Green gets the extra bit
        // because the eye is most sensitive to it.
        constexpr std::uint64_t kFiveBitMax = 31;
        constexpr std::uint64_t kSixBitMax = 63;
        const RgbColor color{scaledToByte((bits >> 11) & kFiveBitMax, kFiveBitMax),
                             scaledToByte((bits >> 5) & kSixBitMax, kSixBitMax),
                             scaledToByte(bits & kFiveBitMax, kFiveBitMax)};
        return {color, "RGB565"};
    }
    // Any other width: one grey level, 0 black and all ones white.
    const std::uint8_t grey = scaledToByte(bits, BitPattern::maxUnsigned(width));
    return {{grey, grey, grey}, concat(std::to_string(width), "-bit grey level")};
}

std::string htmlColor(RgbColor color) {
    return concat("#", twoHexDigits(color.red), twoHexDigits(color.green),
                  twoHexDigits(color.blue));
}

}  // namespace mlsyslab::numeric
