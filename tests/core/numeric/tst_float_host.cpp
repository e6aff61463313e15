// Float32 and float64 encoding against the host's own, correctly rounded conversions: the
// CPU's double-to-float conversion and glibc's strtof/strtod, in every IEEE rounding mode.
#include <QtTest>
#include <bit>
#include <cfenv>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"
#include "numeric/FloatFormat.h"

using namespace mlsyslab::numeric;

namespace {

QString hex(const FloatFormat& format, std::uint64_t bits) {
    return QString::fromStdString(floatBitsText(format, bits));
}

// The C library's rounding direction that matches ours, for the host comparisons.
int hostRounding(RoundingMode mode) {
    switch (mode) {
        case RoundingMode::TowardZero:
            return FE_TOWARDZERO;
        case RoundingMode::Up:
            return FE_UPWARD;
        case RoundingMode::Down:
            return FE_DOWNWARD;
        default:
            return FE_TONEAREST;
    }
}
constexpr RoundingMode kIeeeModes[] = {RoundingMode::NearestEven, RoundingMode::TowardZero,
                                       RoundingMode::Up, RoundingMode::Down};

std::uint32_t hostFloatBits(double value, RoundingMode mode) {
    volatile double input = value;
    std::fesetround(hostRounding(mode));
    volatile float converted = static_cast<float>(input);
    std::fesetround(FE_TONEAREST);
    return std::bit_cast<std::uint32_t>(static_cast<float>(converted));
}

std::uint32_t strtofBits(const std::string& text, RoundingMode mode) {
    std::fesetround(hostRounding(mode));
    volatile float parsed = std::strtof(text.c_str(), nullptr);
    std::fesetround(FE_TONEAREST);
    return std::bit_cast<std::uint32_t>(static_cast<float>(parsed));
}

// The exact decimal expansion of a double, as glibc's printf writes it ("%.*e" prints exact
// digits, then zeros), and the same text nudged one unit in its last digit up or down: a
// decimal just beside the double, which no double can tell apart from it.
std::string exactDecimal(double value) {
    char buffer[1000];
    std::snprintf(buffer, sizeof buffer, "%.780e", value);
    return buffer;
}
// A decimal "d.ddd...e±X" divided by two digit by digit, for a first digit of 2 or more (so
// that the point stays put); empty when the last digit is odd (one more digit needed).
std::string halved(const std::string& text) {
    const std::size_t exponentAt = text.find('e');
    std::string half;
    int remainder = 0;
    for (const char character : text.substr(0, exponentAt)) {
        if (character == '.') {
            half += '.';
            continue;
        }
        const int value = remainder * 10 + (character - '0');
        half += static_cast<char>('0' + value / 2);
        remainder = value % 2;
    }
    if (remainder != 0) return {};
    return half + text.substr(exponentAt);
}
std::string nudged(std::string exact, int direction) {
    const std::size_t exponentAt = exact.find('e');
    std::size_t position = exponentAt - 1;
    if (direction > 0) {
        exact[position] = static_cast<char>(exact[position] + 1);  // the digit is a trailing 0
        return exact;
    }
    while (exact[position] == '0' || exact[position] == '.') {
        if (exact[position] == '0') exact[position] = '9';
        --position;
    }
    exact[position] = static_cast<char>(exact[position] - 1);
    return exact;
}

}  // namespace

class TestFloatHost : public QObject {
    Q_OBJECT

private slots:
    // Qt takes the C library's locale from the environment; strtof must read "3.5" here.
    void initTestCase() { std::setlocale(LC_NUMERIC, "C"); }

