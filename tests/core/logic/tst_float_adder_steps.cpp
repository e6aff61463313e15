// The floating-point adder's steps: seed 001's 2.5 + 1.25 = 3.75 snapshot by snapshot, golden
// traces of the hard cases (cancellation, subnormal result, tie with carry out, overflow,
// inf - inf), and invariants every trace keeps.
#include <QtTest>
#include <cmath>
#include <cstdint>

#include "FloatPairGenerators.h"
#include "logic/FloatAdder.h"
#include "logic/FloatAdderText.h"
#include "numeric/FloatDecode.h"

using namespace mlsyslab::logic;
using mlsyslab::numeric::FloatClass;
using mlsyslab::numeric::FloatFormat;
using mlsyslab::numeric::kFp16;
using mlsyslab::numeric::kFp32;
namespace numeric = mlsyslab::numeric;

Q_DECLARE_METATYPE(FloatAdderStage)

namespace {

// A significand in register layout from its binary digits before G, R, S: 0b101'0000'0000 is
// 1.0100000000 in FP16.
constexpr std::uint64_t withExtraBits(std::uint64_t significand) { return significand << 3; }

void expectOperand(const OperandFields& operand, bool negative, std::uint32_t exponentField,
                   int biasedExponent, std::uint64_t significand, FloatClass floatClass) {
    QCOMPARE(operand.negative, negative);
    QCOMPARE(operand.exponentField, exponentField);
    QCOMPARE(operand.biasedExponent, biasedExponent);
    QCOMPARE(operand.exponent, biasedExponent - 15);
    QCOMPARE(operand.significand, significand);
    QCOMPARE(operand.floatClass, floatClass);
}

void expectResult(const FloatAdderStep& step, int biasedExponent, std::uint64_t significand) {
    QVERIFY(step.hasResult);
    QCOMPARE(step.result.negative, false);
    QCOMPARE(step.result.biasedExponent, biasedExponent);
    QCOMPARE(step.result.exponent, biasedExponent - 15);
    QCOMPARE(step.result.significand, significand);
}

QString readGolden(const QString& name) {
    QFile file(QStringLiteral(MLSYSLAB_TEST_DATA_DIR "/logic/fpadd/") + name);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

// The exact value of a register: significand x 2^(exponent - mantissa bits - 3).
double registerValue(const FloatFormat& format, bool negative, int exponent,
                     std::uint64_t significand) {
    const double magnitude =
        std::ldexp(static_cast<double>(significand), exponent - format.mantissaBits - 3);
    return negative ? -magnitude : magnitude;
}

}  // namespace

class TestFloatAdderSteps : public QObject {
    Q_OBJECT

private slots:
    void seedExampleEverySnapshot() {
        // Seed 001: 2.5 = 1.01 x 2^1 (exponent field 16), 1.25 = 1.01 x 2^0 (15); 1.25 is
        // shifted to 0.101 x 2^1 and the sum is 1.111 x 2^1 = 3.75.
        const FloatAdder adder = *FloatAdder::create(kFp16);
        const FloatAdditionTrace trace = adder.trace(0x4100, 0x3D00);
        QCOMPARE(trace.resultBits, std::uint64_t{0x4380});
        QCOMPARE(trace.layout.mantissaBits, 10);
        QCOMPARE(trace.steps.size(), std::size_t{7});
        const std::uint64_t onePointZeroOne = withExtraBits(0b101'0000'0000);
        const std::uint64_t zeroPointOneZeroOne = withExtraBits(0b010'1000'0000);
        const std::uint64_t onePointOneOneOne = withExtraBits(0b111'1000'0000);

        const FloatAdderStep& unpack = trace.steps[0];
        QCOMPARE(unpack.stage, FloatAdderStage::Unpack);
        QCOMPARE(unpack.seedStep, 0);
        QCOMPARE(unpack.title, std::string("Unpack: A = 2.5, B = 1.25"));
        QVERIFY(unpack.explanation.find("1.01 \u00D7 2^1 = 2.5") != std::string::npos);
        QVERIFY(unpack.explanation.find("1.01 \u00D7 2^0 = 1.25") != std::string::npos);
        expectOperand(unpack.first, false, 16, 16, onePointZeroOne, FloatClass::Normal);
        expectOperand(unpack.second, false, 15, 15, onePointZeroOne, FloatClass::Normal);
        QVERIFY(!unpack.hasResult);
        QVERIFY(!unpack.resultBits.has_value());
        QVERIFY(unpack.changed.operands);

        const FloatAdderStep& compare = trace.steps[1];
        QCOMPARE(compare.stage, FloatAdderStage::CompareAndSwap);
        QCOMPARE(compare.seedStep, 1);
        QCOMPARE(compare.title, std::string("Compare exponents: 16 > 15, no swap"));
        QVERIFY(!compare.swapped);
        QVERIFY(!compare.subtract);
        expectOperand(compare.first, false, 16, 16, onePointZeroOne, FloatClass::Normal);
        expectOperand(compare.second, false, 15, 15, onePointZeroOne, FloatClass::Normal);
        QVERIFY(!compare.hasResult);
        QVERIFY(!compare.changed.operands);

        const FloatAdderStep& align = trace.steps[2];
        QCOMPARE(align.stage, FloatAdderStage::Align);
        QCOMPARE(align.seedStep, 2);
        QCOMPARE(align.title, std::string("Align: shift B right by 1"));
        QVERIFY(align.explanation.find("Exponents differ by 1: shift 1.01 \u00D7 2^0 right by 1 "
                                       "to 0.101 \u00D7 2^1.") == 0);
        QCOMPARE(align.exponentDifference, 1);
        QCOMPARE(align.alignShift, 1);
        expectOperand(align.first, false, 16, 16, onePointZeroOne, FloatClass::Normal);
        // The field is still the input's; the working exponent is now the larger one.
        expectOperand(align.second, false, 15, 16, zeroPointOneZeroOne, FloatClass::Normal);
        QVERIFY(align.changed.operands);
        QVERIFY(!align.hasResult);

        const FloatAdderStep& add = trace.steps[3];
        QCOMPARE(add.stage, FloatAdderStage::AddSignificands);
        QCOMPARE(add.seedStep, 3);
        QCOMPARE(add.title, std::string("Add significands: 1.01 + 0.101 = 1.111"));
        QVERIFY(add.explanation.find("1.0100000000|000 + 0.1010000000|000 = 1.1110000000|000") !=
                std::string::npos);
        expectResult(add, 16, onePointOneOneOne);
        QVERIFY(!add.carryOut);
        QVERIFY(add.changed.resultSignificand);
        QVERIFY(!add.changed.operands);

        const FloatAdderStep& normalize = trace.steps[4];
        QCOMPARE(normalize.stage, FloatAdderStage::Normalize);
        QCOMPARE(normalize.seedStep, 4);
        QCOMPARE(normalize.title, std::string("Normalize: already 1.x, no shift"));
        expectResult(normalize, 16, onePointOneOneOne);
        QCOMPARE(normalize.leadingZeros, 0);
        QCOMPARE(normalize.normalizeShift, 0);
        QVERIFY(!normalize.stoppedAtSubnormal);
        QVERIFY(!normalize.exactZero);
        QVERIFY(!normalize.changed.resultSignificand);
        QVERIFY(!normalize.changed.resultExponent);

        const FloatAdderStep& round = trace.steps[5];
        QCOMPARE(round.stage, FloatAdderStage::Round);
        QCOMPARE(round.seedStep, 5);
        QCOMPARE(round.title, std::string("Round: exact, nothing to round"));
        expectResult(round, 16, onePointOneOneOne);
        QVERIFY(!round.guard);
        QVERIFY(!round.sticky);
        QVERIFY(!round.lastPlace);
        QVERIFY(!round.roundedUp);
        QVERIFY(!round.roundingCarriedOut);
        QVERIFY(!round.resultBits.has_value());

        const FloatAdderStep& pack = trace.steps[6];
        QCOMPARE(pack.stage, FloatAdderStage::Pack);
        QCOMPARE(pack.seedStep, 0);
        QCOMPARE(pack.title, std::string("Pack: 0x4380 = 3.75"));
        QVERIFY(pack.explanation.find("0 10000 1110000000 = 0x4380 = 3.75") != std::string::npos);
        expectResult(pack, 16, onePointOneOneOne);
        QVERIFY(!pack.overflow);
        QCOMPARE(pack.resultBits, std::optional<std::uint64_t>(0x4380));
        QVERIFY(pack.changed.resultBits);
        QCOMPARE(pack.specialCase, SpecialCase::None);
    }

