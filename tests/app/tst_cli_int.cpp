#include <QProcess>
#include <QtTest>

#include "CliTestSupport.h"

// `mlsyslab-cli int ...` run as the real binary, the way graders and scripts call it
// (DESIGN.md §4). The arithmetic itself is tested exhaustively in tst_integer_arithmetic; this
// suite checks the command-line forms: the output line, options, errors and help.
namespace {

using mlsyslab::testing::runCli;
using Run = mlsyslab::testing::CliRun;

}  // namespace

class TestCliInt : public QObject {
    Q_OBJECT

private slots:
    void printsOneLine_data();
    void printsOneLine();
    void badUsageIsOneLineAndExitTwo_data();
    void badUsageIsOneLineAndExitTwo();
    void helpAtEveryLevel();
};

void TestCliInt::printsOneLine_data() {
    QTest::addColumn<QString>("arguments");
    QTest::addColumn<QString>("line");
    const auto row = [](const char* arguments, const char* line) {
        QTest::newRow(arguments) << arguments << line;
    };
    // The seed examples of the brief and DESIGN.md §4, exactly.
    row("add --width 8 127 1", "-128 10000000 0x80 1");
    row("add --width 8 --unsigned 255 1", "0 00000000 0x00 1");
    row("neg --width 8 -128", "-128 10000000 0x80 1");
    row("wrap --width 8 300", "44 00101100 0x2C 1");
    row("repr --width 4 -8", "-8 1000 0x8 0");
    row("wrap --width 8 --unsigned -1", "255 11111111 0xFF 1");
    row("add --width 8 5 3", "8 00001000 0x08 0");
    // Negative operands are values; "--" ends the options; options go anywhere.
    row("add --width 8 -5 -3", "-8 11111000 0xF8 0");
    row("sub --width 8 -- -5 -3", "-2 11111110 0xFE 0");
    row("mul -7 --width 8 6", "-42 11010110 0xD6 0");
    row("sub 0 1 --unsigned --width 8", "255 11111111 0xFF 1");
    // repr of an out-of-range number shows the bits it is stored as, flagged.
    row("repr --width 8 300", "44 00101100 0x2C 1");
    row("repr --width 8 -0", "0 00000000 0x00 0");
    // Odd widths: BITS has exactly W digits, HEX ceil(W/4).
    row("wrap --width 5 31", "-1 11111 0x1F 1");
    row("mul --width 12 --unsigned 64 64", "0 000000000000 0x000 1");
    // 64 bits and numbers far beyond them.
    row("neg --width 64 -9223372036854775808",
        "-9223372036854775808 1000000000000000000000000000000000000000000000000000000000000000 "
        "0x8000000000000000 1");
    row("mul --width 64 --unsigned 4294967296 4294967296",
        "0 0000000000000000000000000000000000000000000000000000000000000000 0x0000000000000000 1");
    row("wrap --width 64 1000000000000000000000000000000",
        "5076944270305263616 0100011001110100111011011110101001000000000000000000000000000000 "
        "0x4674EDEA40000000 1");
}

void TestCliInt::printsOneLine() {
    QFETCH(QString, arguments);
    QFETCH(QString, line);
    const Run run = runCli(QStringList{"int"} + arguments.split(' '));
    QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, line + '\n');
}

void TestCliInt::badUsageIsOneLineAndExitTwo_data() {
    QTest::addColumn<QString>("arguments");
    QTest::addColumn<QString>("message");
    const auto row = [](const char* arguments, const char* message) {
        QTest::newRow(arguments) << arguments << message;
    };
    row("add 1 2", "int add: give --width W, a width from 4 to 64 bits");
    row("add --width 3 1 2", "int add: --width must be a whole number from 4 to 64, not '3'");
    row("add --width 65 1 2", "from 4 to 64, not '65'");
    row("add --width eight 1 2", "from 4 to 64, not 'eight'");
    row("add --width", "int add: --width needs a value");
    row("add --width 8 1", "int add: give two integers A B (got 1)");
    row("neg --width 8 1 2", "int neg: give one integer A (got 2)");
    row("wrap --width 8", "int wrap: give one integer A (got 0)");
    row("add --width 8 1.5 2", "int add: '1.5' is not a whole number");
    row("mul --width 8 0x10 2", "int mul: '0x10' is not a decimal number: 'x' is not a digit 0-9");
    row("add --width 8 300 1",
        "int add: 300 does not fit in 8 bits signed (-128 to 127); int wrap shows what it wraps "
        "to");
    row("sub --width 8 --unsigned -1 1", "-1 does not fit in 8 bits unsigned (0 to 255)");
    row("add --width 8 --saturate 1 2", "int add: unknown option '--saturate'");
    row("add --width 8 --width 16 1 2", "int add: --width is given more than once");
    row("div --width 8 1 2", "unknown command 'int div'");
    row("ad --width 8 1 2", "did you mean 'add'?");
}

void TestCliInt::badUsageIsOneLineAndExitTwo() {
    QFETCH(QString, arguments);
    QFETCH(QString, message);
    const Run run = runCli(QStringList{"int"} + arguments.split(' '));
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(run.err.startsWith("mlsyslab-cli: ") && run.err.contains(message),
             qPrintable(run.err));
}

void TestCliInt::helpAtEveryLevel() {
    const Run group = runCli({"int", "--help"});
    QCOMPARE(group.exitCode, 0);
    for (const char* operation : {"repr", "wrap", "add", "sub", "mul", "neg"}) {
        QVERIFY2(group.out.contains(QStringLiteral("int %1 ").arg(operation)), operation);
    }

    const Run add = runCli({"int", "add", "--help"});
    QCOMPARE(add.exitCode, 0);
    QVERIFY(add.err.isEmpty());
    QVERIFY(add.out.startsWith("Usage: mlsyslab-cli int add --width W [--unsigned] A B\n"));
    QVERIFY(add.out.contains("VALUE BITS HEX OVERFLOW"));
    QVERIFY(add.out.contains("4 to 64"));

    const Run wrap = runCli({"int", "wrap", "--help"});
    QCOMPARE(wrap.exitCode, 0);
    QVERIFY(wrap.out.startsWith("Usage: mlsyslab-cli int wrap --width W [--unsigned] A\n"));
    QVERIFY(wrap.out.contains("C cast"));

    // --help wins over everything else on the line, even bad arguments.
    const Run neg = runCli({"int", "neg", "--width", "99", "--help"});
    QCOMPARE(neg.exitCode, 0);
    QVERIFY(neg.out.startsWith("Usage: mlsyslab-cli int neg --width W [--unsigned] A\n"));
}

QTEST_GUILESS_MAIN(TestCliInt)
#include "tst_cli_int.moc"
