#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "CliTestSupport.h"

// `mlsyslab-cli gpu run ...` run as the real binary (DESIGN.md §4). The simulator is tested
// cycle by cycle in tests/core/gpu; this suite checks the command-line form: the JSON contract
// and its figures for seed 002's launch, the text, impossible launches as results, device files
// and every usage error.
namespace {

using mlsyslab::testing::jsonOf;
using mlsyslab::testing::runCli;
using mlsyslab::testing::words;
using Run = mlsyslab::testing::CliRun;

QStringList gpuRun(const QString& arguments) {
    return QStringList{"gpu", "run"} + words(arguments);
}

const QStringList kStatusNames{
    "issued", "ready", "waiting_on_register", "waiting_at_barrier", "pipeline_busy", "finished"};

}  // namespace

class TestCliGpuRun : public QObject {
    Q_OBJECT

private slots:
    // Seed 002's matrixAdd on the H100: 6 blocks of 4 x 3 threads, one 12-lane warp each, one
    // block per SM. The figures that do not depend on the device's latencies, exactly.
    void seedMatrixAddJson() {
        const Run run =
            runCli(gpuRun("--device h100 --kernel matrixAdd --grid 3,2 --block 4,3 --json"));
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out.count('\n'), 1);
        const QJsonObject json = jsonOf(run);
        QCOMPARE(json.value("possible").toBool(false), true);
        QCOMPARE(json.value("blocks").toInteger(-1), 6);
        QCOMPARE(json.value("waves").toInteger(-1), 1);
        QCOMPARE(json.value("active_sms").toInteger(-1), 6);
        // 16 instructions per warp; 12 lanes of 32 run each.
        QCOMPARE(json.value("warp_instructions").toInteger(-1), 6 * 16);
        QCOMPARE(json.value("thread_instructions").toInteger(-1), 6 * 16 * 12);
        QCOMPARE(json.value("simt_efficiency_pct").toDouble(), 37.5);
        // Three loads and stores per warp, each touching three rows of 16 bytes: 3 sectors.
        QCOMPARE(json.value("global_requests").toInteger(-1), 18);
        QCOMPARE(json.value("sectors").toInteger(-1), 54);
        // 1-warp blocks: 32 blocks per SM (the block limit) = 32 of 64 warps; one warp resident.
        QCOMPARE(json.value("theoretical_occupancy_pct").toDouble(), 50.0);
        QCOMPARE(json.value("active_blocks_per_sm").toInteger(-1), 32);
        QCOMPARE(json.value("limiters").toArray(), QJsonArray{"blocks"});
        QCOMPARE(json.value("achieved_occupancy_pct").toDouble(), 100.0 / 64);
        // Every resident warp-cycle has one status; the six warps live through the whole run.
        const QJsonObject stalls = json.value("stalls").toObject();
        QCOMPARE(QStringList(stalls.keys()).size(), 6);
        qint64 warpCycles = 0;
        for (const QString& name : kStatusNames) warpCycles += stalls.value(name).toInteger(-1);
        const qint64 cycles = json.value("cycles").toInteger(-1);
        QCOMPARE(warpCycles, 6 * cycles);
        QCOMPARE(stalls.value("issued").toInteger(-1), 96);
        QCOMPARE(stalls.value("waiting_at_barrier").toInteger(-1), 0);
        QCOMPARE(json.value("ipc").toDouble(), 96.0 / double(cycles));
        QCOMPARE(json.value("time_us").toDouble(), double(cycles) / 1980.0);
        QCOMPARE(json.value("stopped_at_cycle_limit").toBool(true), false);
    }

    // The contract's fields come first, in this order; the rest after; counts are integers.
    void jsonFieldOrder() {
        const Run run =
            runCli(gpuRun("--json --device a100 --kernel reduction --grid 4 --block 128"));
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.startsWith("{\"cycles\": "), qPrintable(run.out));
        QStringList order;
        for (const char* key : {"cycles",
                                "ipc",
                                "achieved_occupancy_pct",
                                "theoretical_occupancy_pct",
                                "warp_instructions",
                                "stalls",
                                "blocks",
                                "waves",
                                "sectors",
                                "possible",
                                "device",
                                "kernel",
                                "grid",
                                "block",
                                "scheduler",
                                "time_us",
                                "ipc_per_sm",
                                "thread_instructions",
                                "simt_efficiency_pct",
                                "active_blocks_per_sm",
                                "limiters",
                                "active_sms",
                                "global_requests",
                                "stopped_at_cycle_limit"}) {
            const qsizetype at = run.out.indexOf(QString("\"%1\": ").arg(key));
            QVERIFY2(at >= 0, qPrintable(key));
            order << QString::number(at).rightJustified(6, '0');
        }
        QStringList sorted = order;
        sorted.sort();
        QCOMPARE(order, sorted);
        const QJsonObject json = jsonOf(run);
        QCOMPARE(json.value("grid").toArray(), (QJsonArray{4, 1, 1}));
        QCOMPARE(json.value("block").toArray(), (QJsonArray{128, 1, 1}));
        QCOMPARE(json.value("kernel").toString(), QString("reduction"));
        QVERIFY(json.value("stalls").toObject().value("waiting_at_barrier").toInteger(0) > 0);
        QVERIFY(
            !run.out.contains(QRegularExpression("\"(cycles|blocks|sectors|issued)\": [0-9]+\\.")));
    }

    // Both schedulers run the same instructions; each reports its own timing.
    void schedulers_data() {
        QTest::addColumn<QString>("scheduler");
        QTest::newRow("default") << "";
        QTest::newRow("lrr") << "--scheduler lrr";
        QTest::newRow("gto") << "--scheduler gto";
    }
    void schedulers() {
        QFETCH(QString, scheduler);
        const Run run = runCli(
            gpuRun("--device t4 --kernel matmulTiled --grid 2,2 --block 8,8 --json " + scheduler));
        QCOMPARE(run.exitCode, 0);
        const QJsonObject json = jsonOf(run);
        QCOMPARE(json.value("scheduler").toString(), scheduler.contains("gto") ? "gto" : "lrr");
        // 13 + 2 tiles x (22 + 12 x 8) per warp, 2 warps per block, 4 blocks.
        QCOMPARE(json.value("warp_instructions").toInteger(-1), 8 * (13 + 2 * (22 + 12 * 8)));
    }

    void text() {
        const Run run = runCli(gpuRun("--device h100 --kernel matrixAdd --grid 3,2 --block 4,3"));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.err, QString());
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 14);
        QCOMPARE(lines[0], QString("matrixAdd on NVIDIA H100 SXM5 80GB (h100), grid (3, 2, 1) x "
                                   "block (4, 3, 1), scheduler lrr"));
        QCOMPARE(lines[1], QString("6 blocks of 12 threads (1 warp each); up to 32 blocks per SM "
                                   "(limited by blocks); 1 wave on 6 of 132 SMs"));
        QVERIFY(lines[2].startsWith("cycles: "));
        QVERIFY(lines[2].endsWith(" us at 1980 MHz)"));
        QCOMPARE(lines[3], QString("warp instructions: 96 (1152 thread instructions, SIMT "
                                   "efficiency 37.5%)"));
        QCOMPARE(lines[5], QString("occupancy: achieved 1.6%, theoretical 50.0%"));
        QCOMPARE(lines[6], QString("global memory: 18 warp requests, 54 sectors of 32 bytes "
                                   "(3.00 per request)"));
        QCOMPARE(lines[7], QString("warp-cycles by status (resident warps, every cycle):"));
        QVERIFY(lines[8].startsWith("  issued                 96  "));
        QVERIFY(lines[13].startsWith("  finished                0  "));
    }

    // A launch that cannot run is a result: exit status 0, possible false and why.
    void impossibleLaunchesAreResults_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("reason");
        QTest::newRow("2048 threads") << "--kernel matrixAdd --grid 2 --block 2048"
                                      << "2048 threads per block: the most is 1024";
        QTest::newRow("2048 threads 2D") << "--kernel matrixAdd --grid 2 --block 64,32"
                                         << "2048 threads per block: the most is 1024";
        QTest::newRow("block z") << "--kernel vectorAdd --grid 2 --block 1,1,128"
                                 << "block (1, 1, 128): a block is at most 1024 x 1024 x 64 "
                                    "threads";
        QTest::newRow("reduction 2048") << "--kernel reduction --grid 2 --block 2048"
                                        << "2048 threads per block: the most is 1024";
        // Past a lesson's 4096 x 4096 threads: that limit is the lesson's, not the command's.
        QTest::newRow("grid y past CUDA's") << "--kernel vectorAdd --grid 1,70000 --block 512"
                                            << "grid (1, 70000, 1): gridDim.y and gridDim.z are "
                                               "at most 65535";
    }
    void impossibleLaunchesAreResults() {
        QFETCH(QString, arguments);
        QFETCH(QString, reason);
        const Run json = runCli(gpuRun("--device v100 --json " + arguments));
        QCOMPARE(json.exitCode, 0);
        QCOMPARE(json.err, QString());
        const QJsonObject object = jsonOf(json);
        QCOMPARE(object.value("possible").toBool(true), false);
        QCOMPARE(object.value("reason").toString(), reason);
        QVERIFY(!object.contains("cycles"));
        QVERIFY(json.out.startsWith("{\"possible\": false, \"reason\": "));
        const Run text = runCli(gpuRun("--device v100 " + arguments));
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.endsWith("cannot run: " + reason + "\n"));
    }

    // A device file runs as the built-in device it copies; a broken one is a failure (exit 1).
    void deviceFiles() {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        const QString copy = directory.filePath("my-h100.yaml");
        QVERIFY(QFile::copy(QStringLiteral(MLSYSLAB_SOURCE_DIR) + "/resources/devices/h100.yaml",
                            copy));
        const QString launch = " --kernel vectorAdd --grid 4 --block 64 --json";
        const Run builtin = runCli(gpuRun("--device h100" + launch));
        const Run fromFile = runCli(gpuRun("--device " + copy + launch));
        QCOMPARE(fromFile.exitCode, 0);
        QCOMPARE(fromFile.out, builtin.out);

        const QString broken = directory.filePath("broken.yaml");
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("id: broken\n");
        file.close();
        const Run run = runCli(gpuRun("--device " + broken + launch));
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QString());
        QVERIFY2(run.err.startsWith(broken + ":"), qPrintable(run.err));
        QVERIFY(run.err.contains(": error: "));
    }

    void usageErrors_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("message");
        const QString launch = " --kernel matrixAdd --grid 2 --block 4";
        QTest::newRow("no device") << launch.trimmed()
                                   << "give --device D: v100, t4, a100, rtx4090, h100, h200 or a "
                                      "device file";
        QTest::newRow("unknown device") << "--device h10" + launch << "unknown device 'h10'";
        QTest::newRow("no kernel") << "--device h100 --grid 2 --block 4"
                                   << "give --kernel K: matrixAdd, vectorAdd, matmulNaive, "
                                      "matmulTiled, divergent, reduction";
        QTest::newRow("unknown kernel") << "--device h100 --kernel matrixMul --grid 2 --block 4"
                                        << "--kernel must be matrixAdd, vectorAdd, matmulNaive, "
                                           "matmulTiled, divergent or reduction; did you mean "
                                           "'matrixAdd'?";
        QTest::newRow("no grid") << "--device h100 --kernel matrixAdd --block 4"
                                 << "give --grid X[,Y[,Z]], the blocks of the launch";
        QTest::newRow("no block") << "--device h100 --kernel matrixAdd --grid 4"
                                  << "give --block X[,Y[,Z]], the threads per block";
        QTest::newRow("bad grid") << "--device h100 --kernel matrixAdd --grid 2,x --block 4"
                                  << "--grid must be 1 to 3 sizes like 12 or [3, 2], each from "
                                     "1 to 2147483647 (grid is a dim3), not '2,x'";
        QTest::newRow("zero block") << "--device h100 --kernel matrixAdd --grid 2 --block 0"
                                    << "--block x must be from 1 to 2147483647, not 0";
        QTest::newRow("4D") << "--device h100 --kernel matrixAdd --grid 2,2,2,2 --block 4"
                            << "--grid must be 1 to 3 sizes like 12 or [3, 2], each from 1 to "
                               "2147483647 (grid is a dim3), not '2,2,2,2'";
        QTest::newRow("scheduler") << "--device h100" + launch + " --scheduler fifo"
                                   << "--scheduler must be lrr (loose round robin) or gto";
        QTest::newRow("tiles") << "--device h100 --kernel matmulTiled --grid 2 --block 16"
                               << "matmulTiled needs square tiles";
        QTest::newRow("unknown option") << "--device h100" + launch + " --cycles 5"
                                        << "unknown option '--cycles'";
        QTest::newRow("twice") << "--device h100 --device a100" + launch
                               << "--device is given more than once";
        QTest::newRow("positional") << "--device h100" + launch + " extra"
                                    << "unexpected argument 'extra'";
    }
    void usageErrors() {
        QFETCH(QString, arguments);
        QFETCH(QString, message);
        const Run run = runCli(gpuRun(arguments));
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.startsWith("mlsyslab-cli: gpu run: " + message), qPrintable(run.err));
    }

    void help() {
        const Run run = runCli({"gpu", "run", "--help"});
        QCOMPARE(run.exitCode, 0);
        for (const char* option : {"--device D", "--kernel K", "--grid X[,Y[,Z]]",
                                   "--block X[,Y[,Z]]", "--scheduler S", "--json"}) {
            QVERIFY2(run.out.contains(option), option);
        }
        for (const char* kernel :
             {"matrixAdd", "vectorAdd", "matmulNaive", "matmulTiled", "divergent", "reduction"}) {
            QVERIFY2(run.out.contains(kernel), kernel);
        }
    }
};

QTEST_GUILESS_MAIN(TestCliGpuRun)
#include "tst_cli_gpu_run.moc"
