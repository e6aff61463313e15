#include <QtTest>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "CacheTestSupport.h"
#include "memory/AccessPatterns.h"
#include "memory/CacheHierarchy.h"

using cachetest::hierarchy;
using cachetest::level;
using mlsyslab::memory::AccessKind;
using mlsyslab::memory::CacheConfig;
using mlsyslab::memory::CacheHierarchy;
using mlsyslab::memory::CacheStats;
using mlsyslab::memory::LevelStats;
using mlsyslab::memory::MatmulLoopOrder;
using mlsyslab::memory::MemoryAccess;
using mlsyslab::memory::Replacement;
using mlsyslab::memory::StorageOrder;
using mlsyslab::memory::WritePolicy;
namespace memory = mlsyslab::memory;

// The teaching patterns through the cache simulator, against miss counts worked out in closed
// form: what the lessons claim (a sequential scan misses once per line, a column walk of a big
// row-major matrix misses on every element, a matrix that fits costs only compulsory misses)
// holds exactly in the model.
namespace {

// 32 KiB 8-way L1 and 256 KiB 8-way L2 with 64-byte lines: a laptop's first two levels.
CacheConfig twoLevels(std::uint32_t l2LineBytes = 64) {
    return hierarchy(
        {level("L1", 32 * 1024, 8, 64, 4), level("L2", 256 * 1024, 8, l2LineBytes, 10)});
}

CacheStats run(const CacheConfig& config, const std::vector<MemoryAccess>& accesses) {
    CacheHierarchy cache(config);
    for (const MemoryAccess& access : accesses) cache.access(access);
    return cache.stats();
}

std::uint64_t ceilDivide(std::uint64_t numerator, std::uint64_t denominator) {
    return (numerator + denominator - 1) / denominator;
}

// The number of distinct `lineBytes` lines the accesses touch.
std::uint64_t distinctLines(const std::vector<MemoryAccess>& accesses, std::uint64_t lineBytes) {
    std::set<std::uint64_t> lines;
    for (const MemoryAccess& access : accesses) {
        const std::uint64_t last = access.address + access.sizeBytes - 1;
        for (std::uint64_t line = access.address / lineBytes; line <= last / lineBytes; ++line) {
            lines.insert(line);
        }
    }
    return lines.size();
}

}  // namespace

class TestPatternMisses : public QObject {
    Q_OBJECT

private slots:
    // A cold sequential scan of N bytes misses once per line it touches at every level:
    // ceil(N / line) from a line-aligned base, one more line when the base is not aligned and
    // the end spills over. L2 with 128-byte lines misses half as often, and every other L1 miss
    // hits there.
    void sequentialScan_data() {
        QTest::addColumn<std::uint64_t>("base");
        QTest::addColumn<std::uint64_t>("bytes");
        QTest::addColumn<std::uint32_t>("elementBytes");
        QTest::addColumn<std::uint32_t>("l2LineBytes");
        QTest::addColumn<std::uint64_t>("l1Misses");
        QTest::addColumn<std::uint64_t>("l2Misses");
        const auto row = [](const char* name, std::uint64_t base, std::uint64_t bytes,
                            std::uint32_t element, std::uint32_t l2Line, std::uint64_t l1,
                            std::uint64_t l2) {
            QTest::newRow(name) << base << bytes << element << l2Line << l1 << l2;
        };
        row("1 KiB of floats", 0x10000, 1024, 4, 64, 16, 16);
        row("1000 bytes of floats", 0x10000, 1000, 4, 64, ceilDivide(1000, 64),
            ceilDivide(1000, 64));
        row("1 MiB of doubles, past both levels", 0x10000, 1 << 20, 8, 64, 16384, 16384);
        row("bytes", 0x10000, 640, 1, 64, 10, 10);
        row("L2 lines of 128 bytes", 0x10000, 64 * 1024, 4, 128, 1024, 512);
        // From 0x10020, 128 bytes of floats touch 3 lines: 0x10000, 0x10040, 0x10080.
        row("unaligned base", 0x10020, 128, 4, 64, 3, 3);
    }

