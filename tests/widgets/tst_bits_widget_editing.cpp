#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

#include "BitsWidgetTestSupport.h"
#include "numeric/BitsWidget.h"

using mlsyslab::numeric::BitPattern;
using mlsyslab::widgets::BitsWidget;
using namespace mlsyslab::testing;

// Typing into the bits widget's fields: good values set the bits, garbage is refused with a
// reason and changes nothing.
class TestBitsWidgetEditing : public QObject {
    Q_OBJECT

private slots:
    void typingAValidValue_data();
    void typingAValidValue();
    void typingGarbage_data();
    void typingGarbage();
    void aValidEditClearsEveryError();
    void aBitClickClearsEveryError();
    void leavingAFieldAppliesIt();
    void closingWhileEditingIsSafe();
};

void TestBitsWidgetEditing::typingAValidValue_data() {
    QTest::addColumn<QString>("fieldName");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<qulonglong>("bits");
    QTest::addColumn<QString>("unsignedText");
    QTest::newRow("unsigned") << "unsigned"
                              << "200" << 200ULL << "200";
    QTest::newRow("unsigned with spaces") << "unsigned"
                                          << " 7 " << 7ULL << "7";
    QTest::newRow("signed negative") << "signed"
                                     << "-42" << 214ULL << "214";
    QTest::newRow("signed minimum") << "signed"
                                    << "-128" << 128ULL << "128";
    QTest::newRow("hex") << "hex"
                         << "0x7f" << 127ULL << "127";
    QTest::newRow("hex without prefix") << "hex"
                                        << "C8" << 200ULL << "200";
    QTest::newRow("binary") << "binary"
                            << "1000 0001" << 129ULL << "129";
    QTest::newRow("binary prefixed") << "binary"
                                     << "0b101" << 5ULL << "5";
    QTest::newRow("ascii letter") << "ascii"
                                  << "z" << 122ULL << "122";
    QTest::newRow("ascii digit") << "ascii"
                                 << "0" << 48ULL << "48";
    QTest::newRow("ascii escape") << "ascii"
                                  << "\\x0A" << 10ULL << "10";
}

void TestBitsWidgetEditing::typingAValidValue() {
    QFETCH(QString, fieldName);
    QFETCH(QString, typed);
    QFETCH(qulonglong, bits);
    QFETCH(QString, unsignedText);
    BitsWidget widget(BitPattern(8, 65));
    QSignalSpy spy(&widget, &BitsWidget::patternChanged);
    typeInto(field(widget, fieldName), typed);
    QCOMPARE(widget.pattern(), BitPattern(8, bits));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(field(widget, "unsigned")->text(), unsignedText);
    QCOMPARE(field(widget, "binary")->text(),
             QString::fromStdString(BitPattern(8, bits).binary()).insert(4, ' '));
    for (int index = 0; index < 8; ++index) {
        QCOMPARE(bitButton(widget, index)->isChecked(), ((bits >> index) & 1U) != 0);
    }
    QVERIFY(!anyErrorShown(widget));
}

void TestBitsWidgetEditing::typingGarbage_data() {
    QTest::addColumn<QString>("fieldName");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("message");
    QTest::newRow("unsigned too big") << "unsigned"
                                      << "300"
                                      << "300 does not fit in 8 bits unsigned (0 to 255)";
    QTest::newRow("unsigned word") << "unsigned"
                                   << "ten"
                                   << "'ten' is not a decimal number: 't' is not a digit 0-9";
    QTest::newRow("unsigned empty") << "unsigned"
                                    << ""
                                    << "type a number from 0 to 255";
    QTest::newRow("signed too small") << "signed"
                                      << "-129"
                                      << "-129 does not fit in 8 bits signed (-128 to 127)";
    QTest::newRow("signed fraction")
        << "signed"
        << "1.5"
        << "'1.5' is not a whole number: bit patterns hold integers only";
    QTest::newRow("hex too big") << "hex"
                                 << "0x1FF"
                                 << "'0x1FF' needs 9 bits, more than 8 bits hold (largest: 0xFF)";
    QTest::newRow("hex bad digit")
        << "hex"
        << "0xZZ"
        << "'0xZZ' is not a hex number: 'Z' is not a hex digit (0-9 and A-F)";
    QTest::newRow("binary bad digit")
        << "binary"
        << "0102"
        << "'0102' is not a binary number: '2' is not a binary digit (0 and 1)";
    QTest::newRow("binary too long")
        << "binary"
        << "111111111"
        << "'111111111' needs 9 bits, more than 8 bits hold (largest: 11111111)";
    QTest::newRow("ascii too long")
        << "ascii"
        << "AB"
        << "'AB' is 2 characters, but 8 bits hold only 1 character (one byte each)";
    QTest::newRow("ascii not ascii")
        << "ascii"
        << "é"
        << "only ASCII characters (codes 0 to 127) can be typed; write \\xHH for a byte above 127";
}

