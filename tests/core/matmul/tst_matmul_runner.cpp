#include <QtTest>
#include <atomic>
#include <cmath>
#include <vector>

#include "RunnerTestBackends.h"
#include "matmul/BackendRegistry.h"
#include "matmul/CpuFeatures.h"
#include "matmul/MatmulRunner.h"

// The benchmark runner on tiny sizes: one result per (shape, backend) pair in order, timed runs
// as asked, correct results checked, wrong ones caught, the unavailable, refused and cancelled
// ones reported with their reasons, progress that only grows and ends at 1.
namespace {

using mlsyslab::matmul::BenchStatus;
using mlsyslab::matmul::MatmulBenchEvents;
using mlsyslab::matmul::MatmulBenchOptions;
using mlsyslab::matmul::MatmulBenchProgress;
using mlsyslab::matmul::MatmulBenchResult;
using mlsyslab::matmul::MatmulShape;
using mlsyslab::matmul::runMatmulBench;
using mlsyslab::testing::testBackendFactory;

MatmulShape cube(std::int64_t size) { return {size, size, size}; }

MatmulBenchOptions optionsFor(std::vector<std::string> backends, std::vector<MatmulShape> shapes,
                              int repeats = 3) {
    MatmulBenchOptions options;
    options.backends = std::move(backends);
    options.shapes = std::move(shapes);
    options.repeats = repeats;
    return options;
}

QString described(const MatmulBenchResult& result) {
    return QString::fromStdString(result.backend + " " + result.statusText());
}

}  // namespace

Q_DECLARE_METATYPE(mlsyslab::matmul::MatmulShape)
Q_DECLARE_METATYPE(mlsyslab::matmul::MatmulBenchOptions)

class TestMatmulRunner : public QObject {
    Q_OBJECT

private slots:
    void optionsAreChecked_data() {
        QTest::addColumn<MatmulBenchOptions>("options");
        QTest::addColumn<QString>("message");
        const auto valid = optionsFor({"naive", "openblas", "cublas"}, {cube(256), {5, 7, 3}});
        QTest::newRow("valid") << valid << QString();
        auto options = valid;
        options.backends.clear();
        QTest::newRow("no backends")
            << options
            << "no backends: name at least one of naive, ikj, blocked, simd, threads, openblas, "
               "cuda-naive, cuda-tiled, cuda-regtile, cublas";
        options = valid;
        options.shapes.clear();
        QTest::newRow("no sizes") << options << "no sizes: give at least one size";
        options = valid;
        options.backends.push_back("simdd");
        QTest::newRow("unknown backend")
            << options
            << "unknown backend 'simdd' (did you mean 'simd'?); backends: naive, ikj, blocked, "
               "simd, threads, openblas, cuda-naive, cuda-tiled, cuda-regtile, cublas";
        options = valid;
        options.backends.push_back("openblas");
        QTest::newRow("backend twice") << options << "backend 'openblas' is named twice";
        options = valid;
        options.shapes.push_back(cube(0));
        QTest::newRow("size 0") << options << "size 0: sizes must be at least 1";
        options.shapes.back() = cube(-3);
        QTest::newRow("size -3") << options << "size -3: sizes must be at least 1";
        options.shapes.back() = {512, 0, 3};
        QTest::newRow("zero side") << options << "size 512x0x3: sizes must be at least 1";
        options.shapes.back() = {1, (1 << 20) + 1, 1};
        QTest::newRow("side too long")
            << options << "size 1x1048577x1: sizes must be at most 1048576";
        options.shapes.back() = cube(1 << 20);
        QTest::newRow("largest cube") << options << QString();
        options = valid;
        options.repeats = 0;
        QTest::newRow("no repeats") << options << "repeats must be at least 1, not 0";
        options = valid;
        options.warmupRuns = -1;
        QTest::newRow("negative warm-ups") << options << "warm-up runs must be 0 or more, not -1";
        options = valid;
        options.threads = 5000;
        QTest::newRow("too many threads") << options << "threads must be at most 1024, not 5000";
        options = valid;
        options.maxSecondsPerCase = -1.0;
        QTest::newRow("negative time limit")
            << options
            << "the time limit per case must be 0 (none) or a positive number of seconds";
        options.maxSecondsPerCase = std::nan("");
        QTest::newRow("time limit not a number")
            << options
            << "the time limit per case must be 0 (none) or a positive number of seconds";
    }
    void optionsAreChecked() {
        QFETCH(MatmulBenchOptions, options);
        QFETCH(QString, message);
        const auto problem = mlsyslab::matmul::checkBenchOptions(options);
        QCOMPARE(QString::fromStdString(problem.value_or("")), message);
    }

