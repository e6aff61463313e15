// The lesson VM's sandbox: every runaway program stops quickly with a Python-style error.
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QtTest>
#include <atomic>
#include <string>
#include <thread>

#include "pyvm/Vm.h"

using mlsyslab::pyvm::RunOptions;
using mlsyslab::pyvm::runProgram;
using mlsyslab::pyvm::RunResult;

namespace {

// Generous for a loaded CI machine; a runaway program that is stopped takes milliseconds.
constexpr qint64 kQuicklyMs = 5000;

// Object addresses come from a per-thread creation counter that runs on across runs in one
// process (a fresh process, as `py trace` is, starts it over); everything else must be equal.
std::vector<std::string> withoutAddresses(const std::vector<std::string>& texts) {
    static const QRegularExpression address(QStringLiteral("at 0x[0-9a-f]+"));
    std::vector<std::string> result;
    for (const std::string& text : texts) {
        result.push_back(
            QString::fromStdString(text).replace(address, QStringLiteral("at 0x…")).toStdString());
    }
    return result;
}

std::vector<std::string> values(const std::vector<std::pair<std::string, std::string>>& pairs) {
    std::vector<std::string> result;
    for (const auto& [name, value] : pairs) result.push_back(name + "=" + value);
    return withoutAddresses(result);
}

QString errorLine(const RunResult& result) {
    return result.error ? QString::fromStdString(result.error->line()) : QString();
}

}  // namespace

class SandboxTest : public QObject {
    Q_OBJECT

private slots:
    void stepLimitStopsInfiniteLoop();
    void stepLimitCountsInstructions();
    void recursionLimitMatchesCPython();
    void recursionStopsAtCPythonDepth();
    void hugeListIsMemoryError();
    void appendingForeverStops();
    void cancelFlagInterrupts();
    void importIsRefused();
    void tracesAreDeterministic();
    void snapshotLimitTruncates();
};

void SandboxTest::stepLimitStopsInfiniteLoop() {
    RunOptions options;
    options.limits.maxSteps = 100'000;
    QElapsedTimer timer;
    timer.start();
    const RunResult result = runProgram("while True:\n    pass\n", options);
    QVERIFY(timer.elapsed() < kQuicklyMs);
    QCOMPARE(
        errorLine(result),
        QStringLiteral(
            "RuntimeError: the lesson VM stopped the program after 100000 steps (step limit)"));
    QCOMPARE(result.steps, 100'000);
    QVERIFY(result.traceback.starts_with("Traceback (most recent call last):\n"));
}

void SandboxTest::stepLimitCountsInstructions() {
    // RESUME, LOAD_CONST, STORE_NAME, LOAD_CONST, RETURN_VALUE.
    const RunResult result = runProgram("x = 1\n");
    QVERIFY(!result.error);
    QCOMPARE(result.steps, 5);
    RunOptions options;
    options.limits.maxSteps = 4;
    const RunResult stopped = runProgram("x = 1\n", options);
    QCOMPARE(errorLine(stopped),
             QStringLiteral(
                 "RuntimeError: the lesson VM stopped the program after 4 steps (step limit)"));
    QCOMPARE(stopped.steps, 4);
}

void SandboxTest::recursionLimitMatchesCPython() {
    const RunResult result = runProgram("def f(n):\n    return f(n + 1)\nf(0)\n");
    QCOMPARE(errorLine(result), QStringLiteral("RecursionError: maximum recursion depth exceeded"));
    // CPython folds the repeated frames the same way.
    QVERIFY(result.traceback.find("  [Previous line repeated 996 more times]\n") !=
            std::string::npos);
}

void SandboxTest::recursionStopsAtCPythonDepth() {
    // python3.11: the module plus 999 frames of f run (998 is printed from frame 998 of f), the
    // 1000th call fails, and the traceback holds the 999 frames of f (3 shown, 996 folded).
    const char* program =
        "def f(n):\n"
        "    if n == 998:\n"
        "        print(n)\n"
        "    return f(n + 1)\n"
        "f(1)\n";
    const RunResult result = runProgram(program);
    QCOMPARE(errorLine(result), QStringLiteral("RecursionError: maximum recursion depth exceeded"));
    QCOMPARE(result.output, std::string("998\n"));
    QVERIFY(result.traceback.find("  [Previous line repeated 996 more times]\n") !=
            std::string::npos);
}

void SandboxTest::hugeListIsMemoryError() {
    QElapsedTimer timer;
    timer.start();
    const RunResult result = runProgram("x = [0] * 10**9\n");
    QVERIFY(timer.elapsed() < kQuicklyMs);
    QVERIFY2(errorLine(result).startsWith(QStringLiteral("MemoryError")),
             qPrintable(errorLine(result)));
}

void SandboxTest::appendingForeverStops() {
    // Each new list is a heap object: the live-object bound stops the program, checked every few
    // thousand steps. Ints are not objects, so appending them runs into the step limit instead.
    RunOptions options;
    options.limits.maxLiveObjects = 200'000;
    QElapsedTimer timer;
    timer.start();
    const RunResult lists = runProgram("xs = []\nwhile True:\n    xs.append([1])\n", options);
    QVERIFY(timer.elapsed() < kQuicklyMs);
    QCOMPARE(errorLine(lists), QStringLiteral("MemoryError"));
    options.limits.maxSteps = 2'000'000;
    const RunResult ints = runProgram("xs = []\nwhile True:\n    xs.append(1)\n", options);
    QVERIFY(timer.elapsed() < kQuicklyMs);
    const QString line = errorLine(ints);
    QVERIFY2(line.startsWith(QStringLiteral("MemoryError")) ||
                 line.startsWith(QStringLiteral("RuntimeError")),
             qPrintable(line));
}

void SandboxTest::cancelFlagInterrupts() {
    std::atomic<bool> cancel{false};
    RunOptions options;
    options.cancel = &cancel;
    options.limits.maxSteps = 1'000'000'000'000;
    std::thread canceller([&cancel] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        cancel = true;
    });
    QElapsedTimer timer;
    timer.start();
    const RunResult result = runProgram("n = 0\nwhile True:\n    n += 1\n", options);
    canceller.join();
    QVERIFY(timer.elapsed() < kQuicklyMs);
    QCOMPARE(errorLine(result), QStringLiteral("KeyboardInterrupt"));
}

