#include <QDir>
#include <QtTest>

#include "CliTestSupport.h"
#include "PyCliSupport.h"

// `mlsyslab-cli py run|dis` run as the real binary (DESIGN.md §4) over the whole corpus in
// tests/data/pyvm/programs: every program's output, error and disassembly must equal what CPython
// 3.11 gives (the goldens come from make_goldens.py). Rows are named after the programs, whose
// prefixes (course_, errors_, compile_, values_, vm_) say which part of the VM a failure points
// at. Then the command-line forms: help, bad usage, stdin and the traceback's file name.
namespace {

using namespace mlsyslab::testing;
using Run = CliRun;

QStringList corpus() {
    QStringList names;
    for (const QString& file :
         QDir(pyProgramsDirectory()).entryList({"*.py"}, QDir::Files, QDir::Name)) {
        names << file.chopped(3);
    }
    return names;
}

void corpusRows() {
    QTest::addColumn<QString>("name");
    for (const QString& name : corpus()) QTest::newRow(qPrintable(name)) << name;
}

}  // namespace

class TestCliPy : public QObject {
    Q_OBJECT

private slots:
    void corpusIsThere() {
        const QStringList names = corpus();
        QVERIFY2(names.filter(QRegularExpression("^course_")).size() >= 40, "course programs");
        QVERIFY2(names.filter(QRegularExpression("^errors_")).size() >= 25, "error programs");
        for (const QString& name : names) {
            QVERIFY2(!pyGolden(name, ".out").isNull(),
                     qPrintable(name + ".out is missing: run make_goldens.py"));
        }
    }

    // stdout byte for byte, whether or not the program fails.
    void runOutput_data() { corpusRows(); }
    void runOutput() {
        QFETCH(QString, name);
        const QByteArray expected = pyGolden(name, ".out");
        const CliBytesRun run = runCliBytes({"py", "run", pyProgramPath(name)});
        QVERIFY2(run.exitCode >= 0, "mlsyslab-cli crashed or hung");
        QVERIFY2(run.out == expected, qPrintable(firstDifference(expected, run.out)));
    }

    // The last stderr line is CPython's `ExcType: message` and the exit status 1; a program that
    // does not fail exits with 0 and says nothing on stderr.
    void runError_data() { corpusRows(); }
    void runError() {
        QFETCH(QString, name);
        const QByteArray expected = pyGolden(name, ".err");
        const CliBytesRun run = runCliBytes({"py", "run", pyProgramPath(name)});
        if (expected.isNull()) {
            QVERIFY2(run.err.isEmpty(), run.err.constData());
            QCOMPARE(run.exitCode, 0);
            return;
        }
        QCOMPARE(QString::fromUtf8(lastLine(run.err)), QString::fromUtf8(lastLine(expected)));
        QCOMPARE(run.exitCode, 1);
    }

