#include <QtTest>

#include "memory/AccessPatterns.h"
#include "memory/CacheHierarchy.h"
#include "memory/TensorLayout.h"

using mlsyslab::memory::cachePreset;
using mlsyslab::memory::CacheHierarchy;
using mlsyslab::memory::CacheStats;
using mlsyslab::memory::MemoryAccess;
using mlsyslab::memory::StorageOrder;
using mlsyslab::memory::TensorLayout;
using mlsyslab::memory::tensorTraversalPattern;

// Tensor layouts feed the cache simulator: a loop over a view touches memory in the order its
// strides say, so a transposed view costs what a column-wise walk of the original costs, and
// .contiguous() buys back the row-wise walk's misses.
class TestTensorCache : public QObject {
    Q_OBJECT

private slots:
    void transposedViewWalksLikeColumns();
    void contiguousCopyWalksLikeRows();
    void slicedViewTouchesEveryOtherLine();
};

namespace {

constexpr std::int64_t kSide = 64;  // 64 x 64 float32 = 16 KiB, the lecture preset's L3

CacheStats run(const std::vector<MemoryAccess>& accesses) {
    CacheHierarchy hierarchy(*cachePreset("lecture"));
    for (const MemoryAccess& access : accesses) hierarchy.access(access);
    return hierarchy.stats();
}

TensorLayout square() { return *TensorLayout::contiguous({kSide, kSide}, 4); }

}  // namespace

void TestTensorCache::transposedViewWalksLikeColumns() {
    const TensorLayout transposed = *square().transpose(0, 1);
    const CacheStats viaView = run(transposed.logicalOrderAccesses());
    const CacheStats viaPattern = run(tensorTraversalPattern(0, kSide, kSide, 4,
                                                             StorageOrder::RowMajor,
                                                             StorageOrder::ColumnMajor));
    QCOMPARE(viaView, viaPattern);
    // Every L1 reference misses: consecutive elements are 256 bytes apart.
    QCOMPARE(viaView.levels[0].misses, std::uint64_t(kSide * kSide));
}

void TestTensorCache::contiguousCopyWalksLikeRows() {
    const TensorLayout copy = square().transpose(0, 1)->contiguousCopy(0);
    QVERIFY(copy.isContiguous());
    const CacheStats stats = run(copy.logicalOrderAccesses());
    // One miss per 64-byte line: 16 floats.
    QCOMPARE(stats.levels[0].misses, std::uint64_t(kSide * kSide / 16));
    QCOMPARE(stats.levels[0].compulsoryMisses, stats.levels[0].misses);
}

void TestTensorCache::slicedViewTouchesEveryOtherLine() {
    // t[:, ::32]: two floats per row, 128 bytes apart, so two different lines per row.
    const TensorLayout sliced = *square().slice(1, 0, kSide, 32);
    const CacheStats stats = run(sliced.logicalOrderAccesses());
    QCOMPARE(stats.lineReferences, std::uint64_t(kSide * 2));
    QCOMPARE(stats.levels[0].misses, std::uint64_t(kSide * 2));
}

QTEST_APPLESS_MAIN(TestTensorCache)
#include "tst_tensor_cache.moc"
