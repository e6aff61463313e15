#pragma once

// What the `py` command suites share: the corpus directory, a run that keeps stdout and stderr as
// bytes (outputs are compared with CPython's byte for byte, not after decoding), and a message
// that shows where two texts first differ.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace mlsyslab::testing {

// tests/data/pyvm/programs: NAME.py with NAME.out, NAME.err and NAME.dis written by CPython 3.11
// (tests/data/pyvm/make_goldens.py).
inline QString pyProgramsDirectory() {
    return QStringLiteral(MLSYSLAB_TEST_DATA_DIR "/pyvm/programs");
}

inline QString pyProgramPath(const QString& name) {
    return pyProgramsDirectory() + '/' + name + ".py";
}

// The golden NAME.suffix, or a null QByteArray when it does not exist.
inline QByteArray pyGolden(const QString& name, const char* suffix) {
    QFile file(pyProgramsDirectory() + '/' + name + suffix);
    if (!file.open(QIODevice::ReadOnly)) return {};
    QByteArray contents = file.readAll();
    return contents.isNull() ? QByteArray("") : contents;
}

struct CliBytesRun {
    int exitCode = -1;  // -1 when the program crashed or did not finish
    QByteArray out;
    QByteArray err;
};

inline CliBytesRun runCliBytes(const QStringList& arguments, const QByteArray& input = {}) {
    QProcess process;
    process.start(QStringLiteral(MLSYSLAB_CLI), arguments);
    process.waitForStarted();
    process.write(input);
    process.closeWriteChannel();
    const bool finished = process.waitForFinished(60000);
    if (!finished) process.kill();
    return {finished && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            process.readAllStandardOutput(), process.readAllStandardError()};
}

// The last line of a text, without its line break.
inline QByteArray lastLine(QByteArray text) {
    if (text.endsWith('\n')) text.chop(1);
    return text.mid(text.lastIndexOf('\n') + 1);
}

// "line 7: expected 'x = 1' got 'x = 2' (12 lines expected, 12 got)": the first line that differs.
inline QString firstDifference(const QByteArray& expected, const QByteArray& actual) {
    const QList<QByteArray> want = expected.split('\n');
    const QList<QByteArray> got = actual.split('\n');
    qsizetype line = 0;
    while (line < want.size() && line < got.size() && want[line] == got[line]) ++line;
    const auto at = [](const QList<QByteArray>& lines, qsizetype index) {
        return index < lines.size() ? "'" + QString::fromUtf8(lines[index]) + "'"
                                    : QString("(end)");
    };
    return QStringLiteral("line %1: expected %2 got %3 (%4 lines expected, %5 got)")
        .arg(line + 1)
        .arg(at(want, line), at(got, line))
        .arg(want.size() - 1)
        .arg(got.size() - 1);
}

}  // namespace mlsyslab::testing
