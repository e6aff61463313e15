// Decimal input for the float encoder: what it accepts, what it refuses and why, and the exact
// comparison with binary values that decides ties the nearest double cannot.
#include <QtTest>
#include <cmath>
#include <string>

#include "numeric/BigUnsigned.h"
#include "numeric/DecimalNumber.h"

using namespace mlsyslab::numeric;

class TestFloatDecimal : public QObject {
    Q_OBJECT

private slots:
    void accepted_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kind");
        QTest::addColumn<bool>("negative");
        QTest::addColumn<QString>("integerDigits");
        QTest::addColumn<QString>("fractionDigits");
        QTest::addColumn<qlonglong>("exponent");
        const int finite = int(DecimalNumber::Kind::Finite);
        const int infinity = int(DecimalNumber::Kind::Infinity);
        const int nan = int(DecimalNumber::Kind::Nan);
        QTest::newRow("integer") << "42" << finite << false << "42" << "" << 0ll;
        QTest::newRow("plus") << "+3.5" << finite << false << "3" << "5" << 0ll;
        QTest::newRow("minus") << "-0.25" << finite << true << "0" << "25" << 0ll;
        QTest::newRow("leading point") << ".5" << finite << false << "" << "5" << 0ll;
        QTest::newRow("trailing point") << "5." << finite << false << "5" << "" << 0ll;
        QTest::newRow("exponent") << "1e5" << finite << false << "1" << "" << 5ll;
        QTest::newRow("exponent sign") << "1.5E-07" << finite << false << "1" << "5" << -7ll;
        QTest::newRow("exponent plus") << "2e+3" << finite << false << "2" << "" << 3ll;
        QTest::newRow("spaces") << " \t3.5 \r" << finite << false << "3" << "5" << 0ll;
        QTest::newRow("huge exponent") << "1e99999999999999999999" << finite << false << "1" << "" << DecimalNumber::kExponentLimit;
        QTest::newRow("inf") << "inf" << infinity << false << "" << "" << 0ll;
        QTest::newRow("INF") << "-INF" << infinity << true << "" << "" << 0ll;
        QTest::newRow("Infinity") << "Infinity" << infinity << false << "" << "" << 0ll;
        QTest::newRow("nan") << "nan" << nan << false << "" << "" << 0ll;
        QTest::newRow("-NaN") << "-NaN" << nan << true << "" << "" << 0ll;
    }
    void accepted() {
        QFETCH(QString, text);
        QFETCH(int, kind);
        QFETCH(bool, negative);
        QFETCH(QString, integerDigits);
        QFETCH(QString, fractionDigits);
        QFETCH(qlonglong, exponent);
        const std::string input = text.toStdString();
        const auto parsed = parseDecimalNumber(input);
        QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().c_str());
        QCOMPARE(int(parsed->kind), kind);
        QCOMPARE(parsed->negative, negative);
        QCOMPARE(QString::fromStdString(std::string(parsed->integerDigits)), integerDigits);
        QCOMPARE(QString::fromStdString(std::string(parsed->fractionDigits)), fractionDigits);
        QCOMPARE(parsed->exponent, exponent);
    }

    void refused_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << "" << "no number";
        QTest::newRow("spaces") << "   " << "no number";
        QTest::newRow("word") << "abc" << "'abc' is not a decimal number: expected digits, inf or nan";
        QTest::newRow("sign only") << "-" << "expected digits";
        QTest::newRow("point only") << "." << "expected digits";
        QTest::newRow("two points") << "1.2.3" << "unexpected '.' at character 4";
        QTest::newRow("comma") << "1,5" << "unexpected ',' at character 2";
        QTest::newRow("two signs") << "+-1" << "expected digits";
        QTest::newRow("double minus") << "--1" << "expected digits";
        QTest::newRow("no exponent digits") << "1e" << "the exponent has no digits";
        QTest::newRow("exponent sign only") << "1e+" << "the exponent has no digits";
        QTest::newRow("exponent first") << "e5" << "expected digits";
        QTest::newRow("inner space") << "1 2" << "unexpected ' ' at character 2";
        QTest::newRow("hex") << "0x3F80" << "hex is for bit patterns";
        QTest::newRow("almost infinity") << "infinit" << "expected digits";
        QTest::newRow("trailing garbage") << "3.5f" << "unexpected 'f' at character 4";
        QTest::newRow("too long") << QString(1001, '1') << "too long: 1001 characters (at most 1000)";
    }
    void refused() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const std::string input = text.toStdString();
        const auto parsed = parseDecimalNumber(input);
        QVERIFY(!parsed.ok());
        QVERIFY2(QString::fromStdString(parsed.error()).contains(message), parsed.error().c_str());
    }

    void thousandCharactersAreEnough() {
        std::string longest = "0.";
        longest.append(997, '3').append("1");
        QCOMPARE(longest.size(), std::size_t{1000});
        QVERIFY(parseDecimalNumber(longest).ok());
    }

    void leadingDigitExponent_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qlonglong>("exponent");
        QTest::newRow("1234.5") << "1234.5" << 3ll;
        QTest::newRow("0.0123") << "0.0123" << -2ll;
        QTest::newRow("00012") << "00012" << 1ll;
        QTest::newRow("1e5") << "1e5" << 5ll;
        QTest::newRow(".5e-3") << ".5e-3" << -4ll;
    }
    void leadingDigitExponent() {
        QFETCH(QString, text);
        QFETCH(qlonglong, exponent);
        const std::string input = text.toStdString();
        QCOMPARE(parseDecimalNumber(input)->leadingDigitExponent(), exponent);
    }

    void bigUnsignedArithmetic() {
        BigUnsigned tenToTheTwenty;
        tenToTheTwenty.appendDecimalDigits("100000000000000000000");
        BigUnsigned fiveToTheTwenty(1);
        fiveToTheTwenty.multiplyByPowerOfFive(20);
        BigUnsigned built(fiveToTheTwenty);
        built.shiftLeft(20);
        QVERIFY(built == tenToTheTwenty);
        QCOMPARE(BigUnsigned(95367431640625ull) <=> fiveToTheTwenty, std::strong_ordering::equal);
        BigUnsigned larger = tenToTheTwenty;
        larger.multiplyAdd(1, 1);
        QVERIFY(larger > tenToTheTwenty);
        QVERIFY(BigUnsigned(0).isZero());
        BigUnsigned shifted(1);
        shifted.shiftLeft(100);
        BigUnsigned twoToTheHundred;
        twoToTheHundred.appendDecimalDigits("1267650600228229401496703205376");
        QVERIFY(shifted == twoToTheHundred);
    }

    void exactComparison_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("order");
        QTest::newRow("3.5 equal") << "3.5" << 3.5 << 0;
        QTest::newRow("350e-2 equal") << "350e-2" << 3.5 << 0;
        QTest::newRow("0.1 above its double") << "0.1" << 0.1 << -1;  // 0.1 = 0x1.999999999999Ap-4 > 1/10
        QTest::newRow("0.3 below") << "0.3" << 0.3 << 1;          // double(0.3) < 3/10
        QTest::newRow("a hair above 2049") << "2049.0000000000000000001" << 2049.0 << 1;
        QTest::newRow("a hair below 1") << "0.99999999999999999999999" << 1.0 << -1;
        QTest::newRow("below 2^-1074") << "4.9406564584124654417656879286822137236505980e-324" << std::ldexp(1.0, -1074) << -1;
        QTest::newRow("above 2^-1074") << "4.940656458412465441765687928682213723650598030e-324" << std::ldexp(1.0, -1074) << 1;
        QTest::newRow("max double") << "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368" << 1.7976931348623157e308 << 0;
    }
    void exactComparison() {
        QFETCH(QString, text);
        QFETCH(double, value);
        QFETCH(int, order);
        const std::string input = text.toStdString();
        int exponent = 0;
        const double fraction = std::frexp(value, &exponent);
        const auto significand = static_cast<std::uint64_t>(std::ldexp(fraction, 53));
        QCOMPARE(compareMagnitudeWithBinary(*parseDecimalNumber(input), significand, exponent - 53), order);
    }
};

QTEST_GUILESS_MAIN(TestFloatDecimal)
#include "tst_float_decimal.moc"
