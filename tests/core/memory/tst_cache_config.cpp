#include <QtTest>
#include <cstdint>
#include <string>
#include <vector>

#include "CacheTestSupport.h"
#include "memory/CacheConfig.h"
#include "memory/CacheConfigYaml.h"

// Cache configurations: what validateCacheConfig refuses and how it says so, the presets, the
// sets x ways arithmetic, byte sizes, and the YAML format (messages with file:line:col, round
// trips of every preset).
using namespace cachetest;

Q_DECLARE_METATYPE(CacheConfig)

namespace {

CacheConfig unchecked(std::vector<CacheLevelConfig> levels, std::uint32_t memoryLatency = 100) {
    CacheConfig config;
    config.levels = std::move(levels);
    config.memoryLatencyCycles = memoryLatency;
    return config;
}

constexpr std::uint64_t KiB = 1024;
constexpr std::uint64_t MiB = 1024 * KiB;
constexpr std::uint64_t GiB = 1024 * MiB;

// One level per line in flow style, as the CLI's documentation writes it.
std::string yamlOf(std::vector<std::string> levels,
                   const std::string& tail = "memory_latency: 100\n") {
    std::string text = "levels:\n";
    for (const std::string& level : levels) text += "  - {" + level + "}\n";
    return text + tail;
}

const std::string kL1 = "name: L1, size: 32KiB, associativity: 8, line: 64, latency: 4";
const std::string kL2 = "name: L2, size: 256KiB, associativity: 8, line: 64, latency: 10";

}  // namespace

class TestCacheConfig : public QObject {
    Q_OBJECT

private slots:
    void validationMessages_data() {
        QTest::addColumn<CacheConfig>("config");
        QTest::addColumn<QString>("message");
        QTest::newRow("no levels") << unchecked({}) << "a cache needs at least one level";
        QTest::newRow("four levels")
            << unchecked({level("L1", 1 * KiB, 1, 64, 1), level("L2", 2 * KiB, 1, 64, 2),
                          level("L3", 4 * KiB, 1, 64, 3), level("L4", 8 * KiB, 1, 64, 4)})
            << "at most 3 cache levels, not 4";
        QTest::newRow("size not a multiple of line x ways")
            << unchecked({level("L1", 1000, 4, 64, 4)})
            << "L1: size 1000 bytes is not a multiple of line (64) x associativity (4)";
        QTest::newRow("size not a multiple of 3 ways")
            << unchecked({level("L1", 32 * KiB, 3, 64, 4)})
            << "L1: size 32768 bytes is not a multiple of line (64) x associativity (3)";
        QTest::newRow("fully associative, size not a multiple of line")
            << unchecked({level("L1", 1000, 0, 64, 4)})
            << "L1: size 1000 bytes is not a multiple of the line size (64)";
        QTest::newRow("line not a power of two") << unchecked({level("L1", 48 * 16, 1, 48, 4)})
                                                 << "L1: line size 48 bytes is not a power of two";
        QTest::newRow("line of zero bytes") << unchecked({level("L1", 1024, 1, 0, 4)})
                                            << "L1: line size 0 bytes is not a power of two";
        QTest::newRow("size zero")
            << unchecked({level("L1", 0, 1, 64, 4)}) << "L1: size must be more than 0 bytes";
        QTest::newRow("lines shrink downward")
            << unchecked({level("L1", 32 * KiB, 8, 64, 4), level("L2", 256 * KiB, 8, 32, 10)})
            << "L2: line size 32 bytes is smaller than L1's 64 (line sizes may not shrink "
               "further from the core)";
        QTest::newRow("latency zero")
            << unchecked({level("L1", 1024, 1, 64, 0)}) << "L1: latency must be at least 1 cycle";
        QTest::newRow("latencies not increasing")
            << unchecked({level("L1", 32 * KiB, 8, 64, 4), level("L2", 256 * KiB, 8, 64, 4)})
            << "L2: latency 4 cycles must be more than L1's 4 (latencies are load-to-use totals "
               "from the core)";
        QTest::newRow("memory not slower")
            << unchecked({level("L1", 32 * KiB, 8, 64, 4), level("L2", 256 * KiB, 8, 64, 10)}, 10)
            << "memory latency 10 cycles must be more than L2's 10";
        QTest::newRow("too many lines")
            << unchecked({level("L1", 512 * MiB, 16, 64, 4)})
            << "L1: 8388608 lines is more than the simulator holds (at most 4194304 lines per "
               "level)";
    }
    void validationMessages() {
        QFETCH(CacheConfig, config);
        QFETCH(QString, message);
        const auto result = validateCacheConfig(config);
        QVERIFY(!result.ok());
        QCOMPARE(QString::fromStdString(result.error()), message);
    }

