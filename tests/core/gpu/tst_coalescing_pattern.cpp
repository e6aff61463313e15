#include <QtTest>
#include <algorithm>
#include <cstdint>
#include <vector>

#include "gpu/CoalescingPattern.h"

using namespace mlsyslab::gpu;

class TestCoalescingPattern : public QObject {
    Q_OBJECT
private slots:
    // Every name reads back as its kind, in CoalescingPatternKind order; others read as nothing.
    void namesRoundTrip() {
        const auto& names = coalescingPatternNames();
        QCOMPARE(names.size(), std::size_t{9});
        for (std::size_t index = 0; index < names.size(); ++index) {
            const auto kind = static_cast<CoalescingPatternKind>(index);
            QCOMPARE(coalescingPatternName(kind), std::string_view(names[index]));
            QCOMPARE(coalescingPatternKindNamed(names[index]), std::optional(kind));
        }
        QCOMPARE(coalescingPatternKindNamed("stride2"), std::nullopt);
        QCOMPARE(coalescingPatternKindNamed("Sequential"), std::nullopt);
    }

    // The presets' addresses, lane by lane, for floats.
    void presetAddresses_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("firstAndLast");
        QTest::newRow("sequential") << int(CoalescingPatternKind::Sequential) << "0 124";
        QTest::newRow("misaligned") << int(CoalescingPatternKind::Misaligned) << "4 128";
        QTest::newRow("stride-2") << int(CoalescingPatternKind::Stride2) << "0 248";
        QTest::newRow("column") << int(CoalescingPatternKind::Column) << "0 3968";
        QTest::newRow("reversed") << int(CoalescingPatternKind::Reversed) << "124 0";
        QTest::newRow("broadcast") << int(CoalescingPatternKind::Broadcast) << "0 0";
    }
    void presetAddresses() {
        QFETCH(int, kind);
        QFETCH(QString, firstAndLast);
        CoalescingPattern pattern;
        pattern.kind = static_cast<CoalescingPatternKind>(kind);
        const auto addresses = laneAddresses(pattern);
        QCOMPARE(addresses.size(), std::size_t{kWarpLanes});
        QCOMPARE(QStringLiteral("%1 %2").arg(addresses.front()).arg(addresses.back()),
                 firstAndLast);
    }

    // A partial warp reversed stays inside the array: lane 0 reads the last active element.
    void partialReversedWarp() {
        CoalescingPattern pattern;
        pattern.kind = CoalescingPatternKind::Reversed;
        pattern.lanes = 8;
        pattern.elementBytes = 8;
        QCOMPARE(laneAddresses(pattern), (std::vector<std::int64_t>{56, 48, 40, 32, 24, 16, 8, 0}));
        const auto strided = strideAndOffsetOf(pattern);
        QVERIFY(strided.has_value());
        QCOMPARE(strided->stride, std::int64_t{-1});
        QCOMPARE(strided->offset, std::int64_t{7});
    }

    // Column: lane i reads row i of a row-major tile, rowLength elements apart.
    void columnFollowsRowLength() {
        CoalescingPattern pattern;
        pattern.kind = CoalescingPatternKind::Column;
        pattern.rowLength = 3;
        pattern.lanes = 4;
        QCOMPARE(laneAddresses(pattern), (std::vector<std::int64_t>{0, 12, 24, 36}));
    }

    // Addresses are the lesson's own, lane by lane, and have no stride.
    void addressesAreTakenAsGiven() {
        CoalescingPattern pattern;
        pattern.kind = CoalescingPatternKind::Addresses;
        pattern.addresses = {0, 4, 64, 1000};
        QCOMPARE(laneAddresses(pattern), pattern.addresses);
        QVERIFY(!strideAndOffsetOf(pattern).has_value());
        const auto result = coalesce(pattern);
        QVERIFY(result.ok());
        QCOMPARE(result->lanes.size(), std::size_t{4});
        QCOMPARE(result->sectors, (std::vector<std::int64_t>{0, 2, 31}));
    }

    // A permutation of 0..31, the same for the same seed, different for another.
    void permutationIsAShuffleOfOneLine() {
        const auto first = permutedElements(1);
        auto sorted = first;
        std::sort(sorted.begin(), sorted.end());
        for (std::int64_t element = 0; element < kWarpLanes; ++element) {
            QCOMPARE(sorted[static_cast<std::size_t>(element)], element);
        }
        QCOMPARE(permutedElements(1), first);
        QVERIFY(permutedElements(2) != first);
        CoalescingPattern pattern;
        pattern.kind = CoalescingPatternKind::Permutation;
        const auto result = coalesce(pattern);
        QVERIFY(result.ok());
        QCOMPARE(result->sectors.size(), std::size_t{4});
        QCOMPARE(result->lines.size(), std::size_t{1});
    }

    // A custom stride that walks back past the array's start is the engine's error.
    void customBeforeTheArrayFails() {
        CoalescingPattern pattern;
        pattern.kind = CoalescingPatternKind::Custom;
        pattern.stride = -1;
        pattern.offset = 3;
        const auto result = coalesce(pattern);
        QVERIFY(!result.ok());
        QCOMPARE(QString::fromStdString(result.error()),
                 QStringLiteral("lane 4 would read element -1 (3 + 4 x -1), before the start of "
                                "the array"));
    }
};

QTEST_APPLESS_MAIN(TestCoalescingPattern)
#include "tst_coalescing_pattern.moc"
