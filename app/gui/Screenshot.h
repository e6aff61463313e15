#pragma once

#include <QSize>
#include <QString>

namespace mlsyslab::app {

class MainWindow;

inline constexpr QSize kDefaultScreenshotSize{1280, 800};

// Lays the window out at `size` (without showing it on a screen), renders it and writes a PNG.
// Returns an error message, or an empty string on success.
QString saveScreenshot(MainWindow& window, QSize size, const QString& path);

}  // namespace mlsyslab::app
