#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSlider>
#include <QtTest>

#include "ScriptedRuns.h"
#include "common/BackgroundWork.h"
#include "common/DisplayStyle.h"
#include "common/StepControls.h"
#include "pyvm/BytecodeView.h"
#include "pyvm/FramesView.h"
#include "pyvm/LessonVmRunner.h"
#include "pyvm/OutputConsole.h"
#include "pyvm/PyVmWidget.h"
#include "pyvm/SourceEditor.h"
#include "pyvm/StackView.h"

using mlsyslab::lesson::kinds::PyVmPane;
using mlsyslab::lesson::kinds::PyVmState;
using namespace mlsyslab::widgets;
namespace testing = mlsyslab::testing;

namespace {

// A repr without the object's address, which depends on the run (`<function add at 0x7f…>`
// and `<code object add at 0x7f…, file "<lesson>", line 1>` become `<function add>` and
// `<code object add>`).
QString withoutAddresses(QString text) {
    static const QRegularExpression address(
        QStringLiteral(" at 0x[0-9a-f]+(, file \"[^\"]*\", line [0-9]+)?"));
    return text.remove(address);
}

QStringList withoutAddresses(QStringList texts) {
    for (QString& text : texts) text = withoutAddresses(text);
    return texts;
}

PyVmState stateFor(const char* source) {
    PyVmState state;
    state.source = source;
    return state;
}

// The widget on screen at a lecture screen's size, its first run finished.
struct Shown {
    explicit Shown(const PyVmState& state, ProgramRunner runner = testing::scriptedRun)
        : widget(state, std::move(runner)) {
        widget.resize(1200, 760);
        widget.show();
        if (!QTest::qWaitForWindowExposed(&widget)) qFatal("the widget was not shown");
        waitForRun();
    }
    void waitForRun() {
        QTRY_VERIFY_WITH_TIMEOUT(!widget.isRunning(), 5000);
    }
    template <typename T>
    T* child(const char* name) {
        T* found = widget.findChild<T*>(name);
        if (found == nullptr) qFatal("no child %s", name);
        return found;
    }
    StepControls* controls() { return child<StepControls>("stepControls"); }
    QPushButton* button(const char* name) { return widget.findChild<QPushButton*>(name); }
    void click(const char* name) { QTest::mouseClick(button(name), Qt::LeftButton); }
    QString status() { return child<QLabel>("statusLabel")->text(); }
    // A problem is drawn in the error colour, in bold.
    bool statusIsAProblem() { return child<QLabel>("statusLabel")->font().bold(); }
    QString bytecodeRow() { return child<BytecodeView>("bytecodeView")->currentRowText(); }
    QStringList stack() { return child<StackView>("stackView")->boxTexts(); }
    QString frames() { return child<FramesView>("framesView")->summary(); }
    QString globals() { return child<FramesView>("globalsView")->summary(); }
    QString output() { return child<OutputConsole>("outputConsole")->output(); }
    SourceEditor* editor() { return child<SourceEditor>("sourceEditor"); }

    PyVmWidget widget;
};

}  // namespace

class PyVmWidgetTest : public QObject {
    Q_OBJECT
private slots:
    void stepsThroughEverySnapshotOfTheSeedProgram_data();
    void stepsThroughEverySnapshotOfTheSeedProgram();
    void backResetAndScrubberShowTheSameSnapshots();
    void stepLineGoesToTheNextLineOverCalls();
    void opensAtTheLessonsStartStepWithItsPanes();
    void editingAndRunningAChangedProgram();
    void aSyntaxErrorIsShownAtItsLine();
    void aRuntimeErrorIsShownOnTheLastStep();
    void aProgramThatNeverEndsStopsAtTheStepLimit();
    void aDeepRecursionStopsAtTheFrameBudgetNotTheStepLimit();
    void destroyingTheWidgetCancelsItsRun();
    void jumpTargetsAreMarked();
    void manyStepsInARowFollowTheProgram();
    void presentationModeRenders();
};

