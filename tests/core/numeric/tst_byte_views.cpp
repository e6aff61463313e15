#include <QtTest>
#include <cmath>
#include <cstdint>
#include <string>

#include "numeric/BitPattern.h"
#include "numeric/ByteViews.h"

using mlsyslab::numeric::asciiText;
using mlsyslab::numeric::BitPattern;
using mlsyslab::numeric::colorReading;
using mlsyslab::numeric::describeAsciiByte;
using mlsyslab::numeric::htmlColor;
using mlsyslab::numeric::parseAsciiText;
using mlsyslab::numeric::RgbColor;

class TestByteViews : public QObject {
    Q_OBJECT

private slots:
    void asciiCharacters_data();
    void asciiCharacters();
    void asciiTextEscapes_data();
    void asciiTextEscapes();
    void everyByteRoundTrips_data();
    void everyByteRoundTrips();
    void shortTextIsPaddedWithZeroBytesOnTheLeft_data();
    void shortTextIsPaddedWithZeroBytesOnTheLeft();
    void asciiErrors_data();
    void asciiErrors();
    void describeAsciiByte_data();
    void describeAsciiByte();
    void describesEveryByte();
    void colors_data();
    void colors();
    void rgb565ChannelsAreRoundedToNearestLevel();
    void htmlColorIsSixUppercaseHexDigits();
};

void TestByteViews::asciiCharacters_data() {
    QTest::addColumn<QString>("character");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("hex");
    QTest::newRow("A") << "A" << 65 << "0x41";
    QTest::newRow("B") << "B" << 66 << "0x42";
    QTest::newRow("a") << "a" << 97 << "0x61";
    QTest::newRow("0") << "0" << 48 << "0x30";
    QTest::newRow("space") << " " << 32 << "0x20";
    QTest::newRow("~") << "~" << 126 << "0x7E";
}

void TestByteViews::asciiCharacters() {
    QFETCH(QString, character);
    QFETCH(int, code);
    QFETCH(QString, hex);
    const BitPattern pattern(8, static_cast<std::uint64_t>(code));
    QCOMPARE(QString::fromStdString(asciiText(pattern)), character);
    QCOMPARE(QString::fromStdString(pattern.hex()), hex);
    const auto parsed = parseAsciiText(character.toStdString(), 8);
    QVERIFY(parsed.ok());
    QCOMPARE(*parsed, pattern);
}

void TestByteViews::asciiTextEscapes_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<qulonglong>("bits");
    QTest::addColumn<QString>("text");
    QTest::newRow("backslash") << 8 << 92ULL << R"(\\)";
    QTest::newRow("NUL") << 8 << 0ULL << R"(\x00)";
    QTest::newRow("LF") << 8 << 10ULL << R"(\x0A)";
    QTest::newRow("DEL") << 8 << 127ULL << R"(\x7F)";
    QTest::newRow("200") << 8 << 200ULL << R"(\xC8)";
    // A middle dot between bytes: "\x1E" then "d", never one escape "\x1Ed".
    QTest::newRow("16 bits Hi") << 16 << 0x4869ULL << "H·i";
    QTest::newRow("32 bits A") << 32 << 65ULL << R"(\x00·\x00·\x00·A)";
    QTest::newRow("32 bits colour") << 32 << 0x1E64C8ULL << R"(\x00·\x1E·d·\xC8)";
    QTest::newRow("hex digit after an escape") << 16 << 0x0A41ULL << R"(\x0A·A)";
    QTest::newRow("4 bits: no bytes") << 4 << 0xAULL << "";
    QTest::newRow("12 bits: no bytes") << 12 << 0x41ULL << "";
}

void TestByteViews::asciiTextEscapes() {
    QFETCH(int, width);
    QFETCH(qulonglong, bits);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(asciiText(BitPattern(width, bits))), text);
}

void TestByteViews::everyByteRoundTrips_data() {
    QTest::addColumn<int>("width");
    QTest::newRow("8") << 8;
    QTest::newRow("16") << 16;
    QTest::newRow("32") << 32;
}

// Every byte value, in every byte position of the width, survives asciiText -> parseAsciiText.
void TestByteViews::everyByteRoundTrips() {
    QFETCH(int, width);
    const int byteCount = width / 8;
    for (std::uint64_t byte = 0; byte < 256; ++byte) {
        std::uint64_t bits = 0;
        // Different bytes in each position (61 is odd, so position k sees every value once).
        for (int position = 0; position < byteCount; ++position) {
            bits |= ((byte + 61 * static_cast<std::uint64_t>(position)) & 0xFF) << (8 * position);
        }
        const BitPattern pattern(width, bits);
        const std::string text = asciiText(pattern);
        const auto parsed = parseAsciiText(text, width);
        QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().c_str());
        QCOMPARE(*parsed, pattern);
    }
}

