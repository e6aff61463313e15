#include <QtTest>
#include <cstdint>
#include <string>

#include "numeric/IntegerArithmetic.h"

using mlsyslab::numeric::BitPattern;
using mlsyslab::numeric::CircleWalk;
using mlsyslab::numeric::IntegerFormat;
using mlsyslab::numeric::IntegerOperation;
using mlsyslab::numeric::IntegerResult;
using mlsyslab::numeric::Signedness;
namespace numeric = mlsyslab::numeric;

Q_DECLARE_METATYPE(Signedness)
Q_DECLARE_METATYPE(IntegerOperation)

namespace {

constexpr IntegerOperation kOperations[] = {IntegerOperation::Add, IntegerOperation::Subtract,
                                            IntegerOperation::Multiply, IntegerOperation::Negate};

std::int64_t valueOf(const BitPattern& pattern, Signedness signedness) {
    return signedness == Signedness::Signed ? pattern.signedValue()
                                            : static_cast<std::int64_t>(pattern.unsignedValue());
}

// The true result from plain 64-bit arithmetic, exact for the 4- and 8-bit formats.
std::int64_t reference(IntegerOperation operation, std::int64_t a, std::int64_t b) {
    switch (operation) {
        case IntegerOperation::Add:
            return a + b;
        case IntegerOperation::Subtract:
            return a - b;
        case IntegerOperation::Multiply:
            return a * b;
        case IntegerOperation::Negate:
            return -a;
    }
    return 0;
}

IntegerResult direct(IntegerOperation operation, const BitPattern& a, const BitPattern& b,
                     Signedness signedness) {
    switch (operation) {
        case IntegerOperation::Add:
            return numeric::add(a, b, signedness);
        case IntegerOperation::Subtract:
            return numeric::subtract(a, b, signedness);
        case IntegerOperation::Multiply:
            return numeric::multiply(a, b, signedness);
        case IntegerOperation::Negate:
            return numeric::negate(a, signedness);
    }
    return numeric::add(a, b, signedness);
}

bool fits(std::int64_t value, IntegerFormat format) {
    const std::int64_t lowest = format.isSigned() ? BitPattern::minSigned(format.width) : 0;
    const std::int64_t highest =
        format.isSigned() ? BitPattern::maxSigned(format.width)
                          : static_cast<std::int64_t>(BitPattern::maxUnsigned(format.width));
    return value >= lowest && value <= highest;
}

// The ALU's flags from their definitions: C from the unsigned reading, V from the signed one
// (for multiply both from the reading asked for), Z and N from the kept bits.
void checkFlags(IntegerOperation operation, const BitPattern& a, const BitPattern& b,
                Signedness signedness, const std::string& where) {
    const int width = a.width();
    const auto trueResult = [&](Signedness reading) {
        return reference(operation, valueOf(a, reading), valueOf(b, reading));
    };
    const bool unsignedMisfit =
        !fits(trueResult(Signedness::Unsigned), {width, Signedness::Unsigned});
    const bool signedMisfit = !fits(trueResult(Signedness::Signed), {width, Signedness::Signed});
    const bool productMisfit = !fits(trueResult(signedness), {width, signedness});
    const bool multiply = operation == IntegerOperation::Multiply;
    const numeric::AluFlags flags = numeric::aluFlags(operation, a, b, signedness);
    const auto kept = static_cast<std::uint64_t>(trueResult(signedness)) & BitPattern::mask(width);
    QVERIFY2(flags.carry == (multiply ? productMisfit : unsignedMisfit), where.c_str());
    QVERIFY2(flags.overflow == (multiply ? productMisfit : signedMisfit), where.c_str());
    QVERIFY2(flags.zero == (kept == 0), where.c_str());
    QVERIFY2(flags.negative == (((kept >> (width - 1)) & 1U) != 0), where.c_str());
}

}  // namespace

// The operation dispatch, the ALU flags, the exact result, the walk round the circle of patterns,
// and casts: what the `int` simulator shows.
class TestIntegerOperations : public QObject {
    Q_OBJECT

private slots:
    void exhaustive_data();
    void exhaustive();
    void wideExactResults_data();
    void wideExactResults();
    void wideWalks_data();
    void wideWalks();
    void lowestPatterns();
    void casts_data();
    void casts();
};

void TestIntegerOperations::exhaustive_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<Signedness>("signedness");
    for (const int width : {4, 8}) {
        QTest::addRow("int%d", width) << width << Signedness::Signed;
        QTest::addRow("uint%d", width) << width << Signedness::Unsigned;
    }
}

