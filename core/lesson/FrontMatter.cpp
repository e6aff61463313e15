#include "lesson/FrontMatter.h"

#include <array>
#include <cmath>
#include <set>
#include <string>

#include "common/Suggestion.h"
#include "lesson/LessonParser.h"
#include "lesson/SimKindRegistry.h"
#include "lesson/TextLines.h"
#include "lesson/YamlLoading.h"

namespace mlsyslab::lesson {

namespace {

const std::vector<std::string> kKnownKeys = {"format", "id",    "title", "summary",
                                             "part",   "order", "tags"};

bool isIdCharacter(char character) {
    return (character >= 'a' && character <= 'z') || (character >= 'A' && character <= 'Z') ||
           (character >= '0' && character <= '9') || character == '-' || character == '_' ||
           character == '.';
}

std::string knownKeysList() {
    std::string list;
    for (const std::string& key : kKnownKeys) list += (list.empty() ? "" : ", ") + key;
    return list;
}

// Checks the key/value pairs of the front-matter map one by one.
class FrontMatterReader {
public:
    FrontMatterReader(const YamlPlacement& placement, DiagnosticSink& diagnostics)
        : placement_(placement), diagnostics_(diagnostics) {}

    LessonInfo read(const YAML::Node& root) {
        if (root.IsMap()) {
            for (auto entry = root.begin(); entry != root.end(); ++entry) {
                readEntry(entry->first, entry->second);
            }
        } else if (!root.IsNull()) {
            errorAt(root.Mark(), "the front matter must be 'key: value' lines (a YAML map)");
            return info_;
        }
        if (!seen_.contains("format")) {
            diagnostics_.error(1, 1, "missing 'format: " + std::string(kLessonFormat) + "'");
        }
        if (!seen_.contains("title")) diagnostics_.error(1, 1, "missing 'title'");
        if (!seen_.contains("id")) diagnostics_.error(1, 1, "missing 'id'");
        return info_;
    }

private:
    void errorAt(const YAML::Mark& mark, std::string message) {
        const FilePosition position = filePositionOf(mark, placement_);
        diagnostics_.error(position.line, position.column, std::move(message));
    }

    void readEntry(const YAML::Node& keyNode, const YAML::Node& value) {
        if (!keyNode.IsScalar()) {
            errorAt(keyNode.Mark(), "a front-matter key must be a plain word");
            return;
        }
        const std::string& key = keyNode.Scalar();
        // A null value ("title:") has yaml-cpp's mark on the next token; the key is clearer.
        const YAML::Mark valueMark = value.IsNull() ? keyNode.Mark() : value.Mark();
        if (!seen_.insert(key).second) {
            errorAt(keyNode.Mark(), "duplicate front-matter key " + text::quoted(key));
            return;
        }
        if (key == "format") {
            readFormat(value, valueMark);
        } else if (key == "title") {
            info_.title = readRequiredText("title", value, valueMark);
        } else if (key == "id") {
            readId(value, valueMark);
        } else if (key == "summary") {
            info_.summary = readOptionalText("summary", value, valueMark);
        } else if (key == "part") {
            info_.part = readOptionalText("part", value, valueMark);
        } else if (key == "order") {
            readOrder(value, valueMark);
        } else if (key == "tags") {
            readTags(value, valueMark);
        } else {
            warnUnknownKey(key, keyNode.Mark());
        }
    }

    void warnUnknownKey(const std::string& key, const YAML::Mark& mark) {
        std::string message = "unknown front-matter key " + text::quoted(key);
        if (const auto suggestion = closestMatch(key, kKnownKeys)) {
            message += "; did you mean '" + *suggestion + "'?";
        } else {
            message += " (known keys: " + knownKeysList() + ")";
        }
        const FilePosition position = filePositionOf(mark, placement_);
        diagnostics_.warning(position.line, position.column, std::move(message));
    }

    void readFormat(const YAML::Node& value, const YAML::Mark& mark) {
        if (!value.IsScalar()) {
            errorAt(mark, "'format' must be " + std::string(kLessonFormat));
        } else if (value.Scalar() != kLessonFormat) {
            errorAt(mark, "unsupported format " + text::quoted(value.Scalar()) +
                              "; this version reads " + std::string(kLessonFormat));
        } else {
            info_.format = value.Scalar();
        }
    }

