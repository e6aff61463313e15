#include <QtTest>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "LessonTestSupport.h"
#include "lesson/KindDocs.h"
#include "lesson/KindSpec.h"
#include "lesson/LessonParser.h"
#include "lessons/BuiltinLessons.h"

using namespace mlsyslab::lesson;
using mlsyslab::testing::describe;
using mlsyslab::testing::listOf;

// The contract every simulator kind keeps, checked over every registered kind, so that a new
// kind gets it by being registered: its built-in lesson blocks parse, its defaults are valid,
// a body that is not a map, an unknown or misspelt field, and a wrong value of each typed field
// are reported at the right place, and docs/lesson-format.md shows exactly its schema.
// What is particular to one kind stays in that kind's own suite.
class TestKindConformance : public QObject {
    Q_OBJECT

private slots:
    void everyKindIsDeclaredOnce();
    void builtinLessonBlocksParse();
    void kinds_data();
    void defaultsAreValid();
    void defaultsAreValid_data() { kinds_data(); }
    void notAMapIsOneError();
    void notAMapIsOneError_data() { kinds_data(); }
    void unknownAndMisspeltFieldsAreWarnings();
    void unknownAndMisspeltFieldsAreWarnings_data() { kinds_data(); }
    void fieldGivenTwiceIsAnError();
    void fieldGivenTwiceIsAnError_data() { kinds_data(); }
    void typedFields_data();
    void wrongTypedValuesAreErrorsAtTheValue();
    void wrongTypedValuesAreErrorsAtTheValue_data() { typedFields_data(); }
    void typedFieldDocsNameTheirValues();
    void typedFieldDocsNameTheirValues_data() { typedFields_data(); }
    void docsShowEveryKindAndNoOther();
    void docsTableIsTheSchema();
    void docsTableIsTheSchema_data() { kinds_data(); }

private:
    const SimKindRegistry kinds_ = builtinSimKinds();
    const SimKind& kind(const QString& name) const { return *kinds_.find(name.toStdString()); }
};

namespace {

std::vector<StateProblem> problemsOf(const SimKind& kind, const std::string& yaml) {
    return kind.read(YAML::Load(yaml)).problems;
}

std::vector<StateProblem> errorsOf(const std::vector<StateProblem>& problems) {
    std::vector<StateProblem> errors;
    for (const StateProblem& problem : problems) {
        if (problem.severity == Severity::Error) errors.push_back(problem);
    }
    return errors;
}

bool hasProblemAt(const std::vector<StateProblem>& problems, Severity severity, int line,
                  int column, const std::string& containing) {
    for (const StateProblem& problem : problems) {
        if (problem.severity == severity && problem.mark.line == line &&
            problem.mark.column == column &&
            problem.message.find(containing) != std::string::npos) {
            return true;
        }
    }
    return false;
}

// The kind's own problem with an empty body (a pyvm program has no default), which every body
// without that field shares; nothing for the other kinds.
std::vector<StateProblem> withoutRequiredFieldProblems(const SimKind& kind,
                                                       std::vector<StateProblem> problems) {
    const std::vector<StateProblem> whenEmpty = kind.read(YAML::Node()).problems;
    std::erase_if(problems, [&](const StateProblem& problem) {
        for (const StateProblem& required : whenEmpty) {
            if (problem.message == required.message) return true;
        }
        return problem.message.find("needs its program") != std::string::npos;
    });
    return problems;
}

// Each kind's section of docs/lesson-format.md ("### `bits`: ...") and its first field table.
std::map<std::string, std::vector<std::string>> documentedTables() {
    std::ifstream file(MLSYSLAB_SOURCE_DIR "/docs/lesson-format.md");
    std::map<std::string, std::vector<std::string>> tables;
    const std::regex heading("^### `([a-z0-9-]+)`");
    std::string kind;
    std::string line;
    bool inTable = false;
    while (std::getline(file, line)) {
        std::smatch match;
        if (std::regex_search(line, match, heading)) {
            kind = match[1];
            tables[kind];
            inTable = false;
            continue;
        }
        if (kind.empty()) continue;
        if (line.starts_with("| Field | Default | Value |") && tables[kind].empty()) {
            inTable = true;
        }
        if (inTable && !line.starts_with("|")) {
            inTable = false;
            kind.clear();  // only the first table of a section is the schema's
        }
        if (inTable) tables[kind].push_back(line);
    }
    return tables;
}

QString joined(const std::vector<std::string>& lines) {
    QString text;
    for (const std::string& line : lines) text += QString::fromStdString(line) + '\n';
    return text;
}

}  // namespace

