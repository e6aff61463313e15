#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

#include "CliTestSupport.h"

// `mlsyslab-cli bench matmul ...` run as the real binary (DESIGN.md §4), on tiny sizes: the
// JSON contract and its values, the text and CSV forms, backends that cannot run here, and
// every usage error. How fast the rungs are is the benchmarks' business, not this suite's.
namespace {

using mlsyslab::testing::jsonOf;
using mlsyslab::testing::runCli;
using mlsyslab::testing::words;
using Run = mlsyslab::testing::CliRun;

QStringList benchMatmul(const QString& arguments) {
    return QStringList{"bench", "matmul"} + words(arguments);
}

const QString kBackendList =
    "naive, ikj, blocked, simd, threads, openblas, cuda-naive, cuda-tiled, cuda-regtile, cublas";

}  // namespace

class TestCliBenchMatmul : public QObject {
    Q_OBJECT

private slots:
    void jsonForNaiveAndIkj() {
        const Run run = runCli(benchMatmul("--backends naive,ikj --sizes 16,33 --json"));
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out.count('\n'), 1);
        const QJsonObject json = jsonOf(run);
        const QJsonObject machine = json.value("machine").toObject();
        QVERIFY(!machine.value("cpu").toString().isEmpty());
        QVERIFY(machine.value("logical_cores").toInt() >= 1);
        QVERIFY(machine.value("physical_cores").toInt() >= 1);
        QVERIFY(!machine.value("simd").toString().isEmpty());
        QVERIFY(machine.value("fma_peak_gflops_one_thread").toDouble() > 0.0);
        QVERIFY(machine.value("fma_peak_gflops_all_threads").toDouble() > 0.0);
        QVERIFY(!machine.value("openblas").toString().isEmpty());
        QVERIFY(machine.value("gpus").isArray());