    void halfOfTheSmallestDoubleIsATie() {
        // 2^-1075 exactly (752 significant digits): its nearest double is 0, yet in fp64 it is
        // the tie between 0 and 2^-1074, which ties-away rounds up, as does a hair more.
        const std::string exactTie = halved(exactDecimal(std::ldexp(1.0, -1074)));
        QVERIFY(exactTie.starts_with("2.47032822920623272088284396434110686182529901307162382212792841"));
        QCOMPARE(*encodeDecimal(kFp64, exactTie), std::uint64_t{0});
        QCOMPARE(*encodeDecimal(kFp64, exactTie, {RoundingMode::NearestAway, false}), std::uint64_t{1});
        QCOMPARE(*encodeDecimal(kFp64, exactTie, {RoundingMode::Up, false}), std::uint64_t{1});
        QCOMPARE(*encodeDecimal(kFp64, exactTie, {RoundingMode::Down, false}), std::uint64_t{0});
        QCOMPARE(*encodeDecimal(kFp64, nudged(exactTie, +1)), std::uint64_t{1});
        QCOMPARE(*encodeDecimal(kFp64, nudged(exactTie, -1), {RoundingMode::NearestAway, false}),
                 std::uint64_t{0});
        const std::string negativeTie = std::string("-").append(exactTie);
        QCOMPARE(*encodeDecimal(kFp64, negativeTie, {RoundingMode::NearestAway, false}),
                 std::uint64_t{0x8000000000000001});
    }

    void fp32AgainstTheHost() {
        // Decoding a float32 pattern gives the host's float; encoding a double in each rounding
        // mode gives what the host's conversion gives in that mode.
        std::mt19937_64 random(20240611);
        for (int sample = 0; sample < 200000; ++sample) {
            const auto bits = static_cast<std::uint32_t>(random());
            const float host = std::bit_cast<float>(bits);
            const DecodedFloat decoded = decodeFloat(kFp32, bits);
            if (std::isnan(host)) {
                QCOMPARE(decoded.floatClass, FloatClass::Nan);
                QCOMPARE(encodeFloat32Bits(kFp32, bits), quietNan(kFp32, bits >> 31));
                continue;
            }
            QCOMPARE(decoded.value, static_cast<double>(host));
            QCOMPARE(encodeFloat32Bits(kFp32, bits), std::uint64_t{bits});
        }
        // Doubles of every scale, and doubles right at and beside float32 midpoints.
        std::uniform_int_distribution<int> exponent(-160, 140);
        std::uniform_real_distribution<double> significand(1.0, 2.0);
        for (int sample = 0; sample < 100000; ++sample) {
            double value = std::ldexp(significand(random), exponent(random));
            if (sample % 3 == 0) {
                const float below = static_cast<float>(value);
                const double midpoint =
                    (double(below) + double(std::nextafter(below, HUGE_VALF))) / 2;
                value = std::nextafter(midpoint, (sample % 2 == 0) ? 0.0 : HUGE_VAL);
                if (sample % 9 == 0) value = midpoint;
            }
            if (sample % 2 == 0) value = -value;
            for (const auto mode : kIeeeModes) {
                const auto ours = encodeDouble(kFp32, value, {mode, false});
                if (ours != hostFloatBits(value, mode)) {
                    QFAIL(qPrintable(QString("%1 in mode %2: ours %3, host %4")
                                         .arg(value, 0, 'g', 17)
                                         .arg(int(mode))
                                         .arg(hex(kFp32, ours))
                                         .arg(hex(kFp32, hostFloatBits(value, mode)))));
                }
            }
        }
    }

