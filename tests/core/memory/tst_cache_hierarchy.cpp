#include <QtTest>
#include <cstdint>
#include <random>
#include <vector>

#include "CacheTestSupport.h"
#include "memory/CacheHierarchy.h"

// The cache simulator on hand-worked traces: every request at every level (hit or miss, set,
// way, victim, dirty bit, writebacks, forwarded writes), what served each reference and what it
// cost, checked access by access as one would work them out on paper.
using namespace cachetest;

namespace {

struct Step {
    MemoryAccess access;
    QStringList expected;  // describe() of the access's outcomes
};

// Runs the steps in order on `cache`, comparing each access's events with the expected lines.
void expectSteps(CacheHierarchy& cache, const std::vector<Step>& steps) {
    for (std::size_t index = 0; index < steps.size(); ++index) {
        const QStringList actual = describe(cache.accessDetailed(steps[index].access));
        if (actual != steps[index].expected) {
            qWarning("access %zu differs", index);
            QCOMPARE(actual, steps[index].expected);
        }
    }
}

LevelStats levelStats(std::uint64_t hits, std::uint64_t misses, std::uint64_t evictions,
                      std::uint64_t writebacks, std::uint64_t compulsory, std::uint64_t capacity,
                      std::uint64_t conflict) {
    LevelStats stats;
    stats.hits = hits;
    stats.misses = misses;
    stats.evictions = evictions;
    stats.writebacks = writebacks;
    stats.compulsoryMisses = compulsory;
    stats.capacityMisses = capacity;
    stats.conflictMisses = conflict;
    return stats;
}

const QString kFromMemory10 = QStringLiteral("served by memory, 10 cycles");
const QString kFromMemory20 = QStringLiteral("served by memory, 20 cycles");
const QString kFromL1 = QStringLiteral("served by L1, 1 cycles");
const QString kFromL2 = QStringLiteral("served by L2, 5 cycles");

// L1 of 2 sets (direct mapped, 16-byte lines), L2 of 4 sets, memory 20 cycles.
CacheConfig smallTwoLevels(WritePolicy l1Write, WritePolicy l2Write = WritePolicy::Back) {
    return hierarchy({level("L1", 32, 1, 16, 1, Replacement::Lru, l1Write),
                      level("L2", 64, 1, 16, 5, Replacement::Lru, l2Write)},
                     20);
}

}  // namespace

class TestCacheHierarchy : public QObject {
    Q_OBJECT

private slots:
    // The "tiny" preset: 8 sets, direct mapped, 16-byte lines. Lines 0x0 and 0x80 share set 0
    // and throw each other out although seven sets stand empty.
    void directMappedPingPong() {
        CacheHierarchy cache(*cachePreset("tiny"));
        expectSteps(
            cache,
            {{load(0x00), {"L1 load 0x0 set 0: compulsory miss, filled way 0", kFromMemory10}},
             {load(0x80),
              {"L1 load 0x80 set 0: compulsory miss, filled way 0, evicted 0x0", kFromMemory10}},
             {load(0x04),
              {"L1 load 0x0 set 0: conflict miss, filled way 0, evicted 0x80", kFromMemory10}},
             {load(0x88),
              {"L1 load 0x80 set 0: conflict miss, filled way 0, evicted 0x0", kFromMemory10}},
             {load(0x10), {"L1 load 0x10 set 1: compulsory miss, filled way 0", kFromMemory10}},
             {load(0x84), {"L1 load 0x80 set 0: hit way 0", kFromL1}}});
        const CacheStats& stats = cache.stats();
        QCOMPARE(stats.levels.size(), std::size_t{1});
        QCOMPARE(stats.levels[0], levelStats(1, 5, 3, 0, 3, 0, 2));
        QCOMPARE(stats.memoryReads, std::uint64_t{5});
        QCOMPARE(stats.memoryWrites, std::uint64_t{0});
        QCOMPARE(stats.lineReferences, std::uint64_t{6});
        QCOMPARE(stats.totalCycles, std::uint64_t{51});
        QCOMPARE(describe(cache.setContents(0, 0)), QStringList{"way 0: 0x80 (tag 1), recency 0"});
        QCOMPARE(describe(cache.setContents(0, 1)), QStringList{"way 0: 0x10 (tag 0), recency 0"});
        QCOMPARE(describe(cache.setContents(0, 2)), QStringList{"way 0: empty"});
    }