void SandboxTest::importIsRefused() {
    const RunResult result = runProgram("import os\nprint(os.getcwd())\n");
    QVERIFY(result.error.has_value());
    QVERIFY2(result.error->line().find("import") != std::string::npos,
             result.error->line().c_str());
    QVERIFY(result.output.empty());
    QCOMPARE(result.errorLine, 1);
}

void SandboxTest::tracesAreDeterministic() {
    const char* program =
        "def make(n):\n"
        "    return [i * i for i in range(n)]\n"
        "table = dict([(k, make(k)) for k in range(3)])\n"
        "print(table, make, len)\n";
    RunOptions options;
    options.recordTrace = true;
    const RunResult first = runProgram(program, options);
    const RunResult second = runProgram(program, options);
    QVERIFY2(!first.error, first.traceback.c_str());
    QCOMPARE(first.trace.snapshots.size(), second.trace.snapshots.size());
    QCOMPARE(withoutAddresses({first.output}), withoutAddresses({second.output}));
    for (std::size_t index = 0; index < first.trace.snapshots.size(); ++index) {
        const auto& a = first.trace.snapshots[index];
        const auto& b = second.trace.snapshots[index];
        QCOMPARE(a.frames.size(), b.frames.size());
        for (std::size_t frame = 0; frame < a.frames.size(); ++frame) {
            QCOMPARE(a.frames[frame].instruction, b.frames[frame].instruction);
            QCOMPARE(values(a.frames[frame].locals), values(b.frames[frame].locals));
            QCOMPARE(withoutAddresses(a.frames[frame].stack),
                     withoutAddresses(b.frames[frame].stack));
        }
        QCOMPARE(values(a.globals), values(b.globals));
        QCOMPARE(a.outputLength, b.outputLength);
    }
}

void SandboxTest::snapshotLimitTruncates() {
    RunOptions options;
    options.recordTrace = true;
    options.maxSnapshots = 50;
    const RunResult result = runProgram("while True:\n    pass\n", options);
    QVERIFY(!result.error.has_value());
    QVERIFY(result.trace.truncated());
    QCOMPARE(result.trace.snapshots.size(), std::size_t{50});
}

QTEST_APPLESS_MAIN(SandboxTest)
#include "tst_sandbox.moc"
