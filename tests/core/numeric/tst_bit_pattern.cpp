#include <QtTest>
#include <cstdint>
#include <string>

#include "numeric/BitPattern.h"
#include "numeric/BitPatternText.h"

using mlsyslab::Result;
using mlsyslab::numeric::BitPattern;
using mlsyslab::numeric::parseBinaryText;
using mlsyslab::numeric::parseHexText;
using mlsyslab::numeric::parseSignedText;
using mlsyslab::numeric::parseUnsignedText;

namespace {

enum class Reading { Unsigned, Signed, Hex, Binary };

Result<BitPattern> parse(Reading reading, const std::string& text, int width) {
    switch (reading) {
        case Reading::Unsigned:
            return parseUnsignedText(text, width);
        case Reading::Signed:
            return parseSignedText(text, width);
        case Reading::Hex:
            return parseHexText(text, width);
        case Reading::Binary:
            return parseBinaryText(text, width);
    }
    return Result<BitPattern>::failure("unknown reading");
}

// The message when a parse that should succeed fails, so QVERIFY2 says why.
QByteArray failureOf(const Result<BitPattern>& result) {
    return result ? QByteArray("ok") : QByteArray::fromStdString(result.error());
}

}  // namespace

Q_DECLARE_METATYPE(Reading)

class TestBitPattern : public QObject {
    Q_OBJECT

private slots:
    void seedExamples_data();
    void seedExamples();
    void constructionKeepsLowBits();
    void bitsAndFlips();
    void resizedTruncatesOrExtendsWithZeros();
    void hexHasOneDigitPerNibble_data();
    void hexHasOneDigitPerNibble();
    void exhaustiveRoundTrips_data();
    void exhaustiveRoundTrips();
    void boundaries_data();
    void boundaries();
    void acceptedSpellings_data();
    void acceptedSpellings();
    void errors_data();
    void errors();
};

void TestBitPattern::seedExamples_data() {
    QTest::addColumn<Reading>("reading");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("binary");
    QTest::addColumn<qulonglong>("unsignedValue");
    QTest::addColumn<qlonglong>("signedValue");
    QTest::newRow("42") << Reading::Unsigned << "42"
                        << "00101010" << 42ULL << 42LL;
    QTest::newRow("-42") << Reading::Signed << "-42"
                         << "11010110" << 214ULL << -42LL;
    QTest::newRow("127") << Reading::Signed << "127"
                         << "01111111" << 127ULL << 127LL;
    QTest::newRow("-128") << Reading::Signed << "-128"
                          << "10000000" << 128ULL << -128LL;
    QTest::newRow("0x0F") << Reading::Hex << "0x0F"
                          << "00001111" << 15ULL << 15LL;
    QTest::newRow("0x10") << Reading::Hex << "0x10"
                          << "00010000" << 16ULL << 16LL;
    QTest::newRow("0xFF") << Reading::Hex << "0xFF"
                          << "11111111" << 255ULL << -1LL;
    QTest::newRow("0b01000001") << Reading::Binary << "0b01000001"
                                << "01000001" << 65ULL << 65LL;
}

void TestBitPattern::seedExamples() {
    QFETCH(Reading, reading);
    QFETCH(QString, text);
    QFETCH(QString, binary);
    QFETCH(qulonglong, unsignedValue);
    QFETCH(qlonglong, signedValue);
    const auto parsed = parse(reading, text.toStdString(), 8);
    QVERIFY2(parsed.ok(), failureOf(parsed));
    QCOMPARE(QString::fromStdString(parsed->binary()), binary);
    QCOMPARE(parsed->unsignedValue(), unsignedValue);
    QCOMPARE(parsed->signedValue(), signedValue);
}

void TestBitPattern::constructionKeepsLowBits() {
    QCOMPARE(BitPattern(8, 0x1FF).bits(), 0xFFULL);
    QCOMPARE(BitPattern(4, 0xAB).bits(), 0xBULL);
    QCOMPARE(BitPattern(64, ~0ULL).bits(), ~0ULL);
    QCOMPARE(BitPattern(1, 3).bits(), 1ULL);
}

