#include "pyvm/lesson/PyVmKind.h"

#include <algorithm>
#include <optional>

#include "lesson/KindFields.h"
#include "pyvm/Compiler.h"

namespace mlsyslab::lesson::kinds {

namespace {

// yaml-cpp does not say how far a block scalar's lines are indented; lessons (and the docs)
// indent them two spaces under the key, so a column inside the program is counted from there.
constexpr int kBlockScalarIndent = 2;

int lineCount(const std::string& source) {
    int lines = int(std::count(source.begin(), source.end(), '\n'));
    if (!source.empty() && source.back() != '\n') ++lines;
    return std::max(1, lines);
}

// Where line `line`, 1-based offset `offset` of the program sits in the fence body. The value's
// mark is the block indicator `|`; the program starts on the next line.
YAML::Mark programMark(const StateField& field, const std::string& source, int line, int offset) {
    YAML::Mark mark = field.value.Mark();
    mark.line += std::clamp(line, 1, lineCount(source));
    mark.column = field.key.Mark().column + kBlockScalarIndent + std::max(0, offset - 1);
    return mark;
}

// The program's first syntax error, as CPython 3.11 words it.
std::optional<pyvm::SyntaxError> firstSyntaxError(const std::string& source) {
    return pyvm::compile(source, "<lesson>").error;
}

void readSource(const StateField& field, PyVmState& state, std::vector<StateProblem>& problems) {
    if (!field.value.IsScalar()) {
        addStateError(problems, field.problemMark(),
                      "source must be the program as text: 'source: |' with the program indented "
                      "under it");
        return;
    }
    const std::string source = field.value.Scalar();
    if (source.find_first_not_of(" \t\r\n") == std::string::npos) {
        addStateError(problems, field.problemMark(),
                      "source is empty: write the program indented under 'source: |'");
        return;
    }
    // A lesson whose program does not compile would open on an error the author never meant.
    if (const auto syntaxError = firstSyntaxError(source)) {
        const pyvm::SyntaxError& error = *syntaxError;
        addStateError(problems, programMark(field, source, error.line, error.offset),
                      concat("the program does not compile: ", error.kind, ": ", error.message,
                             " (line ", std::to_string(error.line), " of the program)"));
    }
    state.source = source;
}

void readShow(const StateField& field, PyVmState& state, std::vector<StateProblem>& problems) {
    const std::vector<std::string>& names = pyVmPaneNames();
    const std::string example = "show: [source, bytecode, stack]";
    if (!field.value.IsSequence()) {
        addStateError(problems, field.problemMark(),
                      concat("show must be a list of panes, like '", example, "' (the panes are ",
                             listInWords(names, "and"), ")"));
        return;
    }
    if (field.value.size() == 0) {
        addStateError(problems, field.problemMark(),
                      concat("show must name at least one pane, like '", example, "'"));
        return;
    }
    std::vector<bool> shown(kPyVmPaneCount, false);
    for (const YAML::Node& entry : field.value) {
        const auto name = readChoiceField("show", entry, entry.Mark(), names, problems);
        if (!name) return;  // keep the default: all panes
        const auto index = std::size_t(std::find(names.begin(), names.end(), *name) - names.begin());
        if (shown[index]) {
            problems.push_back({Severity::Warning, entry.Mark(),
                                concat("show: '", *name, "' is listed twice")});
        }
        shown[index] = true;
    }
    state.shown = shown;
}

// A program has no default, and the first snapshot shown must be one the run records.
void readProgramAndStartStep(const StateFields& fields, PyVmState& result,
                             std::vector<StateProblem>& problems) {
    if (fields.find("source") == nullptr) {
        addStateError(problems, fields.map.Mark(),
                      "a pyvm simulator needs its program: 'source: |' with the program indented "
                      "under it");
    }
    if (const StateField* field = fields.find("start_step")) {
        const auto step = readWholeNumberField("start_step", *field, 0,
                                               std::uint64_t(kMostPyVmMaxSteps - 1), problems);
        if (step && std::int64_t(*step) >= result.maxSteps) {
            addStateError(problems, field->problemMark(),
                          concat("start_step must be below max_steps (",
                                 std::to_string(result.maxSteps), "): steps count from 0"));
        } else if (step) {
            result.startStep = std::int64_t(*step);
        }
    }
}

}  // namespace

const std::vector<std::string>& pyVmPaneNames() {
    static const std::vector<std::string> names = {"source", "bytecode", "stack",
                                                   "frames", "globals",  "output"};
    return names;
}

const KindSpec<PyVmState>& pyVmKind() {
    static const KindSpec<PyVmState> spec{
        "pyvm",
        "a Python program on the lesson VM, one bytecode instruction at a time: source, "
        "bytecode, value stack, frames, globals and output",
        "the pyvm state must be fields like 'source: |' followed by the program",
        // readStateMap keeps the defaults for an empty state, but a program has no default.
        "a pyvm simulator needs its program: 'source: |' with the program indented under it",
        {
            customField<PyVmState>("source", "(required)",
                                   "the program, as a block scalar: `source: \\|` and the program "
                                   "indented two spaces under it",
                                   readSource),
            // Below max_steps, so it waits for it.
            ruleField<PyVmState>(
                "start_step", "`0`",
                "the snapshot shown first, counted from 0; past the end of the run, the last one"),
            customField<PyVmState>("show", "all",
                                   "the panes shown, a list of `source`, `bytecode`, `stack`, "
                                   "`frames`, `globals`, `output`",
                                   readShow),
            flagField("editable", &PyVmState::editable,
                      "whether students may edit the program and run it again"),
            wholeNumberField("max_steps", &PyVmState::maxSteps, 1, std::uint64_t(kMostPyVmMaxSteps),
                             "the most snapshots a run records, 1 to 100000"),
        },
        readProgramAndStartStep};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(pyVmKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
