#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QToolButton>
#include <QtTest>

#include "SimViewTestSupport.h"
#include "BitsWidgetTestSupport.h"
#include "numeric/BitsWidget.h"

using mlsyslab::lesson::SimBlock;
using mlsyslab::numeric::BitPattern;
using mlsyslab::widgets::BitsWidget;
using namespace mlsyslab::testing;


class TestBitsWidget : public QObject {
    Q_OBJECT

private slots:
    void showsEveryReading();
    void clickingOneBit_data();
    void clickingOneBit();
    void clickingEveryBitInTurn();
    void bitButtonsMatchThePattern();
    void changingWidthKeepsTheLowBits_data();
    void changingWidthKeepsTheLowBits();
    void patternChangedOnlyWhenTheBitsChange();
    void fourBitsHaveNoAsciiReading();
    void thirtyTwoBitsWrapIntoTwoRows();
    void colourSwatchIsLargeAndDescribed();
    void errorColourFollowsThePalette();
    void createdFromLessonYaml_data();
    void createdFromLessonYaml();
};

void TestBitsWidget::showsEveryReading() {
    const BitsWidget widget(BitPattern(8, 65));
    QCOMPARE(widget.findChild<QComboBox*>("widthSelector")->currentText(),
             QStringLiteral("8 bits"));
    QCOMPARE(field(widget, "unsigned")->text(), QStringLiteral("65"));
    QCOMPARE(field(widget, "signed")->text(), QStringLiteral("65"));
    QCOMPARE(field(widget, "hex")->text(), QStringLiteral("0x41"));
    QCOMPARE(field(widget, "binary")->text(), QStringLiteral("0100 0001"));
    QCOMPARE(field(widget, "ascii")->text(), QStringLiteral("A"));
    QCOMPARE(label(widget, "asciiDescription")->text(), QStringLiteral("'A' = 65 = 0x41"));
    QCOMPARE(label(widget, "colorDescription")->text(),
             QStringLiteral("#414141 = RGB(65, 65, 65) — 8-bit grey level"));
    QVERIFY(!anyErrorShown(widget));
}

void TestBitsWidget::clickingOneBit_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("unsignedText");
    QTest::addColumn<QString>("signedText");
    QTest::addColumn<QString>("hexText");
    QTest::addColumn<QString>("binaryText");
    QTest::addColumn<QString>("asciiText");
    QTest::addColumn<QString>("asciiDescription");
    QTest::newRow("bit 0") << 0 << "1"
                           << "1"
                           << "0x01"
                           << "0000 0001"
                           << "\\x01"
                           << "SOH (start of heading) = 1 = 0x01";
    QTest::newRow("bit 1") << 1 << "2"
                           << "2"
                           << "0x02"
                           << "0000 0010"
                           << "\\x02"
                           << "STX (start of text) = 2 = 0x02";
    QTest::newRow("bit 2") << 2 << "4"
                           << "4"
                           << "0x04"
                           << "0000 0100"
                           << "\\x04"
                           << "EOT (end of transmission) = 4 = 0x04";
    QTest::newRow("bit 3") << 3 << "8"
                           << "8"
                           << "0x08"
                           << "0000 1000"
                           << "\\x08"
                           << "BS (backspace) = 8 = 0x08";
    QTest::newRow("bit 4") << 4 << "16"
                           << "16"
                           << "0x10"
                           << "0001 0000"
                           << "\\x10"
                           << "DLE (data link escape) = 16 = 0x10";
    QTest::newRow("bit 5") << 5 << "32"
                           << "32"
                           << "0x20"
                           << "0010 0000"
                           << " "
                           << "space = 32 = 0x20";
    QTest::newRow("bit 6") << 6 << "64"
                           << "64"
                           << "0x40"
                           << "0100 0000"
                           << "@"
                           << "'@' = 64 = 0x40";
    QTest::newRow("bit 7") << 7 << "128"
                           << "-128"
                           << "0x80"
                           << "1000 0000"
                           << "\\x80"
                           << "not ASCII (128 > 127)";
}

