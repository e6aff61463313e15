#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "numeric/lesson/QuantizeKind.h"

namespace numeric = mlsyslab::numeric;
using mlsyslab::lesson::Severity;
using mlsyslab::lesson::StateProblem;
using mlsyslab::lesson::kinds::quantizeKind;
using mlsyslab::lesson::kinds::QuantizeState;
using mlsyslab::lesson::kinds::quantizeKind;

namespace {

// Problems as comparable lines, from LessonTestSupport.h.
using mlsyslab::testing::describe;

QString text(std::string_view view) {
    return QString::fromUtf8(view.data(), qsizetype(view.size()));
}

// "outliers n=4096 seed=1 int8 symmetric tensor c=8 f=0.01 k=10": the state in one line.
QString describe(const QuantizeState& state) {
    return QStringLiteral("%1 n=%2 seed=%3 %4 %5 %6 c=%7 f=%8 k=%9")
        .arg(text(numeric::distributionName(state.distribution)))
        .arg(state.count)
        .arg(state.seed)
        .arg(text(numeric::quantizedTypeName(state.dtype)))
        .arg(text(numeric::schemeName(state.scheme)))
        .arg(text(numeric::granularityName(state.granularity)))
        .arg(state.channels)
        .arg(state.outlierFraction)
        .arg(state.outlierScale);
}

}  // namespace