// Every operation on every pair of operands: apply() is the operation itself, the exact result
// is the arithmetic one, and the walk ends on the result and crosses the boundary exactly when
// the result overflows.
void TestIntegerOperations::exhaustive() {
    QFETCH(int, width);
    QFETCH(Signedness, signedness);
    const std::uint64_t patterns = std::uint64_t{1} << width;
    for (const IntegerOperation operation : kOperations) {
        for (std::uint64_t left = 0; left < patterns; ++left) {
            for (std::uint64_t right = 0; right < patterns; ++right) {
                const BitPattern a(width, left);
                const BitPattern b(width, right);
                const IntegerResult result = numeric::apply(operation, a, b, signedness);
                const IntegerResult expected = direct(operation, a, b, signedness);
                const std::string where = std::to_string(left) + " op" +
                                          std::to_string(int(operation)) + " " +
                                          std::to_string(right);
                QVERIFY2(result.bits == expected.bits && result.carry == expected.carry &&
                             result.overflow == expected.overflow,
                         where.c_str());
                const std::int64_t exact =
                    reference(operation, valueOf(a, signedness), valueOf(b, signedness));
                QCOMPARE(numeric::exactResultText(operation, a, b, signedness),
                         std::to_string(exact));
                checkFlags(operation, a, b, signedness, where);
                const auto walk = numeric::circleWalk(operation, a, b, signedness);
                if (operation == IntegerOperation::Multiply) {
                    QVERIFY(!walk.has_value());
                    continue;
                }
                QVERIFY2(walk.has_value(), where.c_str());
                QVERIFY2(walk->steps < patterns, where.c_str());
                QVERIFY2(walk->to() == result.bits, where.c_str());
                QVERIFY2(numeric::crossesWrapBoundary(*walk, signedness) == result.overflow,
                         where.c_str());
            }
        }
    }
}

void TestIntegerOperations::wideExactResults_data() {
    QTest::addColumn<IntegerOperation>("operation");
    QTest::addColumn<int>("width");
    QTest::addColumn<Signedness>("signedness");
    QTest::addColumn<qulonglong>("a");
    QTest::addColumn<qulonglong>("b");
    QTest::addColumn<QString>("exact");
    const qulonglong all = ~0ULL;
    const qulonglong top = 1ULL << 63;
    // Checked in Python: (2**64 - 1)**2, (-2**63)**2, -2**63 - 1.
    QTest::newRow("uint64 max squared") << IntegerOperation::Multiply << 64 << Signedness::Unsigned
                                        << all << all << "340282366920938463426481119284349108225";
    QTest::newRow("int64 min squared") << IntegerOperation::Multiply << 64 << Signedness::Signed
                                       << top << top << "85070591730234615865843651857942052864";
    QTest::newRow("int64 min - 1") << IntegerOperation::Subtract << 64 << Signedness::Signed << top
                                   << 1ULL << "-9223372036854775809";
    QTest::newRow("-(int64 min)") << IntegerOperation::Negate << 64 << Signedness::Signed << top
                                  << 0ULL << "9223372036854775808";
    QTest::newRow("uint64 max + max") << IntegerOperation::Add << 64 << Signedness::Unsigned << all
                                      << all << "36893488147419103230";
    QTest::newRow("uint64 0 - max") << IntegerOperation::Subtract << 64 << Signedness::Unsigned
                                    << 0ULL << all << "-18446744073709551615";
    QTest::newRow("int32 min x -1") << IntegerOperation::Multiply << 32 << Signedness::Signed
                                    << 0x80000000ULL << 0xFFFFFFFFULL << "2147483648";
    QTest::newRow("zero") << IntegerOperation::Negate << 16 << Signedness::Signed << 0ULL << 0ULL
                          << "0";
}

void TestIntegerOperations::wideExactResults() {
    QFETCH(IntegerOperation, operation);
    QFETCH(int, width);
    QFETCH(Signedness, signedness);
    QFETCH(qulonglong, a);
    QFETCH(qulonglong, b);
    QFETCH(QString, exact);
    QCOMPARE(QString::fromStdString(numeric::exactResultText(operation, BitPattern(width, a),
                                                             BitPattern(width, b), signedness)),
             exact);
}

