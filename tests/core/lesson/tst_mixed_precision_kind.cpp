// The state reader of ```sim mixed-precision: every field, the defaults, and every problem at
// its exact position (YAML marks here, real file lines in a whole lesson).
#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/Diagnostic.h"
#include "lesson/LessonParser.h"
#include "lesson/KindSpec.h"
#include "numeric/lesson/MixedPrecisionKind.h"

using mlsyslab::lesson::Severity;
using mlsyslab::lesson::StateProblem;
using namespace mlsyslab::lesson::kinds;

namespace {

// Problems as comparable lines, from LessonTestSupport.h.
using mlsyslab::testing::describe;

// "fp16 S=1 n=10000 seed=1 mean=-7 sd=1.5": the state in one line.
QString describe(const MixedPrecisionState& state) {
    return QStringLiteral("%1 S=%2 n=%3 seed=%4 mean=%5 sd=%6")
        .arg(QString::fromUtf8(state.format.name.data(), qsizetype(state.format.name.size())))
        .arg(state.lossScale)
        .arg(state.count)
        .arg(state.seed)
        .arg(state.distribution.log10Mean)
        .arg(state.distribution.log10StandardDeviation);
}

mlsyslab::lesson::StateReading<MixedPrecisionState> read(const QString& yaml) {
    return mixedPrecisionKind().read(YAML::Load(yaml.toStdString()));
}

const QString kScaleMessage = QStringLiteral(
    "loss_scale must be a number from 1e-30 to 1e30, like 1024 or 1000 (the loss is multiplied "
    "by it)");
const QString kMeanMessage = QStringLiteral(
    "log10_mean must be a number from -12 to 2 (-7 makes the typical gradient 1e-7)");
const QString kSpreadMessage = QStringLiteral(
    "log10_sd must be a number from 0 to 3 (the spread in decades: 1.5 puts two thirds of the "
    "gradients within 1.5 decades of the mean)");
const QString kCountMessage = QStringLiteral("count must be a whole number from 1 to 1000000");

}  // namespace

class TestMixedPrecisionKind : public QObject {
    Q_OBJECT

private slots:
    void defaultsAreTheEngines() {
        QCOMPARE(MixedPrecisionState{}.distribution.log10Mean,
                 mlsyslab::numeric::kDefaultGradientLog10Mean);
    }

