#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "CliTestSupport.h"

// `mlsyslab-cli cache run ...` run as the real binary (DESIGN.md §4). The simulator is tested
// access by access in tests/core/memory; this suite checks the command-line form: the counts of
// a hand-worked trace, the JSON contract, plain / gzip / stdin traces, and every error path.
namespace {

using mlsyslab::testing::jsonOf;
using mlsyslab::testing::runCli;
using Run = mlsyslab::testing::CliRun;

QString dataFile(const QString& name) {
    return QStringLiteral(MLSYSLAB_TEST_DATA_DIR) + "/memory/" + name;
}

const QString kConfig = dataFile("two-level.yaml");
const QString kTrace = dataFile("traces/two-level.trace");

QStringList cacheRun(const QStringList& arguments) {
    return QStringList{"cache", "run"} + arguments;
}

QByteArray fileBytes(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The figures of one level as "hits misses evictions writebacks compulsory capacity conflict".
QString levelFigures(const QJsonObject& level) {
    QStringList figures;
    for (const char* key :
         {"hits", "misses", "evictions", "writebacks", "compulsory", "capacity", "conflict"}) {
        figures << QString::number(level.value(key).toInteger(-1));
    }
    return figures.join(' ');
}

}  // namespace

class TestCliCache : public QObject {
    Q_OBJECT

private slots:
    // two-level.trace through two-level.yaml, by hand. L1: 4 lines of 32 bytes, 2 sets of 2
    // ways (set = line mod 2), LRU, write-back; L2: 16 lines, direct mapped (set = line mod 16).
    //   L 0      line 0: L1 miss, L2 miss (memory read)                       100 cycles
    //   L 4      line 0: L1 hit                                                 4
    //   S 20     line 1: L1 miss (write-allocate, line 1 dirty), L2 miss      100
    //   L 40     line 2: L1 miss (set 0 now holds 0, 2), L2 miss              100
    //   M 80     line 4: load misses L1 (evicts clean 0) and L2;              100
    //                    the store hits L1, line 4 dirty                         4
    //   L 3c,8   spans lines 1 and 2: two L1 hits; set 0 LRU order 2, 4        4 + 4
    //   L 200    line 16: L1 miss; L2 set 0 misses (evicts clean 0); then L1
    //            evicts dirty 4: a writeback, which hits L2                    100
    //   L 0      line 0: L1 miss, capacity (a fully associative 4-line LRU cache
    //            dropped 0 too; L1 evicts 2); L2 set 0 misses (evicts 16), a
    //            conflict (16 lines fully associative would still hold it)    100
    // 9 accesses, 10 line references. L1: 4 hits, 6 misses (5 compulsory, 1 capacity), 3
    // evictions, 1 writeback. L2: 7 requests (6 fills, 1 writeback): 1 hit, 6 misses (5
    // compulsory, 1 conflict), 2 evictions. Memory: 6 reads, 0 writes. 616 cycles, AMAT 61.6;
    // textbook 4 + 0.6·(10 + 6/7·100) = 61.428571...
    void handWorkedJson() {
        const Run run = runCli(cacheRun({"--config", kConfig, "--trace", kTrace, "--json"}));
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out.count('\n'), 1);
        const QJsonObject object = jsonOf(run);
        const QJsonArray levels = object.value("levels").toArray();
        QCOMPARE(levels.size(), 2);
        QCOMPARE(levels[0].toObject().value("name").toString(), QString("L1"));
        QCOMPARE(levelFigures(levels[0].toObject()), QString("4 6 3 1 5 1 0"));
        QCOMPARE(levels[1].toObject().value("name").toString(), QString("L2"));
        QCOMPARE(levelFigures(levels[1].toObject()), QString("1 6 2 0 5 0 1"));
        QCOMPARE(levels[0].toObject().value("hit_rate").toDouble(), 0.4);
        QCOMPARE(levels[1].toObject().value("hit_rate").toDouble(), 1.0 / 7.0);
        const QJsonObject memory = object.value("memory").toObject();
        QCOMPARE(memory.value("reads").toInteger(-1), 6);
        QCOMPARE(memory.value("writes").toInteger(-1), 0);
        QCOMPARE(object.value("total_cycles").toInteger(-1), 616);
        QCOMPARE(object.value("amat").toDouble(), 61.6);
        QCOMPARE(object.value("textbook_amat").toDouble(), 4 + 0.6 * (10 + 6.0 / 7.0 * 100));
        QCOMPARE(object.value("accesses").toInteger(-1), 9);
        QCOMPARE(object.value("references").toInteger(-1), 10);
        QCOMPARE(object.value("skipped_lines").toInteger(-1), 0);
    }

