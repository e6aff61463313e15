#include "numeric/lesson/FloatCompareKind.h"

#include <algorithm>
#include <set>

#include "numeric/lesson/FloatKind.h"
#include "lesson/KindFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::FloatFormat;

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

}  // namespace

FloatCompareState::FloatCompareState() {
    const auto all = lessonFloatFormats();
    formats.assign(all.begin(), all.end());
}

const KindSpec<FloatCompareState>& floatCompareKind() {
    static const KindSpec<FloatCompareState> spec{
        "float-compare",
        "one decimal stored in several float formats side by side, with each one's bits "
        "and error",
        "the float-compare state must be fields like 'value: 0.1' and "
        "'formats: [fp16, bf16]', one per line",
        "",
        {
            customField<FloatCompareState>(
                "value", "`0.1`", "a decimal number (`0.1`, `100000`, `1e-8`), `inf` or `nan`",
                [](const StateField& field, FloatCompareState& state,
                   std::vector<StateProblem>& problems) {
                    const std::string hexHint = " like 0.1 or 100000, not a bit pattern";
                    state.valueText =
                        readFloatValueText(field, hexHint, problems).value_or(state.valueText);
                }),
            customField<FloatCompareState>(
                "formats", "all six",
                "a list of formats, shown in the order given: `[fp16, bf16]`, or one `- fp16` per "
                "line; the default is `[fp32, tf32, fp16, bf16, fp8-e4m3, fp8-e5m2]`",
                [](const StateField& field, FloatCompareState& state,
                   std::vector<StateProblem>& problems) {
                    state.formats = readFormats(field, problems).value_or(state.formats);
                }),
        },
        nullptr};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(floatCompareKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