class TestQuantizeKind : public QObject {
    Q_OBJECT

private slots:
    void validStates_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("state");
        QTest::newRow("int4 affine per channel")
            << "dtype: int4\nscheme: affine\ngranularity: channel\nchannels: 16"
            << "normal n=4096 seed=1 int4 affine channel c=16 f=0.01 k=10";
        QTest::newRow("outliers")
            << "distribution: outliers\noutlier_fraction: 0.002\noutlier_scale: 25"
            << "outliers n=4096 seed=1 int8 symmetric tensor c=8 f=0.002 k=25";
        QTest::newRow("uniform uint8, big sample")
            << "distribution: uniform\ndtype: uint8\ncount: 1000000\nseed: 42"
            << "uniform n=1000000 seed=42 uint8 symmetric tensor c=8 f=0.01 k=10";
        QTest::newRow("uint4, plus sign, exponent")
            << "dtype: uint4\ncount: +100\noutlier_fraction: 5e-2"
            << "normal n=100 seed=1 uint4 symmetric tensor c=8 f=0.05 k=10";
        QTest::newRow("largest seed") << "seed: 18446744073709551615"
                                      << "normal n=4096 seed=18446744073709551615 int8 symmetric "
                                         "tensor c=8 f=0.01 k=10";
        QTest::newRow("seed 0, leading zero is decimal")
            << "seed: 0\ncount: 010"
            << "normal n=10 seed=0 int8 symmetric tensor c=8 f=0.01 k=10";
        QTest::newRow("channels equal to count")
            << "count: 16\nchannels: 16"
            << "normal n=16 seed=1 int8 symmetric tensor c=16 f=0.01 k=10";
        QTest::newRow("fraction bounds")
            << "outlier_fraction: 1\noutlier_scale: 1"
            << "normal n=4096 seed=1 int8 symmetric tensor c=8 f=1 k=1";
        QTest::newRow("flow map") << "{dtype: int4, granularity: channel}"
                                  << "normal n=4096 seed=1 int4 symmetric channel c=8 f=0.01 k=10";
    }

    void validStates() {
        QFETCH(QString, yaml);
        QFETCH(QString, state);
        const auto reading = quantizeKind().read(YAML::Load(yaml.toStdString()));
        QCOMPARE(describe(reading.problems), QStringList());
        QCOMPARE(describe(reading.state), state);
    }

    void problems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("expected");
        const QString countMessage = "count must be a whole number from 1 to 1000000";
        QTest::newRow("dtype misspelt")
            << "dtype: int6"
            << QStringList{
                   "error 0:7 dtype must be int8, int4, uint8 or uint4; did you mean 'int8'?"};
        QTest::newRow("scheme asymmetric")
            << "scheme: asymmetric"
            << QStringList{
                   "error 0:8 scheme must be symmetric or affine; asymmetric quantization "
                   "is called 'affine' here"};
        QTest::newRow("scheme misspelt")
            << "scheme: afine"
            << QStringList{"error 0:8 scheme must be symmetric or affine; did you mean 'affine'?"};
        QTest::newRow("distribution gaussian")
            << "distribution: gaussian"
            << QStringList{"error 0:14 distribution must be normal, uniform or outliers"};
        QTest::newRow("granularity row")
            << "granularity: channels"
            << QStringList{
                   "error 0:13 granularity must be tensor or channel; did you mean 'channel'?"};
        QTest::newRow("count zero") << "count: 0" << QStringList{"error 0:7 " + countMessage};
        QTest::newRow("count too large")
            << "count: 1000001" << QStringList{"error 0:7 " + countMessage};
        QTest::newRow("count hex") << "count: 0x100" << QStringList{"error 0:7 " + countMessage};
        QTest::newRow("count fraction")
            << "count: 40.5" << QStringList{"error 0:7 " + countMessage};
        QTest::newRow("count empty, at its name")
            << "seed: 3\ncount:" << QStringList{"error 1:0 " + countMessage};
        QTest::newRow("seed negative")
            << "seed: -1"
            << QStringList{"error 0:6 seed must be a whole number from 0 to 18446744073709551615"};
        QTest::newRow("seed past 2^64")
            << "seed: 18446744073709551616"
            << QStringList{"error 0:6 seed must be a whole number from 0 to 18446744073709551615"};
        QTest::newRow("channels zero")
            << "channels: 0"
            << QStringList{"error 0:10 channels must be a whole number from 1 to 4096"};
        QTest::newRow("channels more than count")
            << "count: 4\nchannels: 8"
            << QStringList{"error 1:10 channels: 8 rows need at least 8 weights; count is 4"};
        QTest::newRow("fraction as percent")
            << "outlier_fraction: 5%"
            << QStringList{
                   "error 0:18 outlier_fraction must be a number from 0 to 1 (0.01 is 1 % "
                   "of the weights)"};
        QTest::newRow("fraction above 1")
            << "outlier_fraction: 1.5"
            << QStringList{
                   "error 0:18 outlier_fraction must be a number from 0 to 1 (0.01 is 1 % "
                   "of the weights)"};
        QTest::newRow("scale below 1")
            << "outlier_scale: 0.5"
            << QStringList{
                   "error 0:15 outlier_scale must be a number from 1 to 1000 (10 puts an "
                   "outlier 10 times farther out)"};
        QTest::newRow("scale inf")
            << "outlier_scale: inf"
            << QStringList{
                   "error 0:15 outlier_scale must be a number from 1 to 1000 (10 puts an "
                   "outlier 10 times farther out)"};
        QTest::newRow("list value")
            << "dtype: [int8]" << QStringList{"error 0:7 dtype must be int8, int4, uint8 or uint4"};
        QTest::newRow("file order")
            << "outlier_scale: 0\ncount: x\ndtype: x"
            << QStringList{
                   "error 0:15 outlier_scale must be a number from 1 to 1000 (10 puts an "
                   "outlier 10 times farther out)",
                   "error 1:7 " + countMessage,
                   "error 2:7 dtype must be int8, int4, uint8 or uint4"};
    }

    void problems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, expected);
        QCOMPARE(describe(quantizeKind().read(YAML::Load(yaml.toStdString())).problems), expected);
    }

    // A wrong field keeps its default; the others are still read.
    void wrongFieldsFallBackToDefaults() {
        const auto reading =
            quantizeKind().read(YAML::Load("dtype: int3\ncount: 100\nchannels: 200\nscheme: affine"));
        QCOMPARE(reading.problems.size(), std::size_t(2));
        QCOMPARE(describe(reading.state),
                 QStringLiteral("normal n=100 seed=1 int8 affine tensor c=8 f=0.01 k=10"));
    }

    void stateFeedsTheEngines() {
        QuantizeState state;
        state.distribution = numeric::DistributionKind::Outliers;
        state.outlierFraction = 0.05;
        state.outlierScale = 3;
        state.dtype = numeric::QuantizedType::UInt4;
        state.granularity = numeric::Granularity::PerChannel;
        state.channels = 5;
        const auto distribution = mlsyslab::lesson::kinds::weightDistributionOf(state);
        QCOMPARE(distribution.kind, numeric::DistributionKind::Outliers);
        QCOMPARE(distribution.outlierFraction, 0.05);
        QCOMPARE(distribution.outlierScale, 3.0);
        const auto spec = mlsyslab::lesson::kinds::quantizationSpecOf(state);
        QCOMPARE(spec.type, numeric::QuantizedType::UInt4);
        QCOMPARE(spec.granularity, numeric::Granularity::PerChannel);
        QCOMPARE(spec.channels, 5);
    }
};

QTEST_APPLESS_MAIN(TestQuantizeKind)
#include "tst_quantize_kind.moc"
