#include <QtTest>
#include <cstdint>
#include <string>

#include "numeric/IntegerArithmetic.h"

using mlsyslab::numeric::BitPattern;
using mlsyslab::numeric::ExactInteger;
using mlsyslab::numeric::IntegerFormat;
using mlsyslab::numeric::IntegerResult;
using mlsyslab::numeric::Signedness;
namespace numeric = mlsyslab::numeric;

Q_DECLARE_METATYPE(Signedness)

namespace {

enum class Operation { Add, Subtract, Multiply, Negate };

// What the engine must give, worked out from plain 64-bit arithmetic (exact for widths up to 8)
// rather than the engine's 128-bit path.
struct Expected {
    std::uint64_t bits = 0;
    std::string value;
    bool carry = false;
    bool overflow = false;
    bool zero = false;
    bool negative = false;
};

Expected reference(Operation operation, IntegerFormat format, std::int64_t a, std::int64_t b) {
    const std::uint64_t mask = BitPattern::mask(format.width);
    const std::uint64_t unsignedA = static_cast<std::uint64_t>(a) & mask;
    const std::uint64_t unsignedB = static_cast<std::uint64_t>(b) & mask;
    std::int64_t trueResult = 0;
    Expected expected;
    switch (operation) {
        case Operation::Add:
            trueResult = a + b;
            expected.carry = unsignedA + unsignedB > mask;
            break;
        case Operation::Subtract:
            trueResult = a - b;
            expected.carry = unsignedA < unsignedB;
            break;
        case Operation::Multiply:
            trueResult = a * b;
            break;
        case Operation::Negate:
            trueResult = -a;
            expected.carry = unsignedA != 0;
            break;
    }
    const std::int64_t lowest = format.isSigned() ? BitPattern::minSigned(format.width) : 0;
    const std::int64_t highest =
        format.isSigned() ? BitPattern::maxSigned(format.width) : static_cast<std::int64_t>(mask);
    expected.overflow = trueResult < lowest || trueResult > highest;
    if (operation == Operation::Multiply) expected.carry = expected.overflow;
    expected.bits = static_cast<std::uint64_t>(trueResult) & mask;
    expected.zero = expected.bits == 0;
    expected.negative = (expected.bits >> (format.width - 1)) & 1U;
    const bool readsNegative = format.isSigned() && expected.negative;
    expected.value = std::to_string(readsNegative ? static_cast<std::int64_t>(expected.bits) -
                                                        static_cast<std::int64_t>(mask) - 1
                                                  : static_cast<std::int64_t>(expected.bits));
    return expected;
}

// "" when equal, else what differs, for QVERIFY2.
std::string mismatches(const IntegerResult& actual, const Expected& expected) {
    std::string found;
    if (actual.bits.bits() != expected.bits) found += " bits";
    if (actual.valueText() != expected.value) found += " value " + actual.valueText();
    if (actual.carry != expected.carry) found += " carry";
    if (actual.overflow != expected.overflow) found += " overflow";
    if (actual.zero != expected.zero) found += " zero";
    if (actual.negative != expected.negative) found += " negative";
    return found;
}

std::string operandsText(std::int64_t a, std::int64_t b) {
    return std::to_string(a) + ", " + std::to_string(b) + ":";
}

// Decimal text of a 128-bit number (values just past the 64-bit range).
std::string decimal(__int128 value) {
    if (value == 0) return "0";
    const bool negative = value < 0;
    unsigned __int128 magnitude =
        negative ? static_cast<unsigned __int128>(0) - static_cast<unsigned __int128>(value)
                 : static_cast<unsigned __int128>(value);
    std::string digits;
    for (; magnitude != 0; magnitude /= 10)
        digits.insert(digits.begin(), char('0' + magnitude % 10));
    return negative ? "-" + digits : digits;
}

ExactInteger exact(const std::string& text) {
    const auto parsed = numeric::parseExactInteger(text);
    if (!parsed) qFatal("test input '%s' does not parse: %s", text.c_str(), parsed.error().c_str());
    return *parsed;
}

// The exhaustive tests run over every 4- and 8-bit format.
void addFormatRows() {
    QTest::addColumn<int>("width");
    QTest::addColumn<Signedness>("signedness");
    for (const int width : {4, 8}) {
        QTest::addRow("int%d", width) << width << Signedness::Signed;
        QTest::addRow("uint%d", width) << width << Signedness::Unsigned;
    }
}

}  // namespace

