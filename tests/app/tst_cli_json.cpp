#include <QtTest>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

#include "cli/JsonLine.h"

// The one JSON writer behind every --json output of mlsyslab-cli (app/cli/JsonLine.h): the
// line's form, member order, numbers that read back as the same double, and text that is not
// valid UTF-8. The commands' own suites check their fields through the real binary.
namespace {

using mlsyslab::cli::Json;
using mlsyslab::cli::jsonLine;
using mlsyslab::cli::jsonNumber;
using mlsyslab::cli::jsonRounded;

QByteArray line(const Json& value) {
    const std::string text = jsonLine(value);
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
}

// The double the JSON text of `value` reads back as.
double readBack(const std::string& text) {
    double value = std::numeric_limits<double>::quiet_NaN();
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    return result.ec == std::errc() && result.ptr == text.data() + text.size()
               ? value
               : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

class TestCliJson : public QObject {
    Q_OBJECT

private slots:
    // One line, a space after each separator between items (the bytes the CLI has always
    // printed, as Python's json.dumps writes them), none inside strings.
    void lineForm() {
        Json object;
        object["sectors"] = 5;
        object["limiters"] = Json::array({"warps", "blocks"});
        object["empty"] = Json::array();
        object["none"] = Json::object();
        object["nested"] = {{"reads", 6}, {"writes", 0}};
        object["text"] = "a, b: \"c, d\": e\\";
        object["reason"] = nullptr;
        object["possible"] = false;
        QCOMPARE(
            line(object),
            QByteArray("{\"sectors\": 5, \"limiters\": [\"warps\", \"blocks\"], \"empty\": [], "
                       "\"none\": {}, \"nested\": {\"reads\": 6, \"writes\": 0}, "
                       "\"text\": \"a, b: \\\"c, d\\\": e\\\\\", \"reason\": null, "
                       "\"possible\": false}"));
        QCOMPARE(line(Json{{"truncated", true}}), QByteArray("{\"truncated\": true}"));
    }

    // Members stay in the order they were added, not sorted: the order docs/cli.md gives.
    void memberOrder() {
        Json object;
        object["z"] = 1;
        object["a"] = 2;
        object["m"] = Json::object();
        object["m"]["y"] = 3;
        object["m"]["b"] = 4;
        object["a"] = 5;  // a second write changes the value, not the place
        QCOMPARE(line(object), QByteArray("{\"z\": 1, \"a\": 5, \"m\": {\"y\": 3, \"b\": 4}}"));
    }

    void numbers_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("0.1") << 0.1 << QByteArray("0.1");
        QTest::newRow("1e-7") << 1e-7 << QByteArray("1e-07");
        QTest::newRow("61.6") << 61.6 << QByteArray("61.6");
        QTest::newRow("1/7") << 1.0 / 7.0 << QByteArray("0.14285714285714285");
        QTest::newRow("200/3") << 200.0 / 3.0 << QByteArray("66.66666666666667");
        QTest::newRow("0.1 + 0.2") << 0.1 + 0.2 << QByteArray("0.30000000000000004");
        QTest::newRow("2.1932e-05") << 2.1932e-05 << QByteArray("2.1932e-05");
        // Integral values are integers, as the shortest decimal writes them: 100, not 100.0.
        QTest::newRow("100") << 100.0 << QByteArray("100");
        QTest::newRow("0") << 0.0 << QByteArray("0");
        QTest::newRow("-3") << -3.0 << QByteArray("-3");
        QTest::newRow("-0") << -0.0 << QByteArray("-0.0");
        // JSON has no NaN or infinity.
        QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN() << QByteArray("null");
        QTest::newRow("inf") << std::numeric_limits<double>::infinity() << QByteArray("null");
    }

    // jsonNumber writes the shortest decimal that reads back as the same double.
    void numbers() {
        QFETCH(double, value);
        QFETCH(QByteArray, text);
        const std::string written = jsonLine(jsonNumber(value));
        QCOMPARE(QByteArray::fromStdString(written), text);
        if (std::isfinite(value)) {
            QCOMPARE(readBack(written), value);
            QCOMPARE(std::signbit(readBack(written)), std::signbit(value));
        }
    }

    // Any double reads back exactly, across every exponent.
    void numbersRoundTrip() {
        std::mt19937_64 random(20240601);
        std::uniform_int_distribution<std::uint64_t> bits;
        int checked = 0;
        while (checked < 100000) {
            const double value = std::bit_cast<double>(bits(random));
            if (!std::isfinite(value)) continue;
            const std::string written = jsonLine(jsonNumber(value));
            QCOMPARE(readBack(written), value);
            ++checked;
        }
    }

    // A measured figure: the double that C's "%.Nf" text of it reads back as, written shortest
    // and always as a double.
    void rounded() {
        QCOMPARE(line(jsonRounded(2.8906, 3)), QByteArray("2.891"));
        QCOMPARE(line(jsonRounded(0.7, 3)), QByteArray("0.7"));
        QCOMPARE(line(jsonRounded(3.0, 3)), QByteArray("3.0"));
        QCOMPARE(line(jsonRounded(12.345678, 2)), QByteArray("12.35"));
        QCOMPARE(line(jsonRounded(std::numeric_limits<double>::infinity(), 2)), QByteArray("null"));
        for (const double value : {0.1005, 1.0049999, 123.4565, 1e-9, 98765.4321}) {
            char text[64];
            std::snprintf(text, sizeof text, "%.3f", value);
            QCOMPARE(readBack(jsonLine(jsonRounded(value, 3))), readBack(text));
        }
    }

    // Strings: `"` and `\` escaped, control characters as \n, \t, ... or \u00XX, everything
    // else (UTF-8, DEL) as it is; byte for byte what the CLI wrote before nlohmann/json.
    void strings() {
        const std::string text = "q\"\\\t\n\r\b\f\x01\x1f\x7f é π 😀/";
        QCOMPARE(line(Json(text)),
                 QByteArray("\"q\\\"\\\\\\t\\n\\r\\b\\f\\u0001\\u001f\x7f é π 😀/\""));
    }

    // Text that is not valid UTF-8 (the VM prints a lone surrogate as its three bytes; a name
    // may hold any byte) does not throw: each bad sequence becomes U+FFFD, so the line stays
    // valid JSON; valid text around it stays exact.
    void invalidUtf8() {
        const QByteArray replacement = "\xef\xbf\xbd";
        QCOMPARE(line(Json(std::string("\xed\xa0\x80\n"))),
                 "\"" + replacement.repeated(3) + "\\n\"");
        QCOMPARE(line(Json(std::string("a\xff"
                                       "b"))),
                 "\"a" + replacement + "b\"");
        QCOMPARE(line(Json(std::string("\xc3"))), "\"" + replacement + "\"");  // cut short
        QCOMPARE(line(Json(std::string("\xc3\xa9\xe2\x82"))), "\"\xc3\xa9" + replacement + "\"");
        Json object;
        object["\xfe"] = "x";  // in a name too
        QCOMPARE(line(object), "{\"" + replacement + "\": \"x\"}");
    }
};

QTEST_GUILESS_MAIN(TestCliJson)
#include "tst_cli_json.moc"