void TestByteViews::shortTextIsPaddedWithZeroBytesOnTheLeft_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<QString>("text");
    QTest::addColumn<qulonglong>("bits");
    QTest::newRow("empty") << 8 << "" << 0ULL;
    QTest::newRow("A in 16 bits") << 16 << "A" << 0x41ULL;
    QTest::newRow("AB in 32 bits") << 32 << "AB" << 0x4142ULL;
    QTest::newRow("escapes") << 16 << R"(\x1E\\)" << 0x1E5CULL;
    QTest::newRow("lower-case escape") << 8 << R"(\xc8)" << 0xC8ULL;
    QTest::newRow("raw control character") << 8 << "\t" << 9ULL;
    QTest::newRow("separators as shown") << 32 << R"(\x00·\x1E·d·\xC8)" << 0x1E64C8ULL;
    QTest::newRow("separators optional") << 32 << R"(\x1Ed·\xC8)" << 0x1E64C8ULL;
}

void TestByteViews::shortTextIsPaddedWithZeroBytesOnTheLeft() {
    QFETCH(int, width);
    QFETCH(QString, text);
    QFETCH(qulonglong, bits);
    const auto parsed = parseAsciiText(text.toStdString(), width);
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().c_str());
    QCOMPARE(parsed->bits(), bits);
    QCOMPARE(parsed->width(), width);
}

void TestByteViews::asciiErrors_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("half a byte")
        << 4 << "A"
        << "4 bits are not a whole number of bytes, so they have no ASCII reading";
    QTest::newRow("too many")
        << 8 << "AB"
        << "'AB' is 2 characters, but 8 bits hold only 1 character (one byte each)";
    QTest::newRow("too many in 16")
        << 16 << R"(ABC)"
        << "'ABC' is 3 characters, but 16 bits hold only 2 characters (one byte each)";
    QTest::newRow("not ASCII")
        << 8 << "é"
        << R"(only ASCII characters (codes 0 to 127) can be typed; write \xHH for a byte above 127)";
    QTest::newRow("lone backslash")
        << 8 << R"(\)"
        << R"(a lone '\' at the end: write \\ for a backslash or \xHH for a byte)";
    QTest::newRow("unknown escape")
        << 8 << R"(\n)"
        << R"(unknown escape '\n': write \\ for a backslash or \xHH for a byte)";
    QTest::newRow("short hex escape")
        << 8 << R"(\x4)"
        << R"(\x needs exactly two hex digits after it, e.g. \x0A or \xFF)";
    QTest::newRow("bad hex escape")
        << 8 << R"(\xG1)"
        << R"(\x needs exactly two hex digits after it, e.g. \x0A or \xFF)";
}

void TestByteViews::asciiErrors() {
    QFETCH(int, width);
    QFETCH(QString, text);
    QFETCH(QString, message);
    const auto parsed = parseAsciiText(text.toStdString(), width);
    QVERIFY(!parsed.ok());
    QCOMPARE(QString::fromStdString(parsed.error()), message);
}

void TestByteViews::describeAsciiByte_data() {
    QTest::addColumn<int>("byte");
    QTest::addColumn<QString>("description");
    QTest::newRow("A") << 65 << "'A' = 65 = 0x41";
    QTest::newRow("B") << 66 << "'B' = 66 = 0x42";
    QTest::newRow("a") << 97 << "'a' = 97 = 0x61";
    QTest::newRow("0") << 48 << "'0' = 48 = 0x30";
    QTest::newRow("tilde") << 126 << "'~' = 126 = 0x7E";
    QTest::newRow("space") << 32 << "space = 32 = 0x20";
    QTest::newRow("NUL") << 0 << "NUL (null) = 0 = 0x00";
    QTest::newRow("tab") << 9 << "HT (tab) = 9 = 0x09";
    QTest::newRow("LF") << 10 << "LF (line feed) = 10 = 0x0A";
    QTest::newRow("CR") << 13 << "CR (carriage return) = 13 = 0x0D";
    QTest::newRow("ESC") << 27 << "ESC (escape) = 27 = 0x1B";
    QTest::newRow("US") << 31 << "US (unit separator) = 31 = 0x1F";
    QTest::newRow("DEL") << 127 << "DEL (delete) = 127 = 0x7F";
    QTest::newRow("128") << 128 << "not ASCII (128 > 127)";
    QTest::newRow("200") << 200 << "not ASCII (200 > 127)";
    QTest::newRow("255") << 255 << "not ASCII (255 > 127)";
}

void TestByteViews::describeAsciiByte() {
    QFETCH(int, byte);
    QFETCH(QString, description);
    QCOMPARE(QString::fromStdString(::describeAsciiByte(static_cast<std::uint8_t>(byte))),
             description);
}

// Every ASCII byte names its code in decimal and hex; every other byte says it is not ASCII.
void TestByteViews::describesEveryByte() {
    for (int byte = 0; byte < 256; ++byte) {
        const QString description =
            QString::fromStdString(::describeAsciiByte(static_cast<std::uint8_t>(byte)));
        if (byte <= 127) {
            const QString numbers = QStringLiteral(" = %1 = 0x%2")
                                        .arg(byte)
                                        .arg(byte, 2, 16, QLatin1Char('0'))
                                        .toUpper()
                                        .replace(QStringLiteral("0X"), QStringLiteral("0x"));
            QVERIFY2(description.endsWith(numbers), qPrintable(description));
        } else {
            QCOMPARE(description, QStringLiteral("not ASCII (%1 > 127)").arg(byte));
        }
    }
}

