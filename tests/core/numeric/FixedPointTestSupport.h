#pragma once

// What the fixed-point engine's test suites share: the formats of one byte, reference values
// worked out without the engine, and encoding that stops the test on an unexpected refusal.
#include <QtTest>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "numeric/FixedPoint.h"

namespace mlsyslab::testing {

using numeric::BitPattern;
using numeric::FixedFormat;
using numeric::OverflowMode;
using numeric::RoundingMode;
using numeric::Signedness;

inline constexpr RoundingMode kAllRoundings[] = {
    RoundingMode::NearestEven, RoundingMode::NearestAway, RoundingMode::TowardZero,
    RoundingMode::Up, RoundingMode::Down};
inline constexpr OverflowMode kAllOverflows[] = {OverflowMode::Saturate, OverflowMode::Wrap};

// Every signed Qm.n with 1 + m + n = 8 and every unsigned UQm.n with m + n = 8.
inline std::vector<FixedFormat> allByteFormats() {
    std::vector<FixedFormat> formats;
    for (int m = 0; m <= 7; ++m) formats.push_back({m, 7 - m, Signedness::Signed});
    for (int m = 0; m <= 8; ++m) formats.push_back({m, 8 - m, Signedness::Unsigned});
    return formats;
}

// raw / 2^n as exact decimal text, independently of the engine: printf writes the exact
// expansion of a double, and these values are exact doubles.
inline std::string referenceText(std::int64_t raw, int fractionBits) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", fractionBits,
                  std::ldexp(double(raw), -fractionBits));
    std::string text = buffer;
    if (text.find('.') != std::string::npos) {
        while (text.back() == '0') text.pop_back();
        if (text.back() == '.') text.pop_back();
    }
    return text == "-0" ? "0" : text;
}

inline std::int64_t rawOf(const FixedFormat& format, const BitPattern& bits) {
    return format.isSigned() ? bits.signedValue() : static_cast<std::int64_t>(bits.unsignedValue());
}

inline numeric::FixedEncoding encodeOrFail(const FixedFormat& format, const std::string& text,
                                           numeric::EncodeRules rules) {
    const auto encoded = numeric::encode(format, text, rules);
    if (!encoded) {
        qFatal("encode %s '%s': %s", format.name().c_str(), text.c_str(), encoded.error().c_str());
    }
    return *encoded;
}

}  // namespace mlsyslab::testing
