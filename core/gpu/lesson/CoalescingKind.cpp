#include "gpu/lesson/CoalescingKind.h"

#include <algorithm>
#include <string>

#include "lesson/KindFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

using gpu::CoalescingPattern;
using Kind = gpu::CoalescingPatternKind;
using gpu::coalescingPatternName;
using gpu::coalescingPatternNames;
using gpu::kMostCoalescingAddress;
using gpu::kMostCoalescingOffset;
using gpu::kLeastCoalescingStride;
using gpu::kMostCoalescingStride;
using gpu::kMostRowLength;
using gpu::kWarpLanes;

constexpr std::uint64_t kMostSeed = 0xFFFF'FFFF;

// The fields each pattern reads besides elem_bytes, lanes and editable.
std::vector<std::string> fieldsReadBy(Kind kind) {
    switch (kind) {
        case Kind::Column:
            return {"row_length"};
        case Kind::Permutation:
            return {"seed"};
        case Kind::Custom:
            return {"stride", "offset"};
        case Kind::Addresses:
            return {"addresses"};
        default:
            return {};
    }
}

void readSignedNumber(const StateField& field, const std::string& name, std::int64_t minimum,
                      std::int64_t maximum, std::int64_t& target,
                      std::vector<StateProblem>& problems) {
    const auto number = parseSignedWhole(scalarText(field));
    if (!number || *number < minimum || *number > maximum) {
        addStateError(problems, field.problemMark(),
                      concat(name, " must be a whole number from ", std::to_string(minimum), " to ",
                             std::to_string(maximum)));
        return;
    }
    target = *number;
}

// True when the list is good (and now the pattern's).
bool readAddresses(const StateField& field, CoalescingPattern& pattern,
                   std::vector<StateProblem>& problems) {
    constexpr std::string_view expected =
        "a list of 1 to 32 byte offsets from the array's start (decimal, or hex after 0x), like "
        "0, 4, 8";
    const auto addresses = readWholeNumberList("addresses", field.value, field.problemMark(),
                                               expected, problems, parseSignedWholeOrHex);
    if (!addresses) return false;
    if (addresses->empty() || addresses->size() > std::size_t{kWarpLanes}) {
        addStateError(problems, field.problemMark(),
                      concat("addresses must be ", expected, ", not ",
                             std::to_string(addresses->size()), " of them"));
        return false;
    }
    for (std::size_t lane = 0; lane < addresses->size(); ++lane) {
        const std::int64_t address = (*addresses)[lane];
        if (address < 0 || address > kMostCoalescingAddress) {
            addStateError(problems, field.value[lane].Mark(),
                          concat("addresses: lane ", std::to_string(lane), "'s address ",
                                 std::to_string(address), " is not from 0 to ",
                                 std::to_string(kMostCoalescingAddress)));
            return false;
        }
    }
    pattern.addresses = *addresses;
    pattern.lanes = static_cast<int>(addresses->size());
    return true;
}

void readPattern(const StateField& field, CoalescingState& state,
                 std::vector<StateProblem>& problems) {
    const auto name = readChoiceField("pattern", field.value, field.problemMark(),
                                      coalescingPatternNames(), problems);
    if (name) state.pattern.kind = *gpu::coalescingPatternKindNamed(*name);
}

void readElementBytes(const StateField& field, CoalescingState& state,
                      std::vector<StateProblem>& problems) {
    const auto bytes = parseSignedWhole(scalarText(field));
    if (bytes && gpu::validateElementBytes(*bytes)) {
        state.pattern.elementBytes = static_cast<int>(*bytes);
    } else {
        addStateError(problems, field.problemMark(),
                      concat("elem_bytes must be ", gpu::elementSizesInWords(),
                             ": the bytes each lane reads"));
    }
}

// The pattern named (read by readPattern, sequential when wrong), or the one the other fields
// imply.
Kind impliedKind(const StateFields& fields, Kind named) {
    if (fields.find("pattern") == nullptr) {
        if (fields.find("addresses") != nullptr) return Kind::Addresses;
        if (fields.find("stride") != nullptr || fields.find("offset") != nullptr) {
            return Kind::Custom;
        }
    }
    return named;
}

void warnAboutUnusedFields(const StateFields& fields, Kind kind,
                           std::vector<StateProblem>& problems) {
    const std::vector<std::string> used = fieldsReadBy(kind);
    for (const std::string name : {"stride", "offset", "row_length", "seed", "addresses"}) {
        const StateField* field = fields.find(name);
        if (field == nullptr || std::find(used.begin(), used.end(), name) != used.end()) continue;
        const std::string reads = used.empty() ? std::string("it sets every lane's address itself")
                                               : concat("it reads ", listInWords(used, "and"));
        problems.push_back({Severity::Warning, field->key.Mark(),
                            concat(name, " is not used by the ", coalescingPatternName(kind),
                                   " pattern (", reads, ")")});
    }
    if (kind == Kind::Addresses) {
        if (const StateField* lanes = fields.find("lanes")) {
            problems.push_back(
                {Severity::Warning, lanes->key.Mark(),
                 "lanes is not used with addresses: one lane per address in the list"});
        }
    }
}