    void goldenTraces_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<quint32>("a");
        QTest::addColumn<quint32>("b");
        QTest::addColumn<quint32>("sum");
        QTest::addColumn<QString>("golden");
        // 1 - 0.99951171875: the guard bit saves the answer, then 11 places of cancellation.
        QTest::newRow("cancellation")
            << "fp16" << 0x3C00u << 0xBBFFu << 0x1000u << "fp16-cancellation.txt";
        // 2^-13 - (2 - 2^-10) x 2^-14 = 2^-24: the left shift stops at the smallest exponent.
        QTest::newRow("subnormal result")
            << "fp16" << 0x0800u << 0x87FFu << 0x0001u << "fp16-subnormal-result.txt";
        // 1.9990234375 + 2^-11: exactly half an ulp, odd last place, up to 2.0 with a carry.
        QTest::newRow("tie with carry out")
            << "fp16" << 0x3FFFu << 0x1000u << 0x4000u << "fp16-tie-carry-out.txt";
        // 65504 + 16 = 65520: a tie that rounds up past the largest finite value.
        QTest::newRow("overflow") << "fp16" << 0x7BFFu << 0x4C00u << 0x7C00u << "fp16-overflow.txt";
        QTest::newRow("inf - inf")
            << "fp16" << 0x7C00u << 0xFC00u << 0xFE00u << "fp16-inf-minus-inf.txt";
        QTest::newRow("seed example in fp32")
            << "fp32" << 0x40200000u << 0x3FA00000u << 0x40700000u << "fp32-seed-example.txt";
    }

