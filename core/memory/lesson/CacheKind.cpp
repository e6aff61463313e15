#include "memory/lesson/CacheKind.h"

#include <algorithm>
#include <sstream>

#include "lesson/KindFields.h"
#include "memory/LackeyTrace.h"
#include "memory/lesson/CacheLevelFields.h"
#include "memory/lesson/CachePatternFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

constexpr std::uint64_t kMostMemoryLatencyCycles = 1'000'000;
// yaml-cpp does not say how far a block scalar's lines are indented; lessons (and the docs)
// indent them two spaces under the key, so a column inside the trace is counted from there.
constexpr int kBlockScalarIndent = 2;

// Where line `line`, column `column` (both 1-based) of the trace sits in the fence body: the
// value's mark is the block indicator `|`, the trace starts on the next line.
YAML::Mark traceMark(const StateField& field, std::size_t line, std::size_t column) {
    YAML::Mark mark = field.value.Mark();
    mark.line += int(std::max<std::size_t>(line, 1));
    mark.column =
        field.key.Mark().column + kBlockScalarIndent + int(std::max<std::size_t>(column, 1)) - 1;
    return mark;
}

void readTrace(const StateField& field, CacheState& state, std::vector<StateProblem>& problems) {
    const std::string example =
        "'trace: |' with one Lackey line per access under it, like 'L 0x40,4'";
    if (!field.value.IsScalar()) {
        addStateError(problems, field.problemMark(), concat("trace must be text: ", example));
        return;
    }
    std::istringstream input(field.value.Scalar());
    memory::TraceReadOptions options;
    options.skipMalformedLines = true;  // every bad line reported at once
    memory::TraceReading reading = memory::readLackeyTrace(input, options);
    for (const memory::TraceProblem& problem : reading.problems) {
        addStateError(problems, traceMark(field, problem.line, problem.column),
                      concat("trace line ", std::to_string(problem.line), ": ", problem.message));
    }
    if (!reading.problems.empty()) return;
    if (reading.accesses.empty()) {
        addStateError(problems, field.problemMark(),
                      concat("the trace has no accesses: ", example));
        return;
    }
    if (reading.accesses.size() > kMostCacheSteppingAccesses) {
        addStateError(problems, field.problemMark(),
                      concat("the trace has ", std::to_string(reading.accesses.size()),
                             " accesses; the simulator steps through at most ",
                             std::to_string(kMostCacheSteppingAccesses),
                             " (run longer traces with 'mlsyslab-cli cache run')"));
        return;
    }
    state.usesTrace = true;
    state.accesses = std::move(reading.accesses);
}

void readPattern(const StateFields& fields, const YAML::Node& node, CacheState& state,
                 std::vector<StateProblem>& problems) {
    const std::size_t problemsBefore = problems.size();
    CachePattern pattern = readCachePatternFields(fields, problems);
    const bool hasErrors = std::any_of(
        problems.begin() + std::ptrdiff_t(problemsBefore), problems.end(),
        [](const StateProblem& problem) { return problem.severity == Severity::Error; });
    if (hasErrors) return;  // the default pattern stays
    auto accesses = generateCachePattern(pattern);
    if (!accesses) {
        const StateField* field = fields.find("pattern");
        addStateError(problems, field != nullptr ? field->problemMark() : node.Mark(),
                      accesses.error());
        return;
    }
    state.pattern = pattern;
    state.accesses = *accesses;
}

// The level a validateCacheConfig message names ("L2: size ..."), else the memory latency.
YAML::Mark configProblemMark(const std::string& message, const StateFields& fields,
                             const CacheLevelsReading* levels, const YAML::Node& node) {
    if (levels != nullptr) {
        for (std::size_t index = 0; index < levels->levels.size(); ++index) {
            if (message.starts_with(concat(levels->levels[index].name, ": "))) {
                return levels->marks[index];
            }
        }
    }
    const StateField* memoryLatency = fields.find("memory_latency");
    if (message.starts_with("memory latency") && memoryLatency != nullptr) {
        return memoryLatency->problemMark();
    }
    for (const char* name : {"levels", "preset"}) {
        if (const StateField* field = fields.find(name)) return field->problemMark();
    }
    return node.Mark();
}

// The preset's configuration (the preset read first, as a field of its own), own levels and a
// memory latency replacing its, and the whole then holding together.
void readConfig(const StateFields& fields, const YAML::Node& node, CacheState& state,
                std::vector<StateProblem>& problems) {
    state.config = memory::cachePreset(state.preset).value();
    memory::CacheConfig config = state.config;
    bool ok = true;
    std::optional<CacheLevelsReading> levels;
    if (const StateField* field = fields.find("levels")) {
        levels = readCacheLevelsField(*field, problems);
        if (levels) {
            config.levels = levels->levels;
        } else {
            ok = false;
        }
    }
    if (const StateField* field = fields.find("memory_latency")) {
        const auto cycles =
            readWholeNumberField("memory_latency", *field, 1, kMostMemoryLatencyCycles, problems);
        if (cycles) {
            config.memoryLatencyCycles = std::uint32_t(*cycles);
        } else {
            ok = false;
        }
    }
    if (!ok) return;
    const auto valid = memory::validateCacheConfig(config);
    if (!valid) {
        addStateError(problems,
                      configProblemMark(valid.error(), fields, levels ? &*levels : nullptr, node),
                      valid.error());
        return;
    }
    state.config = *valid;
    state.customLevels = levels.has_value();
}

