// FP16 (and bf16, tf32, fp8-e5m2) against an exact reference: the sum of two values of these
// formats is computed in double, then rounded once to the format by core/numeric's exact
// conversion. Half-precision arithmetic on the host (_Float16) would round twice; this does not.
#include <QtTest>
#include <cstdint>
#include <string>
#include <vector>

#include "FloatPairGenerators.h"
#include "logic/FloatAdder.h"
#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"

using mlsyslab::logic::FloatAdder;
using mlsyslab::numeric::FloatClass;
using mlsyslab::numeric::FloatFormat;
using mlsyslab::numeric::kBf16;
using mlsyslab::numeric::kFp16;
using mlsyslab::numeric::kFp8E5M2;
using mlsyslab::numeric::kTf32;
namespace numeric = mlsyslab::numeric;

namespace {

// IEEE 754 addition, rounded once to nearest even, with the documented NaN rule (FloatAdder.h).
// Exact for FP16 and FP8: their sums need at most 11 + 40 bits, and a double holds 53. For
// bf16 and tf32 a far smaller operand can round the double, but only onto a value within
// 2^-52 of the larger operand, never onto a halfway point of the narrow format, so the single
// rounding to the format still lands where the exact sum would.
std::uint64_t referenceSum(const FloatFormat& format, std::uint64_t a, std::uint64_t b) {
    const auto first = numeric::decodeFloat(format, a);
    const auto second = numeric::decodeFloat(format, b);
    const std::uint64_t quiet = std::uint64_t{1} << (format.mantissaBits - 1);
    if (first.floatClass == FloatClass::Nan) return a | quiet;
    if (second.floatClass == FloatClass::Nan) return b | quiet;
    if (first.floatClass == FloatClass::Infinity && second.floatClass == FloatClass::Infinity &&
        first.negative != second.negative) {
        return format.signBit() | format.canonicalNanMagnitude();
    }
    return numeric::encodeDouble(format, first.value + second.value);
}

struct Mismatches {
    explicit Mismatches(const FloatFormat& checkedFormat) : format(&checkedFormat) {}
    const FloatFormat* format;
    int count = 0;
    QString first;
    void check(std::uint64_t a, std::uint64_t b, std::uint64_t actual, std::uint64_t expected) {
        if (actual == expected) return;
        if (++count <= 5) {
            const auto hex = [&](std::uint64_t bits) {
                return QString::fromStdString(numeric::floatBitsText(*format, bits));
            };
            first += QStringLiteral("\n  %1 + %2 gave %3, exact %4")
                         .arg(hex(a), hex(b), hex(actual), hex(expected));
        }
    }
    QByteArray message() const {
        return (QString::number(count) + " mismatches:" + first).toUtf8();
    }
};

// Adds every pair through the batch path and compares with the reference.
Mismatches compareAll(const FloatAdder& adder, const std::vector<std::uint64_t>& a,
                      const std::vector<std::uint64_t>& b) {
    std::vector<std::uint64_t> sums(a.size());
    adder.addMany(a, b, sums);
    Mismatches mismatches(adder.format());
    for (std::size_t index = 0; index < sums.size(); ++index) {
        mismatches.check(a[index], b[index], sums[index],
                         referenceSum(adder.format(), a[index], b[index]));
    }
    return mismatches;
}

std::vector<std::uint64_t> patternsWithExponents(const FloatFormat& format, bool negative,
                                                 std::uint64_t lowest, std::uint64_t highest) {
    std::vector<std::uint64_t> patterns;
    for (std::uint64_t exponent = lowest; exponent <= highest; ++exponent) {
        for (std::uint64_t mantissa = 0; mantissa <= format.mantissaMask(); ++mantissa) {
            patterns.push_back(float_pairs::pattern(format, negative, exponent, mantissa));
        }
    }
    return patterns;
}

// Every pair of one list with another.
Mismatches compareCrossProduct(const FloatAdder& adder, const std::vector<std::uint64_t>& left,
                               const std::vector<std::uint64_t>& right) {
    std::vector<std::uint64_t> a, b;
    a.reserve(left.size() * right.size());
    b.reserve(left.size() * right.size());
    for (const std::uint64_t x : left) {
        for (const std::uint64_t y : right) {
            a.push_back(x);
            b.push_back(y);
        }
    }
    return compareAll(adder, a, b);
}

constexpr int kPairsPerFamily = 400'000;
constexpr int kRandomPairs = 1'000'000;

}  // namespace

class TestFloatAdderExact : public QObject {
    Q_OBJECT

private:
    FloatAdder half_ = *FloatAdder::create(kFp16);

private slots:
    void referenceIsRight_data() {
        QTest::addColumn<quint32>("a");
        QTest::addColumn<quint32>("b");
        QTest::addColumn<quint32>("sum");
        QTest::newRow("2.5 + 1.25 = 3.75") << 0x4100u << 0x3D00u << 0x4380u;
        // 2049 is a tie between 2048 and 2050: to even, 2048.
        QTest::newRow("2048 + 1 ties to even") << 0x6800u << 0x3C00u << 0x6800u;
        QTest::newRow("2048 + 3 ties to even, up") << 0x6800u << 0x4200u << 0x6802u;
        QTest::newRow("65504 + 16 overflows") << 0x7BFFu << 0x4C00u << 0x7C00u;
        QTest::newRow("inf + -inf") << 0x7C00u << 0xFC00u << 0xFE00u;
        QTest::newRow("signalling NaN quieted") << 0x7C01u << 0x3C00u << 0x7E01u;
    }