    // The contract's fields, with these names and types; counts written as integers.
    void jsonStructure() {
        const Run run = runCli(cacheRun({"--json", "--trace", kTrace, "--config", kConfig}));
        QCOMPARE(run.exitCode, 0);
        const QJsonObject object = jsonOf(run);
        QCOMPARE(QStringList(object.keys()),
                 (QStringList{"accesses", "amat", "levels", "memory", "references", "skipped_lines",
                              "textbook_amat", "total_cycles"}));
        for (const QJsonValue level : object.value("levels").toArray()) {
            QCOMPARE(QStringList(level.toObject().keys()),
                     (QStringList{"capacity", "compulsory", "conflict", "evictions", "hit_rate",
                                  "hits", "misses", "name", "writebacks"}));
            QVERIFY(level.toObject().value("name").isString());
        }
        QCOMPARE(QStringList(object.value("memory").toObject().keys()),
                 (QStringList{"reads", "writes"}));
        QVERIFY(object.value("amat").isDouble());
        // The raw text: the fields in contract order, integers without a fraction.
        QVERIFY(
            run.out.startsWith("{\"levels\": [{\"name\": \"L1\", \"hits\": 4, \"misses\": 6, "
                               "\"evictions\": 3, \"writebacks\": 1, "));
        QVERIFY(
            run.out.contains("], \"memory\": {\"reads\": 6, \"writes\": 0}, "
                             "\"total_cycles\": 616, \"amat\": 61.6, "));
        QVERIFY(
            !run.out.contains(QRegularExpression("\"(hits|misses|reads|total_cycles)\": "
                                                 "[0-9]+\\.")));
    }