class TestIntegerArithmetic : public QObject {
    Q_OBJECT

private slots:
    void knownResults_data();
    void knownResults();
    void exhaustiveOperations_data() { addFormatRows(); }
    void exhaustiveOperations();
    void exhaustiveConversions_data() { addFormatRows(); }
    void exhaustiveConversions();
    void rangeEdgesAtEveryWidth();
    void parseErrors_data();
    void parseErrors();
    void operandsMustFit_data();
    void operandsMustFit();
    void extensionAndTruncation();
};

// Seed examples (DESIGN.md §4) and the boundaries of 16, 32 and 64 bits, worked by hand and
// checked in Python (e.g. (10**30) % 2**64).
void TestIntegerArithmetic::knownResults_data() {
    QTest::addColumn<QString>("operation");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("isSigned");
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("hex");
    QTest::addColumn<QString>("flags");  // C V Z N, as on a status register: "1001"

    const auto row = [](const char* operation, int width, bool isSigned, const char* a,
                        const char* b, const char* value, const char* hex, const char* flags) {
        QTest::addRow("%s %s%d %s %s", operation, isSigned ? "int" : "uint", width, a, b)
            << operation << width << isSigned << a << b << value << hex << flags;
    };
    const char* min64 = "-9223372036854775808";
    const char* max64 = "9223372036854775807";
    const char* maxU64 = "18446744073709551615";
    row("add", 8, true, "127", "1", "-128", "0x80", "0101");
    row("add", 8, false, "255", "1", "0", "0x00", "1110");
    row("neg", 8, true, "-128", "", "-128", "0x80", "1101");
    row("add", 8, true, "5", "3", "8", "0x08", "0000");
    row("wrap", 8, true, "300", "", "44", "0x2C", "0100");
    row("repr", 4, true, "-8", "", "-8", "0x8", "0001");
    row("wrap", 8, false, "-1", "", "255", "0xFF", "0101");
    row("add", 8, true, "-1", "1", "0", "0x00", "1010");  // carry out, no signed overflow
    row("sub", 8, false, "0", "1", "255", "0xFF", "1101");
    row("sub", 8, true, "0", "1", "-1", "0xFF", "1001");
    row("sub", 8, true, "-128", "1", "127", "0x7F", "0100");

    row("add", 16, true, "32767", "1", "-32768", "0x8000", "0101");
    row("sub", 16, true, "-32768", "1", "32767", "0x7FFF", "0100");
    row("mul", 16, true, "256", "128", "-32768", "0x8000", "1101");
    row("mul", 16, false, "256", "256", "0", "0x0000", "1110");
    row("mul", 16, true, "-1", "-32768", "-32768", "0x8000", "1101");
    row("wrap", 16, false, "65536", "", "0", "0x0000", "0110");
    row("wrap", 16, true, "32768", "", "-32768", "0x8000", "0101");
    row("wrap", 16, true, "-32769", "", "32767", "0x7FFF", "0100");
    row("wrap", 16, true, "10000000000000000000000000000000000012345", "", "12345", "0x3039",
        "0100");

    row("mul", 32, true, "65536", "32768", "-2147483648", "0x80000000", "1101");
    row("mul", 32, false, "65535", "65537", "4294967295", "0xFFFFFFFF", "0001");
    row("add", 32, false, "4294967295", "1", "0", "0x00000000", "1110");
    row("neg", 32, true, "-2147483648", "", "-2147483648", "0x80000000", "1101");
    row("neg", 32, false, "0", "", "0", "0x00000000", "0010");
    row("neg", 32, false, "1", "", "4294967295", "0xFFFFFFFF", "1101");
    row("wrap", 32, true, "4294967295", "", "-1", "0xFFFFFFFF", "0101");
    row("wrap", 32, true, "-000000000000000000000000000000000000000042", "", "-42", "0xFFFFFFD6",
        "0001");

    row("neg", 64, true, min64, "", min64, "0x8000000000000000", "1101");
    row("neg", 64, true, max64, "", "-9223372036854775807", "0x8000000000000001", "1001");
    row("add", 64, false, maxU64, "1", "0", "0x0000000000000000", "1110");
    row("add", 64, true, max64, "1", min64, "0x8000000000000000", "0101");
    row("add", 64, true, min64, min64, "0", "0x0000000000000000", "1110");
    row("sub", 64, true, min64, "1", max64, "0x7FFFFFFFFFFFFFFF", "0100");
    row("sub", 64, false, "0", maxU64, "1", "0x0000000000000001", "1100");
    row("mul", 64, false, "4294967296", "4294967296", "0", "0x0000000000000000", "1110");
    row("mul", 64, false, "4294967295", "4294967297", maxU64, "0xFFFFFFFFFFFFFFFF", "0001");
    row("mul", 64, false, maxU64, maxU64, "1", "0x0000000000000001", "1100");
    row("mul", 64, true, max64, "2", "-2", "0xFFFFFFFFFFFFFFFE", "1101");
    row("mul", 64, true, min64, "-1", min64, "0x8000000000000000", "1101");
    row("mul", 64, true, "-4294967296", "2147483648", min64, "0x8000000000000000", "0001");
    row("mul", 64, true, "3037000499", "3037000499", "9223372030926249001", "0x7FFFFFFE9EA1DC29",
        "0000");
    row("mul", 64, true, "3037000500", "3037000500", "-9223372036709301616", "0x8000000008ABC290",
        "1101");
    row("wrap", 64, false, "18446744073709551616", "", "0", "0x0000000000000000", "0110");
    row("wrap", 64, true, maxU64, "", "-1", "0xFFFFFFFFFFFFFFFF", "0101");
    row("repr", 64, true, min64, "", min64, "0x8000000000000000", "0001");
    row("wrap", 64, false, min64, "", "9223372036854775808", "0x8000000000000000", "0101");
    row("repr", 64, true, "9223372036854775808", "", min64, "0x8000000000000000", "0101");
    row("wrap", 64, true, "1000000000000000000000000000000", "", "5076944270305263616",
        "0x4674EDEA40000000", "0100");
    row("wrap", 64, true, "-1000000000000000000000000000000", "", "-5076944270305263616",
        "0xB98B1215C0000000", "0101");
    row("wrap", 64, true, "123456789012345678901234567890", "", "-4362896299872285998",
        "0xC373E0EE4E3F0AD2", "0101");
    row("wrap", 64, false, "-123456789012345678901234567890", "", "4362896299872285998",
        "0x3C8C1F11B1C0F52E", "0100");
    row("wrap", 64, true, "340282366920938463463374607431768211459", "", "3", "0x0000000000000003",
        "0100");  // 2^128 + 3
    row("wrap", 64, true, "-18446744073709551615", "", "1", "0x0000000000000001", "0100");
    row("wrap", 64, true, "-18446744073709551616", "", "0", "0x0000000000000000", "0110");
    row("wrap", 64, false, "-18446744073709551617", "", maxU64, "0xFFFFFFFFFFFFFFFF", "0101");
    row("wrap", 8, false, "1000000000000000000000000000000", "", "0", "0x00", "0110");
    row("wrap", 8, true, "-0", "", "0", "0x00", "0010");
    row("wrap", 8, false, "-0", "", "0", "0x00", "0010");
    row("repr", 8, true, " +127 ", "", "127", "0x7F", "0000");
}