    void validStates_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("state");
        QTest::newRow("bf16 with the seed's 1000") << "format: bf16\nloss_scale: 1000"
                                                   << "bf16 S=1000 n=10000 seed=1 mean=-7 sd=1.5";
        QTest::newRow("power of two, exponent notation")
            << "loss_scale: 6.5536e4"
            << "fp16 S=65536 n=10000 seed=1 mean=-7 sd=1.5";
        QTest::newRow("below one") << "loss_scale: 0.25"
                                   << "fp16 S=0.25 n=10000 seed=1 mean=-7 sd=1.5";
        QTest::newRow("bounds") << "loss_scale: 1e30\ncount: 1000000\nlog10_mean: -12\nlog10_sd: 0"
                                << "fp16 S=1e+30 n=1000000 seed=1 mean=-12 sd=0";
        QTest::newRow("other bounds") << "loss_scale: 1e-30\ncount: 1\nlog10_mean: 2\nlog10_sd: 3"
                                      << "fp16 S=1e-30 n=1 seed=1 mean=2 sd=3";
        QTest::newRow("largest seed, plus signs")
            << "seed: 18446744073709551615\ncount: +500\nlog10_mean: +1"
            << "fp16 S=1 n=500 seed=18446744073709551615 mean=1 sd=1.5";
        QTest::newRow("leading zero is decimal") << "count: 010"
                                                 << "fp16 S=1 n=10 seed=1 mean=-7 sd=1.5";
        QTest::newRow("flow map") << "{format: bf16, loss_scale: 8}"
                                  << "bf16 S=8 n=10000 seed=1 mean=-7 sd=1.5";
    }
    void validStates() {
        QFETCH(QString, yaml);
        QFETCH(QString, state);
        const auto reading = read(yaml);
        QCOMPARE(describe(reading.problems), QStringList());
        QCOMPARE(describe(reading.state), state);
    }

    void problems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("format misspelt")
            << "format: fp61"
            << QStringList{"error 0:8 format must be fp16 or bf16; did you mean 'fp16'?"};
        QTest::newRow("format fp32")
            << "format: fp32" << QStringList{"error 0:8 format must be fp16 or bf16"};
        QTest::newRow("format far off")
            << "format: float8" << QStringList{"error 0:8 format must be fp16 or bf16"};
        QTest::newRow("scale zero")
            << "loss_scale: 0" << QStringList{"error 0:12 " + kScaleMessage};
        QTest::newRow("scale negative")
            << "loss_scale: -1024" << QStringList{"error 0:12 " + kScaleMessage};
        QTest::newRow("scale too large")
            << "loss_scale: 1e31" << QStringList{"error 0:12 " + kScaleMessage};
        QTest::newRow("scale inf")
            << "loss_scale: inf" << QStringList{"error 0:12 " + kScaleMessage};
        QTest::newRow("scale as a power")
            << "loss_scale: 2^10" << QStringList{"error 0:12 " + kScaleMessage};
        QTest::newRow("scale empty, at its name")
            << "format: fp16\nloss_scale:" << QStringList{"error 1:0 " + kScaleMessage};
        QTest::newRow("count zero") << "count: 0" << QStringList{"error 0:7 " + kCountMessage};
        QTest::newRow("count too large")
            << "count: 1000001" << QStringList{"error 0:7 " + kCountMessage};
        QTest::newRow("count hex") << "count: 0x100" << QStringList{"error 0:7 " + kCountMessage};
        QTest::newRow("seed negative")
            << "seed: -1"
            << QStringList{"error 0:6 seed must be a whole number from 0 to 18446744073709551615"};
        QTest::newRow("mean too low")
            << "log10_mean: -13" << QStringList{"error 0:12 " + kMeanMessage};
        QTest::newRow("mean as a magnitude")
            << "log10_mean: 1e-7x" << QStringList{"error 0:12 " + kMeanMessage};
        QTest::newRow("spread negative")
            << "log10_sd: -0.5" << QStringList{"error 0:10 " + kSpreadMessage};
        QTest::newRow("list value")
            << "loss_scale: [8]" << QStringList{"error 0:12 " + kScaleMessage};
        QTest::newRow("file order")
            << "log10_sd: 9\ncount: x\nformat: x"
            << QStringList{"error 0:10 " + kSpreadMessage, "error 1:7 " + kCountMessage,
                           "error 2:8 format must be fp16 or bf16"};
    }
    void problems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, expected);
        QCOMPARE(describe(read(yaml).problems), expected);
    }

    // A wrong field keeps its default; the others are still read.
    void wrongFieldsFallBackToDefaults() {
        const auto reading = read("format: fp8\nloss_scale: -2\ncount: 100\nseed: 9");
        QCOMPARE(reading.problems.size(), std::size_t(2));
        QCOMPARE(describe(reading.state), QStringLiteral("fp16 S=1 n=100 seed=9 mean=-7 sd=1.5"));
    }

    void formatsOffered() {
        const auto formats = mixedPrecisionFormats();
        QCOMPARE(formats.size(), std::size_t(2));
        QVERIFY(formats[0] == mlsyslab::numeric::kFp16);
        QVERIFY(formats[1] == mlsyslab::numeric::kBf16);
    }

    void problemsAtTheirLineInALesson() {
        const std::string lesson =
            "---\nformat: mlsyslab-lesson/1\nid: amp\ntitle: Loss scaling\n---\n\n# Scale\n\n"
            "```sim mixed-precision\nformat: fp16\nloss_scale: 0\nlog10_sd: 1.5\n"
            "seeed: 3\n```\n";
        const auto result = mlsyslab::lesson::parseLesson(lesson, mlsyslab::lesson::builtinSimKinds());
        QStringList lines;
        for (const auto& diagnostic : result.diagnostics) {
            lines << QString::fromStdString(mlsyslab::lesson::formatDiagnostic("t", diagnostic));
        }
        QCOMPARE(lines, QStringList({"t:11:13: error: " + kScaleMessage,
                                     "t:13:1: warning: unknown mixed-precision field 'seeed'; did "
                                     "you mean 'seed'?"}));
    }
};

QTEST_APPLESS_MAIN(TestMixedPrecisionKind)
#include "tst_mixed_precision_kind.moc"
