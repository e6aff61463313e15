// The float simulator: typing, clicking, switching format and rounding, the notes at the ends
// of the range, and building it from a lesson's YAML.
#include <QCheckBox>
#include <QComboBox>
#include <QSignalSpy>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtTest>

#include "SimViewTestSupport.h"
#include "FloatWidgetTestSupport.h"
#include "common/SimWidgetRegistry.h"
#include "numeric/FloatBitRow.h"
#include "numeric/FloatClassBadge.h"
#include "numeric/FloatColors.h"
#include "numeric/FloatDecode.h"
#include "numeric/FloatQueries.h"
#include "numeric/FloatWidget.h"

using mlsyslab::lesson::SimBlock;
using mlsyslab::lesson::kinds::FloatState;
using mlsyslab::widgets::FloatWidget;
using namespace mlsyslab::numeric;
using namespace mlsyslab::testing;

namespace {

QToolButton* bitButton(const QWidget& widget, int index) {
    return widget.findChild<QToolButton*>(QStringLiteral("bit%1").arg(index));
}

// The buttons from `top` down to `bottom` as the digits they show, "10000".
QString buttonDigits(const QWidget& widget, int top, int bottom) {
    QString digits;
    for (int index = top; index >= bottom; --index) {
        digits += bitButton(widget, index)->isChecked() ? '1' : '0';
    }
    return digits;
}

QLineEdit* valueField(const QWidget& widget) {
    return widget.findChild<QLineEdit*>(QStringLiteral("valueField"));
}

QString classShown(const QWidget& widget) {
    return widget.findChild<mlsyslab::widgets::FloatClassBadge*>(QStringLiteral("classBadge"))
        ->text();
}

void choose(const QWidget& widget, const char* selectorName, const QString& data) {
    auto* selector = widget.findChild<QComboBox*>(QLatin1String(selectorName));
    const int index = selector->findData(data);
    QVERIFY(index >= 0);
    selector->setCurrentIndex(index);
}

QString hexOf(const FloatWidget& widget) {
    return QString::fromStdString(floatBitsText(widget.state().format, widget.state().bits));
}

FloatState stateWithBits(const FloatFormat& format, std::uint64_t bits) {
    FloatState state;
    state.format = format;
    state.bits = bits;
    return state;
}

}  // namespace

class TestFloatWidget : public QObject {
    Q_OBJECT

private slots:
    void typingTheSeedExample() {
        // FP16 3.5 = 0 10000 1100000000 = 0x4300 = (−1)⁰ × 1.11₂ × 2¹⁶⁻¹⁵.
        FloatWidget widget{FloatState{}};
        typeIntoField(valueField(widget), "3.5");
        QCOMPARE(widget.state().bits, std::uint64_t{0x4300});
        QCOMPARE(buttonDigits(widget, 15, 15), QStringLiteral("0"));
        QCOMPARE(buttonDigits(widget, 14, 10), QStringLiteral("10000"));
        QCOMPARE(buttonDigits(widget, 9, 0), QStringLiteral("1100000000"));
        QCOMPARE(floatLabelText(widget, "hexText"), QStringLiteral("0x4300"));
        QCOMPARE(floatLabelText(widget, "formula"),
                 QStringLiteral("(−1)⁰ × 1.11₂ × 2¹⁶⁻¹⁵ = 3.5"));
        QCOMPARE(classShown(widget), QStringLiteral("normal"));
        QCOMPARE(floatLabelText(widget, "storedValue"), QStringLiteral("3.5 (exactly)"));
        QVERIFY(floatLabel(widget, "conversionError")->isHidden());
        QVERIFY(floatLabel(widget, "rangeNote")->isHidden());
        QCOMPARE(floatLabelText(widget, "nextUp"), QStringLiteral("3.501953125"));
        QCOMPARE(floatLabelText(widget, "nextDown"), QStringLiteral("3.498046875"));
        QCOMPARE(floatLabelText(widget, "unitInLastPlace"), QStringLiteral("0.001953125"));
    }

