#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include "CliTestSupport.h"

// `mlsyslab-cli logic add ...` run as the real binary (DESIGN.md §4). The adders themselves are
// tested exhaustively in tst_adder_circuits and the simulation in tst_event_simulation; this
// suite checks the command-line form: values, flags, timing figures, JSON, errors and help.
namespace {

using mlsyslab::testing::runCli;
using Run = mlsyslab::testing::CliRun;

QStringList logicAdd(const QString& arguments) {
    return QStringList{"logic", "add"} + arguments.split(' ');
}

// The text output's lines as key -> value.
QMap<QString, QString> keyValues(const QString& text) {
    QMap<QString, QString> values;
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts)) {
        values.insert(line.section(": ", 0, 0), line.section(": ", 1));
    }
    return values;
}

const QStringList kKeys{
    "sum",         "sum_signed",       "bits",  "carry", "overflow",           "zero", "negative",
    "settle_time", "gate_evaluations", "gates", "depth", "critical_path_delay"};

}  // namespace

class TestCliLogicAdd : public QObject {
    Q_OBJECT

private slots:
    // The arithmetic, flags and cost. Gate counts and depths are the golden figures of
    // tst_adder_circuits (ripple 8: 44 gates, depth 18; cla 8: 61, 9; the subtractor adds one
    // XOR per bit and one level). Settle times worked out by hand: 5 + 3 on the ripple adder
    // carries through bits 0..2, so s3 rises at 7 and the zero flag's NOR-AND tree ends at 9;
    // on the lookahead adder c3 is ready at 3 and s3 at 4. 127 + 1 ripples the carry to c7 at
    // 14, s7 at 15, and the zero flag flickers back to 0 at 17.
    void values_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("expected");  // key=value pairs that must appear
        const auto row = [](const char* arguments, const char* expected) {
            QTest::newRow(arguments) << arguments << expected;
        };
        row("--width 8 --adder ripple 5 3",
            "sum=8 sum_signed=8 bits=00001000 carry=0 overflow=0 zero=0 negative=0 "
            "settle_time=9 gates=44 depth=18 critical_path_delay=18");
        row("--width 8 --adder cla 5 3",
            "sum=8 bits=00001000 carry=0 overflow=0 settle_time=4 gates=61 depth=9 "
            "critical_path_delay=9");
        row("--width 8 --adder ripple 127 1",
            "sum=128 sum_signed=-128 bits=10000000 carry=0 overflow=1 zero=0 negative=1 "
            "settle_time=17");
        row("--width 8 --adder cla 127 1", "sum=128 sum_signed=-128 carry=0 overflow=1");
        // Subtraction: the carry out is 1 when there is no borrow.
        row("--width 8 --adder ripple --sub 5 3",
            "sum=2 sum_signed=2 bits=00000010 carry=1 overflow=0 gates=52 depth=19");
        row("--width 8 --adder cla --sub 3 5",
            "sum=254 sum_signed=-2 bits=11111110 carry=0 overflow=0 negative=1 gates=69 "
            "depth=10");
        row("--width 8 --adder cla --sub 7 7", "sum=0 carry=1 zero=1 negative=0");
        row("--width 8 --adder ripple --sub -128 1",
            "sum=127 sum_signed=127 carry=1 overflow=1 negative=0");
        // Negative operands are two's complement; hex and binary literals are bit patterns.
        row("--width 8 --adder ripple -1 -1",
            "sum=254 sum_signed=-2 carry=1 overflow=0 negative=1");
        row("--width 8 --adder cla 0xFF 0b1", "sum=0 bits=00000000 carry=1 zero=1 overflow=0");
        row("--width 8 --adder ripple -- -5 -3", "sum_signed=-8 bits=11111000 carry=1");
        row("--adder cla 100 --width 8 100", "sum=200 sum_signed=-56 overflow=1");
        // The extremes of the width range.
        row("--width 1 --adder ripple 1 1",
            "sum=0 sum_signed=0 bits=0 carry=1 overflow=1 zero=1 gates=7 depth=4");
        row("--width 1 --adder cla -1 0", "sum=1 sum_signed=-1 bits=1 carry=0 negative=1");
        row("--width 32 --adder cla 0xFFFFFFFF 1", "sum=0 carry=1 zero=1 gates=253 depth=14");
        row("--width 32 --adder ripple 4294967295 -2147483648",
            "sum=2147483647 sum_signed=2147483647 carry=1 overflow=1 gates=172 depth=67");
        row("--width 32 --adder ripple --sub 0 1",
            "sum=4294967295 sum_signed=-1 bits=11111111111111111111111111111111 carry=0");
    }

    void values() {
        QFETCH(QString, arguments);
        QFETCH(QString, expected);
        const Run run = runCli(logicAdd(arguments));
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
        QCOMPARE(run.exitCode, 0);
        const QMap<QString, QString> values = keyValues(run.out);
        QCOMPARE(values.keys().size(), kKeys.size());
        QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        for (int index = 0; index < kKeys.size(); ++index) {
            QVERIFY2(lines[index].startsWith(kKeys[index] + ": "), qPrintable(lines[index]));
        }
        for (const QString& pair : expected.split(' ')) {
            const QString key = pair.section('=', 0, 0);
            QVERIFY2(values.contains(key), qPrintable(key));
            QCOMPARE(key + '=' + values.value(key), pair);
        }
        QVERIFY(values.value("settle_time").toInt() <= values.value("critical_path_delay").toInt());
        QVERIFY(values.value("gate_evaluations").toInt() > 0);
    }

    // --json carries the same figures as the text, with flags as booleans.
    void json() {
        for (const char* arguments :
             {"--width 8 --adder ripple 5 3", "--width 16 --adder cla --sub 3 5"}) {
            const Run text = runCli(logicAdd(arguments));
            const Run json = runCli(logicAdd(QString(arguments) + " --json"));
            QCOMPARE(json.exitCode, 0);
            QVERIFY(json.err.isEmpty());
            QCOMPARE(json.out.count('\n'), 1);
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(json.out.toUtf8(), &error);
            QCOMPARE(error.error, QJsonParseError::NoError);
            const QJsonObject object = document.object();
            QCOMPARE(object.keys().size(), kKeys.size());
            const QMap<QString, QString> values = keyValues(text.out);
            for (const QString& key : kKeys) {
                QVERIFY2(object.contains(key), qPrintable(key));
                const QJsonValue value = object.value(key);
                QString asText;
                if (value.isBool()) asText = value.toBool() ? "1" : "0";
                if (value.isDouble()) asText = QString::number(value.toInteger());
                if (value.isString()) asText = value.toString();
                QCOMPARE(key + '=' + asText, key + '=' + values.value(key));
            }
            QVERIFY(object.value("carry").isBool());
            QVERIFY(object.value("bits").isString());
            QVERIFY(object.value("gates").isDouble());
        }
        const Run json = runCli(logicAdd("--json --width 16 --adder cla --sub 3 5"));
        const QJsonObject object = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(object.value("sum").toInteger(), 65534);
        QCOMPARE(object.value("sum_signed").toInteger(), -2);
        QCOMPARE(object.value("carry").toBool(), false);
        QCOMPARE(object.value("overflow").toBool(), false);
        QCOMPARE(object.value("gates").toInteger(), 124 + 16);
        QCOMPARE(object.value("depth").toInteger(), 11);
    }

    void badUsageIsOneLineAndExitTwo_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* arguments, const char* message) {
            QTest::newRow(arguments) << arguments << message;
        };
        row("--adder ripple 1 2", "logic add: give --width W, a width from 1 to 32 bits");
        row("--adder ripple 1 2 --width", "logic add: --width needs a value, a width from 1 to 32");
        row("--width 0 --adder ripple 1 2",
            "logic add: --width must be a whole number from 1 to 32, not '0'");
        row("--width 33 --adder cla 1 2", "from 1 to 32, not '33'");
        row("--width 8.0 --adder cla 1 2", "from 1 to 32, not '8.0'");
        row("--width eight --adder cla 1 2", "from 1 to 32, not 'eight'");
        row("--width 8 1 2", "logic add: give --adder ripple or --adder cla");
        row("--width 8 1 2 --adder", "logic add: give --adder ripple or --adder cla");
        row("--width 8 --adder kogge 1 2", "logic add: --adder must be ripple or cla, not 'kogge'");
        row("--width 8 --adder ripple 1", "logic add: give two integers A B (got 1)");
        row("--width 8 --adder ripple 1 2 3", "logic add: give two integers A B (got 3)");
        row("--width 8 --adder ripple abc 2",
            "logic add: A = 'abc' is not an integer (decimal, 0x hex or 0b binary)");
        row("--width 8 --adder ripple 1 0x", "logic add: B = '0x' is not an integer");
        row("--width 8 --adder ripple 0b102 1", "logic add: A = '0b102' is not an integer");
        row("--width 8 --adder ripple 1.5 1", "logic add: A = '1.5' is not an integer");
        row("--width 8 --adder ripple 1 256",
            "logic add: B = 256 does not fit in 8 bits: give -128 to 255");
        row("--width 8 --adder ripple -129 0",
            "logic add: A = -129 does not fit in 8 bits: give -128 to 255");
        row("--width 8 --adder cla 0x1FF 0", "logic add: A = 0x1FF does not fit in 8 bits");
        row("--width 32 --adder cla 0 99999999999999999999999999",
            "logic add: B = 99999999999999999999999999 does not fit in 32 bits: give -2147483648 "
            "to 4294967295");
        row("--width 1 --adder cla 2 0", "logic add: A = 2 does not fit in 1 bit: give -1 to 1");
        row("--width 8 --adder ripple --carry 1 2", "logic add: unknown option '--carry'");
        row("--width 8 --adder ripple --sub --sub 1 2", "logic add: --sub is given more than once");
        row("--width 8 --width 8 --adder ripple 1 2", "logic add: --width is given more than once");
        row("--width 8 --adder ripple --json --json 1 2",
            "logic add: --json is given more than once");
    }

    void badUsageIsOneLineAndExitTwo() {
        QFETCH(QString, arguments);
        QFETCH(QString, message);
        const Run run = runCli(logicAdd(arguments));
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.out.isEmpty());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.startsWith("mlsyslab-cli: ") && run.err.contains(message),
                 qPrintable(run.err));
    }

    void unknownCommandsSuggest() {
        const Run run = runCli({"logic", "ad", "--width", "8"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("did you mean 'add'?"), qPrintable(run.err));
    }

    void help() {
        const Run group = runCli({"logic", "--help"});
        QCOMPARE(group.exitCode, 0);
        QVERIFY(group.out.contains("logic add "));
        const Run add = runCli({"logic", "add", "--help"});
        QCOMPARE(add.exitCode, 0);
        QVERIFY(add.err.isEmpty());
        QVERIFY(add.out.startsWith(
            "Usage: mlsyslab-cli logic add --width W --adder ripple|cla A B [--sub] [--json]\n"));
        for (const QString& key : kKeys) QVERIFY2(add.out.contains(key), qPrintable(key));
        QVERIFY(add.out.contains("no borrow"));
        const Run top = runCli({"--help"});
        QVERIFY(top.out.contains("logic add"));
    }
};

QTEST_GUILESS_MAIN(TestCliLogicAdd)
#include "tst_cli_logic_add.moc"