    void decimalsAgainstStrtof() {
        // glibc's strtof is correctly rounded in every rounding mode; so must we be, from any
        // decimal: random ones, and ones exactly at or a last digit beside float32 midpoints.
        std::mt19937_64 random(7);
        std::uniform_int_distribution<int> digitCount(1, 30);
        std::uniform_int_distribution<int> digit(0, 9);
        std::uniform_int_distribution<int> exponent(-60, 45);
        int compared = 0;
        auto check = [&](const std::string& text) {
            for (const auto mode : kIeeeModes) {
                const auto ours = encodeDecimal(kFp32, text, {mode, false});
                QVERIFY(ours.ok());
                const std::uint32_t host = strtofBits(text, mode);
                if (*ours != host) {
                    QFAIL(qPrintable(QString("%1 in mode %2: ours %3, strtof %4")
                                         .arg(text.c_str())
                                         .arg(int(mode))
                                         .arg(hex(kFp32, *ours))
                                         .arg(hex(kFp32, host))));
                }
                ++compared;
            }
        };
        for (int sample = 0; sample < 20000; ++sample) {
            std::string text = (sample % 2) ? "-" : "";
            const int count = digitCount(random);
            for (int index = 0; index < count; ++index) {
                if (index == 1) text += '.';
                text += static_cast<char>('0' + digit(random));
            }
            text.append("e").append(std::to_string(exponent(random)));
            check(text);
        }
        std::uniform_int_distribution<std::uint32_t> pattern(0, 0x7F7FFFFE);
        for (int sample = 0; sample < 3000; ++sample) {
            const float below = std::bit_cast<float>(pattern(random));
            const double midpoint = (double(below) + double(std::nextafter(below, HUGE_VALF))) / 2;
            const std::string exact = exactDecimal(midpoint);
            check(exact);
            check(nudged(exact, +1));
            check(nudged(exact, -1));
        }
        QVERIFY(compared > 100000);
    }

    void decimalsAgainstStrtod() {
        // The same for fp64, where the nearest double alone can never decide.
        std::mt19937_64 random(11);
        std::uniform_int_distribution<std::uint64_t> pattern(0, 0x7FEFFFFFFFFFFFFE);
        for (int sample = 0; sample < 1000; ++sample) {
            const double below = std::bit_cast<double>(pattern(random));
            const double above = std::nextafter(below, HUGE_VAL);
            // The midpoint is no double: print both neighbours exactly and average the digits.
            const std::string low = exactDecimal(below);
            const std::string high = exactDecimal(above);
            if (low.substr(low.find('e')) != high.substr(high.find('e'))) continue;  // binade edge
            std::string sum;
            int carry = 0;
            for (std::size_t index = low.find('e'); index-- > 0;) {
                if (low[index] == '.') {
                    sum.insert(sum.begin(), '.');
                    continue;
                }
                const int value = (low[index] - '0') + (high[index] - '0') + carry;
                sum.insert(sum.begin(), static_cast<char>('0' + value % 10));
                carry = value / 10;
            }
            if (carry) continue;  // "9.99" + "9.99": skip rather than renormalise
            const std::string midpoint = halved(sum + low.substr(low.find('e')));
            if (midpoint.empty()) continue;  // needs one more digit than printed: rare, skip
            for (const auto& text : {midpoint, nudged(midpoint, +1), nudged(midpoint, -1)}) {
                for (const auto mode : kIeeeModes) {
                    std::fesetround(hostRounding(mode));
                    volatile double parsed = std::strtod(text.c_str(), nullptr);
                    std::fesetround(FE_TONEAREST);
                    const auto ours = encodeDecimal(kFp64, text, {mode, false});
                    QCOMPARE(*ours, std::bit_cast<std::uint64_t>(static_cast<double>(parsed)));
                }
            }
        }
    }

    void localeDoesNotMatter() {
        // A GUI may run with a decimal comma; the engine reads and writes C numbers regardless.
        const char* previous = std::setlocale(LC_NUMERIC, "de_DE.UTF-8");
        if (previous == nullptr) QSKIP("no de_DE.UTF-8 locale installed on this machine");
        QCOMPARE(*encodeDecimal(kFp16, "3.5"), std::uint64_t{0x4300});
        QCOMPARE(floatValueText(kFp16, 3.5), std::string("3.5"));
        std::setlocale(LC_NUMERIC, "C");
    }
};

QTEST_GUILESS_MAIN(TestFloatHost)
#include "tst_float_host.moc"
