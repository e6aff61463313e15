#include "lesson/kinds/FloatCompareKind.h"

#include <algorithm>
#include <set>

#include "lesson/kinds/FloatKind.h"
#include "lesson/kinds/StateFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::FloatFormat;

const std::vector<std::string> kFieldNames = {"value", "formats"};

// The formats listed, in their order; nothing (and a problem) when the list itself is wrong.
// A wrong name is reported and left out, so the rest of the table still shows.
std::optional<std::vector<FloatFormat>> readFormats(const StateField& field,
                                                    std::vector<StateProblem>& problems) {
    const YAML::Node& node = field.value;
    if (!node.IsSequence()) {
        addStateError(problems, field.problemMark(),
                      "formats must be a list, like 'formats: [fp32, fp16, bf16]'");
        return std::nullopt;
    }
    if (node.size() == 0) {
        addStateError(problems, node.Mark(), "formats must name at least one format");
        return std::nullopt;
    }
    std::vector<FloatFormat> formats;
    std::set<std::string> listed;
    for (const YAML::Node& entry : node) {
        const auto name =
            readChoiceField("each format", entry, entry.Mark(), lessonFloatFormatNames(), problems);
        if (!name) continue;
        if (!listed.insert(*name).second) {
            addStateError(problems, entry.Mark(), concat("format ", *name, " is listed twice"));
            continue;
        }
        formats.push_back(*findLessonFloatFormat(*name));
    }
    if (formats.empty()) return std::nullopt;
    return formats;
}

void readFields(const YAML::Node& state, FloatCompareStateReading& reading) {
    auto& problems = reading.problems;
    const StateFields fields = collectStateFields(state, "float-compare", kFieldNames, problems);
    FloatCompareState& result = reading.state;
    if (const StateField* field = fields.find("value")) {
        const std::string hexHint = " like 0.1 or 100000, not a bit pattern";
        result.valueText = readFloatValueText(*field, hexHint, problems).value_or(result.valueText);
    }
    if (const StateField* field = fields.find("formats")) {
        result.formats = readFormats(*field, problems).value_or(result.formats);
    }
}

}  // namespace

FloatCompareState::FloatCompareState() {
    const auto all = lessonFloatFormats();
    formats.assign(all.begin(), all.end());
}

FloatCompareStateReading readFloatCompareState(const YAML::Node& state) {
    return readStateMap<FloatCompareStateReading>(
        state, "the float-compare state must be fields like 'value: 0.1' and "
               "'formats: [fp16, bf16]', one per line",
        readFields);
}

SimKind floatCompareKind() {
    return {"float-compare",
            "one decimal stored in several float formats side by side, with each one's bits "
            "and error",
            [](const YAML::Node& state) { return readFloatCompareState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
