#include <QtTest>
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "gpu/Coalescing.h"

using namespace mlsyslab::gpu;

namespace {

using Numbers = std::vector<std::int64_t>;

Numbers range(std::int64_t first, std::int64_t last) {
    Numbers numbers;
    for (std::int64_t number = first; number <= last; ++number) numbers.push_back(number);
    return numbers;
}

// The count the other way round, as a student would do it on paper: list every byte each lane
// reads, name the 32-byte sector and 128-byte line each byte falls in, and count the different
// names. Nothing when some lane's element is before the array.
struct PaperCount {
    Numbers sectors;
    Numbers lines;
    std::int64_t bytesRequested = 0;
};

std::optional<PaperCount> countOnPaper(int elementBytes, std::int64_t stride, std::int64_t offset,
                                       int lanes) {
    PaperCount count;
    for (int lane = 0; lane < lanes; ++lane) {
        const std::int64_t element = offset + lane * stride;
        if (element < 0) return std::nullopt;
        for (int byte = 0; byte < elementBytes; ++byte) {
            const std::int64_t address = element * elementBytes + byte;
            count.sectors.push_back(address / 32);
            count.lines.push_back(address / 128);
            ++count.bytesRequested;
        }
    }
    for (Numbers* names : {&count.sectors, &count.lines}) {
        std::sort(names->begin(), names->end());
        names->erase(std::unique(names->begin(), names->end()), names->end());
    }
    return count;
}

}  // namespace