    void goldenTraces() {
        QFETCH(QString, format);
        QFETCH(quint32, a);
        QFETCH(quint32, b);
        QFETCH(quint32, sum);
        QFETCH(QString, golden);
        const FloatAdder adder = *FloatAdder::create(format == "fp16" ? kFp16 : kFp32);
        const FloatAdditionTrace trace = adder.trace(a, b);
        QCOMPARE(trace.resultBits, std::uint64_t{sum});
        const QString expected = readGolden(golden);
        QVERIFY2(!expected.isEmpty(), qPrintable("missing golden file " + golden));
        QCOMPARE(QString::fromStdString(floatAdditionStepsText(trace)), expected);
    }

    void hardCasesKeyFields() {
        const FloatAdder adder = *FloatAdder::create(kFp16);
        {
            const auto trace = adder.trace(0x3C00, 0xBBFF);  // cancellation
            const FloatAdderStep& align = trace.steps[2];
            QCOMPARE(align.second.significand & 0b111, std::uint64_t{0b100});  // the guard bit
            const FloatAdderStep& normalize = trace.steps[4];
            QCOMPARE(normalize.leadingZeros, 11);
            QCOMPARE(normalize.normalizeShift, 11);
            QCOMPARE(normalize.result.exponent, -11);
        }
        {
            const auto trace = adder.trace(0x0800, 0x87FF);  // subnormal result
            const FloatAdderStep& normalize = trace.steps[4];
            QVERIFY(normalize.stoppedAtSubnormal);
            QCOMPARE(normalize.normalizeShift, 1);
            QCOMPARE(normalize.result.biasedExponent, 1);
            QCOMPARE(trace.steps[6].resultBits, std::optional<std::uint64_t>(0x0001));
        }
        {
            const auto trace = adder.trace(0x3FFF, 0x1000);  // tie with carry out
            const FloatAdderStep& round = trace.steps[5];
            QVERIFY(round.guard && !round.sticky && round.lastPlace);
            QVERIFY(round.roundedUp && round.roundingCarriedOut);
            QCOMPARE(round.result.biasedExponent, 16);
            QCOMPARE(round.result.significand, withExtraBits(0b100'0000'0000));
        }
        {
            const auto trace = adder.trace(0x3C01, 0x3C00);  // carry out of the adder, tie to even
            QVERIFY(trace.steps[3].carryOut);
            QCOMPARE(trace.steps[4].normalizeShift, -1);
            QVERIFY(trace.steps[5].guard && !trace.steps[5].sticky && !trace.steps[5].lastPlace);
            QVERIFY(!trace.steps[5].roundedUp);
            QCOMPARE(trace.resultBits, std::uint64_t{0x4000});
        }
        {
            const auto trace = adder.trace(0x7BFF, 0x7BFF);  // overflow from the carry out
            QVERIFY(trace.steps[6].overflow);
            QCOMPARE(trace.resultBits, std::uint64_t{0x7C00});
        }
        {
            const auto trace = adder.trace(0x4500, 0xC500);  // x + (-x)
            QVERIFY(trace.steps[4].exactZero);
            QCOMPARE(trace.resultBits, std::uint64_t{0x0000});
        }
    }