    // Shapes outermost, backends in the order given, every pair once.
    void resultsForEveryPairInOrder() {
        const std::vector<MatmulShape> shapes{cube(5), {7, 3, 4}};
        const auto options = optionsFor({"ikj", "naive"}, shapes);
        std::vector<MatmulBenchResult> delivered;
        MatmulBenchEvents events;
        events.resultReady = [&](const MatmulBenchResult& result) { delivered.push_back(result); };
        const auto results = runMatmulBench(options, events);
        QCOMPARE(results.size(), std::size_t(4));
        QCOMPARE(delivered.size(), results.size());
        const char* expectedBackends[] = {"ikj", "naive", "ikj", "naive"};
        for (std::size_t index = 0; index < results.size(); ++index) {
            QCOMPARE(results[index].backend, std::string(expectedBackends[index]));
            QCOMPARE(results[index].shape, shapes[index / 2]);
            QCOMPARE(delivered[index].backend, results[index].backend);
            QCOMPARE(delivered[index].shape, results[index].shape);
        }
    }

    void registeredRungsAreCorrectOnSmallSizes_data() {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<MatmulShape>("shape");
        for (const QString& backend : {QString("naive"), QString("ikj")}) {
            const QByteArray name = backend.toUtf8();
            for (const int size : {1, 7, 16, 33})
                QTest::addRow("%s %d", name.constData(), size) << backend << cube(size);
            QTest::addRow("%s 17x5x9", name.constData()) << backend << MatmulShape{17, 5, 9};
            QTest::addRow("%s 1x64x3", name.constData()) << backend << MatmulShape{1, 64, 3};
        }
    }
    void registeredRungsAreCorrectOnSmallSizes() {
        QFETCH(QString, backend);
        QFETCH(MatmulShape, shape);
        const auto results = runMatmulBench(optionsFor({backend.toStdString()}, {shape}));
        QCOMPARE(results.size(), std::size_t(1));
        const MatmulBenchResult& result = results.front();
        QVERIFY2(result.status == BenchStatus::Ok, qPrintable(described(result)));
        QCOMPARE(result.statusText(), std::string("ok"));
        QCOMPARE(result.threads, 1u);
        QCOMPARE(result.runSeconds.size(), std::size_t(3));
        QCOMPARE(result.statistics.runs, 3);
        QVERIFY(result.statistics.minSeconds <= result.statistics.medianSeconds);
        QVERIFY(result.statistics.medianSeconds <= result.statistics.maxSeconds);
        QCOMPARE(result.gflops,
                 mlsyslab::matmul::gflopsFor(shape.flops(), result.statistics.medianSeconds));
        QVERIFY(result.maxRelativeError <= result.tolerance);
        QVERIFY(result.tolerance > 0.0);
        QCOMPARE(result.uploadSeconds, 0.0);
        QCOMPARE(result.downloadSeconds, 0.0);
    }

    void repeatsAndWarmupsAreHonoured_data() {
        QTest::addColumn<int>("warmups");
        QTest::addColumn<int>("repeats");
        QTest::newRow("1 warm-up, 1 run") << 1 << 1;
        QTest::newRow("1 warm-up, 5 runs") << 1 << 5;
        QTest::newRow("no warm-up, 3 runs") << 0 << 3;
        QTest::newRow("2 warm-ups, 7 runs") << 2 << 7;
    }
    void repeatsAndWarmupsAreHonoured() {
        QFETCH(int, warmups);
        QFETCH(int, repeats);
        int computeCalls = 0;
        auto options = optionsFor({"counting"}, {cube(8)}, repeats);
        options.warmupRuns = warmups;
        const auto results = runMatmulBench(options, {}, testBackendFactory(&computeCalls));
        QCOMPARE(results.front().status, BenchStatus::Ok);
        QCOMPARE(int(results.front().runSeconds.size()), repeats);
        QCOMPARE(results.front().statistics.runs, repeats);
        QCOMPARE(computeCalls, warmups + repeats);
    }