    void sequentialScan() {
        QFETCH(std::uint64_t, base);
        QFETCH(std::uint64_t, bytes);
        QFETCH(std::uint32_t, elementBytes);
        QFETCH(std::uint32_t, l2LineBytes);
        QFETCH(std::uint64_t, l1Misses);
        QFETCH(std::uint64_t, l2Misses);
        const std::uint64_t count = bytes / elementBytes;
        const CacheStats stats =
            run(twoLevels(l2LineBytes),
                memory::stridedPattern(base, count, elementBytes, elementBytes));
        QCOMPARE(stats.levels[0].misses, l1Misses);
        QCOMPARE(stats.levels[0].hits, count - l1Misses);
        QCOMPARE(stats.levels[0].compulsoryMisses, l1Misses);
        QCOMPARE(stats.levels[1].misses, l2Misses);
        QCOMPARE(stats.levels[1].hits, l1Misses - l2Misses);
        QCOMPARE(stats.memoryReads, l2Misses);
        QCOMPARE(stats.memoryWrites, std::uint64_t{0});
        // Each reference costs the latency of the level that served it.
        QCOMPARE(stats.totalCycles,
                 (count - l1Misses) * 4 + (l1Misses - l2Misses) * 10 + l2Misses * 100);
    }

    // A stride of one line or more touches a new line on every access: all misses.
    void strideOfALineMissesEveryAccess_data() {
        QTest::addColumn<std::int64_t>("strideBytes");
        QTest::newRow("64") << std::int64_t{64};
        QTest::newRow("128") << std::int64_t{128};
        QTest::newRow("4096") << std::int64_t{4096};
        QTest::newRow("-64") << std::int64_t{-64};
    }

    void strideOfALineMissesEveryAccess() {
        QFETCH(std::int64_t, strideBytes);
        const std::uint64_t count = 3000;
        const auto accesses = memory::stridedPattern(0x40000000, count, strideBytes, 4);
        const CacheStats stats = run(twoLevels(), accesses);
        QCOMPARE(stats.levels[0].misses, count);
        QCOMPARE(stats.levels[0].hits, std::uint64_t{0});
        QCOMPARE(stats.levels[1].misses, count);
    }

    // A row-major R×C float tensor read row by row misses R·C·4/64 times (once per line);
    // read column by column with rows longer than a line and more rows than L1 can keep, it
    // misses on every element. Column-major storage swaps the two.
    void tensorTraversal_data() {
        QTest::addColumn<std::uint64_t>("rows");
        QTest::addColumn<std::uint64_t>("cols");
        QTest::addColumn<StorageOrder>("storage");
        QTest::addColumn<StorageOrder>("visit");
        QTest::addColumn<std::uint64_t>("l1Misses");
        const auto row = [](const char* name, std::uint64_t rows, std::uint64_t cols,
                            StorageOrder storage, StorageOrder visit, std::uint64_t misses) {
            QTest::newRow(name) << rows << cols << storage << visit << misses;
        };
        const auto rowMajor = StorageOrder::RowMajor, columnMajor = StorageOrder::ColumnMajor;
        row("row-major by rows 128x64", 128, 64, rowMajor, rowMajor, 128 * 64 * 4 / 64);
        row("row-major by columns 128x64", 128, 64, rowMajor, columnMajor, 128 * 64);
        row("column-major by columns 64x128", 64, 128, columnMajor, columnMajor, 64 * 128 * 4 / 64);
        row("column-major by rows 64x128", 64, 128, columnMajor, rowMajor, 64 * 128);
        row("row-major by rows 1000x3", 1000, 3, rowMajor, rowMajor, 1000 * 3 * 4 / 64 + 1);
    }

    // L1: 4 KiB, 4-way, 64 lines of 64 bytes. A column of 128 rows touches 128 lines, so by
    // the time the walk comes back for the next element of a row, LRU has evicted its line.
    void tensorTraversal() {
        QFETCH(std::uint64_t, rows);
        QFETCH(std::uint64_t, cols);
        QFETCH(StorageOrder, storage);
        QFETCH(StorageOrder, visit);
        QFETCH(std::uint64_t, l1Misses);
        const CacheConfig small = hierarchy({level("L1", 4096, 4, 64, 4)});
        const auto accesses =
            memory::tensorTraversalPattern(0x100000, rows, cols, 4, storage, visit);
        const CacheStats stats = run(small, accesses);
        QCOMPARE(stats.levels[0].misses, l1Misses);
        QCOMPARE(stats.levels[0].hits, rows * cols - l1Misses);
        QCOMPARE(stats.memoryReads, l1Misses);
    }

    // Two passes over a matrix that fits in L1: the second pass hits on every element, and all
    // misses are compulsory, one per line, in any visiting order.
    void fittingMatrixHasOnlyCompulsoryMisses_data() {
        QTest::addColumn<StorageOrder>("visit");
        QTest::newRow("by rows") << StorageOrder::RowMajor;
        QTest::newRow("by columns") << StorageOrder::ColumnMajor;
    }

