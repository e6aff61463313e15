#include <QtTest>
#include <algorithm>
#include <cstdint>
#include <vector>

#include "matmul/GemmPacking.h"
#include "matmul/MicroKernel.h"

using mlsyslab::matmul::MicroKernel;

// The pieces under the packed multiplication: the packed layouts of A and B (worked out by
// hand, zero padding included) and every micro-kernel this CPU runs, called directly on one
// tile.
namespace {

// A matrix whose value names its place: row r, column c holds 10·r + c (+100 so that no value
// is the padding's 0).
std::vector<float> numberedMatrix(std::int64_t rows, std::int64_t columns, std::int64_t rowStride) {
    std::vector<float> values(std::size_t(rows * rowStride), -1.0f);
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < columns; ++c)
            values[std::size_t(r * rowStride + c)] = float(100 + 10 * r + c);
    return values;
}

QString kernelName(const MicroKernel& kernel) {
    return QString::fromUtf8(mlsyslab::matmul::microKernelIsaName(kernel.isa).data());
}

}  // namespace

class TestGemmPacking : public QObject {
    Q_OBJECT

private slots:
    void packedSizesIncludeThePadding() {
        using mlsyslab::matmul::packedABlockFloats;
        using mlsyslab::matmul::packedBPanelFloats;
        QCOMPARE(packedABlockFloats(4, 5, 3), std::int64_t(6 * 5));
        QCOMPARE(packedABlockFloats(6, 5, 3), std::int64_t(6 * 5));
        QCOMPARE(packedABlockFloats(1, 1, 12), std::int64_t(12));
        QCOMPARE(packedBPanelFloats(5, 3, 2), std::int64_t(5 * 4));
        QCOMPARE(packedBPanelFloats(7, 32, 32), std::int64_t(7 * 32));
    }

    void packsABlockColumnByColumnInSlivers() {
        // A 4 × 3 block of a matrix with row stride 5, slivers of MR = 3 rows: sliver 0 is rows
        // 0-2, k after k; sliver 1 is row 3 and two rows of zeros.
        const std::vector<float> a = numberedMatrix(4, 5, 5);
        std::vector<float> packed(std::size_t(6 * 3), -7.0f);
        mlsyslab::matmul::packABlock(a.data(), 5, 4, 3, 3, packed.data());
        const std::vector<float> expected = {
            100, 110, 120, 101, 111, 121, 102, 112, 122,  // sliver 0: k = 0, 1, 2
            130, 0,   0,   131, 0,   0,   132, 0,   0,    // sliver 1: row 3, padded
        };
        QCOMPARE(packed, expected);
    }

    void packsAnOffsetBlockOfA() {
        // The block starting at row 1, column 2 of a 3 × 5 matrix: what the loops pack for
        // ic = 1, pc = 2.
        const std::vector<float> a = numberedMatrix(3, 5, 5);
        std::vector<float> packed(std::size_t(2 * 3), -7.0f);
        mlsyslab::matmul::packABlock(a.data() + 1 * 5 + 2, 5, 2, 3, 2, packed.data());
        const std::vector<float> expected = {112, 122, 113, 123, 114, 124};
        QCOMPARE(packed, expected);
    }

    void packsBPanelRowByRowInSlivers() {
        // A 2 × 3 panel (row stride 4), slivers of NR = 2 columns: sliver 1 is column 2 and a
        // column of zeros.
        const std::vector<float> b = numberedMatrix(2, 4, 4);
        std::vector<float> packed(std::size_t(2 * 4), -7.0f);
        mlsyslab::matmul::packBSlivers(b.data(), 4, 2, 3, 2, 0, 2, packed.data());
        const std::vector<float> expected = {
            100, 101, 110, 111,  // sliver 0: k = 0, 1
            102, 0,   112, 0,    // sliver 1: column 2, padded
        };
        QCOMPARE(packed, expected);
    }