        const QJsonArray results = json.value("results").toArray();
        QCOMPARE(results.size(), 4);
        const QStringList backends{"naive", "ikj", "naive", "ikj"};
        const int sizes[] = {16, 16, 33, 33};
        for (int index = 0; index < results.size(); ++index) {
            const QJsonObject result = results[index].toObject();
            QCOMPARE(result.value("backend").toString(), backends[index]);
            for (const char* side : {"m", "n", "k"})
                QCOMPARE(result.value(side).toInteger(-1), sizes[index]);
            QCOMPARE(result.value("threads").toInteger(-1), 1);
            QCOMPARE(result.value("status").toString(), QString("ok"));
            const double median = result.value("median_s").toDouble();
            QVERIFY(median > 0.0);
            const double flops = 2.0 * sizes[index] * sizes[index] * sizes[index];
            QCOMPARE(result.value("gflops").toDouble(), flops / median / 1e9);
            QVERIFY(result.value("min_s").toDouble() <= median);
            QVERIFY(result.value("max_s").toDouble() >= median);
            const double error = result.value("max_rel_err").toDouble(-1.0);
            QVERIFY(error >= 0.0);
            QVERIFY(error <= result.value("tolerance").toDouble());
            QCOMPARE(result.value("runs").toInteger(-1), 5);
            QCOMPARE(result.value("run_s").toArray().size(), 5);
            QCOMPARE(result.value("upload_s").toDouble(-1.0), 0.0);
            QCOMPARE(result.value("download_s").toDouble(-1.0), 0.0);
        }
    }

    // The contract's fields come first, in its order; the extra ones after.
    void jsonFieldOrder() {
        const Run run = runCli(benchMatmul("--json --backends ikj --sizes 4 --repeat 1"));
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.startsWith("{\"machine\": {\"cpu\": "), qPrintable(run.out));
        const int resultsAt = run.out.indexOf("\"results\": [{\"backend\": \"ikj\", ");
        QVERIFY2(resultsAt > 0, qPrintable(run.out));
        int previous = resultsAt;
        for (const char* key : {"m", "n", "k", "threads", "median_s", "gflops", "max_rel_err",
                                "status", "min_s", "max_s", "relative_spread", "runs", "run_s",
                                "tolerance", "upload_s", "download_s", "detail"}) {
            const int at = run.out.indexOf(QString("\"%1\": ").arg(key), previous);
            QVERIFY2(at > previous, key);
            previous = at;
        }
    }

    void textTable() {
        const Run run = runCli(benchMatmul("--backends naive,ikj,cuda-naive --sizes 16"));
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = run.out.split('\n');
        QVERIFY2(lines[0].startsWith("CPU: "), qPrintable(run.out));
        QVERIFY2(run.out.contains("\nBLAS: "), qPrintable(run.out));
        QVERIFY2(run.out.contains("\nGPU: "), qPrintable(run.out));
        QVERIFY2(run.out.contains("\n16×16×16: 8.2 kFLOP per multiplication; median of 5 timed "
                                  "runs after 1 warm-up; speedup over naive\n"),
                 qPrintable(run.out));
        const int header =
            lines.indexOf(QRegularExpression("^backend +threads +median ms +spread "
                                             "+GFLOPS +speedup +max rel err  status$"));
        QVERIFY2(header > 0, qPrintable(run.out));
        QVERIFY2(lines[header + 1].contains(QRegularExpression(
                     "^naive +1 +[0-9.]+ +[0-9.]+% +[0-9.]+ +1\\.0x +[0-9.e-]+  ok$")),
                 qPrintable(lines[header + 1]));
        QVERIFY2(lines[header + 2].contains(QRegularExpression("^ikj +1 .*  ok$")),
                 qPrintable(lines[header + 2]));
        if (!lines[header + 3].endsWith("  ok")) {
            QVERIFY2(lines[header + 3].contains(
                         QRegularExpression("^cuda-naive +- +- +- +- +- +-  unavailable: .+$")),
                     qPrintable(lines[header + 3]));
        }
    }

    void csvForm() {
        const Run run = runCli(benchMatmul("--csv --backends naive --sizes 8 --repeat 2"));
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QVERIFY2(lines[0].startsWith("# CPU: "), qPrintable(run.out));
        const int header = lines.indexOf(
            "backend,m,n,k,threads,status,median_s,min_s,max_s,runs,gflops,max_rel_err,"
            "tolerance,upload_s,download_s,detail");
        QVERIFY2(header > 0, qPrintable(run.out));
        for (int index = 0; index < header; ++index) QVERIFY(lines[index].startsWith("# "));
        QCOMPARE(lines.size(), header + 2);
        QVERIFY2(lines[header + 1].startsWith("naive,8,8,8,1,ok,"), qPrintable(lines[header + 1]));
        QCOMPARE(lines[header + 1].split(',')[9], QString("2"));
    }

    // The machines the tests run on have no CUDA device: the CUDA rungs say why, exit 0.
    void cudaRungIsUnavailableHere() {
        const Run run = runCli(benchMatmul("--backends cuda-naive --sizes 16 --json"));
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const QJsonObject result = jsonOf(run).value("results").toArray()[0].toObject();
        if (result.value("status").toString() == "ok") QSKIP("this machine has a CUDA device");
        QVERIFY2(result.value("status").toString().startsWith("unavailable: "),
                 qPrintable(result.value("status").toString()));
        QVERIFY(result.value("status").toString().size() > QString("unavailable: ").size());
        QVERIFY(result.value("median_s").isNull());
        QVERIFY(result.value("gflops").isNull());
        QVERIFY(result.value("max_rel_err").isNull());
        QCOMPARE(result.value("runs").toInteger(-1), 0);
        QCOMPARE(result.value("m").toInteger(-1), 16);
    }

    void repeatOnce() {
        const Run run = runCli(benchMatmul("--backends naive --sizes 8 --repeat 1 --json"));
        QCOMPARE(run.exitCode, 0);
        const QJsonObject result = jsonOf(run).value("results").toArray()[0].toObject();
        QCOMPARE(result.value("runs").toInteger(-1), 1);
        QCOMPARE(result.value("run_s").toArray().size(), 1);
        QCOMPARE(result.value("min_s").toDouble(), result.value("median_s").toDouble());
        QCOMPARE(result.value("max_s").toDouble(), result.value("median_s").toDouble());
        QCOMPARE(result.value("relative_spread").toDouble(-1.0), 0.0);
    }

    void threadsAreReported() {
        const Run run =
            runCli(benchMatmul("--backends naive,blocked --sizes 8 --threads 2 --json"));
        QCOMPARE(run.exitCode, 0);
        const QJsonArray results = jsonOf(run).value("results").toArray();
        QCOMPARE(results[0].toObject().value("threads").toInteger(-1), 1);
        QCOMPARE(results[1].toObject().value("threads").toInteger(-1), 1);
    }

    // MxNxK: A is M×K, B is K×N.
    void nonSquareSizes() {
        const Run run = runCli(benchMatmul("--backends ikj --sizes 5x7x3,4,1X2X3 --json"));
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const QJsonArray results = jsonOf(run).value("results").toArray();
        QCOMPARE(results.size(), 3);
        const int expected[][3] = {{5, 7, 3}, {4, 4, 4}, {1, 2, 3}};
        for (int index = 0; index < 3; ++index) {
            const QJsonObject result = results[index].toObject();
            QCOMPARE(result.value("m").toInteger(-1), expected[index][0]);
            QCOMPARE(result.value("n").toInteger(-1), expected[index][1]);
            QCOMPARE(result.value("k").toInteger(-1), expected[index][2]);
            QCOMPARE(result.value("status").toString(), QString("ok"));
        }
    }

    // Too large for this machine's memory: refused before anything runs, with what it needs.
    void sizeTooLargeForMemoryIsRefused() {
        const Run run = runCli(benchMatmul("--backends naive --sizes 16,1048576"));
        QCOMPARE(run.out, QString());
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith("mlsyslab-cli: bench matmul: size 1048576 refused: "
                                    "1048576×1048576×1048576 needs 12.0 TiB; "),
                 qPrintable(run.err));
        QVERIFY2(run.err.endsWith(" is available\n"), qPrintable(run.err));
        QCOMPARE(run.err.count('\n'), 1);
    }

    void unknownBackendSuggestsTheClosest() {
        const Run run = runCli(benchMatmul("--backends naive,simdd --sizes 16"));
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err,
                 "mlsyslab-cli: bench matmul: unknown backend 'simdd' (did you mean "
                 "'simd'?); backends: " +
                     kBackendList + "\n");
    }

    void usageErrors_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("size 0") << "--backends naive --sizes 0"
                                << "size 0: sizes must be at least 1";
        QTest::newRow("size -3") << "--backends naive --sizes -3"
                                 << "size -3: sizes must be at least 1";
        QTest::newRow("zero among others") << "--backends naive --sizes 16,0,32"
                                           << "size 0: sizes must be at least 1";
        QTest::newRow("zero side") << "--backends naive --sizes 512x0x3"
                                   << "size 512x0x3: sizes must be at least 1";
        QTest::newRow("too large") << "--backends naive --sizes 2000000"
                                   << "size 2000000: sizes must be at most 1048576";
        QTest::newRow("past 64 bits") << "--backends naive --sizes 99999999999999999999"
                                      << "size 99999999999999999999: sizes must be at most 1048576";
        const QString notASize =
            "' is not a size: give N for N×N times N×N, or MxNxK for M×K times K×N (like "
            "256,1024 or 512x256x1024)";
        QTest::newRow("not a number") << "--backends naive --sizes abc"
                                      << "--sizes: 'abc" + notASize;
        QTest::newRow("two sides") << "--backends naive --sizes 2x3"
                                   << "--sizes: '2x3" + notASize;
        QTest::newRow("decimal") << "--backends naive --sizes 2.5"
                                 << "--sizes: '2.5" + notASize;
        QTest::newRow("empty item") << "--backends naive --sizes 256,,1024"
                                    << "--sizes has an empty item in '256,,1024'";
        QTest::newRow("no sizes") << "--backends naive --sizes"
                                  << "--sizes needs a list, like 256,1024 or 512x256x1024";
        QTest::newRow("no backends") << "--sizes 16 --backends"
                                     << "--backends needs a list, like naive,ikj,openblas";
        QTest::newRow("empty backend") << "--backends naive,,ikj --sizes 16"
                                       << "--backends has an empty name in 'naive,,ikj'";
        QTest::newRow("backend twice") << "--backends naive,ikj,naive --sizes 16"
                                       << "backend 'naive' is named twice";
        QTest::newRow("repeat 0") << "--backends naive --sizes 16 --repeat 0"
                                  << "--repeat must be a whole number from 1 to 1000, not '0'";
        QTest::newRow("repeat words") << "--backends naive --sizes 16 --repeat many"
                                      << "--repeat must be a whole number from 1 to 1000, not "
                                         "'many'";
        QTest::newRow("threads 0") << "--backends naive --sizes 16 --threads 0"
                                   << "--threads must be a whole number of at least 1, not '0' "
                                      "(leave it out for every hardware thread)";
        QTest::newRow("threads -2") << "--backends naive --sizes 16 --threads -2"
                                    << "--threads must be a whole number of at least 1, not '-2' "
                                       "(leave it out for every hardware thread)";
        QTest::newRow("threads 5000") << "--backends naive --sizes 16 --threads 5000"
                                      << "threads must be at most 1024, not 5000";
        QTest::newRow("json and csv") << "--backends naive --sizes 16 --json --csv"
                                      << "give --json or --csv, not both";
        QTest::newRow("unknown option") << "--backends naive --sizes 16 --fast"
                                        << "unknown option '--fast' (see mlsyslab-cli bench "
                                           "matmul --help)";
        QTest::newRow("option twice") << "--backends naive --sizes 16 --repeat 2 --repeat 3"
                                      << "--repeat is given more than once";
        QTest::newRow("stray value") << "--backends naive --sizes 16 32"
                                     << "unexpected argument '32': give lists after --backends "
                                        "and --sizes, separated by commas";
    }
    void usageErrors() {
        QFETCH(QString, arguments);
        QFETCH(QString, message);
        const Run run = runCli(benchMatmul(arguments));
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, "mlsyslab-cli: bench matmul: " + message + "\n");
        QCOMPARE(run.exitCode, 2);
    }

    void help() {
        const Run run = runCli(benchMatmul("--help"));
        QCOMPARE(run.exitCode, 0);
        QVERIFY(
            run.out.startsWith("Usage: mlsyslab-cli bench matmul [--backends LIST] "
                               "[--sizes LIST] [--threads N] [--repeat R] [--json | --csv]\n"));
        QVERIFY(run.out.contains("MxNxK"));
        const Run group = runCli({"bench", "--help"});
        QCOMPARE(group.exitCode, 0);
        QVERIFY(group.out.contains("  bench matmul"));
    }
};

QTEST_GUILESS_MAIN(TestCliBenchMatmul)
#include "tst_cli_bench_matmul.moc"
