// The float comparison table: one value in every format, checked against what
// `mlsyslab-cli format encode` prints, the highlighted overflow and underflow rows, and a
// subset of formats from a lesson's YAML.
#include <QSignalSpy>
#include <QtTest>

#include "SimViewTestSupport.h"
#include "FloatWidgetTestSupport.h"
#include "common/SimWidgetRegistry.h"
#include "numeric/FloatClassBadge.h"
#include "numeric/FloatCompareWidget.h"
#include "numeric/FloatDecode.h"

using mlsyslab::lesson::SimBlock;
using mlsyslab::lesson::kinds::FloatCompareState;
using mlsyslab::widgets::FloatCompareWidget;
using namespace mlsyslab::numeric;
using namespace mlsyslab::testing;

namespace {

QString classShown(const QWidget& widget, const QString& format) {
    return widget.findChild<mlsyslab::widgets::FloatClassBadge*>(format + "Class")->text();
}

// The table's patterns in hex, in row order.
QStringList hexPatterns(const FloatCompareWidget& widget) {
    QStringList patterns;
    const auto conversions = widget.conversions();
    const auto formats = widget.state().formats;
    for (std::size_t row = 0; row < formats.size(); ++row) {
        patterns << QString::fromStdString(floatBitsText(formats[row], conversions[row].bits));
    }
    return patterns;
}

FloatCompareState stateWithValue(const char* value) {
    FloatCompareState state;
    state.valueText = value;
    return state;
}

}  // namespace

class TestFloatCompareWidget : public QObject {
    Q_OBJECT

private slots:
    void oneTenthInEveryFormat() {
        // `mlsyslab-cli format encode --format F 0.1` for fp32, tf32, fp16, bf16, fp8-e4m3,
        // fp8-e5m2.
        const FloatCompareWidget widget{FloatCompareState{}};
        QCOMPARE(hexPatterns(widget),
                 QStringList({"0x3DCCCCCD", "0x1EE66", "0x2E66", "0x3DCD", "0x1D", "0x2E"}));
        QCOMPARE(floatLabel(widget, "fp16Bits")->accessibleName(),
                 QStringLiteral("0 01011 1001100110"));
        QCOMPARE(floatLabel(widget, "fp16Bits")->toolTip(), QStringLiteral("0x2E66"));
        QCOMPARE(floatLabel(widget, "fp32Bits")->accessibleName(),
                 QStringLiteral("0 01111011 10011001100110011001101"));
        QCOMPARE(floatLabel(widget, "fp8-e4m3Bits")->accessibleName(),
                 QStringLiteral("0 0011 101"));
        QCOMPARE(floatLabelText(widget, "fp16Name"), QStringLiteral("fp16"));
        QCOMPARE(floatLabelText(widget, "fp32Stored"), QStringLiteral("0.100000001"));
        QCOMPARE(floatLabelText(widget, "fp16Stored"), QStringLiteral("0.0999755859"));
        QCOMPARE(floatLabelText(widget, "fp8-e5m2Stored"), QStringLiteral("0.09375"));
        QCOMPARE(floatLabelText(widget, "fp16AbsoluteError"), QStringLiteral("2.44e-05"));
        QCOMPARE(floatLabelText(widget, "fp16RelativeError"), QStringLiteral("0.0244 %"));
        QCOMPARE(floatLabelText(widget, "fp8-e5m2RelativeError"), QStringLiteral("6.25 %"));
        for (const char* format : {"fp32", "tf32", "fp16", "bf16", "fp8-e4m3", "fp8-e5m2"}) {
            QCOMPARE(classShown(widget, format), QStringLiteral("normal"));
            QCOMPARE(floatLabelText(widget, QString(format) + "Note"), QString());
        }
        QCOMPARE(widget.highlightedFormats(), QStringList());
    }

    void bitsAreColouredByField() {
        const FloatCompareWidget widget{FloatCompareState{}};
        const QString html = floatLabelText(widget, "fp16Bits");
        QCOMPARE(html.count(QStringLiteral("<span")), 3);
        QTextDocument document;
        document.setHtml(html);
        QCOMPARE(document.toPlainText().simplified(), QStringLiteral("0 01011 1001100110"));
    }