    void fittingMatrixHasOnlyCompulsoryMisses() {
        QFETCH(StorageOrder, visit);
        auto accesses =
            memory::tensorTraversalPattern(0x200000, 64, 64, 4, StorageOrder::RowMajor, visit);
        const auto firstPass = accesses;
        accesses.insert(accesses.end(), firstPass.begin(), firstPass.end());
        const CacheStats stats = run(twoLevels(), accesses);  // 16 KiB matrix, 32 KiB L1
        const LevelStats& l1 = stats.levels[0];
        QCOMPARE(l1.misses, std::uint64_t{256});
        QCOMPARE(l1.compulsoryMisses, std::uint64_t{256});
        QCOMPARE(l1.capacityMisses, std::uint64_t{0});
        QCOMPARE(l1.conflictMisses, std::uint64_t{0});
        QCOMPARE(l1.hits, std::uint64_t{2 * 4096 - 256});
        QCOMPARE(l1.evictions, std::uint64_t{0});
    }

    // The 3C split on a direct-mapped 1 KiB cache: two 256-byte arrays exactly 1 KiB apart map
    // to the same 4 sets, so reading them in alternation misses on every access. A fully
    // associative cache of 16 lines keeps all 8 lines, so apart from the 8 compulsory misses
    // they are conflict misses; the fully associative cache itself has only the compulsory ones.
    void conflictMissesOfAliasedArrays() {
        std::vector<MemoryAccess> accesses;
        for (std::uint64_t index = 0; index < 64; ++index) {
            accesses.push_back({AccessKind::Load, 0x0 + 4 * index, 4});
            accesses.push_back({AccessKind::Load, 0x400 + 4 * index, 4});
        }
        const LevelStats direct = run(hierarchy({level("L1", 1024, 1, 64, 4)}), accesses).levels[0];
        QCOMPARE(direct.misses, std::uint64_t{128});
        QCOMPARE(direct.compulsoryMisses, std::uint64_t{8});
        QCOMPARE(direct.capacityMisses, std::uint64_t{0});
        QCOMPARE(direct.conflictMisses, std::uint64_t{120});
        // Every miss replaces a line except the first in each of the 4 sets.
        QCOMPARE(direct.evictions, std::uint64_t{128 - 4});
        const LevelStats full = run(hierarchy({level("L1", 1024, 0, 64, 4)}), accesses).levels[0];
        QCOMPARE(full.misses, std::uint64_t{8});
        QCOMPARE(full.conflictMisses, std::uint64_t{0});
        QCOMPARE(full.evictions, std::uint64_t{0});
    }

    // Capacity misses: a cyclic pointer chase over more lines than a fully associative LRU
    // cache holds misses on every step; over fewer, only on the first visit of each node.
    void pointerChase_data() {
        QTest::addColumn<std::uint64_t>("nodes");
        QTest::addColumn<std::uint64_t>("misses");
        QTest::addColumn<std::uint64_t>("capacity");
        QTest::newRow("128 nodes, 64 lines")
            << std::uint64_t{128} << std::uint64_t{3 * 128} << std::uint64_t{2 * 128};
        QTest::newRow("32 nodes, 64 lines")
            << std::uint64_t{32} << std::uint64_t{32} << std::uint64_t{0};
        QTest::newRow("64 nodes, 64 lines")
            << std::uint64_t{64} << std::uint64_t{64} << std::uint64_t{0};
        QTest::newRow("65 nodes, 64 lines")
            << std::uint64_t{65} << std::uint64_t{3 * 65} << std::uint64_t{2 * 65};
    }

    void pointerChase() {
        QFETCH(std::uint64_t, nodes);
        QFETCH(std::uint64_t, misses);
        QFETCH(std::uint64_t, capacity);
        const auto accesses = memory::pointerChasePattern(0x300000, nodes, 64, 3 * nodes, 11);
        const LevelStats l1 = run(hierarchy({level("L1", 4096, 0, 64, 4)}), accesses).levels[0];
        QCOMPARE(l1.misses, misses);
        QCOMPARE(l1.compulsoryMisses, nodes);
        QCOMPARE(l1.capacityMisses, capacity);
        QCOMPARE(l1.conflictMisses, std::uint64_t{0});
    }