    // The first run (a warm-up, or the first timed run without one) of 1 s says how many of
    // the 5 repeats fit the limit; at least one always runs.
    void maxSecondsPerCaseReducesRuns_data() {
        QTest::addColumn<double>("maxSeconds");
        QTest::addColumn<int>("warmups");
        QTest::addColumn<int>("expectedRuns");
        QTest::newRow("no limit") << 0.0 << 1 << 5;
        QTest::newRow("room for all") << 100.0 << 1 << 5;
        QTest::newRow("exactly five") << 5.0 << 1 << 5;
        QTest::newRow("room for two") << 2.5 << 1 << 2;
        QTest::newRow("room for none: one") << 0.5 << 1 << 1;
        QTest::newRow("no warm-up: from the first run") << 3.0 << 0 << 3;
    }
    void maxSecondsPerCaseReducesRuns() {
        QFETCH(double, maxSeconds);
        QFETCH(int, warmups);
        QFETCH(int, expectedRuns);
        auto options = optionsFor({"scripted"}, {cube(6)}, 5);
        options.warmupRuns = warmups;
        options.maxSecondsPerCase = maxSeconds;
        const auto results = runMatmulBench(options, {}, testBackendFactory(nullptr, 1.0));
        QCOMPARE(results.front().status, BenchStatus::Ok);
        QCOMPARE(int(results.front().runSeconds.size()), expectedRuns);
        QCOMPARE(results.front().statistics.medianSeconds, 1.0);
    }

    // Times the backend reports are the times the result holds: GFLOPS from the median,
    // transfers apart from compute.
    void timesAndTransfersAreRecorded() {
        const MatmulShape shape{10, 20, 30};
        const auto results = runMatmulBench(optionsFor({"scripted"}, {shape}), {},
                                            testBackendFactory(nullptr, 0.001));
        const MatmulBenchResult& result = results.front();
        QCOMPARE(result.status, BenchStatus::Ok);
        QCOMPARE(result.runSeconds, std::vector<double>(3, 0.001));
        QCOMPARE(result.statistics.medianSeconds, 0.001);
        QCOMPARE(result.statistics.relativeSpread, 0.0);
        QCOMPARE(result.gflops, 2.0 * 10 * 20 * 30 / 0.001 / 1e9);
        QCOMPARE(result.uploadSeconds, 0.25);
        QCOMPARE(result.downloadSeconds, 0.5);
        QCOMPARE(result.detail, std::string("scripted detail"));
    }

    void threadsAsRun_data() {
        QTest::addColumn<unsigned>("requested");
        QTest::addColumn<unsigned>("expected");
        QTest::newRow("three") << 3u << 3u;
        QTest::newRow("every hardware thread")
            << 0u << mlsyslab::matmul::cpuFeatures().logicalCores;
    }
    void threadsAsRun() {
        QFETCH(unsigned, requested);
        QFETCH(unsigned, expected);
        auto options = optionsFor({"counting", "naive"}, {cube(4)});
        options.threads = requested;
        const auto results = runMatmulBench(options, {}, testBackendFactory());
        QCOMPARE(results[0].threads, expected);
        QCOMPARE(results[1].threads, 1u);  // single-threaded rung
    }