    // One 2-way set under the same trace A B A C A B: LRU keeps A (recently used) and evicts B;
    // FIFO evicts A (oldest installed) although it was just used.
    void lruAndFifoChooseDifferentVictims_data() {
        QTest::addColumn<int>("replacement");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QStringList>("finalSet");
        QTest::newRow("lru")
            << int(Replacement::Lru)
            << QStringList{"L1 load 0x0 set 0: compulsory miss, filled way 0",
                           "L1 load 0x20 set 0: compulsory miss, filled way 1",
                           "L1 load 0x0 set 0: hit way 0",
                           "L1 load 0x40 set 0: compulsory miss, filled way 1, evicted 0x20",
                           "L1 load 0x0 set 0: hit way 0",
                           "L1 load 0x20 set 0: conflict miss, filled way 1, evicted 0x40"}
            << QStringList{"way 0: 0x0 (tag 0), recency 1", "way 1: 0x20 (tag 1), recency 0"};
        QTest::newRow("fifo")
            << int(Replacement::Fifo)
            << QStringList{"L1 load 0x0 set 0: compulsory miss, filled way 0",
                           "L1 load 0x20 set 0: compulsory miss, filled way 1",
                           "L1 load 0x0 set 0: hit way 0",
                           "L1 load 0x40 set 0: compulsory miss, filled way 0, evicted 0x0",
                           "L1 load 0x0 set 0: conflict miss, filled way 1, evicted 0x20",
                           "L1 load 0x20 set 0: conflict miss, filled way 0, evicted 0x40"}
            << QStringList{"way 0: 0x20 (tag 1), recency 0", "way 1: 0x0 (tag 0), recency 1"};
    }
    void lruAndFifoChooseDifferentVictims() {
        QFETCH(int, replacement);
        QFETCH(QStringList, expected);
        QFETCH(QStringList, finalSet);
        CacheHierarchy cache(
            hierarchy({level("L1", 64, 2, 16, 1, static_cast<Replacement>(replacement))}, 10));
        QStringList actual;
        for (const std::uint64_t address : {0x00, 0x20, 0x00, 0x40, 0x00, 0x20}) {
            const auto outcomes = cache.accessDetailed(load(address));
            QCOMPARE(outcomes.size(), std::size_t{1});
            QCOMPARE(outcomes[0].events.size(), std::size_t{1});
            actual << describe(outcomes[0].events[0]);
        }
        QCOMPARE(actual, expected);
        QCOMPARE(describe(cache.setContents(0, 0)), finalSet);
    }

    // Random replacement draws victims from the level's seeded generator: the same seed gives
    // the same run, another seed another one; recency shows insertion order, as under FIFO.
    void randomReplacementIsDeterministic() {
        const auto run = [](std::uint64_t seed) {
            CacheLevelConfig only = level("L1", 64, 4, 16, 1, Replacement::Random);
            only.randomSeed = seed;
            CacheHierarchy cache(hierarchy({only}, 10));
            QStringList events;
            std::mt19937 lines(7);
            for (int index = 0; index < 200; ++index) {
                events << describe(cache.accessDetailed(load((lines() % 12) * 16)));
            }
            return events;
        };
        const QStringList first = run(1);
        QCOMPARE(run(1), first);
        QVERIFY(run(2) != first);
        QVERIFY(first.filter("evicted").size() > 50);

        CacheLevelConfig only = level("L1", 64, 4, 16, 1, Replacement::Random);
        CacheHierarchy cache(hierarchy({only}, 10));
        for (const std::uint64_t address : {0x00, 0x10, 0x20, 0x00}) cache.access(load(address));
        QCOMPARE(describe(cache.setContents(0, 0)),
                 (QStringList{"way 0: 0x0 (tag 0), recency 2", "way 1: 0x10 (tag 1), recency 1",
                              "way 2: 0x20 (tag 2), recency 0", "way 3: empty"}));
    }

