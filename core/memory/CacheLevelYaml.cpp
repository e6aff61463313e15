#include "memory/CacheLevelYaml.h"

#include <algorithm>
#include <limits>
#include <set>

#include "common/Concat.h"
#include "common/Suggestion.h"
#include "memory/CacheConfigYaml.h"

namespace mlsyslab::memory {

namespace {

const std::vector<std::string> kRequiredFields = {"size", "associativity", "line", "latency"};

// A line past 1 GiB is no cache any machine or lesson has.
constexpr std::uint64_t kMostLineBytes = std::uint64_t{1} << 30;

std::string whatRequiredFieldHolds(const std::string& field) {
    if (field == "size") return "bytes, like 32KiB";
    if (field == "associativity") return "ways, or full";
    if (field == "line") return "bytes per line, like 64";
    return "load-to-use cycles, like 4";
}

// A missing value ("size:") has yaml-cpp's mark on the next token; the key is clearer.
YAML::Mark markOf(const YAML::Node& key, const YAML::Node& value) {
    return value.IsNull() ? key.Mark() : value.Mark();
}

std::string shownText(const YAML::Node& value) {
    if (value.IsScalar()) return value.Scalar();
    if (value.IsSequence()) return "a list";
    if (value.IsMap()) return "a map";
    return "nothing";
}

// Decimal digits only: yaml-cpp's own conversion would also take octal and hex.
std::optional<std::uint64_t> wholeNumber(const YAML::Node& value) {
    if (!value.IsScalar()) return std::nullopt;
    const std::string& text = value.Scalar();
    if (text.empty() || text.size() > 20) return std::nullopt;
    std::uint64_t number = 0;
    for (const char character : text) {
        if (character < '0' || character > '9') return std::nullopt;
        const auto digit = static_cast<std::uint64_t>(character - '0');
        if (number > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
        number = number * 10 + digit;
    }
    return number;
}

// Reads one level, collecting every problem.
class LevelReader {
public:
    LevelReader(const YAML::Node& node, std::size_t index) : node_(node), index_(index) {}

    CacheLevelReading read() {
        reading_.marks.level = node_.Mark();
        reading_.marks.name = node_.Mark();
        level_.name = concat("L", std::to_string(index_ + 1));
        if (!node_.IsMap()) {
            problem(node_.Mark(), concat("level ", std::to_string(index_ + 1),
                                         " must be a map like ", kCacheLevelExample));
            return std::move(reading_);
        }
        readName();
        label_ = concat(level_.name, ": ");
        std::set<std::string, std::less<>> seen;
        std::optional<YAML::Mark> seedMark;
        for (const auto& entry : node_) {
            const YAML::Node& key = entry.first;
            const YAML::Node& value = entry.second;
            if (!checkKey(key, seen)) continue;
            const std::string& field = key.Scalar();
            const YAML::Mark mark = markOf(key, value);
            if (field == "size") {
                reading_.marks.size = mark;
                if (const auto bytes = readSize(value, mark, "size")) level_.sizeBytes = *bytes;
            } else if (field == "associativity") {
                reading_.marks.associativity = mark;
                readAssociativity(value, mark);
            } else if (field == "line") {
                reading_.marks.line = mark;
                readLine(value, mark);
            } else if (field == "replacement") {
                readReplacement(value, mark);
            } else if (field == "seed") {
                seedMark = mark;
                readNumber(value, mark, "seed", "a whole number",
                           std::numeric_limits<std::uint64_t>::max(), level_.randomSeed);
            } else if (field == "write") {
                readWrite(value, mark);
            } else if (field == "latency") {
                reading_.marks.latency = mark;
                readNumber(value, mark, "latency", "a whole number of cycles",
                           std::numeric_limits<std::uint32_t>::max(), level_.latencyCycles);
            }
        }
        for (const std::string& required : kRequiredFields) {
            if (!seen.contains(required)) {
                problem(node_.Mark(), concat(label_, "missing '", required, "' (",
                                             whatRequiredFieldHolds(required), ")"));
            }
        }
        if (seedMark && level_.replacement != Replacement::Random) {
            problem(*seedMark, concat(label_, "'seed' applies only to replacement: random"));
        }
        const bool read =
            std::all_of(reading_.problems.begin(), reading_.problems.end(),
                        [](const CacheLevelProblem& found) { return found.unknownField; });
        if (read) reading_.level = level_;
        return std::move(reading_);
    }

private:
    void problem(const YAML::Mark& mark, std::string message, bool unknownField = false) {
        reading_.problems.push_back({mark, std::move(message), unknownField});
    }

    // The name first, so that every later message says which level it is about.
    void readName() {
        for (const auto& entry : node_) {
            if (!entry.first.IsScalar() || entry.first.Scalar() != "name") continue;
            reading_.marks.name = markOf(entry.first, entry.second);
            if (!entry.second.IsScalar() || entry.second.Scalar().empty()) {
                problem(reading_.marks.name, concat("level ", std::to_string(index_ + 1),
                                                    ": 'name' must be a word, like L1"));
                return;
            }
            level_.name = entry.second.Scalar();
            return;
        }
    }

    // A key must be a known word, once.
    bool checkKey(const YAML::Node& key, std::set<std::string, std::less<>>& seen) {
        if (!key.IsScalar()) {
            problem(key.Mark(), concat(label_, "a key must be a plain word"));
            return false;
        }
        const std::string& text = key.Scalar();
        const std::vector<std::string>& known = cacheLevelFieldNames();
        if (std::find(known.begin(), known.end(), text) == known.end()) {
            std::string message = concat(label_, "unknown field '", text, "'");
            if (const auto suggestion = closestMatch(text, known)) {
                message += concat("; did you mean '", *suggestion, "'?");
            } else {
                message += concat(" (fields: ", keyList(known), ")");
            }
            problem(key.Mark(), std::move(message), true);
            return false;
        }
        if (!seen.insert(text).second) {
            problem(key.Mark(), concat(label_, "'", text, "' is given twice"));
            return false;
        }
        return text != "name";  // read first, by readName
    }

    std::optional<std::uint64_t> readSize(const YAML::Node& value, const YAML::Mark& mark,
                                          std::string_view field) {
        if (!value.IsScalar()) {
            problem(mark, concat(label_, "'", field, "' needs a size in bytes, like 64 or 32KiB"));
            return std::nullopt;
        }
        const auto size = parseByteSize(value.Scalar());
        if (!size) {
            problem(mark, concat(label_, field, " ", size.error()));
            return std::nullopt;
        }
        return *size;
    }

    void readLine(const YAML::Node& value, const YAML::Mark& mark) {
        const auto lineBytes = readSize(value, mark, "line");
        if (!lineBytes) return;
        if (*lineBytes > kMostLineBytes) {
            problem(mark, concat(label_, "line size ", std::to_string(*lineBytes),
                                 " bytes is too large (at most 1GiB)"));
            return;
        }
        level_.lineBytes = static_cast<std::uint32_t>(*lineBytes);
    }

    void readAssociativity(const YAML::Node& value, const YAML::Mark& mark) {
        if (value.IsScalar() && value.Scalar() == "full") {
            level_.associativity = 0;
            return;
        }
        const auto ways = wholeNumber(value);
        if (!ways || *ways == 0 || *ways > std::numeric_limits<std::uint32_t>::max()) {
            problem(mark, concat(label_,
                                 "associativity must be a number of ways (1 = direct "
                                 "mapped) or 'full', not '",
                                 shownText(value), "'"));
            return;
        }
        level_.associativity = static_cast<std::uint32_t>(*ways);
    }

    void readReplacement(const YAML::Node& value, const YAML::Mark& mark) {
        const std::string text = value.IsScalar() ? value.Scalar() : std::string();
        if (text == "lru" || text == "fifo" || text == "random") {
            level_.replacement = text == "fifo"     ? Replacement::Fifo
                                 : text == "random" ? Replacement::Random
                                                    : Replacement::Lru;
            return;
        }
        problem(mark, concat(label_, "replacement must be lru, fifo or random, not '",
                             shownText(value), "'"));
    }

    void readWrite(const YAML::Node& value, const YAML::Mark& mark) {
        const std::string text = value.IsScalar() ? value.Scalar() : std::string();
        if (text == "back" || text == "through") {
            level_.write = text == "through" ? WritePolicy::Through : WritePolicy::Back;
            return;
        }
        problem(mark, concat(label_,
                             "write must be back (write-back, write-allocate) or through "
                             "(write-through, no write-allocate), not '",
                             shownText(value), "'"));
    }

    template <typename Number>
    void readNumber(const YAML::Node& value, const YAML::Mark& mark, std::string_view field,
                    std::string_view kind, std::uint64_t most, Number& result) {
        const auto number = wholeNumber(value);
        if (!number || *number > most) {
            problem(mark,
                    concat(label_, field, " must be ", kind, ", not '", shownText(value), "'"));
            return;
        }
        result = static_cast<Number>(*number);
    }

    const YAML::Node& node_;
    std::size_t index_;
    std::string label_;
    CacheLevelConfig level_;
    CacheLevelReading reading_;
};

}  // namespace

const std::vector<std::string>& cacheLevelFieldNames() {
    static const std::vector<std::string> names = {
        "name", "size", "associativity", "line", "replacement", "seed", "write", "latency"};
    return names;
}

CacheLevelReading readCacheLevelYaml(const YAML::Node& node, std::size_t index) {
    return LevelReader(node, index).read();
}

}  // namespace mlsyslab::memory