    // The same figures as a table, with the AMAT beside the textbook formula.
    void handWorkedText() {
        const Run run = runCli(cacheRun({"--config", kConfig, "--trace", kTrace}));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.err, QString());
        const QStringList expectedLines{
            "L1: 128 B, 2-way, 32 B lines, lru, write-back, 4 cycles",
            "L2: 512 B, direct mapped, 32 B lines, lru, write-back, 10 cycles",
            "memory: 100 cycles",
            "accesses: 9 (10 line references)",
            "level  hits  misses  hit rate  evictions  writebacks  compulsory  capacity  conflict",
            "L1        4       6    40.00%          3           1           5         1         0",
            "L2        1       6    14.29%          2           0           5         0         1",
            "memory reads: 6",
            "memory writes: 0",
            "total cycles: 616",
            "AMAT: 61.6000 cycles (total cycles / line references, load-to-use latencies)",
            "textbook AMAT: 61.4286 cycles (t1 + m1*(t2 + m2*t_mem), local miss rates, each "
            "latency as an increment)"};
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines, expectedLines);
    }

    // Instruction fetches only with --instructions: the I line (line 0x20001: L1 set 1, L2 set
    // 1) adds one compulsory miss at each level; L2 set 1 then evicts it for line 1.
    void instructions() {
        const Run run =
            runCli(cacheRun({"--config", kConfig, "--trace", kTrace, "--json", "--instructions"}));
        QCOMPARE(run.exitCode, 0);
        const QJsonObject object = jsonOf(run);
        const QJsonArray levels = object.value("levels").toArray();
        QCOMPARE(levelFigures(levels[0].toObject()), QString("4 7 3 1 6 1 0"));
        QCOMPARE(levelFigures(levels[1].toObject()), QString("1 7 3 0 6 0 1"));
        QCOMPARE(object.value("accesses").toInteger(-1), 10);
        QCOMPARE(object.value("references").toInteger(-1), 11);
        QCOMPARE(object.value("total_cycles").toInteger(-1), 716);
    }

    // gzip and stdin (plain or gzip) give exactly what the plain file gives.
    void traceSources() {
        const Run plain = runCli(cacheRun({"--config", kConfig, "--trace", kTrace, "--json"}));
        QCOMPARE(plain.exitCode, 0);
        const Run gzip =
            runCli(cacheRun({"--config", kConfig, "--trace", kTrace + ".gz", "--json"}));
        QCOMPARE(gzip.exitCode, 0);
        QCOMPARE(gzip.out, plain.out);
        const Run standardInput =
            runCli(cacheRun({"--config", kConfig, "--trace", "-", "--json"}), fileBytes(kTrace));
        QCOMPARE(standardInput.exitCode, 0);
        QCOMPARE(standardInput.out, plain.out);
        const Run gzipInput = runCli(cacheRun({"--config", kConfig, "--trace", "-", "--json"}),
                                     fileBytes(kTrace + ".gz"));
        QCOMPARE(gzipInput.exitCode, 0);
        QCOMPARE(gzipInput.out, plain.out);
    }

    // An empty trace is a run of nothing: all zero.
    void emptyTrace() {
        const Run run = runCli(cacheRun({"--config", kConfig, "--trace", "-", "--json"}));
        QCOMPARE(run.exitCode, 0);
        const QJsonObject object = jsonOf(run);
        QCOMPARE(object.value("total_cycles").toInteger(-1), 0);
        QCOMPARE(object.value("amat").toDouble(-1), 0.0);
        QCOMPARE(levelFigures(object.value("levels").toArray()[0].toObject()),
                 QString("0 0 0 0 0 0 0"));
    }

    // A malformed line stops the run (exit 1, nothing on stdout); with --keep-going every bad
    // line is a warning and the good ones run: lines 0, 1 and 4 of 32 bytes, three misses.
    void malformedTrace() {
        const QString trace = dataFile("traces/malformed.trace");
        const Run stopped = runCli(cacheRun({"--config", kConfig, "--trace", trace}));
        QCOMPARE(stopped.exitCode, 1);
        QCOMPARE(stopped.out, QString());
        QCOMPARE(stopped.err,
                 trace + ":3:2: error: expected an access kind (I, L, S or M), got 'X'\n");

        const Run kept =
            runCli(cacheRun({"--config", kConfig, "--trace", trace, "--keep-going", "--json"}));
        QCOMPARE(kept.exitCode, 0);
        QCOMPARE(kept.err,
                 trace +
                     ":3:2: warning: expected an access kind (I, L, S or M), got 'X' (line "
                     "skipped)\n" +
                     trace +
                     ":4:6: warning: expected ',' and a size after the address (line "
                     "skipped)\n");
        const QJsonObject object = jsonOf(kept);
        QCOMPARE(object.value("accesses").toInteger(-1), 3);
        QCOMPARE(object.value("skipped_lines").toInteger(-1), 2);
        QCOMPARE(levelFigures(object.value("levels").toArray()[0].toObject()),
                 QString("0 3 0 0 3 0 0"));
        QCOMPARE(object.value("total_cycles").toInteger(-1), 300);

        const Run fromInput =
            runCli(cacheRun({"--config", kConfig, "--trace", "-"}), QByteArray(" L 0,4\n L 0,\n"));
        QCOMPARE(fromInput.exitCode, 1);
        QCOMPARE(fromInput.err, QString("<stdin>:2:6: error: size must be a decimal number from 1 "
                                        "to 1048576 bytes\n"));
    }

    // A bad configuration: the parser's position, as FILE:LINE:COL: error: message.
    void badConfig_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("unknown replacement")
            << "levels:\n  - {name: L1, size: 1KiB, associativity: 2, line: 64, replacement: "
               "mru, write: back, latency: 4}\nmemory_latency: 100\n"
            << "mru";
        QTest::newRow("size not a multiple")
            << "levels:\n  - {name: L1, size: 1000, associativity: 2, line: 64, latency: 4}\n"
               "memory_latency: 100\n"
            << "1000";
        QTest::newRow("not YAML") << "levels: [\n"
                                  << "";
    }

    void badConfig() {
        QFETCH(QString, text);
        QFETCH(QString, mentions);
        QTemporaryDir directory;
        const QString path = directory.filePath("bad.yaml");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text.toUtf8());
        file.close();
        const Run run = runCli(cacheRun({"--config", path, "--trace", kTrace}));
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err.count('\n'), 1);
        const QRegularExpression form("^" + QRegularExpression::escape(path) +
                                      "(:[0-9]+:[0-9]+)?: error: .+\n$");
        QVERIFY2(form.match(run.err).hasMatch(), qPrintable(run.err));
        QVERIFY2(run.err.contains(mentions), qPrintable(run.err));
    }

    // Files that cannot be read: exit 1, one line that names the file and why.
    void unreadableFiles() {
        QTemporaryDir directory;
        const QString missing = directory.filePath("missing.yaml");
        const Run noConfig = runCli(cacheRun({"--config", missing, "--trace", kTrace}));
        QCOMPARE(noConfig.exitCode, 1);
        QCOMPARE(noConfig.err, "mlsyslab-cli: cache run: cannot read '" + missing +
                                   "': No such file or directory\n");
        const Run folderConfig =
            runCli(cacheRun({"--config", directory.path(), "--trace", kTrace}));
        QCOMPARE(folderConfig.exitCode, 1);
        QCOMPARE(folderConfig.err, "mlsyslab-cli: cache run: cannot read '" + directory.path() +
                                       "': it is a directory\n");
        const QString missingTrace = directory.filePath("missing.trace");
        const Run noTrace = runCli(cacheRun({"--config", kConfig, "--trace", missingTrace}));
        QCOMPARE(noTrace.exitCode, 1);
        QCOMPARE(noTrace.err, "mlsyslab-cli: cache run: cannot read '" + missingTrace +
                                  "': No such file or directory\n");
        // A gzip file cut in half.
        const QString cut = directory.filePath("cut.trace.gz");
        QFile file(cut);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray whole = fileBytes(dataFile("traces/lackey-startup.trace.gz"));
        file.write(whole.left(whole.size() / 2));
        file.close();
        const Run corrupt = runCli(cacheRun({"--config", kConfig, "--trace", cut}));
        QCOMPARE(corrupt.exitCode, 1);
        QCOMPARE(corrupt.out, QString());
        QCOMPARE(corrupt.err, "mlsyslab-cli: cache run: '" + cut +
                                  "' is not a valid gzip file: unexpected end of file\n");
    }

    // Bad usage: one line on stderr, exit 2.
    void usageErrors_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* arguments, const char* message) {
            QTest::newRow(arguments) << arguments << message;
        };
        row("", "cache run: give --config CFG.yaml, the cache configuration");
        row("--trace t.trace", "cache run: give --config CFG.yaml, the cache configuration");
        row("--config c.yaml", "cache run: give --trace TRACE, a valgrind Lackey trace");
        row("--trace t.trace --config", "cache run: --config needs a file");
        row("--config c.yaml --trace", "cache run: --trace needs a file (or - for stdin)");
        row("--config c.yaml --trace t.trace --jsn",
            "cache run: unknown option '--jsn' (see mlsyslab-cli cache run --help)");
        row("--config c.yaml --trace t.trace --json --json",
            "cache run: --json is given more than once");
        row("--config c.yaml --config d.yaml --trace t.trace",
            "cache run: --config is given more than once");
        row("--config c.yaml --trace t.trace extra",
            "cache run: unexpected argument 'extra': give the files with --config and --trace");
    }

    void usageErrors() {
        QFETCH(QString, arguments);
        QFETCH(QString, message);
        const Run run = runCli(cacheRun(mlsyslab::testing::words(arguments)));
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, "mlsyslab-cli: " + message + "\n");
    }

    void help() {
        const Run group = runCli({"cache", "--help"});
        QCOMPARE(group.exitCode, 0);
        QVERIFY(group.out.contains("cache run"));
        const Run run = runCli({"cache", "run", "--help"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(
            run.out.startsWith("Usage: mlsyslab-cli cache run --config CFG.yaml --trace TRACE "
                               "[--json] [--instructions] [--keep-going]\n"));
        QVERIFY(run.out.contains("memory_latency"));
        const Run bare = runCli({"cache"});
        QCOMPARE(bare.exitCode, 2);
        QVERIFY(bare.err.startsWith("mlsyslab-cli: give a command: run"));
    }
};

QTEST_APPLESS_MAIN(TestCliCache)
#include "tst_cli_cache.moc"