void TestKindConformance::everyKindIsDeclaredOnce() {
    // Every kind registers itself beside its engine; one that the linker dropped, or two that
    // took one name, would show here. The built-in course uses every kind.
    std::set<std::string> used;
    for (const auto& file : mlsyslab::course::builtinLessonFiles()) {
        const LessonParseResult parsed = parseLesson(file.text, kinds_);
        if (!parsed.lesson) continue;
        for (const Step& step : parsed.lesson->steps) {
            for (const Block& block : step.blocks) {
                if (const auto* sim = std::get_if<SimBlock>(&block)) used.insert(sim->kind);
            }
        }
    }
    const std::vector<std::string> names = kinds_.names();
    QCOMPARE(std::vector<std::string>(used.begin(), used.end()), names);
    for (const std::string& name : names) {
        const SimKind& declared = *kinds_.find(name);
        QVERIFY2(!declared.summary.empty(), name.c_str());
        QVERIFY2(!declared.fields.empty(), name.c_str());
        std::set<std::string> fieldNames;
        for (const FieldSchema& field : declared.fields) {
            QVERIFY2(fieldNames.insert(field.name).second, (name + "." + field.name).c_str());
            QVERIFY2(!field.doc.empty(), (name + "." + field.name).c_str());
        }
    }
}

void TestKindConformance::builtinLessonBlocksParse() {
    for (const auto& file : mlsyslab::course::builtinLessonFiles()) {
        const LessonParseResult parsed = parseLesson(file.text, kinds_);
        QVERIFY2(parsed.lesson, (std::string(file.fileName) + "\n" +
                                 listOf(parsed.diagnostics).toStdString())
                                    .c_str());
        for (const Step& step : parsed.lesson->steps) {
            for (const Block& block : step.blocks) {
                const auto* sim = std::get_if<SimBlock>(&block);
                if (sim == nullptr) continue;
                // The view gets the state the kind read, never the YAML.
                QVERIFY2(!sim->state.empty(), (std::string(file.fileName) + ":" +
                                               std::to_string(sim->fenceLine))
                                                  .c_str());
            }
        }
    }
}

void TestKindConformance::kinds_data() {
    QTest::addColumn<QString>("name");
    for (const std::string& name : kinds_.names()) QTest::newRow(name.c_str()) << QString::fromStdString(name);
}

void TestKindConformance::defaultsAreValid() {
    QFETCH(QString, name);
    const SimStateReading reading = kind(name).read(YAML::Node());
    QVERIFY(!reading.state.empty());
    const auto errors = withoutRequiredFieldProblems(kind(name), errorsOf(reading.problems));
    QCOMPARE(describe(errors), QStringList());
}

void TestKindConformance::notAMapIsOneError() {
    QFETCH(QString, name);
    for (const std::string body : {"[1, 2]", "just text"}) {
        const auto problems = problemsOf(kind(name), body);
        QCOMPARE(problems.size(), std::size_t(1));
        QCOMPARE(problems[0].severity, Severity::Error);
        QCOMPARE(problems[0].mark.line, 0);
        QCOMPARE(problems[0].mark.column, 0);
        QVERIFY2(problems[0].message.find("state must be") != std::string::npos,
                 problems[0].message.c_str());
    }
}

void TestKindConformance::unknownAndMisspeltFieldsAreWarnings() {
    QFETCH(QString, name);
    const SimKind& tested = kind(name);
    const std::string kindName = name.toStdString();

    const auto unknown = withoutRequiredFieldProblems(tested, problemsOf(tested, "zqxj: 1"));
    QCOMPARE(describe(unknown).size(), 1);
    QVERIFY2(hasProblemAt(unknown, Severity::Warning, 0, 0,
                          "unknown " + kindName + " field 'zqxj'"),
             qPrintable(describe(unknown).join('\n')));

    // The first field with a letter doubled, on the second line: "did you mean" names it.
    const std::string field = tested.fields.front().name;
    const std::string misspelt = field + field.back();
    const auto problems =
        withoutRequiredFieldProblems(tested, problemsOf(tested, "\n" + misspelt + ": 1"));
    QVERIFY2(hasProblemAt(problems, Severity::Warning, 1, 0, "did you mean '" + field + "'?"),
             qPrintable(describe(problems).join('\n')));
}

