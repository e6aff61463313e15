#include <QtTest>
#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "memory/AccessPatterns.h"

using mlsyslab::memory::AccessKind;
using mlsyslab::memory::MatmulLoopOrder;
using mlsyslab::memory::MemoryAccess;
using mlsyslab::memory::StorageOrder;
namespace memory = mlsyslab::memory;

Q_DECLARE_METATYPE(MatmulLoopOrder)

namespace {

// "L 1000, S 2004": kind and hex address of each access (sizes are checked separately).
QString describe(const std::vector<MemoryAccess>& accesses) {
    QStringList parts;
    for (const MemoryAccess& access : accesses) {
        parts << QString("%1 %2")
                     .arg(access.kind == AccessKind::Store ? "S" : "L")
                     .arg(access.address, 0, 16);
    }
    return parts.join(", ");
}

bool allSized(const std::vector<MemoryAccess>& accesses, std::uint32_t sizeBytes) {
    for (const MemoryAccess& access : accesses) {
        if (access.sizeBytes != sizeBytes) return false;
    }
    return true;
}

std::uint64_t countOf(const std::vector<MemoryAccess>& accesses, AccessKind kind) {
    std::uint64_t count = 0;
    for (const MemoryAccess& access : accesses) count += access.kind == kind ? 1 : 0;
    return count;
}

}  // namespace

class TestAccessPatterns : public QObject {
    Q_OBJECT

private slots:
    void strided() {
        QCOMPARE(describe(memory::stridedPattern(0x100, 4, 64, 4)),
                 QString("L 100, L 140, L 180, L 1c0"));
        QCOMPARE(describe(memory::stridedPattern(0x1000, 3, -8, 8, AccessKind::Store)),
                 QString("S 1000, S ff8, S ff0"));
        QVERIFY(allSized(memory::stridedPattern(0, 10, 3, 3), 3));
        QVERIFY(memory::stridedPattern(0, 0, 4, 4).empty());
        QVERIFY(memory::stridedPattern(0, 5, 4, 0).empty());
        // A sequential scan: stride = element size.
        QCOMPARE(describe(memory::stridedPattern(0x40, 3, 4, 4)), QString("L 40, L 44, L 48"));
    }

    // A 2×3 float tensor: which element each visit reads, in both storage orders.
    void tensorTraversal_data() {
        QTest::addColumn<StorageOrder>("storage");
        QTest::addColumn<StorageOrder>("visit");
        QTest::addColumn<QString>("expected");
        // Row-major storage: (i, j) at base + (3i + j)·4. Column-major: base + (2j + i)·4.
        QTest::newRow("row-major by rows") << StorageOrder::RowMajor << StorageOrder::RowMajor
                                           << "L 1000, L 1004, L 1008, L 100c, L 1010, L 1014";
        QTest::newRow("row-major by columns") << StorageOrder::RowMajor << StorageOrder::ColumnMajor
                                              << "L 1000, L 100c, L 1004, L 1010, L 1008, L 1014";
        QTest::newRow("column-major by rows") << StorageOrder::ColumnMajor << StorageOrder::RowMajor
                                              << "L 1000, L 1008, L 1010, L 1004, L 100c, L 1014";
        QTest::newRow("column-major by columns")
            << StorageOrder::ColumnMajor << StorageOrder::ColumnMajor
            << "L 1000, L 1004, L 1008, L 100c, L 1010, L 1014";
    }

    void tensorTraversal() {
        QFETCH(StorageOrder, storage);
        QFETCH(StorageOrder, visit);
        QFETCH(QString, expected);
        const auto accesses = memory::tensorTraversalPattern(0x1000, 2, 3, 4, storage, visit);
        QCOMPARE(describe(accesses), expected);
        QVERIFY(allSized(accesses, 4));
    }

    void tensorTraversalOfDoubles() {
        // 3×2 doubles, row-major, by columns: (0,0) (1,0) (2,0) (0,1) (1,1) (2,1).
        QCOMPARE(describe(memory::tensorTraversalPattern(0, 3, 2, 8, StorageOrder::RowMajor,
                                                         StorageOrder::ColumnMajor)),
                 QString("L 0, L 10, L 20, L 8, L 18, L 28"));
        QVERIFY(memory::tensorTraversalPattern(0, 0, 5, 4, StorageOrder::RowMajor,
                                               StorageOrder::RowMajor)
                    .empty());
    }

