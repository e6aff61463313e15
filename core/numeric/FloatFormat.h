#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace mlsyslab::numeric {

// Binary floating-point formats: sign, exponent field, mantissa (fraction) field. Every format
// here is one set of numbers: the width of each field, the bias, and which patterns are
// special. Every value of every format is exactly a double, which the engine relies on.

// Which patterns with an all-ones exponent field are not numbers.
enum class SpecialValues {
    // IEEE 754: all-ones exponent is infinity (mantissa 0) or NaN (mantissa not 0).
    Ieee,
    // OCP FP8 E4M3 ("finite and NaN"): no infinity; only S.1111.111 is NaN, so the top
    // binade holds normal numbers up to 1.110b x 2^8 = 448.
    NanOnlyAllOnes,
};

struct FloatFormat {
    std::string_view name;
    int exponentBits = 0;
    int mantissaBits = 0;
    int bias = 0;
    SpecialValues specials = SpecialValues::Ieee;

    constexpr int width() const { return 1 + exponentBits + mantissaBits; }
    constexpr std::uint64_t signBit() const { return std::uint64_t{1} << (width() - 1); }
    constexpr std::uint64_t magnitudeMask() const { return signBit() - 1; }
    constexpr std::uint64_t mantissaMask() const { return (std::uint64_t{1} << mantissaBits) - 1; }
    constexpr std::uint32_t allOnesExponent() const { return (1u << exponentBits) - 1; }
    // The exponent of the smallest normal number, 1 - bias; subnormals share it.
    constexpr int minNormalExponent() const { return 1 - bias; }
    constexpr bool hasInfinity() const { return specials == SpecialValues::Ieee; }

    // Magnitudes as bit patterns (sign bit clear).
    constexpr std::uint64_t maxFiniteMagnitude() const {
        const std::uint64_t topNormalExponent =
            hasInfinity() ? allOnesExponent() - 1 : allOnesExponent();
        const std::uint64_t topMantissa = hasInfinity() ? mantissaMask() : mantissaMask() - 1;
        return (topNormalExponent << mantissaBits) | topMantissa;
    }
    constexpr std::uint64_t minNormalMagnitude() const { return std::uint64_t{1} << mantissaBits; }
    // Only meaningful when hasInfinity().
    constexpr std::uint64_t infinityMagnitude() const {
        return std::uint64_t{allOnesExponent()} << mantissaBits;
    }
    // The quiet NaN conversions produce: IEEE sets only the top mantissa bit (fp32 0x7FC00000,
    // fp16 0x7E00); E4M3 has a single NaN magnitude, 0x7F.
    constexpr std::uint64_t canonicalNanMagnitude() const {
        if (!hasInfinity()) return magnitudeMask();
        return infinityMagnitude() | (std::uint64_t{1} << (mantissaBits - 1));
    }

    friend constexpr bool operator==(const FloatFormat&, const FloatFormat&) = default;
};

// Sources: IEEE 754-2019 table 3.5 (binary16/32/64); Intel "BFLOAT16 - Hardware Numerics
// Definition" (2018) for bf16; NVIDIA A100 whitepaper (2020) for TF32, stored here in its
// 19 meaningful bits; OCP "8-bit Floating Point Specification (OFP8)" rev. 1.0 (2023),
// table 1, for E4M3 (bias 7, max 448) and E5M2 (bias 15, max 57344).
inline constexpr FloatFormat kFp64{"fp64", 11, 52, 1023, SpecialValues::Ieee};
inline constexpr FloatFormat kFp32{"fp32", 8, 23, 127, SpecialValues::Ieee};
inline constexpr FloatFormat kTf32{"tf32", 8, 10, 127, SpecialValues::Ieee};
inline constexpr FloatFormat kFp16{"fp16", 5, 10, 15, SpecialValues::Ieee};
inline constexpr FloatFormat kBf16{"bf16", 8, 7, 127, SpecialValues::Ieee};
inline constexpr FloatFormat kFp8E4M3{"fp8-e4m3", 4, 3, 7, SpecialValues::NanOnlyAllOnes};
inline constexpr FloatFormat kFp8E5M2{"fp8-e5m2", 5, 2, 15, SpecialValues::Ieee};

// The preset formats in the order the CLI lists them: fp32, fp16, bf16, tf32, fp8-e4m3,
// fp8-e5m2, then fp64.
std::span<const FloatFormat> floatFormats();
// The preset called `name` (exactly as listed), if any.
std::optional<FloatFormat> findFloatFormat(std::string_view name);
// "fp32, fp16, bf16, tf32, fp8-e4m3, fp8-e5m2, fp64", for messages.
std::string floatFormatNames();

}  // namespace mlsyslab::numeric
