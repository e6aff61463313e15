#include "gui/Screenshot.h"

#include <QApplication>
#include <QImageWriter>
#include <QPixmap>

#include "gui/MainWindow.h"

namespace mlsyslab::app {

QString saveScreenshot(MainWindow& window, QSize size, const QString& path) {
    window.resize(size);
    window.show();
    // Let layouts, fonts and deferred updates settle before rendering.
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
