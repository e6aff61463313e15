#pragma once

#include <yaml-cpp/yaml.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "lesson/SimKindRegistry.h"
#include "lesson/StateFields.h"

namespace mlsyslab::lesson {

// Reads one field's value into the state, or reports why it cannot (the state keeps its default).
template <typename State>
using FieldReader = std::function<void(const StateField&, State&, std::vector<StateProblem>&)>;

// One field of a kind: its schema and how it is read. lesson/KindFields.h makes the typed ones.
template <typename State>
struct KindField {
    FieldSchema schema;
    // Null for a field that the kind's cross-field rules read, because it needs another first
    // (a float's value needs its format).
    FieldReader<State> read;
};

// What a kind made of one fence: the typed state and every problem, in file order.
template <typename State>
struct StateReading {
    State state;
    std::vector<StateProblem> problems;
};

// A simulator kind, declared once beside its engine (core/<engine>/lesson/): its name, a
// one-line summary, its fields, and the rules that span fields. From it come the validation
// lessons and the CLI get (unknown fields with "did you mean", wrong types and values at their
// exact position), the typed state views are built from, and the kind's table in
// docs/lesson-format.md (checked equal by the kind conformance suite).
template <typename State>
struct KindSpec {
    std::string name;
    std::string summary;
    std::string notAMapMessage;  // when the body is a list or a scalar: "the bits state must be ..."
    // An error for an empty body, for a kind that has no default (a program); empty: the
    // defaults are the state.
    std::string emptyStateError;
    std::vector<KindField<State>> fields;
    // Checks that need several fields, run after every field with a reader has been read.
    std::function<void(const StateFields&, State&, std::vector<StateProblem>&)> crossFieldRules;

    StateReading<State> read(const YAML::Node& body) const { return read(body, true); }

    // The fields alone, without the cross-field rules: for a command that takes some of the
    // kind's fields and whose own rules differ from a lesson's (`gpu run --grid` has no
    // lesson's size limit).
    StateReading<State> readFields(const YAML::Node& body) const { return read(body, false); }

    std::vector<std::string> fieldNames() const {
        std::vector<std::string> names;
        for (const KindField<State>& field : fields) names.push_back(field.schema.name);
        return names;
    }

    // The face the lesson reader, the CLI and the view registry use.
    SimKind erased() const {
        SimKind kind{name, summary, {}, {}};
        for (const KindField<State>& field : fields) kind.fields.push_back(field.schema);
        kind.read = [spec = *this](const YAML::Node& body) {
            StateReading<State> reading = spec.read(body);
            return SimStateReading{SimState::of(std::move(reading.state)),
                                   std::move(reading.problems)};
        };
        return kind;
    }

private:
    StateReading<State> read(const YAML::Node& body, bool withCrossFieldRules) const {
        if (!emptyStateError.empty() && (!body || body.IsNull())) {
            return {State{}, {{Severity::Error, YAML::Mark(), emptyStateError}}};
        }
        return readStateMap<StateReading<State>>(
            body, notAMapMessage,
            [this, withCrossFieldRules](const YAML::Node& map, StateReading<State>& reading) {
                StateFields found = collectStateFields(map, name, fieldNames(), reading.problems);
                for (const KindField<State>& field : fields) {
                    const StateField* given = found.find(field.schema.name);
                    if (given == nullptr || !field.read) continue;
                    const std::size_t errorsBefore = errorCount(reading.problems);
                    field.read(*given, reading.state, reading.problems);
                    if (errorCount(reading.problems) > errorsBefore) {
                        found.rejected.insert(field.schema.name);
                    }
                }
                if (crossFieldRules && withCrossFieldRules) {
                    crossFieldRules(found, reading.state, reading.problems);
                }
            });
    }
};

// Makes a kind one of the built-in ones that lessons, the app and the CLI know. Each kind's .cpp
// has one, beside the spec:  const BuiltinKind kBuiltin(bitsKind);
// It only records how to make the kind; builtinSimKinds() makes them when asked, so no kind is
// built during static initialization.
class BuiltinKind {
public:
    explicit BuiltinKind(std::function<SimKind()> declare);

    template <typename State>
    explicit BuiltinKind(const KindSpec<State>& (*spec)())
        : BuiltinKind(std::function<SimKind()>([spec] { return spec().erased(); })) {}
};

// Every kind declared with BuiltinKind, by name.
SimKindRegistry builtinSimKinds();

}  // namespace mlsyslab::lesson
