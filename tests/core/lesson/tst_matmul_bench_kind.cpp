#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/KindSpec.h"
#include "matmul/lesson/MatmulBenchKind.h"

// The state reader of ```sim matmul-bench: every field, the defaults, and each problem at its
// line:column in the fence body (0-based, as yaml-cpp marks).
using mlsyslab::lesson::kinds::MatmulBenchState;
using mlsyslab::lesson::kinds::matmulBenchKind;
using mlsyslab::testing::describe;

namespace {

QStringList names(const std::vector<std::string>& values) {
    QStringList list;
    for (const std::string& value : values) list << QString::fromStdString(value);
    return list;
}

QList<qint64> sizes(const std::vector<std::int64_t>& values) {
    return QList<qint64>(values.begin(), values.end());
}

const char* const kAllBackends =
    "naive, ikj, blocked, simd, threads, openblas, cuda-naive, cuda-tiled, cuda-regtile and "
    "cublas";

}  // namespace

class TestMatmulBenchKind : public QObject {
    Q_OBJECT

private slots:
    void defaults() {
        for (const char* yaml : {"", "# nothing\n", "auto_run: false\n"}) {
            const auto reading = matmulBenchKind().read(YAML::Load(yaml));
            QCOMPARE(describe(reading.problems), QStringList());
            QVERIFY(reading.state == MatmulBenchState{});
        }
        const MatmulBenchState defaults;
        QCOMPARE(names(defaults.backends),
                 (QStringList{"naive", "ikj", "blocked", "simd", "threads", "openblas",
                              "cuda-naive", "cuda-tiled", "cuda-regtile", "cublas"}));
        QCOMPARE(sizes(defaults.sizes), (QList<qint64>{64, 128, 256, 512, 1024}));
        QCOMPARE(defaults.threads, 0u);
        QCOMPARE(defaults.repeat, 3);
        QCOMPARE(defaults.maxSecondsPerCase, 4.0);
        QVERIFY(!defaults.autoRun);
    }

    void readsEveryField() {
        const auto reading = matmulBenchKind().read(
            YAML::Load("backends: [openblas, naive, cublas]\nsizes: [8, 1000, 8192]\nthreads: "
                       "2\nrepeat: 7\nmax_seconds_per_case: 0.5\nauto_run: true\n"));
        QCOMPARE(describe(reading.problems), QStringList());
        QCOMPARE(names(reading.state.backends), (QStringList{"openblas", "naive", "cublas"}));
        QCOMPARE(sizes(reading.state.sizes), (QList<qint64>{8, 1000, 8192}));
        QCOMPARE(reading.state.threads, 2u);
        QCOMPARE(reading.state.repeat, 7);
        QCOMPARE(reading.state.maxSecondsPerCase, 0.5);
        QVERIFY(reading.state.autoRun);
    }

    // A name or size given twice is a warning and counts once; the rest of the list stays.
    void repeatsAreWarningsAndCountOnce() {
        const auto reading =
            matmulBenchKind().read(YAML::Load("backends: [simd, simd, naive]\nsizes: [16, 16]\n"));
        QCOMPARE(describe(reading.problems),
                 (QStringList{"warning 0:17 backends: 'simd' is listed twice",
                              "warning 1:12 sizes: 16 is listed twice"}));
        QCOMPARE(names(reading.state.backends), (QStringList{"simd", "naive"}));
        QCOMPARE(sizes(reading.state.sizes), QList<qint64>{16});
    }

    void problems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("problems");
        QTest::newRow("misspelt backend")
            << "backends: [naive, simdd]\n"
            << QStringList{
                   "error 0:18 backends must be naive, ikj, blocked, simd, threads, "
                   "openblas, cuda-naive, cuda-tiled, cuda-regtile or cublas; did you "
                   "mean 'simd'?"};
        QTest::newRow("backends not a list")
            << "backends: simd\n"
            << QStringList{QString("error 0:10 backends must be a list of at least one backend, "
                                   "like 'backends: [naive, simd, openblas]' (the backends are ") +
                           kAllBackends + ")"};
        QTest::newRow("no backends")
            << "backends: []\n"
            << QStringList{QString("error 0:10 backends must be a list of at least one backend, "
                                   "like 'backends: [naive, simd, openblas]' (the backends are ") +
                           kAllBackends + ")"};
        QTest::newRow("size zero")
            << "sizes: [64, 0]\n"
            << QStringList{"error 0:12 sizes must be a whole number from 1 to 8192"};
        QTest::newRow("size negative")
            << "sizes: [-5]\n"
            << QStringList{"error 0:8 sizes must be a whole number from 1 to 8192"};
        QTest::newRow("size too large")
            << "sizes: [9000]\n"
            << QStringList{"error 0:8 sizes must be a whole number from 1 to 8192"};
        QTest::newRow("size not a number")
            << "sizes: [big]\n"
            << QStringList{"error 0:8 sizes must be a whole number from 1 to 8192"};
        QTest::newRow("sizes not a list")
            << "sizes: 64\n"
            << QStringList{
                   "error 0:7 sizes must be a list of at least one matrix size, like "
                   "'sizes: [64, 256, 1024]'"};
        QTest::newRow("threads negative")
            << "threads: -1\n"
            << QStringList{"error 0:9 threads must be a whole number from 0 to 1024"};
        QTest::newRow("repeat zero")
            << "repeat: 0\n"
            << QStringList{"error 0:8 repeat must be a whole number from 1 to 100"};
        QTest::newRow("seconds too short")
            << "max_seconds_per_case: 0.01\n"
            << QStringList{
                   "error 0:22 max_seconds_per_case must be a number of seconds from 0.1 "
                   "to 600, like 4"};
        QTest::newRow("seconds not a number")
            << "max_seconds_per_case: soon\n"
            << QStringList{
                   "error 0:22 max_seconds_per_case must be a number of seconds from 0.1 "
                   "to 600, like 4"};
        QTest::newRow("auto_run not a flag")
            << "auto_run: yes\n"
            << QStringList{"error 0:10 auto_run must be true or false"};
        QTest::newRow("unknown field far from any")
            << "colour: red\n"
            << QStringList{
                   "warning 0:0 unknown matmul-bench field 'colour' (matmul-bench has "
                   "the fields backends, sizes, threads, repeat, max_seconds_per_case "
                   "and auto_run)"};
        QTest::newRow("problems in file order")
            << "repeat: 0\nbackends: [x]\n"
            << QStringList{"error 0:8 repeat must be a whole number from 1 to 100",
                           "error 1:11 backends must be naive, ikj, blocked, simd, threads, "
                           "openblas, cuda-naive, cuda-tiled, cuda-regtile or cublas"};
    }
    void problems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, problems);
        QCOMPARE(describe(matmulBenchKind().read(YAML::Load(yaml.toStdString())).problems), problems);
    }

    // A wrong list keeps the default, so the widget still has something sensible to show.
    void aWrongListKeepsTheDefault() {
        const auto reading =
            matmulBenchKind().read(YAML::Load("backends: [naive, nope]\nsizes: [0]"));
        QCOMPARE(reading.problems.size(), std::size_t(2));
        QVERIFY(reading.state.backends == MatmulBenchState{}.backends);
        QVERIFY(reading.state.sizes == MatmulBenchState{}.sizes);
    }
};

QTEST_MAIN(TestMatmulBenchKind)
#include "tst_matmul_bench_kind.moc"