    // n = 2 floats from base 0: A at 0, B at 0x1000, C at 0x2000 (each on a new 4 KiB page).
    // A[i][k] is at 4·(2i + k), so A00 0, A01 4, A10 8, A11 c; likewise B and C.
    void matmulTwoByTwo_data() {
        QTest::addColumn<MatmulLoopOrder>("order");
        QTest::addColumn<std::uint64_t>("tile");
        QTest::addColumn<QString>("expected");
        // for i, j: for k: load A[i][k], load B[k][j]; store C[i][j]
        QTest::newRow("ijk") << MatmulLoopOrder::Ijk << std::uint64_t{0}
                             << "L 0, L 1000, L 4, L 1008, S 2000, "
                                "L 0, L 1004, L 4, L 100c, S 2004, "
                                "L 8, L 1000, L c, L 1008, S 2008, "
                                "L 8, L 1004, L c, L 100c, S 200c";
        // for i, k: load A[i][k]; for j: load B[k][j], load C[i][j], store C[i][j]
        const char* ikj =
            "L 0, L 1000, L 2000, S 2000, L 1004, L 2004, S 2004, "
            "L 4, L 1008, L 2000, S 2000, L 100c, L 2004, S 2004, "
            "L 8, L 1000, L 2008, S 2008, L 1004, L 200c, S 200c, "
            "L c, L 1008, L 2008, S 2008, L 100c, L 200c, S 200c";
        QTest::newRow("ikj") << MatmulLoopOrder::Ikj << std::uint64_t{0} << ikj;
        // for j, k: load B[k][j]; for i: load A[i][k], load C[i][j], store C[i][j]
        QTest::newRow("jki") << MatmulLoopOrder::Jki << std::uint64_t{0}
                             << "L 1000, L 0, L 2000, S 2000, L 8, L 2008, S 2008, "
                                "L 1008, L 4, L 2000, S 2000, L c, L 2008, S 2008, "
                                "L 1004, L 0, L 2004, S 2004, L 8, L 200c, S 200c, "
                                "L 100c, L 4, L 2004, S 2004, L c, L 200c, S 200c";
        // 1×1 tiles: ii, kk, jj each visit one element, so A is reloaded for every jj.
        QTest::newRow("tiled 1") << MatmulLoopOrder::Tiled << std::uint64_t{1}
                                 << "L 0, L 1000, L 2000, S 2000, L 0, L 1004, L 2004, S 2004, "
                                    "L 4, L 1008, L 2000, S 2000, L 4, L 100c, L 2004, S 2004, "
                                    "L 8, L 1000, L 2008, S 2008, L 8, L 1004, L 200c, S 200c, "
                                    "L c, L 1008, L 2008, S 2008, L c, L 100c, L 200c, S 200c";
        // One tile covers the matrix: tiled is ikj. Tile 0 chooses 16 floats, capped at n.
        QTest::newRow("tiled 2") << MatmulLoopOrder::Tiled << std::uint64_t{2} << ikj;
        QTest::newRow("tiled 5") << MatmulLoopOrder::Tiled << std::uint64_t{5} << ikj;
        QTest::newRow("tiled 0") << MatmulLoopOrder::Tiled << std::uint64_t{0} << ikj;
    }

    void matmulTwoByTwo() {
        QFETCH(MatmulLoopOrder, order);
        QFETCH(std::uint64_t, tile);
        QFETCH(QString, expected);
        const auto accesses = memory::matmulPattern(0, 2, 4, order, tile);
        QCOMPARE(describe(accesses), expected);
        QVERIFY(allSized(accesses, 4));
    }

    // Loads and stores of each order: ijk 2n³ loads and n² stores; ikj and jki 2n³ + n² loads
    // and n³ stores; tiled 2n³ + n²·ceil(n/T) loads (A once per (i, k) in every jj block).
    void matmulCounts_data() {
        QTest::addColumn<MatmulLoopOrder>("order");
        QTest::addColumn<std::uint64_t>("n");
        QTest::addColumn<std::uint64_t>("tile");
        QTest::addColumn<std::uint64_t>("loads");
        QTest::addColumn<std::uint64_t>("stores");
        const auto row = [](const char* name, MatmulLoopOrder order, std::uint64_t n,
                            std::uint64_t tile, std::uint64_t loads, std::uint64_t stores) {
            QTest::newRow(name) << order << n << tile << loads << stores;
        };
        row("ijk 7", MatmulLoopOrder::Ijk, 7, 0, 2 * 343, 49);
        row("ikj 7", MatmulLoopOrder::Ikj, 7, 0, 2 * 343 + 49, 343);
        row("jki 7", MatmulLoopOrder::Jki, 7, 0, 2 * 343 + 49, 343);
        row("tiled 7 by 3", MatmulLoopOrder::Tiled, 7, 3, 2 * 343 + 49 * 3, 343);
        row("tiled 8 by 4", MatmulLoopOrder::Tiled, 8, 4, 2 * 512 + 64 * 2, 512);
        row("tiled 40 by 0 (16)", MatmulLoopOrder::Tiled, 40, 0, 2 * 64000 + 1600 * 3, 64000);
        row("ijk 1", MatmulLoopOrder::Ijk, 1, 0, 2, 1);
        row("ikj 0", MatmulLoopOrder::Ikj, 0, 0, 0, 0);
    }

