#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "CliTestSupport.h"

// Runs the real mlsyslab-cli binary, as scripts and graders do.
namespace {

using mlsyslab::testing::runCli;
using Run = mlsyslab::testing::CliRun;

void writeFile(const QString& path, const QByteArray& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

const QByteArray kValidLesson =
    "---\nformat: mlsyslab-lesson/1\nid: ok\ntitle: A valid lesson\npart: Part 9\norder: 2\n---\n\n"
    "# Hello\n\n```sim bits\nwidth: 8\nvalue: 65\n```\n";

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(directory_.isValid()); }

    void versionAndHelp() {
        const Run version = runCli({"--version"});
        QCOMPARE(version.exitCode, 0);
        QCOMPARE(version.out, QStringLiteral("mlsyslab-cli %1\n").arg(MLSYSLAB_VERSION));

        const Run help = runCli({"--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("lesson validate"));
        QVERIFY(help.out.contains("lesson list"));

        const Run groupHelp = runCli({"lesson", "--help"});
        QCOMPARE(groupHelp.exitCode, 0);
        QVERIFY(groupHelp.out.contains("lesson validate"));

        const Run commandHelp = runCli({"lesson", "validate", "--help"});
        QCOMPARE(commandHelp.exitCode, 0);
        QVERIFY(commandHelp.out.startsWith("Usage: mlsyslab-cli lesson validate FILE..."));
    }

    void badUsageIsOneLineAndExitTwo_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown command") << QStringList{"lesso"} << "unknown command 'lesso'; did you mean 'lesson'?";
        QTest::newRow("unknown subcommand") << QStringList{"lesson", "valdate", "x"} << "did you mean 'validate'?";
        QTest::newRow("no files") << QStringList{"lesson", "validate"} << "give at least one FILE";
        QTest::newRow("unknown option") << QStringList{"lesson", "validate", "--strict", "a.md"} << "unknown option '--strict'";
        QTest::newRow("two dirs") << QStringList{"lesson", "list", "a", "b"} << "at most one DIR";
    }
    void badUsageIsOneLineAndExitTwo() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Run run = runCli(arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.out.isEmpty());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.startsWith("mlsyslab-cli: ") && run.err.contains(message), qPrintable(run.err));
    }

    void missingCommandIsOneLine_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("error");
        QTest::newRow("nothing") << QStringList{} << "mlsyslab-cli: give a command: *lesson* (see mlsyslab-cli --help)\n";
        QTest::newRow("group only") << QStringList{"lesson"}
                                    << "mlsyslab-cli: give a command: validate, list, kinds (see mlsyslab-cli lesson --help)\n";
        QTest::newRow("unknown top option") << QStringList{"--frob"}
                                            << "mlsyslab-cli: unknown option '--frob' (see mlsyslab-cli --help)\n";
    }
    void missingCommandIsOneLine() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, error);
        const Run run = runCli(arguments);
        QCOMPARE(run.exitCode, 2);
        // "*" stands for the list of command groups, which grows with the engines.
        const QStringList around = error.split('*');
        QVERIFY2(run.err.startsWith(around.front()) && run.err.endsWith(around.back()) &&
                     run.err.contains(around.at(around.size() / 2)),
                 qPrintable(run.err));
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(run.out.isEmpty());
    }

    void validateReportsFileLineColumn() {
        const QString good = directory_.filePath("good.lesson.md");
        writeFile(good, kValidLesson);
        const Run ok = runCli({"lesson", "validate", good});
        QCOMPARE(ok.exitCode, 0);
        QCOMPARE(ok.out, QString());

        const QString bad = directory_.filePath("bad.lesson.md");
        QByteArray broken = kValidLesson;
        broken.replace("```sim bits", "```sim bitz");
        writeFile(bad, broken);
        const Run failed = runCli({"lesson", "validate", good, bad});
        QCOMPARE(failed.exitCode, 1);
        QCOMPARE(failed.out, bad + ":11:8: error: unknown simulator kind 'bitz'; did you mean 'bits'?\n");

        const QString yaml = directory_.filePath("yaml.lesson.md");
        QByteArray badYaml = kValidLesson;
        badYaml.replace("value: 65", "value: [65");
        writeFile(yaml, badYaml);
        const Run yamlRun = runCli({"lesson", "validate", yaml});
        QCOMPARE(yamlRun.exitCode, 1);
        // yaml-cpp finds the missing ']' at the end of the state (the closing fence, 14:1); the
        // message points at the '[' left open.
        QCOMPARE(yamlRun.out, yaml + ":13:8: error: invalid YAML in sim state: this '[' is never "
                                     "closed; end the list with ']'\n");

        const Run missing = runCli({"lesson", "validate", directory_.filePath("missing.md")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.out.contains("missing.md: error: cannot read the file"));
    }

    void warningsDoNotFail() {
        const QString path = directory_.filePath("warn.lesson.md");
        QByteArray text = kValidLesson;
        text.replace("order: 2", "order: 2\nauthor: me");
        writeFile(path, text);
        const Run run = runCli({"lesson", "validate", path});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.startsWith(path + ":7:1: warning: "), qPrintable(run.out));
    }

    void listTheBuiltinCourse() {
        const Run run = runCli({"lesson", "list"});
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QVERIFY(!lines.isEmpty());
        QCOMPARE(lines.front(), QString("01-bits-and-bytes.lesson.md\tbits-and-bytes\t"
                                        "Part 1: Data representation and ML hardware\t8\tBits and bytes"));
    }

    void kindsListsEveryKindAndItsFields() {
        const Run all = runCli({"lesson", "kinds"});
        QCOMPARE(all.exitCode, 0);
        const QStringList lines = all.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 24);
        QVERIFY(lines.front().startsWith("adder\tan N-bit ripple-carry"));

        const Run adder = runCli({"lesson", "kinds", "adder"});
        QCOMPARE(adder.exitCode, 0);
        const QStringList table = adder.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(table.size(), 2 + 8);
        QCOMPARE(table[0], QString("| Field | Default | Value |"));
        QCOMPARE(table[3], QString("| `width` | `8` | the number of bits, from `1` to `32` |"));

        const Run misspelt = runCli({"lesson", "kinds", "addr"});
        QCOMPARE(misspelt.exitCode, 2);
        QCOMPARE(misspelt.err, QString("mlsyslab-cli: lesson kinds: unknown simulator kind 'addr'; "
                                       "did you mean 'adder'?\n"));
    }

    void listADirectory() {
        QTemporaryDir lessons;
        writeFile(lessons.filePath("b.lesson.md"), kValidLesson);
        QByteArray first = kValidLesson;
        first.replace("id: ok", "id: first").replace("order: 2", "order: 1");
        writeFile(lessons.filePath("a.lesson.md"), first);
        writeFile(lessons.filePath("notes.txt"), "not a lesson");
        const Run run = runCli({"lesson", "list", lessons.path()});
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines[0].contains("\tfirst\t"));
        QVERIFY(lines[1].contains("\tok\tPart 9\t1\tA valid lesson"));

        writeFile(lessons.filePath("c.lesson.md"), "no front matter\n");
        const Run withError = runCli({"lesson", "list", lessons.path()});
        QCOMPARE(withError.exitCode, 1);
        QCOMPARE(withError.out.count('\n'), 2);
        QVERIFY(withError.err.contains("c.lesson.md:1:1: error:"));

        const Run notADirectory = runCli({"lesson", "list", lessons.filePath("notes.txt")});
        QCOMPARE(notADirectory.exitCode, 1);
    }

private:
    QTemporaryDir directory_;
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