    void packsOnlyTheSliversAsked() {
        // Threads pack different slivers of one panel: sliver 1 alone goes to its own place and
        // nothing else is written.
        const std::vector<float> b = numberedMatrix(2, 6, 6);
        std::vector<float> packed(std::size_t(2 * 6), -7.0f);
        mlsyslab::matmul::packBSlivers(b.data(), 6, 2, 6, 2, 1, 1, packed.data());
        const std::vector<float> expected = {-7, -7, -7, -7, 102, 103, 112, 113, -7, -7, -7, -7};
        QCOMPARE(packed, expected);
    }

    void everyKernelComputesOneTile_data() {
        QTest::addColumn<int>("kernelIndex");
        QTest::addColumn<int>("depth");
        QTest::addColumn<bool>("accumulate");
        const auto kernels = mlsyslab::matmul::microKernelsRunningHere();
        for (int index = 0; index < int(kernels.size()); ++index)
            for (const int depth : {0, 1, 3, 4, 17})
                for (const bool accumulate : {false, true})
                    QTest::addRow("%s, depth %d, %s", qPrintable(kernelName(kernels[index])), depth,
                                  accumulate ? "add" : "store")
                        << index << depth << accumulate;
    }
    void everyKernelComputesOneTile() {
        QFETCH(int, kernelIndex);
        QFETCH(int, depth);
        QFETCH(bool, accumulate);
        const MicroKernel kernel =
            mlsyslab::matmul::microKernelsRunningHere()[std::size_t(kernelIndex)];
        const int rows = kernel.rows;
        const int columns = kernel.columns;
        // Small integers: every product and sum is exact in float32, whatever the order.
        std::vector<float> packedA(std::size_t(rows * std::max(depth, 1)));
        std::vector<float> packedB;
        for (std::size_t index = 0; index < packedA.size(); ++index)
            packedA[index] = float(int(index % 7) - 3);
        // The kernel's loads of B are aligned: give it a 64-byte-aligned buffer.
        std::vector<float> storage(std::size_t(columns * std::max(depth, 1) + 16));
        float* alignedB = storage.data();
        while (reinterpret_cast<std::uintptr_t>(alignedB) % 64 != 0) ++alignedB;
        for (int index = 0; index < columns * depth; ++index)
            alignedB[index] = float(index % 5 - 2);
        // C with 3 extra columns per row: they must stay untouched.
        const int stride = columns + 3;
        std::vector<float> c(std::size_t(rows * stride));
        for (std::size_t index = 0; index < c.size(); ++index) c[index] = float(index % 11);
        const std::vector<float> before = c;
        kernel.multiply(depth, packedA.data(), alignedB, c.data(), stride, accumulate);
        for (int i = 0; i < rows; ++i) {
            for (int j = 0; j < stride; ++j) {
                const std::size_t at = std::size_t(i * stride + j);
                if (j >= columns) {
                    QCOMPARE(c[at], before[at]);
                    continue;
                }
                float expected = accumulate ? before[at] : 0.0f;
                for (int k = 0; k < depth; ++k)
                    expected += packedA[std::size_t(k * rows + i)] * alignedB[k * columns + j];
                QCOMPARE(c[at], expected);
            }
        }
    }

    void theWidestKernelIsChosen() {
        const auto running = mlsyslab::matmul::microKernelsRunningHere();
        QVERIFY(!running.empty());
        QCOMPARE(running.back().isa, mlsyslab::matmul::MicroKernelIsa::Portable);
        QCOMPARE(mlsyslab::matmul::bestMicroKernel().isa, running.front().isa);
        const auto& features = mlsyslab::matmul::cpuFeatures();
        const bool hasAvx512 = features.avx512 && features.fma;
        QCOMPARE(running.front().isa == mlsyslab::matmul::MicroKernelIsa::Avx512, hasAvx512);
    }
};

QTEST_APPLESS_MAIN(TestGemmPacking)
#include "tst_gemm_packing.moc"
