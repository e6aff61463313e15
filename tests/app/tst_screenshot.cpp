#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

// Runs the real app binary with --screenshot: no display needed, a PNG of the asked size.
namespace {

struct Run {
    int exitCode = -1;
    QString err;
};

Run runApp(const QStringList& arguments) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove("QT_QPA_PLATFORM");  // the app must pick offscreen by itself
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(MLSYSLAB_APP), arguments);
    process.waitForFinished(60000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardError())};
}

// A rendered screen has text and widgets, so many colours; a blank or failed render has few.
int distinctColours(const QImage& image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
    }
    return colours.size();
}

}  // namespace

class TestScreenshot : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(directory_.isValid()); }

    void writesAPngOfTheAskedSize_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QSize>("size");
        QTest::newRow("default size") << QStringList{"--step", "2"} << QSize(1280, 800);
        QTest::newRow("asked size") << QStringList{"--step", "6", "--size", "1024x640"} << QSize(1024, 640);
        QTest::newRow("presentation") << QStringList{"--present", "--size", "1920x1080"} << QSize(1920, 1080);
    }
    void writesAPngOfTheAskedSize() {
        QFETCH(QStringList, options);
        QFETCH(QSize, size);
        const QString out = directory_.filePath(QStringLiteral("%1.png").arg(QTest::currentDataTag()).replace(' ', '-'));
        const Run run = runApp(QStringList{"bits-and-bytes", "--screenshot", out} + options);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QImage image(out);
        QCOMPARE(image.size(), size);
        QVERIFY(distinctColours(image) > 20);
    }

    void aBadLessonStillRendersItsDiagnostics() {
        const QString lesson = directory_.filePath("bad.lesson.md");
        QFile file(lesson);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("---\nformat: mlsyslab-lesson/1\nid: bad\ntitle: Bad\n---\n\n```sim bitz\n```\n");
        file.close();
        const QString out = directory_.filePath("bad.png");
        const Run run = runApp({lesson, "--screenshot", out});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains(":7:8: error: unknown simulator kind 'bitz'"));
        QCOMPARE(QImage(out).size(), QSize(1280, 800));
    }

    void badArgumentsExitTwo_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("step zero") << QStringList{"bits-and-bytes", "--step", "0", "--screenshot", "x.png"};
        QTest::newRow("step past the end") << QStringList{"bits-and-bytes", "--step", "99", "--screenshot", "x.png"};
        QTest::newRow("bad size") << QStringList{"bits-and-bytes", "--size", "big", "--screenshot", "x.png"};
        QTest::newRow("no lesson") << QStringList{"--screenshot", "x.png"};
        QTest::newRow("unknown option") << QStringList{"--frobnicate", "--screenshot", "x.png"};
    }
    void badArgumentsExitTwo() {
        QFETCH(QStringList, arguments);
        const Run run = runApp(arguments);
        QCOMPARE(run.exitCode, 2);
        // The last line is ours; Qt may warn about the environment before it (XDG_RUNTIME_DIR).
        const QStringList lines = run.err.split('\n', Qt::SkipEmptyParts);
        QVERIFY2(!lines.isEmpty() && lines.back().startsWith("mlsyslab: "), qPrintable(run.err));
    }

private:
    QTemporaryDir directory_;
};

QTEST_GUILESS_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