    // The normalized disassembly; a program CPython cannot compile fails `py dis` with its error.
    void dis_data() { corpusRows(); }
    void dis() {
        QFETCH(QString, name);
        const QByteArray expected = pyGolden(name, ".dis");
        const CliBytesRun run = runCliBytes({"py", "dis", pyProgramPath(name)});
        if (expected.isNull()) {
            QCOMPARE(run.exitCode, 1);
            QVERIFY(run.out.isEmpty());
            QCOMPARE(QString::fromUtf8(lastLine(run.err)),
                     QString::fromUtf8(lastLine(pyGolden(name, ".err"))));
            return;
        }
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out == expected, qPrintable(firstDifference(expected, run.out)));
    }

    // CPython's traceback: the header, each frame's `File "FILE", line N, in NAME` as FILE was
    // given, outermost first, and the error last.
    void tracebackNamesTheFileAsGiven() {
        const QString path = pyProgramPath("errors_zero_division_int");
        const CliBytesRun run = runCliBytes({"py", "run", path});
        QCOMPARE(run.exitCode, 1);
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.startsWith("Traceback (most recent call last):\n"), qPrintable(err));
        const qsizetype outer =
            err.indexOf(QString("  File \"%1\", line 9, in <module>\n").arg(path));
        const qsizetype inner =
            err.indexOf(QString("  File \"%1\", line 3, in average\n").arg(path));
        QVERIFY2(outer > 0 && inner > outer, qPrintable(err));
        QVERIFY(err.endsWith("\nZeroDivisionError: division by zero\n"));

        const CliBytesRun syntax =
            runCliBytes({"py", "run", pyProgramPath("errors_syntax_missing_colon")});
        QCOMPARE(syntax.exitCode, 1);
        QVERIFY(syntax.out.isEmpty());
        QVERIFY2(syntax.err.contains(QString("File \"%1\", line 2\n")
                                         .arg(pyProgramPath("errors_syntax_missing_colon"))
                                         .toUtf8()),
                 syntax.err.constData());
        QVERIFY(syntax.err.endsWith("SyntaxError: expected ':'\n"));
    }

    // FILE `-` reads the program from stdin; tracebacks call it <stdin>, as python3.11 - does.
    void readsStdin() {
        const QByteArray seed =
            "def add(a, b):\n    return a + b\nresult = add(3, 5)\nprint(result)\n";
        const CliBytesRun run = runCliBytes({"py", "run", "-"}, seed);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QByteArray("8\n"));
        QVERIFY(run.err.isEmpty());

        const CliBytesRun failing =
            runCliBytes({"py", "run", "-"}, "print('before')\nprint(1 // 0)\n");
        QCOMPARE(failing.exitCode, 1);
        QCOMPARE(failing.out, QByteArray("before\n"));
        QVERIFY2(failing.err.contains("  File \"<stdin>\", line 2, in <module>\n"),
                 failing.err.constData());
        QCOMPARE(lastLine(failing.err),
                 QByteArray("ZeroDivisionError: integer division or modulo by zero"));

        const CliBytesRun dis = runCliBytes({"py", "dis", "-"}, seed);
        QCOMPARE(dis.exitCode, 0);
        QCOMPARE(dis.out, pyGolden("seed_add", ".dis"));
    }

    // Output is written as the program printed it: UTF-8, control characters and no added newline.
    void outputBytesPassThrough() {
        const QByteArray program =
            "print('é π €', end='')\nprint('\\t\\x01\\r', end='|')\nprint()\n";
        const CliBytesRun run = runCliBytes({"py", "run", "-"}, program);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QByteArray("é π €\t\x01\r|\n"));
    }

    // --max-steps bounds a runaway program with an error, exit 1.
    void stepLimit() {
        const CliBytesRun run = runCliBytes({"py", "run", "--max-steps", "1000", "-"},
                                            "print('go')\nwhile True:\n    pass\n");
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QByteArray("go\n"));
        QVERIFY2(lastLine(run.err).startsWith("RuntimeError: "), run.err.constData());
        const CliBytesRun enough =
            runCliBytes({"py", "run", "-", "--max-steps", "1000"}, "print(sum(range(10)))\n");
        QCOMPARE(enough.exitCode, 0);
        QCOMPARE(enough.out, QByteArray("45\n"));
    }

    void badUsageIsOneLineAndExitTwo_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* arguments, const char* message) {
            QTest::newRow(arguments) << arguments << message;
        };
        row("py run /no/such/file.py", "py run: cannot read '/no/such/file.py'");
        row("py dis /no/such/file.py", "py dis: cannot read '/no/such/file.py'");
        row("py trace /no/such/file.py", "py trace: cannot read '/no/such/file.py'");
        row("py run", "py run: give one FILE (a Python program, or - for stdin), got 0");
        row("py run a.py b.py", "py run: give one FILE (a Python program, or - for stdin), got 2");
        row("py run --frob x.py", "py run: unknown option '--frob'");
        row("py dis --max-steps 5 x.py", "py dis: unknown option '--max-steps'");
        row("py run --max-steps 0 x.py",
            "py run: --max-steps must be a whole number from 1, not '0'");
        row("py trace --max-steps ten x.py",
            "py trace: --max-steps must be a whole number from 1, not 'ten'");
        row("py trace --max-steps -5 x.py",
            "py trace: --max-steps must be a whole number from 1, not '-5'");
        row("py trace x.py --max-steps",
            "py trace: --max-steps must be a whole number from 1, not ''");
        row("py run --max-steps 5 --max-steps 6 x.py",
            "py run: --max-steps is given more than once");
        row("py runn x.py", "unknown command 'py runn'; did you mean 'run'?");
    }
    void badUsageIsOneLineAndExitTwo() {
        QFETCH(QString, arguments);
        QFETCH(QString, message);
        const Run run = runCli(words(arguments));
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.out.isEmpty());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.startsWith("mlsyslab-cli: ") && run.err.contains(message),
                 qPrintable(run.err));
    }

    void help() {
        const Run top = runCli({"--help"});
        for (const char* command : {"py run", "py dis", "py trace"})
            QVERIFY2(top.out.contains(command), command);
        const Run group = runCli({"py", "--help"});
        QCOMPARE(group.exitCode, 0);
        QVERIFY(group.out.startsWith("Usage: mlsyslab-cli py COMMAND"));
        const Run run = runCli({"py", "run", "--help"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.err.isEmpty());
        QVERIFY(run.out.startsWith("Usage: mlsyslab-cli py run FILE [--max-steps N]\n"));
        QVERIFY(run.out.contains("--max-steps N"));
        const Run dis = runCli({"py", "dis", "--help"});
        QVERIFY(dis.out.startsWith("Usage: mlsyslab-cli py dis FILE\n"));
        QVERIFY(dis.out.contains("to #N"));
        const Run trace = runCli({"py", "trace", "--help"});
        QVERIFY(trace.out.startsWith("Usage: mlsyslab-cli py trace FILE [--max-steps N]\n"));
        for (const char* field :
             {"step", "event", "function", "instruction", "opname", "argrepr", "line", "stack",
              "frames", "locals", "globals", "output", "exception", "truncated"}) {
            QVERIFY2(trace.out.contains(field), field);
        }
    }
};

QTEST_GUILESS_MAIN(TestCliPy)
#include "tst_cli_py.moc"