    // A dirty L1 victim goes to L2 as a write request: first a hit there (L2 marks its copy
    // dirty), later a miss (L2 reads the line from memory, evicts, installs it dirty); L2's own
    // dirty victim then reaches memory as a write.
    void writebackChain() {
        CacheHierarchy cache(smallTwoLevels(WritePolicy::Back));
        expectSteps(cache,
                    {{store(0x00),
                      {"L1 store 0x0 set 0: compulsory miss, filled way 0",
                       "L2 load 0x0 set 0: compulsory miss, filled way 0", kFromMemory20}},
                     {load(0x20),
                      {"L1 load 0x20 set 0: compulsory miss, filled way 0, evicted 0x0 dirty",
                       "L2 load 0x20 set 2: compulsory miss, filled way 0",
                       "L2 writeback 0x0 set 0: hit way 0", kFromMemory20}},
                     {load(0x40),
                      {"L1 load 0x40 set 0: compulsory miss, filled way 0, evicted 0x20",
                       "L2 load 0x40 set 0: compulsory miss, filled way 0, evicted 0x0 dirty",
                       kFromMemory20}},
                     {store(0x10),
                      {"L1 store 0x10 set 1: compulsory miss, filled way 0",
                       "L2 load 0x10 set 1: compulsory miss, filled way 0", kFromMemory20}},
                     {load(0x50),
                      {"L1 load 0x50 set 1: compulsory miss, filled way 0, evicted 0x10 dirty",
                       "L2 load 0x50 set 1: compulsory miss, filled way 0, evicted 0x10",
                       "L2 writeback 0x10 set 1: conflict miss, filled way 0, evicted 0x50",
                       kFromMemory20}},
                     {load(0x10),
                      {"L1 load 0x10 set 1: conflict miss, filled way 0, evicted 0x50",
                       "L2 load 0x10 set 1: hit way 0", kFromL2}}});
        const CacheStats& stats = cache.stats();
        QCOMPARE(stats.levels[0], levelStats(0, 6, 4, 2, 5, 0, 1));
        QCOMPARE(stats.levels[1], levelStats(2, 6, 3, 1, 5, 0, 1));
        QCOMPARE(stats.memoryReads, std::uint64_t{6});
        QCOMPARE(stats.memoryWrites, std::uint64_t{1});
        QCOMPARE(stats.lineReferences, std::uint64_t{6});
        QCOMPARE(stats.totalCycles, std::uint64_t{105});
        QCOMPARE(describe(cache.setContents(0, 1)), QStringList{"way 0: 0x10 (tag 0), recency 0"});
        QCOMPARE(describe(cache.setContents(1, 1)),
                 QStringList{"way 0: 0x10 (tag 0) dirty, recency 0"});
        QCOMPARE(describe(cache.setContents(1, 0)), QStringList{"way 0: 0x40 (tag 1), recency 0"});
    }

