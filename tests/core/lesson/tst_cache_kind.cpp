#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/LessonParser.h"
#include "lesson/kinds/BuiltinKinds.h"
#include "lesson/kinds/CacheKind.h"

using mlsyslab::lesson::formatDiagnostic;
using mlsyslab::lesson::parseLesson;
using mlsyslab::lesson::kinds::builtinSimKinds;
using mlsyslab::lesson::kinds::cacheKind;
using mlsyslab::lesson::kinds::CachePattern;
using mlsyslab::lesson::kinds::CachePatternKind;
using mlsyslab::lesson::kinds::CacheState;
using mlsyslab::lesson::kinds::describeCachePattern;
using mlsyslab::lesson::kinds::generateCachePattern;
using mlsyslab::lesson::kinds::readCacheState;
using mlsyslab::memory::AccessKind;
using mlsyslab::memory::CacheLevelConfig;
using mlsyslab::memory::MemoryAccess;

namespace {

using mlsyslab::testing::describe;

QString text(const std::string& value) { return QString::fromStdString(value); }

// "L1 1024 4 64 lru back 4": a level in one comparable line (associativity 0 = full).
QString describe(const CacheLevelConfig& level) {
    return QStringLiteral("%1 %2 %3 %4 %5 %6 %7")
        .arg(text(level.name))
        .arg(level.sizeBytes)
        .arg(level.associativity)
        .arg(level.lineBytes)
        .arg(text(std::string(mlsyslab::memory::replacementName(level.replacement))))
        .arg(text(std::string(mlsyslab::memory::writePolicyName(level.write))))
        .arg(level.latencyCycles);
}

// "lecture | L1 1024 4 64 lru back 4 | ... | memory 100 | row-major, 16×16, 4-byte elements |
// 256 accesses | show L1 | editable": the whole state in one comparable line.
QString describe(const CacheState& state) {
    QStringList parts{state.customLevels ? QStringLiteral("own levels") : text(state.preset)};
    for (const CacheLevelConfig& level : state.config.levels) parts << describe(level);
    parts << QStringLiteral("memory %1").arg(state.config.memoryLatencyCycles);
    parts << (state.usesTrace ? QStringLiteral("trace")
                              : text(describeCachePattern(state.pattern)));
    parts << QStringLiteral("%1 accesses").arg(state.accesses.size());
    parts << QStringLiteral("show %1").arg(text(state.showLevel));
    if (state.startStep != 0) parts << QStringLiteral("start %1").arg(state.startStep);
    parts << (state.editable ? QStringLiteral("editable") : QStringLiteral("fixed"));
    return parts.join(QStringLiteral(" | "));
}

const QString kLecture = QStringLiteral(
    "lecture | L1 1024 4 64 lru back 4 | L2 4096 8 64 lru back 10 | L3 16384 16 64 lru back 40 | "
    "memory 100");
const QString kTiny = QStringLiteral("tiny | L1 128 1 16 lru back 1 | memory 10");
const QString kDefaultPattern =
    QStringLiteral("row-major, 16×16, 4-byte elements | 256 accesses | show L1 | editable");

}  // namespace

class TestCacheKind : public QObject {
    Q_OBJECT

private slots:
    void emptyStateGivesDefaults_data();
    void emptyStateGivesDefaults();
    void validStates_data();
    void validStates();
    void traceBecomesAccesses();
    void patternsMakeTheirAccesses();
    void problems_data();
    void problems();
    void wrongFieldsFallBackToDefaults_data();
    void wrongFieldsFallBackToDefaults();
    void kindIsBuiltIn();
    void lessonReportsRealLinesAndColumns();
};

void TestCacheKind::emptyStateGivesDefaults_data() {
    QTest::addColumn<QString>("yaml");
    QTest::newRow("empty body") << "";
    QTest::newRow("comment only") << "# nothing here\n";
    QTest::newRow("explicit null") << "~";
}

