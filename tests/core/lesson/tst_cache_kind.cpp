#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "CacheKindTestSupport.h"
#include "LessonTestSupport.h"
#include "lesson/LessonParser.h"
#include "lesson/KindSpec.h"
#include "memory/lesson/CacheKind.h"

using mlsyslab::lesson::formatDiagnostic;
using mlsyslab::lesson::parseLesson;
using mlsyslab::lesson::builtinSimKinds;
using mlsyslab::lesson::kinds::cacheKind;
using mlsyslab::lesson::kinds::CachePattern;
using mlsyslab::lesson::kinds::CachePatternKind;
using mlsyslab::lesson::kinds::CacheState;
using mlsyslab::lesson::kinds::generateCachePattern;
using mlsyslab::lesson::kinds::cacheKind;
using mlsyslab::memory::AccessKind;
using mlsyslab::memory::MemoryAccess;
using mlsyslab::testing::describe;
using mlsyslab::testing::cache_kind::describe;
using mlsyslab::testing::cache_kind::kDefaultPattern;
using mlsyslab::testing::cache_kind::kLecture;
using mlsyslab::testing::cache_kind::kTiny;

class TestCacheKind : public QObject {
    Q_OBJECT

private slots:
    void defaultStateIsTheLecturePreset();
    void validStates_data();
    void validStates();
    void traceBecomesAccesses();
    void patternsMakeTheirAccesses();
    void lessonReportsRealLinesAndColumns();
};

void TestCacheKind::defaultStateIsTheLecturePreset() {
    QCOMPARE(describe(CacheState{}), kLecture + " | " + kDefaultPattern);
}

void TestCacheKind::validStates_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("lecture preset") << "preset: lecture" << kLecture + " | " + kDefaultPattern;
    QTest::newRow("tiny preset") << "preset: tiny" << kTiny + " | " + kDefaultPattern;
    QTest::newRow("modern server")
        << "preset: modern-server"
        << "modern-server | L1 49152 12 64 lru back 5 | L2 2097152 16 64 lru back 16 | "
           "L3 33554432 16 64 lru back 70 | memory 250 | " +
               kDefaultPattern;
    QTest::newRow("memory latency") << "memory_latency: 200"
                                    << "lecture | L1 1024 4 64 lru back 4 | L2 4096 8 64 lru "
                                       "back 10 | L3 16384 16 64 lru back 40 | memory 200 | " +
                                           kDefaultPattern;
    QTest::newRow("own levels, every field")
        << "levels:\n"
           "  - {name: L1, size: 256, associativity: 2, line: 32, replacement: fifo, write: "
           "through, latency: 2}\n"
           "  - {name: LLC, size: 2KiB, associativity: full, line: 64, replacement: random, "
           "seed: 9, latency: 20}\n"
           "memory_latency: 80\n"
        << "own levels | L1 256 2 32 fifo through 2 | LLC 2048 0 64 random back 20 | memory 80 | " +
               kDefaultPattern;
    QTest::newRow("own level, the optional fields' defaults")
        << "levels: [{size: 1KiB, associativity: 1, line: 64, latency: 3}]"
        << "own levels | L1 1024 1 64 lru back 3 | memory 100 | " + kDefaultPattern;
    QTest::newRow("levels replace the preset's, memory latency stays")
        << "preset: tiny\nlevels: [{size: 64, associativity: 1, line: 16, latency: 2}]"
        << "own levels | L1 64 1 16 lru back 2 | memory 10 | " + kDefaultPattern;
    QTest::newRow("column-major 64x64 float32")
        << "pattern: column-major\nrows: 64\ncols: 64\ndtype: float32"
        << kLecture +
               " | column-major, 64×64, 4-byte elements | 4096 accesses | show L1 | editable";
    QTest::newRow("row-major float64 via element_bytes")
        << "pattern: row-major\nrows: 3\ncols: 5\nelement_bytes: 8"
        << kLecture + " | row-major, 3×5, 8-byte elements | 15 accesses | show L1 | editable";
    QTest::newRow("int8")
        << "rows: 2\ncols: 2\ndtype: int8"
        << kLecture + " | row-major, 2×2, 1-byte element | 4 accesses | show L1 | editable";
    QTest::newRow("sequential")
        << "pattern: sequential\ncount: 10\ndtype: bfloat16"
        << kLecture + " | sequential, 10 × 2-byte elements | 10 accesses | show L1 | editable";
    QTest::newRow("strided")
        << "pattern: strided\ncount: 8\nstride: 32"
        << kLecture +
               " | strided, 8 × 4-byte elements, stride 32 | 8 accesses | show L1 | editable";
    QTest::newRow("matmul default order")
        << "pattern: matmul\nn: 4"
        << kLecture + " | matmul ijk, n = 4 | 144 accesses | show L1 | editable";
    QTest::newRow("matmul ikj") << "pattern: matmul\nn: 4\norder: ikj"
                                << kLecture +
                                       " | matmul ikj, n = 4 | 208 accesses | show L1 | editable";
    QTest::newRow("matmul tiled")
        << "pattern: matmul\nn: 4\norder: tiled\ntile: 2"
        << kLecture + " | matmul tiled, n = 4, tile 2 | 224 accesses | show L1 | editable";
    QTest::newRow("matmul largest")
        << "pattern: matmul\nn: 64\norder: ikj"
        << kLecture + " | matmul ikj, n = 64 | 790528 accesses | show L1 | editable";
    QTest::newRow("matmul tiled, tile not dividing n")
        << "pattern: matmul\nn: 5\norder: tiled\ntile: 2"
        << kLecture + " | matmul tiled, n = 5, tile 2 | 450 accesses | show L1 | editable";
    QTest::newRow("random")
        << "pattern: random\ncount: 5\nregion: 1KiB\nseed: 7"
        << kLecture +
               " | random, 5 × 4-byte elements in 1 KiB, seed 7 | 5 accesses | show L1 | "
               "editable";
    QTest::newRow("pointer chase")
        << "pattern: pointer-chase\nnodes: 8\nnode_bytes: 128\ncount: 20\nseed: 3"
        << kLecture +
               " | pointer-chase, 20 steps over 8 nodes of 128 bytes, seed 3 | 20 accesses | "
               "show L1 | editable";
    QTest::newRow("largest tensor")
        << "rows: 1000\ncols: 1000"
        << kLecture +
               " | row-major, 1000×1000, 4-byte elements | 1000000 accesses | show L1 | "
               "editable";
    QTest::newRow("show L3, not editable")
        << "show_level: L3\neditable: false"
        << kLecture + " | row-major, 16×16, 4-byte elements | 256 accesses | show L3 | fixed";
    QTest::newRow("start step")
        << "start_step: 5"
        << kLecture +
               " | row-major, 16×16, 4-byte elements | 256 accesses | show L1 | start 5 | "
               "editable";
    QTest::newRow("start step past the end is the end")
        << "pattern: sequential\ncount: 10\nstart_step: 50"
        << kLecture +
               " | sequential, 10 × 4-byte elements | 10 accesses | show L1 | start 10 | "
               "editable";
    QTest::newRow("show a level of one's own")
        << "levels: [{name: LLC, size: 1KiB, associativity: 1, line: 64, latency: 3}]\nshow_level: LLC"
        << "own levels | LLC 1024 1 64 lru back 3 | memory 100 | row-major, 16×16, 4-byte "
           "elements | 256 accesses | show LLC | editable";
    QTest::newRow("trace") << "preset: tiny\ntrace: |\n  L 0x00,4\n  S 0x84,4\n"
                           << kTiny + " | trace | 2 accesses | show L1 | editable";
}