    // Write-through L1 without write-allocate: a store miss fills nothing and is forwarded (it
    // costs what serves the forwarded write); a store hit is forwarded too and costs L1's
    // latency; L1's lines are never dirty.
    void writeThroughNoWriteAllocate() {
        CacheHierarchy cache(smallTwoLevels(WritePolicy::Through));
        expectSteps(cache, {{store(0x00),
                             {"L1 store 0x0 set 0: compulsory miss, forwarded",
                              "L2 store 0x0 set 0: compulsory miss, filled way 0", kFromMemory20}},
                            {load(0x00),
                             {"L1 load 0x0 set 0: compulsory miss, filled way 0",
                              "L2 load 0x0 set 0: hit way 0", kFromL2}},
                            {store(0x04),
                             {"L1 store 0x0 set 0: hit way 0, forwarded",
                              "L2 store 0x0 set 0: hit way 0", kFromL1}},
                            {store(0x20),
                             {"L1 store 0x20 set 0: compulsory miss, forwarded",
                              "L2 store 0x20 set 2: compulsory miss, filled way 0", kFromMemory20}},
                            {load(0x00), {"L1 load 0x0 set 0: hit way 0", kFromL1}}});
        const CacheStats& stats = cache.stats();
        QCOMPARE(stats.levels[0], levelStats(2, 3, 0, 0, 3, 0, 0));
        QCOMPARE(stats.levels[1], levelStats(2, 2, 0, 0, 2, 0, 0));
        QCOMPARE(stats.memoryReads, std::uint64_t{2});
        QCOMPARE(stats.memoryWrites, std::uint64_t{0});
        QCOMPARE(stats.totalCycles, std::uint64_t{20 + 5 + 1 + 20 + 1});
        QCOMPARE(describe(cache.setContents(0, 0)), QStringList{"way 0: 0x0 (tag 0), recency 0"});
        QCOMPARE(describe(cache.setContents(1, 0)),
                 QStringList{"way 0: 0x0 (tag 0) dirty, recency 0"});
        QCOMPARE(describe(cache.setContents(1, 2)),
                 QStringList{"way 0: 0x20 (tag 0) dirty, recency 0"});
    }

    // Two write-through levels: every store reaches memory as a write.
    void writeThroughAllTheWay() {
        CacheHierarchy cache(smallTwoLevels(WritePolicy::Through, WritePolicy::Through));
        expectSteps(cache, {{store(0x00),
                             {"L1 store 0x0 set 0: compulsory miss, forwarded",
                              "L2 store 0x0 set 0: compulsory miss, forwarded", kFromMemory20}},
                            {load(0x00),
                             {"L1 load 0x0 set 0: compulsory miss, filled way 0",
                              "L2 load 0x0 set 0: compulsory miss, filled way 0", kFromMemory20}},
                            {store(0x00),
                             {"L1 store 0x0 set 0: hit way 0, forwarded",
                              "L2 store 0x0 set 0: hit way 0, forwarded", kFromL1}}});
        QCOMPARE(cache.stats().memoryReads, std::uint64_t{1});
        QCOMPARE(cache.stats().memoryWrites, std::uint64_t{2});
    }

    // An access split at L1 line boundaries: one reference per line, in increasing address
    // order, each counted and costed; an access running past the top of the address space
    // stops there.
    void accessSpanningLines() {
        CacheHierarchy cache(*cachePreset("tiny"));
        expectSteps(
            cache,
            {{load(0x0E, 4),
              {"L1 load 0x0 set 0: compulsory miss, filled way 0", kFromMemory10,
               "L1 load 0x10 set 1: compulsory miss, filled way 0", kFromMemory10}},
             {load(0x0F, 2),
              {"L1 load 0x0 set 0: hit way 0", kFromL1, "L1 load 0x10 set 1: hit way 0", kFromL1}},
             {store(0x08, 40),
              {"L1 store 0x0 set 0: hit way 0", kFromL1, "L1 store 0x10 set 1: hit way 0", kFromL1,
               "L1 store 0x20 set 2: compulsory miss, filled way 0", kFromMemory10}},
             {load(0x30, 16), {"L1 load 0x30 set 3: compulsory miss, filled way 0", kFromMemory10}},
             {load(0xFFFFFFFFFFFFFFFFull, 4),
              {"L1 load 0xfffffffffffffff0 set 7: compulsory miss, filled way 0", kFromMemory10}}});
        QCOMPARE(cache.stats().lineReferences, std::uint64_t{9});
        QCOMPARE(cache.stats().totalCycles, std::uint64_t{10 + 10 + 1 + 1 + 1 + 1 + 10 + 10 + 10});
        QCOMPARE(cache.stats().levels[0].hits, std::uint64_t{4});
        QCOMPARE(cache.stats().levels[0].misses, std::uint64_t{5});
    }

