#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "CacheKindTestSupport.h"
#include "LessonTestSupport.h"
#include "memory/lesson/CacheKind.h"

using mlsyslab::lesson::kinds::cacheKind;
using mlsyslab::lesson::kinds::cacheKind;
using mlsyslab::testing::describe;
using mlsyslab::testing::cache_kind::describe;
using mlsyslab::testing::cache_kind::kDefaultPattern;
using mlsyslab::testing::cache_kind::kLecture;
using mlsyslab::testing::cache_kind::kTiny;

// Every problem a `cache` state can have, at its position in the fence, and the defaults a
// wrong field falls back to.
class TestCacheKindProblems : public QObject {
    Q_OBJECT

private slots:
    void problems_data();
    void problems();
    void wrongFieldsFallBackToDefaults_data();
    void wrongFieldsFallBackToDefaults();
};

void TestCacheKindProblems::problems_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("expected");
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
               "error 0:9 level 1 must be a map like {name: L1, size: 32KiB, associativity: 8, "
               "line: 64, latency: 4}"};
    QTest::newRow("level without size and latency")
        << "levels:\n  - name: L1\n    line: 32\n"
        << QStringList{"error 1:4 L1: missing 'size' (bytes, like 32KiB)",
                       "error 1:4 L1: missing 'associativity' (ways, or full)",
                       "error 1:4 L1: missing 'latency' (load-to-use cycles, like 4)"};
    QTest::newRow("level without associativity and line")
        << "levels: [{size: 1KiB, latency: 3}]"
        << QStringList{"error 0:9 L1: missing 'associativity' (ways, or full)",
                       "error 0:9 L1: missing 'line' (bytes per line, like 64)"};
    QTest::newRow("level size not a size")
        << "levels: [{size: lots, associativity: 1, line: 64, latency: 4}]"
        << QStringList{"error 0:16 L1: size 'lots' is not a number of bytes, like 32768 or 32KiB"};
    QTest::newRow("level associativity half")
        << "levels: [{size: 1KiB, associativity: half, line: 64, latency: 4}]"
        << QStringList{
               "error 0:37 L1: associativity must be a number of ways (1 = direct "
               "mapped) or 'full', not 'half'"};
    QTest::newRow("level replacement lfu")
        << "levels: [{size: 1KiB, replacement: lfu, associativity: 1, line: 64, latency: 4}]"
        << QStringList{
               "error 0:35 L1: replacement must be lru, fifo or random, not 'lfu'"};
    QTest::newRow("level write around")
        << "levels: [{name: L2, size: 1KiB, write: around, associativity: 1, line: 64, latency: 4}]"
        << QStringList{"error 0:39 L2: write must be back (write-back, write-allocate) or through "
                       "(write-through, no write-allocate), not 'around'"};
    QTest::newRow("level latency zero")
        << "levels: [{size: 1KiB, associativity: 1, line: 64, latency: 0}]"
        << QStringList{"error 0:9 L1: latency must be at least 1 cycle"};
    QTest::newRow("level field unknown")
        << "levels: [{size: 1KiB, associativity: 1, line: 64, latency: 4, ways: 2}]"
        << QStringList{
               "warning 0:62 L1: unknown field 'ways' (fields: name, size, associativity, line, "
               "replacement, seed, write, latency)"};
    QTest::newRow("impossible size, at its level")
        << "levels:\n  - {size: 1KiB, associativity: 1, line: 64, latency: 4}\n"
           "  - {size: 1000, associativity: 4, line: 64, latency: 10}\n"
        << QStringList{
               "error 2:4 L2: size 1000 bytes is not a multiple of line (64) x "
               "associativity (4)"};
    QTest::newRow("lines shrinking downward")
        << "levels:\n  - {size: 1KiB, associativity: 1, line: 64, latency: 4}\n"
           "  - {size: 4KiB, associativity: 1, line: 32, latency: 10}\n"
        << QStringList{
               "error 2:4 L2: line size 32 bytes is smaller than L1's 64 (line sizes may "
               "not shrink further from the core)"};
    QTest::newRow("latencies not increasing")
        << "levels:\n  - {size: 1KiB, associativity: 1, line: 64, latency: 4}\n"
           "  - {size: 4KiB, associativity: 1, line: 64, latency: 4}\n"
        << QStringList{
               "error 2:4 L2: latency 4 cycles must be more than L1's 4 (latencies are "
               "load-to-use totals from the core)"};
    QTest::newRow("memory latency below own levels")
        << "levels: [{size: 1KiB, associativity: 1, line: 64, latency: 4}]\nmemory_latency: 4"
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

void TestCacheKindProblems::problems() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, expected);
    const auto reading = cacheKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), expected);
    QCOMPARE(describe(cacheKind().read(YAML::Load(yaml.toStdString())).problems), expected);
}

void TestCacheKindProblems::wrongFieldsFallBackToDefaults_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("bad preset is lecture") << "preset: huge" << kLecture + " | " + kDefaultPattern;
    QTest::newRow("impossible levels keep the preset")
        << "preset: tiny\nlevels: [{size: 1000, associativity: 3, line: 64, latency: 4}]"
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

void TestCacheKindProblems::wrongFieldsFallBackToDefaults() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    QCOMPARE(describe(cacheKind().read(YAML::Load(yaml.toStdString())).state), state);
}

QTEST_APPLESS_MAIN(TestCacheKindProblems)
#include "tst_cache_kind_problems.moc"
