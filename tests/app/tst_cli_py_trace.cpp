#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "PyCliSupport.h"

// `mlsyslab-cli py trace` run as the real binary (DESIGN.md §4): JSON lines, one snapshot per
// executed instruction. Checked on the course's first example (seed_add.py) snapshot by snapshot
// where the state is certain, against `py dis` for every instruction, and for truncation, errors
// and JSON escaping.
namespace {

using namespace mlsyslab::testing;

const QStringList kFields{"step", "event", "function", "instruction", "opname", "argrepr",
                          "line", "stack", "frames",   "globals",     "output"};

struct Traced {
    CliBytesRun run;
    QList<QJsonObject> snapshots;  // every line but a final {"truncated": true}
    bool truncated = false;
};

// Runs `py trace` and parses every line; a line that is not a JSON object fails the test.
Traced trace(const QStringList& arguments, const QByteArray& input = {}) {
    Traced traced;
    traced.run = runCliBytes(QStringList{"py", "trace"} + arguments, input);
    QList<QByteArray> lines = traced.run.out.split('\n');
    if (!lines.isEmpty() && lines.back().isEmpty()) lines.pop_back();
    for (const QByteArray& line : lines) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !document.isObject()) {
            qWarning() << "not a JSON object:" << line.left(200) << error.errorString();
            traced.snapshots.clear();
            return traced;
        }
        if (document.object() == QJsonObject{{"truncated", true}}) {
            traced.truncated = true;
            continue;
        }
        traced.snapshots << document.object();
    }
    return traced;
}

QStringList strings(const QJsonValue& array) {
    QStringList items;
    for (const QJsonValue& item : array.toArray()) items << item.toString();
    return items;
}

// `py dis` as lines per code object name (the seed has no two code objects of one name).
QMap<QString, QStringList> disassemblyByName(const QByteArray& dis) {
    QMap<QString, QStringList> blocks;
    QString current;
    for (const QString& line : QString::fromUtf8(dis).split('\n', Qt::SkipEmptyParts)) {
        if (line.startsWith("== ")) {
            current = line.mid(3);
        } else {
            blocks[current] << line;
        }
    }
    return blocks;
}

}  // namespace

class TestCliPyTrace : public QObject {
    Q_OBJECT

private slots:
    void everyLineIsASnapshot() {
        const Traced traced = trace({pyProgramPath("seed_add")});
        QCOMPARE(traced.run.exitCode, 0);
        QVERIFY(traced.run.err.isEmpty());
        QVERIFY(!traced.truncated);
        // 19 module instructions and 5 in add(), each run once, then the module's Return.
        QCOMPARE(traced.snapshots.size(), 25);
        for (qsizetype index = 0; index < traced.snapshots.size(); ++index) {
            const QJsonObject& snapshot = traced.snapshots[index];
            for (const QString& field : kFields)
                QVERIFY2(snapshot.contains(field), qPrintable(field));
            QVERIFY(!snapshot.contains("exception"));
            QCOMPARE(snapshot.value("step").toInteger(), index);
            const QString event = snapshot.value("event").toString();
            QVERIFY(QStringList({"instruction", "call", "return"}).contains(event));
            QCOMPARE(event == "return", index == traced.snapshots.size() - 1);
            const QJsonArray frames = snapshot.value("frames").toArray();
            QVERIFY(!frames.isEmpty());
            QCOMPARE(frames.first().toObject().value("function").toString(), QString("<module>"));
            const QJsonObject running = frames.last().toObject();
            QCOMPARE(running.value("function"), snapshot.value("function"));
            QCOMPARE(running.value("instruction"), snapshot.value("instruction"));
            QCOMPARE(running.value("line"), snapshot.value("line"));
        }
    }

