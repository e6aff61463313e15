// `mlsyslab-cli logic fpadd` run as graders run it: the result bits, --steps (the golden traces
// of tests/data/logic/fpadd), --json, the stdin batch mode and the exit codes.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>
#include <bit>
#include <cstdint>
#include <random>

#include "CliTestSupport.h"

#if defined(__SSE__) || defined(_M_X64)
#include <immintrin.h>
#endif

namespace {

using mlsyslab::testing::runCli;
using Run = mlsyslab::testing::CliRun;
using mlsyslab::testing::words;

QStringList fpadd(const QString& arguments) {
    return QStringList{"logic", "fpadd"} + words(arguments);
}

// The host's float addition (x86: the SSE instruction, whose NaN rule the command follows).
std::uint32_t hostSum(std::uint32_t aBits, std::uint32_t bBits) {
    volatile std::uint32_t aStored = aBits;
    volatile std::uint32_t bStored = bBits;
    const float a = std::bit_cast<float>(static_cast<std::uint32_t>(aStored));
    const float b = std::bit_cast<float>(static_cast<std::uint32_t>(bStored));
#if defined(__SSE__) || defined(_M_X64)
    return std::bit_cast<std::uint32_t>(_mm_cvtss_f32(_mm_add_ss(_mm_set_ss(a), _mm_set_ss(b))));
#else
    volatile float sum = a + b;
    return std::bit_cast<std::uint32_t>(static_cast<float>(sum));
#endif
}

QString hex32(std::uint32_t bits) {
    return QStringLiteral("0x%1").arg(bits, 8, 16, QLatin1Char('0')).toUpper().replace("0X", "0x");
}

}  // namespace

