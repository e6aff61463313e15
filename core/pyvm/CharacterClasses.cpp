#include "pyvm/CharacterClasses.h"

namespace mlsyslab::pyvm {
namespace {

// Code point blocks where upper and lower case sit at a fixed distance.
struct CaseBlock {
    char32_t upperFirst, upperLast;
    char32_t offset;  // lower = upper + offset
};
constexpr CaseBlock kCaseBlocks[] = {
    {U'A', U'Z', 32},   {0xC0, 0xD6, 32},  // À..Ö
    {0xD8, 0xDE, 32},                      // Ø..Þ
    {0x391, 0x3A1, 32},                    // Α..Ρ
    {0x3A3, 0x3AB, 32},                    // Σ..Ϋ
    {0x410, 0x42F, 32},                    // А..Я
    {0x400, 0x40F, 80},                    // Ѐ..Џ
};

// Greek letters with tonos: lower case, upper case.
constexpr char32_t kGreekTonos[][2] = {{0x3AC, 0x386}, {0x3AD, 0x388}, {0x3AE, 0x389},
                                       {0x3AF, 0x38A}, {0x3CC, 0x38C}, {0x3CD, 0x38E},
                                       {0x3CE, 0x38F}};

// Latin Extended-A (U+0100..U+017F) alternates upper, lower with a few exceptions.
bool inLatinExtendedAPairs(char32_t c) {
    return (c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177);
}
bool inLatinExtendedAShiftedPairs(char32_t c) {
    return (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
}

}  // namespace

bool isSpaceCharacter(char32_t c) {
    return c == U' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F) || c == 0x85 ||
           c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
           c == 0x202F || c == 0x205F || c == 0x3000;
}

bool isDecimalCharacter(char32_t c) {
    return (c >= U'0' && c <= U'9') || (c >= 0x660 && c <= 0x669) || (c >= 0xFF10 && c <= 0xFF19);
}

bool isUpperCharacter(char32_t c) {
    for (const auto& pair : kGreekTonos) {
        if (c == pair[1]) return true;
    }
    for (const CaseBlock& block : kCaseBlocks) {
        if (c >= block.upperFirst && c <= block.upperLast) return true;
    }
    if (inLatinExtendedAPairs(c)) return c % 2 == 0;
    if (inLatinExtendedAShiftedPairs(c)) return c % 2 == 1;
    return false;
}

bool isLowerCharacter(char32_t c) {
    for (const CaseBlock& block : kCaseBlocks) {
        if (c >= block.upperFirst + block.offset && c <= block.upperLast + block.offset)
            return true;
    }
    if (c == 0xDF || c == 0xFF || c == 0xB5 || c == 0x3C2) return true;
    for (const auto& pair : kGreekTonos) {
        if (c == pair[0]) return true;
    }
    if (inLatinExtendedAPairs(c)) return c % 2 == 1;
    if (inLatinExtendedAShiftedPairs(c)) return c % 2 == 0;
    return false;
}

bool isAlphaCharacter(char32_t c) {
    if (c < 0x80) return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z');
    if (c == 0xAA || c == 0xB5 || c == 0xBA) return true;
    if (c >= 0xC0 && c <= 0x24F) return c != 0xD7 && c != 0xF7;
    if (c >= 0x370 && c <= 0x3FF)
        return c != 0x375 && c != 0x37E && c != 0x384 && c != 0x385 && c != 0x387;
    if (c >= 0x400 && c <= 0x481) return true;
    if (c >= 0x48A && c <= 0x52F) return true;
    if (c >= 0x4E00 && c <= 0x9FFF) return true;         // CJK ideographs
    if (c >= 0x3040 && c <= 0x30FF) return c != 0x30FB;  // kana
    if (c >= 0xAC00 && c <= 0xD7A3) return true;         // Hangul syllables
    return false;
}

bool isLineBreak(char32_t c) {
    return c == U'\n' || c == U'\r' || c == 0x0B || c == 0x0C || c == 0x1C || c == 0x1D ||
           c == 0x1E || c == 0x85 || c == 0x2028 || c == 0x2029;
}

char32_t toUpperCharacter(char32_t c) {
    if (c < 0x80) return (c >= U'a' && c <= U'z') ? c - 32 : c;
    if (c == 0xB5) return 0x39C;   // µ -> Μ
    if (c == 0xFF) return 0x178;   // ÿ -> Ÿ
    if (c == 0x3C2) return 0x3A3;  // final sigma
    for (const auto& pair : kGreekTonos) {
        if (c == pair[0]) return pair[1];
    }
    for (const CaseBlock& block : kCaseBlocks) {
        if (c >= block.upperFirst + block.offset && c <= block.upperLast + block.offset)
            return c - block.offset;
    }
    if (inLatinExtendedAPairs(c) && c % 2 == 1) return c - 1;
    if (inLatinExtendedAShiftedPairs(c) && c % 2 == 0) return c - 1;
    return c;
}

char32_t toLowerCharacter(char32_t c) {
    if (c < 0x80) return (c >= U'A' && c <= U'Z') ? c + 32 : c;
    if (c == 0x178) return 0xFF;
    for (const auto& pair : kGreekTonos) {
        if (c == pair[1]) return pair[0];
    }
    for (const CaseBlock& block : kCaseBlocks) {
        if (c >= block.upperFirst && c <= block.upperLast) return c + block.offset;
    }
    if (inLatinExtendedAPairs(c) && c % 2 == 0) return c + 1;
    if (inLatinExtendedAShiftedPairs(c) && c % 2 == 1) return c + 1;
    return c;
}

}  // namespace mlsyslab::pyvm