    void validationNamesUnnamedLevels() {
        CacheConfig config =
            unchecked({level("", 1 * KiB, 1, 64, 1), level("", 4 * KiB, 1, 64, 2)});
        const auto result = validateCacheConfig(config);
        QVERIFY(result.ok());
        QCOMPARE(result->levels[0].name, std::string("L1"));
        QCOMPARE(result->levels[1].name, std::string("L2"));
    }

    void presets() {
        QCOMPARE(cachePresetNames(),
                 (std::vector<std::string>{"lecture", "modern-server", "tiny"}));
        for (const std::string& name : cachePresetNames()) {
            const auto preset = cachePreset(name);
            QVERIFY2(preset.ok(), name.c_str());
            QVERIFY(validateCacheConfig(*preset).ok());
        }
        const CacheConfig lecture = *cachePreset("lecture");
        QCOMPARE(lecture.levels.size(), std::size_t{3});
        QCOMPARE(lecture.levels[0].latencyCycles, 4u);
        QCOMPARE(lecture.levels[1].latencyCycles, 10u);
        QCOMPARE(lecture.levels[2].latencyCycles, 40u);
        QCOMPARE(lecture.memoryLatencyCycles, 100u);
        const CacheConfig server = *cachePreset("modern-server");
        QCOMPARE(server.levels[0].setCount(), std::uint64_t{64});
        QCOMPARE(server.levels[1].setCount(), std::uint64_t{2048});
        QCOMPARE(server.levels[2].setCount(), std::uint64_t{32768});
        const CacheConfig tiny = *cachePreset("tiny");
        QCOMPARE(tiny.levels[0].setCount(), std::uint64_t{8});
        const auto unknown = cachePreset("huge");
        QVERIFY(!unknown.ok());
        QCOMPARE(unknown.error(),
                 std::string("unknown cache preset 'huge' (lecture, modern-server or tiny)"));
    }

    void setsAndWays_data() {
        QTest::addColumn<quint64>("sizeBytes");
        QTest::addColumn<quint32>("associativity");
        QTest::addColumn<quint32>("lineBytes");
        QTest::addColumn<quint64>("lines");
        QTest::addColumn<quint32>("ways");
        QTest::addColumn<quint64>("sets");
        QTest::newRow("48KiB 12-way")
            << quint64(48 * KiB) << 12u << 64u << quint64(768) << 12u << quint64(64);
        QTest::newRow("direct mapped")
            << quint64(128) << 1u << 16u << quint64(8) << 1u << quint64(8);
        QTest::newRow("fully associative")
            << quint64(1 * KiB) << 0u << 64u << quint64(16) << 16u << quint64(1);
        QTest::newRow("3 sets") << quint64(96) << 2u << 16u << quint64(6) << 2u << quint64(3);
        QTest::newRow("3-way, 128 sets")
            << quint64(24 * KiB) << 3u << 64u << quint64(384) << 3u << quint64(128);
        QTest::newRow("5 sets direct mapped")
            << quint64(320) << 1u << 64u << quint64(5) << 1u << quint64(5);
        QTest::newRow("one set of 4 ways")
            << quint64(256) << 4u << 64u << quint64(4) << 4u << quint64(1);
    }
    void setsAndWays() {
        QFETCH(quint64, sizeBytes);
        QFETCH(quint32, associativity);
        QFETCH(quint32, lineBytes);
        QFETCH(quint64, lines);
        QFETCH(quint32, ways);
        QFETCH(quint64, sets);
        const CacheLevelConfig config = level("L1", sizeBytes, associativity, lineBytes, 1);
        QVERIFY(validateCacheConfig(unchecked({config})).ok());
        QCOMPARE(config.lineCount(), lines);
        QCOMPARE(config.ways(), ways);
        QCOMPARE(config.setCount(), sets);
    }

