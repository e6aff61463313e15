// format(value, spec) against CPython 3.11 over a grid of values and specs. The golden and the
// script that writes it: tests/data/pyvm/values/format_spec.txt, make_value_goldens.py.
#include <QFile>
#include <QtTest>
#include <charconv>
#include <cmath>
#include <limits>

#include "ValueTestSupport.h"
#include "common/Concat.h"
#include "pyvm/Repr.h"

using namespace mlsyslab::pyvm;
using namespace mlsyslab::pyvm::testing;

namespace {

const QString goldenPath = QStringLiteral(MLSYSLAB_TEST_DATA_DIR "/pyvm/values/format_spec.txt");

// A value from its repr as the golden writes it: an int, float, bool or a simple quoted str.
Value valueFromRepr(const std::string& text) {
    if (text == "True" || text == "False") return Value::boolean(text == "True");
    if (text.front() == '\'') return newStr(text.substr(1, text.size() - 2));
    if (text == "inf") return real(std::numeric_limits<double>::infinity());
    if (text == "-inf") return real(-std::numeric_limits<double>::infinity());
    if (text == "nan") return real(std::numeric_limits<double>::quiet_NaN());
    if (text.find_first_of(".e") == std::string::npos) return integer(std::stoll(text));
    double value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return real(value);
}

}  // namespace

class FormatSpecTest : public QObject {
    Q_OBJECT

private slots:
    void formatMatchesCPython_data() {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("expected");
        QFile golden(goldenPath);
        QVERIFY(golden.open(QIODevice::ReadOnly));
        for (const QByteArray& line : golden.readAll().split('\n')) {
            if (line.isEmpty()) continue;
            const QList<QByteArray> fields = line.split('\t');
            QTest::newRow(line.constData())
                << QString::fromUtf8(fields[0]) << QString::fromUtf8(fields[1])
                << QString::fromUtf8(fields[2]);
        }
    }
    void formatMatchesCPython() {
        QFETCH(QString, value);
        QFETCH(QString, spec);
        QFETCH(QString, expected);
        TestRuntime rt;
        const Value result =
            formatValue(rt, valueFromRepr(value.toStdString()), spec.toStdString());
        const std::string actual = rt.hasError() ? mlsyslab::concat("!", rt.takeError()->line())
                                                 : strRepr(result.as<StrObject>().text);
        QCOMPARE(QString::fromStdString(actual), expected);
    }

    void conversionsForFStrings() {
        TestRuntime rt;
        QCOMPARE(QString::fromStdString(rt.outcome(convertForFormat(rt, newStr("é"), 'r'))),
                 QStringLiteral("\"'é'\""));
        QCOMPARE(QString::fromStdString(rt.outcome(convertForFormat(rt, newStr("é"), 'a'))),
                 QStringLiteral("\"'\\\\xe9'\""));
        QCOMPARE(QString::fromStdString(rt.outcome(convertForFormat(rt, real(2.5), 's'))),
                 QStringLiteral("'2.5'"));
    }
};

QTEST_GUILESS_MAIN(FormatSpecTest)
#include "tst_format_spec.moc"