void PyVmWidgetTest::stepsThroughEverySnapshotOfTheSeedProgram_data() {
    QTest::addColumn<int>("step");
    QTest::addColumn<QString>("row");      // the bytecode pane's current row
    QTest::addColumn<QStringList>("stack");  // top first
    QTest::addColumn<QString>("frames");
    QTest::addColumn<int>("line");         // the source line marked as running (0: none)
    const QString function = "<function add>";
    const QString print = "<built-in function print>";
    const QString moduleOnly = "<module>: (none)";
    const QString inAdd = "<module> · line 3: (none) | add · line %1: a = 3, b = 5";
    struct Row {
        const char* row;
        QStringList stack;
        QString frames;
        int line;
    };
    const std::vector<Row> rows = {
        {"0 RESUME 0", {}, "<module>: (none)", 0},
        {"1 LOAD_CONST <code object add>", {}, "<module> · line 1: (none)", 1},
        {"2 MAKE_FUNCTION 0", {"<code object add>"}, "<module> · line 1: (none)", 1},
        {"3 STORE_NAME add", {function}, "<module> · line 1: (none)", 1},
        {"4 PUSH_NULL", {}, "<module> · line 3: (none)", 3},
        {"5 LOAD_NAME add", {"NULL"}, "<module> · line 3: (none)", 3},
        {"6 LOAD_CONST 3", {function, "NULL"}, "<module> · line 3: (none)", 3},
        {"7 LOAD_CONST 5", {"3", function, "NULL"}, "<module> · line 3: (none)", 3},
        {"8 PRECALL 2", {"5", "3", function, "NULL"}, "<module> · line 3: (none)", 3},
        {"9 CALL 2", {"5", "3", function, "NULL"}, "<module> · line 3: (none)", 3},
        {"0 RESUME 0", {}, inAdd.arg(1), 1},
        {"1 LOAD_FAST a", {}, inAdd.arg(2), 2},
        {"2 LOAD_FAST b", {"3"}, inAdd.arg(2), 2},
        {"3 BINARY_OP +", {"5", "3"}, inAdd.arg(2), 2},
        {"4 RETURN_VALUE", {"8"}, inAdd.arg(2), 2},
        {"10 STORE_NAME result", {"8"}, "<module> · line 3: (none)", 3},
        {"11 PUSH_NULL", {}, "<module> · line 4: (none)", 4},
        {"12 LOAD_NAME print", {"NULL"}, "<module> · line 4: (none)", 4},
        {"13 LOAD_NAME result", {print, "NULL"}, "<module> · line 4: (none)", 4},
        {"14 PRECALL 1", {"8", print, "NULL"}, "<module> · line 4: (none)", 4},
        {"15 CALL 1", {"8", print, "NULL"}, "<module> · line 4: (none)", 4},
        {"16 POP_TOP", {"None"}, "<module> · line 4: (none)", 4},
        {"17 LOAD_CONST None", {}, "<module> · line 4: (none)", 4},
        {"18 RETURN_VALUE", {"None"}, "<module> · line 4: (none)", 4},
        {"18 RETURN_VALUE", {}, "<module> · line 4: (none)", 4},  // the end: the module returned
    };
    Q_UNUSED(moduleOnly);
    for (int step = 0; step < int(rows.size()); ++step) {
        const Row& row = rows[std::size_t(step)];
        QTest::addRow("step %d", step) << step << QString(row.row) << row.stack << row.frames
                                       << row.line;
    }
}

void PyVmWidgetTest::stepsThroughEverySnapshotOfTheSeedProgram() {
    QFETCH(int, step);
    QFETCH(QString, row);
    QFETCH(QStringList, stack);
    QFETCH(QString, frames);
    QFETCH(int, line);
    Shown shown(stateFor(testing::kSeedProgram), runOnLessonVm);
    QCOMPARE(shown.widget.snapshotCount(), 25);
    // Stepped to, one click at a time, as in class.
    for (int click = 0; click < step; ++click) shown.click("stepButton");
    QCOMPARE(shown.widget.position(), step);
    QCOMPARE(shown.child<QLabel>("positionLabel")->text(), QString("Step %1 / 25").arg(step + 1));
    QCOMPARE(shown.bytecodeRow(), row);
    QCOMPARE(withoutAddresses(shown.stack()), stack);
    QCOMPARE(shown.frames(), frames);
    QCOMPARE(shown.editor()->runningLine(), line);
    QCOMPARE(withoutAddresses(shown.globals()), step < 4    ? QString("Global variables: (none)")
                              : step < 16 ? QString("Global variables: add = <function add>")
                                          : QString("Global variables: add = <function add>, "
                                                    "result = 8"));
    QCOMPARE(shown.output(), step < 21 ? QString() : QString("8\n"));
    // The value just pushed is the one highlighted.
    const auto changed = shown.child<StackView>("stackView")->changedBoxes();
    if (step == 13) QCOMPARE(changed, (std::vector<bool>{true, false}));
    if (step == 14) QCOMPARE(changed, (std::vector<bool>{true}));
    if (step == 11) QCOMPARE(shown.editor()->runningText(), QString("a"));
    if (step == 12) QCOMPARE(shown.editor()->runningText(), QString("b"));
    if (step == 13) QCOMPARE(shown.editor()->runningText(), QString("a + b"));
    if (step == 9) QCOMPARE(shown.editor()->runningText(), QString("add(3, 5)"));
    QCOMPARE(shown.button("stepButton")->isEnabled(), step < 24);
    QCOMPARE(shown.button("runToEndButton")->isEnabled(), step < 24);
    QCOMPARE(shown.status(), QString("The program ran to its end in 25 steps."));
}