void TestKindConformance::fieldGivenTwiceIsAnError() {
    QFETCH(QString, name);
    const SimKind& tested = kind(name);
    // yaml-cpp keeps both keys of a map; the second one is the error.
    const std::string field = tested.fields.back().name;
    const auto problems = problemsOf(tested, field + ": x\n" + field + ": y");
    QVERIFY2(hasProblemAt(problems, Severity::Error, 1, 0, "'" + field + "' is given twice"),
             qPrintable(describe(problems).join('\n')));
}

void TestKindConformance::typedFields_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("field");
    for (const std::string& name : kinds_.names()) {
        for (const FieldSchema& field : kinds_.find(name)->fields) {
            if (field.type == FieldType::Custom) continue;
            QTest::newRow((name + "." + field.name).c_str())
                << QString::fromStdString(name) << QString::fromStdString(field.name);
        }
    }
}

void TestKindConformance::wrongTypedValuesAreErrorsAtTheValue() {
    QFETCH(QString, name);
    QFETCH(QString, field);
    const SimKind& tested = kind(name);
    const FieldSchema& schema = *std::find_if(tested.fields.begin(), tested.fields.end(),
                                              [&](const FieldSchema& candidate) {
                                                  return candidate.name == field.toStdString();
                                              });
    std::vector<std::string> wrongValues = {"[1, 2]", "{a: 1}"};
    std::string expected = schema.name + " must be ";
    switch (schema.type) {
        case FieldType::Flag:
            wrongValues.insert(wrongValues.end(), {"yes", "1", "maybe"});
            expected += "true or false";
            break;
        case FieldType::WholeNumber:
            wrongValues.insert(wrongValues.end(),
                               {"-1", "2.5", "0x10", "ten", std::to_string(schema.maximum + 1)});
            if (schema.minimum > 0) wrongValues.push_back(std::to_string(schema.minimum - 1));
            expected += "a whole number from " + std::to_string(schema.minimum) + " to " +
                        std::to_string(schema.maximum);
            break;
        case FieldType::Choice:
            wrongValues.insert(wrongValues.end(), {"zqxj", schema.choices.front() + "zz"});
            break;
        case FieldType::Custom:
            QFAIL("only typed fields");
    }
    // On the second line, after a comment, so that the column is the value's own.
    const std::string prefix = "# a comment\n" + schema.name + ": ";
    for (const std::string& value : wrongValues) {
        const auto problems = problemsOf(tested, prefix + value);
        QVERIFY2(hasProblemAt(problems, Severity::Error, 1, int(schema.name.size()) + 2, expected),
                 qPrintable(QString::fromStdString(value) + " gave:\n" +
                            describe(problems).join('\n')));
    }
}

void TestKindConformance::typedFieldDocsNameTheirValues() {
    QFETCH(QString, name);
    QFETCH(QString, field);
    for (const FieldSchema& schema : kind(name).fields) {
        if (schema.name != field.toStdString()) continue;
        for (const std::string& choice : schema.choices) {
            QVERIFY2(schema.doc.find("`" + choice + "`") != std::string::npos, choice.c_str());
        }
        if (schema.type == FieldType::WholeNumber) {
            for (const std::uint64_t bound : {schema.minimum, schema.maximum}) {
                QVERIFY2(schema.doc.find(std::to_string(bound)) != std::string::npos,
                         std::to_string(bound).c_str());
            }
        }
    }
}

void TestKindConformance::docsShowEveryKindAndNoOther() {
    std::vector<std::string> documented;
    for (const auto& [kindName, table] : documentedTables()) documented.push_back(kindName);
    QCOMPARE(documented, kinds_.names());
}

void TestKindConformance::docsTableIsTheSchema() {
    QFETCH(QString, name);
    const auto tables = documentedTables();
    const auto documented = tables.find(name.toStdString());
    QVERIFY(documented != tables.end());
    // On a difference, `mlsyslab-cli lesson kinds NAME` prints the table the docs should show.
    QCOMPARE(joined(documented->second), joined(fieldTableLines(kind(name))));
}

QTEST_APPLESS_MAIN(TestKindConformance)
#include "tst_kind_conformance.moc"
