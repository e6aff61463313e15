#include "logic/lesson/OwnCircuitReader.h"

#include <algorithm>

#include "common/Suggestion.h"
#include "logic/lesson/GatesKind.h"
#include "logic/CircuitSpec.h"

namespace mlsyslab::lesson::kinds {

namespace {

using logic::CircuitSpec;
using logic::GateSpec;

const std::vector<std::string> kGateFieldNames = {"name", "kind", "inputs", "delay"};

// Where each part of the spec came from, so the circuit's problems can point there.
struct SpecMarks {
    std::vector<YAML::Mark> inputs;
    std::vector<YAML::Mark> gates;
    std::vector<YAML::Mark> outputs;
    // Gates with a problem of their own reported already: the circuit's messages about them
    // would be about a guess (a wrong kind is read as AND), so they are left out.
    std::vector<bool> gateReported;
};

// A list of names (inputs, outputs, a gate's inputs), or nothing and an error.
std::optional<std::vector<std::string>> readNameList(const YAML::Node& node, const YAML::Mark& mark,
                                                     const std::string& listMessage,
                                                     std::vector<YAML::Mark>* marks,
                                                     std::vector<StateProblem>& problems) {
    if (!node.IsSequence()) {
        addStateError(problems, mark, listMessage);
        return std::nullopt;
    }
    std::vector<std::string> names;
    bool allNames = true;
    for (const YAML::Node& entry : node) {
        if (!entry.IsScalar() || entry.Scalar().empty()) {
            addStateError(problems, entry.Mark(), "each name must be a word, like a or cin");
            allNames = false;
            continue;
        }
        names.push_back(entry.Scalar());
        if (marks != nullptr) marks->push_back(entry.Mark());
    }
    if (!allNames) return std::nullopt;
    return names;
}

std::optional<int> readDelay(const StateField& field, std::vector<StateProblem>& problems) {
    const auto delay = readWholeNumberField("delay", field, 1, logic::kMaxGateDelay, problems);
    if (!delay) return std::nullopt;
    return static_cast<int>(*delay);
}

// One entry of `gates`; false when it has a problem of its own.
bool readGate(const YAML::Node& entry, GateSpec& gate, std::vector<StateProblem>& problems) {
    if (!entry.IsMap()) {
        addStateError(problems, entry.Mark(),
                      "each gate is written {name: x1, kind: xor, inputs: [a, b]}");
        return false;
    }
    const std::size_t problemsBefore = problems.size();
    const StateFields fields = collectStateFields(entry, "gate", kGateFieldNames, problems);
    bool clean = true;
    if (const StateField* name = fields.find("name")) {
        if (name->value.IsScalar()) {
            gate.name = name->value.Scalar();
        } else {
            addStateError(problems, name->problemMark(), "a gate's name must be a word, like x1");
            clean = false;
        }
    }
    if (const StateField* kind = fields.find("kind")) {
        const auto read = readGateKind(kind->value, kind->problemMark(), problems);
        clean = clean && read.has_value();
        gate.kind = read.value_or(logic::GateKind::And);
    } else {
        addStateError(
            problems, entry.Mark(),
            concat("gate ",
                   gate.name.empty() ? std::string("without a name") : concat("'", gate.name, "'"),
                   " needs a kind: ", listInWords(lessonGateKindNames(), "or")));
        clean = false;
    }
    if (const StateField* inputs = fields.find("inputs")) {
        const auto names = readNameList(
            inputs->value, inputs->problemMark(),
            "a gate's inputs are a list of names, like 'inputs: [a, b]'", nullptr, problems);
        clean = clean && names.has_value();
        gate.inputs = names.value_or(std::vector<std::string>{});
    }
    if (const StateField* delay = fields.find("delay")) {
        const auto read = readDelay(*delay, problems);
        clean = clean && read.has_value();
        gate.delay = read.value_or(logic::kDefaultGateDelay);
    }
    // A wrong field (given twice, say) makes the gate suspect too; unknown ones only warn.
    const bool errorsAdded = std::any_of(
        problems.begin() + long(problemsBefore), problems.end(),
        [](const StateProblem& problem) { return problem.severity == Severity::Error; });
    return clean && !errorsAdded;
}

// The circuit's own problems, each at the entry it is about.
void reportCircuitProblems(const CircuitSpec& spec, const SpecMarks& marks,
                           const YAML::Mark& wholeCircuitMark,
                           std::vector<StateProblem>& problems) {
    for (const logic::CircuitProblem& problem : logic::findCircuitProblems(spec)) {
        YAML::Mark mark = wholeCircuitMark;
        if (problem.gateIndex >= 0) {
            if (marks.gateReported[problem.gateIndex]) continue;
            mark = marks.gates[problem.gateIndex];
        } else if (problem.outputIndex >= 0) {
            mark = marks.outputs[problem.outputIndex];
        } else if (problem.inputIndex >= 0) {
            mark = marks.inputs[problem.inputIndex];
        }
        addStateError(problems, mark, problem.message);
    }
}

}  // namespace

const std::vector<std::string>& lessonGateKindNames() {
    static const std::vector<std::string> names = {"and",  "or",  "xor",  "not",
                                                   "nand", "nor", "xnor", "buf"};
    return names;
}

std::optional<logic::GateKind> readGateKind(const YAML::Node& node, const YAML::Mark& mark,
                                            std::vector<StateProblem>& problems) {
    const std::string text = node.IsScalar() ? node.Scalar() : std::string();
    if (const auto kind = logic::parseGateKind(text)) return kind;
    const std::string kinds = listInWords(lessonGateKindNames(), "or");
    std::string message;
    if (text.empty()) {
        message = concat("a gate kind must be ", kinds);
    } else if (const auto suggestion = closestMatch(text, lessonGateKindNames())) {
        message = concat("unknown gate kind '", text, "'; did you mean '", *suggestion, "'?");
    } else {
        message = concat("unknown gate kind '", text, "'; a gate is ", kinds);
    }
    addStateError(problems, mark, std::move(message));
    return std::nullopt;
}

OwnCircuitReading readOwnCircuit(const StateField* inputs, const StateField& gates,
                                 const StateField* outputs, std::vector<StateProblem>& problems) {
    OwnCircuitReading reading;
    const std::size_t problemsBefore = problems.size();
    CircuitSpec spec;
    SpecMarks marks;
    bool inputsRead = false;
    if (inputs == nullptr) {
        addStateError(problems, gates.key.Mark(),
                      "a circuit of your own needs 'inputs', the list of its input names, like "
                      "'inputs: [a, b]'");
    } else if (const auto names = readNameList(
                   inputs->value, inputs->problemMark(),
                   "inputs must be a list of names, like 'inputs: [a, b]' (or, with 'gate', a "
                   "number)",
                   &marks.inputs, problems)) {
        spec.inputs = *names;
        reading.inputNames = *names;
        inputsRead = true;
        if (names->empty()) {
            addStateError(problems, inputs->problemMark(), "a circuit needs at least one input");
        } else if (int(names->size()) > kMaxGatesCircuitInputs) {
            addStateError(
                problems, inputs->problemMark(),
                concat("a gates circuit has at most ", std::to_string(kMaxGatesCircuitInputs),
                       " inputs; this one has ", std::to_string(names->size())));
        }
    }

    bool gatesRead = false;
    if (!gates.value.IsSequence() || gates.value.size() == 0) {
        addStateError(problems, gates.problemMark(),
                      "gates must be a list of gates, one '- {name: x1, kind: xor, inputs: [a, "
                      "b]}' per line");
    } else {
        gatesRead = true;
        if (int(gates.value.size()) > kMaxGatesCircuitGates) {
            addStateError(
                problems, gates.key.Mark(),
                concat("a gates circuit has at most ", std::to_string(kMaxGatesCircuitGates),
                       " gates; this one has ", std::to_string(gates.value.size())));
        }
        for (const YAML::Node& entry : gates.value) {
            GateSpec gate;
            marks.gateReported.push_back(!readGate(entry, gate, problems));
            marks.gates.push_back(entry.Mark());
            spec.gates.push_back(std::move(gate));
        }
    }

    bool outputsRead = outputs == nullptr;  // a missing list is the circuit check's to report
    if (outputs != nullptr) {
        if (const auto names =
                readNameList(outputs->value, outputs->problemMark(),
                             "outputs must be a list of the inputs or gates to show, like "
                             "'outputs: [sum, carry]'",
                             &marks.outputs, problems)) {
            for (const std::string& name : *names) spec.outputs.push_back({name, name});
            outputsRead = true;
        }
    }

    // The circuit check needs every list read; a gate with a problem of its own is still
    // checked (its inputs may be unconnected), only the messages about the gate itself are
    // left out.
    if (inputsRead && gatesRead && outputsRead) {
        const YAML::Mark wholeCircuit = outputs != nullptr ? outputs->key.Mark() : gates.key.Mark();
        reportCircuitProblems(spec, marks, wholeCircuit, problems);
    }
    const bool anyError = std::any_of(
        problems.begin() + long(problemsBefore), problems.end(),
        [](const StateProblem& problem) { return problem.severity == Severity::Error; });
    if (anyError) return reading;
    auto built = logic::buildCircuit(spec);
    if (built) reading.circuit = *built;
    return reading;
}

}  // namespace mlsyslab::lesson::kinds