    // L2 lines of 64 bytes under L1 lines of 16: a request to L2 is for the L2 line holding the
    // address, so L1's neighbours hit there; a writeback arrives as L2's line too.
    void longerLinesBelow() {
        CacheHierarchy cache(
            hierarchy({level("L1", 32, 1, 16, 1), level("L2", 256, 1, 64, 5)}, 20));
        expectSteps(cache,
                    {{load(0x00),
                      {"L1 load 0x0 set 0: compulsory miss, filled way 0",
                       "L2 load 0x0 set 0: compulsory miss, filled way 0", kFromMemory20}},
                     {load(0x10),
                      {"L1 load 0x10 set 1: compulsory miss, filled way 0",
                       "L2 load 0x0 set 0: hit way 0", kFromL2}},
                     {store(0x30),
                      {"L1 store 0x30 set 1: compulsory miss, filled way 0, evicted 0x10",
                       "L2 load 0x0 set 0: hit way 0", kFromL2}},
                     {load(0x50),
                      {"L1 load 0x50 set 1: compulsory miss, filled way 0, evicted 0x30 dirty",
                       "L2 load 0x40 set 1: compulsory miss, filled way 0",
                       "L2 writeback 0x0 set 0: hit way 0", kFromMemory20}}});
        QCOMPARE(cache.stats().memoryReads, std::uint64_t{2});
        QCOMPARE(cache.stats().levels[1], levelStats(3, 2, 0, 0, 2, 0, 0));
        QCOMPARE(describe(cache.setContents(1, 0)),
                 QStringList{"way 0: 0x0 (tag 0) dirty, recency 0"});
    }

    // 96 bytes, 2-way, 16-byte lines: 3 sets. Set = line number mod 3, tag = line number / 3.
    void setCountNotAPowerOfTwo() {
        const CacheConfig config = hierarchy({level("L1", 96, 2, 16, 1)}, 10);
        QCOMPARE(config.levels[0].setCount(), std::uint64_t{3});
        CacheHierarchy cache(config);
        expectSteps(
            cache,
            {{load(0x00), {"L1 load 0x0 set 0: compulsory miss, filled way 0", kFromMemory10}},
             {load(0x30), {"L1 load 0x30 set 0: compulsory miss, filled way 1", kFromMemory10}},
             {load(0x60),
              {"L1 load 0x60 set 0: compulsory miss, filled way 0, evicted 0x0", kFromMemory10}},
             {load(0x10), {"L1 load 0x10 set 1: compulsory miss, filled way 0", kFromMemory10}},
             {load(0x50), {"L1 load 0x50 set 2: compulsory miss, filled way 0", kFromMemory10}},
             {load(0x00),
              {"L1 load 0x0 set 0: conflict miss, filled way 1, evicted 0x30", kFromMemory10}}});
        QCOMPARE(describe(cache.setContents(0, 0)),
                 (QStringList{"way 0: 0x60 (tag 2), recency 1", "way 1: 0x0 (tag 0), recency 0"}));
        QCOMPARE(describe(cache.setContents(0, 2)),
                 (QStringList{"way 0: 0x50 (tag 1), recency 0", "way 1: empty"}));
        QVERIFY(cache.setContents(0, 3).empty());
        QVERIFY(cache.setContents(1, 0).empty());
    }

    // Fully associative, 4 lines: a cyclic sweep over 5 lines misses every time under LRU,
    // and the repeat misses are capacity misses (no set mapping to blame).
    void fullyAssociativeSweep() {
        CacheHierarchy cache(hierarchy({level("L1", 64, 0, 16, 1)}, 10));
        QStringList actual;
        for (int round = 0; round < 2; ++round) {
            for (std::uint64_t line = 0; line < 5; ++line) {
                actual << describe(cache.accessDetailed(load(line * 16)).at(0).events.at(0));
            }
        }
        QCOMPARE(actual,
                 (QStringList{"L1 load 0x0 set 0: compulsory miss, filled way 0",
                              "L1 load 0x10 set 0: compulsory miss, filled way 1",
                              "L1 load 0x20 set 0: compulsory miss, filled way 2",
                              "L1 load 0x30 set 0: compulsory miss, filled way 3",
                              "L1 load 0x40 set 0: compulsory miss, filled way 0, evicted 0x0",
                              "L1 load 0x0 set 0: capacity miss, filled way 1, evicted 0x10",
                              "L1 load 0x10 set 0: capacity miss, filled way 2, evicted 0x20",
                              "L1 load 0x20 set 0: capacity miss, filled way 3, evicted 0x30",
                              "L1 load 0x30 set 0: capacity miss, filled way 0, evicted 0x40",
                              "L1 load 0x40 set 0: capacity miss, filled way 1, evicted 0x0"}));
        QCOMPARE(cache.stats().levels[0], levelStats(0, 10, 6, 0, 5, 5, 0));
    }

