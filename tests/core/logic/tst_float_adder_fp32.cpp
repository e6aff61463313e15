// The FP32 datapath against the host's own float addition, bit for bit (NaNs included): millions
// of seeded pairs from every generator family, and every pair of special values.
#include <QtTest>
#include <bit>
#include <cstdint>
#include <string>

#if defined(__SSE__) || defined(_M_X64)
#include <immintrin.h>
#endif

#include "FloatPairGenerators.h"
#include "logic/FloatAdder.h"
#include "numeric/FloatDecode.h"

using mlsyslab::logic::FloatAdder;
using mlsyslab::numeric::kFp32;

namespace {

// The host's IEEE single-precision addition. On x86 through the SSE instruction itself: its
// NaN rule (the first NaN operand wins) is what the datapath follows, and a plain `a + b`
// lets the compiler swap the operands of a commutative operation.
// The operands pass through volatiles so the compiler cannot fold a sum of constants with
// its own NaN rule instead of the processor's.
std::uint32_t hostSum(std::uint32_t aBits, std::uint32_t bBits) {
    volatile std::uint32_t aStored = aBits;
    volatile std::uint32_t bStored = bBits;
    const float a = std::bit_cast<float>(static_cast<std::uint32_t>(aStored));
    const float b = std::bit_cast<float>(static_cast<std::uint32_t>(bStored));
#if defined(__SSE__) || defined(_M_X64)
    return std::bit_cast<std::uint32_t>(_mm_cvtss_f32(_mm_add_ss(_mm_set_ss(a), _mm_set_ss(b))));
#else
    volatile float sum = a + b;
    return std::bit_cast<std::uint32_t>(static_cast<float>(sum));
#endif
}

QString hex(std::uint64_t bits) {
    return QString::fromStdString(mlsyslab::numeric::floatBitsText(kFp32, bits));
}

// Counts disagreements and keeps the first few for the failure message.
struct Mismatches {
    int count = 0;
    QString first;
    void check(std::uint64_t a, std::uint64_t b, std::uint64_t actual, std::uint64_t expected) {
        if (actual == expected) return;
        if (++count <= 5) {
            first += QStringLiteral("\n  %1 + %2 gave %3, host %4")
                         .arg(hex(a), hex(b), hex(actual), hex(expected));
        }
    }
    QByteArray message() const {
        return (QString::number(count) + " mismatches:" + first).toUtf8();
    }
};

constexpr int kPairsPerFamily = 600'000;
constexpr int kRandomPairs = 1'500'000;
// The single-pair path and the traces are checked on a prefix of each family.
constexpr std::size_t kSinglePathPairs = 20'000;
constexpr std::size_t kTracedPairs = 300;

}  // namespace

class TestFloatAdderFp32 : public QObject {
    Q_OBJECT

private:
    FloatAdder adder_ = *FloatAdder::create(kFp32);

private slots:
    void theHostFollowsTheDocumentedNanRule() {
        // The suite's reference must itself show the rule FloatAdder.h documents.
        QCOMPARE(hostSum(0x7F800000, 0xFF800000), 0xFFC00000u);  // inf + -inf
        QCOMPARE(hostSum(0x7F800001, 0x7FC00005), 0x7FC00001u);  // first NaN, quieted
        QCOMPARE(hostSum(0x3F800000, 0xFF800005), 0xFFC00005u);  // sign and payload kept
    }

    void familiesMatchTheHost_data() {
        QTest::addColumn<QString>("family");
        QTest::addColumn<int>("count");
        for (const std::string& name : float_pairs::familyNames()) {
            const int count = name == "random bits" ? kRandomPairs : kPairsPerFamily;
            QTest::newRow(name.c_str()) << QString::fromStdString(name) << count;
        }
    }

