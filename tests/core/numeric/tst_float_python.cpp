// FP16 against an independent implementation: CPython's struct module ('e' format, IEEE 754
// binary16, round half to even; PyFloat_Pack2 in Objects/floatobject.c). Needs python3 on PATH.
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>
#include <charconv>
#include <cmath>
#include <random>
#include <vector>

#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"
#include "numeric/FloatFormat.h"

using namespace mlsyslab::numeric;

namespace {

// Reads one double per line; prints the binary16 pattern in hex, or "overflow" where Python
// refuses (struct raises OverflowError when the rounded value is too large for binary16).
constexpr char kPackScript[] = R"(import struct, sys
out = []
for line in sys.stdin:
    try:
        out.append(struct.pack('<e', float(line))[::-1].hex())
    except OverflowError:
        out.append('overflow')
sys.stdout.write('\n'.join(out) + '\n')
)";

// Doubles that probe every rounding decision fp16 makes: each value, each midpoint between
// neighbours and a double either side of it (subnormals, the normal boundary and the
// overflow tie 65520 included), then random doubles over fp16's range and beyond.
std::vector<double> probeValues() {
    std::vector<double> values;
    for (std::uint32_t bits = 0; bits < 0x7C00; ++bits) {
        const double value = decodeFloat(kFp16, bits).value;
        const double next = decodeFloat(kFp16, bits + 1).value;
        const double midpoint = std::isinf(next) ? 65520.0 : (value + next) / 2;
        for (const double probe : {value, midpoint, std::nextafter(midpoint, 0.0),
                                   std::nextafter(midpoint, HUGE_VAL)}) {
            values.push_back(probe);
            values.push_back(-probe);
        }
    }
    std::mt19937_64 random(1234);
    std::uniform_int_distribution<int> exponent(-30, 17);
    std::uniform_real_distribution<double> significand(1.0, 2.0);
    for (int sample = 0; sample < 50000; ++sample) {
        values.push_back(std::ldexp(significand(random), exponent(random)));
    }
    for (const double special : {HUGE_VAL, -HUGE_VAL, 1e300, -1e300, 1e-300, 0.0, -0.0}) {
        values.push_back(special);
    }
    return values;
}

}  // namespace

class TestFloatPython : public QObject {
    Q_OBJECT

private slots:
    void fp16MatchesPythonStruct() {
        const QString python = QStandardPaths::findExecutable("python3");
        if (python.isEmpty()) QSKIP("python3 is not on PATH: cannot compare with struct 'e'");

        const std::vector<double> values = probeValues();
        QByteArray input;
        char buffer[64];
        for (const double value : values) {
            const auto written = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest exact
            input.append(buffer, written.ptr - buffer).append('\n');
        }
        QProcess process;
        process.start(python, {"-c", kPackScript});
        QVERIFY(process.waitForStarted());
        process.write(input);
        process.closeWriteChannel();
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        const QList<QByteArray> lines = process.readAllStandardOutput().split('\n');
        QVERIFY(lines.size() >= qsizetype(values.size()));

        int overflows = 0;
        for (std::size_t index = 0; index < values.size(); ++index) {
            const std::uint64_t ours = encodeDouble(kFp16, values[index]);
            const QByteArray& theirs = lines[qsizetype(index)];
            if (theirs == "overflow") {
                // Python refuses what IEEE rounds to infinity; ours must be that infinity.
                QCOMPARE(ours & 0x7FFF, std::uint64_t{0x7C00});
                ++overflows;
                continue;
            }
            const auto expected = theirs.toUInt(nullptr, 16);
            if (ours != expected) {
                QFAIL(qPrintable(QString("%1: ours %2, Python %3")
                                     .arg(values[index], 0, 'g', 17)
                                     .arg(QString::fromStdString(floatBitsText(kFp16, ours)))
                                     .arg(QString::fromLatin1(theirs))));
            }
        }
        QVERIFY(overflows > 0);  // 65520 and above were among the probes
    }
};

QTEST_GUILESS_MAIN(TestFloatPython)
#include "tst_float_python.moc"