    // A large fully associative level (found through its index, not by scanning 1024 ways).
    void largeFullyAssociative_data() {
        QTest::addColumn<int>("replacement");
        QTest::addColumn<int>("lines");
        QTest::addColumn<int>("secondRoundHits");
        QTest::newRow("lru fits") << int(Replacement::Lru) << 1024 << 1024;
        QTest::newRow("lru one too many") << int(Replacement::Lru) << 1025 << 0;
        QTest::newRow("fifo fits") << int(Replacement::Fifo) << 1024 << 1024;
        QTest::newRow("fifo one too many") << int(Replacement::Fifo) << 1025 << 0;
    }
    void largeFullyAssociative() {
        QFETCH(int, replacement);
        QFETCH(int, lines);
        QFETCH(int, secondRoundHits);
        CacheHierarchy cache(hierarchy(
            {level("L1", 64 * 1024, 0, 64, 1, static_cast<Replacement>(replacement))}, 10));
        for (int round = 0; round < 2; ++round) {
            for (int line = 0; line < lines; ++line) cache.access(load(std::uint64_t(line) * 64));
        }
        const LevelStats& stats = cache.stats().levels[0];
        QCOMPARE(stats.hits, std::uint64_t(secondRoundHits));
        QCOMPARE(stats.compulsoryMisses, std::uint64_t(lines));
        QCOMPARE(stats.capacityMisses, std::uint64_t(lines - secondRoundHits));
        QCOMPARE(stats.conflictMisses, std::uint64_t{0});
        const std::vector<CacheLineState> ways = cache.setContents(0, 0);
        QCOMPARE(ways.size(), std::size_t{1024});
        if (lines == 1024) {
            // Under LRU the second round made way w (line w) the (1023 - w)th most recent; under
            // FIFO nothing moved since the first round's installs, in the same order.
            for (std::uint32_t way = 0; way < 1024; ++way) {
                QCOMPARE(ways[way].lineAddress, std::uint64_t(way) * 64);
                QCOMPARE(ways[way].recency, 1023 - way);
            }
        }
    }