void TestByteViews::colors_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<qulonglong>("bits");
    QTest::addColumn<int>("red");
    QTest::addColumn<int>("green");
    QTest::addColumn<int>("blue");
    QTest::addColumn<QString>("encoding");
    const QString rgb = QStringLiteral("low 3 bytes as #RRGGBB");
    QTest::newRow("32 #1E64C8") << 32 << 0x1E64C8ULL << 30 << 100 << 200 << rgb;
    QTest::newRow("32 ignores top byte") << 32 << 0xFF1E64C8ULL << 30 << 100 << 200 << rgb;
    QTest::newRow("32 white") << 32 << 0xFFFFFFULL << 255 << 255 << 255 << rgb;
    QTest::newRow("24 bits") << 24 << 0x1E64C8ULL << 30 << 100 << 200 << rgb;
    QTest::newRow("565 red") << 16 << 0xF800ULL << 255 << 0 << 0 << "RGB565";
    QTest::newRow("565 green") << 16 << 0x07E0ULL << 0 << 255 << 0 << "RGB565";
    QTest::newRow("565 blue") << 16 << 0x001FULL << 0 << 0 << 255 << "RGB565";
    QTest::newRow("565 white") << 16 << 0xFFFFULL << 255 << 255 << 255 << "RGB565";
    QTest::newRow("565 black") << 16 << 0x0000ULL << 0 << 0 << 0 << "RGB565";
    // Half-way levels: red 16/31, green 32/63, blue 16/31, rounded to the nearest 8-bit level.
    QTest::newRow("565 mid grey") << 16 << 0x8410ULL << 132 << 130 << 132 << "RGB565";
    QTest::newRow("565 0x1E64") << 16 << 0x1E64ULL << 25 << 206 << 33 << "RGB565";
    QTest::newRow("8 grey black") << 8 << 0x00ULL << 0 << 0 << 0 << "8-bit grey level";
    QTest::newRow("8 grey 65") << 8 << 65ULL << 65 << 65 << 65 << "8-bit grey level";
    QTest::newRow("8 grey white") << 8 << 0xFFULL << 255 << 255 << 255 << "8-bit grey level";
    QTest::newRow("4 grey white") << 4 << 0xFULL << 255 << 255 << 255 << "4-bit grey level";
    QTest::newRow("4 grey 8") << 4 << 0x8ULL << 136 << 136 << 136 << "4-bit grey level";
    QTest::newRow("4 grey 1") << 4 << 0x1ULL << 17 << 17 << 17 << "4-bit grey level";
    QTest::newRow("1 bit on") << 1 << 1ULL << 255 << 255 << 255 << "1-bit grey level";
}

void TestByteViews::colors() {
    QFETCH(int, width);
    QFETCH(qulonglong, bits);
    QFETCH(int, red);
    QFETCH(int, green);
    QFETCH(int, blue);
    QFETCH(QString, encoding);
    const auto reading = colorReading(BitPattern(width, bits));
    QCOMPARE(static_cast<int>(reading.color.red), red);
    QCOMPARE(static_cast<int>(reading.color.green), green);
    QCOMPARE(static_cast<int>(reading.color.blue), blue);
    QCOMPARE(QString::fromStdString(reading.encoding), encoding);
}

// The documented scaling: (v * 255 + max / 2) / max, the nearest 8-bit level, for every level.
void TestByteViews::rgb565ChannelsAreRoundedToNearestLevel() {
    for (std::uint64_t level = 0; level < 32; ++level) {
        const auto red = colorReading(BitPattern(16, level << 11)).color.red;
        const auto blue = colorReading(BitPattern(16, level)).color.blue;
        const double exact = static_cast<double>(level) * 255.0 / 31.0;
        QVERIFY(std::abs(red - exact) <= 0.5);
        QCOMPARE(red, blue);
    }
    for (std::uint64_t level = 0; level < 64; ++level) {
        const auto green = colorReading(BitPattern(16, level << 5)).color.green;
        QVERIFY(std::abs(green - static_cast<double>(level) * 255.0 / 63.0) <= 0.5);
    }
}

void TestByteViews::htmlColorIsSixUppercaseHexDigits() {
    QCOMPARE(QString::fromStdString(htmlColor(RgbColor{30, 100, 200})), QStringLiteral("#1E64C8"));
    QCOMPARE(QString::fromStdString(htmlColor(RgbColor{0, 0, 0})), QStringLiteral("#000000"));
    QCOMPARE(QString::fromStdString(htmlColor(RgbColor{255, 255, 255})), QStringLiteral("#FFFFFF"));
}

QTEST_APPLESS_MAIN(TestByteViews)
#include "tst_byte_views.moc"
