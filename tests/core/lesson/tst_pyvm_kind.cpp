#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "pyvm/lesson/PyVmKind.h"

using mlsyslab::lesson::kinds::pyVmKind;
using mlsyslab::lesson::kinds::PyVmPane;
using mlsyslab::testing::describe;

class PyVmKindTest : public QObject {
    Q_OBJECT
private slots:
    void readsEveryField();
    void keepsDefaults();
    void reportsProblems_data();
    void reportsProblems();
    void aSyntaxErrorPointsAtItsLineInTheFence();
};

void PyVmKindTest::readsEveryField() {
    const auto reading = pyVmKind().read(YAML::Load(
        "source: |\n  x = 1\n  print(x)\nstart_step: 3\nshow: [source, stack]\n"
        "editable: false\nmax_steps: 500\n"));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(reading.state.source, std::string("x = 1\nprint(x)\n"));
    QCOMPARE(reading.state.startStep, 3);
    QVERIFY(reading.state.shows(PyVmPane::Source));
    QVERIFY(reading.state.shows(PyVmPane::Stack));
    QVERIFY(!reading.state.shows(PyVmPane::Bytecode));
    QVERIFY(!reading.state.shows(PyVmPane::Output));
    QVERIFY(!reading.state.editable);
    QCOMPARE(reading.state.maxSteps, 500);
}

void PyVmKindTest::keepsDefaults() {
    const auto reading = pyVmKind().read(YAML::Load("source: |\n  print(1)\n"));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(reading.state.startStep, 0);
    QCOMPARE(reading.state.maxSteps, 10000);
    QVERIFY(reading.state.editable);
    for (int pane = 0; pane < mlsyslab::lesson::kinds::kPyVmPaneCount; ++pane) {
        QVERIFY(reading.state.shows(PyVmPane(pane)));
    }
}

void PyVmKindTest::reportsProblems_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("problems");
    QTest::newRow("no source") << "start_step: 1\n"
                               << QStringList{"error 0:0 a pyvm simulator needs its program: "
                                              "'source: |' with the program indented under it"};
    QTest::newRow("empty state") << ""
                                 << QStringList{"error 0:0 a pyvm simulator needs its program: "
                                                "'source: |' with the program indented under it"};
    QTest::newRow("empty source") << "source: \"  \"\n"
                                  << QStringList{"error 0:8 source is empty: write the program "
                                                 "indented under 'source: |'"};
    QTest::newRow("source not text")
        << "source: [1, 2]\n"
        << QStringList{
               "error 0:8 source must be the program as text: 'source: |' with the "
               "program indented under it"};
    QTest::newRow("max_steps out of range")
        << "source: |\n  x = 1\nmax_steps: 0\n"
        << QStringList{"error 2:11 max_steps must be a whole number from 1 to 100000"};
    QTest::newRow("start_step past max_steps")
        << "source: |\n  x = 1\nmax_steps: 10\nstart_step: 10\n"
        << QStringList{"error 3:12 start_step must be below max_steps (10): steps count from 0"};
    QTest::newRow("unknown pane")
        << "source: |\n  x = 1\nshow: [source, stak]\n"
        << QStringList{"error 2:15 show must be source, bytecode, stack, frames, globals or "
                       "output; did you mean 'stack'?"};
    QTest::newRow("show not a list")
        << "source: |\n  x = 1\nshow: source\n"
        << QStringList{"error 2:6 show must be a list of panes, like 'show: [source, bytecode, "
                       "stack]' (the panes are source, bytecode, stack, frames, globals and "
                       "output)"};
    QTest::newRow("editable not a flag")
        << "source: |\n  x = 1\neditable: maybe\n"
        << QStringList{"error 2:10 editable must be true or false"};
}

void PyVmKindTest::reportsProblems() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, problems);
    const auto reading = pyVmKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), problems);
}

void PyVmKindTest::aSyntaxErrorPointsAtItsLineInTheFence() {
    // Line 2 of the program is line 2 of the fence body (0-based: the `|` is on line 1).
    const auto reading = pyVmKind().read(
        YAML::Load("start_step: 0\nsource: |\n  x = 1\n  y = 'abc\n  print(y)\n"));
    QCOMPARE(reading.problems.size(), std::size_t(1));
    const auto& problem = reading.problems.front();
    QCOMPARE(problem.mark.line, 3);
    QCOMPARE(problem.mark.column, 6);  // two spaces of indentation, then `y = ` before the quote
    QVERIFY2(QString::fromStdString(problem.message)
                 .startsWith("the program does not compile: SyntaxError: unterminated string"),
             problem.message.c_str());
    QVERIFY(QString::fromStdString(problem.message).endsWith("(line 2 of the program)"));
}

QTEST_MAIN(PyVmKindTest)
#include "tst_pyvm_kind.moc"