    void wrongResultIsCaughtWithItsPlace() {
        const auto results = runMatmulBench(optionsFor({"one-wrong", "counting"}, {cube(16)}), {},
                                            testBackendFactory());
        const MatmulBenchResult& wrong = results[0];
        QCOMPARE(wrong.status, BenchStatus::Wrong);
        QVERIFY(wrong.maxRelativeError > wrong.tolerance);
        QVERIFY2(wrong.message.starts_with("max relative error "), wrong.message.c_str());
        QVERIFY2(wrong.message.find(" exceeds the bound ") != std::string::npos,
                 wrong.message.c_str());
        QVERIFY2(wrong.message.ends_with(" at C[2][3]"), wrong.message.c_str());
        QCOMPARE(wrong.statusText(), "wrong: " + wrong.message);
        // Measured all the same: a wrong kernel's speed is still shown.
        QCOMPARE(wrong.runSeconds.size(), std::size_t(3));
        // The next backend starts from a clean C.
        QCOMPARE(results[1].status, BenchStatus::Ok);
    }

    // A backend that leaves C alone does not pass on the result of the one before it.
    void untouchedResultIsWrong() {
        const auto results = runMatmulBench(optionsFor({"counting", "writes-nothing"}, {cube(9)}),
                                            {}, testBackendFactory());
        QCOMPARE(results[0].status, BenchStatus::Ok);
        QCOMPARE(results[1].status, BenchStatus::Wrong);
        QVERIFY2(results[1].message.ends_with(" at C[0][0]"), results[1].message.c_str());
    }

    void unavailablePassesTheReasonThrough() {
        int computeCalls = 0;
        const auto results =
            runMatmulBench(optionsFor({"unavailable", "counting"}, {cube(4), cube(5)}), {},
                           testBackendFactory(&computeCalls));
        QCOMPARE(results.size(), std::size_t(4));
        for (const std::size_t index : {0, 2}) {
            QCOMPARE(results[index].status, BenchStatus::Unavailable);
            QCOMPARE(results[index].message,
                     std::string("needs a device this machine does not have"));
            QCOMPARE(results[index].statusText(),
                     std::string("unavailable: needs a device this machine does not have"));
            QVERIFY(results[index].runSeconds.empty());
        }
        QCOMPARE(results[1].status, BenchStatus::Ok);
        QCOMPARE(results[3].status, BenchStatus::Ok);
    }

    // Without a CUDA device (as on the machines the tests run on), the CUDA rungs say why.
    void cudaRungIsUnavailableWithoutADevice() {
        const auto backend = mlsyslab::matmul::makeMatmulBackend("cuda-naive");
        if (backend != nullptr && backend->availability().available)
            QSKIP("this machine has a CUDA device");
        const auto results = runMatmulBench(optionsFor({"cuda-naive"}, {cube(16)}));
        QCOMPARE(results.front().status, BenchStatus::Unavailable);
        QVERIFY(!results.front().message.empty());
        if (backend != nullptr) QCOMPARE(results.front().message, backend->availability().reason);
        QVERIFY(results.front().statusText().starts_with("unavailable: "));
    }

    void unknownToTheFactoryIsUnavailable() {
        const auto results =
            runMatmulBench(optionsFor({"no-such-rung"}, {cube(4)}), {}, testBackendFactory());
        QCOMPARE(results.front().status, BenchStatus::Unavailable);
        QCOMPARE(results.front().message, std::string("'no-such-rung' is not part of this build"));
    }

    void failureWhileRunningIsReported() {
        const auto results = runMatmulBench(optionsFor({"throwing", "counting"}, {cube(4)}), {},
                                            testBackendFactory());
        QCOMPARE(results[0].status, BenchStatus::Unavailable);
        QCOMPARE(results[0].message, std::string("the device was lost"));
        QCOMPARE(results[1].status, BenchStatus::Ok);
    }