    // The 3C split on crafted traces (lines of the "tiny" preset: 8 sets, direct mapped).
    void threeCs_data() {
        QTest::addColumn<QList<int>>("lines");
        QTest::addColumn<int>("compulsory");
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("conflict");
        QTest::newRow("first touches only")
            << QList<int>{0, 1, 2, 3, 4, 5, 6, 7, 9, 17} << 10 << 0 << 0;
        QTest::newRow("two lines, one set") << QList<int>{0, 8, 0, 8, 0, 8} << 2 << 0 << 4;
        // Nine lines through eight: lines 0 and 8 fight for set 0, but a fully associative
        // cache of 8 lines misses them too, so the repeats are capacity misses.
        QTest::newRow("nine lines through eight")
            << QList<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8} << 9 << 2 << 0;
        QTest::newRow("everything fits") << QList<int>{0, 1, 2, 0, 1, 2} << 3 << 0 << 0;
    }
    void threeCs() {
        QFETCH(QList<int>, lines);
        QFETCH(int, compulsory);
        QFETCH(int, capacity);
        QFETCH(int, conflict);
        CacheHierarchy cache(*cachePreset("tiny"));
        for (const int line : lines) cache.access(load(std::uint64_t(line) * 16));
        const LevelStats& stats = cache.stats().levels[0];
        QCOMPARE(stats.compulsoryMisses, std::uint64_t(compulsory));
        QCOMPARE(stats.capacityMisses, std::uint64_t(capacity));
        QCOMPARE(stats.conflictMisses, std::uint64_t(conflict));
        QCOMPARE(stats.misses, std::uint64_t(compulsory + capacity + conflict));
    }

    // Cycles, AMAT and the textbook formula on a worked example: L1 4, L2 10, memory 100.
    //   load 0x00: misses both levels      -> 100 cycles
    //   load 0x00: L1 hit                  ->   4
    //   load 0x20: misses both (L1 set 0)  -> 100
    //   load 0x00: L1 miss, L2 hit         ->  10
    // 214 cycles over 4 references: AMAT 53.5. L1 misses 3 of 4, L2 2 of 3:
    // textbook 4 + 3/4 x (10 + 2/3 x 100) = 61.5.
    void cyclesAndAmat() {
        const CacheConfig config =
            hierarchy({level("L1", 32, 1, 16, 4), level("L2", 128, 1, 16, 10)}, 100);
        CacheHierarchy cache(config);
        QCOMPARE(textbookAmat(config, cache.stats()), 4.0);
        QCOMPARE(cache.stats().averageMemoryAccessTime(), 0.0);
        std::vector<std::uint32_t> cycles;
        for (const std::uint64_t address : {0x00, 0x00, 0x20, 0x00}) {
            cycles.push_back(cache.accessDetailed(load(address)).at(0).cycles);
        }
        QCOMPARE(cycles, (std::vector<std::uint32_t>{100, 4, 100, 10}));
        const CacheStats& stats = cache.stats();
        QCOMPARE(stats.totalCycles, std::uint64_t{214});
        QCOMPARE(stats.lineReferences, std::uint64_t{4});
        QCOMPARE(stats.averageMemoryAccessTime(), 53.5);
        QCOMPARE(stats.levels[0].hitRate(), 0.25);
        QCOMPARE(stats.levels[1].hitRate(), 1.0 / 3.0);
        QCOMPARE(textbookAmat(config, stats), 61.5);
        QCOMPARE(stats.memoryReads, std::uint64_t{2});
        QCOMPARE(LevelStats{}.hitRate(), 0.0);
    }

    // access() (counts only) and accessDetailed() keep the same counts; with classification off
    // no miss has a kind and the 3C counters stay 0.
    void fastAndDetailedPathsAgree() {
        const CacheConfig config = *cachePreset("lecture");
        CacheHierarchy fast(config);
        CacheHierarchy detailed(config);
        CacheHierarchy unclassified(config, MissClassification::Off);
        std::mt19937_64 random(11);
        for (int index = 0; index < 5000; ++index) {
            const MemoryAccess access{random() % 3 == 0 ? AccessKind::Store : AccessKind::Load,
                                      random() % 40000, std::uint32_t(1 + random() % 100)};
            fast.access(access);
            detailed.accessDetailed(access);
            for (const ReferenceOutcome& outcome : unclassified.accessDetailed(access)) {
                for (const LevelEvent& event : outcome.events) QVERIFY(!event.missKind);
            }
        }
        QCOMPARE(fast.stats(), detailed.stats());
        CacheStats withoutKinds = fast.stats();
        for (LevelStats& level : withoutKinds.levels) {
            QCOMPARE(level.compulsoryMisses + level.capacityMisses + level.conflictMisses,
                     level.misses);
            level.compulsoryMisses = level.capacityMisses = level.conflictMisses = 0;
        }
        QCOMPARE(unclassified.stats(), withoutKinds);
        for (std::size_t levelIndex = 0; levelIndex < config.levels.size(); ++levelIndex) {
            for (std::uint64_t set = 0; set < config.levels[levelIndex].setCount(); ++set) {
                QCOMPARE(fast.setContents(levelIndex, set), detailed.setContents(levelIndex, set));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestCacheHierarchy)
#include "tst_cache_hierarchy.moc"