class TestCliLogicFpAdd : public QObject {
    Q_OBJECT

private slots:
    void sums_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("output");
        QTest::newRow("seed: 2.5 + 1.25 = 3.75") << "--format fp16 2.5 1.25"
                                                 << "0x4380\n";
        QTest::newRow("fp32 3.75") << "--format fp32 2.5 1.25"
                                   << "0x40700000\n";
        QTest::newRow("from bits") << "--format fp16 --from-bits 0x4100 0x3d00"
                                   << "0x4380\n";
        QTest::newRow("negative operands") << "--format fp16 -2.5 1.25"
                                           << "0xBD00\n";
        // 0.0999755859375 + 0.199951171875 = 1228.5 units of 2^-12: a tie, to even 1228.
        QTest::newRow("decimals rounded once first") << "--format fp16 0.1 0.2"
                                                     << "0x34CC\n";
        QTest::newRow("fp32 0.1 + 0.2") << "--format fp32 0.1 0.2"
                                        << "0x3E99999A\n";
        QTest::newRow("subnormal result") << "--format fp16 --from-bits 0x0800 0x87FF"
                                          << "0x0001\n";
        QTest::newRow("subnormal + subnormal") << "--format fp16 --from-bits 0x0200 0x0200"
                                               << "0x0400\n";
        QTest::newRow("cancellation") << "--format fp16 --from-bits 0x3C00 0xBBFF"
                                      << "0x1000\n";
        QTest::newRow("tie to even") << "--format fp16 2048 1"
                                     << "0x6800\n";
        QTest::newRow("overflow") << "--format fp16 65504 16"
                                  << "0x7C00\n";
        QTest::newRow("fp32 overflow") << "--format fp32 3e38 3e38"
                                       << "0x7F800000\n";
        QTest::newRow("+0 + -0") << "--format fp16 0 -0"
                                 << "0x0000\n";
        QTest::newRow("-0 + -0") << "--format fp16 -0 -0"
                                 << "0x8000\n";
        QTest::newRow("x - x") << "--format fp32 -1.5 1.5"
                               << "0x00000000\n";
        QTest::newRow("inf + -inf fp16") << "--format fp16 inf -inf"
                                         << "0xFE00\n";
        QTest::newRow("inf + -inf fp32") << "--format fp32 --from-bits 0x7F800000 0xFF800000"
                                         << "0xFFC00000\n";
        QTest::newRow("inf + 1") << "--format fp16 -inf 1"
                                 << "0xFC00\n";
        QTest::newRow("NaN quieted") << "--format fp16 --from-bits 0x7C01 0x3C00"
                                     << "0x7E01\n";
        QTest::newRow("first NaN wins") << "--format fp32 --from-bits 0xFFC00001 0x7FC00002"
                                        << "0xFFC00001\n";
        QTest::newRow("second NaN when first is a number")
            << "--format fp16 --from-bits 0x3C00 0xFD00"
            << "0xFF00\n";
        QTest::newRow("options last") << "2.5 1.25 --format fp16"
                                      << "0x4380\n";
    }

    void sums() {
        QFETCH(QString, arguments);
        QFETCH(QString, output);
        const Run run = runCli(fpadd(arguments));
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, output);
    }

    void stepsAreTheGoldenTraces_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("golden");
        QTest::addColumn<QString>("result");
        QTest::newRow("cancellation") << "--format fp16 --from-bits 0x3C00 0xBBFF"
                                      << "fp16-cancellation.txt"
                                      << "0x1000";
        QTest::newRow("subnormal") << "--format fp16 --from-bits 0x0800 0x87FF"
                                   << "fp16-subnormal-result.txt"
                                   << "0x0001";
        QTest::newRow("tie") << "--format fp16 --from-bits 0x3FFF 0x1000"
                             << "fp16-tie-carry-out.txt"
                             << "0x4000";
        QTest::newRow("overflow") << "--format fp16 --from-bits 0x7BFF 0x4C00"
                                  << "fp16-overflow.txt"
                                  << "0x7C00";
        QTest::newRow("inf - inf") << "--format fp16 inf -inf"
                                   << "fp16-inf-minus-inf.txt"
                                   << "0xFE00";
        QTest::newRow("fp32 seed") << "--format fp32 2.5 1.25"
                                   << "fp32-seed-example.txt"
                                   << "0x40700000";
    }

    // The golden files are the --steps output without its last line
    // (tests/data/logic/fpadd/README.md).
    void stepsAreTheGoldenTraces() {
        QFETCH(QString, arguments);
        QFETCH(QString, golden);
        QFETCH(QString, result);
        QFile file(QStringLiteral(MLSYSLAB_TEST_DATA_DIR "/logic/fpadd/") + golden);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const Run run = runCli(fpadd(arguments + " --steps"));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.err, QString());
        QCOMPARE(run.out, QString::fromUtf8(file.readAll()) + result + "\n");
    }

    void json() {
        const Run run = runCli(fpadd("--format fp16 2.5 1.25 --json"));
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.endsWith('\n'));
        QCOMPARE(run.out.count('\n'), 1);
        const QJsonObject object = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(object.value("format").toString(), QString("fp16"));
        QCOMPARE(object.value("a").toString(), QString("0x4100"));
        QCOMPARE(object.value("b").toString(), QString("0x3D00"));
        QCOMPARE(object.value("bits").toString(), QString("0x4380"));
        QCOMPARE(object.value("value").toString(), QString("3.75"));
        QCOMPARE(object.value("class").toString(), QString("normal"));
        QVERIFY(!object.contains("steps"));
    }

    void jsonWithSteps() {
        const Run run = runCli(fpadd("--format fp16 2.5 1.25 --json --steps"));
        QCOMPARE(run.exitCode, 0);
        QJsonParseError error;
        const QJsonObject object = QJsonDocument::fromJson(run.out.toUtf8(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonArray steps = object.value("steps").toArray();
        const QStringList stages = {
            "unpack", "compare-and-swap", "align", "add-significands", "normalize", "round",
            "pack"};
        QCOMPARE(steps.size(), stages.size());
        for (int index = 0; index < steps.size(); ++index) {
            const QJsonObject step = steps[index].toObject();
            QCOMPARE(step.value("stage").toString(), stages[index]);
            QCOMPARE(step.value("seed_step").toInt(), index >= 1 && index <= 5 ? index : 0);
            QVERIFY(!step.value("title").toString().isEmpty());
        }
        const QJsonObject align = steps[2].toObject();
        QCOMPARE(align.value("align_shift").toInt(), 1);
        QCOMPARE(align.value("second").toObject().value("significand").toString(),
                 QString("0.1010000000|000"));
        QVERIFY(align.value("explanation")
                    .toString()
                    .contains(
                        QString::fromUtf8("shift 1.01 \u00D7 2^0 right by 1 to 0.101 \u00D7 2^1")));
        QVERIFY(align.value("result").isNull());
        const QJsonObject add = steps[3].toObject();
        QCOMPARE(add.value("result").toObject().value("significand").toString(),
                 QString("01.1110000000|000"));
        QCOMPARE(steps[6].toObject().value("bits").toString(), QString("0x4380"));
        QVERIFY(steps[5].toObject().value("bits").isNull());
    }

    void batchMatchesTheHost() {
        // 20,000 seeded FP32 pairs through stdin, each against the host's addition.
        std::mt19937_64 random(32);
        QByteArray input;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
        for (int index = 0; index < 20'000; ++index) {
            const auto a = static_cast<std::uint32_t>(random());
            auto b = static_cast<std::uint32_t>(random());
            if (index % 2 == 1) b = (b & 0x80FFFFFFu) | (a & 0x7F000000u);  // nearby exponents
            pairs.emplace_back(a, b);
            input += (hex32(a) + ' ' + hex32(b) + '\n').toLatin1();
        }
        const Run run = runCli(fpadd("--format fp32 --from-bits"), input);
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), int(pairs.size()));
        for (std::size_t index = 0; index < pairs.size(); ++index) {
            const auto [a, b] = pairs[index];
            QVERIFY2(lines[int(index)] == hex32(hostSum(a, b)),
                     qPrintable(hex32(a) + " + " + hex32(b) + " gave " + lines[int(index)]));
        }
    }

    void batchReportsBadLinesAndGoesOn() {
        const QByteArray input = "2.5 1.25\n\n1 2 3\nx 1\n  0.5\t0.25  \r\n1\ninf -inf\n65504 16";
        const Run run = runCli(fpadd("--format fp16"), input);
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QString("0x4380\n0x3A00\n0xFE00\n0x7C00\n"));
        const QStringList errors = run.err.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(errors.size(), 3);
        QVERIFY(errors[0].startsWith("mlsyslab-cli: line 3: "));
        QVERIFY(errors[1].startsWith("mlsyslab-cli: line 4: A: 'x'"));
        QVERIFY(errors[2].startsWith("mlsyslab-cli: line 6: "));
    }

    void batchWithJsonAndSteps() {
        const Run json = runCli(fpadd("--format fp16 --json"), "2.5 1.25\n1 1\n");
        QCOMPARE(json.exitCode, 0);
        const QStringList lines = json.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(QJsonDocument::fromJson(lines[1].toUtf8()).object().value("bits").toString(),
                 QString("0x4000"));
        const Run steps = runCli(fpadd("--format fp16 --steps"), "2.5 1.25\n");
        QCOMPARE(steps.exitCode, 0);
        QCOMPARE(steps.out, runCli(fpadd("--format fp16 --steps 2.5 1.25")).out);
    }

    void usageErrors_data() {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("no format") << "1 2"
                                   << "give --format";
        QTest::newRow("other format") << "--format bf16 1 2"
                                      << "fp16 or fp32, not 'bf16'";
        QTest::newRow("one operand") << "--format fp16 1"
                                     << "(got 1)";
        QTest::newRow("three operands") << "--format fp16 1 2 3"
                                        << "(got 3)";
        QTest::newRow("not a number") << "--format fp16 1 abc"
                                      << "B: 'abc'";
        QTest::newRow("hex without --from-bits") << "--format fp16 0x3C00 1"
                                                 << "A: '0x3C00'";
        QTest::newRow("pattern too wide") << "--format fp16 --from-bits 0x12345 0x1"
                                          << "A: '0x12345'";
        QTest::newRow("unknown option") << "--format fp16 --stesp 1 2"
                                        << "unknown option '--stesp'";
        QTest::newRow("twice") << "--format fp16 --format fp32 1 2"
                               << "--format is given more than once";
    }

    void usageErrors() {
        QFETCH(QString, arguments);
        QFETCH(QString, message);
        const Run run = runCli(fpadd(arguments));
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.startsWith("mlsyslab-cli: logic fpadd: "), qPrintable(run.err));
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
    }

    void help() {
        const Run run = runCli({"logic", "fpadd", "--help"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("--from-bits"));
        QVERIFY(run.out.contains("0xFE00"));
    }
};

QTEST_GUILESS_MAIN(TestCliLogicFpAdd)
#include "tst_cli_logic_fpadd.moc"
