#include <QtTest>
#include <cstdint>
#include <limits>

#include "matmul/MatmulMemory.h"
#include "matmul/MatmulReference.h"

// The memory a benchmark case needs, counted exactly; the refusal of shapes that cannot fit;
// byte counts for people.
namespace {

using mlsyslab::matmul::byteCountText;
using mlsyslab::matmul::hostBytesNeeded;
using mlsyslab::matmul::MatmulShape;
using mlsyslab::matmul::refuseIfTooLarge;

constexpr std::uint64_t KiB = 1024;
constexpr std::uint64_t MiB = 1024 * KiB;
constexpr std::uint64_t GiB = 1024 * MiB;
constexpr std::uint64_t TiB = 1024 * GiB;

}  // namespace

Q_DECLARE_METATYPE(MatmulShape)

class TestMatmulMemory : public QObject {
    Q_OBJECT

private slots:
    void hostBytes_data() {
        QTest::addColumn<MatmulShape>("shape");
        QTest::addColumn<quint64>("workspace");
        QTest::addColumn<quint64>("expected");
        // A 2×4, B 4×3, C 2×3 floats: 26 × 4 bytes. Both rows kept: 2 rows × 3 columns × 2
        // doubles, and the 2 row numbers.
        QTest::newRow("2x3x4") << MatmulShape{2, 3, 4} << quint64(0)
                               << quint64(26 * 4 + 2 * 3 * 16 + 2 * 8);
        QTest::newRow("2x3x4 with workspace")
            << MatmulShape{2, 3, 4} << quint64(1000) << quint64(26 * 4 + 2 * 3 * 16 + 2 * 8 + 1000);
        // 1024³ is 2 GFLOP, at the limit: every row kept.
        QTest::newRow("1024 cube") << MatmulShape{1024, 1024, 1024} << quint64(0)
                                   << quint64(3 * MiB * 4 + 1024 * 1024 * 16 + 1024 * 8);
        // 4096³ is past it: 96 sampled rows.
        QTest::newRow("4096 cube") << MatmulShape{4096, 4096, 4096} << quint64(0)
                                   << quint64(3 * 16 * MiB * 4 + 96 * 4096 * 16 + 96 * 8);
        QTest::newRow("2^20 cube") << MatmulShape{1 << 20, 1 << 20, 1 << 20} << quint64(0)
                                   << quint64(12 * TiB + 96 * MiB * 16 + 96 * 8);
    }
    void hostBytes() {
        QFETCH(MatmulShape, shape);
        QFETCH(quint64, workspace);
        QFETCH(quint64, expected);
        QCOMPARE(quint64(hostBytesNeeded(shape, workspace)), expected);
    }

    // Past 64 bits the count sticks at the largest value, so the shape is still refused.
    void hugeCountsSaturate() {
        const std::int64_t side = std::int64_t{1} << 40;
        QCOMPARE(hostBytesNeeded({side, side, side}, 0), std::numeric_limits<std::uint64_t>::max());
        QCOMPARE(hostBytesNeeded({1, 1, 1}, std::numeric_limits<std::uint64_t>::max()),
                 std::numeric_limits<std::uint64_t>::max());
    }

    void availableMemoryIsKnownOnLinux() {
#ifdef __linux__
        const auto available = mlsyslab::matmul::availableHostBytes();
        QVERIFY(available.has_value());
        QVERIFY(*available > 0);
#else
        QSKIP("/proc/meminfo is Linux's");
#endif
    }

    void smallShapesFit() {
        QCOMPARE(refuseIfTooLarge({16, 16, 16}, 0), std::optional<std::string>());
        QCOMPARE(refuseIfTooLarge({257, 1, 33}, 4096), std::optional<std::string>());
    }

    void hugeShapeIsRefusedWithTheBytes() {
        if (!mlsyslab::matmul::availableHostBytes()) QSKIP("free memory unknown here");
        const auto refusal = refuseIfTooLarge({1 << 20, 1 << 20, 1 << 20}, 0);
        QVERIFY(refusal.has_value());
        QVERIFY2(refusal->starts_with("1048576×1048576×1048576 needs 12.0 TiB; "),
                 refusal->c_str());
        QVERIFY2(refusal->ends_with(" is available"), refusal->c_str());
    }

    void byteCounts_data() {
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << quint64(0) << "0 B";
        QTest::newRow("bytes") << quint64(1023) << "1023 B";
        QTest::newRow("one KiB") << quint64(KiB) << "1.0 KiB";
        QTest::newRow("one and a half KiB") << quint64(1536) << "1.5 KiB";
        // Just under 1 MiB rounds to 1024.0 KiB: written as 1.0 MiB.
        QTest::newRow("just under a MiB") << quint64(MiB - 1) << "1.0 MiB";
        QTest::newRow("12 MiB") << quint64(12 * MiB) << "12.0 MiB";
        QTest::newRow("3.1 GiB") << quint64(3.1 * double(GiB)) << "3.1 GiB";
        QTest::newRow("12 TiB") << quint64(12 * TiB) << "12.0 TiB";
        QTest::newRow("largest") << std::numeric_limits<quint64>::max() << "16.0 EiB";
    }
    void byteCounts() {
        QFETCH(quint64, bytes);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(byteCountText(bytes)), text);
    }
};

QTEST_APPLESS_MAIN(TestMatmulMemory)
#include "tst_matmul_memory.moc"
