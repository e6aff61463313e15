// `mlsyslab-cli format decode|encode` run as graders run it: the real binary, its exact output
// lines (DESIGN.md §4), stdin batch mode, and the exit codes.
#include <QProcess>
#include <QtTest>

#include "CliTestSupport.h"

namespace {

using mlsyslab::testing::runCli;
using Run = mlsyslab::testing::CliRun;
using mlsyslab::testing::words;

}  // namespace

class TestCliFormat : public QObject {
    Q_OBJECT

private slots:
    void decode_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("output");
        QTest::newRow("fp16 3.5") << "--format fp16 0x4300" << "0x4300 3.5 normal\n";
        QTest::newRow("lower case in, upper out") << "--format fp16 0x7bff" << "0x7BFF 65504 normal\n";
        QTest::newRow("padded") << "--format fp16 0x1" << "0x0001 5.96046448e-08 subnormal\n";
        QTest::newRow("-0") << "--format fp16 0x8000" << "0x8000 -0 zero\n";
        QTest::newRow("infinities") << "--format fp16 0x7C00 0xFC00" << "0x7C00 inf inf\n0xFC00 -inf inf\n";
        QTest::newRow("fp16 nan") << "--format fp16 0x7E00" << "0x7E00 nan nan\n";
        QTest::newRow("fp32") << "--format fp32 0x3DCCCCCD 0x00000001"
                              << "0x3DCCCCCD 0.100000001 normal\n0x00000001 1.40129846e-45 subnormal\n";
        QTest::newRow("bf16") << "--format bf16 0x3F80 0x7F7F" << "0x3F80 1 normal\n0x7F7F 3.38953139e+38 normal\n";
        QTest::newRow("tf32") << "--format tf32 0x3fe00 0x1FC00" << "0x3FE00 nan nan\n0x1FC00 1 normal\n";
        QTest::newRow("e4m3") << "--format fp8-e4m3 0x7E 0x7F 0x78 0x01"
                              << "0x7E 448 normal\n0x7F nan nan\n0x78 256 normal\n0x01 0.001953125 subnormal\n";
        QTest::newRow("e5m2") << "--format fp8-e5m2 0x7B 0x7C 0xFE" << "0x7B 57344 normal\n0x7C inf inf\n0xFE nan nan\n";
        QTest::newRow("fp64") << "--format fp64 0x3FB999999999999A" << "0x3FB999999999999A 0.10000000000000001 normal\n";
        QTest::newRow("format last") << "0x3C00 --format fp16" << "0x3C00 1 normal\n";
    }
    void decode() {
        QFETCH(QString, arguments);
        QFETCH(QString, output);
        const Run run = runCli(QStringList{"format", "decode"} + words(arguments));
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, output);
    }

    void encode_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("output");
        QTest::newRow("fp16 3.5") << "--format fp16 3.5" << "0x4300\n";
        QTest::newRow("fp16 negative value") << "--format fp16 -1.5" << "0xBE00\n";
        QTest::newRow("fp16 max and tie") << "--format fp16 65504 65519 65520 -65520" << "0x7BFF\n0x7BFF\n0x7C00\n0xFC00\n";
        QTest::newRow("fp16 saturate") << "--format fp16 --saturate 65520 -1e9 inf" << "0x7BFF\n0xFBFF\n0x7BFF\n";
        QTest::newRow("fp16 specials") << "--format fp16 -0 nan -nan inf -inf" << "0x8000\n0x7E00\n0xFE00\n0x7C00\n0xFC00\n";
        QTest::newRow("fp16 subnormals") << "--format fp16 6e-8 2.98023223876953125e-08 1e-5" << "0x0001\n0x0000\n0x00A8\n";
        QTest::newRow("fp16 rounded once") << "--format fp16 2049 2049.0001" << "0x6800\n0x6801\n";
        QTest::newRow("e4m3") << "--format fp8-e4m3 448 464 465 480 -480" << "0x7E\n0x7E\n0x7F\n0x7F\n0xFF\n";
        QTest::newRow("e4m3 saturate") << "--format fp8-e4m3 --saturate 448 464 465 480 -480 inf" << "0x7E\n0x7E\n0x7E\n0x7E\n0xFE\n0x7E\n";
        QTest::newRow("e4m3 nan") << "--format fp8-e4m3 nan -nan inf" << "0x7F\n0xFF\n0x7F\n";
        QTest::newRow("e5m2") << "--format fp8-e5m2 57344 61440 --saturate" << "0x7B\n0x7B\n";
        QTest::newRow("e5m2 inf") << "--format fp8-e5m2 61440 -inf nan" << "0x7C\n0xFC\n0x7E\n";
        QTest::newRow("bf16") << "--format bf16 1 3.4e38" << "0x3F80\n0x7F80\n";
        QTest::newRow("tf32") << "--format tf32 1 nan" << "0x1FC00\n0x3FE00\n";
        QTest::newRow("fp32") << "--format fp32 0.1 1e-45" << "0x3DCCCCCD\n0x00000001\n";
        QTest::newRow("fp64") << "--format fp64 0.1" << "0x3FB999999999999A\n";
        QTest::newRow("from bits") << "--format fp16 --from-bits 0x40600000 0x477ff000 0xFFC00001" << "0x4300\n0x7C00\n0xFE00\n";
        QTest::newRow("from bits e4m3") << "--format fp8-e4m3 --from-bits 0x43E80000 0x43E80001" << "0x7E\n0x7F\n";
        QTest::newRow("rounding zero") << "--format fp16 --rounding zero 65536 0.1" << "0x7BFF\n0x2E66\n";
        QTest::newRow("rounding up") << "--format fp16 --rounding up 0.1 -1e-400" << "0x2E67\n0x8000\n";
        QTest::newRow("rounding down") << "--format fp16 --rounding down -1e-400" << "0x8001\n";
        QTest::newRow("rounding away") << "--format fp16 --rounding away 2049" << "0x6801\n";
        QTest::newRow("after --") << "--format fp16 -- -2" << "0xC000\n";
    }
    void encode() {
        QFETCH(QString, arguments);
        QFETCH(QString, output);
        const Run run = runCli(QStringList{"format", "encode"} + words(arguments));
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, output);
    }

    void batchFromStandardInput() {
        const Run encoded = runCli({"format", "encode", "--format", "fp16"}, "3.5\n\n65504\r\n  -0 \n  \n1e-8");
        QCOMPARE(encoded.err, QString());
        QCOMPARE(encoded.exitCode, 0);
        QCOMPARE(encoded.out, QString("0x4300\n0x7BFF\n0x8000\n0x0000\n"));

        const Run decoded = runCli({"format", "decode", "--format", "fp8-e4m3"}, "0x7e\n0xFF\n");
        QCOMPARE(decoded.exitCode, 0);
        QCOMPARE(decoded.out, QString("0x7E 448 normal\n0xFF nan nan\n"));

        const Run fromBits = runCli({"format", "encode", "--format", "bf16", "--from-bits"}, "0x3F808000\n0x3F818000\n");
        QCOMPARE(fromBits.out, QString("0x3F80\n0x3F82\n"));
    }

    void largeBatchKeepsEveryLine() {
        QByteArray input;
        for (int index = 0; index < 200000; ++index) input.append(QByteArray::number(index * 0.37, 'g', 9)).append('\n');
        // Speed is measured by scripts/bench-format, not asserted here.
        const Run run = runCli({"format", "encode", "--format", "fp16"}, input);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out.count('\n'), 200000);
        QVERIFY(run.out.startsWith("0x0000\n0x35EC\n"));
    }

    void badStandardInputLineIsReportedAndSkipped() {
        const Run run = runCli({"format", "encode", "--format", "fp16"}, "1\nabc\n2\n0x10\n");
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QString("0x3C00\n0x4000\n"));
        const QStringList errors = run.err.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(errors.size(), 2);
        QVERIFY2(errors[0].startsWith("mlsyslab-cli: line 2: 'abc' is not a decimal number"), qPrintable(run.err));
        QVERIFY2(errors[1].startsWith("mlsyslab-cli: line 4: "), qPrintable(run.err));

        const Run decoded = runCli({"format", "decode", "--format", "fp16"}, "0x4300\n0x12345\n");
        QCOMPARE(decoded.exitCode, 1);
        QCOMPARE(decoded.out, QString("0x4300 3.5 normal\n"));
        QVERIFY(decoded.err.startsWith("mlsyslab-cli: line 2: '0x12345' does not fit in fp16's 16 bits"));
    }

    void badUsageIsOneLineAndExitTwo_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("no format") << QStringList{"format", "encode", "1"} << "format encode: give --format F (one of fp32, fp16, bf16, tf32, fp8-e4m3, fp8-e5m2, fp64)";
        QTest::newRow("format without name") << QStringList{"format", "decode", "--format"} << "give --format F";
        QTest::newRow("unknown format") << QStringList{"format", "encode", "--format", "fp17", "1"} << "unknown format 'fp17'; did you mean 'fp16'?";
        QTest::newRow("e4m3 alone") << QStringList{"format", "decode", "--format", "e4m3", "0x1"} << "unknown format 'e4m3'";
        QTest::newRow("bad value") << QStringList{"format", "encode", "--format", "fp16", "1", "1.2.3"} << "format encode: '1.2.3' is not a decimal number: unexpected '.' at character 4";
        QTest::newRow("hex value") << QStringList{"format", "encode", "--format", "fp16", "0x3C00"} << "--from-bits";
        QTest::newRow("decimal as bits") << QStringList{"format", "encode", "--format", "fp16", "--from-bits", "1.5"} << "'1.5' is not a bit pattern";
        QTest::newRow("bits too wide") << QStringList{"format", "decode", "--format", "fp8-e5m2", "0x100"} << "'0x100' does not fit in fp8-e5m2's 8 bits (at most 0xFF)";
        QTest::newRow("bits without 0x") << QStringList{"format", "decode", "--format", "fp16", "4300"} << "write hex digits after 0x";
        QTest::newRow("unknown option") << QStringList{"format", "encode", "--format", "fp16", "--saturated", "1"} << "unknown option '--saturated'";
        QTest::newRow("saturate on decode") << QStringList{"format", "decode", "--format", "fp16", "--saturate", "0x1"} << "unknown option '--saturate'";
        QTest::newRow("bad rounding") << QStringList{"format", "encode", "--format", "fp16", "--rounding", "even", "1"} << "unknown rounding 'even' (nearest, away, zero, up, down)";
        QTest::newRow("too long") << QStringList{"format", "encode", "--format", "fp16", QString(1001, '1')} << "too long";
    }
    void badUsageIsOneLineAndExitTwo() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Run run = runCli(arguments);
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.startsWith("mlsyslab-cli: ") && run.err.contains(message), qPrintable(run.err));
    }

    void help() {
        const Run group = runCli({"format", "--help"});
        QCOMPARE(group.exitCode, 0);
        QVERIFY(group.out.contains("format decode"));
        QVERIFY(group.out.contains("format encode"));

        const Run encode = runCli({"format", "encode", "--help"});
        QCOMPARE(encode.exitCode, 0);
        QVERIFY(encode.out.startsWith("Usage: mlsyslab-cli format encode --format F [--saturate] [--from-bits]"));
        for (const char* mention : {"--saturate", "--from-bits", "--rounding", "fp8-e4m3", "stdin"}) {
            QVERIFY2(encode.out.contains(mention), mention);
        }
        const Run decode = runCli({"format", "decode", "--help"});
        QCOMPARE(decode.exitCode, 0);
        QVERIFY(decode.out.contains("BITS VALUE CLASS"));
    }
};

QTEST_GUILESS_MAIN(TestCliFormat)
#include "tst_cli_format.moc"
