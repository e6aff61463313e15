#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/Result.h"
#include "numeric/BitPattern.h"

namespace mlsyslab::numeric {

// Integer arithmetic the way an ALU does it: W-bit registers, results that keep the low W bits,
// and flags that tell what the kept bits lost. The same adder serves signed (two's complement)
// and unsigned numbers; only the reading of the bits and the meaning of "overflow" differ.

enum class Signedness { Signed, Unsigned };

struct IntegerFormat {
    // Narrower than a nibble there is too little to see; 64 is the widest register we model.
    static constexpr int kMinWidth = 4;
    static constexpr int kMaxWidth = 64;

    int width = 8;
    Signedness signedness = Signedness::Signed;

    bool isSigned() const { return signedness == Signedness::Signed; }
    // "8 bits signed (-128 to 127)", for messages.
    std::string describe() const;
};

// A whole number as typed, of any size: "10^30" must still wrap exactly, so the parser keeps
// the value modulo 2^64 (all any width keeps) and the exact magnitude while it is below 2^64.
struct ExactInteger {
    bool negative = false;  // never true for zero ("-0" is 0)
    // |value| when it is below 2^64; nothing when it is larger (it then fits no format).
    std::optional<std::uint64_t> magnitude;
    // The value modulo 2^64, i.e. its low 64 bits in two's complement.
    std::uint64_t low64Bits = 0;

    bool fitsIn(IntegerFormat format) const;
};

// Decimal digits with an optional sign and surrounding spaces, any number of digits.
Result<ExactInteger> parseExactInteger(std::string_view text);
// An operand for add/sub/mul/neg: a decimal number that fits the format (a register cannot
// hold anything else), e.g. "300 does not fit in 8 bits signed (-128 to 127)".
Result<BitPattern> parseOperand(std::string_view text, IntegerFormat format);

struct IntegerResult {
    Signedness signedness = Signedness::Signed;
    BitPattern bits{8, 0};
    // x86 CF. add: carry out of the top bit; sub and neg: borrow (the unsigned subtrahend was
    // larger); mul: the full product does not fit (as MUL/IMUL set CF = OF); repr/wrap: false.
    bool carry = false;
    // The true result (for repr/wrap: the input) does not fit the format. Signed: the V flag;
    // unsigned: the same as carry for add, sub and neg.
    bool overflow = false;
    bool zero = false;      // every result bit is 0
    bool negative = false;  // the top bit (N flag), whatever the signedness

    // The result bits read as the format reads them, in decimal.
    std::string valueText() const;
};

// The bits that stand for `value` in `format`. When it does not fit, the low W bits with
// overflow set: exactly what `wrap` gives, so repr and wrap differ only in the question asked.
IntegerResult represent(const ExactInteger& value, IntegerFormat format);
// What an out-of-range integer becomes at that width: the value modulo 2^W, read in the format
// (what a C cast to an integer type of that width does).
IntegerResult wrap(const ExactInteger& value, IntegerFormat format);

// Operands have the same width; the result has it too.
IntegerResult add(const BitPattern& a, const BitPattern& b, Signedness signedness);
IntegerResult subtract(const BitPattern& a, const BitPattern& b, Signedness signedness);
IntegerResult multiply(const BitPattern& a, const BitPattern& b, Signedness signedness);
// 0 - a, as x86 NEG computes it: -(-128) at 8 bits is -128 again, with overflow.
IntegerResult negate(const BitPattern& a, Signedness signedness);

// The four operations of the `int` simulator, for code that picks one at run time.
enum class IntegerOperation { Add, Subtract, Multiply, Negate };

// a op b; b is ignored for Negate.
IntegerResult apply(IntegerOperation operation, const BitPattern& a, const BitPattern& b,
                    Signedness signedness);
// The four flags an ALU sets, whichever reading the program has in mind. C: the unsigned
// carry or borrow; V: the signed (two's complement) result does not fit; Z; N. For multiply,
// C = V = the product does not fit in the signedness asked for (MUL or IMUL), as on x86.
// IntegerResult::overflow is C for an unsigned reading and V for a signed one.
struct AluFlags {
    bool carry = false;
    bool overflow = false;
    bool zero = false;
    bool negative = false;
};
AluFlags aluFlags(IntegerOperation operation, const BitPattern& a, const BitPattern& b,
                  Signedness signedness);
// The mathematical result of a op b, which no register has to hold, in decimal: "128" for
// 127 + 1 at any width, up to 39 digits for a 64-bit product.
std::string exactResultText(IntegerOperation operation, const BitPattern& a, const BitPattern& b,
                            Signedness signedness);

// The 2^W patterns of a register sit on a circle, 0 at the top, increasing clockwise; adding
// walks round it and the register never leaves it. Add, subtract and negate are one walk each.
struct CircleWalk {
    BitPattern from{8, 0};    // A; for negate 0, since NEG computes 0 - A
    bool clockwise = true;    // towards larger patterns (adding a positive number)
    std::uint64_t steps = 0;  // fewer than 2^W

    BitPattern to() const;  // where the walk ends: the result's bits
};
// The walk that add, subtract or negate makes; nothing for multiply, whose true product may go
// round the circle any number of times.
std::optional<CircleWalk> circleWalk(IntegerOperation operation, const BitPattern& a,
                                     const BitPattern& b, Signedness signedness);
// Where the format's range starts: 00..0 unsigned, 10..0 signed. Between the pattern before it
// (11..1, 01..1) and it, the reading jumps from the largest value to the smallest: that is the
// wrap-around boundary.
BitPattern lowestPattern(IntegerFormat format);
// Whether the walk passes the wrap-around boundary. Worked out from the circle alone, and yet
// for add, subtract and negate it is exactly `overflow`: the two views of one fact agree.
bool crossesWrapBoundary(const CircleWalk& walk, Signedness signedness);

// What a C cast from one integer type to another does: the value when the target holds it,
// else the value modulo 2^W (the low bits of its two's complement).
BitPattern castTo(const BitPattern& pattern, Signedness readAs, IntegerFormat target);

// Widening: copies of the top bit (keeps a signed value) or zeros (keeps an unsigned value).
BitPattern signExtended(const BitPattern& pattern, int newWidth);
BitPattern zeroExtended(const BitPattern& pattern, int newWidth);
// Narrowing: keeps the low bits, whatever they meant.
BitPattern truncated(const BitPattern& pattern, int newWidth);
// Whether truncating to newWidth keeps the value the pattern has in that signedness.
bool truncationKeepsValue(const BitPattern& pattern, int newWidth, Signedness signedness);

}  // namespace mlsyslab::numeric