// From all zeros, one click sets one bit and every reading follows; a second click clears it.
void TestBitsWidget::clickingOneBit() {
    QFETCH(int, index);
    QFETCH(QString, unsignedText);
    QFETCH(QString, signedText);
    QFETCH(QString, hexText);
    QFETCH(QString, binaryText);
    QFETCH(QString, asciiText);
    QFETCH(QString, asciiDescription);
    BitsWidget widget(BitPattern(8, 0));
    QSignalSpy spy(&widget, &BitsWidget::patternChanged);

    QTest::mouseClick(bitButton(widget, index), Qt::LeftButton);
    QCOMPARE(widget.pattern(), BitPattern(8, 1ULL << index));
    QCOMPARE(field(widget, "unsigned")->text(), unsignedText);
    QCOMPARE(field(widget, "signed")->text(), signedText);
    QCOMPARE(field(widget, "hex")->text(), hexText);
    QCOMPARE(field(widget, "binary")->text(), binaryText);
    QCOMPARE(field(widget, "ascii")->text(), asciiText);
    QCOMPARE(label(widget, "asciiDescription")->text(), asciiDescription);
    QVERIFY(bitButton(widget, index)->isChecked());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(emitted(spy, 0), BitPattern(8, 1ULL << index));

    QTest::mouseClick(bitButton(widget, index), Qt::LeftButton);
    QCOMPARE(widget.pattern(), BitPattern(8, 0));
    QCOMPARE(field(widget, "unsigned")->text(), QStringLiteral("0"));
    QCOMPARE(field(widget, "binary")->text(), QStringLiteral("0000 0000"));
    QVERIFY(!bitButton(widget, index)->isChecked());
    QCOMPARE(spy.count(), 2);
}

// Setting bits 0, 1, ..., 7 in turn walks 1, 3, 7, ... 255; every state is checked.
void TestBitsWidget::clickingEveryBitInTurn() {
    const ShownReadings expected[] = {
        {"1", "1", "0x01", "0000 0001", "\\x01", "SOH (start of heading) = 1 = 0x01"},
        {"3", "3", "0x03", "0000 0011", "\\x03", "ETX (end of text) = 3 = 0x03"},
        {"7", "7", "0x07", "0000 0111", "\\x07", "BEL (bell) = 7 = 0x07"},
        {"15", "15", "0x0F", "0000 1111", "\\x0F", "SI (shift in) = 15 = 0x0F"},
        {"31", "31", "0x1F", "0001 1111", "\\x1F", "US (unit separator) = 31 = 0x1F"},
        {"63", "63", "0x3F", "0011 1111", "?", "'?' = 63 = 0x3F"},
        {"127", "127", "0x7F", "0111 1111", "\\x7F", "DEL (delete) = 127 = 0x7F"},
        {"255", "-1", "0xFF", "1111 1111", "\\xFF", "not ASCII (255 > 127)"},
    };
    BitsWidget widget(BitPattern(8, 0));
    for (int index = 0; index < 8; ++index) {
        QTest::mouseClick(bitButton(widget, index), Qt::LeftButton);
        const ShownReadings& shown = expected[index];
        QCOMPARE(field(widget, "unsigned")->text(), shown.unsignedText);
        QCOMPARE(field(widget, "signed")->text(), shown.signedText);
        QCOMPARE(field(widget, "hex")->text(), shown.hexText);
        QCOMPARE(field(widget, "binary")->text(), shown.binaryText);
        QCOMPARE(field(widget, "ascii")->text(), shown.asciiText);
        QCOMPARE(label(widget, "asciiDescription")->text(), shown.asciiDescription);
        const int grey = shown.unsignedText.toInt();
        QCOMPARE(
            label(widget, "colorDescription")->text(),
            QStringLiteral("#%1 = RGB(%2, %2, %2) — 8-bit grey level")
                .arg(QStringLiteral("%1").arg(grey, 2, 16, QLatin1Char('0')).toUpper().repeated(3))
                .arg(grey));
    }
}

