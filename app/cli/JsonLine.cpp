#include "cli/JsonLine.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace mlsyslab::cli {

namespace {

// 2^53: every integer up to it is exactly a double, and converts to int64 without loss.
constexpr double kLargestExactInteger = 9007199254740992.0;

}  // namespace

std::string jsonLine(const Json& value) {
    // nlohmann's compact form has no whitespace outside strings; the spaces go in after each
    // separator found outside a string.
    const std::string compact = value.dump(-1, ' ', false, Json::error_handler_t::replace);
    std::string line;
    line.reserve(compact.size() + compact.size() / 8);
    std::size_t copiedUpTo = 0;
    bool inString = false;
    bool escaped = false;
    for (std::size_t position = 0; position < compact.size(); ++position) {
        const char character = compact[position];
        if (inString) {
            if (escaped) {
                escaped = false;
            } else if (character == '\\') {
                escaped = true;
            } else if (character == '"') {
                inString = false;
            }
        } else if (character == '"') {
            inString = true;
        } else if (character == ',' || character == ':') {
            line.append(compact, copiedUpTo, position + 1 - copiedUpTo).push_back(' ');
            copiedUpTo = position + 1;
        }
    }
    line.append(compact, copiedUpTo);
    return line;
}

Json jsonNumber(double value) {
    if (!std::isfinite(value)) return nullptr;
    const bool negativeZero = value == 0.0 && std::signbit(value);
    if (value == std::trunc(value) && std::fabs(value) <= kLargestExactInteger && !negativeZero) {
        return static_cast<std::int64_t>(value);
    }
    return value;
}

Json jsonRounded(double value, int decimals) {
    if (!std::isfinite(value)) return nullptr;
    char text[400];  // DBL_MAX has 309 digits before the point
    const int length = std::snprintf(text, sizeof text, "%.*f", decimals, value);
    double rounded = value;
    std::from_chars(text, text + std::min<std::size_t>(length, sizeof text - 1), rounded);
    return rounded;
}

}  // namespace mlsyslab::cli
