#include <QtTest>
#include <optional>
#include <string>
#include <vector>

#include "common/Suggestion.h"
#include "lesson/SimKindRegistry.h"

using namespace mlsyslab::lesson;

namespace {

SimKind kindNamed(const std::string& name, const std::string& summary = "a test kind") {
    return {name, summary, {}, [](const YAML::Node&) { return SimStateReading{}; }};
}

}  // namespace

class TestSimKindRegistry : public QObject {
    Q_OBJECT

private slots:
    void addAndFind();
    void duplicateAndEmptyNamesAreRefused();
    void namesAreSorted();
    void suggest_data();
    void suggest();
};

void TestSimKindRegistry::addAndFind() {
    SimKindRegistry registry;
    QVERIFY(registry.find("bits") == nullptr);
    QVERIFY(registry.add(kindNamed("bits", "one group of bits")));
    const SimKind* found = registry.find("bits");
    QVERIFY(found != nullptr);
    QCOMPARE(found->name, std::string("bits"));
    QCOMPARE(found->summary, std::string("one group of bits"));
    QVERIFY(found->read(YAML::Node()).problems.empty());
    QVERIFY(registry.find("Bits") == nullptr);  // names are exact; "did you mean" handles case
    QVERIFY(registry.find("bit") == nullptr);
}

void TestSimKindRegistry::duplicateAndEmptyNamesAreRefused() {
    SimKindRegistry registry;
    QVERIFY(registry.add(kindNamed("bits", "first")));
    QVERIFY(!registry.add(kindNamed("bits", "second")));
    QCOMPARE(registry.find("bits")->summary, std::string("first"));  // the first one stays
    QVERIFY(!registry.add(kindNamed("")));
    QCOMPARE(registry.names(), std::vector<std::string>{"bits"});
}

void TestSimKindRegistry::namesAreSorted() {
    SimKindRegistry registry;
    QVERIFY(registry.names().empty());
    for (const char* name : {"roofline", "bits", "cache", "matmul"})
        QVERIFY(registry.add(kindNamed(name)));
    QCOMPARE(registry.names(), (std::vector<std::string>{"bits", "cache", "matmul", "roofline"}));
}

void TestSimKindRegistry::suggest_data() {
    QTest::addColumn<QString>("unknown");
    QTest::addColumn<QString>("suggestion");  // empty: none
    QTest::newRow("one letter wrong") << "bitz"
                                      << "bits";
    QTest::newRow("one letter missing") << "bit"
                                        << "bits";
    QTest::newRow("one letter more") << "bitss"
                                     << "bits";
    QTest::newRow("swapped letters") << "btis"
                                     << "bits";
    QTest::newRow("capitals") << "BITS"
                              << "bits";
    QTest::newRow("swap in a longer name") << "rooflnie"
                                           << "roofline";
    QTest::newRow("plural of a longer name") << "caches"
                                             << "cache";
    QTest::newRow("too far") << "float"
                             << "";
    QTest::newRow("short and different") << "xy"
                                         << "";
    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("very long") << QString(1000, 'b') << "";
}

void TestSimKindRegistry::suggest() {
    QFETCH(QString, unknown);
    QFETCH(QString, suggestion);
    SimKindRegistry registry;
    for (const char* name : {"bits", "cache", "matmul", "roofline"}) registry.add(kindNamed(name));
    const std::optional<std::string> found = registry.suggest(unknown.toStdString());
    QCOMPARE(QString::fromStdString(found.value_or("")), suggestion);
}

QTEST_APPLESS_MAIN(TestSimKindRegistry)
#include "tst_sim_kind_registry.moc"
