#include <QFile>
#include <QRegularExpression>
#include <QStringList>
#include <QtTest>
#include <vector>

#include "lessons/BuiltinLessons.h"

namespace {

// One row of docs/machine-figures.md: the figure as lessons write it, and the words that name
// the thing it measures.
struct Figure {
    QString text;  // "~20–50 GB/s"
    QStringList names;
};

const QRegularExpression& bandwidthPattern() {
    // "32 GB/s", "3.35 TB/s", "~20–50 GB/s", "1-3 TB/s", "3,350 GB/s", "200-600+ GB/s"
    static const QRegularExpression pattern(
        QStringLiteral("~?\\d+(?:[.,]\\d+)?(?:\\s*[–-]\\s*\\d+(?:[.,]\\d+)?)?\\+?\\s*[GT]B/s"));
    return pattern;
}

// The table's rows: the lines under the header "| Figure | Lessons write | Named on the line by
// | Source |", its cells split at " | ", code spans read from the second and third cells.
std::vector<Figure> readFigures() {
    QFile file(QStringLiteral(MLSYSLAB_SOURCE_DIR "/docs/machine-figures.md"));
    if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read docs/machine-figures.md");
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    static const QRegularExpression codeSpan(QStringLiteral("`([^`]+)`"));
    std::vector<Figure> figures;
    bool inTable = false;
    for (const QString& line : lines) {
        if (line.startsWith(QStringLiteral("| Figure | Lessons write |"))) {
            inTable = true;
            continue;
        }
        if (!inTable || line.startsWith(QStringLiteral("|---"))) continue;
        if (!line.startsWith(QLatin1Char('|'))) break;
        const QStringList cells = line.split(QStringLiteral(" | "));
        if (cells.size() < 4) qFatal("a figure row without four cells: %s", qPrintable(line));
        Figure figure;
        figure.text = codeSpan.match(cells[1]).captured(1);
        for (auto match = codeSpan.globalMatch(cells[2]); match.hasNext();) {
            figure.names << match.next().captured(1);
        }
        figures.push_back(figure);
    }
    return figures;
}

// Where `name` stands as a whole word in `line` ("RAM" not inside "VRAM", "HBM" in "HBM's").
QList<qsizetype> placesOf(const QString& name, const QString& line) {
    const QRegularExpression word(QStringLiteral("(?<![\\w])") + QRegularExpression::escape(name) +
                                  QStringLiteral("(?![\\w])"));
    QList<qsizetype> places;
    for (auto match = word.globalMatch(line); match.hasNext();) {
        places << match.next().capturedStart();
    }
    return places;
}

// The bandwidths on a line written otherwise than every figure named before them on the line;
// a bandwidth with no name before it is not a quoted figure and passes.
QStringList strayFigures(const QString& line, const std::vector<Figure>& figures) {
    QStringList stray;
    for (auto match = bandwidthPattern().globalMatch(line); match.hasNext();) {
        const auto quoted = match.next();
        bool named = false;
        bool agreed = false;
        for (const Figure& figure : figures) {
            for (const QString& name : figure.names) {
                for (const qsizetype place : placesOf(name, line)) {
                    if (place >= quoted.capturedStart()) continue;
                    named = true;
                    agreed = agreed || quoted.captured() == figure.text;
                }
            }
        }
        if (named && !agreed) stray << quoted.captured();
    }
    return stray;
}

}  // namespace

// The machine figures lessons quote have one source, docs/machine-figures.md: a lesson that
// quotes a CPU's RAM bandwidth, a GPU's VRAM bandwidth or a link's speed writes the figure that
// table agrees on. CPU RAM was once ~20–50, ~50–100 and ~200–600 GB/s in three lessons.
class TestMachineFigures : public QObject {
    Q_OBJECT

private slots:
    void theTableHasTheFigures();
    void theCheckFindsStrayFigures_data();
    void theCheckFindsStrayFigures();
    void everyLessonQuotesTheAgreedFigures();
};

void TestMachineFigures::theTableHasTheFigures() {
    const std::vector<Figure> figures = readFigures();
    QVERIFY(figures.size() >= 8);
    QCOMPARE(figures.front().text, QStringLiteral("~20–50 GB/s"));
    QVERIFY(figures.front().names.contains(QStringLiteral("RAM")));
    for (const Figure& figure : figures) {
        // The figure is what the check looks for in a lesson: all of it, nothing around it.
        const auto match = bandwidthPattern().match(figure.text);
        QVERIFY2(match.hasMatch() && match.captured() == figure.text, qPrintable(figure.text));
        QVERIFY2(!figure.names.isEmpty(), qPrintable(figure.text));
    }
}

void TestMachineFigures::theCheckFindsStrayFigures_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("stray");
    QTest::newRow("desktop RAM") << "| RAM (DDR4/DDR5, one CPU) | ~20–50 GB/s |" << QStringList();
    QTest::newRow("DDR5 at 50-100")
        << "- a desktop CPU: DDR5 at ~50–100 GB/s." << QStringList{"~50–100 GB/s"};
    QTest::newRow("RAM and HBM") << "RAM ~20–50 GB/s, a GPU's HBM 1–3 TB/s."
                                 << QStringList{"1–3 TB/s"};
    QTest::newRow("hyphen for a dash") << "RAM at ~20-50 GB/s" << QStringList{"~20-50 GB/s"};
    QTest::newRow("server named") << "a two-socket server: TBs of DDR5 at ~200–600 GB/s"
                                  << QStringList();
    QTest::newRow("server figure for a desktop")
        << "DDR5 at ~200–600 GB/s" << QStringList{"~200–600 GB/s"};
    QTest::newRow("H100 named before HBM") << "from an H100's HBM at 3.35 TB/s" << QStringList();
    QTest::newRow("HBM alone is a range") << "from HBM at 3.35 TB/s" << QStringList{"3.35 TB/s"};
    QTest::newRow("RAM inside VRAM") << "VRAM at 1–8 TB/s" << QStringList();
    QTest::newRow("arithmetic") << "> 14 GB ÷ 32 GB/s ≈ 0.44 s; 14 GB ÷ 1 TB/s = 14 ms"
                                << QStringList();
    QTest::newRow("a link beside RAM")
        << "copied from RAM over PCIe 4.0 x16 (32 GB/s)" << QStringList();
}

void TestMachineFigures::theCheckFindsStrayFigures() {
    QFETCH(QString, line);
    QFETCH(QStringList, stray);
    QCOMPARE(strayFigures(line, readFigures()), stray);
}

void TestMachineFigures::everyLessonQuotesTheAgreedFigures() {
    const std::vector<Figure> figures = readFigures();
    QStringList problems;
    for (const auto& file : mlsyslab::course::builtinLessonFiles()) {
        const QString name =
            QString::fromUtf8(file.fileName.data(), qsizetype(file.fileName.size()));
        const QStringList lines =
            QString::fromUtf8(file.text.data(), qsizetype(file.text.size())).split('\n');
        for (qsizetype index = 0; index < lines.size(); ++index) {
            for (const QString& stray : strayFigures(lines[index], figures)) {
                problems << QStringLiteral(
                                "%1:%2: %3 is not the figure docs/machine-figures.md "
                                "agrees on")
                                .arg(name)
                                .arg(index + 1)
                                .arg(stray);
            }
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
}

QTEST_APPLESS_MAIN(TestMachineFigures)
#include "tst_machine_figures.moc"
