#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/KindSpec.h"
#include "gpu/lesson/CoalescingKind.h"

using mlsyslab::gpu::CoalescingPattern;
using mlsyslab::gpu::CoalescingPatternKind;
using mlsyslab::gpu::coalescingPatternName;
using mlsyslab::lesson::kinds::CoalescingState;
using mlsyslab::lesson::kinds::coalescingKind;
using mlsyslab::testing::describe;

namespace {

QString numbers(const std::vector<std::int64_t>& values) {
    QStringList parts;
    for (const std::int64_t value : values) parts << QString::number(value);
    return parts.join(QLatin1Char(','));
}

// "custom 4B 32 lanes stride=3 offset=1 editable": the whole state in one comparable line (only
// the fields the pattern reads).
QString describe(const CoalescingState& state) {
    const CoalescingPattern& pattern = state.pattern;
    QString text =
        QStringLiteral("%1 %2B %3 lanes")
            .arg(QString::fromLatin1(coalescingPatternName(pattern.kind).data(),
                                     qsizetype(coalescingPatternName(pattern.kind).size())))
            .arg(pattern.elementBytes)
            .arg(pattern.lanes);
    switch (pattern.kind) {
        case CoalescingPatternKind::Custom:
            text += QStringLiteral(" stride=%1 offset=%2").arg(pattern.stride).arg(pattern.offset);
            break;
        case CoalescingPatternKind::Column:
            text += QStringLiteral(" row_length=%1").arg(pattern.rowLength);
            break;
        case CoalescingPatternKind::Permutation:
            text += QStringLiteral(" seed=%1").arg(pattern.seed);
            break;
        case CoalescingPatternKind::Addresses:
            text += QStringLiteral(" addresses=") + numbers(pattern.addresses);
            break;
        default:
            break;
    }
    return text + (state.editable ? QStringLiteral(" editable") : QStringLiteral(" fixed"));
}

}  // namespace

class TestCoalescingKind : public QObject {
    Q_OBJECT

private slots:
    void emptyStateGivesDefaults() {
        for (const char* yaml : {"", "# nothing\n", "~"}) {
            const auto reading = coalescingKind().read(YAML::Load(yaml));
            QCOMPARE(describe(reading.problems), QStringList());
            QCOMPARE(describe(reading.state), QStringLiteral("sequential 4B 32 lanes editable"));
        }
    }