    // 2^20 on every side needs terabytes: refused with the memory it would need, and nothing
    // is allocated or run.
    void hugeCubeIsRefused() {
        int computeCalls = 0;
        const auto results =
            runMatmulBench(optionsFor({"counting", "naive"}, {cube(1 << 20), cube(4)}), {},
                           testBackendFactory(&computeCalls));
        QCOMPARE(results.size(), std::size_t(4));
        for (const std::size_t index : {0, 1}) {
            const MatmulBenchResult& refused = results[index];
            QCOMPARE(refused.status, BenchStatus::Refused);
            QVERIFY2(refused.message.starts_with("1048576×1048576×1048576 needs "),
                     refused.message.c_str());
            QVERIFY2(refused.message.ends_with(" is available"), refused.message.c_str());
            QCOMPARE(refused.statusText(), "refused: " + refused.message);
        }
        QCOMPARE(results[2].status, BenchStatus::Ok);
        QCOMPARE(results[3].status, BenchStatus::Ok);
        QCOMPARE(computeCalls, 1 + 3);  // the small cube's warm-up and runs only
    }

    // A cancel seen while the second backend starts: the first is done, the second and all
    // after it are Cancelled, and none of them computes.
    void cancelStopsEarlyAndMarksTheRest() {
        std::atomic<bool> cancel{false};
        int computeCalls = 0;
        MatmulBenchEvents events;
        events.cancel = &cancel;
        events.progress = [&](const MatmulBenchProgress& progress) {
            if (progress.backend == "counting-second") cancel = true;
        };
        const auto results = runMatmulBench(
            optionsFor({"counting-first", "counting-second", "counting-third"}, {cube(6), cube(7)}),
            events, testBackendFactory(&computeCalls));
        QCOMPARE(results.size(), std::size_t(6));
        QCOMPARE(results[0].status, BenchStatus::Ok);
        for (std::size_t index = 1; index < results.size(); ++index) {
            QCOMPARE(results[index].status, BenchStatus::Cancelled);
            QCOMPARE(results[index].statusText(), std::string("cancelled"));
            QVERIFY(results[index].runSeconds.empty());
        }
        QCOMPARE(computeCalls, 1 + 3);
    }

    void cancelledBeforeStartRunsNothing() {
        std::atomic<bool> cancel{true};
        int computeCalls = 0;
        MatmulBenchEvents events;
        events.cancel = &cancel;
        const auto results = runMatmulBench(optionsFor({"counting", "unavailable"}, {cube(4)}),
                                            events, testBackendFactory(&computeCalls));
        QCOMPARE(results[0].status, BenchStatus::Cancelled);
        // What could never run says why, cancelled or not.
        QCOMPARE(results[1].status, BenchStatus::Unavailable);
        QCOMPARE(computeCalls, 0);
    }

    void progressGrowsAndEndsAtOne() {
        std::vector<MatmulBenchProgress> reports;
        MatmulBenchEvents events;
        events.progress = [&](const MatmulBenchProgress& progress) { reports.push_back(progress); };
        const auto results =
            runMatmulBench(optionsFor({"naive", "unavailable", "counting"}, {cube(8), cube(24)}, 2),
                           events, testBackendFactory());
        QCOMPARE(results.size(), std::size_t(6));
        // At least one report per run: 2 shapes × 2 runnable backends × (1 warm-up + 2 runs).
        QVERIFY(reports.size() >= 12);
        for (std::size_t index = 1; index < reports.size(); ++index)
            QVERIFY(reports[index].fraction >= reports[index - 1].fraction);
        QCOMPARE(reports.front().fraction >= 0.0, true);
        QVERIFY(reports.front().fraction < 1.0);
        QCOMPARE(reports.back().fraction, 1.0);
        bool sawNaiveOn24 = false;
        for (const auto& report : reports)
            sawNaiveOn24 = sawNaiveOn24 || (report.backend == "naive" && report.shape == cube(24));
        QVERIFY(sawNaiveOn24);
    }

    void progressEndsAtOneWhenNothingCanRun() {
        std::vector<double> fractions;
        MatmulBenchEvents events;
        events.progress = [&](const MatmulBenchProgress& progress) {
            fractions.push_back(progress.fraction);
        };
        runMatmulBench(optionsFor({"unavailable"}, {cube(4)}), events, testBackendFactory());
        QVERIFY(!fractions.empty());
        QCOMPARE(fractions.back(), 1.0);
    }
};

QTEST_APPLESS_MAIN(TestMatmulRunner)
#include "tst_matmul_runner.moc"
