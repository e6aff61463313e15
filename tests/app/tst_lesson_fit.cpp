#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>
#include <set>

#include "common/MeasurementPolicy.h"
#include "gui/AppSettings.h"
#include "gui/LessonSource.h"
#include "gui/MainWindow.h"
#include "lesson/LessonPlayer.h"
#include "lesson/SimKindRegistry.h"

// Every step of every built-in lesson, laid out as a student sees it at 1280x800 and as an
// instructor projects it in presentation mode at 1920x1080: the step must fit the window without
// scrolling (the player fits it, down to LessonPlayer::kLeastFitZoom). An instructor cannot
// scroll a projected slide while talking, and a kind added later is held to the same rule.
// Layout only: measuring views do not start (widgets::setMeasurementsStartOnOpen).

using namespace mlsyslab::app;
using mlsyslab::widgets::LessonPlayer;

namespace {

struct Screen {
    const char* name;
    QSize size;
    bool presentation;
};

constexpr Screen kScreens[] = {
    {"desk 1280x800", {1280, 800}, false},
    {"presentation 1920x1080", {1920, 1080}, true},
};

// Steps that do not fit yet, as "lesson-id step N (screen)". The list may only shrink: a step
// on it that now fits fails the test too, so that it is taken off.
const std::set<QString> kKnownOverflows = {
    "half-and-full-adders step 3 (desk 1280x800)",
    "adding-5-and-3 step 1 (desk 1280x800)",
    "adding-5-and-3 step 2 (desk 1280x800)",
    "adding-5-and-3 step 3 (desk 1280x800)",
    "ripple-vs-lookahead step 1 (desk 1280x800)",
    "ripple-vs-lookahead step 2 (desk 1280x800)",
    "ripple-vs-lookahead step 3 (desk 1280x800)",
    "subtraction-is-addition step 1 (desk 1280x800)",
    "subtraction-is-addition step 2 (desk 1280x800)",
    "subtraction-is-addition step 3 (desk 1280x800)",
    "float-hardware-cost step 1 (desk 1280x800)",
    "float-hardware-cost step 2 (desk 1280x800)",
    "row-vs-column-major step 1 (desk 1280x800)",
    "matmul-loop-order step 1 (desk 1280x800)",
    "matmul-loop-order step 3 (desk 1280x800)",
    "matmul-loop-order step 4 (desk 1280x800)",
    "python-to-bytecode step 9 (desk 1280x800)",
    "loops-and-jumps step 2 (desk 1280x800)",
    "calls-and-frames step 2 (desk 1280x800)",
    "calls-and-frames step 3 (desk 1280x800)",
    "tensor-memory-layout step 4 (desk 1280x800)",
    "matrixadd-launch step 3 (desk 1280x800)",
    "warps-and-divergence step 1 (desk 1280x800)",
    "warps-and-divergence step 2 (desk 1280x800)",
    "occupancy-and-latency-hiding step 1 (desk 1280x800)",
    "cpu-matmul-ladder step 2 (desk 1280x800)",
    "cpu-matmul-ladder step 4 (desk 1280x800)",
    "cpu-matmul-ladder step 2 (presentation 1920x1080)",
    "cpu-matmul-ladder step 4 (presentation 1920x1080)",
    "cpu-vs-gpu-matmul step 2 (desk 1280x800)",
    "training-vs-inference-roofline step 2 (desk 1280x800)",
    "training-vs-inference-roofline step 3 (desk 1280x800)",
    "half-and-full-adders step 3 (presentation 1920x1080)",
    "adding-5-and-3 step 1 (presentation 1920x1080)",
    "adding-5-and-3 step 2 (presentation 1920x1080)",
    "adding-5-and-3 step 3 (presentation 1920x1080)",
    "ripple-vs-lookahead step 1 (presentation 1920x1080)",
    "ripple-vs-lookahead step 2 (presentation 1920x1080)",
    "ripple-vs-lookahead step 3 (presentation 1920x1080)",
    "subtraction-is-addition step 1 (presentation 1920x1080)",
    "subtraction-is-addition step 2 (presentation 1920x1080)",
    "subtraction-is-addition step 3 (presentation 1920x1080)",
    "float-hardware-cost step 1 (presentation 1920x1080)",
    "float-hardware-cost step 2 (presentation 1920x1080)",
    "matmul-loop-order step 1 (presentation 1920x1080)",
    "matmul-loop-order step 3 (presentation 1920x1080)",
    "matmul-loop-order step 4 (presentation 1920x1080)",
    "tensor-memory-layout step 4 (presentation 1920x1080)",
    "gpu-cores-and-cuda step 1 (presentation 1920x1080)",
    "matrixadd-launch step 3 (presentation 1920x1080)",
    "warps-and-divergence step 1 (presentation 1920x1080)",
    "warps-and-divergence step 2 (presentation 1920x1080)",
    "occupancy-and-latency-hiding step 1 (presentation 1920x1080)",
    "training-vs-inference-roofline step 3 (presentation 1920x1080)",
};

QString stepName(const QString& id, int step, const Screen& screen) {
    return QStringLiteral("%1 step %2 (%3)").arg(id).arg(step + 1).arg(QLatin1String(screen.name));
}

}  // namespace

class TestLessonFit : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { mlsyslab::widgets::setMeasurementsStartOnOpen(false); }

    void everyStepFits() {
        QElapsedTimer timer;
        timer.start();
        const auto course = loadBuiltinCourse(mlsyslab::lesson::builtinSimKinds());
        QVERIFY(!course.empty());
        QStringList overflowing;
        QStringList fixed;
        int steps = 0;
        for (const Screen& screen : kScreens) {
            QTemporaryDir scratch;
            AppSettings settings(scratch.filePath(QStringLiteral("settings.ini")));
            MainWindow window(settings);
            window.resize(screen.size);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.setPresentationMode(screen.presentation, false);
            window.resize(screen.size);
            LessonPlayer& player = *window.player();
            for (const LoadedLesson& lesson : course) {
                QVERIFY2(window.openLesson(lesson.source), qPrintable(lesson.source.location));
                const QString id = QString::fromStdString(lesson.parsed.lesson->info.id);
                for (int step = 0; step < player.stepCount(); ++step) {
                    player.goToStep(step);
                    QApplication::processEvents();
                    player.settle();
                    QVERIFY(player.fitsToWindow());
                    const QString name = stepName(id, step, screen);
                    const bool known = kKnownOverflows.contains(name);
                    if (player.stepOverflows() && !known) {
                        overflowing << QStringLiteral("%1 at zoom %2 %")
                                           .arg(name)
                                           .arg(qRound(player.zoom() * 100));
                    }
                    if (!player.stepOverflows() && known) fixed << name;
                    ++steps;
                }
            }
        }
        qInfo("%d steps laid out in %.1f s", steps, timer.elapsed() / 1000.0);
        // One line each: a test message is cut after a few hundred characters.
        for (const QString& name : overflowing) qWarning("needs scrolling: %s", qPrintable(name));
        for (const QString& name : fixed) qWarning("fits now, take it off the list: %s", qPrintable(name));
        QCOMPARE(overflowing.size(), 0);
        QCOMPARE(fixed.size(), 0);
    }
};

QTEST_MAIN(TestLessonFit)
#include "tst_lesson_fit.moc"
