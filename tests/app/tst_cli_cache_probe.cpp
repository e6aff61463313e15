#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>
#include <cmath>

#include "CliTestSupport.h"

// `mlsyslab-cli cache probe ...` run as the real binary (DESIGN.md §4), on small working sets
// (--quick --max-size 64KiB) so it takes well under a second. The probe itself is tested in
// tests/core/memory; this suite checks the command-line form: the text and JSON structure,
// exit codes and the one-line usage errors. Measured values are only checked to be positive
// and finite: they depend on the machine.
namespace {

using mlsyslab::testing::runCli;
using Run = mlsyslab::testing::CliRun;

QStringList cacheProbe(const QString& arguments) {
    return QStringList{"cache", "probe"} + arguments.split(' ', Qt::SkipEmptyParts);
}

// 4 KiB to 64 KiB at 2 points per octave, rounded to 64-byte nodes.
const QList<qulonglong> kQuickSizes = {4096, 5824, 8192, 11584, 16384, 23168, 32768, 46336, 65536};

}  // namespace

class TestCliCacheProbe : public QObject {
    Q_OBJECT

private slots:
    void textOutputHasCommentsThenOneLinePerWorkingSet() {
        const Run run = runCli(cacheProbe("--quick --max-size 64KiB --no-bandwidth"));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.err, QString());
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines.size() > 4);
        QVERIFY(lines[0].startsWith("# cpu: "));
        QVERIFY(QRegularExpression("^# clock: \\d+\\.\\d{3} GHz ").match(lines[1]).hasMatch());
        QVERIFY(lines[2].startsWith("# caches: "));
        QCOMPARE(lines[3], QString("# SIZE_BYTES NS_PER_LOAD"));
        // Data lines: SIZE_BYTES NS_PER_LOAD, in increasing size; everything else a comment.
        QList<qulonglong> sizes;
        int plateauHeader = -1;
        for (int index = 4; index < lines.size(); ++index) {
            if (lines[index].startsWith('#')) {
                if (lines[index] == "# plateaus: LEVEL SIZE_BYTES NS CYCLES") plateauHeader = index;
                continue;
            }
            QVERIFY2(plateauHeader < 0, "data lines come before the plateaus");
            const QStringList fields = lines[index].split(' ');
            QCOMPARE(fields.size(), 2);
            bool sizeOk = false, nsOk = false;
            sizes.append(fields[0].toULongLong(&sizeOk));
            const double nanoseconds = fields[1].toDouble(&nsOk);
            QVERIFY(sizeOk && nsOk);
            QVERIFY(nanoseconds > 0.0 && std::isfinite(nanoseconds));
        }
        QCOMPARE(sizes, kQuickSizes);
        QVERIFY(plateauHeader > 0);
        // Plateau lines: "# NAME SIZE_BYTES NS CYCLES"; no bandwidth line.
        const QRegularExpression plateau("^# (L\\d|DRAM) \\d+ \\d+\\.\\d{3} \\d+\\.\\d{2}$");
        int plateaus = 0;
        for (int index = plateauHeader + 1; index < lines.size(); ++index) {
            QVERIFY2(plateau.match(lines[index]).hasMatch(), qPrintable(lines[index]));
            ++plateaus;
        }
        QVERIFY(plateaus >= 1);
        QVERIFY(!run.out.contains("triad"));
    }

    void jsonOutputIsOneObjectWithTheDocumentedFields() {
        const Run run = runCli(cacheProbe("--json --quick --max-size 64KiB --no-bandwidth"));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out.count('\n'), 1);
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(run.out.toUtf8(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject object = document.object();
        QVERIFY(object.value("cpu").isString());
        QVERIFY(object.value("clock_ghz").toDouble() > 0.0);
        for (const QJsonValue cache : object.value("caches").toArray()) {
            const QJsonObject fields = cache.toObject();
            QCOMPARE(fields.keys(),
                     (QStringList{"level", "line_bytes", "size_bytes", "type", "ways"}));
            QVERIFY(QStringList({"data", "instruction", "unified"})
                        .contains(fields.value("type").toString()));
        }
        const QJsonArray points = object.value("points").toArray();
        QCOMPARE(points.size(), kQuickSizes.size());
        for (int index = 0; index < points.size(); ++index) {
            const QJsonObject point = points[index].toObject();
            QCOMPARE(point.keys(),
                     (QStringList{"cycles_per_load", "ns_per_load", "working_set_bytes"}));
            QCOMPARE(qulonglong(point.value("working_set_bytes").toDouble()), kQuickSizes[index]);
            QVERIFY(point.value("ns_per_load").toDouble() > 0.0);
            QVERIFY(point.value("cycles_per_load").toDouble() > 0.0);
        }
        const QJsonArray levels = object.value("levels").toArray();
        QVERIFY(!levels.isEmpty());
        for (const QJsonValue level : levels) {
            const QJsonObject fields = level.toObject();
            QCOMPARE(fields.keys(), (QStringList{"cycles", "name", "ns", "size_bytes"}));
            QVERIFY(fields.value("ns").toDouble() > 0.0);
        }
        QVERIFY(object.value("bandwidth_gbps").isNull());
        QVERIFY(object.value("bandwidth_threads").isNull());
        QVERIFY(object.value("bandwidth_array_bytes").isNull());
    }

    // With the triad (64 MiB arrays in --quick): one thread and all.
    void jsonWithBandwidth() {
        const Run run = runCli(cacheProbe("--json --quick --max-size 8KiB"));
        QCOMPARE(run.exitCode, 0);
        const QJsonObject object = QJsonDocument::fromJson(run.out.toUtf8()).object();
        const QJsonObject bandwidth = object.value("bandwidth_gbps").toObject();
        QCOMPARE(bandwidth.keys(), (QStringList{"all_threads", "one_thread"}));
        QVERIFY(bandwidth.value("one_thread").toDouble() > 0.0);
        QVERIFY(bandwidth.value("all_threads").toDouble() > 0.0);
        QVERIFY(object.value("bandwidth_threads").toInt() >= 1);
        QCOMPARE(object.value("bandwidth_array_bytes").toDouble(), 64.0 * 1024 * 1024);
        QCOMPARE(object.value("points").toArray().size(), 3);
    }

    void badArgumentsExitTwoWithOneLine_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown option") << "--bogus"
                                        << "unknown option '--bogus'";
        QTest::newRow("positional") << "64KiB"
                                    << "unexpected argument '64KiB'";
        QTest::newRow("no size") << "--max-size"
                                 << "--max-size needs a size";
        QTest::newRow("too small") << "--max-size 2"
                                   << "--max-size must be a size from 4KiB to 64GiB";
        QTest::newRow("too large") << "--max-size 1TiB"
                                   << "--max-size must be a size from 4KiB to 64GiB";
        QTest::newRow("not a size") << "--max-size big"
                                    << "not 'big'";
        QTest::newRow("twice") << "--json --json"
                               << "--json is given more than once";
    }
    void badArgumentsExitTwoWithOneLine() {
        QFETCH(QString, arguments);
        QFETCH(QString, message);
        const Run run = runCli(cacheProbe(arguments));
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(run.err.startsWith("mlsyslab-cli: cache probe: "));
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
    }

    void helpDescribesTheCommand() {
        const Run run = runCli(cacheProbe("--help"));
        QCOMPARE(run.exitCode, 0);
        QVERIFY(
            run.out.contains("cache probe [--json] [--quick] [--max-size BYTES] [--no-bandwidth]"));
        QVERIFY(run.out.contains("SIZE_BYTES NS_PER_LOAD"));
        const Run group = runCli({"cache", "--help"});
        QCOMPARE(group.exitCode, 0);
        QVERIFY(group.out.contains("probe"));
    }
};

QTEST_GUILESS_MAIN(TestCliCacheProbe)
#include "tst_cli_cache_probe.moc"
