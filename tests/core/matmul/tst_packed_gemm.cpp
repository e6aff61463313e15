#include <QtTest>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "matmul/BackendRegistry.h"
#include "matmul/MatmulReference.h"
#include "matmul/PackedGemm.h"
#include "matmul/ThreadPool.h"

using mlsyslab::matmul::GemmBlocking;
using mlsyslab::matmul::MatmulOperands;
using mlsyslab::matmul::MatmulShape;
using mlsyslab::matmul::MicroKernel;
using mlsyslab::matmul::PackedGemm;
using mlsyslab::matmul::PackedGemmOptions;
using mlsyslab::matmul::ThreadPool;

// The packed SIMD multiplication (the "simd" and "threads" rungs) against the float64
// reference: every micro-kernel this CPU runs, forced one by one, on sizes that are not
// multiples of anything (1, odd primes, 257), on non-square shapes, with the real blocking and
// with tiny blocks that make every loop run many times with edge tiles everywhere, on one
// thread and on several.
namespace {

struct Problem {
    MatmulShape shape;
    std::vector<float> a;
    std::vector<float> b;
    std::vector<float> c;
};

// C starts as NaN: C = A·B must overwrite every element, never add to what was there.
Problem randomProblem(const MatmulShape& shape) {
    Problem problem{shape, std::vector<float>(std::size_t(shape.m * shape.k)),
                    std::vector<float>(std::size_t(shape.k * shape.n)),
                    std::vector<float>(std::size_t(shape.m * shape.n),
                                       std::numeric_limits<float>::quiet_NaN())};
    mlsyslab::matmul::fillUniform(problem.a.data(), shape.m * shape.k, 11);
    mlsyslab::matmul::fillUniform(problem.b.data(), shape.k * shape.n, 12);
    return problem;
}

MatmulOperands operandsOf(Problem& problem) {
    return {problem.a.data(), problem.b.data(), problem.c.data(), problem.shape};
}

// Empty when C is right, else what is wrong.
QString checkResult(const Problem& problem) {
    const auto reference =
        mlsyslab::matmul::computeReference(problem.a.data(), problem.b.data(), problem.shape);
    const auto check = mlsyslab::matmul::checkAgainstReference(problem.c.data(), reference);
    if (check.passed()) return {};
    return QString("%1 elements outside the bound, first at (%2, %3); max relative error %4")
        .arg(check.elementsOutsideBound)
        .arg(check.firstBadRow)
        .arg(check.firstBadColumn)
        .arg(check.maxRelativeError);
}

const std::vector<MatmulShape>& testShapes() {
    static const std::vector<MatmulShape> shapes = {
        {1, 1, 1},       {7, 7, 7},       {16, 16, 16}, {33, 33, 33}, {64, 64, 64},
        {127, 127, 127}, {257, 257, 257}, {13, 17, 19}, {97, 89, 83}, {5, 300, 3},
        {300, 5, 17},    {1, 100, 50},    {100, 1, 50}, {50, 50, 1},  {31, 65, 129},
    };
    return shapes;
}

// Blocks so small that every loop runs many times: one sliver per task, one sliver per panel
// of B, and panels of k of 5 (so C is stored by the first and added to by the next ones).
GemmBlocking tinyBlocking(const MicroKernel& kernel) { return {kernel.rows, 5, kernel.columns}; }
// Blocks of a few slivers, with a panel of k that is no power of two.
GemmBlocking oddBlocking(const MicroKernel& kernel) {
    return {2 * kernel.rows, 37, 3 * kernel.columns};
}

enum class BlockingChoice { Machine, Tiny, Odd };

std::optional<GemmBlocking> blockingFor(BlockingChoice choice, const MicroKernel& kernel) {
    switch (choice) {
        case BlockingChoice::Tiny:
            return tinyBlocking(kernel);
        case BlockingChoice::Odd:
            return oddBlocking(kernel);
        case BlockingChoice::Machine:
            break;
    }
    return std::nullopt;
}

const char* blockingName(BlockingChoice choice) {
    switch (choice) {
        case BlockingChoice::Tiny:
            return "tiny blocks";
        case BlockingChoice::Odd:
            return "odd blocks";
        case BlockingChoice::Machine:
            break;
    }
    return "machine blocks";
}

}  // namespace

