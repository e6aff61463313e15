#include "numeric/FloatFormat.h"

#include <algorithm>
#include <array>

namespace mlsyslab::numeric {

namespace {

constexpr std::array kPresets{kFp32, kFp16, kBf16, kTf32, kFp8E4M3, kFp8E5M2, kFp64};

// The constants the lessons quote, checked where the formats are defined.
static_assert(kFp32.canonicalNanMagnitude() == 0x7FC00000);
static_assert(kFp16.canonicalNanMagnitude() == 0x7E00);
static_assert(kBf16.canonicalNanMagnitude() == 0x7FC0);
static_assert(kTf32.canonicalNanMagnitude() == 0x3FE00);
static_assert(kFp8E5M2.canonicalNanMagnitude() == 0x7E);
static_assert(kFp8E4M3.canonicalNanMagnitude() == 0x7F);
static_assert(kFp64.canonicalNanMagnitude() == 0x7FF8000000000000);
static_assert(kFp16.maxFiniteMagnitude() == 0x7BFF);   // 65504
static_assert(kFp8E4M3.maxFiniteMagnitude() == 0x7E);  // 448
static_assert(kFp8E5M2.maxFiniteMagnitude() == 0x7B);  // 57344
static_assert(kTf32.width() == 19);

}  // namespace

std::span<const FloatFormat> floatFormats() { return kPresets; }

std::optional<FloatFormat> findFloatFormat(std::string_view name) {
    const auto found = std::find_if(kPresets.begin(), kPresets.end(),
                                    [&](const FloatFormat& format) { return format.name == name; });
    if (found == kPresets.end()) return std::nullopt;
    return *found;
}

std::string floatFormatNames() {
    std::string names;
    for (const auto& format : kPresets) {
        if (!names.empty()) names += ", ";
        names += format.name;
    }
    return names;
}

}  // namespace mlsyslab::numeric