void PyVmWidgetTest::backResetAndScrubberShowTheSameSnapshots() {
    Shown shown(stateFor(testing::kSeedProgram));
    for (int click = 0; click < 14; ++click) shown.click("stepButton");
    QCOMPARE(shown.bytecodeRow(), QString("4 RETURN_VALUE"));
    shown.click("backButton");
    QCOMPARE(shown.widget.position(), 13);
    QCOMPARE(shown.bytecodeRow(), QString("3 BINARY_OP +"));
    QCOMPARE(shown.stack(), QStringList({"5", "3"}));
    shown.click("resetButton");
    QCOMPARE(shown.widget.position(), 0);
    QCOMPARE(shown.bytecodeRow(), QString("0 RESUME 0"));
    QCOMPARE(shown.frames(), QString("<module>: (none)"));
    shown.child<QSlider>("scrubber")->setValue(21);
    QCOMPARE(shown.bytecodeRow(), QString("16 POP_TOP"));
    QCOMPARE(shown.output(), QString("8\n"));
    shown.child<QSlider>("scrubber")->setValue(20);
    QCOMPARE(shown.output(), QString());  // stepping back takes the output back too
    shown.click("runToEndButton");
    QCOMPARE(shown.widget.position(), 23);
    QCOMPARE(shown.output(), QString("8\n"));
    QTest::keyClick(shown.controls(), Qt::Key_Home);
    QCOMPARE(shown.widget.position(), 0);
    QTest::keyClick(shown.controls(), Qt::Key_Right);
    QCOMPARE(shown.widget.position(), 1);
}

void PyVmWidgetTest::stepLineGoesToTheNextLineOverCalls() {
    Shown shown(stateFor(testing::kSeedProgram));
    QList<int> visited;
    for (int click = 0; click < 4; ++click) {
        shown.click("stepLineButton");
        visited << shown.widget.position();
    }
    // Line 1 (def), line 3 (the call), over the call to line 4, then the end.
    QCOMPARE(visited, QList<int>({1, 4, 16, 23}));
    QVERIFY(!shown.button("stepLineButton")->isEnabled());
    // Inside add, the next line is line 2, and after it the return to the caller.
    shown.controls()->setPosition(10);
    shown.click("stepLineButton");
    QCOMPARE(shown.widget.position(), 11);
    shown.click("stepLineButton");
    QCOMPARE(shown.widget.position(), 15);
    QCOMPARE(shown.frames(), QString("<module> · line 3: (none)"));
}

void PyVmWidgetTest::opensAtTheLessonsStartStepWithItsPanes() {
    PyVmState state = stateFor(testing::kSeedProgram);
    state.startStep = 13;
    state.shown = {true, true, true, false, false, true};
    state.editable = false;
    Shown shown(state);
    QCOMPARE(shown.widget.position(), 13);
    QCOMPARE(shown.bytecodeRow(), QString("3 BINARY_OP +"));
    QVERIFY(!shown.child<FramesView>("framesView")->isVisibleTo(&shown.widget));
    QVERIFY(!shown.child<FramesView>("globalsView")->isVisibleTo(&shown.widget));
    QVERIFY(shown.child<StackView>("stackView")->isVisibleTo(&shown.widget));
    QVERIFY(!shown.button("editButton")->isVisibleTo(&shown.widget));
    // A start past the end of the run shows its last step.
    state.startStep = 500;
    Shown late(state);
    QCOMPARE(late.widget.position(), 23);
}

