#include <array>
#include <cctype>

#include "common/Concat.h"
#include "memory/ByteSize.h"
#include "memory/CacheConfigYaml.h"

namespace mlsyslab::memory {

namespace {

// A name YAML reads back as the same text when written bare: a letter, then letters, digits,
// '_', '-' or '.', and not a word YAML gives another meaning (null, true, no, ...).
bool isPlainName(std::string_view name) {
    constexpr std::array<std::string_view, 9> kSpecialWords = {"null", "true", "false", "yes", "no",
                                                               "on",   "off",  "y",     "n"};
    if (name.empty() || !std::isalpha(static_cast<unsigned char>(name.front()))) return false;
    for (const char character : name) {
        const bool allowed = std::isalnum(static_cast<unsigned char>(character)) ||
                             character == '_' || character == '-' || character == '.';
        if (!allowed) return false;
    }
    std::string lower;
    for (const char character : name) {
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(character)));
    }
    for (const std::string_view word : kSpecialWords) {
        if (lower == word) return false;
    }
    return true;
}

// A double-quoted YAML scalar: backslashes and quotes escaped, control characters as \xNN.
std::string quoted(std::string_view text) {
    std::string result = "\"";
    for (const char character : text) {
        const auto code = static_cast<unsigned char>(character);
        if (character == '"' || character == '\\') {
            result += '\\';
            result += character;
        } else if (code < 0x20 || code == 0x7F) {
            constexpr std::string_view kHex = "0123456789ABCDEF";
            result += "\\x";
            result += kHex[code >> 4];
            result += kHex[code & 0xF];
        } else {
            result += character;
        }
    }
    return result + "\"";
}

}  // namespace

std::string cacheConfigToYaml(const CacheConfig& config) {
    std::string text = "levels:\n";
    for (const CacheLevelConfig& level : config.levels) {
        text += "  - {";
        if (!level.name.empty()) {
            text +=
                concat("name: ", isPlainName(level.name) ? level.name : quoted(level.name), ", ");
        }
        text += concat(
            "size: ", byteSizeText(level.sizeBytes), ", associativity: ",
            level.associativity == 0 ? std::string("full") : std::to_string(level.associativity),
            ", line: ", byteSizeText(level.lineBytes),
            ", replacement: ", replacementName(level.replacement));
        if (level.replacement == Replacement::Random) {
            text += concat(", seed: ", std::to_string(level.randomSeed));
        }
        text += concat(", write: ", writePolicyName(level.write),
                       ", latency: ", std::to_string(level.latencyCycles), "}\n");
    }
    text += concat("memory_latency: ", std::to_string(config.memoryLatencyCycles), "\n");
    return text;
}

}  // namespace mlsyslab::memory
