#include "memory/CacheConfigYaml.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <limits>
#include <set>
#include <vector>

#include "common/Concat.h"
#include "common/Suggestion.h"
#include "memory/ByteSize.h"
#include "memory/CacheLevelYaml.h"

namespace mlsyslab::memory {

namespace {

const std::vector<std::string> kTopKeys = {"levels", "memory_latency"};

// Reads the YAML tree into a CacheConfig, stopping at the first problem.
class CacheConfigReader {
public:
    explicit CacheConfigReader(std::string_view sourceName) : sourceName_(sourceName) {}

    Result<CacheConfig> read(const YAML::Node& root) {
        CacheConfig config;
        if (!readTop(root, config)) return Result<CacheConfig>::failure(error_);
        auto valid = validateCacheConfig(config);
        if (!valid) {
            return Result<CacheConfig>::failure(
                positioned(markFor(valid.error(), config), valid.error()));
        }
        return valid;
    }

    std::string positioned(const YAML::Mark& mark, std::string_view message) const {
        const bool known = !mark.is_null() && mark.line >= 0 && mark.column >= 0;
        return concat(sourceName_, ":", std::to_string(known ? mark.line + 1 : 1), ":",
                      std::to_string(known ? mark.column + 1 : 1), ": ", message);
    }

private:
    bool fail(const YAML::Mark& mark, std::string_view message) {
        error_ = positioned(mark, message);
        return false;
    }

    bool readTop(const YAML::Node& root, CacheConfig& config) {
        if (!root.IsMap()) {
            return fail(root.Mark(),
                        concat("a cache configuration is a map with 'levels:' (a list like [",
                               kCacheLevelExample, "]) and 'memory_latency:'"));
        }
        std::set<std::string, std::less<>> seen;
        for (const auto& entry : root) {
            const YAML::Node& key = entry.first;
            const YAML::Node& value = entry.second;
            if (!checkKey(key, seen, kTopKeys)) return false;
            const YAML::Mark mark = markOf(key, value);
            const bool ok =
                key.Scalar() == "levels"
                    ? readLevels(value, mark, config)
                    : readWholeNumber(value, mark, "memory_latency", "a whole number of cycles",
                                      std::numeric_limits<std::uint32_t>::max(),
                                      config.memoryLatencyCycles);
            if (!ok) return false;
            if (key.Scalar() == "memory_latency") memoryLatencyMark_ = mark;
        }
        if (!seen.contains("levels")) {
            return fail(root.Mark(), concat("missing 'levels:', a list of cache levels, L1 first, "
                                            "like [",
                                            kCacheLevelExample, "]"));
        }
        if (!seen.contains("memory_latency")) {
            return fail(root.Mark(),
                        "missing 'memory_latency:', main memory's load-to-use latency in cycles");
        }
        return true;
    }

    bool readLevels(const YAML::Node& value, const YAML::Mark& mark, CacheConfig& config) {
        levelsMark_ = mark;
        if (!value.IsSequence() || value.size() == 0) {
            return fail(mark, concat("'levels' must be a list of one to three levels, L1 first, "
                                     "like [",
                                     kCacheLevelExample, "]"));
        }
        std::set<std::string, std::less<>> names;
        for (std::size_t index = 0; index < value.size(); ++index) {
            CacheLevelConfig level;
            if (!readLevel(value[index], index, level)) return false;
            if (!names.insert(level.name).second) {
                return fail(levelMarks_.back().name,
                            concat("two levels are named '", level.name, "'"));
            }
            config.levels.push_back(std::move(level));
        }
        return true;
    }

    bool readLevel(const YAML::Node& node, std::size_t index, CacheLevelConfig& level) {
        CacheLevelReading reading = readCacheLevelYaml(node, index);
        if (!reading.problems.empty()) {
            return fail(reading.problems.front().mark, reading.problems.front().message);
        }
        level = std::move(*reading.level);
        levelMarks_.push_back(reading.marks);
        return true;
    }