    std::string readRequiredText(const std::string& key, const YAML::Node& value,
                                 const YAML::Mark& mark) {
        if (value.IsMap() || value.IsSequence()) {
            errorAt(mark, "'" + key + "' must be text");
            return {};
        }
        const std::string result = value.IsScalar() ? value.Scalar() : std::string();
        if (text::trimmed(result).empty()) errorAt(mark, "'" + key + "' must not be empty");
        return result;
    }

    std::string readOptionalText(const std::string& key, const YAML::Node& value,
                                 const YAML::Mark& mark) {
        if (value.IsNull()) return {};
        if (!value.IsScalar()) {
            errorAt(mark, "'" + key + "' must be text");
            return {};
        }
        return value.Scalar();
    }

    void readId(const YAML::Node& value, const YAML::Mark& mark) {
        const std::string id = readRequiredText("id", value, mark);
        for (std::size_t at = 0; at < id.size(); ++at) {
            if (!isIdCharacter(id[at])) {
                // Show the whole character, not one byte of a UTF-8 sequence like "é".
                std::size_t end = at + 1;
                while (end < id.size() && (static_cast<unsigned char>(id[end]) & 0xC0) == 0x80)
                    ++end;
                errorAt(mark, "'id' may use only letters, digits, '-', '_' and '.'; " +
                                  text::quoted(id) + " has " +
                                  text::quoted(std::string_view(id).substr(at, end - at)));
                return;
            }
        }
        info_.id = id;
    }

    void readOrder(const YAML::Node& value, const YAML::Mark& mark) {
        if (value.IsNull()) return;
        double order = 0;
        bool ok = value.IsScalar();
        if (ok) {
            try {
                order = value.as<double>();
            } catch (const YAML::Exception&) {
                ok = false;
            }
        }
        if (!ok || !std::isfinite(order)) {
            errorAt(mark, "'order' must be a number");
            return;
        }
        info_.order = order;
    }

    void readTags(const YAML::Node& value, const YAML::Mark& mark) {
        if (value.IsNull()) return;
        if (!value.IsSequence()) {
            errorAt(mark, "'tags' must be a list, like 'tags: [bits, integers]'");
            return;
        }
        for (const YAML::Node& tag : value) {
            if (tag.IsScalar()) {
                info_.tags.push_back(tag.Scalar());
            } else {
                errorAt(tag.IsNull() ? mark : tag.Mark(), "each tag must be a word or a phrase");
            }
        }
    }

    const YamlPlacement& placement_;
    DiagnosticSink& diagnostics_;
    LessonInfo info_;
    std::set<std::string, std::less<>> seen_;
};

}  // namespace

std::optional<FrontMatter> parseFrontMatter(const std::vector<std::string_view>& lines,
                                            DiagnosticSink& diagnostics) {
    if (lines.empty() || !text::isMarkerLine(lines[0], "---", 0)) {
        diagnostics.error(1, 1, "a lesson starts with YAML front matter between '---' lines");
        return std::nullopt;
    }
    std::size_t closing = 1;
    while (closing < lines.size() && !text::isMarkerLine(lines[closing], "---", 0) &&
           !text::isMarkerLine(lines[closing], "...", 0)) {
        ++closing;
    }
    if (closing == lines.size()) {
        diagnostics.error(1, 1,
                          "front matter opened here is never closed; end it with a '---' line");
        return std::nullopt;
    }
    const std::vector<std::string_view> yamlLines(lines.begin() + 1, lines.begin() + closing);
    YamlPlacement placement;
    placement.firstLine = 2;
    placement.lastLine = static_cast<int>(closing) + 1;
    FrontMatter frontMatter;
    frontMatter.closingLineIndex = closing;
    const auto root = loadYaml(text::joinLines(yamlLines), "front matter", placement, diagnostics);
    if (!root) return frontMatter;
    try {
        frontMatter.info = FrontMatterReader(placement, diagnostics).read(*root);
    } catch (const std::exception& error) {
        // yaml-cpp's node accessors are not supposed to throw on these checked paths; if one
        // does, the lesson is still refused with a message rather than crashing the app.
        diagnostics.error(1, 1, std::string("cannot read the front matter: ") + error.what());
    }
    return frontMatter;
}

}  // namespace mlsyslab::lesson
