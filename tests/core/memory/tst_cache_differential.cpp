#include <QtTest>
#include <algorithm>
#include <cstdint>
#include <list>
#include <random>
#include <set>
#include <vector>

#include "CacheTestSupport.h"
#include "memory/CacheHierarchy.h"

// CacheHierarchy against a deliberately simple model of the same rules, written here from the
// issue's words with no speed tricks (a std::list per set, linear searches), on seeded random
// traces through many configurations: 1 to 3 levels, LRU and FIFO, write-back and
// write-through mixes, direct mapped to fully associative, lines of 16 to 128 bytes, set counts
// that are not powers of two. Every counter and, at the end, every set must agree.
using namespace cachetest;

namespace {

// The model, as plainly as it can be written.
class ReferenceCache {
public:
    explicit ReferenceCache(const CacheConfig& config) : config_(config) {
        stats_.levels.resize(config.levels.size());
        for (const CacheLevelConfig& level : config.levels) {
            levels_.push_back(Level{level, std::vector<std::list<Line>>(level.setCount()), {}, {}});
        }
    }

    void access(const MemoryAccess& access) {
        const std::uint64_t l1Line = config_.levels[0].lineBytes;
        const std::uint64_t first = access.address / l1Line;
        const std::uint64_t last = (access.address + access.sizeBytes - 1) / l1Line;
        for (std::uint64_t line = first; line <= last; ++line) {
            const std::size_t served = request(0, line * l1Line, access.kind == AccessKind::Store);
            stats_.lineReferences += 1;
            stats_.totalCycles += served < levels_.size() ? config_.levels[served].latencyCycles
                                                          : config_.memoryLatencyCycles;
        }
    }

    const CacheStats& stats() const { return stats_; }

    std::vector<CacheLineState> setContents(std::size_t levelIndex, std::uint64_t set) const {
        const Level& level = levels_[levelIndex];
        std::vector<CacheLineState> ways(level.config.ways());
        std::uint32_t recency = 0;
        for (const Line& line : level.sets[set]) {  // newest first
            CacheLineState& state = ways[line.way];
            state.valid = true;
            state.dirty = line.dirty;
            state.tag = line.number / level.config.setCount();
            state.lineAddress = line.number * level.config.lineBytes;
            state.recency = recency++;
        }
        return ways;
    }

private:
    struct Line {
        std::uint64_t number;
        std::uint32_t way;
        bool dirty;
    };
    struct Level {
        CacheLevelConfig config;
        std::vector<std::list<Line>> sets;  // newest (or most recently used) first
        std::set<std::uint64_t> everHeld;   // for compulsory misses
        std::list<std::uint64_t> shadow;    // fully associative LRU, most recent first
    };

    // Returns the level that served the request (levels_.size() = memory).
    std::size_t request(std::size_t levelIndex, std::uint64_t address, bool isWrite) {
        if (levelIndex == levels_.size()) {
            if (isWrite) {
                stats_.memoryWrites += 1;
            } else {
                stats_.memoryReads += 1;
            }
            return levelIndex;
        }
        Level& level = levels_[levelIndex];
        LevelStats& counts = stats_.levels[levelIndex];
        const CacheLevelConfig& config = level.config;
        const std::uint64_t number = address / config.lineBytes;
        const std::uint64_t lineAddress = number * config.lineBytes;
        std::list<Line>& set = level.sets[number % config.setCount()];
        const bool writeThrough = config.write == WritePolicy::Through;
        const bool allocates = !(isWrite && writeThrough);

        // The shadow cache sees every request.
        const auto inShadow = std::find(level.shadow.begin(), level.shadow.end(), number);
        const bool shadowHit = inShadow != level.shadow.end();
        if (shadowHit) {
            level.shadow.erase(inShadow);
            level.shadow.push_front(number);
        } else if (allocates) {
            if (level.shadow.size() == config.lineCount()) level.shadow.pop_back();
            level.shadow.push_front(number);
        }

        auto found = std::find_if(set.begin(), set.end(),
                                  [&](const Line& line) { return line.number == number; });
        if (found != set.end()) {
            counts.hits += 1;
            if (config.replacement == Replacement::Lru) set.splice(set.begin(), set, found);
            if (isWrite && writeThrough) request(levelIndex + 1, lineAddress, true);
            if (isWrite && !writeThrough) found->dirty = true;
            return levelIndex;
        }

        counts.misses += 1;
        if (!level.everHeld.contains(number)) {
            counts.compulsoryMisses += 1;
        } else if (shadowHit) {
            counts.conflictMisses += 1;
        } else {
            counts.capacityMisses += 1;
        }
        if (!allocates) return request(levelIndex + 1, lineAddress, true);

        level.everHeld.insert(number);
        const std::size_t served = request(levelIndex + 1, lineAddress, false);
        std::uint32_t way = static_cast<std::uint32_t>(set.size());
        if (set.size() == config.ways()) {
            const Line victim = set.back();  // least recently used, or oldest installed
            set.pop_back();
            way = victim.way;
            counts.evictions += 1;
            if (victim.dirty) {
                counts.writebacks += 1;
                request(levelIndex + 1, victim.number * config.lineBytes, true);
            }
        }
        set.push_front(Line{number, way, isWrite});
        return served;
    }