Q_DECLARE_METATYPE(BlockingChoice)

class TestPackedGemm : public QObject {
    Q_OBJECT

private slots:
    void everyKernelMatchesTheReference_data() {
        QTest::addColumn<int>("kernelIndex");
        QTest::addColumn<BlockingChoice>("blocking");
        QTest::addColumn<qint64>("m");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("k");
        const auto kernels = mlsyslab::matmul::microKernelsRunningHere();
        for (int index = 0; index < int(kernels.size()); ++index)
            for (const BlockingChoice blocking :
                 {BlockingChoice::Machine, BlockingChoice::Tiny, BlockingChoice::Odd})
                for (const MatmulShape& shape : testShapes())
                    QTest::addRow("%s, %s, %lldx%lldx%lld",
                                  mlsyslab::matmul::microKernelIsaName(kernels[index].isa).data(),
                                  blockingName(blocking), static_cast<long long>(shape.m),
                                  static_cast<long long>(shape.n), static_cast<long long>(shape.k))
                        << index << blocking << qint64(shape.m) << qint64(shape.n)
                        << qint64(shape.k);
    }
    void everyKernelMatchesTheReference() {
        QFETCH(int, kernelIndex);
        QFETCH(BlockingChoice, blocking);
        QFETCH(qint64, m);
        QFETCH(qint64, n);
        QFETCH(qint64, k);
        const MicroKernel kernel =
            mlsyslab::matmul::microKernelsRunningHere()[std::size_t(kernelIndex)];
        PackedGemm gemm(PackedGemmOptions{kernel, blockingFor(blocking, kernel)});
        QCOMPARE(gemm.kernel().isa, kernel.isa);
        Problem problem = randomProblem({m, n, k});
        QVERIFY(gemm.multiply(operandsOf(problem), nullptr, nullptr));
        const QString problemText = checkResult(problem);
        QVERIFY2(problemText.isEmpty(), qPrintable(problemText));
    }

    void threadsMatchTheReference_data() {
        QTest::addColumn<unsigned>("threads");
        QTest::addColumn<BlockingChoice>("blocking");
        QTest::addColumn<qint64>("m");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("k");
        // (Odd blocks rather than tiny ones: with panels of k of 5, a 257-deep product would
        // be 52 rounds of the pool, which is slow on a busy machine and tests nothing more.)
        for (const unsigned threads : {1u, 2u, 3u})
            for (const BlockingChoice blocking : {BlockingChoice::Machine, BlockingChoice::Odd})
                for (const MatmulShape& shape : testShapes())
                    QTest::addRow("%u threads, %s, %lldx%lldx%lld", threads, blockingName(blocking),
                                  static_cast<long long>(shape.m), static_cast<long long>(shape.n),
                                  static_cast<long long>(shape.k))
                        << threads << blocking << qint64(shape.m) << qint64(shape.n)
                        << qint64(shape.k);
    }
    void threadsMatchTheReference() {
        QFETCH(unsigned, threads);
        QFETCH(BlockingChoice, blocking);
        QFETCH(qint64, m);
        QFETCH(qint64, n);
        QFETCH(qint64, k);
        const MicroKernel kernel = mlsyslab::matmul::bestMicroKernel();
        PackedGemm gemm(PackedGemmOptions{kernel, blockingFor(blocking, kernel)});
        ThreadPool pool(threads);
        Problem problem = randomProblem({m, n, k});
        QVERIFY(gemm.multiply(operandsOf(problem), &pool, nullptr));
        const QString problemText = checkResult(problem);
        QVERIFY2(problemText.isEmpty(), qPrintable(problemText));
        // The same object again (its buffers reused), on a fresh C.
        std::fill(problem.c.begin(), problem.c.end(), std::numeric_limits<float>::quiet_NaN());
        QVERIFY(gemm.multiply(operandsOf(problem), &pool, nullptr));
        QVERIFY(checkResult(problem).isEmpty());
    }

