#include "gpu/Coalescing.h"

#include <algorithm>

#include "common/Concat.h"

namespace mlsyslab::gpu {

namespace {

Result<CoalescingResult> failure(std::string message) {
    return Result<CoalescingResult>::failure(std::move(message));
}

std::string belowBaseProblem(int lane, std::int64_t byteAddress) {
    return concat("lane ", std::to_string(lane), " would read byte ", std::to_string(byteAddress),
                  ", before the start of the array");
}

std::string beyondAddressSpaceProblem(int lane) {
    return concat("lane ", std::to_string(lane),
                  "'s address is beyond the GPU's 2^49-byte virtual address space");
}

std::string wholeNumberText(__int128 number) {
    if (number == 0) return "0";
    const bool negative = number < 0;
    std::string digits;
    for (; number != 0; number /= 10) {
        const int digit = static_cast<int>(number % 10);
        digits.insert(digits.begin(), static_cast<char>('0' + (negative ? -digit : digit)));
    }
    return negative ? concat("-", digits) : digits;
}

// Sorted, each number once.
std::vector<std::int64_t> distinct(std::vector<std::int64_t> numbers) {
    std::sort(numbers.begin(), numbers.end());
    numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
    return numbers;
}

// The lanes' accesses are valid (sizes checked, addresses from 0 to the limit): every sector
// and line that any byte of any lane touches. An access that is not naturally aligned can span
// two sectors (or lines); a byte several lanes read is still one sector.
CoalescingResult countTransactions(std::vector<LaneAccess> lanes) {
    CoalescingResult result;
    std::vector<std::int64_t> sectors;
    std::vector<std::int64_t> lines;
    for (const LaneAccess& access : lanes) {
        const std::int64_t first = access.byteAddress;
        const std::int64_t last = access.byteAddress + access.bytes - 1;
        for (std::int64_t sector = first / kSectorBytes; sector <= last / kSectorBytes; ++sector) {
            sectors.push_back(sector);
        }
        for (std::int64_t line = first / kCacheLineBytes; line <= last / kCacheLineBytes; ++line) {
            lines.push_back(line);
        }
        result.bytesRequested += access.bytes;
    }
    result.sectors = distinct(std::move(sectors));
    result.lines = distinct(std::move(lines));
    result.lanes = std::move(lanes);
    return result;
}

}  // namespace

std::string elementSizesInWords() {
    std::string words;
    for (std::size_t index = 0; index < kElementSizes.size(); ++index) {
        if (index > 0) words += index + 1 == kElementSizes.size() ? " or " : ", ";
        words += std::to_string(kElementSizes[index]);
    }
    return words;
}

Result<int> validateElementBytes(std::int64_t elementBytes) {
    if (std::find(kElementSizes.begin(), kElementSizes.end(), elementBytes) ==
        kElementSizes.end()) {
        return Result<int>::failure(concat("element size ", std::to_string(elementBytes),
                                           " bytes: a load reads ", elementSizesInWords(),
                                           " bytes per lane"));
    }
    return static_cast<int>(elementBytes);
}

double CoalescingResult::efficiencyPct() const {
    if (sectors.empty()) return 0;
    return 100.0 * static_cast<double>(bytesRequested) / static_cast<double>(bytesMoved());
}

int misalignedLaneCount(const CoalescingResult& result) {
    return static_cast<int>(std::count_if(
        result.lanes.begin(), result.lanes.end(),
        [](const LaneAccess& access) { return access.byteAddress % access.bytes != 0; }));
}

Result<CoalescingResult> coalesceStrided(int elementBytes, std::int64_t strideElements,
                                         std::int64_t offsetElements, int laneCount) {
    if (const auto size = validateElementBytes(elementBytes); !size) return failure(size.error());
    if (laneCount < 1 || laneCount > kWarpLanes) {
        return failure(concat("a warp has 1 to 32 active lanes, not ", std::to_string(laneCount)));
    }
    std::vector<std::int64_t> addresses;
    for (int lane = 0; lane < laneCount; ++lane) {
        // In 128-bit arithmetic: no offset, stride or lane count a user types can overflow it.
        const __int128 element = __int128{offsetElements} + __int128{strideElements} * lane;
        const __int128 byteAddress = element * elementBytes;
        if (byteAddress < 0) {
            return failure(concat(
                "lane ", std::to_string(lane), " would read element ", wholeNumberText(element),
                " (", std::to_string(offsetElements), " + ", std::to_string(lane), " x ",
                std::to_string(strideElements), "), before the start of the array"));
        }
        if (byteAddress > kLargestByteAddress - elementBytes) {
            return failure(beyondAddressSpaceProblem(lane));
        }
        addresses.push_back(static_cast<std::int64_t>(byteAddress));
    }
    return coalesceAddresses(elementBytes, addresses);
}

Result<CoalescingResult> coalesceAddresses(int elementBytes,
                                           const std::vector<std::int64_t>& byteAddresses) {
    if (const auto size = validateElementBytes(elementBytes); !size) return failure(size.error());
    if (byteAddresses.empty() || byteAddresses.size() > std::size_t{kWarpLanes}) {
        return failure(concat("a warp has 1 to 32 active lanes, not ",
                              std::to_string(byteAddresses.size()), " addresses"));
    }
    std::vector<LaneAccess> lanes;
    for (std::size_t lane = 0; lane < byteAddresses.size(); ++lane) {
        const std::int64_t byteAddress = byteAddresses[lane];
        const int laneNumber = static_cast<int>(lane);
        if (byteAddress < 0) return failure(belowBaseProblem(laneNumber, byteAddress));
        if (byteAddress > kLargestByteAddress - elementBytes) {
            return failure(beyondAddressSpaceProblem(laneNumber));
        }
        lanes.push_back({laneNumber, byteAddress, elementBytes});
    }
    return countTransactions(std::move(lanes));
}

}  // namespace mlsyslab::gpu