    // opname and argrepr of every snapshot are the instruction's `py dis` line.
    void instructionsMatchTheDisassembly() {
        const Traced traced = trace({pyProgramPath("seed_add")});
        const QMap<QString, QStringList> dis = disassemblyByName(pyGolden("seed_add", ".dis"));
        QVERIFY(!traced.snapshots.isEmpty());
        for (const QJsonObject& snapshot : traced.snapshots) {
            const QStringList block = dis.value(snapshot.value("function").toString());
            const int index = snapshot.value("instruction").toInt();
            QVERIFY(index >= 0 && index < block.size());
            const QString argrepr = snapshot.value("argrepr").toString();
            const QString line =
                snapshot.value("opname").toString() + (argrepr.isEmpty() ? "" : " " + argrepr);
            QCOMPARE(line, block[index]);
        }
    }

    // The states worked out by hand from CPython 3.11's bytecode for seed_add.py.
    void seedStates() {
        const Traced traced = trace({pyProgramPath("seed_add")});
        const QList<QJsonObject>& s = traced.snapshots;
        QCOMPARE(s.size(), 25);
        // Before anything runs: the module's RESUME (line 0, as CPython numbers it). The module
        // is not called, so its first snapshot is a plain instruction (core/pyvm/Trace.h).
        QCOMPARE(s[0].value("event").toString(), QString("instruction"));
        QCOMPARE(s[0].value("function").toString(), QString("<module>"));
        QCOMPARE(s[0].value("instruction").toInt(), 0);
        QCOMPARE(s[0].value("opname").toString(), QString("RESUME"));
        QCOMPARE(s[0].value("argrepr").toString(), QString("0"));
        QCOMPARE(s[0].value("line").toInt(), 0);
        QVERIFY(s[0].value("stack").toArray().isEmpty());
        QCOMPARE(s[0].value("frames").toArray().size(), 1);
        QVERIFY(s[0].value("frames").toArray()[0].toObject().value("locals").toObject().isEmpty());
        QVERIFY(s[0].value("globals").toObject().isEmpty());
        QCOMPARE(s[0].value("output").toString(), QString(""));
        QCOMPARE(s[1].value("opname").toString(), QString("LOAD_CONST"));
        QCOMPARE(s[1].value("argrepr").toString(), QString("<code object add>"));
        QCOMPARE(s[1].value("line").toInt(), 1);
        QCOMPARE(s[1].value("event").toString(), QString("instruction"));
        QCOMPARE(s[2].value("opname").toString(), QString("MAKE_FUNCTION"));
        QCOMPARE(s[2].value("stack").toArray().size(), 1);
        QCOMPARE(s[3].value("opname").toString(), QString("STORE_NAME"));
        QCOMPARE(s[3].value("argrepr").toString(), QString("add"));
        QVERIFY(s[3].value("stack").toArray()[0].toString().startsWith("<function add"));
        QCOMPARE(s[4].value("globals").toObject().keys(), QStringList{"add"});
        QCOMPARE(s[4].value("line").toInt(), 3);
        // CALL 2: NULL, the function, 3 and 5 on the stack.
        QCOMPARE(s[9].value("opname").toString(), QString("CALL"));
        const QStringList callStack = strings(s[9].value("stack"));
        QCOMPARE(callStack.size(), 4);
        QCOMPARE(callStack[0], QString("NULL"));
        QVERIFY(callStack[1].startsWith("<function add"));
        QCOMPARE(callStack.mid(2), QStringList({"3", "5"}));
        // Inside add(): a frame on top of the module's, with its arguments bound.
        QCOMPARE(s[10].value("event").toString(), QString("call"));
        QCOMPARE(s[10].value("function").toString(), QString("add"));
        QCOMPARE(s[10].value("opname").toString(), QString("RESUME"));
        QCOMPARE(s[10].value("line").toInt(), 1);
        const QJsonArray frames = s[10].value("frames").toArray();
        QCOMPARE(frames.size(), 2);
        QCOMPARE(frames[0].toObject().value("instruction").toInt(), 9);
        QCOMPARE(frames[1].toObject().value("locals").toObject(),
                 QJsonObject({{"a", "3"}, {"b", "5"}}));
        QCOMPARE(s[13].value("opname").toString(), QString("BINARY_OP"));
        QCOMPARE(s[13].value("argrepr").toString(), QString("+"));
        QCOMPARE(s[13].value("line").toInt(), 2);
        QCOMPARE(strings(s[13].value("stack")), QStringList({"3", "5"}));
        QCOMPARE(s[14].value("opname").toString(), QString("RETURN_VALUE"));
        QCOMPARE(strings(s[14].value("stack")), QStringList({"8"}));
        // Back in the module with the result.
        QCOMPARE(s[15].value("function").toString(), QString("<module>"));
        QCOMPARE(s[15].value("opname").toString(), QString("STORE_NAME"));
        QCOMPARE(strings(s[15].value("stack")), QStringList({"8"}));
        QCOMPARE(s[15].value("frames").toArray().size(), 1);
        QCOMPARE(s[16].value("globals").toObject().value("result").toString(), QString("8"));
        QCOMPARE(s[20].value("opname").toString(), QString("CALL"));
        QCOMPARE(s[20].value("output").toString(), QString(""));
        QCOMPARE(s[21].value("output").toString(), QString("8\n"));
        // The module's RETURN_VALUE with None on the stack, then the final Return snapshot: the
        // module frame at that instruction, its stack empty, everything printed.
        QCOMPARE(s[23].value("event").toString(), QString("instruction"));
        QCOMPARE(s[23].value("opname").toString(), QString("RETURN_VALUE"));
        QCOMPARE(strings(s[23].value("stack")), QStringList({"None"}));
        const QJsonObject& last = s.last();
        QCOMPARE(last.value("step").toInt(), 24);
        QCOMPARE(last.value("event").toString(), QString("return"));
        QCOMPARE(last.value("function").toString(), QString("<module>"));
        QCOMPARE(last.value("instruction").toInt(), 18);
        QCOMPARE(last.value("opname").toString(), QString("RETURN_VALUE"));
        QCOMPARE(last.value("argrepr").toString(), QString(""));
        QCOMPARE(last.value("line").toInt(), 4);
        QVERIFY(last.value("stack").toArray().isEmpty());
        QCOMPARE(last.value("frames").toArray().size(), 1);
        QCOMPARE(last.value("globals").toObject().keys(), QStringList({"add", "result"}));
        QCOMPARE(last.value("globals").toObject().value("result").toString(), QString("8"));
        QCOMPARE(last.value("output").toString(), QString("8\n"));
    }