    // Random reads inside a region smaller than L1 miss once per distinct line they touch.
    void randomInsideTheCache() {
        const auto accesses = memory::randomPattern(0x500000, 16 * 1024, 20000, 4, 3);
        const std::uint64_t lines = distinctLines(accesses, 64);
        QCOMPARE(lines, std::uint64_t{256});  // 20000 draws touch all 256 lines of 16 KiB
        const LevelStats l1 = run(twoLevels(), accesses).levels[0];
        QCOMPARE(l1.misses, lines);
        QCOMPARE(l1.compulsoryMisses, lines);
    }

    // Writes. A write-back, write-allocate L1 scanned with stores over twice its size misses
    // once per line and writes back every line it evicts (all are dirty); a write-through,
    // no-write-allocate L1 never fills on a store, so every store misses and goes to memory.
    void storeScans() {
        const std::uint64_t bytes = 2 * 4096;
        const std::uint64_t count = bytes / 4;
        const auto stores = memory::stridedPattern(0x600000, count, 4, 4, AccessKind::Store);
        const CacheStats back = run(hierarchy({level("L1", 4096, 4, 64, 4)}), stores);
        QCOMPARE(back.levels[0].misses, bytes / 64);
        QCOMPARE(back.levels[0].evictions, bytes / 64 - 4096 / 64);
        QCOMPARE(back.levels[0].writebacks, bytes / 64 - 4096 / 64);
        QCOMPARE(back.memoryReads, bytes / 64);
        QCOMPARE(back.memoryWrites, bytes / 64 - 4096 / 64);

        const CacheStats through =
            run(hierarchy({level("L1", 4096, 4, 64, 4, Replacement::Lru, WritePolicy::Through)}),
                stores);
        QCOMPARE(through.levels[0].misses, count);
        QCOMPARE(through.levels[0].hits, std::uint64_t{0});
        QCOMPARE(through.levels[0].evictions, std::uint64_t{0});
        QCOMPARE(through.memoryReads, std::uint64_t{0});
        QCOMPARE(through.memoryWrites, count);
    }

    // Matmul of 16×16 floats (1 KiB per matrix) in a 32 KiB L1: every loop order misses only
    // on the 3·16 lines of A, B and C.
    void matmulThatFits() {
        for (const auto order : {MatmulLoopOrder::Ijk, MatmulLoopOrder::Ikj, MatmulLoopOrder::Jki,
                                 MatmulLoopOrder::Tiled}) {
            const auto accesses = memory::matmulPattern(0x700000, 16, 4, order);
            const LevelStats l1 = run(twoLevels(), accesses).levels[0];
            QCOMPARE(l1.misses, std::uint64_t{48});
            QCOMPARE(l1.compulsoryMisses, std::uint64_t{48});
        }
    }

    // 64×64 floats (16 KiB per matrix) through a 4 KiB 4-way L1 (16 sets of 64-byte lines):
    // a column of A, B or C is 64 lines 256 bytes apart that fall into only 4 sets, 16 lines
    // each, so a column walk misses on every element.
    // - jki walks A and C by columns (2n³ misses) and loads B[k][j] once per (j, k), also down
    //   a column (n²): 2n³ + n² exactly;
    // - ikj reads a row of B (n/16 lines) for every (i, k), and B (256 lines) never fits, so
    //   n³/16; A's and C's rows i stay while i does: n²/16 each. n³/16 + n²/8 exactly;
    // - ijk walks B by columns (n³), plus some of A's row lines that the column walk evicts;
    // - tiles of 16 keep their three blocks (48 lines) in the cache, apart from conflicts.
    void matmulLoopOrderMatters() {
        const CacheConfig small = hierarchy({level("L1", 4096, 4, 64, 4)});
        const auto missesOf = [&](MatmulLoopOrder order) {
            return run(small, memory::matmulPattern(0x700000, 64, 4, order, 16)).levels[0].misses;
        };
        const std::uint64_t n = 64;
        const std::uint64_t ijk = missesOf(MatmulLoopOrder::Ijk);
        const std::uint64_t ikj = missesOf(MatmulLoopOrder::Ikj);
        const std::uint64_t jki = missesOf(MatmulLoopOrder::Jki);
        const std::uint64_t tiled = missesOf(MatmulLoopOrder::Tiled);
        QCOMPARE(jki, 2 * n * n * n + n * n);
        QCOMPARE(ikj, n * n * n / 16 + n * n / 8);
        QVERIFY2(ijk >= n * n * n && ijk < n * n * n + n * n * n / 16,
                 qPrintable(QString::number(ijk)));
        QVERIFY2(tiled < ikj, qPrintable(QString::number(tiled)));
    }
};

QTEST_APPLESS_MAIN(TestPatternMisses)
#include "tst_pattern_misses.moc"
