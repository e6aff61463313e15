#include "gui/Screenshot.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImageWriter>
#include <QPixmap>
#include <QThread>

#include "common/BackgroundWork.h"
#include "lesson/LessonPlayer.h"

#include "gui/MainWindow.h"

namespace mlsyslab::app {

namespace {

// A measurement of this machine takes seconds (a full latency probe about 20); a stuck one must
// not hang a script that exports figures.
constexpr qint64 kMostBackgroundWaitMs = 120'000;

void waitForBackgroundWork(const QWidget& window) {
    QElapsedTimer waited;
    waited.start();
    while (widgets::hasBackgroundWork(window) && waited.elapsed() < kMostBackgroundWaitMs) {
        QApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(20);
    }
}

}  // namespace

QString saveScreenshot(MainWindow& window, QSize size, const QString& path) {
    window.resize(size);
    window.show();
    // Let layouts, fonts and deferred updates settle before rendering, the step's fit to the
    // window's size included.
    for (int round = 0; round < 3; ++round) QApplication::processEvents();
    window.player()->settle();
    for (int round = 0; round < 3; ++round) QApplication::processEvents();
    // Simulators that measure this machine when shown are captured with their results.
    waitForBackgroundWork(window);
    for (int round = 0; round < 3; ++round) QApplication::processEvents();
    QPixmap pixmap = window.grab();
    // The grab uses the device pixel ratio of the platform; figures are asked for in pixels.
    if (pixmap.size() != size) pixmap = pixmap.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    QImageWriter writer(path, "png");
    if (!writer.write(pixmap.toImage())) {
        return QObject::tr("cannot write %1: %2").arg(path, writer.errorString());
    }
    return {};
}

}  // namespace mlsyslab::app