    void maxStepsTruncates() {
        const Traced traced = trace({pyProgramPath("seed_add"), "--max-steps", "5"});
        QCOMPARE(traced.run.exitCode, 0);
        QVERIFY(traced.run.err.isEmpty());
        QVERIFY(traced.truncated);
        QVERIFY(traced.run.out.endsWith("\n{\"truncated\": true}\n"));
        QCOMPARE(traced.snapshots.size(), 5);
        QCOMPARE(traced.snapshots.last().value("step").toInt(), 4);
        // The limit counts instruction snapshots: 24 run the whole seed, which then ends with
        // its Return snapshot; 23 stop it before the last instruction, with no final snapshot.
        const Traced exact = trace({pyProgramPath("seed_add"), "--max-steps", "24"});
        QCOMPARE(exact.snapshots.size(), 25);
        QVERIFY(!exact.truncated);
        const Traced cut = trace({pyProgramPath("seed_add"), "--max-steps", "23"});
        QCOMPARE(cut.snapshots.size(), 23);
        QVERIFY(cut.truncated);
        QCOMPARE(cut.run.exitCode, 0);
        // The default limit is 10000 snapshots: a loop that runs endless stops there.
        const Traced endless = trace({"-"}, "n = 0\nwhile True:\n    n += 1\n");
        QCOMPARE(endless.run.exitCode, 0);
        QVERIFY(endless.truncated);
        QCOMPARE(endless.snapshots.size(), 10000);
    }