    void emptyDepthGivesZeros() {
        // K = 0: every element is a sum of nothing.
        Problem problem = randomProblem({3, 4, 0});
        PackedGemm gemm;
        QVERIFY(gemm.multiply(operandsOf(problem), nullptr, nullptr));
        QCOMPARE(problem.c, std::vector<float>(12, 0.0f));
    }

    void emptyResultIsNoWork() {
        PackedGemm gemm;
        for (const MatmulShape& shape : {MatmulShape{0, 5, 5}, MatmulShape{5, 0, 5}}) {
            Problem problem = randomProblem(shape);
            QVERIFY(gemm.multiply(operandsOf(problem), nullptr, nullptr));
        }
    }

    void stopsWhenCancelled() {
        const std::atomic<bool> cancel{true};
        Problem problem = randomProblem({64, 64, 64});
        PackedGemm gemm;
        QVERIFY(!gemm.multiply(operandsOf(problem), nullptr, &cancel));
        ThreadPool pool(2);
        QVERIFY(!gemm.multiply(operandsOf(problem), &pool, &cancel));
        const std::atomic<bool> go{false};
        QVERIFY(gemm.multiply(operandsOf(problem), &pool, &go));
        QVERIFY(checkResult(problem).isEmpty());
    }

    void blockingIsAlignedToTheKernel() {
        const MicroKernel kernel{mlsyslab::matmul::MicroKernelIsa::Portable, 4, 8, nullptr};
        const GemmBlocking aligned = mlsyslab::matmul::alignBlocking({10, 0, 17}, kernel);
        QCOMPARE(aligned.rowsPerBlock, std::int64_t(12));
        QCOMPARE(aligned.depthPerPanel, std::int64_t(1));
        QCOMPARE(aligned.columnsPerPanel, std::int64_t(24));
        const GemmBlocking tiny = mlsyslab::matmul::alignBlocking({0, 0, 0}, kernel);
        QCOMPARE(tiny.rowsPerBlock, std::int64_t(4));
        QCOMPARE(tiny.columnsPerPanel, std::int64_t(8));
    }

    void blockingFollowsTheCaches_data() {
        QTest::addColumn<int>("kernelRows");
        QTest::addColumn<int>("kernelColumns");
        QTest::addColumn<quint64>("l1Bytes");
        QTest::addColumn<quint64>("l3Bytes");
        QTest::addColumn<qint64>("rowsPerBlock");
        QTest::addColumn<qint64>("depthPerPanel");
        QTest::addColumn<qint64>("columnsPerPanel");
        constexpr quint64 KiB = 1024;
        constexpr quint64 MiB = 1024 * KiB;
        // KC = 3/4 of L1 / (MR · 4 bytes), down to a multiple of 64; NC = half of L3 / (KC · 4
        // bytes), down to a multiple of NR; MC = 96 rows, down to a multiple of MR.
        QTest::newRow("AVX-512 on Zen 4")
            << 12 << 32 << 32 * KiB << 32 * MiB << qint64(96) << qint64(512) << qint64(8192);
        QTest::newRow("AVX-512 on Sapphire Rapids")
            << 12 << 32 << 48 * KiB << 105 * MiB << qint64(96) << qint64(768) << qint64(17920);
        QTest::newRow("AVX2 on Haswell")
            << 6 << 16 << 32 * KiB << 8 * MiB << qint64(96) << qint64(1024) << qint64(1024);
        QTest::newRow("tiny caches")
            << 12 << 32 << 1 * KiB << 64 * KiB << qint64(96) << qint64(64) << qint64(128);
    }
    void blockingFollowsTheCaches() {
        QFETCH(int, kernelRows);
        QFETCH(int, kernelColumns);
        QFETCH(quint64, l1Bytes);
        QFETCH(quint64, l3Bytes);
        QFETCH(qint64, rowsPerBlock);
        QFETCH(qint64, depthPerPanel);
        QFETCH(qint64, columnsPerPanel);
        const MicroKernel kernel{mlsyslab::matmul::MicroKernelIsa::Portable, kernelRows,
                                 kernelColumns, nullptr};
        mlsyslab::matmul::CacheSizes caches;
        caches.l1DataBytes = l1Bytes;
        caches.l3Bytes = l3Bytes;
        const GemmBlocking blocking = mlsyslab::matmul::chooseBlocking(kernel, caches);
        QCOMPARE(blocking.rowsPerBlock, rowsPerBlock);
        QCOMPARE(blocking.depthPerPanel, depthPerPanel);
        QCOMPARE(blocking.columnsPerPanel, columnsPerPanel);
    }

