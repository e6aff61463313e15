#pragma once

// What the widget suites share: finding a widget's named parts and driving its controls the way
// a user does, with keys.
#include <QComboBox>
#include <QSpinBox>
#include <QString>
#include <QTest>
#include <QWidget>

namespace mlsyslab::testing {

// The child called `name` (its objectName); a warning names it when there is none.
template <typename Child>
Child* part(const QWidget& widget, const QString& name) {
    auto* child = widget.findChild<Child*>(name);
    if (child == nullptr) qWarning("no child named %s", qPrintable(name));
    return child;
}

// Picks `item` in a combo box with the keyboard (Home, then Down until it shows).
inline bool choose(QComboBox* chooser, const QString& item) {
    QTest::keyClick(chooser, Qt::Key_Home);
    for (int step = 0; step <= chooser->count(); ++step) {
        if (chooser->currentText() == item) return true;
        QTest::keyClick(chooser, Qt::Key_Down);
    }
    return chooser->currentText() == item;
}

// Types a number into a spin box and presses Enter.
inline void type(QSpinBox* box, int value) {
    box->setFocus();
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, QString::number(value));
    QTest::keyClick(box, Qt::Key_Enter);
}

}  // namespace mlsyslab::testing