    void specialCaseTraces_data() {
        QTest::addColumn<quint32>("a");
        QTest::addColumn<quint32>("b");
        QTest::addColumn<int>("specialCase");
        QTest::addColumn<quint32>("sum");
        QTest::newRow("NaN first") << 0x7D00u << 0x3C00u << int(SpecialCase::NanOperand) << 0x7F00u;
        QTest::newRow("NaN second")
            << 0x3C00u << 0xFE01u << int(SpecialCase::NanOperand) << 0xFE01u;
        QTest::newRow("inf - inf")
            << 0xFC00u << 0x7C00u << int(SpecialCase::InfinityMinusInfinity) << 0xFE00u;
        QTest::newRow("inf + 1") << 0x7C00u << 0x3C00u << int(SpecialCase::InfinityOperand)
                                 << 0x7C00u;
        QTest::newRow("1 - inf") << 0x3C00u << 0xFC00u << int(SpecialCase::InfinityOperand)
                                 << 0xFC00u;
        QTest::newRow("inf + inf")
            << 0x7C00u << 0x7C00u << int(SpecialCase::InfinityOperand) << 0x7C00u;
    }

    void specialCaseTraces() {
        QFETCH(quint32, a);
        QFETCH(quint32, b);
        QFETCH(int, specialCase);
        QFETCH(quint32, sum);
        const FloatAdditionTrace trace = FloatAdder::create(kFp16)->trace(a, b);
        QCOMPARE(trace.steps.size(), std::size_t{3});
        QCOMPARE(trace.steps[0].stage, FloatAdderStage::Unpack);
        QVERIFY(!trace.steps[0].resultBits.has_value());
        const FloatAdderStep& special = trace.steps[1];
        QCOMPARE(special.stage, FloatAdderStage::Special);
        QCOMPARE(special.seedStep, 0);
        QCOMPARE(int(special.specialCase), specialCase);
        QCOMPARE(special.resultBits, std::optional<std::uint64_t>(sum));
        QVERIFY(!special.hasResult);
        QVERIFY(special.title.rfind("Special case", 0) == 0);
        QCOMPARE(trace.steps[2].stage, FloatAdderStage::Pack);
        QCOMPARE(trace.steps[2].resultBits, std::optional<std::uint64_t>(sum));
        QCOMPARE(trace.resultBits, std::uint64_t{sum});
    }

    void invariantsOfRandomTraces_data() {
        QTest::addColumn<QString>("format");
        QTest::newRow("fp16") << "fp16";
        QTest::newRow("fp32") << "fp32";
    }