    void byteSizes_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("error");
        QTest::newRow("bytes") << "64" << quint64(64) << "";
        QTest::newRow("KiB") << "32KiB" << quint64(32 * KiB) << "";
        QTest::newRow("space before unit") << "32 KiB" << quint64(32 * KiB) << "";
        QTest::newRow("MiB") << "2MiB" << quint64(2 * MiB) << "";
        QTest::newRow("GiB") << "1GiB" << quint64(GiB) << "";
        QTest::newRow("KB means KiB") << "32KB" << quint64(32 * KiB) << "";
        QTest::newRow("MB means MiB") << "8MB" << quint64(8 * MiB) << "";
        QTest::newRow("GB means GiB") << "4GB" << quint64(4 * GiB) << "";
        QTest::newRow("sysfs K") << "48K" << quint64(48 * KiB) << "";
        QTest::newRow("letter case") << "32kib" << quint64(32 * KiB) << "";
        QTest::newRow("B") << "100B" << quint64(100) << "";
        QTest::newRow("surrounding spaces") << "  16KiB " << quint64(16 * KiB) << "";
        QTest::newRow("zero") << "0" << quint64(0) << "";
        QTest::newRow("largest") << "18446744073709551615" << quint64(UINT64_MAX) << "";
        QTest::newRow("empty") << "" << quint64(0)
                               << "a size is needed: bytes like 32768, or with a unit like 32KiB";
        QTest::newRow("negative") << "-32KiB" << quint64(0)
                                  << "'-32KiB' is negative (a size counts bytes)";
        QTest::newRow("fraction") << "1.5MiB" << quint64(0)
                                  << "'1.5MiB' is not a whole number (use a smaller unit, like "
                                     "1536KiB for 1.5MiB)";
        QTest::newRow("unit only")
            << "KiB" << quint64(0) << "'KiB' is not a number of bytes, like 32768 or 32KiB";
        QTest::newRow("unknown unit") << "32XB" << quint64(0)
                                      << "'32XB' has an unknown unit 'XB' (use bytes, KiB, MiB or "
                                         "GiB; KB, MB and GB mean the same powers of two)";
        QTest::newRow("terabytes") << "1TiB" << quint64(0)
                                   << "'1TiB' has an unknown unit 'TiB' (use bytes, KiB, MiB or "
                                      "GiB; KB, MB and GB mean the same powers of two)";
        QTest::newRow("past 2^64")
            << "18446744073709551616" << quint64(0) << "'18446744073709551616' is too large";
        QTest::newRow("overflow with unit")
            << "17179869184GiB" << quint64(0) << "'17179869184GiB' is too large";
        QTest::newRow("hexadecimal") << "0x40" << quint64(0)
                                     << "'0x40' has an unknown unit 'x40' (use bytes, KiB, MiB or "
                                        "GiB; KB, MB and GB mean the same powers of two)";
    }
    void byteSizes() {
        QFETCH(QString, text);
        QFETCH(quint64, bytes);
        QFETCH(QString, error);
        const auto result = parseByteSize(text.toStdString());
        if (error.isEmpty()) {
            QVERIFY2(result.ok(), result.ok() ? "" : result.error().c_str());
            QCOMPARE(*result, bytes);
        } else {
            QVERIFY(!result.ok());
            QCOMPARE(QString::fromStdString(result.error()), error);
        }
    }

    void readsYaml() {
        const std::string text =
            "# a laptop's caches\n"
            "levels:\n"
            "  - {name: L1d, size: 32KiB, associativity: 8, line: 64, replacement: fifo, "
            "write: through, latency: 4}\n"
            "  - name: L2\n"
            "    size: 1 MiB\n"
            "    associativity: full\n"
            "    line: 128\n"
            "    replacement: random\n"
            "    seed: 42\n"
            "    latency: 12\n"
            "  - {size: 8MiB, associativity: 16, line: 128, latency: 40}\n"
            "memory_latency: 200\n";
        const auto result = parseCacheConfigYaml(text, "laptop.yaml");
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().c_str());
        CacheLevelConfig first =
            level("L1d", 32 * KiB, 8, 64, 4, Replacement::Fifo, WritePolicy::Through);
        CacheLevelConfig second = level("L2", 1 * MiB, 0, 128, 12, Replacement::Random);
        second.randomSeed = 42;
        const CacheLevelConfig third = level("L3", 8 * MiB, 16, 128, 40);
        QCOMPARE(*result, unchecked({first, second, third}, 200));
    }

    void yamlErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty file")
            << ""
            << "cfg.yaml:1:1: a cache configuration is a map with 'levels:' (a list like [{name: "
               "L1, size: 32KiB, associativity: 8, line: 64, latency: 4}]) and 'memory_latency:'";
        QTest::newRow("syntax error")
            << "levels: [\nmemory_latency: 100\n"
            << "cfg.yaml:3:1: invalid YAML: end of sequence flow not found";
        QTest::newRow("missing levels")
            << "memory_latency: 100\n"
            << "cfg.yaml:1:1: missing 'levels:', a list of cache levels, L1 first, like [{name: "
               "L1, size: 32KiB, associativity: 8, line: 64, latency: 4}]";
        QTest::newRow("missing memory latency")
            << QString::fromStdString(yamlOf({kL1}, ""))
            << "cfg.yaml:1:1: missing 'memory_latency:', main memory's load-to-use latency in "
               "cycles";
        QTest::newRow("levels not a list")
            << "levels: 3\nmemory_latency: 100\n"
            << "cfg.yaml:1:9: 'levels' must be a list of one to three levels, L1 first, like "
               "[{name: L1, size: 32KiB, associativity: 8, line: 64, latency: 4}]";
        QTest::newRow("level not a map")
            << "levels:\n  - L1\nmemory_latency: 100\n"
            << "cfg.yaml:2:5: level 1 must be a map like {name: L1, size: 32KiB, associativity: "
               "8, line: 64, latency: 4}";
        QTest::newRow("unknown top-level field")
            << QString::fromStdString(yamlOf({kL1}, "memory-latency: 100\n"))
            << "cfg.yaml:3:1: unknown field 'memory-latency'; did you mean 'memory_latency'?";
        QTest::newRow("unknown level field, close")
            << QString::fromStdString(
                   yamlOf({"size: 32KiB, associativity: 8, line: 64, latnecy: 4"}))
            << "cfg.yaml:2:47: L1: unknown field 'latnecy'; did you mean 'latency'?";
        QTest::newRow("abbreviated field")
            << QString::fromStdString(yamlOf({"size: 32KiB, assoc: 8, line: 64, latency: 4"}))
            << "cfg.yaml:2:19: L1: unknown field 'assoc'; did you mean 'associativity'?";
        QTest::newRow("unknown level field, far")
            << QString::fromStdString(
                   yamlOf({"size: 32KiB, associativity: 8, line: 64, latency: 4, banks: 2"}))
            << "cfg.yaml:2:59: L1: unknown field 'banks' (fields: name, size, associativity, "
               "line, replacement, seed, write, latency)";
        QTest::newRow("missing field")
            << QString::fromStdString(
                   yamlOf({kL1, "name: L2, size: 256KiB, line: 64, latency: 10"}))
            << "cfg.yaml:3:5: L2: missing 'associativity' (ways, or full)";
        QTest::newRow("missing latency, block style")
            << "levels:\n  - size: 32KiB\n    associativity: 8\n    line: 64\nmemory_latency: 100\n"
            << "cfg.yaml:2:5: L1: missing 'latency' (load-to-use cycles, like 4)";
        QTest::newRow("field twice") << QString::fromStdString(yamlOf({kL1 + ", size: 64KiB"}))
                                     << "cfg.yaml:2:69: L1: 'size' is given twice";
        QTest::newRow("fractional size")
            << QString::fromStdString(
                   yamlOf({"size: 1.5MiB, associativity: 8, line: 64, latency: 4"}))
            << "cfg.yaml:2:12: L1: size '1.5MiB' is not a whole number (use a smaller unit, like "
               "1536KiB for 1.5MiB)";
        QTest::newRow("size without value")
            << QString::fromStdString(yamlOf({"size: , associativity: 8, line: 64, latency: 4"}))
            << "cfg.yaml:2:6: L1: 'size' needs a size in bytes, like 64 or 32KiB";
        QTest::newRow("associativity word")
            << QString::fromStdString(
                   yamlOf({"size: 32KiB, associativity: eight, line: 64, latency: 4"}))
            << "cfg.yaml:2:34: L1: associativity must be a number of ways (1 = direct mapped) or "
               "'full', not 'eight'";
        QTest::newRow("associativity zero")
            << QString::fromStdString(
                   yamlOf({"size: 32KiB, associativity: 0, line: 64, latency: 4"}))
            << "cfg.yaml:2:34: L1: associativity must be a number of ways (1 = direct mapped) or "
               "'full', not '0'";
        QTest::newRow("replacement")
            << QString::fromStdString(yamlOf({kL1 + ", replacement: plru"}))
            << "cfg.yaml:2:82: L1: replacement must be lru, fifo or random, not 'plru'";
        QTest::newRow("write policy")
            << QString::fromStdString(yamlOf({kL1, kL2 + ", write: around"}))
            << "cfg.yaml:3:78: L2: write must be back (write-back, write-allocate) or through "
               "(write-through, no write-allocate), not 'around'";
        QTest::newRow("seed without random")
            << QString::fromStdString(yamlOf({kL1 + ", seed: 3"}))
            << "cfg.yaml:2:75: L1: 'seed' applies only to replacement: random";
        QTest::newRow("negative latency")
            << QString::fromStdString(
                   yamlOf({"size: 32KiB, associativity: 8, line: 64, latency: -4"}))
            << "cfg.yaml:2:56: L1: latency must be a whole number of cycles, not '-4'";
        QTest::newRow("memory latency not a number")
            << QString::fromStdString(yamlOf({kL1}, "memory_latency: slow\n"))
            << "cfg.yaml:3:17: memory_latency must be a whole number of cycles, not 'slow'";
        QTest::newRow("two levels, one name")
            << QString::fromStdString(
                   yamlOf({kL1, "name: L1, size: 256KiB, associativity: 8, line: 64, latency: 10"}))
            << "cfg.yaml:3:12: two levels are named 'L1'";
        // Problems validateCacheConfig finds, at the value concerned.
        QTest::newRow("size not a multiple")
            << QString::fromStdString(
                   yamlOf({kL1, "name: L2, size: 1000, associativity: 4, line: 64, latency: 10"}))
            << "cfg.yaml:3:22: L2: size 1000 bytes is not a multiple of line (64) x associativity "
               "(4)";
        QTest::newRow("shrinking line")
            << QString::fromStdString(
                   yamlOf({kL1, "name: L2, size: 256KiB, associativity: 8, line: 32, latency: 10"}))
            << "cfg.yaml:3:54: L2: line size 32 bytes is smaller than L1's 64 (line sizes may not "
               "shrink further from the core)";
        QTest::newRow("line not a power of two")
            << QString::fromStdString(
                   yamlOf({"size: 3KiB, associativity: 1, line: 48, latency: 4"}))
            << "cfg.yaml:2:42: L1: line size 48 bytes is not a power of two";
        QTest::newRow("latencies not increasing")
            << QString::fromStdString(
                   yamlOf({kL1, "name: L2, size: 256KiB, associativity: 8, line: 64, latency: 3"}))
            << "cfg.yaml:3:67: L2: latency 3 cycles must be more than L1's 4 (latencies are "
               "load-to-use totals from the core)";
        QTest::newRow("memory latency too small")
            << QString::fromStdString(yamlOf({kL1}, "memory_latency: 3\n"))
            << "cfg.yaml:3:17: memory latency 3 cycles must be more than L1's 4";
        QTest::newRow("four levels")
            << QString::fromStdString(
                   yamlOf({kL1, kL2, "size: 1MiB, associativity: 8, line: 64, latency: 40",
                           "size: 8MiB, associativity: 8, line: 64, latency: 80"},
                          "memory_latency: 100\n"))
            << "cfg.yaml:5:5: at most 3 cache levels, not 4";
        QTest::newRow("too many lines")
            << QString::fromStdString(
                   yamlOf({"size: 1GiB, associativity: 8, line: 64, latency: 4"}))
            << "cfg.yaml:2:12: L1: 16777216 lines is more than the simulator holds (at most "
               "4194304 lines per level)";
    }
    void yamlErrors() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto result = parseCacheConfigYaml(text.toStdString(), "cfg.yaml");
        QVERIFY(!result.ok());
        QCOMPARE(QString::fromStdString(result.error()), message);
    }

    void roundTrip_data() {
        QTest::addColumn<CacheConfig>("config");
        for (const std::string& name : cachePresetNames()) {
            QTest::newRow(name.c_str()) << *cachePreset(name);
        }
        CacheLevelConfig random =
            level("L2", 3 * 64 * 1024, 0, 128, 9, Replacement::Random, WritePolicy::Through);
        random.randomSeed = 123456789;
        QTest::newRow("every option")
            << hierarchy({level("odd name: {x}", 96, 2, 16, 2, Replacement::Fifo), random,
                          level("null", 1000 * 128, 1000, 128, 30)},
                         31);
    }
    void roundTrip() {
        QFETCH(CacheConfig, config);
        const std::string yaml = cacheConfigToYaml(config);
        const auto parsed = parseCacheConfigYaml(yaml, "exported.yaml");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().c_str());
        QCOMPARE(*parsed, config);
    }

    void writesReadableYaml() {
        QCOMPARE(cacheConfigToYaml(*cachePreset("modern-server")),
                 std::string("levels:\n"
                             "  - {name: L1, size: 48KiB, associativity: 12, line: 64, "
                             "replacement: lru, write: back, latency: 5}\n"
                             "  - {name: L2, size: 2MiB, associativity: 16, line: 64, "
                             "replacement: lru, write: back, latency: 16}\n"
                             "  - {name: L3, size: 32MiB, associativity: 16, line: 64, "
                             "replacement: lru, write: back, latency: 70}\n"
                             "memory_latency: 250\n"));
    }
};

QTEST_APPLESS_MAIN(TestCacheConfig)
#include "tst_cache_config.moc"
