#pragma once

// What the command-line suites share: running the real mlsyslab-cli (MLSYSLAB_CLI, set by
// tests/app/CMakeLists.txt) as graders and checks run it.
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace mlsyslab::testing {

struct CliRun {
    int exitCode = -1;  // -1 when the program crashed or did not finish
    QString out;
    QString err;
};

// Runs the CLI with these arguments and `input` on stdin (closed at once when empty).
inline CliRun runCli(const QStringList& arguments, const QByteArray& input = {}) {
    QProcess process;
    process.start(QStringLiteral(MLSYSLAB_CLI), arguments);
    process.waitForStarted();
    process.write(input);
    process.closeWriteChannel();
    process.waitForFinished(60000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

// The run's standard output as one JSON object; empty (with a warning) when it is not JSON.
inline QJsonObject jsonOf(const CliRun& run) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(run.out.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError) {
        qWarning("not JSON: %s", qPrintable(run.out));
        return {};
    }
    return document.object();
}

// "--format fp16 2.5" -> {"--format", "fp16", "2.5"}.
inline QStringList words(const QString& line) { return line.split(' ', Qt::SkipEmptyParts); }

}  // namespace mlsyslab::testing