void TestCacheKind::emptyStateGivesDefaults() {
    QFETCH(QString, yaml);
    const auto reading = readCacheState(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(describe(reading.state), kLecture + " | " + kDefaultPattern);
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
    QTest::newRow("own level, defaults")
        << "levels: [{size: 1KiB, latency: 3}]"
        << "own levels | L1 1024 1 64 lru back 3 | memory 100 | " + kDefaultPattern;
    QTest::newRow("levels replace the preset's, memory latency stays")
        << "preset: tiny\nlevels: [{size: 64, line: 16, latency: 2}]"
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
        << "levels: [{name: LLC, size: 1KiB, latency: 3}]\nshow_level: LLC"
        << "own levels | LLC 1024 1 64 lru back 3 | memory 100 | row-major, 16×16, 4-byte "
           "elements | 256 accesses | show LLC | editable";
    QTest::newRow("trace") << "preset: tiny\ntrace: |\n  L 0x00,4\n  S 0x84,4\n"
                           << kTiny + " | trace | 2 accesses | show L1 | editable";
}

void TestCacheKind::validStates() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    const auto reading = readCacheState(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(describe(reading.state), state);
}

void TestCacheKind::traceBecomesAccesses() {
    const auto reading =
        readCacheState(YAML::Load("preset: tiny\n"
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

void TestCacheKind::problems_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("expected");
    const QString notMap = QStringLiteral(
        "the cache state must be fields like 'preset: lecture' and 'pattern: row-major', one per "
        "line");
    QTest::newRow("scalar state") << "lecture" << QStringList{"error 0:0 " + notMap};
    QTest::newRow("list state") << "- preset: tiny" << QStringList{"error 0:0 " + notMap};
    QTest::newRow("unknown field, close")
        << "presett: tiny"
        << QStringList{"warning 0:0 unknown cache field 'presett'; did you mean 'preset'?"};
    QTest::newRow("field given twice")
        << "preset: tiny\npreset: lecture"
        << QStringList{"error 1:0 cache field 'preset' is given twice"};

    // The configuration.
    QTest::newRow("preset misspelt")
        << "preset: lectur"
        << QStringList{
               "error 0:8 preset must be lecture, modern-server or tiny; did you mean "
               "'lecture'?"};
    QTest::newRow("memory latency zero")
        << "memory_latency: 0"
        << QStringList{"error 0:16 memory_latency must be a whole number from 1 to 1000000"};
    QTest::newRow("memory latency below L3")
        << "memory_latency: 30"
        << QStringList{"error 0:16 memory latency 30 cycles must be more than L3's 40"};
    QTest::newRow("levels not a list")
        << "levels: L1"
        << QStringList{
               "error 0:8 levels must be a list of 1 to 3 levels, L1 first, like "
               "'levels: [{name: L1, size: 1KiB, associativity: 4, line: 64, latency: "
               "4}]'"};
    QTest::newRow("four levels")
        << "levels:\n  - {size: 1KiB, latency: 1}\n  - {size: 2KiB, latency: 2}\n"
           "  - {size: 4KiB, latency: 3}\n  - {size: 8KiB, latency: 4}\n"
        << QStringList{"error 4:4 at most 3 cache levels, not 4"};
    QTest::newRow("level not a map")
        << "levels: [L1]"
        << QStringList{
               "error 0:9 each level must be fields like {name: L1, size: 1KiB, "
               "associativity: 4, latency: 4}"};
    QTest::newRow("level without size and latency")
        << "levels:\n  - name: L1\n    line: 32\n"
        << QStringList{"error 1:4 L1 needs a size, like 'size: 1KiB'",
                       "error 1:4 L1 needs a latency in cycles, like 'latency: 4'"};
    QTest::newRow("level size not a size")
        << "levels: [{size: lots, latency: 4}]"
        << QStringList{"error 0:16 L1: size must be bytes from 1 to 1GiB, like 1024 or 32KiB"};
    QTest::newRow("level associativity half")
        << "levels: [{size: 1KiB, associativity: half, latency: 4}]"
        << QStringList{
               "error 0:37 L1: associativity must be a number of ways (1 = direct "
               "mapped) or 'full'"};
    QTest::newRow("level replacement lfu")
        << "levels: [{size: 1KiB, replacement: lfu, latency: 4}]"
        << QStringList{
               "error 0:35 L1: replacement must be lru, fifo or random; did you mean "
               "'lru'?"};
    QTest::newRow("level write around")
        << "levels: [{name: L2, size: 1KiB, write: around, latency: 4}]"
        << QStringList{"error 0:39 L2: write must be back or through"};
    QTest::newRow("level latency zero")
        << "levels: [{size: 1KiB, latency: 0}]"
        << QStringList{"error 0:31 L1: latency must be a whole number from 1 to 1000000"};
    QTest::newRow("level field unknown")
        << "levels: [{size: 1KiB, latency: 4, ways: 2}]"
        << QStringList{
               "warning 0:34 unknown cache level field 'ways' (cache level has the fields "
               "name, size, associativity, line, replacement, write, latency and seed)"};
    QTest::newRow("impossible size, at its level")
        << "levels:\n  - {size: 1KiB, latency: 4}\n  - {size: 1000, associativity: 4, latency: "
           "10}\n"
        << QStringList{
               "error 2:4 L2: size 1000 bytes is not a multiple of line (64) x "
               "associativity (4)"};
    QTest::newRow("lines shrinking downward")
        << "levels:\n  - {size: 1KiB, latency: 4}\n  - {size: 4KiB, line: 32, latency: 10}\n"
        << QStringList{
               "error 2:4 L2: line size 32 bytes is smaller than L1's 64 (line sizes may "
               "not shrink further from the core)"};
    QTest::newRow("latencies not increasing")
        << "levels:\n  - {size: 1KiB, latency: 4}\n  - {size: 4KiB, latency: 4}\n"
        << QStringList{
               "error 2:4 L2: latency 4 cycles must be more than L1's 4 (latencies are "
               "load-to-use totals from the core)"};
    QTest::newRow("memory latency below own levels")
        << "levels: [{size: 1KiB, latency: 4}]\nmemory_latency: 4"
        << QStringList{"error 1:16 memory latency 4 cycles must be more than L1's 4"};

    // The pattern.
    QTest::newRow("pattern misspelt")
        << "pattern: row-majr"
        << QStringList{
               "error 0:9 pattern must be row-major, column-major, sequential, strided, "
               "matmul, random or pointer-chase; did you mean 'row-major'?"};
    QTest::newRow("rows zero") << "rows: 0"
                               << QStringList{
                                      "error 0:6 rows must be a whole number from 1 to 1000000"};
    QTest::newRow("cols a word") << "cols: many"
                                 << QStringList{
                                        "error 0:6 cols must be a whole number from 1 to 1000000"};
    QTest::newRow("tensor too large")
        << "pattern: column-major\nrows: 2000\ncols: 2000"
        << QStringList{
               "error 0:9 column-major over 2000×2000 makes 4000000 accesses; the "
               "simulator steps through at most 1000000 (make it smaller, or run it with "
               "'mlsyslab-cli cache run')"};
    QTest::newRow("tensor too large, no pattern field")
        << "rows: 1001\ncols: 1000"
        << QStringList{
               "error 0:0 row-major over 1001×1000 makes 1001000 accesses; the simulator "
               "steps through at most 1000000 (make it smaller, or run it with "
               "'mlsyslab-cli cache run')"};
    QTest::newRow("dtype unknown")
        << "dtype: float128"
        << QStringList{
               "error 0:7 dtype must be float64, float32, float16, bfloat16, int64, "
               "int32, int16, int8 or uint8; did you mean 'float32'?"};
    QTest::newRow("dtype and element_bytes")
        << "dtype: float32\nelement_bytes: 4"
        << QStringList{
               "error 1:0 give dtype or element_bytes, not both (dtype float32 is 4 "
               "bytes)"};
    QTest::newRow("element_bytes zero")
        << "element_bytes: 0"
        << QStringList{"error 0:15 element_bytes must be a whole number from 1 to 4096"};
    QTest::newRow("field of another pattern")
        << "pattern: sequential\nrows: 4"
        << QStringList{
               "warning 1:0 rows is not used by the sequential pattern (it reads count, "
               "dtype and element_bytes)"};
    QTest::newRow("count too large")
        << "pattern: sequential\ncount: 1000001"
        << QStringList{"error 1:7 count must be a whole number from 1 to 1000000"};
    QTest::newRow("stride negative")
        << "pattern: strided\nstride: -4"
        << QStringList{"error 1:8 stride must be a whole number from 0 to 65536"};
    QTest::newRow("n too large") << "pattern: matmul\nn: 65"
                                 << QStringList{"error 1:3 n must be a whole number from 1 to 64"};
    QTest::newRow("order misspelt")
        << "pattern: matmul\norder: kij"
        << QStringList{"error 1:7 order must be ijk, ikj, jki or tiled; did you mean 'ikj'?"};
    QTest::newRow("tile without tiled")
        << "pattern: matmul\ntile: 4"
        << QStringList{"warning 1:0 tile is not used by this loop order (only by 'order: tiled')"};
    QTest::newRow("tile larger than n") << "pattern: matmul\nn: 4\norder: tiled\ntile: 8"
                                        << QStringList{"error 3:6 tile must be from 1 to n (4)"};
    QTest::newRow("tiled too long")
        << "pattern: matmul\nn: 64\norder: tiled\ntile: 1"
        << QStringList{
               "error 0:9 matmul tiled, n = 64, tile 1 makes 1048576 accesses; the "
               "simulator steps through at most 1000000 (make it smaller, or run it with "
               "'mlsyslab-cli cache run')"};
    QTest::newRow("region zero")
        << "pattern: random\nregion: 0"
        << QStringList{
               "error 1:8 region must be a size in bytes from 1 to 1GiB, like 4096 or "
               "16KiB"};
    QTest::newRow("region smaller than an element")
        << "pattern: random\nregion: 2"
        << QStringList{"error 1:8 region must hold at least one element (4 bytes)"};
    QTest::newRow("seed negative")
        << "pattern: random\nseed: -1"
        << QStringList{"error 1:6 seed must be a whole number from 0 to 18446744073709551615"};
    QTest::newRow("node_bytes too small")
        << "pattern: pointer-chase\nnode_bytes: 4"
        << QStringList{"error 1:12 node_bytes must be a whole number from 8 to 4096"};
    QTest::newRow("nodes zero") << "pattern: pointer-chase\nnodes: 0"
                                << QStringList{
                                       "error 1:7 nodes must be a whole number from 1 to 1000000"};

    // The trace.
    QTest::newRow("pattern and trace")
        << "pattern: row-major\ntrace: |\n  L 0x10,4\n"
        << QStringList{"error 1:0 give either a pattern or a trace, not both"};
    QTest::newRow("trace not text")
        << "trace: [L 0x10]"
        << QStringList{
               "error 0:7 trace must be text: 'trace: |' with one Lackey line per access "
               "under it, like 'L 0x40,4'"};
    QTest::newRow("trace empty")
        << "trace: \"\""
        << QStringList{
               "error 0:7 the trace has no accesses: 'trace: |' with one Lackey line per "
               "access under it, like 'L 0x40,4'"};
    QTest::newRow("trace with pattern fields")
        << "trace: |\n  L 0x10,4\nrows: 4\n"
        << QStringList{"warning 2:0 rows is not used with a trace (it belongs to the patterns)"};
    QTest::newRow("bad trace lines, each at its place")
        << "preset: tiny\ntrace: |\n  L 0x10,4\n  X 0x20,4\n  L 0x30,4\n  S zz,4\n"
        << QStringList{"error 3:2 trace line 2: expected an access kind (I, L, S or M), got 'X'",
                       "error 5:4 trace line 4: expected a hex address after 'S'"};

    // The view.
    QTest::newRow("show_level not a level")
        << "show_level: L4"
        << QStringList{"error 0:12 show_level must be L1, L2 or L3; did you mean 'L1'?"};
    QTest::newRow("show_level of a one-level cache")
        << "preset: tiny\nshow_level: L2"
        << QStringList{"error 1:12 show_level must be L1; did you mean 'L1'?"};
    QTest::newRow("start_step negative")
        << "start_step: -1"
        << QStringList{"error 0:12 start_step must be a whole number from 0 to 1000000"};
    QTest::newRow("editable yes") << "editable: yes"
                                  << QStringList{"error 0:10 editable must be true or false"};
}

void TestCacheKind::problems() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, expected);
    const auto reading = readCacheState(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), expected);
    QCOMPARE(describe(cacheKind().validate(YAML::Load(yaml.toStdString()))), expected);
}

