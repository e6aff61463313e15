#include <QtTest>

#include "memory/CacheTopology.h"

// readCacheTopology on fixture roots (tests/data/memory/sysfs/, see its README) and the sysfs
// size format.
namespace {

using mlsyslab::memory::CacheInfo;
using mlsyslab::memory::CacheTopology;
using mlsyslab::memory::CacheType;

std::filesystem::path fixture(const char* name) {
    return std::filesystem::path(MLSYSLAB_TEST_DATA_DIR) / "memory" / "sysfs" / name;
}

constexpr std::uint64_t KiB = 1024;
constexpr std::uint64_t MiB = 1024 * 1024;

}  // namespace

class TestCacheTopology : public QObject {
    Q_OBJECT

private slots:
    void parsesSysfsSizes_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("48K") << "48K" << true << quint64(48 * KiB);
        QTest::newRow("2048K") << "2048K" << true << quint64(2048 * KiB);
        QTest::newRow("32M") << "32M" << true << quint64(32 * MiB);
        QTest::newRow("1G") << "1G" << true << quint64(1024 * MiB);
        QTest::newRow("bytes") << "512" << true << quint64(512);
        QTest::newRow("newline") << "32768K\n" << true << quint64(32 * MiB);
        QTest::newRow("spaces") << "  64K " << true << quint64(64 * KiB);
        QTest::newRow("zero") << "0K" << true << quint64(0);
        QTest::newRow("empty") << "" << false << quint64(0);
        QTest::newRow("suffix only") << "K" << false << quint64(0);
        QTest::newRow("lower case") << "48k" << false << quint64(0);
        QTest::newRow("KiB") << "48KiB" << false << quint64(0);
        QTest::newRow("negative") << "-48K" << false << quint64(0);
        QTest::newRow("decimal") << "1.5M" << false << quint64(0);
        QTest::newRow("inner space") << "48 K" << false << quint64(0);
        QTest::newRow("too long") << "1234567890123K" << false << quint64(0);
    }
    void parsesSysfsSizes() {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(quint64, bytes);
        const auto parsed = mlsyslab::memory::parseSysfsSize(text.toStdString());
        QCOMPARE(parsed.has_value(), valid);
        if (valid) QCOMPARE(quint64(*parsed), bytes);
    }

    void readsTheAmdEpycFixture() {
        const CacheTopology topology = mlsyslab::memory::readCacheTopology(fixture("amd-epyc"));
        QCOMPARE(topology.cpuModel, std::string("AMD EPYC"));
        const std::vector<CacheInfo> expected = {
            {1, CacheType::Data, 32 * KiB, 8, 64},
            {1, CacheType::Instruction, 32 * KiB, 8, 64},
            {2, CacheType::Unified, 1 * MiB, 8, 64},
            {3, CacheType::Unified, 32 * MiB, 16, 64},
        };
        QVERIFY(topology.caches == expected);
        const std::vector<CacheInfo> data = topology.dataCaches();
        QCOMPARE(data.size(), std::size_t(3));
        QCOMPARE(data[0].type, CacheType::Data);
        QCOMPARE(data[0].sizeBytes, 32 * KiB);
        QCOMPARE(data[1].sizeBytes, 1 * MiB);
        QCOMPARE(data[2].sizeBytes, 32 * MiB);
    }

    void readsTheIntelXeonFixture() {
        const CacheTopology topology = mlsyslab::memory::readCacheTopology(fixture("intel-xeon"));
        QCOMPARE(topology.cpuModel, std::string("Intel(R) Xeon(R) Platinum 8380 CPU @ 2.30GHz"));
        const std::vector<CacheInfo> expected = {
            {1, CacheType::Data, 48 * KiB, 12, 64},
            {1, CacheType::Instruction, 32 * KiB, 8, 64},
            {2, CacheType::Unified, 1280 * KiB, 20, 64},
            {3, CacheType::Unified, 60 * MiB, 12, 64},
        };
        QVERIFY(topology.caches == expected);
        const std::vector<CacheInfo> data = topology.dataCaches();
        QCOMPARE(data.size(), std::size_t(3));
        QCOMPARE(data[0].sizeBytes, 48 * KiB);
        QCOMPARE(data[0].ways, 12);
    }

    // No "model name", an entry without a size (left out) and one without a line size (kept).
    void readsWhatItCanOfAPartialFixture() {
        const CacheTopology topology = mlsyslab::memory::readCacheTopology(fixture("arm-partial"));
        QCOMPARE(topology.cpuModel, std::string());
        const std::vector<CacheInfo> expected = {
            {1, CacheType::Data, 64 * KiB, 4, 64},
            {1, CacheType::Instruction, 64 * KiB, 4, 64},
            {2, CacheType::Unified, 512 * KiB, 8, 0},
        };
        QVERIFY(topology.caches == expected);
        QCOMPARE(topology.dataCaches().size(), std::size_t(2));
    }

    void aRootWithoutSysfsGivesAnEmptyTopology() {
        const CacheTopology topology =
            mlsyslab::memory::readCacheTopology(fixture("no-such-machine"));
        QVERIFY(topology.cpuModel.empty());
        QVERIFY(topology.caches.empty());
        QVERIFY(topology.dataCaches().empty());
    }

    void namesCacheTypesAsSysfsDoes() {
        QCOMPARE(mlsyslab::memory::cacheTypeName(CacheType::Data), std::string_view("Data"));
        QCOMPARE(mlsyslab::memory::cacheTypeName(CacheType::Instruction),
                 std::string_view("Instruction"));
        QCOMPARE(mlsyslab::memory::cacheTypeName(CacheType::Unified), std::string_view("Unified"));
    }
};

QTEST_GUILESS_MAIN(TestCacheTopology)
#include "tst_cache_topology.moc"