    // A failing program ends with one exception snapshot where it raised, then the traceback on
    // stderr and exit 1.
    void exceptionSnapshot() {
        const Traced traced = trace({pyProgramPath("errors_zero_division_int")});
        QCOMPARE(traced.run.exitCode, 1);
        QCOMPARE(lastLine(traced.run.err), QByteArray("ZeroDivisionError: division by zero"));
        QVERIFY(!traced.snapshots.isEmpty());
        qsizetype exceptions = 0;
        for (const QJsonObject& snapshot : traced.snapshots) {
            if (snapshot.value("event").toString() != "exception") continue;
            ++exceptions;
            QCOMPARE(snapshot.value("exception").toString(),
                     QString("ZeroDivisionError: division by zero"));
            QCOMPARE(snapshot.value("function").toString(), QString("average"));
            QCOMPARE(snapshot.value("line").toInt(), 3);
        }
        QCOMPARE(exceptions, 1);
        const QJsonObject& last = traced.snapshots.last();
        QCOMPARE(last.value("event").toString(), QString("exception"));
        QCOMPARE(last.value("opname").toString(), QString("BINARY_OP"));
        QCOMPARE(last.value("argrepr").toString(), QString("/"));
        QCOMPARE(strings(last.value("stack")), QStringList({"0", "0"}));
        QCOMPARE(last.value("frames").toArray().size(), 2);
        QCOMPARE(traced.snapshots.last().value("output").toString(),
                 QString::fromUtf8(pyGolden("errors_zero_division_int", ".out")));
    }

    // Output and reprs with quotes, backslashes, control characters and non-ASCII survive JSON.
    void jsonEscaping() {
        const QByteArray program = "s = 'q\"\\\\\\t\\x01é'\nprint(s, 'π', end='\\r\\n')\n";
        const Traced traced = trace({"-"}, program);
        QCOMPARE(traced.run.exitCode, 0);
        QVERIFY(!traced.snapshots.isEmpty());
        const QString text = QString::fromUtf8("q\"\\\t\x01\xc3\xa9");
        QCOMPARE(traced.snapshots.last().value("output").toString(),
                 text + QString::fromUtf8(" π\r\n"));
        QCOMPARE(traced.snapshots.last().value("globals").toObject().value("s").toString(),
                 QString::fromUtf8("'q\"\\\\\\t\\x01é'"));
        QVERIFY(!traced.run.out.contains('\t'));
        QVERIFY(traced.run.out.contains("\\u0001"));
    }

    // The VM prints a lone surrogate as its three bytes (CPython refuses to encode it), which
    // are not UTF-8: in JSON each bad sequence becomes U+FFFD, so every line stays valid JSON;
    // the repr, which escapes the surrogate, and the text around it stay exact.
    void invalidUtf8Output() {
        const Traced traced = trace({"-"}, "print('a' + chr(0xD800) + 'b')\nx = chr(0xDFFF)\n");
        QCOMPARE(traced.run.exitCode, 0);
        QVERIFY(!traced.snapshots.isEmpty());
        const QString replacement(QChar(0xFFFD));
        QCOMPARE(traced.snapshots.last().value("output").toString(),
                 "a" + replacement.repeated(3) + "b\n");
        QCOMPARE(traced.snapshots.last().value("globals").toObject().value("x").toString(),
                 QString("'\\udfff'"));
        QVERIFY(!traced.run.out.contains("\xed\xa0\x80"));
        QVERIFY(
            traced.run.out.contains("\"a\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
                                    "b\\n\""));
        // Strictly valid UTF-8 throughout: decoding changes nothing.
        QCOMPARE(QString::fromUtf8(traced.run.out).toUtf8(), traced.run.out);
    }
};

QTEST_GUILESS_MAIN(TestCliPyTrace)
#include "tst_cli_py_trace.moc"
