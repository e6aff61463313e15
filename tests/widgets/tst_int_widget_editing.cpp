#include <QApplication>
#include <QSignalSpy>
#include <QtTest>

#include "IntWidgetTestSupport.h"

using namespace mlsyslab::testing;

// Typing into the int widget's fields: good values apply, garbage is refused with a reason and
// changes nothing.
class TestIntWidgetEditing : public QObject {
    Q_OBJECT

private slots:
    void typingGarbage_data();
    void typingGarbage();
    void aValidEditClearsTheError();
    void aMinusSignIsAHyphen();
    void leavingAFieldAppliesIt();
    void closingWhileEditingIsSafe();
    void errorColourFollowsThePalette();
};

void TestIntWidgetEditing::typingGarbage_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("error");
    QTest::newRow("a word") << "a"
                            << "abc"
                            << "'abc' is not a decimal number: 'a' is not a digit 0-9";
    QTest::newRow("a fraction") << "a"
                                << "3.5"
                                << "'3.5' is not a whole number: integers have no fraction";
    QTest::newRow("too big") << "a"
                             << "128"
                             << "128 does not fit in 8 bits signed (-128 to 127)";
    QTest::newRow("too small") << "b"
                               << "-129"
                               << "-129 does not fit in 8 bits signed (-128 to 127)";
    QTest::newRow("huge") << "b"
                          << "123456789012345678901234567890"
                          << "123456789012345678901234567890 does not fit in 8 bits signed (-128 "
                             "to 127)";
    QTest::newRow("sign only") << "b"
                               << "-"
                               << "'-' has no digits";
    QTest::newRow("empty") << "a"
                           << ""
                           << "type a whole number";
    QTest::newRow("hex") << "a"
                         << "0x10"
                         << "'0x10' is not a decimal number: 'x' is not a digit 0-9";
}

// The typed text stays for the student to fix, the error line says why, and nothing else
// changes: not the state, not the column, not the other field.
void TestIntWidgetEditing::typingGarbage() {
    QFETCH(QString, field);
    QFETCH(QString, typed);
    QFETCH(QString, error);
    IntState start;
    start.a = BitPattern(8, 100);
    start.b = BitPattern(8, 27);
    IntWidget widget(start);
    QSignalSpy spy(&widget, &IntWidget::stateChanged);
    const QString resultBefore = intLabel(widget, "resultBits")->text();
    const QString sentenceBefore = intLabel(widget, "trueResult")->text();
    const QString fieldName = field + QStringLiteral("Field");
    const QString errorName = field + QStringLiteral("Error");
    const QString otherError =
        (field == "a" ? QStringLiteral("b") : QStringLiteral("a")) + QStringLiteral("Error");

    typeInto(widget.findChild<QLineEdit*>(fieldName), typed);
    QVERIFY(widget.state() == start);
    QCOMPARE(spy.count(), 0);
    QCOMPARE(widget.findChild<QLineEdit*>(fieldName)->text(), typed);
    QLabel* errorLabel = widget.findChild<QLabel*>(errorName);
    QVERIFY(!errorLabel->isHidden());
    QCOMPARE(errorLabel->text(), shown(error));
    QVERIFY(widget.findChild<QLabel*>(otherError)->isHidden());
    QCOMPARE(intLabel(widget, "resultBits")->text(), resultBefore);
    QCOMPARE(intLabel(widget, "trueResult")->text(), sentenceBefore);
    QCOMPARE(intLabel(widget, "resultValue")->text(), QStringLiteral("127"));
}

void TestIntWidgetEditing::aValidEditClearsTheError() {
    IntWidget widget{IntState{}};
    typeInto(intField(widget, "bField"), "x");
    QVERIFY(!intLabel(widget, "bError")->isHidden());
    typeInto(intField(widget, "bField"), "1");  // the same value as before: still clears
    QVERIFY(intLabel(widget, "bError")->isHidden());
    typeInto(intField(widget, "aField"), "999");
    QVERIFY(!intLabel(widget, "aError")->isHidden());
    QTest::mouseClick(intButton(widget, "incrementButton"), Qt::LeftButton);
    QVERIFY(intLabel(widget, "aError")->isHidden());
    QCOMPARE(intField(widget, "aField")->text(), QStringLiteral("1"));
}

void TestIntWidgetEditing::aMinusSignIsAHyphen() {
    IntWidget widget{IntState{}};
    QLineEdit* a = intField(widget, "aField");
    a->selectAll();
    QTest::sendKeyEvent(QTest::Click, a, Qt::Key_unknown, QString(QChar(0x2212)), Qt::NoModifier);
    QTest::keyClicks(a, "5");
    QTest::keyClick(a, Qt::Key_Return);
    QCOMPARE(widget.state().a.signedValue(), -5);
}

void TestIntWidgetEditing::leavingAFieldAppliesIt() {
    IntWidget widget{IntState{}};
    widget.show();
    QApplication::setActiveWindow(&widget);
    QVERIFY(QTest::qWaitForWindowActive(&widget));
    QLineEdit* a = intField(widget, "aField");
    a->setFocus();
    a->selectAll();
    QTest::keyClicks(a, "42");
    QCOMPARE(widget.state().a.signedValue(), 0);  // not yet: still typing
    intField(widget, "bField")->setFocus();
    QTRY_COMPARE(widget.state().a.signedValue(), 42);
    QCOMPARE(intLabel(widget, "resultValue")->text(), QStringLiteral("43"));
}

void TestIntWidgetEditing::closingWhileEditingIsSafe() {
    auto* widget = new IntWidget(IntState{});
    widget->show();
    QApplication::setActiveWindow(widget);
    QVERIFY(QTest::qWaitForWindowActive(widget));
    QLineEdit* b = intField(*widget, "bField");
    b->setFocus();
    QTest::keyClicks(b, "7");
    QSignalSpy spy(widget, &IntWidget::stateChanged);
    delete widget;
    QCOMPARE(spy.count(), 0);
}

void TestIntWidgetEditing::errorColourFollowsThePalette() {
    IntWidget widget{IntState{}};
    typeInto(intField(widget, "aField"), "1000");
    QLabel* error = intLabel(widget, "aError");
    QPalette light = widget.palette();
    light.setColor(QPalette::Window, Qt::white);
    light.setColor(QPalette::WindowText, Qt::black);
    widget.setPalette(light);
    QVERIFY(error->palette().color(QPalette::WindowText).lightness() < 128);
    QPalette dark = light;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::WindowText, Qt::white);
    widget.setPalette(dark);
    const QColor onDark = error->palette().color(QPalette::WindowText);
    QVERIFY(onDark.lightness() >= 128);
    QVERIFY(onDark.red() > onDark.green());  // still a red
}

QTEST_MAIN(TestIntWidgetEditing)
#include "tst_int_widget_editing.moc"
