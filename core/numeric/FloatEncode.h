#pragma once

#include <cstdint>
#include <string_view>

#include "common/Result.h"
#include "numeric/DecimalNumber.h"
#include "numeric/FloatFormat.h"
#include "numeric/FloatRounding.h"

namespace mlsyslab::numeric {

// Encoding a number into a format, rounded once (FloatRounding.h for the rules). NaN gives the
// format's canonical quiet NaN with the input's sign; zeros keep their sign.

std::uint64_t encodeDouble(const FloatFormat& format, double value, EncodeOptions options = {});

// A float32 given as its bit pattern (what --from-bits reads). Exact: every float32 is a double.
std::uint64_t encodeFloat32Bits(const FloatFormat& format, std::uint32_t float32Bits,
                                EncodeOptions options = {});

// A decimal number, rounded exactly to the format, never through float32 or double: "0.1"
// in fp16 is the fp16 value nearest to one tenth. Fails only when the text is not a number.
Result<std::uint64_t> encodeDecimal(const FloatFormat& format, std::string_view text,
                                    EncodeOptions options = {});
std::uint64_t encodeDecimal(const FloatFormat& format, const DecimalNumber& decimal,
                            EncodeOptions options = {});

// Reads a pattern typed as "0x" and hex digits (any case) that fit the format's width.
Result<std::uint64_t> parseFloatBitsText(const FloatFormat& format, std::string_view text);

}  // namespace mlsyslab::numeric