    void familiesMatchTheHost() {
        QFETCH(QString, family);
        QFETCH(int, count);
        const std::uint64_t seed = 0xF1A7 + qHash(family);
        const auto pairs = float_pairs::family(kFp32, family.toStdString(), seed, count);
        std::vector<std::uint64_t> sums(pairs.a.size());
        adder_.addMany(pairs.a, pairs.b, sums);
        Mismatches batch;
        for (std::size_t index = 0; index < sums.size(); ++index) {
            const auto a = static_cast<std::uint32_t>(pairs.a[index]);
            const auto b = static_cast<std::uint32_t>(pairs.b[index]);
            batch.check(a, b, sums[index], hostSum(a, b));
        }
        QVERIFY2(batch.count == 0, batch.message().constData());

        Mismatches single;
        for (std::size_t index = 0; index < kSinglePathPairs; ++index) {
            single.check(pairs.a[index], pairs.b[index], adder_.add(pairs.a[index], pairs.b[index]),
                         sums[index]);
        }
        QVERIFY2(single.count == 0, single.message().constData());
        Mismatches traced;
        for (std::size_t index = 0; index < kTracedPairs; ++index) {
            traced.check(pairs.a[index], pairs.b[index],
                         adder_.trace(pairs.a[index], pairs.b[index]).resultBits, sums[index]);
        }
        QVERIFY2(traced.count == 0, traced.message().constData());
    }

    void everyPairOfSpecialValues() {
        const auto values = float_pairs::specialValues(kFp32);
        Mismatches mismatches;
        for (const std::uint64_t a : values) {
            for (const std::uint64_t b : values) {
                mismatches.check(
                    a, b, adder_.add(a, b),
                    hostSum(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)));
            }
        }
        QVERIFY2(mismatches.count == 0, mismatches.message().constData());
    }

    void specialValuesAgainstRandomPatterns() {
        const auto values = float_pairs::specialValues(kFp32);
        float_pairs::Draw draw(2024);
        Mismatches mismatches;
        for (const std::uint64_t special : values) {
            for (int index = 0; index < 2000; ++index) {
                const auto other = static_cast<std::uint32_t>(draw.bits());
                mismatches.check(special, other, adder_.add(special, other),
                                 hostSum(static_cast<std::uint32_t>(special), other));
                mismatches.check(other, special, adder_.add(other, special),
                                 hostSum(other, static_cast<std::uint32_t>(special)));
            }
        }
        QVERIFY2(mismatches.count == 0, mismatches.message().constData());
    }

    void namedSpecialCases_data() {
        QTest::addColumn<quint32>("a");
        QTest::addColumn<quint32>("b");
        QTest::addColumn<quint32>("sum");
        QTest::newRow("+0 + -0 = +0") << 0x00000000u << 0x80000000u << 0x00000000u;
        QTest::newRow("-0 + +0 = +0") << 0x80000000u << 0x00000000u << 0x00000000u;
        QTest::newRow("-0 + -0 = -0") << 0x80000000u << 0x80000000u << 0x80000000u;
        QTest::newRow("x + -x = +0") << 0xC0490FDBu << 0x40490FDBu << 0x00000000u;
        QTest::newRow("inf + -inf = default NaN") << 0x7F800000u << 0xFF800000u << 0xFFC00000u;
        QTest::newRow("inf + x = inf") << 0xFF800000u << 0x7F7FFFFFu << 0xFF800000u;
        QTest::newRow("max + max overflows") << 0x7F7FFFFFu << 0x7F7FFFFFu << 0x7F800000u;
        QTest::newRow("rounding overflows") << 0x7F7FFFFFu << 0x73000000u << 0x7F800000u;
        QTest::newRow("just below overflow") << 0x7F7FFFFFu << 0x72FFFFFFu << 0x7F7FFFFFu;
        QTest::newRow("subnormal + subnormal = normal")
            << 0x00400000u << 0x00400000u << 0x00800000u;
        QTest::newRow("normal - normal = subnormal") << 0x00800001u << 0x80800000u << 0x00000001u;
        QTest::newRow("signalling NaN quieted") << 0x7F800001u << 0x3F800000u << 0x7FC00001u;
        QTest::newRow("second NaN when first is a number")
            << 0x3F800000u << 0xFFA00000u << 0xFFE00000u;
        QTest::newRow("first of two NaNs") << 0xFFC00007u << 0x7FC00009u << 0xFFC00007u;
    }

    void namedSpecialCases() {
        QFETCH(quint32, a);
        QFETCH(quint32, b);
        QFETCH(quint32, sum);
        QCOMPARE(hostSum(a, b), sum);  // the table itself is right
        QCOMPARE(adder_.add(a, b), std::uint64_t{sum});
        QCOMPARE(adder_.trace(a, b).resultBits, std::uint64_t{sum});
    }
};

QTEST_GUILESS_MAIN(TestFloatAdderFp32)
#include "tst_float_adder_fp32.moc"