    void validStates_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("state");
        QTest::newRow("misaligned doubles") << "pattern: misaligned\nelem_bytes: 8"
                                            << "misaligned 8B 32 lanes editable";
        QTest::newRow("column") << "pattern: column\nrow_length: 64"
                                << "column 4B 32 lanes row_length=64 editable";
        QTest::newRow("stride implies custom") << "stride: -2\noffset: 62"
                                               << "custom 4B 32 lanes stride=-2 offset=62 editable";
        QTest::newRow("offset implies custom") << "offset: 3"
                                               << "custom 4B 32 lanes stride=1 offset=3 editable";
        QTest::newRow("addresses imply their pattern")
            << "addresses: [0, 4, 16]"
            << "addresses 4B 3 lanes addresses=0,4,16 editable";
        QTest::newRow("addresses in hex") << "addresses: [0x0, 0X80, -0x0, 0x1fffffffffffc]"
                                          << "addresses 4B 4 lanes addresses=0,128,0,"
                                             "562949953421308 editable";
        QTest::newRow("the widest custom stride")
            << "stride: 2147483647\noffset: 2147483647\nlanes: 2"
            << "custom 4B 2 lanes stride=2147483647 offset=2147483647 editable";
        QTest::newRow("permutation") << "pattern: permutation\nseed: 7\nlanes: 16"
                                     << "permutation 4B 16 lanes seed=7 editable";
        QTest::newRow("broadcast of chars, fixed")
            << "pattern: broadcast\nelem_bytes: 1\neditable: false"
            << "broadcast 1B 32 lanes fixed";
        QTest::newRow("reversed partial warp") << "pattern: reversed\nlanes: 8"
                                               << "reversed 4B 8 lanes editable";
        QTest::newRow("16-byte stride 2") << "pattern: stride-2\nelem_bytes: 16"
                                          << "stride-2 16B 32 lanes editable";
    }
    void validStates() {
        QFETCH(QString, yaml);
        QFETCH(QString, state);
        const auto reading = coalescingKind().read(YAML::Load(yaml.toStdString()));
        QCOMPARE(describe(reading.problems).join('\n'), QString());
        QCOMPARE(describe(reading.state), state);
    }

    void problems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("problems");
        QTest::newRow("element size")
            << "elem_bytes: 3"
            << QStringList{
                   "error 0:12 elem_bytes must be 1, 2, 4, 8 or 16: the bytes each lane reads"};
        QTest::newRow("pattern misspelt")
            << "pattern: reverse"
            << QStringList{
                   "error 0:9 pattern must be sequential, misaligned, stride-2, column, "
                   "reversed, broadcast, permutation, custom or addresses; did you mean "
                   "'reversed'?"};
        QTest::newRow("before the array")
            << "stride: -1\noffset: 30"
            << QStringList{
                   "error 0:8 lane 31 would read element -1 (30 + 31 x -1), before the "
                   "start of the array; a larger offset starts the warp further in"};
        QTest::newRow("stride past an int")
            << "stride: 2147483648"
            << QStringList{
                   "error 0:8 stride must be a whole number from -2147483648 to 2147483647"};
        QTest::newRow("stride not a number")
            << "stride: two"
            << QStringList{
                   "error 0:8 stride must be a whole number from -2147483648 to 2147483647"};
        QTest::newRow("negative offset")
            << "offset: -1"
            << QStringList{"error 0:8 offset must be a whole number from 0 to 2147483647"};

        QTest::newRow("stride unused by column")
            << "pattern: column\nstride: 2"
            << QStringList{
                   "warning 1:0 stride is not used by the column pattern (it reads "
                   "row_length)"};
        QTest::newRow("row length unused by sequential")
            << "pattern: sequential\nrow_length: 2"
            << QStringList{
                   "warning 1:0 row_length is not used by the sequential pattern (it sets "
                   "every lane's address itself)"};
        QTest::newRow("addresses need their list")
            << "pattern: addresses"
            << QStringList{
                   "error 0:0 the addresses pattern needs 'addresses: [...]', one byte "
                   "offset per lane"};
        QTest::newRow("too many addresses")
            << "addresses: [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]"
            << QStringList{
                   "error 0:11 addresses must be a list of 1 to 32 byte offsets from the "
                   "array's start (decimal, or hex after 0x), like 0, 4, 8, not 33 of them"};
        QTest::newRow("negative address")
            << "addresses: [0, -4]"
            << QStringList{
                   "error 0:15 addresses: lane 1's address -4 is not from 0 to "
                   "562949953421311"};
        QTest::newRow("address past the address space")
            << "addresses: [0x2000000000000]"
            << QStringList{
                   "error 0:12 addresses: lane 0's address 562949953421312 is not from 0 to "
                   "562949953421311"};
        QTest::newRow("the last address, read past the address space")
            << "addresses: [562949953421311]\nelem_bytes: 2"
            << QStringList{
                   "error 0:0 lane 0's address is beyond the GPU's 2^49-byte virtual address "
                   "space"};
        QTest::newRow("lanes beside addresses")
            << "addresses: [0]\nlanes: 4"
            << QStringList{
                   "warning 1:0 lanes is not used with addresses: one lane per address in "
                   "the list"};
        QTest::newRow("33 lanes") << "lanes: 33"
                                  << QStringList{
                                         "error 0:7 lanes must be a whole number from 1 to 32"};
    }
    void problems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, problems);
        const auto reading = coalescingKind().read(YAML::Load(yaml.toStdString()));
        // Joined, so that a failure shows every message.
        QCOMPARE(describe(reading.problems).join('\n'), problems.join('\n'));
    }
};

QTEST_APPLESS_MAIN(TestCoalescingKind)
#include "tst_coalescing_kind.moc"