    // Every trace: the stages in order, seed steps, the result only once packed, and the
    // registers' values: exact through the adder when nothing reached the sticky bit, the same
    // value after normalizing, and the packed pattern's value after rounding.
    void invariantsOfRandomTraces() {
        QFETCH(QString, format);
        const FloatFormat chosen = format == "fp16" ? kFp16 : kFp32;
        const FloatAdder adder = *FloatAdder::create(chosen);
        const std::vector<FloatAdderStage> numberStages = {
            FloatAdderStage::Unpack,    FloatAdderStage::CompareAndSwap,
            FloatAdderStage::Align,     FloatAdderStage::AddSignificands,
            FloatAdderStage::Normalize, FloatAdderStage::Round,
            FloatAdderStage::Pack};
        for (const std::string& family : float_pairs::familyNames()) {
            const auto pairs = float_pairs::family(chosen, family, 77, 1500);
            for (std::size_t index = 0; index < pairs.a.size(); ++index) {
                const auto trace = adder.trace(pairs.a[index], pairs.b[index]);
                QCOMPARE(trace.resultBits, adder.add(pairs.a[index], pairs.b[index]));
                QVERIFY(trace.steps.back().resultBits == trace.resultBits);
                for (const auto& step : trace.steps) {
                    QCOMPARE(step.seedStep, seedStepOf(step.stage));
                    QVERIFY(!step.title.empty());
                    QVERIFY(!step.explanation.empty());
                    QVERIFY(step.explanation.find('\n') == std::string::npos);
                }
                if (trace.steps[1].stage == FloatAdderStage::Special) continue;
                QCOMPARE(trace.steps.size(), numberStages.size());
                for (std::size_t step = 0; step < numberStages.size(); ++step) {
                    QCOMPARE(trace.steps[step].stage, numberStages[step]);
                    QCOMPARE(trace.steps[step].resultBits.has_value(), step == 6);
                    QCOMPARE(trace.steps[step].hasResult, step >= 3);
                }
                const auto& align = trace.steps[2];
                const auto& add = trace.steps[3];
                const auto& normalize = trace.steps[4];
                const auto& round = trace.steps[5];
                const double exactSum = numeric::decodeFloat(chosen, pairs.a[index]).value +
                                        numeric::decodeFloat(chosen, pairs.b[index]).value;
                const double afterAdd = registerValue(chosen, add.result.negative,
                                                      add.result.exponent, add.result.significand);
                if ((align.second.significand & 1) == 0 && !normalize.exactZero) {
                    QCOMPARE(afterAdd, exactSum);
                }
                const double afterNormalize =
                    registerValue(chosen, normalize.result.negative, normalize.result.exponent,
                                  normalize.result.significand);
                if (normalize.normalizeShift >= 0) {
                    QCOMPARE(afterNormalize, afterAdd);
                }
                QVERIFY(normalize.exactZero ||
                        (normalize.result.significand >> (chosen.mantissaBits + 4)) == 0);
                if (!trace.steps[6].overflow && !normalize.exactZero) {
                    QCOMPARE(registerValue(chosen, round.result.negative, round.result.exponent,
                                           round.result.significand),
                             numeric::decodeFloat(chosen, trace.resultBits).value);
                }
            }
        }
    }

    void textHelpers() {
        const SignificandLayout layout{10};
        QCOMPARE(significandRegisterText(layout, withExtraBits(0b101'0000'0000)),
                 std::string("1.0100000000|000"));
        QCOMPARE(significandRegisterText(layout, withExtraBits(0b101'0000'0000), true),
                 std::string("01.0100000000|000"));
        QCOMPARE(significandRegisterText(layout, std::uint64_t{1} << 14 | 0b101),
                 std::string("10.0000000000|101"));
        QCOMPARE(significandBinaryText(layout, withExtraBits(0b010'1000'0000)),
                 std::string("0.101"));
        QCOMPARE(significandBinaryText(layout, 0), std::string("0.0"));
        QCOMPARE(significandBinaryText(layout, std::uint64_t{3} << 13), std::string("11.0"));
        QCOMPARE(binaryScientificText(layout, withExtraBits(0b100'0000'0000), -14, true),
                 std::string("-1.0 \u00D7 2^-14"));
        QCOMPARE(exponentFieldText(kFp16, 16), std::string("10000"));
        QCOMPARE(floatAdderStageKey(FloatAdderStage::CompareAndSwap),
                 std::string_view("compare-and-swap"));
        QCOMPARE(specialCaseKey(SpecialCase::InfinityMinusInfinity),
                 std::string_view("inf-minus-inf"));
    }
};

QTEST_GUILESS_MAIN(TestFloatAdderSteps)
#include "tst_float_adder_steps.moc"