    CacheConfig config_;
    std::vector<Level> levels_;
    CacheStats stats_;
};

// A random valid configuration: small enough that the model stays quick.
CacheConfig randomConfig(std::mt19937_64& random) {
    const std::vector<std::uint32_t> lineSizes = {16, 32, 64, 128};
    const std::vector<std::uint64_t> setCounts = {1, 2, 3, 4, 5, 7, 8, 16};
    const std::vector<std::uint32_t> associativities = {1, 2, 3, 4, 8, 0};
    const auto pick = [&](const auto& values) { return values[random() % values.size()]; };
    const std::size_t levelCount = 1 + random() % 3;
    std::vector<CacheLevelConfig> levels;
    std::uint32_t lineBytes = pick(lineSizes);
    std::uint32_t latency = 1;
    for (std::size_t index = 0; index < levelCount; ++index) {
        if (index > 0) {
            // Lines may grow, never shrink, downward.
            std::uint32_t larger = lineBytes;
            while (larger < 128 && random() % 3 == 0) larger *= 2;
            lineBytes = larger;
        }
        const std::uint32_t associativity = pick(associativities);
        const std::uint64_t lines = associativity == 0
                                        ? (1 + random() % 24) * (index + 1)
                                        : pick(setCounts) * associativity * (index + 1);
        latency += 1 + static_cast<std::uint32_t>(random() % 10);
        levels.push_back(level("", lines * lineBytes, associativity, lineBytes, latency,
                               random() % 2 ? Replacement::Lru : Replacement::Fifo,
                               random() % 3 == 0 ? WritePolicy::Through : WritePolicy::Back));
    }
    return hierarchy(std::move(levels), latency + 1 + static_cast<std::uint32_t>(random() % 100));
}

// Loads and stores with some locality (a few hot regions) so that hits, conflicts and dirty
// evictions all happen; sizes up to two L1 lines so some accesses span lines.
std::vector<MemoryAccess> randomTrace(std::mt19937_64& random, std::uint32_t l1LineBytes,
                                      std::size_t count) {
    const std::uint64_t regionBytes = 64 + random() % 8192;
    std::vector<MemoryAccess> trace;
    std::uint64_t cursor = random() % regionBytes;
    for (std::size_t index = 0; index < count; ++index) {
        if (random() % 4 == 0) {
            cursor = random() % regionBytes;
        } else {
            cursor = (cursor + random() % (2 * l1LineBytes)) % regionBytes;
        }
        const AccessKind kind = random() % 3 == 0 ? AccessKind::Store : AccessKind::Load;
        const std::uint32_t size = 1 + static_cast<std::uint32_t>(random() % (2 * l1LineBytes));
        trace.push_back({kind, cursor, size});
    }
    return trace;
}

}  // namespace

class TestCacheDifferential : public QObject {
    Q_OBJECT

private slots:
    void agreesWithReferenceModel_data() {
        QTest::addColumn<quint64>("seed");
        for (quint64 seed = 1; seed <= 12; ++seed) {
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
        }
    }
    void agreesWithReferenceModel() {
        QFETCH(quint64, seed);
        std::mt19937_64 random(seed);
        for (int configIndex = 0; configIndex < 40; ++configIndex) {
            const CacheConfig config = randomConfig(random);
            const std::vector<MemoryAccess> trace =
                randomTrace(random, config.levels[0].lineBytes, 1000);
            CacheHierarchy cache(config);
            ReferenceCache reference(config);
            for (std::size_t index = 0; index < trace.size(); ++index) {
                cache.access(trace[index]);
                reference.access(trace[index]);
                if (index % 50 == 0 && !(cache.stats() == reference.stats())) {
                    QFAIL(qPrintable(QStringLiteral("config %1: counts differ after access %2")
                                         .arg(configIndex)
                                         .arg(index)));
                }
            }
            QVERIFY(cache.stats() == reference.stats());
            for (std::size_t level = 0; level < config.levels.size(); ++level) {
                for (std::uint64_t set = 0; set < config.levels[level].setCount(); ++set) {
                    QCOMPARE(describe(cache.setContents(level, set)),
                             describe(reference.setContents(level, set)));
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestCacheDifferential)
#include "tst_cache_differential.moc"