void TestIntegerArithmetic::knownResults() {
    QFETCH(QString, operation);
    QFETCH(int, width);
    QFETCH(bool, isSigned);
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QString, value);
    QFETCH(QString, hex);
    QFETCH(QString, flags);

    const IntegerFormat format{width, isSigned ? Signedness::Signed : Signedness::Unsigned};
    const auto operand = [&](const QString& text) {
        const auto parsed = numeric::parseOperand(text.toStdString(), format);
        if (!parsed) qFatal("operand '%s': %s", qPrintable(text), parsed.error().c_str());
        return *parsed;
    };
    IntegerResult result;
    if (operation == "repr") result = numeric::represent(exact(a.toStdString()), format);
    if (operation == "wrap") result = numeric::wrap(exact(a.toStdString()), format);
    if (operation == "add") result = numeric::add(operand(a), operand(b), format.signedness);
    if (operation == "sub") result = numeric::subtract(operand(a), operand(b), format.signedness);
    if (operation == "mul") result = numeric::multiply(operand(a), operand(b), format.signedness);
    if (operation == "neg") result = numeric::negate(operand(a), format.signedness);

    QCOMPARE(result.bits.width(), width);
    QCOMPARE(QString::fromStdString(result.valueText()), value);
    QCOMPARE(QString::fromStdString(result.bits.hex()), hex);
    const QString actualFlags = QString("%1%2%3%4")
                                    .arg(int(result.carry))
                                    .arg(int(result.overflow))
                                    .arg(int(result.zero))
                                    .arg(int(result.negative));
    QCOMPARE(actualFlags, flags);
}