    void referenceIsRight() {
        QFETCH(quint32, a);
        QFETCH(quint32, b);
        QFETCH(quint32, sum);
        QCOMPARE(referenceSum(kFp16, a, b), std::uint64_t{sum});
        QCOMPARE(half_.add(a, b), std::uint64_t{sum});
    }

    void fp16FamiliesMatch_data() {
        QTest::addColumn<QString>("family");
        QTest::addColumn<int>("count");
        for (const std::string& name : float_pairs::familyNames()) {
            const int count = name == "random bits" ? kRandomPairs : kPairsPerFamily;
            QTest::newRow(name.c_str()) << QString::fromStdString(name) << count;
        }
    }

    void fp16FamiliesMatch() {
        QFETCH(QString, family);
        QFETCH(int, count);
        const auto pairs =
            float_pairs::family(kFp16, family.toStdString(), 0x16 + qHash(family), count);
        const Mismatches mismatches = compareAll(half_, pairs.a, pairs.b);
        QVERIFY2(mismatches.count == 0, mismatches.message().constData());
        // The single-pair path agrees with the batch on a prefix.
        Mismatches single(kFp16);
        for (std::size_t index = 0; index < 20'000; ++index) {
            single.check(pairs.a[index], pairs.b[index], half_.add(pairs.a[index], pairs.b[index]),
                         referenceSum(kFp16, pairs.a[index], pairs.b[index]));
        }
        QVERIFY2(single.count == 0, single.message().constData());
    }

    // Exhaustive sweeps of structured subsets.
    void fp16EveryPatternWithEverySpecialValue() {
        std::vector<std::uint64_t> every;
        for (std::uint64_t bits = 0; bits <= 0xFFFF; ++bits) every.push_back(bits);
        const auto specials = float_pairs::specialValues(kFp16);
        Mismatches forward = compareCrossProduct(half_, every, specials);
        QVERIFY2(forward.count == 0, forward.message().constData());
        Mismatches backward = compareCrossProduct(half_, specials, every);
        QVERIFY2(backward.count == 0, backward.message().constData());
    }

    void fp16EveryCancellationNearOne() {
        // [1, 2) minus [0.5, 2): every subtraction with exponents equal or one apart.
        const auto ones = patternsWithExponents(kFp16, false, 15, 15);
        const auto near = patternsWithExponents(kFp16, true, 14, 15);
        const Mismatches mismatches = compareCrossProduct(half_, ones, near);
        QVERIFY2(mismatches.count == 0, mismatches.message().constData());
    }

    void fp16EverySubtractionAcrossTheSubnormalBoundary() {
        // Subnormals and the smallest normals minus each other: results land on both sides.
        const auto positive = patternsWithExponents(kFp16, false, 0, 1);
        const auto negative = patternsWithExponents(kFp16, true, 0, 1);
        const Mismatches mismatches = compareCrossProduct(half_, positive, negative);
        QVERIFY2(mismatches.count == 0, mismatches.message().constData());
    }

    void fp16EverySumNearTheTop() {
        // The two top binades plus the top one: every overflow and rounding overflow.
        const auto top = patternsWithExponents(kFp16, false, 29, 30);
        const auto highest = patternsWithExponents(kFp16, false, 30, 30);
        const Mismatches mismatches = compareCrossProduct(half_, top, highest);
        QVERIFY2(mismatches.count == 0, mismatches.message().constData());
    }

    void fp8E5m2EveryPair() {
        const FloatAdder adder = *FloatAdder::create(kFp8E5M2);
        std::vector<std::uint64_t> every;
        for (std::uint64_t bits = 0; bits <= 0xFF; ++bits) every.push_back(bits);
        const Mismatches mismatches = compareCrossProduct(adder, every, every);
        QVERIFY2(mismatches.count == 0, mismatches.message().constData());
    }

    void widerExponentFormats_data() {
        QTest::addColumn<QString>("format");
        QTest::newRow("bf16") << "bf16";
        QTest::newRow("tf32") << "tf32";
    }

    void widerExponentFormats() {
        QFETCH(QString, format);
        const FloatFormat chosen = format == "bf16" ? kBf16 : kTf32;
        const FloatAdder adder = *FloatAdder::create(chosen);
        for (const std::string& name : float_pairs::familyNames()) {
            const auto pairs = float_pairs::family(chosen, name, 0xB16 + name.size(), 60'000);
            const Mismatches mismatches = compareAll(adder, pairs.a, pairs.b);
            QVERIFY2(mismatches.count == 0,
                     (QString::fromStdString(name) + ": " + QString::fromUtf8(mismatches.message()))
                         .toUtf8()
                         .constData());
        }
    }

    void formatsWithoutTheAdderAreRefused_data() {
        QTest::addColumn<QString>("format");
        QTest::newRow("fp64: too wide for the 32-bit adder") << "fp64";
        QTest::newRow("fp8-e4m3: no infinity") << "fp8-e4m3";
    }

    void formatsWithoutTheAdderAreRefused() {
        QFETCH(QString, format);
        const auto found = numeric::findFloatFormat(format.toStdString());
        QVERIFY(found.has_value());
        const auto adder = FloatAdder::create(*found);
        QVERIFY(!adder.ok());
        QVERIFY2(QString::fromStdString(adder.error()).contains(format), adder.error().c_str());
    }
};

QTEST_GUILESS_MAIN(TestFloatAdderExact)
#include "tst_float_adder_exact.moc"
