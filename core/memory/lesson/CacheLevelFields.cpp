#include "memory/lesson/CacheLevelFields.h"

#include <limits>

#include "memory/CacheConfigYaml.h"

namespace mlsyslab::lesson::kinds {

namespace {

using memory::CacheLevelConfig;

const std::vector<std::string> kLevelFieldNames = {"name",        "size",  "associativity", "line",
                                                   "replacement", "write", "latency",       "seed"};
const std::vector<std::string> kReplacementNames = {"lru", "fifo", "random"};
const std::vector<std::string> kWriteNames = {"back", "through"};

// Beyond these a level is not a cache any lesson means: 1 GiB, a 64 KiB line, and a latency
// past a million cycles (SSDs are 10,000 in the lecture).
constexpr std::uint64_t kMostLevelBytes = std::uint64_t{1} << 30;
constexpr std::uint64_t kMostLineBytes = 65536;
constexpr std::uint64_t kMostLatencyCycles = 1'000'000;
constexpr std::uint64_t kMostAssociativity = kMostLevelBytes;

const std::string kExample =
    "levels: [{name: L1, size: 1KiB, associativity: 4, line: 64, latency: 4}]";

bool readSize(const std::string& levelName, const StateField& field, CacheLevelConfig& level,
              std::vector<StateProblem>& problems) {
    const std::string text = scalarText(field);
    const auto bytes = memory::parseByteSize(text);
    if (!bytes || *bytes == 0 || *bytes > kMostLevelBytes) {
        addStateError(problems, field.problemMark(),
                      concat(levelName, ": size must be bytes from 1 to 1GiB, like 1024 or 32KiB"));
        return false;
    }
    level.sizeBytes = *bytes;
    return true;
}

bool readAssociativity(const std::string& levelName, const StateField& field,
                       CacheLevelConfig& level, std::vector<StateProblem>& problems) {
    if (scalarText(field) == "full") {
        level.associativity = 0;
        return true;
    }
    std::vector<StateProblem> numberProblems;
    const auto ways =
        readWholeNumberField("associativity", field, 1, kMostAssociativity, numberProblems);
    if (!ways) {
        addStateError(problems, field.problemMark(),
                      concat(levelName,
                             ": associativity must be a number of ways (1 = direct "
                             "mapped) or 'full'"));
        return false;
    }
    level.associativity = std::uint32_t(*ways);
    return true;
}

// Reads one named number; false (and an error "L2: latency must be ...") when it is wrong.
template <typename Number>
bool readLevelNumber(const std::string& levelName, const StateFields& fields,
                     const std::string& name, std::uint64_t minimum, std::uint64_t maximum,
                     Number& target, std::vector<StateProblem>& problems) {
    const StateField* field = fields.find(name);
    if (field == nullptr) return true;
    std::vector<StateProblem> numberProblems;
    const auto number = readWholeNumberField(name, *field, minimum, maximum, numberProblems);
    if (!number) {
        for (StateProblem& problem : numberProblems) {
            problem.message = concat(levelName, ": ", problem.message);
            problems.push_back(std::move(problem));
        }
        return false;
    }
    target = Number(*number);
    return true;
}

std::optional<CacheLevelConfig> readLevel(const YAML::Node& node, std::size_t index,
                                          std::vector<StateProblem>& problems) {
    const std::string fallbackName = concat("L", std::to_string(index + 1));
    if (!node.IsMap()) {
        addStateError(problems, node.Mark(),
                      concat("each level must be fields like {name: L1, size: 1KiB, "
                             "associativity: 4, latency: 4}"));
        return std::nullopt;
    }
    const StateFields fields = collectStateFields(node, "cache level", kLevelFieldNames, problems);
    CacheLevelConfig level;
    level.name = fallbackName;
    bool ok = true;
    if (const StateField* field = fields.find("name")) {
        const std::string name = scalarText(*field);
        if (name.empty()) {
            addStateError(problems, field->problemMark(),
                          concat(fallbackName, ": name must be a word like L1"));
            ok = false;
        } else {
            level.name = name;
        }
    }
    const std::string& levelName = level.name;
    if (const StateField* field = fields.find("size")) {
        ok = readSize(levelName, *field, level, problems) && ok;
    } else {
        addStateError(problems, node.Mark(), concat(levelName, " needs a size, like 'size: 1KiB'"));
        ok = false;
    }
    if (const StateField* field = fields.find("associativity")) {
        ok = readAssociativity(levelName, *field, level, problems) && ok;
    }
    ok = readLevelNumber(levelName, fields, "line", 1, kMostLineBytes, level.lineBytes, problems) &&
         ok;
    if (const StateField* field = fields.find("replacement")) {
        const auto name = readChoiceField(concat(levelName, ": replacement"), field->value,
                                          field->problemMark(), kReplacementNames, problems);
        ok = name.has_value() && ok;
        if (name == "fifo") level.replacement = memory::Replacement::Fifo;
        if (name == "random") level.replacement = memory::Replacement::Random;
    }
    if (const StateField* field = fields.find("write")) {
        const auto name = readChoiceField(concat(levelName, ": write"), field->value,
                                          field->problemMark(), kWriteNames, problems);
        ok = name.has_value() && ok;
        if (name == "through") level.write = memory::WritePolicy::Through;
    }
    if (fields.find("latency") == nullptr) {
        addStateError(problems, node.Mark(),
                      concat(levelName, " needs a latency in cycles, like 'latency: 4'"));
        ok = false;
    }
    ok = readLevelNumber(levelName, fields, "latency", 1, kMostLatencyCycles, level.latencyCycles,
                         problems) &&
         ok;
    ok = readLevelNumber(levelName, fields, "seed", 0, std::numeric_limits<std::uint64_t>::max(),
                         level.randomSeed, problems) &&
         ok;
    if (ok) return level;
    return std::nullopt;
}

}  // namespace

std::optional<CacheLevelsReading> readCacheLevelsField(const StateField& field,
                                                       std::vector<StateProblem>& problems) {
    const YAML::Node& value = field.value;
    if (!value.IsSequence() || value.size() == 0) {
        addStateError(
            problems, field.problemMark(),
            concat("levels must be a list of 1 to ", std::to_string(memory::kMaxCacheLevels),
                   " levels, L1 first, like '", kExample, "'"));
        return std::nullopt;
    }
    if (value.size() > memory::kMaxCacheLevels) {
        addStateError(problems, value[memory::kMaxCacheLevels].Mark(),
                      concat("at most ", std::to_string(memory::kMaxCacheLevels),
                             " cache levels, not ", std::to_string(value.size())));
        return std::nullopt;
    }
    CacheLevelsReading reading;
    bool ok = true;
    for (std::size_t index = 0; index < value.size(); ++index) {
        const YAML::Node node = value[index];
        if (auto level = readLevel(node, index, problems)) {
            reading.levels.push_back(std::move(*level));
            reading.marks.push_back(node.Mark());
        } else {
            ok = false;
        }
    }
    if (!ok) return std::nullopt;
    return reading;
}

}  // namespace mlsyslab::lesson::kinds