// Every operand pair of every operation, against the reference, and the overflow flag against
// the rule an ALU uses: a signed sum overflows when both operands have one sign and the result
// the other.
void TestIntegerArithmetic::exhaustiveOperations() {
    QFETCH(int, width);
    QFETCH(Signedness, signedness);
    const IntegerFormat format{width, signedness};
    const std::int64_t lowest = format.isSigned() ? BitPattern::minSigned(width) : 0;
    const std::int64_t highest = format.isSigned()
                                     ? BitPattern::maxSigned(width)
                                     : static_cast<std::int64_t>(BitPattern::mask(width));
    const auto pattern = [&](std::int64_t value) {
        return BitPattern(width, static_cast<std::uint64_t>(value));
    };
    const auto topBit = [&](std::uint64_t bits) { return ((bits >> (width - 1)) & 1U) != 0; };

    int checks = 0;
    for (std::int64_t a = lowest; a <= highest; ++a) {
        const IntegerResult negated = numeric::negate(pattern(a), signedness);
        const std::string negateDifference =
            mismatches(negated, reference(Operation::Negate, format, a, 0));
        QVERIFY2(negateDifference.empty(),
                 ("neg " + std::to_string(a) + ":" + negateDifference).c_str());
        for (std::int64_t b = lowest; b <= highest; ++b) {
            const IntegerResult sum = numeric::add(pattern(a), pattern(b), signedness);
            const IntegerResult subtraction = numeric::subtract(pattern(a), pattern(b), signedness);
            const IntegerResult product = numeric::multiply(pattern(a), pattern(b), signedness);
            const std::string found =
                mismatches(sum, reference(Operation::Add, format, a, b)) +
                mismatches(subtraction, reference(Operation::Subtract, format, a, b)) +
                mismatches(product, reference(Operation::Multiply, format, a, b));
            QVERIFY2(found.empty(), (operandsText(a, b) + found).c_str());
            if (format.isSigned()) {
                const bool signA = topBit(pattern(a).bits());
                const bool signB = topBit(pattern(b).bits());
                QCOMPARE(sum.overflow, signA == signB && topBit(sum.bits.bits()) != signA);
                QCOMPARE(subtraction.overflow,
                         signA != signB && topBit(subtraction.bits.bits()) != signA);
            }
            checks += 3;
        }
    }
    const int count = static_cast<int>(highest - lowest + 1);
    QCOMPARE(checks, 3 * count * count);
}

