#include "logic/lesson/GatesKind.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "common/Suggestion.h"
#include "lesson/KindFields.h"
#include "logic/lesson/OwnCircuitReader.h"
#include "logic/AdderCircuits.h"
#include "logic/TruthTable.h"

namespace mlsyslab::lesson::kinds {

namespace {

using logic::GateKind;
using logic::Netlist;

const std::vector<std::string> kCircuitNames = {"half-adder", "full-adder"};
constexpr int kDefaultInputCount = 2;

// One gate with inputs a, b, ... and output y, as on a slide.
Netlist singleGate(GateKind kind, int inputCount) {
    Netlist netlist;
    std::vector<logic::SignalId> inputs;
    for (int index = 0; index < inputCount; ++index) {
        inputs.push_back(netlist.addInput(std::string(1, char('a' + index))));
    }
    netlist.addOutput("y", netlist.addGate(kind, "y", inputs, "y"));
    return netlist;
}

// `inputs: N` beside `gate` (or on its own, for the default AND).
std::optional<int> readInputCount(const StateField& field, std::optional<GateKind> kind,
                                  std::vector<StateProblem>& problems) {
    if (field.value.IsSequence()) {
        addStateError(problems, field.problemMark(),
                      "with 'gate', inputs is how many inputs the gate has, like 'inputs: 3'; a "
                      "list of input names goes with 'gates' (a circuit of your own)");
        return std::nullopt;
    }
    if (!kind) {
        // The kind is wrong already; check the count against any kind.
        const auto count = readWholeNumberField("inputs", field, 1,
                                                std::uint64_t(logic::kMaxGateInputs), problems);
        if (!count) return std::nullopt;
        return int(*count);
    }
    const int fewest = logic::minimumInputs(*kind);
    const int most = logic::maximumInputs(*kind);
    std::vector<StateProblem> worded;  // this reader words its own message
    const auto count =
        readWholeNumberField("inputs", field, std::uint64_t(fewest), std::uint64_t(most), worded);
    if (count) return int(*count);
    // "an AND", "an XOR", but "a NAND", "a NOT": as the names are spoken.
    const std::string name(logic::gateKindName(*kind));
    const bool vowelSound = name.front() == 'A' || name.front() == 'O' || name.front() == 'X';
    const std::string range = fewest == most
                                  ? std::to_string(fewest)
                                  : concat(std::to_string(fewest), " to ", std::to_string(most));
    addStateError(
        problems, field.problemMark(),
        concat("inputs must be ", range, " for ", vowelSound ? "an " : "a ", name, " gate"));
    return std::nullopt;
}

// The problem for a field that does not go with the circuit chosen.
void refuseField(const StateFields& fields, const std::string& name, const std::string& why,
                 std::vector<StateProblem>& problems) {
    if (const StateField* field = fields.find(name)) {
        addStateError(problems, field->key.Mark(), concat("'", name, "' ", why));
    }
}

std::optional<Netlist> readSingleGate(const StateFields& fields, const StateField* gate,
                                      std::vector<StateProblem>& problems) {
    std::optional<GateKind> kind = GateKind::And;
    if (gate != nullptr) kind = readGateKind(gate->value, gate->problemMark(), problems);
    int inputCount = kind && logic::maximumInputs(*kind) == 1 ? 1 : kDefaultInputCount;
    if (const StateField* inputs = fields.find("inputs")) {
        const auto count = readInputCount(*inputs, kind, problems);
        if (!count) return std::nullopt;
        inputCount = *count;
    }
    if (!kind) return std::nullopt;
    return singleGate(*kind, inputCount);
}

std::optional<Netlist> readBuiltinCircuit(const StateField& field,
                                          std::vector<StateProblem>& problems) {
    const auto name =
        readChoiceField("circuit", field.value, field.problemMark(), kCircuitNames, problems);
    if (!name) return std::nullopt;
    return *name == "half-adder" ? logic::buildHalfAdder() : logic::buildFullAdder();
}

// `values: {a: 1, b: 0}`: by input name; every other input starts at 0.
std::map<std::string, bool> readValues(const StateField& field,
                                       const std::vector<std::string>& inputNames,
                                       std::vector<StateProblem>& problems) {
    std::map<std::string, bool> values;
    if (!field.value.IsMap()) {
        addStateError(problems, field.problemMark(),
                      "values must be a map of inputs to 0 or 1, like 'values: {a: 1, b: 0}'");
        return values;
    }
    for (const auto& entry : field.value) {
        const YAML::Node& key = entry.first;
        const std::string name = key.IsScalar() ? key.Scalar() : std::string("?");
        if (std::find(inputNames.begin(), inputNames.end(), name) == inputNames.end()) {
            std::string message = concat("values: '", name, "' is not an input");
            // Any one-letter name is one edit from any other: list the inputs instead.
            const auto suggestion = closestMatch(name, inputNames);
            if (suggestion && suggestion->size() > 1) {
                message += concat("; did you mean '", *suggestion, "'?");
            } else if (!inputNames.empty()) {
                message += concat(" (the inputs are ", listInWords(inputNames, "and"), ")");
            }
            addStateError(problems, key.Mark(), std::move(message));
            continue;
        }
        const std::string text = entry.second.IsScalar() ? entry.second.Scalar() : std::string();
        std::optional<bool> value;
        if (text == "0" || text == "false") value = false;
        if (text == "1" || text == "true") value = true;
        if (!value) {
            const StateField valueField{key, entry.second};
            addStateError(problems, valueField.problemMark(),
                          concat("the value of input '", name, "' must be 0 or 1"));
        } else if (!values.emplace(name, *value).second) {
            addStateError(problems, key.Mark(),
                          concat("the value of input '", name, "' is given twice"));
        }
    }
    return values;
}

// At most one of gate, circuit and gates: the first one in the file counts.
const StateField* chooseCircuitField(const StateFields& fields,
                                     std::vector<StateProblem>& problems) {
    std::vector<const StateField*> given;
    for (const char* name : {"gate", "circuit", "gates"}) {
        if (const StateField* field = fields.find(name)) given.push_back(field);
    }
    std::sort(given.begin(), given.end(), [](const StateField* left, const StateField* right) {
        return std::pair(left->key.Mark().line, left->key.Mark().column) <
               std::pair(right->key.Mark().line, right->key.Mark().column);
    });
    for (std::size_t extra = 1; extra < given.size(); ++extra) {
        addStateError(problems, given[extra]->key.Mark(),
                      concat("'", given[extra]->key.Scalar(), "' cannot go with '",
                             given.front()->key.Scalar(),
                             "': show one gate ('gate'), a built-in circuit ('circuit') or a "
                             "circuit of your own ('gates')"));
    }
    return given.empty() ? nullptr : given.front();
}

// The circuit comes from one of gate, circuit and gates, with inputs and outputs read as it
// says; the values and the truth table's size depend on its inputs.
void readCircuit(const StateFields& fields, GatesState& result,
                 std::vector<StateProblem>& problems) {
    const StateField* chosen = chooseCircuitField(fields, problems);
    const std::string mode = chosen != nullptr ? chosen->key.Scalar() : std::string("gate");
    std::optional<Netlist> circuit;
    std::vector<std::string> inputNames;
    if (mode == "gates") {
        OwnCircuitReading own =
            readOwnCircuit(fields.find("inputs"), *chosen, fields.find("outputs"), problems);
        circuit = std::move(own.circuit);
        inputNames = std::move(own.inputNames);
    } else {
        const std::string why =
            mode == "circuit" ? std::string(
                                    "does not go with 'circuit': a built-in circuit has its own "
                                    "inputs and outputs")
                              : std::string("goes with 'gates', in a circuit of your own");
        refuseField(fields, "outputs", why, problems);
        if (mode == "circuit") {
            refuseField(fields, "inputs", why, problems);
            circuit = readBuiltinCircuit(*chosen, problems);
        } else if (const StateField* inputs = fields.find("inputs");
                   chosen == nullptr && inputs != nullptr && inputs->value.IsSequence()) {
            addStateError(problems, inputs->key.Mark(),
                          "a circuit of your own needs 'gates', the list of its gates");
        } else {
            circuit = readSingleGate(fields, chosen, problems);
        }
    }
    if (circuit) {
        result.circuit = std::move(*circuit);
        inputNames.clear();
        for (const logic::SignalId input : result.circuit.inputs()) {
            inputNames.push_back(result.circuit.allSignals()[input].name);
        }
    }
    result.inputValues.assign(result.circuit.inputs().size(), false);

    if (result.truthTable && int(inputNames.size()) > logic::kMaxTruthTableInputs) {
        const StateField* inputs = fields.find("inputs");
        const YAML::Mark mark = inputs != nullptr   ? inputs->key.Mark()
                                : chosen != nullptr ? chosen->key.Mark()
                                                    : fields.map.Mark();
        addStateError(
            problems, mark,
            concat("a truth table shows at most ", std::to_string(logic::kMaxTruthTableInputs),
                   " inputs; this circuit has ", std::to_string(inputNames.size()),
                   ": add 'truth_table: false'"));
    }

    if (const StateField* field = fields.find("values")) {
        const auto values = readValues(*field, inputNames, problems);
        if (circuit) {
            for (std::size_t index = 0; index < inputNames.size(); ++index) {
                const auto found = values.find(inputNames[index]);
                if (found != values.end()) result.inputValues[index] = found->second;
            }
        }
    }
}

}  // namespace

GatesState::GatesState() : circuit(singleGate(GateKind::And, kDefaultInputCount)) {
    inputValues.assign(circuit.inputs().size(), false);
}

const KindSpec<GatesState>& gatesKind() {
    static const KindSpec<GatesState> spec{
        "gates",
        "logic gates and small circuits: clickable inputs, wires coloured by value, the "
        "truth table and the propagation step by step",
        "the gates state must be fields like 'gate: xor' or 'circuit: full-adder', one "
        "per line",
        "",
        {
            ruleField<GatesState>("gate", "`and`",
                                  "one gate: `and`, `or`, `xor`, `not`, `nand`, `nor`, `xnor` or "
                                  "`buf`, with inputs `a`, `b`, … and output `y`"),
            ruleField<GatesState>(
                "circuit", "",
                "a built-in circuit: `half-adder` (inputs `a`, `b`; sum = A XOR B, carry = A AND "
                "B) or `full-adder` (inputs `a`, `b`, `cin`; sum = A XOR B XOR Cin from two XORs, "
                "cout = (A AND B) OR (Cin AND (A XOR B)))"),
            ruleField<GatesState>(
                "inputs", "`2`",
                "with `gate`: how many inputs the gate has, `1` for `not` and `buf`, `2` to `8` "
                "for the others (a 3-input XOR is odd parity); with `gates`: a circuit of your "
                "own, the list of its input names, `[a, b]`"),
            ruleField<GatesState>("gates", "",
                                  "its gates, in any order, each `{name: x1, kind: xor, inputs: "
                                  "[a, b]}` with an optional `delay` (a whole number from 1 to "
                                  "1000, default 1); a gate reads inputs or other gates by name"),
            ruleField<GatesState>("outputs", "",
                                  "the inputs or gates shown as lamps, `[sum, carry]`"),
            ruleField<GatesState>(
                "values", "all `0`",
                "the inputs' starting values, `{a: 1, cin: 1}` (`0`, `1`, `false` or `true`)"),
            flagField("truth_table", &GatesState::truthTable,
                      "`false` leaves the table out (needed past 8 inputs)"),
            flagField("critical_path", &GatesState::criticalPath,
                      "`true`: open with the critical path highlighted"),
        },
        readCircuit};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(gatesKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
