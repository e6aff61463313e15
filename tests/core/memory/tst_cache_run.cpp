#include <QtTest>
#include <cstdint>
#include <random>
#include <vector>

#include "CacheTestSupport.h"
#include "memory/CacheRun.h"

// A CacheRun steps through a trace as snapshots: the state after k accesses, rebuilt from the
// nearest checkpoint, must be exactly the state of a fresh hierarchy fed the first k accesses,
// for every k, across several checkpoints; so must each access's outcome and the hit-rate
// history.
using namespace cachetest;

namespace {

std::vector<MemoryAccess> randomTrace(std::uint64_t seed, std::size_t count,
                                      std::uint64_t regionBytes) {
    std::mt19937_64 random(seed);
    std::vector<MemoryAccess> trace;
    for (std::size_t index = 0; index < count; ++index) {
        trace.push_back({random() % 3 == 0 ? AccessKind::Store : AccessKind::Load,
                         random() % regionBytes, static_cast<std::uint32_t>(1 + random() % 96)});
    }
    return trace;
}

bool sameSets(const CacheHierarchy& left, const CacheHierarchy& right) {
    for (std::size_t level = 0; level < left.config().levels.size(); ++level) {
        for (std::uint64_t set = 0; set < left.config().levels[level].setCount(); ++set) {
            if (left.setContents(level, set) != right.setContents(level, set)) return false;
        }
    }
    return true;
}

}  // namespace

class TestCacheRun : public QObject {
    Q_OBJECT

private slots:
    // 900 accesses through the lecture preset cross the checkpoints at 256, 512 and 768.
    void everyStateMatchesAFreshReplay() {
        const CacheConfig config = *cachePreset("lecture");
        const std::vector<MemoryAccess> trace = randomTrace(5, 900, 24 * 1024);
        const CacheRun run(config, trace);
        QCOMPARE(run.size(), trace.size());
        QCOMPARE(run.accesses(), trace);
        QCOMPARE(run.config(), config);
        QCOMPARE(run.l1HitRateHistory().size(), trace.size());

        CacheHierarchy fresh(config, MissClassification::On);
        for (std::size_t count = 0; count <= trace.size(); ++count) {
            const CacheHierarchy state = run.stateAfter(count);
            QCOMPARE(state.stats(), fresh.stats());
            if (count % 31 == 0 || count % CacheRun::kCheckpointInterval <= 1 ||
                count % CacheRun::kCheckpointInterval == CacheRun::kCheckpointInterval - 1) {
                QVERIFY2(sameSets(state, fresh), qPrintable(QString::number(count)));
            }
            if (count == trace.size()) break;
            const QStringList expected = describe(fresh.accessDetailed(trace[count]));
            const std::vector<ReferenceOutcome> outcome = run.outcomeOf(count);
            QCOMPARE(describe(outcome), expected);
            for (const ReferenceOutcome& reference : outcome) {
                QCOMPARE(reference.access, trace[count]);
            }
            QCOMPARE(run.l1HitRateHistory()[count], fresh.stats().levels[0].hitRate());
        }
        QCOMPARE(run.finalStats(), fresh.stats());
        QCOMPARE(run.stateAfter(trace.size() + 10).stats(), fresh.stats());
        QVERIFY(run.outcomeOf(trace.size()).empty());
    }

    // The history is the cumulative L1 hit rate: on the tiny preset, load 0x0, 0x4, 0x80, 0x8
    // go miss, hit, miss, miss (0x80 threw 0x0 out of set 0).
    void hitRateHistory() {
        const CacheRun run(*cachePreset("tiny"), {load(0x0), load(0x4), load(0x80), load(0x8)});
        QCOMPARE(run.l1HitRateHistory(), (std::vector<double>{0.0, 0.5, 1.0 / 3.0, 0.25}));
        QCOMPARE(run.finalStats().levels[0].hits, std::uint64_t{1});
        QCOMPARE(run.finalStats().levels[0].conflictMisses, std::uint64_t{1});
    }

    void emptyTrace() {
        const CacheRun run(*cachePreset("tiny"), {});
        QCOMPARE(run.size(), std::size_t{0});
        QVERIFY(run.l1HitRateHistory().empty());
        QCOMPARE(run.finalStats(), CacheHierarchy(*cachePreset("tiny")).stats());
        QCOMPARE(run.stateAfter(0).stats(), run.finalStats());
        QVERIFY(run.outcomeOf(0).empty());
    }

    // The modern-server hierarchy is megabytes per copy: a long run thins its checkpoints to
    // stay within budget, and the states it rebuilds are still exact.
    void bigHierarchyStaysExact() {
        const CacheConfig config = *cachePreset("modern-server");
        const std::vector<MemoryAccess> trace =
            randomTrace(9, 40 * CacheRun::kCheckpointInterval, 64 * 1024 * 1024);
        const CacheRun run(config, trace);
        CacheHierarchy fresh(config, MissClassification::On);
        std::size_t done = 0;
        for (const std::size_t count :
             {std::size_t{0}, std::size_t{1}, std::size_t{255}, std::size_t{256}, std::size_t{1000},
              std::size_t{4097}, std::size_t{8192}, std::size_t{9999}, trace.size()}) {
            for (; done < count; ++done) fresh.access(trace[done]);
            QCOMPARE(run.stateAfter(count).stats(), fresh.stats());
        }
        QCOMPARE(run.finalStats(), fresh.stats());
    }
};

QTEST_APPLESS_MAIN(TestCacheRun)
#include "tst_cache_run.moc"
