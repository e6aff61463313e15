#pragma once

#include <QObject>
#include <QVariant>

namespace mlsyslab::widgets {

// A view doing slow work in the background (a measurement of this machine) marks an object it
// owns as busy while the work runs, so that `mlsyslab --screenshot` can wait for the result
// instead of capturing a half-drawn curve.
inline constexpr char kBackgroundWorkProperty[] = "mlsyslabBackgroundWork";

inline void setBackgroundWork(QObject& object, bool running) {
    object.setProperty(kBackgroundWorkProperty, running);
}

// Whether the object or any object below it has background work running.
inline bool hasBackgroundWork(const QObject& root) {
    if (root.property(kBackgroundWorkProperty).toBool()) return true;
    for (const QObject* child : root.findChildren<QObject*>()) {
        if (child->property(kBackgroundWorkProperty).toBool()) return true;
    }
    return false;
}

}  // namespace mlsyslab::widgets