    void legendsNameTheFields() {
        // One line where the words fit over the bits, two where they do not: the same words.
        FloatWidget widget{FloatState{}};
        QCOMPARE(floatLabelText(widget, "signLegend"), QStringLiteral("sign"));
        QCOMPARE(floatLabelText(widget, "exponentLegend").simplified(),
                 QStringLiteral("exponent (5 bits, bias 15)"));
        QCOMPARE(floatLabelText(widget, "mantissaLegend").simplified(),
                 QStringLiteral("mantissa (10 bits)"));
        choose(widget, "formatSelector", "fp32");
        QCOMPARE(floatLabelText(widget, "exponentLegend").simplified(),
                 QStringLiteral("exponent (8 bits, bias 127)"));
        QCOMPARE(floatLabelText(widget, "mantissaLegend").simplified(),
                 QStringLiteral("mantissa (23 bits)"));
        QVERIFY(bitButton(widget, 31) != nullptr);
        QVERIFY(bitButton(widget, 32) == nullptr);
        QCOMPARE(widget.findChildren<QToolButton*>().size(), 32);
    }

    void bitsAreColouredByField() {
        FloatWidget widget{FloatState{}};
        const QPalette colors = widget.palette();  // a copy: the widget's changes below
        const auto highlightOf = [&](int index) {
            return bitButton(widget, index)->palette().color(QPalette::Highlight);
        };
        using mlsyslab::widgets::FloatField;
        using mlsyslab::widgets::floatFieldColor;
        QCOMPARE(highlightOf(15), floatFieldColor(FloatField::Sign, colors));
        QCOMPARE(highlightOf(10), floatFieldColor(FloatField::Exponent, colors));
        QCOMPARE(highlightOf(9), floatFieldColor(FloatField::Mantissa, colors));
        QVERIFY(highlightOf(15) != highlightOf(14) && highlightOf(14) != highlightOf(9));

        // A dark palette brings the light shades.
        QPalette dark = colors;
        dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::Base, QColor(0x10, 0x10, 0x10));
        widget.setPalette(dark);
        QCOMPARE(highlightOf(9), floatFieldColor(FloatField::Mantissa, dark));
        QVERIFY(highlightOf(9).lightness() >
                floatFieldColor(FloatField::Mantissa, colors).lightness());
    }

    void clickingTheSignBitNegates() {
        FloatWidget widget{FloatState{}};
        typeIntoField(valueField(widget), "3.5");
        QSignalSpy changed(&widget, &FloatWidget::stateChanged);
        QTest::mouseClick(bitButton(widget, 15), Qt::LeftButton);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(widget.state().bits, std::uint64_t{0xC300});
        QCOMPARE(widget.decoded().value, -3.5);
        QVERIFY(!widget.state().typedValue);  // the bits no longer stand for "3.5"
        QCOMPARE(valueField(widget)->text(), QStringLiteral("-3.5"));
        QCOMPARE(floatLabelText(widget, "formula"),
                 QStringLiteral("(−1)¹ × 1.11₂ × 2¹⁶⁻¹⁵ = -3.5"));
        QCOMPARE(floatLabelText(widget, "storedValue"), QStringLiteral("−3.5"));
        QVERIFY(floatLabel(widget, "conversionError")->isHidden());
    }

    void overflowToInfinityThenSaturated() {
        FloatWidget widget{FloatState{}};
        typeIntoField(valueField(widget), "65520");
        QCOMPARE(hexOf(widget), QStringLiteral("0x7C00"));
        QCOMPARE(classShown(widget), QStringLiteral("inf"));
        QVERIFY(!floatLabel(widget, "rangeNote")->isHidden());
        QCOMPARE(floatLabelText(widget, "rangeNote"), QStringLiteral("overflow → inf"));
        QCOMPARE(floatLabelText(widget, "nextUp"), QStringLiteral("none"));
        QCOMPARE(floatLabelText(widget, "unitInLastPlace"), QStringLiteral("none"));

        widget.findChild<QCheckBox*>(QStringLiteral("saturateBox"))->click();
        QVERIFY(widget.state().options.saturate);
        QCOMPARE(hexOf(widget), QStringLiteral("0x7BFF"));
        QCOMPARE(widget.decoded().value, 65504.0);
        QCOMPARE(classShown(widget), QStringLiteral("normal"));
        QCOMPARE(floatLabelText(widget, "rangeNote"), QStringLiteral("saturated to 65504"));
        QVERIFY(!floatLabel(widget, "conversionError")->isHidden());
        QCOMPARE(floatLabelText(widget, "conversionError"),
                 QStringLiteral("16 (relative 0.0244 %)"));
        QCOMPARE(valueField(widget)->text(), QStringLiteral("65520"));
    }

    void e4m3OverflowsToNan() {
        FloatWidget widget{stateWithBits(kFp8E4M3, 0)};
        typeIntoField(valueField(widget), "480");
        QCOMPARE(hexOf(widget), QStringLiteral("0x7F"));
        QCOMPARE(classShown(widget), QStringLiteral("nan"));
        QCOMPARE(floatLabelText(widget, "rangeNote"),
                 QStringLiteral("overflow → NaN: fp8-e4m3 has no infinity"));
        typeIntoField(valueField(widget), "448");
        QCOMPARE(hexOf(widget), QStringLiteral("0x7E"));
        QCOMPARE(floatLabelText(widget, "nextUp"), QStringLiteral("none"));
        QCOMPARE(floatLabelText(widget, "nextDown"), QStringLiteral("416"));
    }

    void underflowNotes() {
        FloatWidget widget{FloatState{}};
        typeIntoField(valueField(widget), "1e-8");
        QCOMPARE(hexOf(widget), QStringLiteral("0x0000"));
        QCOMPARE(classShown(widget), QStringLiteral("zero"));
        QCOMPARE(floatLabelText(widget, "rangeNote"), QStringLiteral("underflow → 0"));
        QCOMPARE(floatLabelText(widget, "conversionError"),
                 QStringLiteral("1e-08 (relative 100 %)"));
        typeIntoField(valueField(widget), "1e-7");
        QCOMPARE(hexOf(widget), QStringLiteral("0x0002"));
        QCOMPARE(classShown(widget), QStringLiteral("subnormal"));
        QCOMPARE(floatLabelText(widget, "rangeNote"),
                 QStringLiteral("underflow → subnormal, fewer significant bits"));
    }

    void switchingFormatReencodesTheTypedValue() {
        FloatWidget widget{FloatState{}};
        typeIntoField(valueField(widget), "0.1");
        QCOMPARE(hexOf(widget), QStringLiteral("0x2E66"));
        QCOMPARE(floatLabelText(widget, "storedValue"), QStringLiteral("0.0999755859375"));
        QCOMPARE(floatLabelText(widget, "conversionError"),
                 QStringLiteral("2.44e-05 (relative 0.0244 %)"));
        choose(widget, "formatSelector", "bf16");
        QCOMPARE(hexOf(widget), QStringLiteral("0x3DCD"));
        QCOMPARE(valueField(widget)->text(), QStringLiteral("0.1"));
        choose(widget, "formatSelector", "fp32");
        QCOMPARE(hexOf(widget), QStringLiteral("0x3DCCCCCD"));
        QCOMPARE(buttonDigits(widget, 30, 23), QStringLiteral("01111011"));
        QCOMPARE(floatLabelText(widget, "storedValue"),
                 QStringLiteral("0.100000001490116119384765625"));
        choose(widget, "formatSelector", "tf32");
        QCOMPARE(hexOf(widget), QStringLiteral("0x1EE66"));
    }

    void switchingFormatAfterClicksCarriesTheExactValue() {
        FloatWidget widget{stateWithBits(kFp16, 0x4300)};
        QVERIFY(!widget.state().typedValue);
        choose(widget, "formatSelector", "fp8-e4m3");
        QCOMPARE(hexOf(widget), QStringLiteral("0x46"));  // 3.5 = 0 1000 110
        QCOMPARE(widget.decoded().value, 3.5);
        QTest::mouseClick(bitButton(widget, 0), Qt::LeftButton);  // 3.75
        choose(widget, "formatSelector", "fp16");
        QCOMPARE(widget.decoded().value, 3.75);
    }

    void garbageIsRefusedAndNothingChanges() {
        FloatWidget widget{FloatState{}};
        typeIntoField(valueField(widget), "3.5");
        const FloatState before = widget.state();
        QSignalSpy changed(&widget, &FloatWidget::stateChanged);
        for (const char* garbage : {"3,5", "abc", "0x4G", "0x10000"}) {
            typeIntoField(valueField(widget), garbage);
            QVERIFY2(!floatLabel(widget, "valueError")->isHidden(), garbage);
            QVERIFY(!floatLabelText(widget, "valueError").isEmpty());
            QCOMPARE(valueField(widget)->text(), QString::fromLatin1(garbage));
            QVERIFY(widget.state() == before);
        }
        QCOMPARE(changed.size(), 0);
        QCOMPARE(floatLabelText(widget, "valueError"),
                 QStringLiteral("'0x10000' does not fit in fp16's 16 bits (at most 0xFFFF)"));
        typeIntoField(valueField(widget), "1");
        QVERIFY(floatLabel(widget, "valueError")->isHidden());
        QCOMPARE(hexOf(widget), QStringLiteral("0x3C00"));
    }

    void aHexPatternSetsTheBits() {
        FloatWidget widget{FloatState{}};
        typeIntoField(valueField(widget), "0x7bff");
        QCOMPARE(widget.decoded().value, 65504.0);
        QVERIFY(!widget.state().typedValue);
        QCOMPARE(valueField(widget)->text(), QStringLiteral("65504"));
    }

    void roundingDirectionsGiveNeighbouringPatterns() {
        FloatWidget widget{FloatState{}};
        typeIntoField(valueField(widget), "0.1");
        QCOMPARE(hexOf(widget), QStringLiteral("0x2E66"));  // nearest is below 0.1
        choose(widget, "roundingSelector", "up");
        QCOMPARE(hexOf(widget), QStringLiteral("0x2E67"));
        QCOMPARE(*nextUp(kFp16, 0x2E66), std::uint64_t{0x2E67});
        QCOMPARE(floatLabelText(widget, "storedValue"), QStringLiteral("0.10003662109375"));
        choose(widget, "roundingSelector", "down");
        QCOMPARE(hexOf(widget), QStringLiteral("0x2E66"));
        typeIntoField(valueField(widget), "-0.1");
        QCOMPARE(hexOf(widget), QStringLiteral("0xAE67"));  // down is away from zero here
        choose(widget, "roundingSelector", "zero");
        QCOMPARE(hexOf(widget), QStringLiteral("0xAE66"));
        QCOMPARE(widget.state().options.rounding, RoundingMode::TowardZero);
    }

    void createdFromLessonYaml() {
        QWidget parent;
        QWidget* created = mlsyslab::testing::createView("float", "format: fp16\nvalue: 0.1\nrounding: up\n", &parent);
        auto* widget = qobject_cast<FloatWidget*>(created);
        QVERIFY(widget != nullptr);
        QCOMPARE(widget->parent(), &parent);
        QCOMPARE(hexOf(*widget), QStringLiteral("0x2E67"));
        QCOMPARE(valueField(*widget)->text(), QStringLiteral("0.1"));
        QCOMPARE(widget->findChild<QComboBox*>("roundingSelector")->currentData().toString(),
                 QStringLiteral("up"));
        QVERIFY(!floatLabel(*widget, "conversionError")->isHidden());

        auto* fromBits = qobject_cast<FloatWidget*>(mlsyslab::testing::createView("float", "format: fp8-e5m2\nbits: \"0x7C\"\nsaturate: true\n",
            &parent));
        QVERIFY(fromBits != nullptr);
        QCOMPARE(classShown(*fromBits), QStringLiteral("inf"));
        QVERIFY(fromBits->findChild<QCheckBox*>("saturateBox")->isChecked());
        QCOMPARE(fromBits->findChild<QComboBox*>("formatSelector")->currentText(),
                 QStringLiteral("fp8-e5m2"));

        // A broken state (already reported by the validator) still gives a working widget.
        auto* fallback = qobject_cast<FloatWidget*>(mlsyslab::testing::createView("float", "format: [", &parent));
        QVERIFY(fallback != nullptr);
        QVERIFY(fallback->state() == FloatState{});
    }

    void fp32ShrinksToTheLessonWidth() {
        // A lesson step is about 120 characters wide (~840 px at the desk) and its simulator
        // frame gets no wider: all 32 bits and the formula must fit in it, and grow back when
        // there is room.
        QWidget step;
        step.setFixedWidth(800);
        auto* layout = new QVBoxLayout(&step);
        auto* widget = new FloatWidget(stateWithBits(kFp32, 0x3DCCCCCD), &step);
        layout->addWidget(widget);
        step.show();
        QVERIFY(QTest::qWaitForWindowExposed(&step));
        QVERIFY(widget->width() <= 800);
        auto* row = widget->findChild<mlsyslab::widgets::FloatBitRow*>();
        QVERIFY(row != nullptr);
        QTRY_VERIFY(row->sizeHint().width() <= widget->width());
        QVERIFY(floatLabel(*widget, "formula")->sizeHint().width() < widget->width());
        const int narrowBit = bitButton(*widget, 0)->sizeHint().width();

        step.setFixedWidth(1600);
        QTRY_VERIFY(bitButton(*widget, 0)->sizeHint().width() > narrowBit);
        QVERIFY(row->sizeHint().width() <= widget->width());
    }

    void destroyingWithAFocusedFieldIsSafe() {
        auto* widget = new FloatWidget(FloatState{});
        widget->show();
        valueField(*widget)->setFocus();
        valueField(*widget)->setText(QStringLiteral("2"));
        delete widget;  // editingFinished during destruction must not reach the gone parts
    }
};

QTEST_MAIN(TestFloatWidget)
#include "tst_float_widget.moc"