    void matmulCounts() {
        QFETCH(MatmulLoopOrder, order);
        QFETCH(std::uint64_t, n);
        QFETCH(std::uint64_t, tile);
        QFETCH(std::uint64_t, loads);
        QFETCH(std::uint64_t, stores);
        const auto accesses = memory::matmulPattern(0x10000, n, 4, order, tile);
        QCOMPARE(countOf(accesses, AccessKind::Load), loads);
        QCOMPARE(countOf(accesses, AccessKind::Store), stores);
    }

    // Tiles that do not divide n: every (i, k, j) update happens exactly once, as a load of
    // B[k][j], a load of C[i][j] and a store of C[i][j], and A[i][k] is loaded just before
    // each run of j inside a block.
    void tiledCoversEveryUpdateOnce() {
        const std::uint64_t n = 7;
        const std::uint64_t matrixBytes = n * n * 4;
        const std::uint64_t a = 0x100000, b = a + 0x1000, c = b + 0x1000;
        QVERIFY(matrixBytes <= 0x1000);
        const auto accesses = memory::matmulPattern(a, n, 4, MatmulLoopOrder::Tiled, 3);
        std::map<std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>, int> updates;
        std::uint64_t currentA = ~std::uint64_t{0};
        for (std::size_t index = 0; index < accesses.size();) {
            const MemoryAccess& access = accesses[index];
            if (access.address < b) {  // a load of A[i][k]
                QCOMPARE(access.kind, AccessKind::Load);
                currentA = access.address;
                ++index;
                continue;
            }
            QVERIFY(index + 2 < accesses.size());
            const MemoryAccess& loadC = accesses[index + 1];
            const MemoryAccess& storeC = accesses[index + 2];
            QCOMPARE(access.kind, AccessKind::Load);
            QCOMPARE(loadC.kind, AccessKind::Load);
            QCOMPARE(storeC.kind, AccessKind::Store);
            QCOMPARE(loadC.address, storeC.address);
            const std::uint64_t ik = (currentA - a) / 4, kj = (access.address - b) / 4,
                                ij = (loadC.address - c) / 4;
            const std::uint64_t i = ik / n, k = ik % n, j = kj % n;
            QCOMPARE(kj / n, k);
            QCOMPARE(ij, i * n + j);
            ++updates[{i, k, j}];
            index += 3;
        }
        QCOMPARE(updates.size(), std::size_t{n * n * n});
        for (const auto& [update, count] : updates) QCOMPARE(count, 1);
    }

    // B and C each start on the next 4 KiB page after the previous matrix ends.
    void matmulBases_data() {
        QTest::addColumn<std::uint64_t>("base");
        QTest::addColumn<std::uint64_t>("n");
        QTest::addColumn<std::uint64_t>("bBase");
        QTest::addColumn<std::uint64_t>("cBase");
        QTest::newRow("small, unaligned base") << std::uint64_t{0x100} << std::uint64_t{3}
                                               << std::uint64_t{0x1000} << std::uint64_t{0x2000};
        QTest::newRow("exactly one page") << std::uint64_t{0} << std::uint64_t{32}
                                          << std::uint64_t{0x1000} << std::uint64_t{0x2000};
        // 33·33·4 = 4356 bytes: B at 0x2000, which ends at 0x3104, so C at 0x4000.
        QTest::newRow("just over a page") << std::uint64_t{0} << std::uint64_t{33}
                                          << std::uint64_t{0x2000} << std::uint64_t{0x4000};
    }

    void matmulBases() {
        QFETCH(std::uint64_t, base);
        QFETCH(std::uint64_t, n);
        QFETCH(std::uint64_t, bBase);
        QFETCH(std::uint64_t, cBase);
        // ijk's first inner step loads A[0][0] and B[0][0]; its first store is C[0][0].
        const auto accesses = memory::matmulPattern(base, n, 4, MatmulLoopOrder::Ijk);
        QCOMPARE(accesses[0].address, base);
        QCOMPARE(accesses[1].address, bBase);
        QCOMPARE(accesses[2 * n].address, cBase);
        QCOMPARE(accesses[2 * n].kind, AccessKind::Store);
    }