    // A top-level key must be a known word, once (a level's keys are CacheLevelYaml's).
    bool checkKey(const YAML::Node& key, std::set<std::string, std::less<>>& seen,
                  const std::vector<std::string>& known) {
        if (!key.IsScalar()) return fail(key.Mark(), "a key must be a plain word");
        const std::string& text = key.Scalar();
        if (std::find(known.begin(), known.end(), text) == known.end()) {
            std::string message = concat("unknown field '", text, "'");
            if (const auto suggestion = closestMatch(text, known)) {
                message += concat("; did you mean '", *suggestion, "'?");
            } else {
                message += concat(" (fields: ", keyList(known), ")");
            }
            return fail(key.Mark(), message);
        }
        if (!seen.insert(text).second) {
            return fail(key.Mark(), concat("'", text, "' is given twice"));
        }
        return true;
    }

    // A missing value ("size:") has yaml-cpp's mark on the next token; the key is clearer.
    static YAML::Mark markOf(const YAML::Node& key, const YAML::Node& value) {
        return value.IsNull() ? key.Mark() : value.Mark();
    }

    template <typename Number>
    bool readWholeNumber(const YAML::Node& value, const YAML::Mark& mark, std::string_view what,
                         std::string_view kind, std::uint64_t most, Number& result) {
        std::uint64_t number = 0;
        if (!value.IsScalar() || !wholeNumber(value.Scalar(), number) || number > most) {
            return fail(mark, concat(what, " must be ", kind, ", not '", scalarText(value), "'"));
        }
        result = static_cast<Number>(number);
        return true;
    }

    static bool wholeNumber(const std::string& text, std::uint64_t& number) {
        if (text.empty() || text.size() > 20) return false;
        number = 0;
        for (const char character : text) {
            if (character < '0' || character > '9') return false;
            const std::uint64_t digit = static_cast<std::uint64_t>(character - '0');
            if (number > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return false;
            number = number * 10 + digit;
        }
        return true;
    }

    static std::string scalarText(const YAML::Node& value) {
        if (value.IsScalar()) return value.Scalar();
        if (value.IsSequence()) return "a list";
        if (value.IsMap()) return "a map";
        return "nothing";
    }

    // validateCacheConfig names the level first ("L2: line size ..."): point at that value.
    YAML::Mark markFor(const std::string& message, const CacheConfig& config) const {
        if (message.starts_with("memory latency")) return memoryLatencyMark_;
        if (message.starts_with("at most")) {
            return levelMarks_.size() > kMaxCacheLevels ? levelMarks_[kMaxCacheLevels].level
                                                        : levelsMark_;
        }
        for (std::size_t index = 0; index < levelMarks_.size() && index < config.levels.size();
             ++index) {
            const std::string prefix = concat(config.levels[index].name, ": ");
            if (!message.starts_with(prefix)) continue;
            const std::string_view rest = std::string_view(message).substr(prefix.size());
            const CacheLevelMarks& marks = levelMarks_[index];
            if (rest.starts_with("line size")) return marks.line;
            if (rest.starts_with("size") || rest.find(" lines is more") != std::string_view::npos)
                return marks.size;
            if (rest.starts_with("latency")) return marks.latency;
            return marks.level;
        }
        return levelsMark_;
    }

    std::string_view sourceName_;
    std::string error_;
    std::vector<CacheLevelMarks> levelMarks_;
    YAML::Mark levelsMark_;
    YAML::Mark memoryLatencyMark_;
};

}  // namespace

Result<CacheConfig> parseCacheConfigYaml(std::string_view yamlText, std::string_view sourceName) {
    CacheConfigReader reader(sourceName);
    YAML::Node root;
    try {
        root = YAML::Load(std::string(yamlText));
    } catch (const YAML::Exception& error) {
        return Result<CacheConfig>::failure(
            reader.positioned(error.mark, concat("invalid YAML: ", error.msg)));
    }
    try {
        return reader.read(root);
    } catch (const YAML::Exception& error) {
        return Result<CacheConfig>::failure(reader.positioned(error.mark, error.msg));
    }
}

}  // namespace mlsyslab::memory