    void workspaceCountsBPanelAndOneABlockPerThread() {
        const MicroKernel kernel{mlsyslab::matmul::MicroKernelIsa::Portable, 4, 8,
                                 mlsyslab::matmul::bestMicroKernel().multiply};
        PackedGemm gemm(PackedGemmOptions{kernel, GemmBlocking{8, 16, 32}});
        // B panel 16 × 32, A block 8 × 16 per thread.
        const std::uint64_t floatBytes = sizeof(float);
        QCOMPARE(gemm.workspaceBytes({100, 100, 100}, 1), (16 * 32 + 8 * 16) * floatBytes);
        QCOMPARE(gemm.workspaceBytes({100, 100, 100}, 2), (16 * 32 + 2 * 8 * 16) * floatBytes);
        // A small problem needs only its own size (padded to whole slivers).
        QCOMPARE(gemm.workspaceBytes({3, 5, 7}, 1), (7 * 8 + 4 * 7) * floatBytes);
    }

    void backendsRunThroughTheRegistry_data() {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<unsigned>("threads");
        QTest::addColumn<unsigned>("threadsUsed");
        QTest::newRow("simd") << "simd" << 1u << 1u;
        QTest::newRow("simd asked for 3") << "simd" << 3u << 1u;
        QTest::newRow("threads on 1") << "threads" << 1u << 1u;
        QTest::newRow("threads on 2") << "threads" << 2u << 2u;
        QTest::newRow("threads on 3") << "threads" << 3u << 3u;
    }
    void backendsRunThroughTheRegistry() {
        QFETCH(QString, backend);
        QFETCH(unsigned, threads);
        QFETCH(unsigned, threadsUsed);
        const auto made = mlsyslab::matmul::makeMatmulBackend(backend.toStdString());
        QVERIFY(made != nullptr);
        QCOMPARE(QString::fromUtf8(made->name().data(), qsizetype(made->name().size())), backend);
        QVERIFY(made->availability().available);
        QCOMPARE(made->threadsUsed(threads), threadsUsed);
        QVERIFY(made->detail().find("micro-kernel") != std::string::npos);
        QVERIFY(made->workspaceBytes({257, 257, 257}) > 0);
        for (const MatmulShape& shape : {MatmulShape{127, 127, 127}, MatmulShape{33, 65, 257}}) {
            Problem problem = randomProblem(shape);
            QVERIFY(mlsyslab::matmul::multiplyOnce(*made, operandsOf(problem), threads));
            const QString problemText = checkResult(problem);
            QVERIFY2(problemText.isEmpty(), qPrintable(problemText));
        }
        // A cancel seen before the first block stops the multiplication.
        auto* cpuBackend = dynamic_cast<mlsyslab::matmul::CpuMatmulBackend*>(made.get());
        QVERIFY(cpuBackend != nullptr);
        Problem problem = randomProblem({64, 64, 64});
        const std::atomic<bool> cancel{true};
        QVERIFY(!cpuBackend->compute(operandsOf(problem), threads, &cancel));
    }
};

QTEST_APPLESS_MAIN(TestPackedGemm)
#include "tst_packed_gemm.moc"