    void matmulNames() {
        QCOMPARE(memory::matmulLoopOrderName(MatmulLoopOrder::Ijk), std::string_view("ijk"));
        QCOMPARE(memory::matmulLoopOrderName(MatmulLoopOrder::Ikj), std::string_view("ikj"));
        QCOMPARE(memory::matmulLoopOrderName(MatmulLoopOrder::Jki), std::string_view("jki"));
        QCOMPARE(memory::matmulLoopOrderName(MatmulLoopOrder::Tiled), std::string_view("tiled"));
    }

    void randomIsDeterministicAndInRange() {
        const auto first = memory::randomPattern(0x4000, 1000, 5000, 8, 42);
        QCOMPARE(first, memory::randomPattern(0x4000, 1000, 5000, 8, 42));
        QVERIFY(first != memory::randomPattern(0x4000, 1000, 5000, 8, 43));
        QCOMPARE(first.size(), std::size_t{5000});
        std::set<std::uint64_t> seen;
        for (const MemoryAccess& access : first) {
            QCOMPARE(access.kind, AccessKind::Load);
            QCOMPARE(access.sizeBytes, 8u);
            QVERIFY(access.address >= 0x4000);
            // 1000 bytes hold 125 whole 8-byte elements: the last starts at 0x4000 + 992.
            QVERIFY(access.address <= 0x4000 + 992);
            QCOMPARE((access.address - 0x4000) % 8, std::uint64_t{0});
            seen.insert(access.address);
        }
        QCOMPARE(seen.size(), std::size_t{125});                 // 5000 draws reach every element
        QVERIFY(memory::randomPattern(0, 7, 10, 8, 1).empty());  // no whole element fits
        QCOMPARE(memory::randomPattern(0x10, 4, 3, 4, 9),
                 (std::vector<MemoryAccess>(3, {AccessKind::Load, 0x10, 4})));
    }

    // The same on every platform: the C++ standard fixes mt19937_64's 10000th output for the
    // default seed 5489 (9981545732273789042), and for a power-of-two element count no draw is
    // rejected, so access 10000 uses exactly that draw: index = draw mod count.
    void randomIsPortable() {
        const auto accesses = memory::randomPattern(0, 1024 * 4, 10000, 4, 5489);
        QCOMPARE(accesses.back().address, (9981545732273789042ull % 1024) * 4);
    }

    void pointerChaseVisitsEveryNodeOncePerCycle() {
        const std::uint64_t nodes = 37;
        const auto accesses = memory::pointerChasePattern(0x8000, nodes, 64, 3 * nodes + 5, 7);
        QCOMPARE(accesses.size(), std::size_t{3 * nodes + 5});
        QCOMPARE(accesses[0].address, std::uint64_t{0x8000});
        for (std::size_t start = 0; start + nodes <= accesses.size(); start += nodes) {
            std::set<std::uint64_t> visited;
            for (std::size_t step = start; step < start + nodes; ++step) {
                visited.insert(accesses[step].address);
            }
            QCOMPARE(visited.size(), std::size_t{nodes});
        }
        for (std::size_t step = 0; step < accesses.size(); ++step) {
            const MemoryAccess& access = accesses[step];
            QCOMPARE(access.kind, AccessKind::Load);
            QCOMPARE(access.sizeBytes, 8u);
            QCOMPARE((access.address - 0x8000) % 64, std::uint64_t{0});
            QVERIFY(access.address < 0x8000 + nodes * 64);
            if (step + nodes < accesses.size()) {
                QCOMPARE(accesses[step + nodes].address, access.address);
            }
            // A single cycle never stays on a node.
            if (step > 0) QVERIFY(access.address != accesses[step - 1].address);
        }
        QCOMPARE(accesses, memory::pointerChasePattern(0x8000, nodes, 64, 3 * nodes + 5, 7));
        QVERIFY(accesses != memory::pointerChasePattern(0x8000, nodes, 64, 3 * nodes + 5, 8));
    }

    void pointerChaseEdgeCases() {
        QVERIFY(memory::pointerChasePattern(0, 0, 64, 10, 1).empty());
        QCOMPARE(describe(memory::pointerChasePattern(0x40, 1, 64, 3, 1)),
                 QString("L 40, L 40, L 40"));
        QCOMPARE(describe(memory::pointerChasePattern(0, 2, 16, 4, 1)),
                 QString("L 0, L 10, L 0, L 10"));
    }
};

QTEST_APPLESS_MAIN(TestAccessPatterns)
#include "tst_access_patterns.moc"