// repr and wrap of every value in range and of two ranges' worth either side, entered as text.
void TestIntegerArithmetic::exhaustiveConversions() {
    QFETCH(int, width);
    QFETCH(Signedness, signedness);
    const IntegerFormat format{width, signedness};
    const std::int64_t modulus = std::int64_t{1} << width;
    const std::int64_t lowest = format.isSigned() ? BitPattern::minSigned(width) : 0;
    const std::int64_t highest = lowest + modulus - 1;
    for (std::int64_t value = lowest - 2 * modulus; value <= highest + 2 * modulus; ++value) {
        const std::string text = std::to_string(value);
        const ExactInteger number = exact(text);
        const bool inRange = value >= lowest && value <= highest;
        // Python's modulo: the representative in [lowest, highest] congruent to value.
        const std::int64_t wrapped = ((value - lowest) % modulus + modulus) % modulus + lowest;
        Expected expected;
        expected.bits = static_cast<std::uint64_t>(wrapped) & BitPattern::mask(width);
        expected.value = std::to_string(wrapped);
        expected.overflow = !inRange;
        expected.zero = wrapped == 0;
        expected.negative = (expected.bits >> (width - 1)) & 1U;
        const std::string found = mismatches(numeric::represent(number, format), expected) +
                                  mismatches(numeric::wrap(number, format), expected);
        QVERIFY2(found.empty(), (text + ":" + found).c_str());
        QCOMPARE(number.fitsIn(format), inRange);
        QCOMPARE(numeric::parseOperand(text, format).ok(), inRange);
    }
}

// At every width 4..64: the ends of the range fit, one past them wraps around to the other end.
void TestIntegerArithmetic::rangeEdgesAtEveryWidth() {
    for (int width = IntegerFormat::kMinWidth; width <= IntegerFormat::kMaxWidth; ++width) {
        for (const Signedness signedness : {Signedness::Signed, Signedness::Unsigned}) {
            const IntegerFormat format{width, signedness};
            const __int128 lowest = format.isSigned() ? BitPattern::minSigned(width) : 0;
            const __int128 highest = format.isSigned() ? __int128{BitPattern::maxSigned(width)}
                                                       : __int128{BitPattern::maxUnsigned(width)};
            const auto check = [&](__int128 value, bool fits, __int128 wrapsTo) {
                const IntegerResult result = numeric::wrap(exact(decimal(value)), format);
                const std::string context =
                    format.describe() + ": " + decimal(value) + " gave " + result.valueText();
                QVERIFY2(result.overflow == !fits, context.c_str());
                QVERIFY2(result.valueText() == decimal(wrapsTo), context.c_str());
            };
            check(lowest, true, lowest);
            check(highest, true, highest);
            check(highest + 1, false, lowest);
            check(lowest - 1, false, highest);

            // The sum past the top wraps to the bottom with overflow; carry only when unsigned.
            const BitPattern top = *numeric::parseOperand(decimal(highest), format);
            const BitPattern one = *numeric::parseOperand("1", format);
            const IntegerResult sum = numeric::add(top, one, signedness);
            QVERIFY(sum.overflow);
            QCOMPARE(sum.carry, !format.isSigned());
            QCOMPARE(QString::fromStdString(sum.valueText()),
                     QString::fromStdString(decimal(lowest)));
        }
    }
}

void TestIntegerArithmetic::parseErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    const auto row = [](const char* name, const char* text, const char* message) {
        QTest::newRow(name) << text << message;
    };
    row("empty", "", "type a whole number");
    row("spaces", "   ", "type a whole number");
    row("sign only", "-", "'-' has no digits");
    row("plus only", "+", "'+' has no digits");
    row("two signs", "--5", "'--5' is not a decimal number: '-' is not a digit 0-9");
    row("fraction", "1.5", "'1.5' is not a whole number: integers have no fraction");
    row("comma", "1,000", "'1,000' is not a whole number");
    row("letters", "abc", "'abc' is not a decimal number: 'a' is not a digit 0-9");
    row("hex", "0x10", "'x' is not a digit 0-9");
    row("exponent", "1e3", "'e' is not a digit 0-9");
    row("inner space", "1 000", "' ' is not a digit 0-9");
    row("huge then letter", "123456789012345678901234567890z", "'z' is not a digit");
}