void PyVmWidgetTest::editingAndRunningAChangedProgram() {
    Shown shown(stateFor(testing::kSeedProgram));
    SourceEditor* editor = shown.editor();
    QVERIFY(editor->isReadOnly());
    shown.click("editButton");
    QVERIFY(shown.widget.isEditing());
    QVERIFY(!editor->isReadOnly());
    QCOMPARE(shown.button("editButton")->text(), QString("Run ▶"));
    QVERIFY(!shown.controls()->isEnabled());
    QVERIFY(shown.status().startsWith("Editing"));
    editor->selectAll();
    for (const char* line : {"x = 1", "y = x / 0"}) {
        QTest::keyClicks(editor, line);
        QTest::keyClick(editor, Qt::Key_Return);
    }
    QCOMPARE(editor->source(), QString(testing::kDivisionProgram));
    shown.click("editButton");
    shown.waitForRun();
    QVERIFY(!shown.widget.isEditing());
    QVERIFY(editor->isReadOnly());
    QCOMPARE(shown.widget.snapshotCount(), 6);
    QCOMPARE(shown.widget.position(), 0);
    QCOMPARE(shown.bytecodeRow(), QString("0 RESUME 0"));
    QCOMPARE(shown.child<BytecodeView>("bytecodeView")->rowCount(), 7);
}

void PyVmWidgetTest::aSyntaxErrorIsShownAtItsLine() {
    Shown shown(stateFor(testing::kSeedProgram));
    shown.widget.runSource("def (:\n");
    shown.waitForRun();
    QCOMPARE(shown.status(), QString("SyntaxError: invalid syntax (line 1, column 5)"));
    QCOMPARE(shown.editor()->errorLine(), 1);
    QCOMPARE(shown.editor()->errorColumn(), 4);
    QCOMPARE(shown.editor()->errorMessage(), QString("SyntaxError: invalid syntax"));
    QCOMPARE(shown.widget.snapshotCount(), 0);
    QVERIFY(!shown.controls()->isEnabled());
    QCOMPARE(shown.stack(), QStringList());
    QCOMPARE(shown.child<BytecodeView>("bytecodeView")->rowCount(), 0);
    // Fixing it clears the mark.
    shown.widget.runSource(testing::kSeedProgram);
    shown.waitForRun();
    QCOMPARE(shown.editor()->errorLine(), 0);
    QCOMPARE(shown.widget.snapshotCount(), 24);
}

void PyVmWidgetTest::aRuntimeErrorIsShownOnTheLastStep() {
    Shown shown(stateFor(testing::kDivisionProgram));
    QCOMPARE(shown.editor()->errorLine(), 0);  // not yet: it has not happened at step 1
    QCOMPARE(shown.status(),
             QString("The program ends with ZeroDivisionError at step 6 (line 2)."));
    shown.click("runToEndButton");
    QCOMPARE(shown.status(), QString("ZeroDivisionError: division by zero (line 2)"));
    QCOMPARE(shown.editor()->errorLine(), 2);
    QCOMPARE(shown.editor()->errorColumn(), 4);
    QCOMPARE(shown.editor()->errorMessage(), QString("ZeroDivisionError: division by zero"));
    QCOMPARE(shown.stack(), QStringList({"0", "1"}));
    shown.click("backButton");
    QCOMPARE(shown.editor()->errorLine(), 0);
}

void PyVmWidgetTest::aProgramThatNeverEndsStopsAtTheStepLimit() {
    PyVmState state = stateFor(testing::kForeverProgram);
    state.maxSteps = 2000;
    Shown shown(state);
    QCOMPARE(shown.widget.snapshotCount(), 2000);
    QVERIFY(!mlsyslab::widgets::hasBackgroundWork(shown.widget));
    shown.click("runToEndButton");
    QCOMPARE(shown.status(),
             QString("Stopped after 2000 steps, the most this simulator records (max_steps). "
                     "The program had not ended: it needs more steps, or it never ends."));
    QVERIFY(shown.statusIsAProblem());
}

