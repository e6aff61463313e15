#pragma once

// What the float simulators' test suites share: finding parts and typing like a student.
#include <QLabel>
#include <QLineEdit>
#include <QTextDocument>
#include <QtTest>

namespace mlsyslab::testing {

inline QLabel* floatLabel(const QWidget& widget, const QString& objectName) {
    auto* label = widget.findChild<QLabel*>(objectName);
    if (label == nullptr) qFatal("no label %s", qPrintable(objectName));
    return label;
}

inline QString floatLabelText(const QWidget& widget, const QString& objectName) {
    return floatLabel(widget, objectName)->text();
}

// Types the text into a field the way a student does: select all, type, press Return.
inline void typeIntoField(QLineEdit* lineEdit, const QString& text) {
    lineEdit->selectAll();
    QTest::keyClick(lineEdit, Qt::Key_Backspace);
    QTest::keyClicks(lineEdit, text);
    QTest::keyClick(lineEdit, Qt::Key_Return);
}

}  // namespace mlsyslab::testing