void TestIntegerOperations::wideWalks_data() {
    QTest::addColumn<IntegerOperation>("operation");
    QTest::addColumn<Signedness>("signedness");
    QTest::addColumn<qulonglong>("a");
    QTest::addColumn<qulonglong>("b");
    QTest::addColumn<bool>("clockwise");
    QTest::addColumn<qulonglong>("steps");
    const qulonglong all = ~0ULL;
    const qulonglong top = 1ULL << 63;
    QTest::newRow("int64 max + 1")
        << IntegerOperation::Add << Signedness::Signed << top - 1 << 1ULL << true << 1ULL;
    QTest::newRow("uint64 max + 1")
        << IntegerOperation::Add << Signedness::Unsigned << all << 1ULL << true << 1ULL;
    QTest::newRow("uint64 0 - max")
        << IntegerOperation::Subtract << Signedness::Unsigned << 0ULL << all << false << all;
    QTest::newRow("int64 -1 + min")
        << IntegerOperation::Add << Signedness::Signed << all << top << false << top;
    QTest::newRow("int64 0 - min, clockwise half a lap")
        << IntegerOperation::Subtract << Signedness::Signed << 0ULL << top << true << top;
    QTest::newRow("-(int64 min)") << IntegerOperation::Negate << Signedness::Signed << top << 0ULL
                                  << true << top;
    QTest::newRow("int64 5 + -3, no crossing")
        << IntegerOperation::Add << Signedness::Signed << 5ULL << all - 2 << false << 3ULL;
}

// At 64 bits, where a walk can be almost 2^64 steps, it still ends on the result and crosses
// the boundary exactly on overflow.
void TestIntegerOperations::wideWalks() {
    QFETCH(IntegerOperation, operation);
    QFETCH(Signedness, signedness);
    QFETCH(qulonglong, a);
    QFETCH(qulonglong, b);
    QFETCH(bool, clockwise);
    QFETCH(qulonglong, steps);
    const BitPattern left(64, a);
    const BitPattern right(64, b);
    const auto walk = numeric::circleWalk(operation, left, right, signedness);
    QVERIFY(walk.has_value());
    QCOMPARE(walk->clockwise, clockwise);
    QCOMPARE(qulonglong(walk->steps), steps);
    const IntegerResult result = numeric::apply(operation, left, right, signedness);
    QCOMPARE(walk->to(), result.bits);
    QCOMPARE(numeric::crossesWrapBoundary(*walk, signedness), result.overflow);
}

void TestIntegerOperations::lowestPatterns() {
    QCOMPARE(numeric::lowestPattern({8, Signedness::Signed}), BitPattern(8, 0x80));
    QCOMPARE(numeric::lowestPattern({8, Signedness::Unsigned}), BitPattern(8, 0));
    QCOMPARE(numeric::lowestPattern({4, Signedness::Signed}), BitPattern(4, 0x8));
    QCOMPARE(numeric::lowestPattern({64, Signedness::Signed}), BitPattern(64, 1ULL << 63));
}

void TestIntegerOperations::casts_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<qulonglong>("bits");
    QTest::addColumn<Signedness>("readAs");
    QTest::addColumn<int>("targetWidth");
    QTest::addColumn<qulonglong>("expected");
    QTest::newRow("int8 -1 to 16 bits keeps -1")
        << 8 << 0xFFULL << Signedness::Signed << 16 << 0xFFFFULL;
    QTest::newRow("uint8 255 to 16 bits keeps 255")
        << 8 << 0xFFULL << Signedness::Unsigned << 16 << 0xFFULL;
    QTest::newRow("int16 300 to 8 bits wraps to 44")
        << 16 << 300ULL << Signedness::Signed << 8 << 44ULL;
    QTest::newRow("int16 -3 to 4 bits fits")
        << 16 << 0xFFFDULL << Signedness::Signed << 4 << 0xDULL;
    QTest::newRow("int4 -8 to 64 bits")
        << 4 << 0x8ULL << Signedness::Signed << 64 << 0xFFFFFFFFFFFFFFF8ULL;
    QTest::newRow("same width keeps the bits")
        << 8 << 0x80ULL << Signedness::Signed << 8 << 0x80ULL;
}

void TestIntegerOperations::casts() {
    QFETCH(int, width);
    QFETCH(qulonglong, bits);
    QFETCH(Signedness, readAs);
    QFETCH(int, targetWidth);
    QFETCH(qulonglong, expected);
    for (const Signedness target : {Signedness::Signed, Signedness::Unsigned}) {
        QCOMPARE(numeric::castTo(BitPattern(width, bits), readAs, {targetWidth, target}),
                 BitPattern(targetWidth, expected));
    }
}

QTEST_APPLESS_MAIN(TestIntegerOperations)
#include "tst_integer_operations.moc"