void PyVmWidgetTest::aDeepRecursionStopsAtTheFrameBudgetNotTheStepLimit() {
    // The calls-and-frames lesson's program: no base case. Each snapshot copies every frame, so
    // the recording's frame budget runs out some 530 calls deep, long before the step limit
    // and before Python's recursion limit; the status must say that, not suggest a loop.
    PyVmState state = stateFor("def count_down(n):\n    return count_down(n - 1)\n\n"
                               "count_down(10)\n");
    state.maxSteps = 20000;
    Shown shown(state, runOnLessonVm);
    const int steps = shown.widget.snapshotCount();
    QVERIFY2(steps > 1000 && steps < 20000, qPrintable(QString::number(steps)));
    shown.click("runToEndButton");
    const int depth = shown.frames().count(QStringLiteral("count_down")) + 1;  // and <module>
    QVERIFY2(depth > 100 && depth < 1000, qPrintable(QString::number(depth)));
    QCOMPARE(shown.status(),
             QString("Recording stopped at step %1, %2 frames deep: every step keeps a copy of "
                     "every frame, and the recording holds at most 1 million frames in all. The "
                     "program had not ended; Python's own limit is 1000 frames.")
                 .arg(steps)
                 .arg(depth));
    QVERIFY(!shown.statusIsAProblem());
}

void PyVmWidgetTest::destroyingTheWidgetCancelsItsRun() {
    // A run far longer than a test: the widget opens while it goes on, and closing it stops it.
    std::atomic<bool> cancelled = false;
    const ProgramRunner watching = [&cancelled](const std::string&,
                                                const mlsyslab::pyvm::RunOptions& options) {
        QElapsedTimer waited;
        waited.start();
        while (!options.cancel->load() && waited.elapsed() < 10'000) QThread::msleep(1);
        cancelled = options.cancel->load();
        return testing::syntaxErrorRun();
    };
    QElapsedTimer timer;
    timer.start();
    {
        PyVmWidget widget(stateFor(testing::kForeverProgram), watching);
        QVERIFY(widget.isRunning());
        QCOMPARE(widget.snapshotCount(), 0);
        // A screenshot waits for the recording (widgets/common/BackgroundWork.h).
        QVERIFY(mlsyslab::widgets::hasBackgroundWork(widget));
    }
    QTRY_VERIFY_WITH_TIMEOUT(cancelled.load(), 5000);
    QVERIFY(timer.elapsed() < 5000);
}

void PyVmWidgetTest::jumpTargetsAreMarked() {
    Shown shown(stateFor(testing::kForeverProgram));
    BytecodeView* bytecode = shown.child<BytecodeView>("bytecodeView");
    QCOMPARE(bytecode->rowText(5), QString("4 LOAD_NAME n"));
    QVERIFY(bytecode->isJumpTarget(5));
    QVERIFY(!bytecode->isJumpTarget(6));
    QCOMPARE(bytecode->rowText(9), QString("8 JUMP_BACKWARD to #4"));
    // A new round of the loop is a new line for Step line, though the line is the same.
    shown.controls()->setPosition(8);  // JUMP_BACKWARD, line 3
    shown.click("stepLineButton");
    QCOMPARE(shown.bytecodeRow(), QString("4 LOAD_NAME n"));
}

// How long a step takes to render is measured by bench/bench_pyvm_widget, not here.
void PyVmWidgetTest::manyStepsInARowFollowTheProgram() {
    PyVmState state = stateFor(testing::kForeverProgram);
    state.maxSteps = 3000;
    Shown shown(state);
    for (int step = 1; step <= 300; ++step) {
        shown.controls()->stepForward();
        shown.widget.repaint();
        QCOMPARE(shown.widget.position(), step);
    }
    QVERIFY(!shown.bytecodeRow().isEmpty());
}

void PyVmWidgetTest::presentationModeRenders() {
    Shown shown(stateFor(testing::kSeedProgram));
    const DisplayStyle style = presentationStyle();
    shown.widget.setPalette(paletteFor(style, shown.widget.palette()));
    shown.widget.setFont(fontFor(style, shown.widget.font()));
    shown.widget.resize(1900, 1000);
    for (int step = 0; step < 24; step += 5) {
        shown.controls()->setPosition(step);
        const QImage image = shown.widget.grab().toImage();
        QVERIFY(!image.isNull());
    }
    QVERIFY(shown.widget.minimumSizeHint().height() < 1000);
}

QTEST_MAIN(PyVmWidgetTest)
#include "tst_pyvm_widget.moc"
