#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/Result.h"
#include "numeric/BitPattern.h"

namespace mlsyslab::numeric {

// Other readings of the same bits that the first lesson teaches: text (ASCII) and colour (RGB).

// Stands between two bytes in asciiText: without it "\x1E" followed by the letter d reads as
// "\x1Ed", one escape with three hex digits. A middle dot (UTF-8), not an ASCII character, so
// it can never be mistaken for a byte of the text.
inline constexpr std::string_view kAsciiByteSeparator = "\u00B7";

// One character per byte, most significant byte first, the bytes separated by
// kAsciiByteSeparator ("\x00·\x1E·d·\xC8"). Printable ASCII (32..126) stands for itself, a
// backslash is written "\\", every other byte "\xHH". Empty when the width is not a whole
// number of bytes.
std::string asciiText(const BitPattern& pattern);
// The inverse of asciiText: at most width / 8 characters or escapes, separators optional
// ("Hi" and "H·i" alike); fewer are padded with zero bytes on the left. Fails for widths that
// are not whole bytes.
Result<BitPattern> parseAsciiText(std::string_view text, int width);
// A student-friendly name of one byte as ASCII: "'A' = 65 = 0x41", "space = 32 = 0x20",
// "LF (line feed) = 10 = 0x0A", "not ASCII (200 > 127)".
std::string describeAsciiByte(std::uint8_t byte);

struct RgbColor {
    std::uint8_t red = 0;
    std::uint8_t green = 0;
    std::uint8_t blue = 0;
    friend bool operator==(const RgbColor&, const RgbColor&) = default;
};

// How a display would show these bits as a colour, by width:
//   below 8 bits: a grey level scaled to 0..255;  8 bits: one grey channel;
//   16 bits: RGB565 (5 red, 6 green, 5 blue bits, channels scaled to 0..255);
//   24 bits and more: the low three bytes as 0xRRGGBB (#1E64C8 = RGB(30, 100, 200)).
struct ColorReading {
    RgbColor color;
    std::string encoding;  // e.g. "RGB565", "low 3 bytes as #RRGGBB"
};
ColorReading colorReading(const BitPattern& pattern);
// "#1E64C8"
std::string htmlColor(RgbColor color);

}  // namespace mlsyslab::numeric