void TestBitsWidgetEditing::typingGarbage() {
    QFETCH(QString, fieldName);
    QFETCH(QString, typed);
    QFETCH(QString, message);
    BitsWidget widget(BitPattern(8, 65));
    QSignalSpy spy(&widget, &BitsWidget::patternChanged);
    typeInto(field(widget, fieldName), typed);
    QCOMPARE(widget.pattern(), BitPattern(8, 65));
    QCOMPARE(spy.count(), 0);
    QCOMPARE(field(widget, fieldName)->text(), typed);
    QLabel* error = label(widget, fieldName + "Error");
    QVERIFY(!error->isHidden());
    QCOMPARE(error->text(), message);
    for (const QString& other : kFieldNames) {
        if (other != fieldName) QVERIFY(label(widget, other + "Error")->isHidden());
    }
    QCOMPARE(field(widget, fieldName == "unsigned" ? "hex" : "unsigned")->text(),
             fieldName == "unsigned" ? QStringLiteral("0x41") : QStringLiteral("65"));
    QVERIFY(bitButton(widget, 0)->isChecked());
    QVERIFY(bitButton(widget, 6)->isChecked());
}

void TestBitsWidgetEditing::aValidEditClearsEveryError() {
    BitsWidget widget(BitPattern(8, 65));
    typeInto(field(widget, "unsigned"), "999");
    typeInto(field(widget, "hex"), "0xG");
    QVERIFY(!label(widget, "unsignedError")->isHidden());
    QVERIFY(!label(widget, "hexError")->isHidden());
    typeInto(field(widget, "signed"), "-1");
    QVERIFY(!anyErrorShown(widget));
    QCOMPARE(widget.pattern(), BitPattern(8, 255));
    QCOMPARE(field(widget, "unsigned")->text(), QStringLiteral("255"));
    QCOMPARE(field(widget, "hex")->text(), QStringLiteral("0xFF"));
}

void TestBitsWidgetEditing::aBitClickClearsEveryError() {
    BitsWidget widget(BitPattern(8, 65));
    typeInto(field(widget, "binary"), "2");
    QVERIFY(anyErrorShown(widget));
    QTest::mouseClick(bitButton(widget, 1), Qt::LeftButton);
    QVERIFY(!anyErrorShown(widget));
    QCOMPARE(field(widget, "binary")->text(), QStringLiteral("0100 0011"));
    QCOMPARE(widget.pattern(), BitPattern(8, 67));
}

void TestBitsWidgetEditing::leavingAFieldAppliesIt() {
    BitsWidget widget(BitPattern(8, 65));
    widget.show();
    QApplication::setActiveWindow(&widget);
    QVERIFY(QTest::qWaitForWindowActive(&widget));
    QLineEdit* hex = field(widget, "hex");
    hex->setFocus();
    hex->selectAll();
    QTest::keyClicks(hex, "42");
    QCOMPARE(widget.pattern(), BitPattern(8, 65));  // not yet: still typing
    field(widget, "unsigned")->setFocus();
    QTRY_COMPARE(widget.pattern(), BitPattern(8, 0x42));
    QCOMPARE(field(widget, "unsigned")->text(), QStringLiteral("66"));
}

void TestBitsWidgetEditing::closingWhileEditingIsSafe() {
    auto* widget = new BitsWidget(BitPattern(8, 65));
    widget->show();
    QApplication::setActiveWindow(widget);
    QVERIFY(QTest::qWaitForWindowActive(widget));
    QLineEdit* binary = field(*widget, "binary");
    binary->setFocus();
    QTest::keyClicks(binary, "1");
    QSignalSpy spy(widget, &BitsWidget::patternChanged);
    delete widget;
    QCOMPARE(spy.count(), 0);
}

QTEST_MAIN(TestBitsWidgetEditing)
#include "tst_bits_widget_editing.moc"
