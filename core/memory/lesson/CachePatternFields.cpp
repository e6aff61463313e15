#include "memory/lesson/CachePatternFields.h"

#include <algorithm>
#include <limits>

#include "memory/CacheConfigYaml.h"

namespace mlsyslab::lesson::kinds {

namespace {

using memory::MatmulLoopOrder;

// The largest values a lesson may ask for: each keeps the pattern inside what the stepping
// view holds (kMostCacheSteppingAccesses), or is far beyond any teaching example.
constexpr std::uint64_t kMostTensorSide = kMostCacheSteppingAccesses;
constexpr std::uint64_t kMostElementBytes = 4096;
constexpr std::uint64_t kMostStrideElements = 65536;
constexpr std::uint64_t kMostRegionBytes = std::uint64_t{1} << 30;  // 1 GiB
constexpr std::uint64_t kMostNodes = 1'000'000;
constexpr std::uint64_t kLeastNodeBytes = 8;  // a node holds its next pointer
constexpr std::uint64_t kMostNodeBytes = 4096;

const std::vector<std::string> kOrderNames = {"ijk", "ikj", "jki", "tiled"};

std::vector<std::string> sorted(std::vector<std::string> names) {
    std::sort(names.begin(), names.end());
    return names;
}

// "rows is not used by the sequential pattern (it reads count, dtype and element_bytes)".
void warnUnused(const std::string& name, const StateField& field, const std::string& why,
                std::vector<StateProblem>& problems) {
    problems.push_back({Severity::Warning, field.key.Mark(), concat(name, " is not used ", why)});
}

template <typename Number>
void readNumber(const StateFields& fields, const std::string& name, std::uint64_t minimum,
                std::uint64_t maximum, Number& target, std::vector<StateProblem>& problems) {
    if (const StateField* field = fields.find(name)) {
        if (const auto number = readWholeNumberField(name, *field, minimum, maximum, problems)) {
            target = Number(*number);
        }
    }
}

void readElementBytes(const StateFields& fields, CachePattern& pattern,
                      std::vector<StateProblem>& problems) {
    const StateField* dtype = fields.find("dtype");
    const StateField* elementBytes = fields.find("element_bytes");
    if (dtype != nullptr && elementBytes != nullptr) {
        const StateField* later =
            dtype->key.Mark().line > elementBytes->key.Mark().line ? dtype : elementBytes;
        addStateError(problems, later->key.Mark(),
                      "give dtype or element_bytes, not both (dtype float32 is 4 bytes)");
        return;
    }
    if (dtype != nullptr) {
        if (const auto name = readChoiceField("dtype", dtype->value, dtype->problemMark(),
                                              dtypeNames(), problems)) {
            pattern.elementBytes = *dtypeBytes(*name);
        }
    }
    readNumber(fields, "element_bytes", 1, kMostElementBytes, pattern.elementBytes, problems);
}

void readRegion(const StateField& field, CachePattern& pattern,
                std::vector<StateProblem>& problems) {
    const std::string text = scalarText(field);
    const auto bytes = memory::parseByteSize(text);
    if (!bytes || *bytes == 0 || *bytes > kMostRegionBytes) {
        addStateError(problems, field.problemMark(),
                      "region must be a size in bytes from 1 to 1GiB, like 4096 or 16KiB");
        return;
    }
    pattern.regionBytes = *bytes;
}

void readMatmul(const StateFields& fields, CachePattern& pattern,
                std::vector<StateProblem>& problems) {
    readNumber(fields, "n", 1, kMostMatmulSize, pattern.n, problems);
    if (const StateField* field = fields.find("order")) {
        if (const auto name = readChoiceField("order", field->value, field->problemMark(),
                                              kOrderNames, problems)) {
            pattern.order = MatmulLoopOrder(
                std::find(kOrderNames.begin(), kOrderNames.end(), *name) - kOrderNames.begin());
        }
    }
    const StateField* tile = fields.find("tile");
    if (tile == nullptr) {
        pattern.tile = std::min(pattern.tile, pattern.n);
        return;
    }
    if (pattern.order != MatmulLoopOrder::Tiled) {
        warnUnused("tile", *tile, "by this loop order (only by 'order: tiled')", problems);
        return;
    }
    std::uint64_t size = pattern.tile;
    readNumber(fields, "tile", 1, kMostMatmulSize, size, problems);
    if (size > pattern.n) {
        addStateError(problems, tile->problemMark(),
                      concat("tile must be from 1 to n (", std::to_string(pattern.n), ")"));
        return;
    }
    pattern.tile = size;
}

}  // namespace

const std::vector<std::string>& cachePatternStateFieldNames() {
    static const std::vector<std::string> names = {
        "pattern", "rows",  "cols", "dtype",  "element_bytes", "count", "stride",
        "n",       "order", "tile", "region", "seed",          "nodes", "node_bytes"};
    return names;
}

CachePattern readCachePatternFields(const StateFields& fields,
                                    std::vector<StateProblem>& problems) {
    CachePattern pattern;
    if (const StateField* field = fields.find("pattern")) {
        if (const auto name = readChoiceField("pattern", field->value, field->problemMark(),
                                              cachePatternNames(), problems)) {
            pattern.kind = *cachePatternKindNamed(*name);
        } else {
            return pattern;  // the other fields' meaning depends on the pattern
        }
    }
    const std::vector<std::string> used = cachePatternFieldNames(pattern.kind);
    const std::string patternName(cachePatternName(pattern.kind));
    for (const std::string& name : cachePatternStateFieldNames()) {
        const StateField* field = fields.find(name);
        if (field == nullptr || name == "pattern") continue;
        if (std::find(used.begin(), used.end(), name) == used.end()) {
            warnUnused(name, *field,
                       concat("by the ", patternName, " pattern (it reads ",
                              listInWords(sorted(used), "and"), ")"),
                       problems);
        }
    }
    const auto reads = [&used](const std::string& name) {
        return std::find(used.begin(), used.end(), name) != used.end();
    };
    if (reads("dtype")) readElementBytes(fields, pattern, problems);
    if (reads("rows")) readNumber(fields, "rows", 1, kMostTensorSide, pattern.rows, problems);
    if (reads("cols")) readNumber(fields, "cols", 1, kMostTensorSide, pattern.cols, problems);
    if (reads("count")) {
        readNumber(fields, "count", 1, kMostCacheSteppingAccesses, pattern.count, problems);
    }
    if (reads("stride")) {
        readNumber(fields, "stride", 0, kMostStrideElements, pattern.strideElements, problems);
    }
    if (reads("n")) readMatmul(fields, pattern, problems);
    if (reads("region")) {
        const StateField* region = fields.find("region");
        if (region != nullptr) readRegion(*region, pattern, problems);
        if (region != nullptr && pattern.regionBytes < pattern.elementBytes) {
            addStateError(problems, region->problemMark(),
                          concat("region must hold at least one element (",
                                 std::to_string(pattern.elementBytes), " bytes)"));
        }
        pattern.regionBytes = std::max<std::uint64_t>(pattern.regionBytes, pattern.elementBytes);
    }
    if (reads("seed")) {
        readNumber(fields, "seed", 0, std::numeric_limits<std::uint64_t>::max(), pattern.seed,
                   problems);
    }
    if (reads("nodes")) readNumber(fields, "nodes", 1, kMostNodes, pattern.nodes, problems);
    if (reads("node_bytes")) {
        readNumber(fields, "node_bytes", kLeastNodeBytes, kMostNodeBytes, pattern.nodeBytes,
                   problems);
    }
    return pattern;
}

void warnAboutPatternFieldsBesideTrace(const StateFields& fields,
                                       std::vector<StateProblem>& problems) {
    for (const std::string& name : cachePatternStateFieldNames()) {
        if (name == "pattern") continue;
        if (const StateField* field = fields.find(name)) {
            warnUnused(name, *field, "with a trace (it belongs to the patterns)", problems);
        }
    }
}

}  // namespace mlsyslab::lesson::kinds
