#include "numeric/FloatRounding.h"

#include <algorithm>
#include <array>
#include <bit>

namespace mlsyslab::numeric {

namespace {

struct ModeName {
    RoundingMode mode;
    std::string_view name;
};
constexpr std::array kModeNames{
    ModeName{RoundingMode::NearestEven, "nearest"}, ModeName{RoundingMode::NearestAway, "away"},
    ModeName{RoundingMode::TowardZero, "zero"},     ModeName{RoundingMode::Up, "up"},
    ModeName{RoundingMode::Down, "down"},
};

// Where the discarded bits lie relative to half a unit in the last kept place.
enum class Discarded { Nothing, BelowHalf, Half, AboveHalf };

// The significand kept at a quantum 2^(exponent + shift) and what the cut-off bits were.
struct Truncation {
    std::uint64_t kept = 0;
    Discarded discarded = Discarded::Nothing;
};

Truncation truncate(const BinaryMagnitude& magnitude, int shift) {
    if (shift <= 0) {
        // Exact: the significand fits, with room to spare (callers keep it below 2^53).
        return {magnitude.significand << -shift,
                magnitude.stickyAbove ? Discarded::BelowHalf : Discarded::Nothing};
    }
    if (shift > 64) return {0, Discarded::BelowHalf};  // below 2^64 <= half a unit
    const std::uint64_t kept = shift == 64 ? 0 : magnitude.significand >> shift;
    const std::uint64_t cutMask = shift == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << shift) - 1;
    const std::uint64_t cut = magnitude.significand & cutMask;
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    if (cut > half || (cut == half && magnitude.stickyAbove)) return {kept, Discarded::AboveHalf};
    if (cut == half) return {kept, Discarded::Half};
    if (cut != 0 || magnitude.stickyAbove) return {kept, Discarded::BelowHalf};
    return {kept, Discarded::Nothing};
}

bool roundsAwayFromZero(RoundingMode mode, bool negative, const Truncation& truncation) {
    const Discarded discarded = truncation.discarded;
    if (discarded == Discarded::Nothing) return false;
    switch (mode) {
        case RoundingMode::NearestEven:
            return discarded == Discarded::AboveHalf ||
                   (discarded == Discarded::Half && (truncation.kept & 1) != 0);
        case RoundingMode::NearestAway:
            return discarded == Discarded::AboveHalf || discarded == Discarded::Half;
        case RoundingMode::TowardZero:
            return false;
        case RoundingMode::Up:
            return !negative;
        case RoundingMode::Down:
            return negative;
    }
    return false;
}

std::uint64_t withSign(const FloatFormat& format, bool negative, std::uint64_t magnitude) {
    return negative ? (magnitude | format.signBit()) : magnitude;
}

// IEEE 754-2019 §7.4: what an overflow delivers in each rounding direction; satfinite and
// formats without infinity as described in EncodeOptions.
std::uint64_t overflowResult(const FloatFormat& format, bool negative, EncodeOptions options) {
    bool toInfinity = false;
    switch (options.rounding) {
        case RoundingMode::NearestEven:
        case RoundingMode::NearestAway:
            toInfinity = true;
            break;
        case RoundingMode::TowardZero:
            toInfinity = false;
            break;
        case RoundingMode::Up:
            toInfinity = !negative;
            break;
        case RoundingMode::Down:
            toInfinity = negative;
            break;
    }
    if (options.saturate || !toInfinity) {
        return withSign(format, negative, format.maxFiniteMagnitude());
    }
    return format.hasInfinity() ? withSign(format, negative, format.infinityMagnitude())
                                : quietNan(format, negative);
}

}  // namespace

std::string_view roundingModeName(RoundingMode mode) {
    for (const auto& entry : kModeNames) {
        if (entry.mode == mode) return entry.name;
    }
    return "nearest";
}

std::optional<RoundingMode> findRoundingMode(std::string_view name) {
    for (const auto& entry : kModeNames) {
        if (entry.name == name) return entry.mode;
    }
    return std::nullopt;
}

std::uint64_t roundToFormat(const FloatFormat& format, bool negative, BinaryMagnitude magnitude,
                            EncodeOptions options) {
    // value = significand x 2^exponent lies in [2^topExponent, 2^(topExponent + 1)).
    const int topExponent = magnitude.exponent + std::bit_width(magnitude.significand) - 1;
    // The quantum (unit in the last place) there: subnormals share the smallest normal one.
    const int quantumExponent =
        std::max(topExponent, format.minNormalExponent()) - format.mantissaBits;
    const Truncation truncation = truncate(magnitude, quantumExponent - magnitude.exponent);

    std::uint64_t significand = truncation.kept;
    if (roundsAwayFromZero(options.rounding, negative, truncation)) ++significand;
    if (significand == 0) return signedZero(format, negative);

    if (significand < format.minNormalMagnitude()) {
        return withSign(format, negative, significand);  // subnormal: exponent field 0
    }
    // Normal, perhaps after rounding up from the subnormals or into the next binade.
    int resultExponent = quantumExponent + format.mantissaBits;
    if (significand >> (format.mantissaBits + 1) != 0) {
        significand >>= 1;  // 1.111..1 rounded up to 10.000..0: the low bit is 0
        ++resultExponent;
    }
    const long long biasedExponent = static_cast<long long>(resultExponent) + format.bias;
    if (biasedExponent > format.allOnesExponent()) return overflowResult(format, negative, options);
    const std::uint64_t resultMagnitude =
        (static_cast<std::uint64_t>(biasedExponent) << format.mantissaBits) |
        (significand & format.mantissaMask());
    if (resultMagnitude > format.maxFiniteMagnitude()) {
        return overflowResult(format, negative, options);
    }
    return withSign(format, negative, resultMagnitude);
}

std::uint64_t signedZero(const FloatFormat& format, bool negative) {
    return withSign(format, negative, 0);
}

std::uint64_t quietNan(const FloatFormat& format, bool negative) {
    return withSign(format, negative, format.canonicalNanMagnitude());
}

std::uint64_t encodeInfinity(const FloatFormat& format, bool negative, EncodeOptions options) {
    if (options.saturate) return withSign(format, negative, format.maxFiniteMagnitude());
    if (!format.hasInfinity()) return quietNan(format, negative);
    return withSign(format, negative, format.infinityMagnitude());
}

}  // namespace mlsyslab::numeric
