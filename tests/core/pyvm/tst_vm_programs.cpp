// Every program in tests/data/pyvm/programs run through the lesson VM and compared with what
// CPython 3.11 made of it (goldens by `python3.11 tests/data/pyvm/make_goldens.py`): stdout byte
// for byte, and the last stderr line (`ExcType: message`) for the programs that fail.
#include <QDir>
#include <QFile>
#include <QtTest>
#include <string>

#include "pyvm/Vm.h"

namespace {

const QString programsDirectory = QStringLiteral(MLSYSLAB_TEST_DATA_DIR "/pyvm/programs");

QByteArray readFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

}  // namespace

class VmProgramsTest : public QObject {
    Q_OBJECT

private slots:
    void matchesCPython_data();
    void matchesCPython();
    // The traced run (a snapshot per instruction) behaves exactly as the fast one.
    void tracedRunAgrees_data() { matchesCPython_data(); }
    void tracedRunAgrees();
};

void VmProgramsTest::matchesCPython_data() {
    QTest::addColumn<QString>("program");
    const QStringList programs =
        QDir(programsDirectory).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
    QVERIFY(!programs.isEmpty());
    for (const QString& program : programs) {
        QTest::newRow(program.toUtf8().constData())
            << programsDirectory + QLatin1Char('/') + program;
    }
}

void VmProgramsTest::matchesCPython() {
    QFETCH(QString, program);
    const QString base = program.chopped(3);
    const QByteArray source = readFile(program);
    const QByteArray expectedOutput = readFile(base + QStringLiteral(".out"));
    const bool expectsError = QFile::exists(base + QStringLiteral(".err"));

    mlsyslab::pyvm::RunOptions options;
    options.filename = QFileInfo(program).fileName().toStdString();
    const mlsyslab::pyvm::RunResult result =
        mlsyslab::pyvm::runProgram(source.toStdString(), options);

    QCOMPARE(QByteArray::fromStdString(result.output), expectedOutput);
    if (expectsError) {
        QVERIFY2(result.error.has_value(), "CPython raised an error, the VM did not");
        const QByteArray expectedLine = readFile(base + QStringLiteral(".err")).trimmed();
        QCOMPARE(QByteArray::fromStdString(result.error->line()), expectedLine);
        // The traceback ends with the same line CPython prints last.
        QVERIFY(QByteArray::fromStdString(result.traceback).trimmed().endsWith(expectedLine));
    } else {
        QVERIFY2(!result.error.has_value(), result.error ? result.error->line().c_str() : "");
    }
}

void VmProgramsTest::tracedRunAgrees() {
    QFETCH(QString, program);
    const std::string source = readFile(program).toStdString();
    mlsyslab::pyvm::RunOptions options;
    const mlsyslab::pyvm::RunResult fast = mlsyslab::pyvm::runProgram(source, options);
    options.recordTrace = true;
    options.maxSnapshots = 20'000;  // enough for most programs, quick for all
    const mlsyslab::pyvm::RunResult traced = mlsyslab::pyvm::runProgram(source, options);
    if (traced.trace.truncated()) {
        QVERIFY(fast.output.starts_with(traced.output));
        return;
    }
    QCOMPARE(traced.output, fast.output);
    QCOMPARE(traced.error.has_value(), fast.error.has_value());
    if (fast.error) QCOMPARE(traced.traceback, fast.traceback);
    if (fast.error && !traced.trace.snapshots.empty()) {
        QCOMPARE(traced.trace.snapshots.back().exception, fast.error->line());
    }
    QCOMPARE(traced.steps, fast.steps);
}

QTEST_APPLESS_MAIN(VmProgramsTest)
#include "tst_vm_programs.moc"
