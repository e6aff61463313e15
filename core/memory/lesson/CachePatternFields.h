#pragma once

#include <string>
#include <vector>

#include "lesson/SimKindRegistry.h"
#include "memory/lesson/CachePattern.h"
#include "lesson/StateFields.h"

namespace mlsyslab::lesson::kinds {

// The `cache` kind's pattern fields: `pattern` and every field a pattern reads (rows, cols,
// dtype, element_bytes, count, stride, n, order, tile, region, seed, nodes, node_bytes).

// Every pattern field name, `pattern` first.
const std::vector<std::string>& cachePatternStateFieldNames();

// The pattern the fields describe (row-major 16×16 float32 where `pattern` is missing), each
// bad value reported at its mark and left at its default. A field the chosen pattern does not
// read is a warning at its name.
CachePattern readCachePatternFields(const StateFields& fields, std::vector<StateProblem>& problems);

// With a trace, the pattern fields mean nothing: a warning at each one given.
void warnAboutPatternFieldsBesideTrace(const StateFields& fields,
                                       std::vector<StateProblem>& problems);

}  // namespace mlsyslab::lesson::kinds
