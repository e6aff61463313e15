#include <QtTest>
#include <optional>
#include <string>
#include <vector>

#include "common/Suggestion.h"

// The one "did you mean": the rows come from every surface that suggests (lesson front matter
// and kinds, CLI words, cache configurations, device files and ids, matmul backends).
class TestSuggestion : public QObject {
    Q_OBJECT

private slots:
    void closestMatch_data() {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QStringList>("candidates");
        QTest::addColumn<QString>("match");
        const QStringList frontMatter = {"format", "id",    "title", "summary",
                                         "part",   "order", "tags"};
        QTest::newRow("one slip") << "bitz" << QStringList{"bits", "cache", "matmul"} << "bits";
        QTest::newRow("a swap is one slip") << "titel" << frontMatter << "title";
        QTest::newRow("a letter missing") << "tag" << frontMatter << "tags";
        QTest::newRow("case is ignored") << "Summary" << frontMatter << "summary";
        QTest::newRow("ordre") << "ordre" << frontMatter << "order";
        QTest::newRow("nothing close") << "colour" << frontMatter << "";
        QTest::newRow("the closest wins") << "cat" << QStringList{"cart", "cat1", "cat"} << "cat";
        QTest::newRow("a tie goes to the first") << "ab" << QStringList{"ac", "ad"} << "ac";
        QTest::newRow("no candidates") << "bits" << QStringList{} << "";
        QTest::newRow("empty word") << "" << QStringList{"a"} << "";
        const QStringList cacheFields = {"name",        "size", "associativity", "line",
                                         "replacement", "seed", "write",         "latency"};
        QTest::newRow("two swapped letters") << "latnecy" << cacheFields << "latency";
        QTest::newRow("an abbreviation") << "assoc" << cacheFields << "associativity";
        QTest::newRow("too short to abbreviate") << "as" << cacheFields << "";
        QTest::newRow("far from every field") << "banks" << cacheFields << "";
        QTest::newRow("dash for underscore")
            << "memory-latency" << QStringList{"levels", "memory_latency"} << "memory_latency";
        QTest::newRow("device id")
            << "h10" << QStringList{"v100", "t4", "a100", "rtx4090", "h100", "h200"} << "h100";
        QTest::newRow("device key")
            << "sm_cout" << QStringList{"sm_count", "gpc_count"} << "sm_count";
        QTest::newRow("backend") << "simdd" << QStringList{"naive", "ikj", "blocked", "simd"}
                                 << "simd";
        QTest::newRow("a word far too long")
            << QString(100, QLatin1Char('a')) << QStringList{QString(100, QLatin1Char('a'))} << "";
    }
    void closestMatch() {
        QFETCH(QString, word);
        QFETCH(QStringList, candidates);
        QFETCH(QString, match);
        std::vector<std::string> names;
        for (const QString& candidate : candidates) names.push_back(candidate.toStdString());
        const std::optional<std::string> found = mlsyslab::closestMatch(word.toStdString(), names);
        QCOMPARE(QString::fromStdString(found.value_or("")), match);
    }

    void keyListJoinsWithCommas() {
        QCOMPARE(mlsyslab::keyList({}), std::string());
        QCOMPARE(mlsyslab::keyList({"name"}), std::string("name"));
        QCOMPARE(mlsyslab::keyList({"name", "size", "line"}), std::string("name, size, line"));
    }
};

QTEST_APPLESS_MAIN(TestSuggestion)
#include "tst_suggestion.moc"
