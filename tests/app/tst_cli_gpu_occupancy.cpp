#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "CliTestSupport.h"

// `mlsyslab-cli gpu occupancy ...` run as the real binary (DESIGN.md §4). The calculation is
// tested case by case in tests/core/gpu (and against cuda_occupancy.h); this suite checks the
// command-line form: the JSON contract, the text, impossible launches as results, device files
// and every usage error.
namespace {

using mlsyslab::testing::jsonOf;
using mlsyslab::testing::runCli;
using mlsyslab::testing::words;
using Run = mlsyslab::testing::CliRun;

QStringList occupancy(const QString& arguments) {
    return QStringList{"gpu", "occupancy"} + words(arguments);
}

QString limiterList(const QJsonObject& json) {
    QStringList names;
    for (const QJsonValue& name : json.value("limiters").toArray()) names << name.toString();
    return names.join(',');
}

}  // namespace

class TestCliGpuOccupancy : public QObject {
    Q_OBJECT

private slots:
    // DESIGN §4's four fields come first, in this order, exactly so.
    void jsonStartsWithTheContractFields() {
        const Run run =
            runCli(occupancy("--device h100 --block-size 256 --regs 32 --smem 0 --json"));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.err, QString());
        QVERIFY2(run.out.startsWith("{\"active_blocks_per_sm\": 8, \"active_warps_per_sm\": 64, "
                                    "\"occupancy_pct\": 100, \"limiters\": [\"warps\", "
                                    "\"registers\"], "),
                 qPrintable(run.out));
        QVERIFY(run.out.endsWith("}\n"));
        QCOMPARE(run.out.count('\n'), 1);
        const QJsonObject json = jsonOf(run);
        QCOMPARE(json.value("possible").toBool(), true);
        QVERIFY(json.value("reason").isNull());
        QCOMPARE(json.value("device").toString(), QString("h100"));
        QCOMPARE(json.value("warps_per_block").toInt(), 8);
        QCOMPARE(json.value("registers_per_warp_allocated").toInt(), 1024);
        QCOMPARE(json.value("shared_bytes_per_block_allocated").toInt(), 1024);
        const QJsonObject limits = json.value("blocks_limited_by").toObject();
        QCOMPARE(limits.value("warps").toInt(), 8);
        QCOMPARE(limits.value("registers").toInt(), 8);
        QCOMPARE(limits.value("shared_memory").toInt(), 228);
        QCOMPARE(limits.value("blocks").toInt(), 32);
    }

    void results_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<int>("blocks");
        QTest::addColumn<int>("warps");
        QTest::addColumn<QString>("percentText");  // as printed: the shortest round-trip form
        QTest::addColumn<double>("percent");
        QTest::addColumn<QString>("limiters");
        QTest::newRow("rtx4090 1024 threads")
            << "--device rtx4090 --block-size 1024 --regs 32 --smem 0" << 1 << 32
            << "66.66666666666667" << 200.0 / 3 << "warps";
        QTest::newRow("h100 1024 threads, 64 registers")
            << "--device h100 --block-size 1024 --regs 64 --smem 0" << 1 << 32 << "50" << 50.0
            << "registers";
        QTest::newRow("a100 48 KiB") << "--device a100 --block-size 256 --regs 0 --smem 49152" << 3
                                     << 24 << "37.5" << 37.5 << "shared_memory";
        QTest::newRow("v100 one warp") << "--device v100 --block-size 32 --regs 0 --smem 0" << 32
                                       << 32 << "50" << 50.0 << "blocks";
        QTest::newRow("t4 64 threads") << "--device t4 --block-size 64 --regs 16 --smem 0" << 16
                                       << 32 << "100" << 100.0 << "warps,blocks";
        QTest::newRow("h200 registers unit") << "--device h200 --block-size 256 --regs 33 --smem 0"
                                             << 6 << 48 << "75" << 75.0 << "registers";
        QTest::newRow("--smem defaults to 0") << "--device h100 --block-size 128 --regs 255" << 2
                                              << 8 << "12.5" << 12.5 << "registers";
        // --smem is read as the lesson field shared_memory is: bytes, or with a unit.
        QTest::newRow("a100 48 KiB with a unit")
            << "--device a100 --block-size 256 --regs 0 --smem 48KiB" << 3 << 24 << "37.5" << 37.5
            << "shared_memory";
    }

    void results() {
        QFETCH(QString, arguments);
        QFETCH(int, blocks);
        QFETCH(int, warps);
        QFETCH(QString, percentText);
        QFETCH(double, percent);
        QFETCH(QString, limiters);
        const Run run = runCli(occupancy(arguments + " --json"));
        QCOMPARE(run.exitCode, 0);
        const QJsonObject json = jsonOf(run);
        QCOMPARE(json.value("active_blocks_per_sm").toInt(-1), blocks);
        QCOMPARE(json.value("active_warps_per_sm").toInt(-1), warps);
        QVERIFY2(run.out.contains(QString("\"occupancy_pct\": %1, ").arg(percentText)),
                 qPrintable(run.out));
        QCOMPARE(json.value("occupancy_pct").toDouble(), percent);
        QCOMPARE(limiterList(json), limiters);
    }

    // A launch that cannot run is a result, exit status 0, with why.
    void impossibleLaunchesAreResults_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("limiters");
        QTest::addColumn<QString>("reason");
        QTest::newRow("1025 threads") << "--device h100 --block-size 1025 --regs 32 --smem 0"
                                      << "warps"
                                      << "1025 threads per block: the most is 1024";
        QTest::newRow("too many registers per block")
            << "--device a100 --block-size 1024 --regs 65 --smem 0"
            << "registers"
            << "a block needs 73728 registers (2304 per warp x 32 warps): the most per block is "
               "65536";
        QTest::newRow("too much shared memory")
            << "--device rtx4090 --block-size 128 --regs 32 --smem 101377"
            << "shared_memory"
            << "101377 bytes of shared memory per block: the most is 101376 (the opt-in limit)";
        QTest::newRow("no threads") << "--device t4 --block-size 0 --regs 32 --smem 0"
                                    << "warps"
                                    << "0 threads per block: a block needs at least 1 thread";
    }

    void impossibleLaunchesAreResults() {
        QFETCH(QString, arguments);
        QFETCH(QString, limiters);
        QFETCH(QString, reason);
        const Run json = runCli(occupancy(arguments + " --json"));
        QCOMPARE(json.exitCode, 0);
        QCOMPARE(json.err, QString());
        QVERIFY2(json.out.startsWith("{\"active_blocks_per_sm\": 0, \"active_warps_per_sm\": 0, "
                                     "\"occupancy_pct\": 0, "),
                 qPrintable(json.out));
        const QJsonObject object = jsonOf(json);
        QCOMPARE(limiterList(object), limiters);
        QCOMPARE(object.value("possible").toBool(true), false);
        QCOMPARE(object.value("reason").toString(), reason);
        const Run text = runCli(occupancy(arguments));
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("cannot run: " + reason + "\n"), qPrintable(text.out));
        QVERIFY(text.out.endsWith("active: 0 blocks, 0 warps per SM: occupancy 0%\n"));
    }

    void textShowsEachResourcesLimit() {
        const Run run = runCli(occupancy("--device h100 --block-size 256 --regs 32 --smem 0"));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out,
                 QString("NVIDIA H100 SXM5 80GB (h100, compute capability 9.0)\n"
                         "kernel: 256 threads per block, 32 registers per thread, 0 bytes of "
                         "dynamic shared memory per block\n"
                         "a block gets: 8 warps, 1024 registers per warp (in units of 256), 1024 "
                         "bytes of shared memory (1024 reserved, in units of 128)\n"
                         "blocks per SM each resource allows:\n"
                         "  warps            8  64 warp slots / 8 warps per block                "
                         "            <- limit\n"
                         "  registers        8  4 sub-partitions x 16 warps of 1024 registers / 8 "
                         "per block  <- limit\n"
                         "  shared memory  228  233472 bytes / 1024 per block\n"
                         "  blocks          32  at most 32 resident blocks per SM\n"
                         "active: 8 blocks, 64 of 64 warps per SM: occupancy 100%\n"));
        const Run ada = runCli(occupancy("--device rtx4090 --block-size 1024 --regs 32"));
        QVERIFY(ada.out.endsWith("active: 1 block, 32 of 48 warps per SM: occupancy 66.7%\n"));
    }

    void deviceFiles() {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        QFile builtin(QStringLiteral(MLSYSLAB_SOURCE_DIR) + "/resources/devices/t4.yaml");
        QVERIFY(builtin.open(QIODevice::ReadOnly));
        QByteArray text = builtin.readAll();
        // A T4 with twice the warp slots: a file of one's own is used as it is.
        text.replace("max_threads_per_sm: 1024", "max_threads_per_sm: 2048");
        text.replace("max_warps_per_sm: 32", "max_warps_per_sm: 64");
        const QString path = directory.filePath("big-t4.yaml");
        QFile own(path);
        QVERIFY(own.open(QIODevice::WriteOnly));
        own.write(text);
        own.close();
        const Run run =
            runCli(occupancy("--device " + path + " --block-size 1024 --regs 16 --json"));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(jsonOf(run).value("active_blocks_per_sm").toInt(), 2);

        const QString bad = directory.filePath("bad.yaml");
        QFile badFile(bad);
        QVERIFY(badFile.open(QIODevice::WriteOnly));
        badFile.write("id: mine\nsm_cout: 3\n");
        badFile.close();
        const Run malformed = runCli(occupancy("--device " + bad + " --block-size 32 --regs 0"));
        QCOMPARE(malformed.exitCode, 1);
        QCOMPARE(malformed.out, QString());
        QCOMPARE(malformed.err,
                 bad + ":2:1: error: unknown key 'sm_cout'; did you mean 'sm_count'?\n");

        const Run missing = runCli(occupancy("--device " + directory.filePath("none.yaml") +
                                             " --block-size 32 "
                                             "--regs 0"));
        QCOMPARE(missing.exitCode, 1);
        QCOMPARE(missing.err,
                 directory.filePath("none.yaml") + ": error: cannot open the device file\n");
    }

    void usageErrors_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("error");
        QTest::newRow("no device") << "--block-size 32 --regs 0"
                                   << "give --device D: v100, t4, a100, rtx4090, h100, h200 or a "
                                      "device file";
        QTest::newRow("unknown device")
            << "--device h10 --block-size 32 --regs 0"
            << "unknown device 'h10'; did you mean 'h100'? (built-in devices: v100, t4, a100, "
               "rtx4090, h100, h200; or a path to a device file)";
        QTest::newRow("no block size") << "--device h100 --regs 0"
                                       << "give --block-size B, the threads per block";
        QTest::newRow("no registers") << "--device h100 --block-size 32"
                                      << "give --regs R, the registers per thread";
        QTest::newRow("word for a block size")
            << "--device h100 --block-size many --regs 0"
            << "--block-size must be a whole number from 0 to 2147483647, not 'many'";
        QTest::newRow("fraction for registers")
            << "--device h100 --block-size 32 --regs 1.5"
            << "--regs must be a whole number from 0 to 2147483647, not '1.5'";
        QTest::newRow("negative block size")
            << "--device h100 --block-size -32 --regs 0"
            << "--block-size must be a whole number from 0 to 2147483647, not '-32'";
        QTest::newRow("shared memory past an int")
            << "--device h100 --block-size 32 --regs 0 --smem 2GiB"
            << "--smem must be bytes of dynamic shared memory per block from 0 to 2147483647, "
               "like 16384 or 16KiB, not '2GiB'";
        QTest::newRow("shared memory in words")
            << "--device h100 --block-size 32 --regs 0 --smem lots"
            << "--smem must be bytes of dynamic shared memory per block from 0 to 2147483647, "
               "like 16384 or 16KiB, not 'lots'";
        QTest::newRow("unknown option") << "--device h100 --block-size 32 --regs 0 --threads 4"
                                        << "unknown option '--threads' (see mlsyslab-cli gpu "
                                           "occupancy --help)";
        QTest::newRow("option twice") << "--device h100 --device a100 --block-size 32 --regs 0"
                                      << "--device is given more than once";
        QTest::newRow("stray word") << "--device h100 --block-size 32 --regs 0 fast"
                                    << "unexpected argument 'fast': give --device, --block-size, "
                                       "--regs and --smem";
    }

    void usageErrors() {
        QFETCH(QString, arguments);
        QFETCH(QString, error);
        const Run run = runCli(occupancy(arguments));
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, "mlsyslab-cli: gpu occupancy: " + error + "\n");
    }

    void help() {
        const Run run = runCli(occupancy("--help"));
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("--device D --block-size B --regs R --smem BYTES [--json]"));
        QVERIFY(run.out.contains("occupancy_pct, limiters"));
        // The kernel's options are described by the occupancy kind's schema.
        QVERIFY2(run.out.contains("  --smem BYTES      dynamic shared memory per block: bytes, or "
                                  "with KiB (16KiB),\n"),
                 qPrintable(run.out));
        QVERIFY(run.out.contains("(above 255, the launch cannot run) (required)\n"));
    }
};

QTEST_GUILESS_MAIN(TestCliGpuOccupancy)
#include "tst_cli_gpu_occupancy.moc"
