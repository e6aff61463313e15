#pragma once

// What the int widget's test suites share: finding its parts and using it like a student.
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QtTest>

#include "numeric/FlagBadge.h"
#include "numeric/IntWidget.h"
#include "numeric/NumberCircle.h"

namespace mlsyslab::testing {

using lesson::kinds::IntState;
using numeric::BitPattern;
using numeric::IntegerOperation;
using numeric::Signedness;
using widgets::FlagBadge;
using widgets::IntWidget;
using widgets::NumberCircle;

inline QLineEdit* intField(const QWidget& widget, const char* name) {
    return widget.findChild<QLineEdit*>(QLatin1String(name));
}

inline QLabel* intLabel(const QWidget& widget, const char* name) {
    return widget.findChild<QLabel*>(QLatin1String(name));
}

inline QPushButton* intButton(const QWidget& widget, const char* name) {
    return widget.findChild<QPushButton*>(QLatin1String(name));
}

inline FlagBadge* flag(const QWidget& widget, char letter) {
    return widget.findChild<FlagBadge*>(QStringLiteral("flag") + QLatin1Char(letter));
}

// "CvZn": upper case for a lit flag, lower case for a clear one.
inline QString litFlags(const QWidget& widget) {
    QString shown;
    for (const char letter : {'C', 'V', 'Z', 'N'}) {
        const QChar name(letter);
        shown += flag(widget, letter)->isLit() ? name : name.toLower();
    }
    return shown;
}

// "-128" with the real minus sign the widget shows.
inline QString shown(QString text) { return text.replace(QLatin1Char('-'), QChar(0x2212)); }

// Types the text into a field the way a student does: select all, type, press Return.
inline void typeInto(QLineEdit* lineEdit, const QString& text) {
    lineEdit->selectAll();
    QTest::keyClick(lineEdit, Qt::Key_Backspace);
    QTest::keyClicks(lineEdit, text);
    QTest::keyClick(lineEdit, Qt::Key_Return);
}

inline void chooseInCombo(const QWidget& widget, const char* name, int data) {
    auto* combo = widget.findChild<QComboBox*>(QLatin1String(name));
    QVERIFY(combo != nullptr);
    const int index = combo->findData(data);
    QVERIFY(index >= 0);
    combo->setCurrentIndex(index);
}

// Sets up one operation through the controls: width, reading, A, the operation, B.
inline void enterOperation(IntWidget& widget, int width, bool isSigned, const QString& a,
                           IntegerOperation operation, const QString& b) {
    chooseInCombo(widget, "widthSelector", width);
    QTest::mouseClick(intButton(widget, isSigned ? "signedButton" : "unsignedButton"),
                      Qt::LeftButton);
    typeInto(intField(widget, "aField"), a);
    chooseInCombo(widget, "operationSelector", static_cast<int>(operation));
    if (operation != IntegerOperation::Negate) typeInto(intField(widget, "bField"), b);
}

}  // namespace mlsyslab::testing