// The configuration, then the accesses (a pattern or a trace), then what needs both: the level
// shown first and the step to start at.
void readDependentFields(const StateFields& fields, CacheState& state,
                         std::vector<StateProblem>& problems) {
    readConfig(fields, fields.map, state, problems);

    const StateField* trace = fields.find("trace");
    const StateField* pattern = fields.find("pattern");
    if (trace != nullptr && pattern != nullptr) {
        const StateField* later =
            trace->key.Mark().line > pattern->key.Mark().line ? trace : pattern;
        addStateError(problems, later->key.Mark(), "give either a pattern or a trace, not both");
    } else if (trace != nullptr) {
        warnAboutPatternFieldsBesideTrace(fields, problems);
        readTrace(*trace, state, problems);
    } else {
        readPattern(fields, fields.map, state, problems);
    }

    if (const StateField* field = fields.find("show_level")) {
        std::vector<std::string> names;
        for (const memory::CacheLevelConfig& level : state.config.levels)
            names.push_back(level.name);
        if (const auto name = readChoiceField("show_level", field->value, field->problemMark(),
                                              names, problems)) {
            state.showLevel = *name;
        }
    }
    if (const StateField* field = fields.find("start_step")) {
        const auto step =
            readWholeNumberField("start_step", *field, 0, kMostCacheSteppingAccesses, problems);
        state.startStep = std::min<std::uint64_t>(step.value_or(0), state.accesses.size());
    }
}

}  // namespace

CacheState::CacheState()
    : config(memory::cachePreset("lecture").value()),
      accesses(generateCachePattern(CachePattern{}).value()) {}

const KindSpec<CacheState>& cacheKind() {
    static const KindSpec<CacheState> spec{
        "cache",
        "a 1- to 3-level cache (sets × ways, tags, dirty bits, LRU) stepped one access at a "
        "time through a teaching pattern or a Lackey trace, with hits, misses and AMAT",
        "the cache state must be fields like 'preset: lecture' and 'pattern: row-major', "
        "one per line",
        "",
        {
            choiceField("preset", &CacheState::preset, memory::cachePresetNames(),
                        "`lecture`, `modern-server` or `tiny`"),
            ruleField<CacheState>(
                "levels", "the preset's",
                "1 to 3 levels, L1 first, replacing the preset's, each a map read as a cache "
                "config file's levels are (docs/cli.md): required `size` (bytes, or with `KiB` / "
                "`MiB` / `GiB`), `associativity` (a number of ways, 1 = direct mapped, or `full`), "
                "`line` (bytes, a power of two) and `latency` (load-to-use cycles from the core); "
                "optional `name` (default `L1`, `L2`, …), `replacement` (`lru`, `fifo` or "
                "`random`; default `lru`), `seed` (for `random`; default 1) and `write` (`back` or "
                "`through`; default `back`)"),
            ruleField<CacheState>("memory_latency", "the preset's", "cycles, 1 to 1000000"),
            ruleField<CacheState>("pattern", "`row-major`",
                                  "`row-major`, `column-major`, `sequential`, `strided`, `matmul`, "
                                  "`random` or `pointer-chase`, with the fields below"),
            ruleField<CacheState>("rows", "`16`", "`row-major`, `column-major`: the tensor's rows"),
            ruleField<CacheState>("cols", "`16`",
                                  "`row-major`, `column-major`: the tensor's columns"),
            ruleField<CacheState>("dtype", "`float32`",
                                  "the element type: `float32`, `float64`, `float16`, `bfloat16`, "
                                  "`int64`, `int32`, `int16`, `int8` or `uint8`"),
            ruleField<CacheState>("element_bytes", "the dtype's",
                                  "instead of `dtype`: the bytes of one element"),
            ruleField<CacheState>(
                "count", "`64`",
                "`sequential`, `strided`, `random`, `pointer-chase`: how many accesses"),
            ruleField<CacheState>(
                "stride", "`16`",
                "`strided`: elements between accesses, like PyTorch's `.stride()`"),
            ruleField<CacheState>("n", "`16`", "`matmul`: the matrices' side, 1 to 64"),
            ruleField<CacheState>("order", "`ijk`",
                                  "`matmul`: the loop order, `ijk`, `ikj`, `jki` or `tiled`"),
            ruleField<CacheState>("tile", "`4`", "`matmul` with `tiled`: the tile's side, 1 to n"),
            ruleField<CacheState>("region", "`4096`",
                                  "`random`: the bytes the accesses fall in, or with KiB / MiB"),
            ruleField<CacheState>(
                "seed", "`1`", "`random`, `pointer-chase`: the same seed gives the same accesses"),
            ruleField<CacheState>("nodes", "`64`", "`pointer-chase`: the list's nodes"),
            ruleField<CacheState>("node_bytes", "`64`",
                                  "`pointer-chase`: the bytes of one node, 8 to 4096"),
            ruleField<CacheState>(
                "trace", "",
                "instead of a pattern: a Lackey trace as a block scalar, `trace: \\|` and one "
                "access per line indented two spaces under it: `L 0x40,4` (load), `S 0x40,4` "
                "(store), `M 0x40,4` (load then store); `I` lines (instruction fetches) and "
                "valgrind's `==` lines are skipped"),
            ruleField<CacheState>("show_level", "`L1`",
                                  "the name of the level whose grid is shown first"),
            ruleField<CacheState>("start_step", "`0`",
                                  "how many accesses are already made when the simulator opens (0: "
                                  "empty caches; past the end: all)"),
            flagField("editable", &CacheState::editable,
                      "whether students may choose another pattern, a preset or levels of their "
                      "own"),
        },
        readDependentFields};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(cacheKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