void TestCacheKind::wrongFieldsFallBackToDefaults_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("bad preset is lecture") << "preset: huge" << kLecture + " | " + kDefaultPattern;
    QTest::newRow("impossible levels keep the preset")
        << "preset: tiny\nlevels: [{size: 1000, associativity: 3, latency: 4}]"
        << kTiny + " | " + kDefaultPattern;
    QTest::newRow("bad memory latency keeps the preset's")
        << "memory_latency: 5" << kLecture + " | " + kDefaultPattern;
    QTest::newRow("bad pattern is row-major 16x16")
        << "pattern: diagonal\nrows: 4" << kLecture + " | " + kDefaultPattern;
    QTest::newRow("a bad field keeps the default pattern")
        << "pattern: column-major\nrows: 0\ncols: 8" << kLecture + " | " + kDefaultPattern;
    QTest::newRow("bad trace keeps the default pattern") << "trace: |\n  Q 1,1\n"
                                                         << kLecture + " | " + kDefaultPattern;
    QTest::newRow("bad show_level is L1") << "show_level: L9" << kLecture + " | " + kDefaultPattern;
    QTest::newRow("bad editable is true") << "editable: no" << kLecture + " | " + kDefaultPattern;
}

void TestCacheKind::wrongFieldsFallBackToDefaults() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    QCOMPARE(describe(readCacheState(YAML::Load(yaml.toStdString())).state), state);
}

void TestCacheKind::kindIsBuiltIn() {
    const auto kind = cacheKind();
    QCOMPARE(kind.name, std::string("cache"));
    QVERIFY(!kind.summary.empty());
    const auto registry = builtinSimKinds();
    QVERIFY(registry.find("cache") != nullptr);
    QCOMPARE(registry.suggest("cahce"), std::optional<std::string>("cache"));
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