// The pattern decides which of the other fields are read.
void readPatternFields(const StateFields& fields, CoalescingState& state,
                       std::vector<StateProblem>& problems) {
    CoalescingPattern& pattern = state.pattern;
    pattern.kind = impliedKind(fields, pattern.kind);
    warnAboutUnusedFields(fields, pattern.kind, problems);
    if (const StateField* field = fields.find("lanes"); field && pattern.kind != Kind::Addresses) {
        if (const auto lanes = readWholeNumberField("lanes", *field, 1, kWarpLanes, problems)) {
            pattern.lanes = static_cast<int>(*lanes);
        }
    }
    const StateField* stride = fields.find("stride");
    const StateField* offset = fields.find("offset");
    switch (pattern.kind) {
        case Kind::Column:
            if (const StateField* field = fields.find("row_length")) {
                readSignedNumber(*field, "row_length", 1, kMostRowLength, pattern.rowLength,
                                 problems);
            }
            break;
        case Kind::Permutation:
            if (const StateField* field = fields.find("seed")) {
                if (const auto seed =
                        readWholeNumberField("seed", *field, 0, kMostSeed, problems)) {
                    pattern.seed = *seed;
                }
            }
            break;
        case Kind::Custom:
            if (stride) {
                readSignedNumber(*stride, "stride", kLeastCoalescingStride, kMostCoalescingStride,
                                 pattern.stride, problems);
            }
            if (offset) {
                readSignedNumber(*offset, "offset", 0, kMostCoalescingOffset, pattern.offset,
                                 problems);
            }
            break;
        case Kind::Addresses:
            if (const StateField* field = fields.find("addresses")) {
                if (!readAddresses(*field, pattern, problems)) pattern.kind = Kind::Sequential;
            } else {
                addStateError(problems, fields.find("pattern")->key.Mark(),
                              "the addresses pattern needs 'addresses: [...]', one byte offset "
                              "per lane");
                pattern.kind = Kind::Sequential;
            }
            break;
        default:
            break;
    }

    // A stride that walks backwards past the array's start: said at the stride (or offset).
    if (const auto result = gpu::coalesce(pattern); !result) {
        const StateField* blamed = stride != nullptr ? stride : offset;
        const YAML::Mark mark = pattern.kind == Kind::Custom && blamed != nullptr
                                    ? blamed->problemMark()
                                    : fields.map.Mark();
        addStateError(problems, mark,
                      concat(result.error(), pattern.kind == Kind::Custom
                                                 ? "; a larger offset starts the warp further in"
                                                 : ""));
        pattern = CoalescingPattern{};
    }
}

}  // namespace

const KindSpec<CoalescingState>& coalescingKind() {
    static const KindSpec<CoalescingState> spec{
        "coalescing",
        "one warp's 32 lanes, the addresses they read and the 32-byte sectors and 128-byte "
        "lines those fall in: stride, offset, element size and patterns",
        "the coalescing state must be fields like 'pattern: sequential', one per line",
        "",
        {
            customField<CoalescingState>(
                "pattern", "`sequential`",
                "`sequential`, `misaligned`, `stride-2`, `column`, `reversed`, `broadcast`, "
                "`permutation`, `custom` or `addresses` (what each reads: the table above); "
                "without it, `addresses` means `addresses` and `stride` or `offset` means "
                "`custom`",
                readPattern),
            customField<CoalescingState>("elem_bytes", "`4`",
                                         "bytes each lane reads: `1`, `2`, `4`, `8` or `16`",
                                         readElementBytes),
            ruleField<CoalescingState>("stride", "`1`",
                                       "`custom`: elements between neighbouring lanes, "
                                       "−2147483648 to 2147483647 (0: every lane the same)"),
            ruleField<CoalescingState>("offset", "`0`",
                                       "`custom`: the element lane 0 reads, 0 to 2147483647"),
            ruleField<CoalescingState>("row_length", "`32`",
                                       "`column`: elements per row of the tile, 1 to "
                                       "2147483647"),
            ruleField<CoalescingState>("seed", "`1`",
                                       "`permutation`: which shuffle, 0 to 4294967295"),
            ruleField<CoalescingState>("addresses", "none",
                                       "`addresses`: a list of 1 to 32 byte offsets from the "
                                       "array's start, each 0 to 562949953421311 (2^49 − 1), "
                                       "decimal or hex after `0x`, one lane per address"),
            ruleField<CoalescingState>("lanes", "`32`",
                                       "active lanes, 1 to 32 (not with `addresses`)"),
            flagField("editable", &CoalescingState::editable,
                      "`false` shows the pattern with its controls disabled"),
        },
        readPatternFields};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(coalescingKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
