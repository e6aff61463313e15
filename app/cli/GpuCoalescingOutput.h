#pragma once

#include <iosfwd>
#include <optional>

#include "gpu/Coalescing.h"

namespace mlsyslab::cli {

// The pattern a `gpu coalescing` run was given, to say it back: lane i reads element
// offset + i * stride, or the lanes' explicit byte addresses (no pattern).
struct StridePattern {
    std::int64_t strideElements = 1;
    std::int64_t offsetElements = 0;
};

// For a person: the pattern, the counts, bytes requested and moved, the efficiency, a note on
// lanes CUDA would refuse as misaligned, and one line per sector: its bytes, its line and the
// lanes that read it.
void printCoalescingText(const gpu::CoalescingResult& result, int elementBytes,
                         const std::optional<StridePattern>& pattern, std::ostream& out);

// One JSON object (docs/cli.md): sectors and lines (counts) first, then requested_bytes,
// moved_bytes, efficiency_pct, element_bytes, lanes, misaligned_lanes, sector_numbers and
// line_numbers.
void printCoalescingJson(const gpu::CoalescingResult& result, int elementBytes, std::ostream& out);

}  // namespace mlsyslab::cli