void TestIntegerArithmetic::parseErrors() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    const auto parsed = numeric::parseExactInteger(text.toStdString());
    QVERIFY(!parsed);
    QVERIFY2(QString::fromStdString(parsed.error()).contains(message), parsed.error().c_str());
    const auto operand = numeric::parseOperand(text.toStdString(), {8, Signedness::Signed});
    QVERIFY(!operand);
    QCOMPARE(operand.error(), parsed.error());
}

void TestIntegerArithmetic::operandsMustFit_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("isSigned");
    QTest::addColumn<QString>("message");
    const auto row = [](const QString& text, int width, bool isSigned, const char* message) {
        QTest::addRow("%s %s%d", qPrintable(text.left(24)), isSigned ? "int" : "uint", width)
            << text << width << isSigned << message;
    };
    row("300", 8, true, "300 does not fit in 8 bits signed (-128 to 127)");
    row("128", 8, true, "128 does not fit in 8 bits signed (-128 to 127)");
    row("-129", 8, true, "-129 does not fit in 8 bits signed");
    row("-1", 8, false, "-1 does not fit in 8 bits unsigned (0 to 255)");
    row("16", 4, false, "16 does not fit in 4 bits unsigned (0 to 15)");
    row("18446744073709551616", 64, false,
        "does not fit in 64 bits unsigned (0 to 18446744073709551615)");
    row("-1" + QString(40, '0'), 64, true,
        "does not fit in 64 bits signed (-9223372036854775808 to 9223372036854775807)");
}

void TestIntegerArithmetic::operandsMustFit() {
    QFETCH(QString, text);
    QFETCH(int, width);
    QFETCH(bool, isSigned);
    QFETCH(QString, message);
    const IntegerFormat format{width, isSigned ? Signedness::Signed : Signedness::Unsigned};
    const auto operand = numeric::parseOperand(text.toStdString(), format);
    QVERIFY(!operand);
    QVERIFY2(QString::fromStdString(operand.error()).contains(message), operand.error().c_str());
}

// Sign extension keeps the signed value, zero extension the unsigned one; truncation keeps the
// low bits, and the value only when it fits the narrower width. Every 8-bit pattern.
void TestIntegerArithmetic::extensionAndTruncation() {
    for (std::uint64_t bits = 0; bits <= 0xFF; ++bits) {
        const BitPattern byte(8, bits);
        for (const int wider : {8, 16, 64}) {
            QCOMPARE(numeric::signExtended(byte, wider).signedValue(), byte.signedValue());
            QCOMPARE(numeric::zeroExtended(byte, wider).unsignedValue(), byte.unsignedValue());
        }
        const BitPattern nibble = numeric::truncated(byte, 4);
        QCOMPARE(nibble, BitPattern(4, bits & 0xF));
        const bool signedFits = byte.signedValue() >= -8 && byte.signedValue() <= 7;
        QCOMPARE(numeric::truncationKeepsValue(byte, 4, Signedness::Signed), signedFits);
        QCOMPARE(numeric::truncationKeepsValue(byte, 4, Signedness::Unsigned), bits <= 15);
    }
    QCOMPARE(QString::fromStdString(numeric::signExtended(BitPattern(32, 0x80000000), 64).hex()),
             QStringLiteral("0xFFFFFFFF80000000"));
    QCOMPARE(QString::fromStdString(numeric::zeroExtended(BitPattern(32, 0x80000000), 64).hex()),
             QStringLiteral("0x0000000080000000"));
    QCOMPARE(QString::fromStdString(numeric::signExtended(BitPattern(4, 0b1000), 8).binary()),
             QStringLiteral("11111000"));
    QCOMPARE(
        QString::fromStdString(numeric::truncated(BitPattern(64, 0x123456789ABCDEF0), 16).hex()),
        QStringLiteral("0xDEF0"));
    QVERIFY(!numeric::truncationKeepsValue(BitPattern(16, 0x0100), 8, Signedness::Unsigned));
}

QTEST_APPLESS_MAIN(TestIntegerArithmetic)
#include "tst_integer_arithmetic.moc"
