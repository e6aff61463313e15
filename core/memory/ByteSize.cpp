#include "memory/ByteSize.h"

#include <array>
#include <cctype>
#include <limits>
#include <string_view>

#include "common/Concat.h"
#include "memory/CacheConfigYaml.h"

namespace mlsyslab::memory {

namespace {

struct Unit {
    std::string_view name;
    std::uint64_t bytes;
};

// Binary units. KB, MB and GB mean the same powers of two here, as memory and cache sizes are
// quoted by vendors (a "32 KB L1" holds 32768 bytes); K, M and G are sysfs's spelling ("48K").
constexpr std::array<Unit, 10> kUnits = {{{"B", 1},
                                          {"K", 1ull << 10},
                                          {"KB", 1ull << 10},
                                          {"KiB", 1ull << 10},
                                          {"M", 1ull << 20},
                                          {"MB", 1ull << 20},
                                          {"MiB", 1ull << 20},
                                          {"G", 1ull << 30},
                                          {"GB", 1ull << 30},
                                          {"GiB", 1ull << 30}}};

bool equalIgnoringCase(std::string_view left, std::string_view right) {
    if (left.size() != right.size()) return false;
    for (std::size_t index = 0; index < left.size(); ++index) {
        if (std::tolower(static_cast<unsigned char>(left[index])) !=
            std::tolower(static_cast<unsigned char>(right[index]))) {
            return false;
        }
    }
    return true;
}

bool isSpace(char character) { return character == ' ' || character == '\t'; }
bool isDigit(char character) { return character >= '0' && character <= '9'; }

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
    return text;
}

Result<std::uint64_t> notASize(std::string_view text, std::string_view why) {
    return Result<std::uint64_t>::failure(concat("'", text, "' ", why));
}

}  // namespace

Result<std::uint64_t> parseByteSize(std::string_view text) {
    const std::string_view size = trimmed(text);
    if (size.empty()) {
        return Result<std::uint64_t>::failure(
            "a size is needed: bytes like 32768, or with a unit like 32KiB");
    }
    if (size.front() == '-') return notASize(size, "is negative (a size counts bytes)");
    std::size_t at = size.front() == '+' ? 1 : 0;
    const std::size_t digitsStart = at;
    std::uint64_t count = 0;
    constexpr std::uint64_t kMost = std::numeric_limits<std::uint64_t>::max();
    bool tooLarge = false;
    for (; at < size.size() && isDigit(size[at]); ++at) {
        const std::uint64_t digit = static_cast<std::uint64_t>(size[at] - '0');
        if (count > (kMost - digit) / 10) tooLarge = true;
        count = count * 10 + digit;
    }
    if (at == digitsStart) {
        return notASize(size, "is not a number of bytes, like 32768 or 32KiB");
    }
    if (at < size.size() && (size[at] == '.' || size[at] == ',')) {
        return notASize(size,
                        "is not a whole number (use a smaller unit, like 1536KiB for 1.5MiB)");
    }
    while (at < size.size() && isSpace(size[at])) ++at;
    const std::string_view unitText = size.substr(at);
    std::uint64_t unitBytes = 1;
    if (!unitText.empty()) {
        bool known = false;
        for (const Unit& unit : kUnits) {
            if (equalIgnoringCase(unitText, unit.name)) {
                unitBytes = unit.bytes;
                known = true;
                break;
            }
        }
        if (!known) {
            return notASize(size, concat("has an unknown unit '", unitText,
                                         "' (use bytes, KiB, MiB or GiB; KB, MB and GB mean the "
                                         "same powers of two)"));
        }
    }
    if (tooLarge || count > kMost / unitBytes) return notASize(size, "is too large");
    return count * unitBytes;
}

std::string byteSizeText(std::uint64_t bytes) {
    constexpr std::array<Unit, 3> kLargestFirst = {
        {{"GiB", 1ull << 30}, {"MiB", 1ull << 20}, {"KiB", 1ull << 10}}};
    if (bytes != 0) {
        for (const Unit& unit : kLargestFirst) {
            if (bytes % unit.bytes == 0)
                return concat(std::to_string(bytes / unit.bytes), unit.name);
        }
    }
    return std::to_string(bytes);
}

}  // namespace mlsyslab::memory