    void overflowIsHighlighted() {
        // 100000: fp16 and fp8-e5m2 overflow to inf, fp8-e4m3 (no infinity) to NaN.
        const FloatCompareWidget widget{stateWithValue("100000")};
        QCOMPARE(hexPatterns(widget),
                 QStringList({"0x47C35000", "0x23E1A", "0x7C00", "0x47C3", "0x7F", "0x7C"}));
        QCOMPARE(widget.highlightedFormats(), QStringList({"fp16", "fp8-e4m3", "fp8-e5m2"}));
        QCOMPARE(classShown(widget, "fp16"), QStringLiteral("inf"));
        QCOMPARE(classShown(widget, "fp8-e4m3"), QStringLiteral("nan"));
        QCOMPARE(floatLabelText(widget, "fp16Note"), QStringLiteral("overflow → inf"));
        QCOMPARE(floatLabelText(widget, "fp8-e4m3Note"), QStringLiteral("overflow → NaN"));
        QCOMPARE(floatLabelText(widget, "fp16Stored"), QStringLiteral("inf"));
        // The note takes the place of the errors, which would only say "∞".
        QVERIFY(floatLabel(widget, "fp16AbsoluteError")->isHidden());
        QVERIFY(floatLabel(widget, "fp16RelativeError")->isHidden());
        QVERIFY(!floatLabel(widget, "fp16Note")->isHidden());
        QVERIFY(floatLabel(widget, "bf16Note")->isHidden());
        QVERIFY(!floatLabel(widget, "bf16AbsoluteError")->isHidden());
        QCOMPARE(floatLabelText(widget, "bf16Stored"), QStringLiteral("99840"));
        QCOMPARE(floatLabelText(widget, "bf16Note"), QString());
        QCOMPARE(floatLabelText(widget, "fp32AbsoluteError"), QStringLiteral("0"));
        QCOMPARE(floatLabelText(widget, "fp32RelativeError"), QStringLiteral("0 %"));
    }

    void underflowToZeroIsHighlighted() {
        FloatCompareWidget widget{FloatCompareState{}};
        QSignalSpy changed(&widget, &FloatCompareWidget::stateChanged);
        typeIntoField(widget.findChild<QLineEdit*>("valueField"), "1e-8");
        QCOMPARE(changed.size(), 1);
        QCOMPARE(widget.state().valueText, std::string("1e-8"));
        QCOMPARE(widget.highlightedFormats(), QStringList({"fp16", "fp8-e4m3", "fp8-e5m2"}));
        QCOMPARE(floatLabelText(widget, "fp16Note"), QStringLiteral("underflow → 0"));
        QCOMPARE(classShown(widget, "fp16"), QStringLiteral("zero"));
        QCOMPARE(widget.conversions()[2].relativeError, 1.0);
        // A subnormal is not highlighted: the value survives, with fewer bits, as its class
        // says.
        typeIntoField(widget.findChild<QLineEdit*>("valueField"), "1e-6");
        QCOMPARE(classShown(widget, "fp16"), QStringLiteral("subnormal"));
        QVERIFY(floatLabel(widget, "fp16Note")->isHidden());
        QVERIFY(!widget.highlightedFormats().contains("fp16"));
        QCOMPARE(floatLabelText(widget, "fp16RelativeError"), QStringLiteral("1.33 %"));
    }

    void garbageIsRefusedAndTheTableStays() {
        FloatCompareWidget widget{FloatCompareState{}};
        QSignalSpy changed(&widget, &FloatCompareWidget::stateChanged);
        auto* field = widget.findChild<QLineEdit*>("valueField");
        typeIntoField(field, "0.1.2");
        QVERIFY(!floatLabel(widget, "valueError")->isHidden());
        QCOMPARE(floatLabelText(widget, "valueError"),
                 QStringLiteral("'0.1.2' is not a decimal number: unexpected '.' at character 4"));
        QCOMPARE(changed.size(), 0);
        QCOMPARE(widget.state().valueText, std::string("0.1"));
        QCOMPARE(hexPatterns(widget)[2], QStringLiteral("0x2E66"));
        widget.setValueText(QStringLiteral("-2.5e-3"));
        QVERIFY(floatLabel(widget, "valueError")->isHidden());
        QCOMPARE(hexPatterns(widget)[2], QStringLiteral("0x991F"));  // as the CLI's docs show
    }

    void formatsSubsetFromLessonYaml() {
        QWidget parent;
        auto* widget =
            qobject_cast<FloatCompareWidget*>(mlsyslab::testing::createView("float-compare", "value: 100000\nformats: [fp16, fp8-e4m3]\n",
                &parent));
        QVERIFY(widget != nullptr);
        QCOMPARE(widget->parent(), &parent);
        QCOMPARE(hexPatterns(*widget), QStringList({"0x7C00", "0x7F"}));
        QVERIFY(widget->findChild<QLabel*>("fp32Bits") == nullptr);
        QVERIFY(widget->findChild<QLabel*>("bf16Bits") == nullptr);
        QCOMPARE(widget->highlightedFormats(), QStringList({"fp16", "fp8-e4m3"}));
        QCOMPARE(widget->findChild<QLineEdit*>("valueField")->text(), QStringLiteral("100000"));

        auto* defaults =
            qobject_cast<FloatCompareWidget*>(mlsyslab::testing::createView("float-compare", "", &parent));
        QVERIFY(defaults != nullptr);
        QCOMPARE(defaults->state(), FloatCompareState{});
    }

    void destroyingWithAFocusedFieldIsSafe() {
        auto* widget = new FloatCompareWidget(FloatCompareState{});
        widget->show();
        auto* field = widget->findChild<QLineEdit*>("valueField");
        field->setFocus();
        field->setText(QStringLiteral("2"));
        delete widget;
    }
};

QTEST_MAIN(TestFloatCompareWidget)
#include "tst_float_compare_widget.moc"
