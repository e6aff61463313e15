#include <QtTest>
#include <cstdint>
#include <random>
#include <set>
#include <unordered_map>
#include <vector>

#include "memory/LineIndex.h"
#include "memory/LineSet.h"

// The hash structures behind fully associative levels and the 3C model, against the standard
// containers on long random runs of inserts, lookups and erases (erasing shifts entries back,
// the part that is easy to get wrong).
using mlsyslab::memory::LineIndex;
using mlsyslab::memory::LineSet;

class TestLineIndex : public QObject {
    Q_OBJECT

private slots:
    void agreesWithUnorderedMap_data() {
        QTest::addColumn<quint64>("keyRange");
        QTest::addColumn<int>("expected");
        QTest::newRow("dense lines") << quint64(300) << 0;
        QTest::newRow("sparse lines, sized ahead") << quint64(1) << 1000;
        QTest::newRow("a grown table") << quint64(5000) << 0;
    }
    void agreesWithUnorderedMap() {
        QFETCH(quint64, keyRange);
        QFETCH(int, expected);
        LineIndex index(static_cast<std::size_t>(expected));
        std::unordered_map<std::uint64_t, std::uint32_t> model;
        std::mt19937_64 random(keyRange);
        // Sparse: a pool of scattered 64-bit line numbers, the largest one among them.
        std::vector<std::uint64_t> sparse = {UINT64_MAX};
        while (sparse.size() < 600) sparse.push_back(random());
        for (int step = 0; step < 200000; ++step) {
            const std::uint64_t line =
                keyRange == 1 ? sparse[random() % sparse.size()] : random() % keyRange;
            const std::uint64_t choice = random() % 10;
            if (choice < 4) {
                const auto slot = static_cast<std::uint32_t>(random() % 1000);
                index.insert(line, slot);
                model[line] = slot;
            } else if (choice < 7) {
                index.erase(line);
                model.erase(line);
            } else {
                const auto found = model.find(line);
                QCOMPARE(index.find(line),
                         found == model.end() ? LineIndex::kAbsent : found->second);
            }
            QCOMPARE(index.size(), model.size());
        }
        for (const auto& [line, slot] : model) QCOMPARE(index.find(line), slot);
    }

    void lineSetAgreesWithSet() {
        LineSet lines;
        std::set<std::uint64_t> model;
        std::mt19937_64 random(3);
        std::uint64_t cursor = 0;
        for (int step = 0; step < 100000; ++step) {
            cursor = random() % 4 == 0 ? random() % (1u << 20) : cursor + 1;
            const std::uint64_t line = step % 1000 == 0 ? UINT64_MAX - random() % 3 : cursor;
            QCOMPARE(lines.contains(line), model.contains(line));
            if (random() % 2 == 0) {
                lines.insert(line);
                model.insert(line);
            }
        }
        for (const std::uint64_t line : model) QVERIFY(lines.contains(line));
    }
};

QTEST_APPLESS_MAIN(TestLineIndex)
#include "tst_line_index.moc"
