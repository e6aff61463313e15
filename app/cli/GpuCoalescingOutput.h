#pragma once

#include <iosfwd>

#include "gpu/CoalescingPattern.h"

namespace mlsyslab::cli {

// For a person: what each lane reads, the counts, bytes requested and moved, the efficiency, a note on
// lanes CUDA would refuse as misaligned, and one line per sector: its bytes, its line and the
// lanes that read it.
void printCoalescingText(const gpu::CoalescingResult& result, const gpu::CoalescingPattern& pattern,
                         std::ostream& out);

// One JSON object (docs/cli.md): sectors and lines (counts) first, then requested_bytes,
// moved_bytes, efficiency_pct, element_bytes, lanes, misaligned_lanes, sector_numbers and
// line_numbers.
void printCoalescingJson(const gpu::CoalescingResult& result, int elementBytes, std::ostream& out);

}  // namespace mlsyslab::cli