void TestBitsWidget::bitButtonsMatchThePattern() {
    const BitsWidget widget(BitPattern(8, 0b1101'0110));
    const bool expected[] = {false, true, true, false, true, false, true, true};
    for (int index = 0; index < 8; ++index) {
        QToolButton* button = bitButton(widget, index);
        QVERIFY2(button != nullptr, qPrintable(QStringLiteral("bit%1").arg(index)));
        QVERIFY(button->isCheckable());
        QCOMPARE(button->isChecked(), expected[index]);
    }
    QCOMPARE(bitButton(widget, 8), nullptr);
}

// Text that cannot be read stays in the field, its error line says why, the bits stay.
// Typing and then moving on (Tab, a click elsewhere) applies the edit like Return does.
// A focused, edited field emits editingFinished while the widget is being destroyed (closing a
// lesson mid-edit); that must not reach the half-destroyed simulator.
void TestBitsWidget::changingWidthKeepsTheLowBits_data() {
    QTest::addColumn<int>("initialWidth");
    QTest::addColumn<qulonglong>("initialBits");
    QTest::addColumn<int>("newWidth");
    QTest::addColumn<qulonglong>("bits");
    QTest::addColumn<QString>("hexText");
    QTest::addColumn<QString>("signedText");
    QTest::newRow("8 to 16 zero-extends") << 8 << 0xD6ULL << 16 << 0xD6ULL << "0x00D6"
                                          << "214";
    QTest::newRow("8 to 4 truncates") << 8 << 0xD6ULL << 4 << 0x6ULL << "0x6"
                                      << "6";
    QTest::newRow("16 to 8 truncates") << 16 << 0x1E64ULL << 8 << 0x64ULL << "0x64"
                                       << "100";
    QTest::newRow("32 to 16") << 32 << 0x1E64C8ULL << 16 << 0x64C8ULL << "0x64C8"
                              << "25800";
    QTest::newRow("4 to 32") << 4 << 0xFULL << 32 << 0xFULL << "0x0000000F"
                             << "15";
}

void TestBitsWidget::changingWidthKeepsTheLowBits() {
    QFETCH(int, initialWidth);
    QFETCH(qulonglong, initialBits);
    const BitPattern initial(initialWidth, initialBits);
    QFETCH(int, newWidth);
    QFETCH(qulonglong, bits);
    QFETCH(QString, hexText);
    QFETCH(QString, signedText);
    BitsWidget widget(initial);
    QSignalSpy spy(&widget, &BitsWidget::patternChanged);
    auto* selector = widget.findChild<QComboBox*>("widthSelector");
    selector->setCurrentIndex(selector->findData(newWidth));
    QCOMPARE(widget.pattern(), BitPattern(newWidth, bits));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(field(widget, "hex")->text(), hexText);
    QCOMPARE(field(widget, "signed")->text(), signedText);
    QVERIFY(bitButton(widget, newWidth - 1) != nullptr);
    QCOMPARE(bitButton(widget, newWidth), nullptr);
    for (int index = 0; index < newWidth; ++index) {
        QCOMPARE(bitButton(widget, index)->isChecked(), ((bits >> index) & 1U) != 0);
    }
    // The new buttons work.
    QTest::mouseClick(bitButton(widget, newWidth - 1), Qt::LeftButton);
    QCOMPARE(widget.pattern(), BitPattern(newWidth, bits).withBitFlipped(newWidth - 1));
}

void TestBitsWidget::patternChangedOnlyWhenTheBitsChange() {
    BitsWidget widget(BitPattern(8, 65));
    QSignalSpy spy(&widget, &BitsWidget::patternChanged);
    widget.setPattern(BitPattern(8, 65));
    typeInto(field(widget, "hex"), "0x41");
    QCOMPARE(spy.count(), 0);
    widget.setPattern(BitPattern(16, 65));  // same value, other width: different bits
    QCOMPARE(spy.count(), 1);
    QCOMPARE(widget.findChild<QComboBox*>("widthSelector")->currentData().toInt(), 16);
    widget.setPattern(BitPattern(16, 66));
    QCOMPARE(spy.count(), 2);
    QCOMPARE(emitted(spy, spy.count() - 1), BitPattern(16, 66));
    QCOMPARE(field(widget, "ascii")->text(), QStringLiteral("\\x00·B"));
}

void TestBitsWidget::fourBitsHaveNoAsciiReading() {
    const BitsWidget widget(BitPattern(4, 0xA));
    QVERIFY(!field(widget, "ascii")->isEnabled());
    QCOMPARE(label(widget, "asciiDescription")->text(),
             QStringLiteral("4 bits are not a whole number of bytes: no ASCII reading"));
    QCOMPARE(field(widget, "signed")->text(), QStringLiteral("-6"));
    QCOMPARE(label(widget, "colorDescription")->text(),
             QStringLiteral("#AAAAAA = RGB(170, 170, 170) — 4-bit grey level"));
}

// 32 bits would be cramped in one row at about 1000 px: bits 31..16 above, 15..0 below.
void TestBitsWidget::thirtyTwoBitsWrapIntoTwoRows() {
    BitsWidget widget(BitPattern(32, 0x1E64C8));
    widget.resize(1000, 420);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QVERIFY(widget.minimumSizeHint().width() <= 1000);
    const auto top = [&](int index) {
        return bitButton(widget, index)->mapTo(&widget, QPoint()).y();
    };
    const auto left = [&](int index) {
        return bitButton(widget, index)->mapTo(&widget, QPoint()).x();
    };
    QCOMPARE(top(31), top(16));
    QCOMPARE(top(15), top(0));
    QVERIFY(top(15) > top(16) + bitButton(widget, 16)->height());
    QVERIFY(left(31) < left(16));
    QCOMPARE(left(31), left(15));
    // Nibbles are grouped: the gap between bits 28 and 27 is wider than between 29 and 28.
    QVERIFY(left(27) - left(28) > left(28) - left(29));
    QCOMPARE(field(widget, "hex")->text(), QStringLiteral("0x001E64C8"));
    // One · between bytes: "\x1E" then "d", never read as one escape "\x1Ed".
    QCOMPARE(field(widget, "ascii")->text(), QStringLiteral("\\x00·\\x1E·d·\\xC8"));
    QCOMPARE(field(widget, "binary")->text(),
             QStringLiteral("0000 0000 0001 1110 0110 0100 1100 1000"));
    QCOMPARE(label(widget, "colorDescription")->text(),
             QStringLiteral("#1E64C8 = RGB(30, 100, 200) — low 3 bytes as #RRGGBB"));
    // The whole binary text is visible, not scrolled.
    QLineEdit* binary = field(widget, "binary");
    QVERIFY(binary->width() > binary->fontMetrics().horizontalAdvance(binary->text()));
}

void TestBitsWidget::colourSwatchIsLargeAndDescribed() {
    const BitsWidget widget(BitPattern(32, 0x1E64C8));
    const QLabel* swatch = label(widget, "colorSwatch");
    const QPixmap pixmap = swatch->pixmap();
    QVERIFY(pixmap.width() >= 48);
    QVERIFY(pixmap.height() >= 32);
    // The middle is the colour itself; the edge is a border in the text colour.
    const QImage image = pixmap.toImage();
    QCOMPARE(image.pixelColor(image.width() / 2, image.height() / 2), QColor(30, 100, 200));
    QCOMPARE(image.pixelColor(1, image.height() / 2), widget.palette().color(QPalette::Text));
}

void TestBitsWidget::errorColourFollowsThePalette() {
    BitsWidget widget(BitPattern(8, 65));
    typeInto(field(widget, "unsigned"), "256");
    QLabel* error = label(widget, "unsignedError");
    QPalette light = widget.palette();
    light.setColor(QPalette::Window, Qt::white);
    light.setColor(QPalette::WindowText, Qt::black);
    widget.setPalette(light);
    const QColor onLight = error->palette().color(QPalette::WindowText);
    QVERIFY(onLight.lightness() < 128);

    QPalette dark = light;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::WindowText, Qt::white);
    widget.setPalette(dark);
    const QColor onDark = error->palette().color(QPalette::WindowText);
    QVERIFY(onDark.lightness() >= 128);
    QVERIFY(onDark.red() > onDark.green());  // still a red
    QCOMPARE(error->text(), QStringLiteral("256 does not fit in 8 bits unsigned (0 to 255)"));
}

void TestBitsWidget::createdFromLessonYaml_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<int>("width");
    QTest::addColumn<qulonglong>("bits");
    QTest::newRow("16-bit colour") << "width: 16\nvalue: 0x1E64" << 16 << 0x1E64ULL;
    QTest::newRow("negative byte") << "value: -42" << 8 << 0xD6ULL;
    QTest::newRow("empty") << "" << 8 << 0ULL;
    QTest::newRow("value too big: default") << "value: 300" << 8 << 0ULL;
    QTest::newRow("broken YAML: defaults") << "width: [16\nvalue: 3" << 8 << 0ULL;
    QTest::newRow("not a map: defaults") << "- 1" << 8 << 0ULL;
}

void TestBitsWidget::createdFromLessonYaml() {
    QFETCH(QString, yaml);
    QFETCH(int, width);
    QFETCH(qulonglong, bits);
    const BitPattern pattern(width, bits);
    QWidget parent;
    QWidget* created = mlsyslab::testing::createView("bits", yaml.toStdString(), &parent);
    auto* widget = qobject_cast<BitsWidget*>(created);
    QVERIFY(widget != nullptr);
    QCOMPARE(widget->parent(), &parent);
    QCOMPARE(widget->pattern(), pattern);
    if (pattern == BitPattern(16, 0x1E64)) {
        QCOMPARE(field(*widget, "hex")->text(), QStringLiteral("0x1E64"));
        QCOMPARE(field(*widget, "unsigned")->text(), QStringLiteral("7780"));
        QCOMPARE(field(*widget, "ascii")->text(), QStringLiteral("\\x1E·d"));
        QCOMPARE(label(*widget, "colorDescription")->text(),
                 QStringLiteral("#19CE21 = RGB(25, 206, 33) — RGB565"));
    }
}

QTEST_MAIN(TestBitsWidget)
#include "tst_bits_widget.moc"
