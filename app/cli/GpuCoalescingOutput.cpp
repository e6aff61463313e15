#include "cli/GpuCoalescingOutput.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "cli/JsonLine.h"
#include "common/Concat.h"

namespace mlsyslab::cli {

namespace {

using gpu::CoalescingResult;
using gpu::kCacheLineBytes;
using gpu::kSectorBytes;
using gpu::LaneAccess;

std::string oneDecimal(double value) {
    char text[48];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

std::string plural(std::int64_t count, const char* one, const char* many) {
    return concat(std::to_string(count), " ", count == 1 ? one : many);
}

// Lane numbers, ascending, with runs of three or more written as a range: "0-6, 9, 11".
std::string laneListText(std::vector<int> lanes) {
    std::sort(lanes.begin(), lanes.end());
    lanes.erase(std::unique(lanes.begin(), lanes.end()), lanes.end());
    std::string text;
    for (std::size_t start = 0; start < lanes.size();) {
        std::size_t end = start;
        while (end + 1 < lanes.size() && lanes[end + 1] == lanes[end] + 1) ++end;
        const auto piece = [&](std::size_t index) { return std::to_string(lanes[index]); };
        if (!text.empty()) text += ", ";
        if (end - start >= 2) {
            text += concat(piece(start), "-", piece(end));
        } else {
            text += piece(start);
            if (end > start) text += concat(", ", piece(end));
        }
        start = end + 1;
    }
    return text;
}

bool touches(const LaneAccess& access, std::int64_t firstByte, std::int64_t lastByte) {
    return access.byteAddress <= lastByte && access.byteAddress + access.bytes - 1 >= firstByte;
}

std::string rightAligned(const std::string& text, std::size_t width) {
    return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

std::string leftAligned(const std::string& text, std::size_t width) {
    return text + std::string(width > text.size() ? width - text.size() : 0, ' ');
}

// One row per sector: its number, its bytes, its line and the lanes that read it.
void printSectorTable(const CoalescingResult& result, std::ostream& out) {
    std::vector<std::vector<std::string>> rows{{"sector", "bytes", "line", "lanes"}};
    for (const std::int64_t sector : result.sectors) {
        const std::int64_t first = sector * kSectorBytes;
        const std::int64_t last = first + kSectorBytes - 1;
        std::vector<int> lanes;
        for (const LaneAccess& access : result.lanes) {
            if (touches(access, first, last)) lanes.push_back(access.lane);
        }
        rows.push_back({std::to_string(sector),
                        concat(std::to_string(first), "-", std::to_string(last)),
                        std::to_string(first / kCacheLineBytes), laneListText(lanes)});
    }
    std::vector<std::size_t> widths(4, 0);
    for (const auto& row : rows) {
        for (std::size_t column = 0; column < row.size(); ++column) {
            widths[column] = std::max(widths[column], row[column].size());
        }
    }
    for (const auto& row : rows) {
        out << rightAligned(row[0], widths[0]) << "  " << leftAligned(row[1], widths[1]) << "  "
            << rightAligned(row[2], widths[2]) << "  " << row[3] << '\n';
    }
}

// How the lanes pick their addresses: ": lane i reads element 1 + i x 1", with the pattern's
// name before it when one was named.
std::string patternText(const gpu::CoalescingPattern& pattern) {
    using Kind = gpu::CoalescingPatternKind;
    if (pattern.kind == Kind::Addresses) return " at the byte addresses given";
    const std::string named =
        pattern.kind == Kind::Custom ? "" : concat(" (", gpu::coalescingPatternName(pattern.kind), ")");
    if (pattern.kind == Kind::Permutation) {
        return concat(named, ": lane i reads element p(i), p the shuffle of 0..31 that seed ",
                      std::to_string(pattern.seed), " gives");
    }
    const auto strided = gpu::strideAndOffsetOf(pattern).value_or(gpu::StrideAndOffset{});
    return concat(named, ": lane i reads element ", std::to_string(strided.offset), " + i x ",
                  std::to_string(strided.stride));
}

}  // namespace

void printCoalescingText(const CoalescingResult& result, const gpu::CoalescingPattern& pattern,
                         std::ostream& out) {
    const int elementBytes = pattern.elementBytes;
    const auto laneCount = static_cast<std::int64_t>(result.lanes.size());
    std::int64_t firstByte = result.lanes.front().byteAddress;
    std::int64_t lastByte = firstByte;
    for (const LaneAccess& access : result.lanes) {
        firstByte = std::min(firstByte, access.byteAddress);
        lastByte = std::max(lastByte, access.byteAddress + access.bytes - 1);
    }
    out << plural(laneCount, "lane reads ", "lanes read ") << plural(elementBytes, "byte", "bytes")
        << (laneCount == 1 ? "" : " each");
    out << patternText(pattern);
    out << "\nbytes " << firstByte << " to " << lastByte
        << " from the array's start, which is on a 128-byte boundary\n\n";
    const auto sectorCount = static_cast<std::int64_t>(result.sectors.size());
    out << "sectors: " << sectorCount << " (32 bytes each)\n"
        << "lines: " << result.lines.size() << " (128 bytes each)\n"
        << "bytes requested: " << result.bytesRequested << " ("
        << plural(laneCount, "lane", "lanes") << " x " << plural(elementBytes, "byte", "bytes")
        << ")\n"
        << "bytes moved: " << result.bytesMoved() << " ("
        << plural(sectorCount, "sector", "sectors") << " x 32 bytes)\n"
        << "efficiency: " << oneDecimal(result.efficiencyPct()) << "% (requested / moved";
    if (result.efficiencyPct() > 100) out << "; over 100%: lanes share the bytes one sector brings";
    out << ")\n";
    if (const int misaligned = gpu::misalignedLaneCount(result); misaligned > 0) {
        out << "note: " << plural(misaligned, "lane reads", "lanes read")
            << " at an address that is not a multiple of " << elementBytes
            << ". CUDA requires natural alignment (such a load faults); it is counted here as if "
               "it were allowed.\n";
    }
    out << '\n';
    printSectorTable(result, out);
}

void printCoalescingJson(const CoalescingResult& result, int elementBytes, std::ostream& out) {
    Json object;
    object["sectors"] = result.sectors.size();
    object["lines"] = result.lines.size();
    object["requested_bytes"] = result.bytesRequested;
    object["moved_bytes"] = result.bytesMoved();
    object["efficiency_pct"] = jsonNumber(result.efficiencyPct());
    object["element_bytes"] = elementBytes;
    object["lanes"] = result.lanes.size();
    object["misaligned_lanes"] = gpu::misalignedLaneCount(result);
    object["sector_numbers"] = result.sectors;
    object["line_numbers"] = result.lines;
    out << jsonLine(object) << '\n';
}

}  // namespace mlsyslab::cli
