#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/Result.h"
#include "numeric/BitPattern.h"
#include "numeric/FloatRounding.h"
#include "numeric/IntegerArithmetic.h"

namespace mlsyslab::numeric {

// Fixed point: an integer k read as k / 2^n. The bits are an ordinary integer (two's
// complement or unsigned); only the place of the binary point is imagined.
//
// Format names follow the Texas Instruments convention (TI's IQmath and C28x/C6000 docs):
//   signed   Qm.n: 1 sign bit, m integer bits, n fraction bits; width 1 + m + n, two's
//            complement. Q0.15 (TI's "Q15") is 16 bits from -1 to 1 - 2^-15; Q3.4 is 8 bits
//            from -8 to 7.9375. The sign bit weighs -2^m.
//   unsigned UQm.n: m integer bits, n fraction bits; width m + n. UQ4.4 is 8 bits from 0 to
//            15.9375.
// (ARM's convention counts the sign bit in m instead: its Q1.15 is TI's Q0.15.)
// Widths run from 1 to 64 bits; m and n from 0 up to what the width allows.
struct FixedFormat {
    static constexpr int kMaxWidth = 64;

    int integerBits = 3;   // m
    int fractionBits = 4;  // n
    Signedness signedness = Signedness::Signed;

    bool isSigned() const { return signedness == Signedness::Signed; }
    int width() const { return (isSigned() ? 1 : 0) + integerBits + fractionBits; }
    // "Q3.4", "UQ4.4".
    std::string name() const;
    // The raw integers the bits hold: -2^(w-1) .. 2^(w-1) - 1, or 0 .. 2^w - 1.
    std::int64_t minRaw() const;
    std::uint64_t maxRaw() const;

    friend bool operator==(const FixedFormat&, const FixedFormat&) = default;
};

// The format, or why not: negative counts, a width of 0 or above 64.
Result<FixedFormat> makeFixedFormat(int integerBits, int fractionBits, Signedness signedness);
// "Q3.4", "UQ4.4", "q0.15", and TI's short form "Q15" (= Q0.15) or "UQ8" (= UQ0.8).
Result<FixedFormat> parseFixedFormatName(std::string_view name);

// A value the format can hold, exactly and as the nearest double. `text` is exact decimal:
// "-2.5625", "0.0625", "7.9375"; '-' for negatives, no trailing zeros. Every fixed-point value
// is k / 2^n, which has a finite decimal expansion; `value` is exact for widths up to 53 and
// rounded to nearest (ties to even) above.
struct ExactValue {
    double value = 0.0;
    std::string text = "0";
};

// The step between neighbouring values: 2^-n.
ExactValue resolution(const FixedFormat& format);
ExactValue minValue(const FixedFormat& format);  // -2^m signed, 0 unsigned
ExactValue maxValue(const FixedFormat& format);  // 2^m - 2^-n (unsigned: 2^m - 2^-n too)

// The value of a pattern; its width must be format.width() (other widths are resized first).
ExactValue decode(const FixedFormat& format, const BitPattern& bits);

// What happens to a value past the ends of the range, after rounding.
enum class OverflowMode {
    Saturate,  // clamp to the nearest end: min or max (DSP saturating arithmetic)
    Wrap,      // keep the low w bits of the rounded scaled integer, as a C cast to a w-bit type
};
std::string_view overflowModeName(OverflowMode mode);  // "saturate", "wrap"

struct EncodeRules {
    // nearest (ties to even), away (nearest, ties away from zero), zero, up, down. Dropping low
    // bits of a two's complement number (an arithmetic right shift) is `down`, not `zero`.
    RoundingMode rounding = RoundingMode::NearestEven;
    OverflowMode overflow = OverflowMode::Saturate;
};

enum class OverflowOutcome { None, SaturatedToMax, SaturatedToMin, Wrapped };

struct FixedEncoding {
    BitPattern bits{8, 0};
    ExactValue stored;  // decode(format, bits)
    // typed - stored, exact. An absolute error (not relative), with its sign: positive when
    // the stored value is below the typed one. It includes any overflow.
    ExactValue error;
    // The typed value lay between two representable values (value x 2^n was not a whole
    // number), whether or not it then overflowed.
    bool rounded = false;
    // The rounded value was outside the range; `overflowOutcome` says what became of it.
    bool overflowed() const { return overflowOutcome != OverflowOutcome::None; }
    OverflowOutcome overflowOutcome = OverflowOutcome::None;
};

// Encodes a decimal number ("0.75", "-2.5625", "1e-3", "+.5"; DecimalNumber.h) exactly:
// the typed digits are scaled by 2^n in decimal arithmetic and rounded once, so there is no
// double rounding and no width limit. Magnitudes of 1e1000 or more or below 1e-1000 (but not
// 0), infinities and NaN are refused (every format holds less than 2^64 in steps of at least
// 2^-64; fixed point has no infinity).
Result<FixedEncoding> encode(const FixedFormat& format, std::string_view text, EncodeRules rules);

}  // namespace mlsyslab::numeric
