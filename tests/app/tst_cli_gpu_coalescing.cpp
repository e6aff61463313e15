#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "CliTestSupport.h"

// `mlsyslab-cli gpu coalescing ...` run as the real binary (DESIGN.md §4). The counting is
// tested pattern by pattern in tests/core/gpu/tst_coalescing.cpp; this suite checks the
// command-line form: the JSON contract, the text report, negative strides, explicit addresses,
// and every error path with its exit status.
namespace {

using mlsyslab::testing::jsonOf;
using mlsyslab::testing::runCli;
using mlsyslab::testing::words;
using Run = mlsyslab::testing::CliRun;

QStringList coalescing(const QString& line) {
    return QStringList{"gpu", "coalescing"} + words(line);
}

QString numberList(const QJsonArray& array) {
    QStringList numbers;
    for (const QJsonValue value : array) numbers << QString::number(value.toInteger(-1));
    return numbers.join(' ');
}

}  // namespace

class TestCliGpuCoalescing : public QObject {
    Q_OBJECT

private slots:
    // The CUDA C++ Best Practices Guide's cases and a few more, through --json.
    void counts_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<int>("sectors");
        QTest::addColumn<int>("lines");
        QTest::addColumn<int>("requested");
        QTest::addColumn<double>("efficiency");
        QTest::newRow("sequential")
            << "--elem-bytes 4 --stride 1 --offset 0" << 4 << 1 << 128 << 100.0;
        QTest::newRow("defaults are sequential floats") << "" << 4 << 1 << 128 << 100.0;
        QTest::newRow("misaligned by one") << "--stride 1 --offset 1" << 5 << 2 << 128 << 80.0;
        QTest::newRow("stride 2") << "--stride 2 --offset 0" << 8 << 2 << 128 << 50.0;
        QTest::newRow("column of a 32-wide tile") << "--stride 32" << 32 << 32 << 128 << 12.5;
        QTest::newRow("reversed") << "--stride -1 --offset 31" << 4 << 1 << 128 << 100.0;
        QTest::newRow("negative stride before the offset")
            << "--offset 62 --stride -2" << 8 << 2 << 128 << 50.0;
        QTest::newRow("broadcast") << "--stride 0 --offset 7" << 1 << 1 << 128 << 400.0;
        QTest::newRow("doubles") << "--elem-bytes 8 --stride 1" << 8 << 2 << 256 << 100.0;
        QTest::newRow("chars") << "--elem-bytes 1" << 1 << 1 << 32 << 100.0;
        QTest::newRow("explicit addresses") << "--addresses 0,4,8,12" << 1 << 1 << 16 << 50.0;
        QTest::newRow("hex addresses") << "--addresses 0x80,0x100" << 2 << 2 << 8 << 12.5;
        QTest::newRow("straddling two lines") << "--addresses 126" << 2 << 2 << 4 << 6.25;
        QTest::newRow("options after --json") << "--json --stride 2" << 8 << 2 << 128 << 50.0;
        // The named patterns, with the guide's counts for 32 floats (docs/lesson-format.md).
        QTest::newRow("pattern sequential") << "--pattern sequential" << 4 << 1 << 128 << 100.0;
        QTest::newRow("pattern misaligned") << "--pattern misaligned" << 5 << 2 << 128 << 80.0;
        QTest::newRow("pattern stride-2") << "--pattern stride-2" << 8 << 2 << 128 << 50.0;
        QTest::newRow("pattern column") << "--pattern column" << 32 << 32 << 128 << 12.5;
        QTest::newRow("pattern reversed") << "--pattern reversed" << 4 << 1 << 128 << 100.0;
        QTest::newRow("pattern broadcast") << "--pattern broadcast" << 1 << 1 << 128 << 400.0;
        QTest::newRow("pattern permutation")
            << "--pattern permutation --seed 12345" << 4 << 1 << 128 << 100.0;
        QTest::newRow("column of a narrow tile of doubles")
            << "--pattern column --row-length 2 --elem-bytes 8" << 16 << 4 << 256 << 50.0;
        QTest::newRow("a partial warp") << "--pattern misaligned --lanes 8" << 2 << 1 << 32 << 50.0;
        QTest::newRow("reversed partial warp") << "--pattern reversed --lanes 3" << 1 << 1 << 12
                                               << 37.5;
    }
    void counts() {
        QFETCH(QString, arguments);
        QFETCH(int, sectors);
        QFETCH(int, lines);
        QFETCH(int, requested);
        QFETCH(double, efficiency);
        QStringList line = coalescing(arguments);
        if (!line.contains("--json")) line << "--json";
        const Run run = runCli(line);
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const QJsonObject object = jsonOf(run);
        QCOMPARE(object.value("sectors").toInteger(-1), sectors);
        QCOMPARE(object.value("lines").toInteger(-1), lines);
        QCOMPARE(object.value("requested_bytes").toInteger(-1), requested);
        QCOMPARE(object.value("moved_bytes").toInteger(-1), 32 * sectors);
        QCOMPARE(object.value("efficiency_pct").toDouble(), efficiency);
    }

    // One line, one object; its first fields are exactly "sectors" and "lines", integers.
    void jsonContract() {
        const Run run = runCli(coalescing("--elem-bytes 4 --stride 1 --offset 1 --json"));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out.count('\n'), 1);
        QVERIFY2(run.out.startsWith("{\"sectors\": 5, \"lines\": 2, "), qPrintable(run.out));
        const QJsonObject object = jsonOf(run);
        QCOMPARE(QStringList(object.keys()),
                 (QStringList{"efficiency_pct", "element_bytes", "lanes", "line_numbers", "lines",
                              "misaligned_lanes", "moved_bytes", "requested_bytes",
                              "sector_numbers", "sectors"}));
        QCOMPARE(numberList(object.value("sector_numbers").toArray()), QString("0 1 2 3 4"));
        QCOMPARE(numberList(object.value("line_numbers").toArray()), QString("0 1"));
        QCOMPARE(object.value("lanes").toInteger(-1), 32);
        QCOMPARE(object.value("element_bytes").toInteger(-1), 4);
        QCOMPARE(object.value("misaligned_lanes").toInteger(-1), 0);
    }

    void textReport() {
        const Run run = runCli(coalescing("--stride 1 --offset 1"));
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QString("32 lanes read 4 bytes each: lane i reads element 1 + i x 1\n"
                                  "bytes 4 to 131 from the array's start, which is on a 128-byte "
                                  "boundary\n"
                                  "\n"
                                  "sectors: 5 (32 bytes each)\n"
                                  "lines: 2 (128 bytes each)\n"
                                  "bytes requested: 128 (32 lanes x 4 bytes)\n"
                                  "bytes moved: 160 (5 sectors x 32 bytes)\n"
                                  "efficiency: 80.0% (requested / moved)\n"
                                  "\n"
                                  "sector  bytes    line  lanes\n"
                                  "     0  0-31        0  0-6\n"
                                  "     1  32-63       0  7-14\n"
                                  "     2  64-95       0  15-22\n"
                                  "     3  96-127      0  23-30\n"
                                  "     4  128-159     1  31\n"));
    }

    // A named pattern says its name and what lane i reads.
    void namedPatternReport() {
        const Run column = runCli(coalescing("--pattern column --row-length 64"));
        QCOMPARE(column.exitCode, 0);
        QVERIFY2(column.out.startsWith("32 lanes read 4 bytes each (column): lane i reads "
                                       "element 0 + i x 64\n"),
                 qPrintable(column.out));
        const Run shuffled = runCli(coalescing("--pattern permutation --seed 7 --lanes 4"));
        QCOMPARE(shuffled.exitCode, 0);
        QVERIFY2(shuffled.out.startsWith("4 lanes read 4 bytes each (permutation): lane i reads "
                                         "element p(i), p the shuffle of 0..31 that seed 7 "
                                         "gives\n"),
                 qPrintable(shuffled.out));
    }

    // An unaligned address is counted, and the text says CUDA would not allow it.
    void misalignedAddressesAreNoted() {
        const Run run = runCli(coalescing("--addresses 30,64"));
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("note: 1 lane reads at an address that is not a multiple of 4. "
                                  "CUDA requires natural alignment (such a load faults); it is "
                                  "counted here as if it were allowed.\n"),
                 qPrintable(run.out));
        QVERIFY(run.out.contains("     0  0-31      0  0\n     1  32-63     0  0\n"));
        QVERIFY(run.out.contains("     2  64-95     0  1\n"));
        const Run json = runCli(coalescing("--addresses 30,64 --json"));
        QCOMPARE(jsonOf(json).value("misaligned_lanes").toInteger(-1), 1);
        QCOMPARE(jsonOf(json).value("sectors").toInteger(-1), 3);
    }

    void broadcastIsExplained() {
        const Run run = runCli(coalescing("--stride 0"));
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(
            "efficiency: 400.0% (requested / moved; over 100%: lanes share the bytes one sector "
            "brings)\n"));
        QVERIFY(run.out.contains("     0  0-31      0  0-31\n"));
    }

    // Bad usage: one line on stderr, exit status 2, nothing on stdout.
    void usageErrors_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("element size")
            << "--elem-bytes 3"
            << "--elem-bytes must be 1, 2, 4, 8 or 16: the bytes each lane reads, not '3'";
        QTest::newRow("element size missing")
            << "--elem-bytes"
            << "--elem-bytes must be 1, 2, 4, 8 or 16: the bytes each lane reads, not ''";
        QTest::newRow("stride not a number")
            << "--stride two"
            << "--stride must be a whole number from -2147483648 to 2147483647, not 'two'";
        QTest::newRow("stride missing")
            << "--stride" << "--stride must be a whole number from -2147483648 to 2147483647, not ''";
        QTest::newRow("stride past an int")
            << "--stride 9000000000000000000"
            << "--stride must be a whole number from -2147483648 to 2147483647, not "
               "'9000000000000000000'";
        QTest::newRow("offset a fraction")
            << "--offset 1.5" << "--offset must be a whole number from 0 to 2147483647, not '1.5'";
        QTest::newRow("negative offset")
            << "--offset -1" << "--offset must be a whole number from 0 to 2147483647, not '-1'";
        QTest::newRow("both forms")
            << "--stride 1 --addresses 0,4"
            << "--stride is not used by the addresses pattern (it reads addresses)";
        QTest::newRow("an option the pattern does not read")
            << "--pattern column --seed 3"
            << "--seed is not used by the column pattern (it reads row_length)";
        QTest::newRow("lanes with addresses")
            << "--addresses 0,4 --lanes 2"
            << "--lanes is not used with addresses: one lane per address in the list";
        QTest::newRow("pattern misspelt")
            << "--pattern colum"
            << "--pattern must be sequential, misaligned, stride-2, column, reversed, broadcast, "
               "permutation, custom or addresses; did you mean 'column'?";
        QTest::newRow("addresses named but not given")
            << "--pattern addresses"
            << "the addresses pattern needs 'addresses: [...]', one byte offset per lane";
        QTest::newRow("too many lanes")
            << "--lanes 33" << "--lanes must be a whole number from 1 to 32, not '33'";
        QTest::newRow("seed past 32 bits")
            << "--pattern permutation --seed 4294967296"
            << "--seed must be a whole number from 0 to 4294967295, not '4294967296'";
        QTest::newRow("empty address")
            << "--addresses 0,,4"
            << "--addresses must be a list of 1 to 32 byte offsets from the array's start "
               "(decimal, or hex after 0x), like 0, 4, 8; '' is not a whole number";
        QTest::newRow("bad address")
            << "--addresses 0,four"
            << "--addresses must be a list of 1 to 32 byte offsets from the array's start "
               "(decimal, or hex after 0x), like 0, 4, 8; 'four' is not a whole number";
        QTest::newRow("33 addresses")
            << "--addresses 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"
            << "--addresses must be a list of 1 to 32 byte offsets from the array's start "
               "(decimal, or hex after 0x), like 0, 4, 8, not 33 of them";
        QTest::newRow("negative address")
            << "--addresses 0,-8" << "--addresses: lane 1's address -8 is not from 0 to 562949953421311";
        QTest::newRow("unknown option")
            << "--strides 2"
            << "unknown option '--strides' (see mlsyslab-cli gpu coalescing --help)";
        QTest::newRow("given twice") << "--stride 1 --stride 2"
                                     << "--stride is given more than once";
        QTest::newRow("positional")
            << "7"
            << "unexpected argument '7': give a --pattern, a --stride and --offset, or --addresses";
        // Addresses the array cannot have: the engine's reason, as a lesson gets it.
        QTest::newRow("reversed one short")
            << "--stride -1 --offset 30"
            << "lane 31 would read element -1 (30 + 31 x -1), before the start of the array; a "
               "larger offset starts the warp further in";
        QTest::newRow("past the address space")
            << "--addresses 562949953421311 --elem-bytes 16"
            << "lane 0's address is beyond the GPU's 2^49-byte virtual address space";
    }
    void usageErrors() {
        QFETCH(QString, arguments);
        QFETCH(QString, message);
        const Run run = runCli(coalescing(arguments));
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, "mlsyslab-cli: gpu coalescing: " + message + "\n");
    }

    void helpDescribesTheForms() {
        const Run run = runCli(coalescing("--help"));
        QCOMPARE(run.exitCode, 0);
        QVERIFY(
            run.out.startsWith("Usage: mlsyslab-cli gpu coalescing [--elem-bytes E] (--stride "
                               "S --offset O | --addresses A0,...,A31 | --pattern NAME) "
                               "[--json]\n"));
        QVERIFY(run.out.contains("CUDA itself requires natural alignment"));
        // Every named pattern, with what its lanes read.
        QVERIFY(run.out.contains("  misaligned    element 1 + i (one element late)\n"));
        QVERIFY(run.out.contains("  addresses     byte address addresses[i]\n"));
        // The options' lines are the kind's field docs (docs/lesson-format.md).
        QVERIFY(run.out.contains("  --row-length N    column: elements per row of the tile, 1 to "
                                 "2147483647\n"));
        QVERIFY(run.out.contains("  --elem-bytes E    bytes each lane reads: 1, 2, 4, 8 or 16 "
                                 "(default 4)\n"));
    }
};

QTEST_GUILESS_MAIN(TestCliGpuCoalescing)
#include "tst_cli_gpu_coalescing.moc"