void TestBitPattern::bitsAndFlips() {
    const BitPattern pattern(8, 0b0100'0001);
    QVERIFY(pattern.bit(0));
    QVERIFY(!pattern.bit(1));
    QVERIFY(pattern.bit(6));
    QVERIFY(!pattern.bit(7));
    QCOMPARE(pattern.withBitFlipped(7).bits(), 0b1100'0001ULL);
    QCOMPARE(pattern.withBitFlipped(7).signedValue(), -63LL);
    QCOMPARE(pattern.withBitFlipped(0).bits(), 0b0100'0000ULL);
    QCOMPARE(pattern.withBitFlipped(3).withBitFlipped(3), pattern);
    QCOMPARE(BitPattern(64, 0).withBitFlipped(63).signedValue(), INT64_MIN);
}

void TestBitPattern::resizedTruncatesOrExtendsWithZeros() {
    const BitPattern pattern(16, 0xABCD);
    QCOMPARE(pattern.resized(8), BitPattern(8, 0xCD));
    QCOMPARE(pattern.resized(4), BitPattern(4, 0xD));
    QCOMPARE(pattern.resized(32), BitPattern(32, 0xABCD));
    // Zero extension: a negative 8-bit pattern becomes a positive 16-bit one.
    QCOMPARE(BitPattern(8, 0xD6).resized(16).signedValue(), 214LL);
}

void TestBitPattern::hexHasOneDigitPerNibble_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<qulonglong>("bits");
    QTest::addColumn<QString>("hex");
    QTest::newRow("4") << 4 << 0xAULL << "0xA";
    QTest::newRow("5") << 5 << 0x1FULL << "0x1F";
    QTest::newRow("8") << 8 << 0x0FULL << "0x0F";
    QTest::newRow("16") << 16 << 0x1E64ULL << "0x1E64";
    QTest::newRow("32") << 32 << 0x1E64C8ULL << "0x001E64C8";
    QTest::newRow("64") << 64 << ~0ULL << "0xFFFFFFFFFFFFFFFF";
}

void TestBitPattern::hexHasOneDigitPerNibble() {
    QFETCH(int, width);
    QFETCH(qulonglong, bits);
    QFETCH(QString, hex);
    QCOMPARE(QString::fromStdString(BitPattern(width, bits).hex()), hex);
}

void TestBitPattern::exhaustiveRoundTrips_data() {
    QTest::addColumn<int>("width");
    QTest::newRow("4 bits") << 4;
    QTest::newRow("8 bits") << 8;
}

// Every pattern of the width, written in each reading and read back, is the same pattern.
void TestBitPattern::exhaustiveRoundTrips() {
    QFETCH(int, width);
    for (std::uint64_t bits = 0; bits <= BitPattern::maxUnsigned(width); ++bits) {
        const BitPattern pattern(width, bits);
        const std::int64_t expectedSigned = bits >= (1ULL << (width - 1))
                                                ? static_cast<std::int64_t>(bits) - (1LL << width)
                                                : static_cast<std::int64_t>(bits);
        QCOMPARE(pattern.signedValue(), expectedSigned);
        QCOMPARE(static_cast<int>(pattern.binary().size()), width);

        const auto fromUnsigned = parseUnsignedText(std::to_string(pattern.unsignedValue()), width);
        const auto fromSigned = parseSignedText(std::to_string(pattern.signedValue()), width);
        const auto fromHex = parseHexText(pattern.hex(), width);
        const auto fromBinary = parseBinaryText(pattern.binary(), width);
        QVERIFY2(fromUnsigned.ok(), failureOf(fromUnsigned));
        QVERIFY2(fromSigned.ok(), failureOf(fromSigned));
        QVERIFY2(fromHex.ok(), failureOf(fromHex));
        QVERIFY2(fromBinary.ok(), failureOf(fromBinary));
        QCOMPARE(*fromUnsigned, pattern);
        QCOMPARE(*fromSigned, pattern);
        QCOMPARE(*fromHex, pattern);
        QCOMPARE(*fromBinary, pattern);
    }
}

void TestBitPattern::boundaries_data() {
    QTest::addColumn<Reading>("reading");
    QTest::addColumn<int>("width");
    QTest::addColumn<QString>("text");
    QTest::addColumn<qulonglong>("bits");

    QTest::newRow("16 unsigned max") << Reading::Unsigned << 16 << "65535" << 0xFFFFULL;
    QTest::newRow("16 signed max") << Reading::Signed << 16 << "32767" << 0x7FFFULL;
    QTest::newRow("16 signed min") << Reading::Signed << 16 << "-32768" << 0x8000ULL;
    QTest::newRow("16 signed -1") << Reading::Signed << 16 << "-1" << 0xFFFFULL;
    QTest::newRow("16 hex max") << Reading::Hex << 16 << "0xFFFF" << 0xFFFFULL;
    QTest::newRow("16 binary max") << Reading::Binary << 16 << QString(16, '1') << 0xFFFFULL;

    QTest::newRow("32 unsigned max") << Reading::Unsigned << 32 << "4294967295" << 0xFFFFFFFFULL;
    QTest::newRow("32 signed max") << Reading::Signed << 32 << "2147483647" << 0x7FFFFFFFULL;
    QTest::newRow("32 signed min") << Reading::Signed << 32 << "-2147483648" << 0x80000000ULL;
    QTest::newRow("32 hex") << Reading::Hex << 32 << "0x80000000" << 0x80000000ULL;

    QTest::newRow("64 unsigned max") << Reading::Unsigned << 64 << "18446744073709551615" << ~0ULL;
    QTest::newRow("64 signed max")
        << Reading::Signed << 64 << "9223372036854775807" << 0x7FFFFFFFFFFFFFFFULL;
    QTest::newRow("64 signed min")
        << Reading::Signed << 64 << "-9223372036854775808" << 0x8000000000000000ULL;
    QTest::newRow("64 hex max") << Reading::Hex << 64 << "0xFFFFFFFFFFFFFFFF" << ~0ULL;
    QTest::newRow("64 binary top bit")
        << Reading::Binary << 64 << "1" + QString(63, '0') << 0x8000000000000000ULL;
}

void TestBitPattern::boundaries() {
    QFETCH(Reading, reading);
    QFETCH(int, width);
    QFETCH(QString, text);
    QFETCH(qulonglong, bits);
    const auto parsed = parse(reading, text.toStdString(), width);
    QVERIFY2(parsed.ok(), failureOf(parsed));
    QCOMPARE(parsed->bits(), bits);
    // Written back in the same reading, the text is the same.
    switch (reading) {
        case Reading::Unsigned:
            QCOMPARE(QString::number(parsed->unsignedValue()), text);
            break;
        case Reading::Signed:
            QCOMPARE(QString::number(parsed->signedValue()), text);
            break;
        case Reading::Hex:
            QCOMPARE(QString::fromStdString(parsed->hex()), text);
            break;
        case Reading::Binary:
            QCOMPARE(QString::fromStdString(parsed->binary()), text);
            break;
    }
}

void TestBitPattern::acceptedSpellings_data() {
    QTest::addColumn<Reading>("reading");
    QTest::addColumn<QString>("text");
    QTest::addColumn<qulonglong>("bits");
    QTest::newRow("spaces around") << Reading::Unsigned << "  65 \t" << 65ULL;
    QTest::newRow("plus sign") << Reading::Unsigned << "+65" << 65ULL;
    QTest::newRow("minus zero unsigned") << Reading::Unsigned << "-0" << 0ULL;
    QTest::newRow("leading zeros") << Reading::Unsigned << "000065" << 65ULL;
    QTest::newRow("signed plus") << Reading::Signed << "+127" << 127ULL;
    QTest::newRow("signed minus zero") << Reading::Signed << "-0" << 0ULL;
    QTest::newRow("hex without prefix") << Reading::Hex << "41" << 0x41ULL;
    QTest::newRow("hex lower case") << Reading::Hex << "0xab" << 0xABULL;
    QTest::newRow("hex capital X") << Reading::Hex << "0X41" << 0x41ULL;
    QTest::newRow("hex leading zeros") << Reading::Hex << "0x000041" << 0x41ULL;
    QTest::newRow("hex grouped") << Reading::Hex << "0x4_1" << 0x41ULL;
    QTest::newRow("binary without prefix") << Reading::Binary << "1000001" << 65ULL;
    QTest::newRow("binary capital B") << Reading::Binary << "0B01000001" << 65ULL;
    QTest::newRow("binary nibbles") << Reading::Binary << "0100 0001" << 65ULL;
    QTest::newRow("binary underscores") << Reading::Binary << "0b0100_0001" << 65ULL;
    QTest::newRow("binary leading zeros") << Reading::Binary << "0000000001000001" << 65ULL;
}

void TestBitPattern::acceptedSpellings() {
    QFETCH(Reading, reading);
    QFETCH(QString, text);
    QFETCH(qulonglong, bits);
    const auto parsed = parse(reading, text.toStdString(), 8);
    QVERIFY2(parsed.ok(), failureOf(parsed));
    QCOMPARE(parsed->bits(), bits);
}

void TestBitPattern::errors_data() {
    QTest::addColumn<Reading>("reading");
    QTest::addColumn<int>("width");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");

    QTest::newRow("unsigned empty") << Reading::Unsigned << 8 << "  "
                                    << "type a number from 0 to 255";
    QTest::newRow("unsigned too big") << Reading::Unsigned << 8 << "300"
                                      << "300 does not fit in 8 bits unsigned (0 to 255)";
    QTest::newRow("unsigned beyond 64 bits")
        << Reading::Unsigned << 64 << "18446744073709551616"
        << "18446744073709551616 does not fit in 64 bits unsigned (0 to 18446744073709551615)";
    QTest::newRow("unsigned negative")
        << Reading::Unsigned << 8 << "-5"
        << "-5 is negative: unsigned 8 bits hold 0 to 255 (the signed reading has negative "
           "numbers)";
    QTest::newRow("unsigned sign only") << Reading::Unsigned << 8 << "+"
                                        << "'+' has no digits";
    QTest::newRow("unsigned letters") << Reading::Unsigned << 8 << "12a"
                                      << "'12a' is not a decimal number: 'a' is not a digit 0-9";
    QTest::newRow("unsigned fraction")
        << Reading::Unsigned << 8 << "2.5"
        << "'2.5' is not a whole number: bit patterns hold integers only";
    QTest::newRow("unsigned hex typed") << Reading::Unsigned << 8 << "0x41"
                                        << "'0x41' is not a decimal number: 'x' is not a digit 0-9";
    QTest::newRow("1 bit range") << Reading::Unsigned << 1 << "2"
                                 << "2 does not fit in 1 bit unsigned (0 to 1)";

    QTest::newRow("signed empty") << Reading::Signed << 8 << ""
                                  << "type a number from -128 to 127";
    QTest::newRow("signed too big") << Reading::Signed << 8 << "128"
                                    << "128 does not fit in 8 bits signed (-128 to 127)";
    QTest::newRow("signed too small") << Reading::Signed << 8 << "-129"
                                      << "-129 does not fit in 8 bits signed (-128 to 127)";
    QTest::newRow("signed 16 too small")
        << Reading::Signed << 16 << "-32769"
        << "-32769 does not fit in 16 bits signed (-32768 to 32767)";
    QTest::newRow("signed 32 too big")
        << Reading::Signed << 32 << "2147483648"
        << "2147483648 does not fit in 32 bits signed (-2147483648 to 2147483647)";
    QTest::newRow("signed 64 too small")
        << Reading::Signed << 64 << "-9223372036854775809"
        << "-9223372036854775809 does not fit in 64 bits signed (-9223372036854775808 to "
           "9223372036854775807)";
    QTest::newRow("signed minus only") << Reading::Signed << 8 << "-"
                                       << "'-' has no digits";
    QTest::newRow("signed double minus") << Reading::Signed << 8 << "--4"
                                         << "'--4' is not a decimal number: '-' is not a digit 0-9";
    QTest::newRow("signed comma") << Reading::Signed << 8 << "1,5"
                                  << "'1,5' is not a whole number: bit patterns hold integers only";

    QTest::newRow("hex empty") << Reading::Hex << 8 << " "
                               << "type a hex number";
    QTest::newRow("hex prefix only") << Reading::Hex << 8 << "0x"
                                     << "'0x' has no hex digits";
    QTest::newRow("hex bad digit")
        << Reading::Hex << 8 << "0xG1"
        << "'0xG1' is not a hex number: 'G' is not a hex digit (0-9 and A-F)";
    QTest::newRow("hex too big") << Reading::Hex << 8 << "0x100"
                                 << "'0x100' needs 9 bits, more than 8 bits hold (largest: 0xFF)";
    QTest::newRow("hex too big for 4") << Reading::Hex << 4 << "1F"
                                       << "'1F' needs 5 bits, more than 4 bits hold (largest: 0xF)";
    QTest::newRow("hex 16 too big")
        << Reading::Hex << 16 << "0x1E64C"
        << "'0x1E64C' needs 17 bits, more than 16 bits hold (largest: 0xFFFF)";
    QTest::newRow("hex 64 too big")
        << Reading::Hex << 64 << "0x1FFFFFFFFFFFFFFFF"
        << "'0x1FFFFFFFFFFFFFFFF' needs 65 bits, more than 64 bits hold (largest: "
           "0xFFFFFFFFFFFFFFFF)";
    QTest::newRow("hex leading separator")
        << Reading::Hex << 8 << "0x_41"
        << "'0x_41' is not a hex number: spaces and '_' may only separate digits";
    QTest::newRow("hex trailing separator")
        << Reading::Hex << 8 << "41_"
        << "'41_' is not a hex number: spaces and '_' may only separate digits";
    QTest::newRow("hex negative")
        << Reading::Hex << 8 << "-0x41"
        << "'-0x41' is not a hex number: '-' is not a hex digit (0-9 and A-F)";

    QTest::newRow("binary empty") << Reading::Binary << 8 << ""
                                  << "type a binary number";
    QTest::newRow("binary prefix only") << Reading::Binary << 8 << "0b"
                                        << "'0b' has no binary digits";
    QTest::newRow("binary bad digit")
        << Reading::Binary << 8 << "0102"
        << "'0102' is not a binary number: '2' is not a binary digit (0 and 1)";
    QTest::newRow("binary too long")
        << Reading::Binary << 8 << "1 0000 0000"
        << "'1 0000 0000' needs 9 bits, more than 8 bits hold (largest: 11111111)";
    QTest::newRow("binary 4 too long")
        << Reading::Binary << 4 << "0b10000"
        << "'0b10000' needs 5 bits, more than 4 bits hold (largest: 1111)";
    QTest::newRow("binary double separator")
        << Reading::Binary << 8 << "0100__0001"
        << "'0100__0001' is not a binary number: spaces and '_' may only separate digits";
}

void TestBitPattern::errors() {
    QFETCH(Reading, reading);
    QFETCH(int, width);
    QFETCH(QString, text);
    QFETCH(QString, message);
    const auto parsed = parse(reading, text.toStdString(), width);
    QVERIFY(!parsed.ok());
    QCOMPARE(QString::fromStdString(parsed.error()), message);
}

QTEST_APPLESS_MAIN(TestBitPattern)
#include "tst_bit_pattern.moc"