void TestCacheKind::validStates() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    const auto reading = cacheKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(describe(reading.state), state);
}

void TestCacheKind::traceBecomesAccesses() {
    const auto reading =
        cacheKind().read(YAML::Load("preset: tiny\n"
                                  "trace: |\n"
                                  "  L 0x00,4\n"
                                  "  S 0x84,4\n"
                                  "  M 7ff0,8\n"
                                  "  I 0x400,4\n"
                                  "\n"
                                  "   L 0x10,1\n"));
    QCOMPARE(describe(reading.problems), QStringList());
    const std::vector<MemoryAccess> expected = {
        {AccessKind::Load, 0x00, 4},    {AccessKind::Store, 0x84, 4}, {AccessKind::Load, 0x7ff0, 8},
        {AccessKind::Store, 0x7ff0, 8}, {AccessKind::Load, 0x10, 1},
    };
    QVERIFY(reading.state.usesTrace);
    QVERIFY(reading.state.accesses == expected);
}

void TestCacheKind::patternsMakeTheirAccesses() {
    // Row-major 2×3 float32 from address 0 visits 0, 4, 8, ...; column-major 0, 12, 4, 16, ...
    CachePattern pattern;
    pattern.rows = 2;
    pattern.cols = 3;
    const auto rowMajor = generateCachePattern(pattern);
    QVERIFY(rowMajor.ok());
    std::vector<std::uint64_t> addresses;
    for (const MemoryAccess& access : *rowMajor) addresses.push_back(access.address);
    QCOMPARE(addresses, (std::vector<std::uint64_t>{0, 4, 8, 12, 16, 20}));
    pattern.kind = CachePatternKind::ColumnMajor;
    const auto columnMajor = generateCachePattern(pattern);
    addresses.clear();
    for (const MemoryAccess& access : *columnMajor) addresses.push_back(access.address);
    QCOMPARE(addresses, (std::vector<std::uint64_t>{0, 12, 4, 16, 8, 20}));
    pattern.kind = CachePatternKind::Strided;
    pattern.count = 3;
    pattern.strideElements = 16;
    const auto strided = generateCachePattern(pattern);
    addresses.clear();
    for (const MemoryAccess& access : *strided) addresses.push_back(access.address);
    QCOMPARE(addresses, (std::vector<std::uint64_t>{0, 64, 128}));
}

// The kind's marks are inside the fence; the lesson reports them at the real file positions,
// a bad trace line at its own line.
void TestCacheKind::lessonReportsRealLinesAndColumns() {
    const std::string lesson =
        "---\nformat: mlsyslab-lesson/1\ntitle: Caches\nid: caches\n---\n\n"
        "# A hand-worked trace\n\n"
        "```sim cache\n"
        "preset: tiyn\n"
        "trace: |\n"
        "  L 0x00,4\n"
        "  L 0x04\n"
        "show_level: L5\n"
        "```\n";
    const auto result = parseLesson(lesson, builtinSimKinds());
    QStringList lines;
    for (const auto& diagnostic : result.diagnostics) {
        lines << QString::fromStdString(formatDiagnostic("c.lesson.md", diagnostic));
    }
    QCOMPARE(lines, (QStringList{
                        "c.lesson.md:10:9: error: preset must be lecture, modern-server or tiny; "
                        "did you mean 'tiny'?",
                        "c.lesson.md:13:9: error: trace line 2: expected ',' and a size after "
                        "the address",
                        "c.lesson.md:14:13: error: show_level must be L1, L2 or L3; did you mean "
                        "'L1'?",
                    }));
    QVERIFY(!result.lesson.has_value());
}

QTEST_APPLESS_MAIN(TestCacheKind)
#include "tst_cache_kind.moc"
