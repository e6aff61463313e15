#pragma once

// What the bits widget's test suites share: finding its parts and typing like a student.
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QToolButton>
#include <QtTest>

#include "numeric/BitPattern.h"

namespace mlsyslab::testing {

using numeric::BitPattern;


// What every reading of one 8-bit pattern must show.
struct ShownReadings {
    QString unsignedText;
    QString signedText;
    QString hexText;
    QString binaryText;
    QString asciiText;
    QString asciiDescription;
};

inline const QStringList kFieldNames = {"unsigned", "signed", "hex", "binary", "ascii"};

inline QLineEdit* field(const QWidget& widget, const QString& name) {
    return widget.findChild<QLineEdit*>(name + "Field");
}

inline QLabel* label(const QWidget& widget, const QString& objectName) {
    return widget.findChild<QLabel*>(objectName);
}

inline QToolButton* bitButton(const QWidget& widget, int index) {
    return widget.findChild<QToolButton*>(QStringLiteral("bit%1").arg(index));
}

// Types the text into a field the way a student does: select all, type, press Return.
inline void typeInto(QLineEdit* lineEdit, const QString& text) {
    lineEdit->selectAll();
    QTest::keyClick(lineEdit, Qt::Key_Backspace);
    for (const QChar character : text) {
        if (character.unicode() < 128) {
            QTest::keyClick(lineEdit, character.toLatin1());
        } else {
            // A key with no ASCII name ('é' on a French keyboard) arrives as text only.
            QTest::sendKeyEvent(QTest::Click, lineEdit, Qt::Key_unknown, QString(character),
                                Qt::NoModifier);
        }
    }
    QTest::keyClick(lineEdit, Qt::Key_Return);
}

// The pattern a patternChanged signal carried. BitPattern has no default constructor, so it
// cannot go through qvariant_cast; the spy still holds a copy of it.
inline BitPattern emitted(const QSignalSpy& spy, int signalIndex) {
    const QVariant& argument = spy.at(signalIndex).at(0);
    Q_ASSERT(argument.metaType() == QMetaType::fromType<BitPattern>());
    return *static_cast<const BitPattern*>(argument.constData());
}

inline bool anyErrorShown(const QWidget& widget) {
    for (const QString& name : kFieldNames) {
        if (!label(widget, name + "Error")->isHidden()) return true;
    }
    return false;
}


}  // namespace mlsyslab::testing
