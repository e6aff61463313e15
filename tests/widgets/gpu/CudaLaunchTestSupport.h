#pragma once

// What the cuda-launch widget suites share: the widget for a lesson state, its parts by name,
// clicks on threads and knob changes.
#include <yaml-cpp/yaml.h>

#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QtTest>
#include <memory>

#include "gpu/CudaLaunchWidget.h"
#include "gpu/LaunchGridView.h"
#include "gpu/lesson/CudaLaunchKind.h"
#include "../WidgetTestSupport.h"

namespace mlsyslab::testing {

using mlsyslab::widgets::CudaLaunchWidget;
using mlsyslab::widgets::LaunchGridView;

// The widget for a lesson's ```sim cuda-launch state, shown, as the lesson player shows it.
inline std::unique_ptr<CudaLaunchWidget> launchFrom(const char* yaml) {
    const auto reading = mlsyslab::lesson::kinds::cudaLaunchKind().read(YAML::Load(yaml));
    if (!reading.problems.empty()) qWarning("the test state has problems: %s", yaml);
    auto widget = std::make_unique<CudaLaunchWidget>(reading.state);
    // Tall enough for all of it, as the lesson's scroll area makes it.
    constexpr int kWidth = 1200;
    const int height =
        widget->hasHeightForWidth() ? widget->heightForWidth(kWidth) : widget->sizeHint().height();
    widget->resize(kWidth, std::max(1000, height));
    widget->show();
    return widget;
}

inline QString text(const QWidget& widget, const char* name) {
    return part<QLabel>(widget, name)->text();
}
inline LaunchGridView* view(const QWidget& widget) {
    return part<LaunchGridView>(widget, "launchView");
}

inline void clickThread(const QWidget& widget, qint64 i, qint64 j) {
    LaunchGridView* grid = view(widget);
    QTest::mouseClick(grid, Qt::LeftButton, {}, grid->cellRect(i, j).center());
}

inline void setSpin(const QWidget& widget, const char* name, int value) {
    part<QSpinBox>(widget, name)->setValue(value);
}

inline void chooseDevice(const QWidget& widget, const char* id) {
    auto* box = part<QComboBox>(widget, "device");
    box->setCurrentIndex(box->findData(QString::fromLatin1(id)));
}

inline QColor pixel(QWidget* widget, QPoint point) {
    return widget->grab().toImage().pixelColor(point);
}

// The darkest pixel on a short vertical run through `point`: a thick outline crossing there
// shows as black, a thin grid line as grey.
inline int darkestAround(const QImage& image, QPoint point) {
    int darkest = 255;
    for (int dy = -2; dy <= 2; ++dy) {
        darkest = std::min(darkest, image.pixelColor(point + QPoint(0, dy)).lightness());
    }
    return darkest;
}

}  // namespace mlsyslab::testing