// A warp's load as the CUDA C++ Best Practices Guide counts it ("Coalesced Access to Global
// Memory"): 32-byte sectors and 128-byte lines touched by the lanes' bytes.
class TestCoalescing : public QObject {
    Q_OBJECT

private slots:
    // The guide's cases: 32 lanes read float32 (4 bytes) from an array on a 128-byte boundary.
    void bestPracticesGuideCases_data() {
        QTest::addColumn<int>("elementBytes");
        QTest::addColumn<qint64>("stride");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<Numbers>("sectors");
        QTest::addColumn<Numbers>("lines");
        QTest::addColumn<double>("efficiencyPct");
        // Bytes 0..127: one line, its four sectors, every byte used.
        QTest::newRow("sequential aligned")
            << 4 << qint64{1} << qint64{0} << range(0, 3) << Numbers{0} << 100.0;
        // Bytes 4..131: the first line's four sectors and the next line's first: 128 of 160.
        QTest::newRow("misaligned by one element")
            << 4 << qint64{1} << qint64{1} << range(0, 4) << Numbers{0, 1} << 80.0;
        // Bytes 0..251, every other float: 8 sectors, 2 lines, half of what moves is used.
        QTest::newRow("stride 2") << 4 << qint64{2} << qint64{0} << range(0, 7) << Numbers{0, 1}
                                  << 50.0;
        // A column of a 32 x 32 row-major float tile: each lane one row (128 bytes) further.
        Numbers everyFourth;
        for (std::int64_t lane = 0; lane < 32; ++lane) everyFourth.push_back(lane * 4);
        QTest::newRow("column of a row-major tile")
            << 4 << qint64{32} << qint64{0} << everyFourth << range(0, 31) << 12.5;
        // Stride 4: 16 bytes apart, two lanes to a sector; stride 8: every lane its own sector.
        QTest::newRow("stride 4") << 4 << qint64{4} << qint64{0} << range(0, 15) << range(0, 3)
                                  << 25.0;
        QTest::newRow("stride 8") << 4 << qint64{8} << qint64{0} << range(0, 31) << range(0, 7)
                                  << 12.5;
    }
    void bestPracticesGuideCases() {
        QFETCH(int, elementBytes);
        QFETCH(qint64, stride);
        QFETCH(qint64, offset);
        QFETCH(Numbers, sectors);
        QFETCH(Numbers, lines);
        QFETCH(double, efficiencyPct);
        const auto result = coalesceStrided(elementBytes, stride, offset);
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().c_str());
        QCOMPARE(result->sectors, sectors);
        QCOMPARE(result->lines, lines);
        QCOMPARE(result->bytesRequested, std::int64_t{128});
        QCOMPARE(result->bytesMoved(), std::int64_t(sectors.size()) * 32);
        QCOMPARE(result->efficiencyPct(), efficiencyPct);
        QCOMPARE(misalignedLaneCount(*result), 0);
    }

    // Each lane's access as asked: lane number, byte address from the base, size.
    void lanesAreListed() {
        const auto result = coalesceStrided(4, 3, 2);
        QVERIFY(result.ok());
        QCOMPARE(result->lanes.size(), std::size_t{32});
        for (int lane = 0; lane < 32; ++lane) {
            const LaneAccess& access = result->lanes[static_cast<std::size_t>(lane)];
            QCOMPARE(access.lane, lane);
            QCOMPARE(access.byteAddress, std::int64_t{(2 + 3 * lane) * 4});
            QCOMPARE(access.bytes, 4);
        }
    }

    void otherElementSizes_data() {
        QTest::addColumn<int>("elementBytes");
        QTest::addColumn<qint64>("stride");
        QTest::addColumn<Numbers>("sectors");
        QTest::addColumn<Numbers>("lines");
        // 32 doubles: 256 bytes, two full lines.
        QTest::newRow("double sequential") << 8 << qint64{1} << range(0, 7) << range(0, 1);
        // Every other double: lane i reads bytes 16i..16i+7, two lanes to a sector, so 512
        // bytes span 16 sectors in 4 lines and half of what moves is used.
        QTest::newRow("double stride 2") << 8 << qint64{2} << range(0, 15) << range(0, 3);
        // 32 chars: one sector.
        QTest::newRow("char sequential") << 1 << qint64{1} << Numbers{0} << Numbers{0};
        // Chars 4 apart: 128 bytes, the same line and sectors as sequential floats.
        QTest::newRow("char stride 4") << 1 << qint64{4} << range(0, 3) << Numbers{0};
        // Halves (fp16): 64 bytes, two sectors.
        QTest::newRow("half sequential") << 2 << qint64{1} << range(0, 1) << Numbers{0};
        // float4 (16 bytes): 512 bytes, 16 sectors, 4 lines.
        QTest::newRow("float4 sequential") << 16 << qint64{1} << range(0, 15) << range(0, 3);
    }
    void otherElementSizes() {
        QFETCH(int, elementBytes);
        QFETCH(qint64, stride);
        QFETCH(Numbers, sectors);
        QFETCH(Numbers, lines);
        const auto result = coalesceStrided(elementBytes, stride, 0);
        QVERIFY(result.ok());
        QCOMPARE(result->sectors, sectors);
        QCOMPARE(result->lines, lines);
        QCOMPARE(result->bytesRequested, std::int64_t{32} * elementBytes);
    }

    // Reversed: lane 0 reads element 31, lane 31 element 0; the same bytes as sequential.
    void negativeStrideReadsTheSameBytes() {
        const auto result = coalesceStrided(4, -1, 31);
        QVERIFY(result.ok());
        QCOMPARE(result->sectors, range(0, 3));
        QCOMPARE(result->lines, Numbers{0});
        QCOMPARE(result->lanes.front().byteAddress, std::int64_t{124});
        QCOMPARE(result->lanes.back().byteAddress, std::int64_t{0});
        QCOMPARE(result->efficiencyPct(), 100.0);
    }

    // Stride 0: every lane the same float. One sector serves the warp; the lanes asked for 128
    // bytes between them, so the load is 400% efficient.
    void zeroStrideIsABroadcast() {
        const auto result = coalesceStrided(4, 0, 5);
        QVERIFY(result.ok());
        QCOMPARE(result->sectors, Numbers{0});
        QCOMPARE(result->lines, Numbers{0});
        QCOMPARE(result->bytesRequested, std::int64_t{128});
        QCOMPARE(result->bytesMoved(), std::int64_t{32});
        QCOMPARE(result->efficiencyPct(), 400.0);
    }

    void explicitAddresses_data() {
        QTest::addColumn<int>("elementBytes");
        QTest::addColumn<Numbers>("addresses");
        QTest::addColumn<Numbers>("sectors");
        QTest::addColumn<Numbers>("lines");
        QTest::addColumn<int>("misaligned");
        // A permutation of one line's floats: the order of the lanes does not matter.
        Numbers permuted;
        for (std::int64_t lane = 0; lane < 32; ++lane) permuted.push_back((lane * 7 % 32) * 4);
        QTest::newRow("permutation within a line")
            << 4 << permuted << range(0, 3) << Numbers{0} << 0;
        // Two lanes far apart: two sectors in two lines.
        QTest::newRow("two lanes far apart")
            << 4 << Numbers{0, 4096} << Numbers{0, 128} << Numbers{0, 32} << 0;
        // A float at byte 30 straddles sectors 0 and 1 (CUDA would fault: not aligned).
        QTest::newRow("straddles two sectors")
            << 4 << Numbers{30} << Numbers{0, 1} << Numbers{0} << 1;
        // A float at byte 126 straddles lines 0 and 1.
        QTest::newRow("straddles two lines")
            << 4 << Numbers{126} << Numbers{3, 4} << Numbers{0, 1} << 1;
        // A double at byte 4 is misaligned but stays in sector 0.
        QTest::newRow("misaligned inside a sector")
            << 8 << Numbers{4} << Numbers{0} << Numbers{0} << 1;
        // The same address twice counts once.
        QTest::newRow("duplicates count once")
            << 4 << Numbers{64, 64, 68, 64} << Numbers{2} << Numbers{0} << 0;
    }
    void explicitAddresses() {
        QFETCH(int, elementBytes);
        QFETCH(Numbers, addresses);
        QFETCH(Numbers, sectors);
        QFETCH(Numbers, lines);
        QFETCH(int, misaligned);
        const auto result = coalesceAddresses(elementBytes, addresses);
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().c_str());
        QCOMPARE(result->sectors, sectors);
        QCOMPARE(result->lines, lines);
        QCOMPARE(result->lanes.size(), addresses.size());
        QCOMPARE(result->bytesRequested, std::int64_t(addresses.size()) * elementBytes);
        QCOMPARE(misalignedLaneCount(*result), misaligned);
    }

    // A partial warp (the last warp of a block of 48 threads has 16 active lanes).
    void partialWarps_data() {
        QTest::addColumn<int>("lanes");
        QTest::addColumn<Numbers>("sectors");
        QTest::addColumn<Numbers>("lines");
        QTest::newRow("16 lanes") << 16 << range(0, 1) << Numbers{0};
        QTest::newRow("1 lane") << 1 << Numbers{0} << Numbers{0};
        QTest::newRow("9 lanes") << 9 << range(0, 1) << Numbers{0};
        QTest::newRow("32 lanes") << 32 << range(0, 3) << Numbers{0};
    }
    void partialWarps() {
        QFETCH(int, lanes);
        QFETCH(Numbers, sectors);
        QFETCH(Numbers, lines);
        const auto result = coalesceStrided(4, 1, 0, lanes);
        QVERIFY(result.ok());
        QCOMPARE(result->lanes.size(), std::size_t(lanes));
        QCOMPARE(result->sectors, sectors);
        QCOMPARE(result->lines, lines);
        QCOMPARE(result->bytesRequested, std::int64_t{4} * lanes);
    }

    void errorsSayWhy_data() {
        QTest::addColumn<int>("elementBytes");
        QTest::addColumn<qint64>("stride");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<int>("lanes");
        QTest::addColumn<QString>("message");
        QTest::newRow("3-byte elements") << 3 << qint64{1} << qint64{0} << 32
                                         << "element size 3 bytes: a load reads 1, 2, 4, 8 or 16 "
                                            "bytes per lane";
        QTest::newRow("0-byte elements") << 0 << qint64{1} << qint64{0} << 32
                                         << "element size 0 bytes: a load reads 1, 2, 4, 8 or 16 "
                                            "bytes per lane";
        QTest::newRow("32-byte elements") << 32 << qint64{1} << qint64{0} << 32
                                          << "element size 32 bytes: a load reads 1, 2, 4, 8 or "
                                             "16 bytes per lane";
        QTest::newRow("before the base")
            << 4 << qint64{-1} << qint64{0} << 32
            << "lane 1 would read element -1 (0 + 1 x -1), before the start of the array";
        QTest::newRow("negative offset")
            << 4 << qint64{1} << qint64{-3} << 32
            << "lane 0 would read element -3 (-3 + 0 x 1), before the start of the array";
        QTest::newRow("reversed one too few")
            << 4 << qint64{-1} << qint64{30} << 32
            << "lane 31 would read element -1 (30 + 31 x -1), before the start of the array";
        QTest::newRow("no lanes") << 4 << qint64{1} << qint64{0} << 0
                                  << "a warp has 1 to 32 active lanes, not 0";
        QTest::newRow("33 lanes") << 4 << qint64{1} << qint64{0} << 33
                                  << "a warp has 1 to 32 active lanes, not 33";
        QTest::newRow("past the address space")
            << 16 << std::numeric_limits<qint64>::max() << qint64{0} << 32
            << "lane 1's address is beyond the GPU's 2^49-byte virtual address space";
        QTest::newRow("overflowing backwards")
            << 16 << std::numeric_limits<qint64>::min() << qint64{0} << 32
            << "lane 1 would read element -9223372036854775808 (0 + 1 x -9223372036854775808), "
               "before the start of the array";
    }
    void errorsSayWhy() {
        QFETCH(int, elementBytes);
        QFETCH(qint64, stride);
        QFETCH(qint64, offset);
        QFETCH(int, lanes);
        QFETCH(QString, message);
        const auto result = coalesceStrided(elementBytes, stride, offset, lanes);
        QVERIFY(!result.ok());
        QCOMPARE(QString::fromStdString(result.error()), message);
    }

    // The one element-size check the lesson kind and the CLI call: the size, or why not.
    void elementSizeCheck_data() {
        QTest::addColumn<qint64>("elementBytes");
        QTest::addColumn<QString>("problem");
        for (const int bytes : kElementSizes) {
            QTest::addRow("%d bytes", bytes) << qint64{bytes} << QString();
        }
        QTest::newRow("3") << qint64{3}
                           << "element size 3 bytes: a load reads 1, 2, 4, 8 or 16 bytes per lane";
        QTest::newRow("-4")
            << qint64{-4} << "element size -4 bytes: a load reads 1, 2, 4, 8 or 16 bytes per lane";
        QTest::newRow("2^32 + 4") << qint64{(qint64{1} << 32) + 4}
                                  << "element size 4294967300 bytes: a load reads 1, 2, 4, 8 or "
                                     "16 bytes per lane";
    }
    void elementSizeCheck() {
        QFETCH(qint64, elementBytes);
        QFETCH(QString, problem);
        const auto size = validateElementBytes(elementBytes);
        QCOMPARE(size.ok(), problem.isEmpty());
        if (size.ok())
            QCOMPARE(qint64{*size}, elementBytes);
        else
            QCOMPARE(QString::fromStdString(size.error()), problem);
        QCOMPARE(elementSizesInWords(), std::string("1, 2, 4, 8 or 16"));
    }

    void explicitAddressErrors_data() {
        QTest::addColumn<int>("elementBytes");
        QTest::addColumn<Numbers>("addresses");
        QTest::addColumn<QString>("message");
        QTest::newRow("below the base")
            << 4 << Numbers{0, 4, -4} << "lane 2 would read byte -4, before the start of the array";
        QTest::newRow("none") << 4 << Numbers{}
                              << "a warp has 1 to 32 active lanes, not 0 addresses";
        QTest::newRow("33") << 4 << Numbers(33, 0)
                            << "a warp has 1 to 32 active lanes, not 33 addresses";
        QTest::newRow("5-byte elements")
            << 5 << Numbers{0}
            << "element size 5 bytes: a load reads 1, 2, 4, 8 or 16 bytes per lane";
        QTest::newRow("last bytes past 2^49")
            << 4 << Numbers{0, kLargestByteAddress - 3}
            << "lane 1's address is beyond the GPU's 2^49-byte virtual address space";
    }
    void explicitAddressErrors() {
        QFETCH(int, elementBytes);
        QFETCH(Numbers, addresses);
        QFETCH(QString, message);
        const auto result = coalesceAddresses(elementBytes, addresses);
        QVERIFY(!result.ok());
        QCOMPARE(QString::fromStdString(result.error()), message);
    }

    // The last four bytes below 2^49 are still addressable.
    void largestAddress() {
        const auto result = coalesceAddresses(4, {kLargestByteAddress - 4});
        QVERIFY(result.ok());
        QCOMPARE(result->sectors, Numbers{kLargestByteAddress / 32 - 1});
        QCOMPARE(result->lines, Numbers{kLargestByteAddress / 128 - 1});
    }

    // Every element size, every stride from -64 to 64 and every offset from 0 to 64 (41,925
    // patterns), against the count on paper above; where the paper says an element is before
    // the array, the engine must refuse it too.
    void sweepAgainstCountOnPaper_data() {
        QTest::addColumn<int>("elementBytes");
        QTest::addColumn<qint64>("stride");
        for (const int elementBytes : {1, 2, 4, 8, 16}) {
            for (qint64 stride = -64; stride <= 64; ++stride) {
                QTest::addRow("%d bytes, stride %lld", elementBytes, static_cast<long long>(stride))
                    << elementBytes << stride;
            }
        }
    }
    void sweepAgainstCountOnPaper() {
        QFETCH(int, elementBytes);
        QFETCH(qint64, stride);
        for (qint64 offset = 0; offset <= 64; ++offset) {
            const auto expected = countOnPaper(elementBytes, stride, offset, 32);
            const auto result = coalesceStrided(elementBytes, stride, offset);
            const QByteArray where = QByteArray("offset ") + QByteArray::number(offset);
            QVERIFY2(result.ok() == expected.has_value(), where.constData());
            if (!expected) continue;
            QVERIFY2(result->sectors == expected->sectors, where.constData());
            QVERIFY2(result->lines == expected->lines, where.constData());
            QVERIFY2(result->bytesRequested == expected->bytesRequested, where.constData());
        }
    }

    // Partial warps with explicit, unaligned addresses: every lane count, every byte offset in
    // a line's first two sectors, against the count on paper (stride 1 from the address).
    void unalignedSweepAgainstCountOnPaper() {
        for (const int elementBytes : {2, 4, 8, 16}) {
            for (int lanes = 1; lanes <= 32; ++lanes) {
                for (std::int64_t start = 0; start < 64; ++start) {
                    Numbers addresses;
                    PaperCount paper;
                    for (int lane = 0; lane < lanes; ++lane) {
                        const std::int64_t address = start + std::int64_t{lane} * elementBytes;
                        addresses.push_back(address);
                        for (int byte = 0; byte < elementBytes; ++byte) {
                            paper.sectors.push_back((address + byte) / 32);
                            paper.lines.push_back((address + byte) / 128);
                        }
                    }
                    for (Numbers* names : {&paper.sectors, &paper.lines}) {
                        std::sort(names->begin(), names->end());
                        names->erase(std::unique(names->begin(), names->end()), names->end());
                    }
                    const auto result = coalesceAddresses(elementBytes, addresses);
                    QVERIFY(result.ok());
                    QCOMPARE(result->sectors, paper.sectors);
                    QCOMPARE(result->lines, paper.lines);
                    QCOMPARE(misalignedLaneCount(*result), start % elementBytes == 0 ? 0 : lanes);
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestCoalescing)
#include "tst_coalescing.moc"
