// The mixed-precision simulator: its readouts against the engine as the slider moves and the
// format changes, the histogram's data, the flow diagram, the styles, and a lesson's YAML.
#include <qcustomplot.h>

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QtTest>

#include "SimViewTestSupport.h"
#include <cmath>
#include <memory>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "numeric/GradientHistogramPlot.h"
#include "numeric/MasterWeightsFlow.h"
#include "numeric/MixedPrecisionWidget.h"

using mlsyslab::lesson::SimBlock;
using mlsyslab::lesson::kinds::MixedPrecisionState;
using mlsyslab::widgets::GradientHistogramPlot;
using mlsyslab::widgets::MasterWeightsFlow;
using mlsyslab::widgets::MixedPrecisionWidget;
using namespace mlsyslab::numeric;

namespace {

// The label's text, with the no-break spaces before "%" written as spaces.
QString labelText(const QWidget& widget, const char* name) {
    const auto* label = widget.findChild<QLabel*>(QLatin1String(name));
    if (label == nullptr) return QStringLiteral("(no %1)").arg(QLatin1String(name));
    return QString(label->text()).replace(QChar(0x00A0), QLatin1Char(' '));
}

QSlider* slider(const QWidget& widget) {
    return widget.findChild<QSlider*>(QStringLiteral("scaleSlider"));
}

QPushButton* button(const QWidget& widget, const char* name) {
    return widget.findChild<QPushButton*>(QLatin1String(name));
}

// The engine's answer for the default gradients.
LossScalingResult engineResult(const FloatFormat& format, double scale) {
    static const std::vector<float> gradients = generateGradients({}, 10000, 1);
    return simulateLossScaling(format, gradients, scale);
}

void compareWithEngine(const LossScalingResult& shown, const LossScalingResult& engine) {
    QCOMPARE(shown.scale, engine.scale);
    QCOMPARE(shown.fates, engine.fates);
    QCOMPARE(shown.recovered, engine.recovered);
    QCOMPARE(shown.medianRelativeError, engine.medianRelativeError);
}

// The mean position of the scaled outline, weighted by its heights: where the mass sits.
double outlineCentre(const GradientHistogramPlot& plot) {
    double weighted = 0;
    double total = 0;
    for (auto point = plot.scaledOutline()->data()->constBegin();
         point != plot.scaledOutline()->data()->constEnd(); ++point) {
        weighted += point->key * point->value;
        total += point->value;
    }
    return weighted / total;
}

}  // namespace

class TestMixedPrecisionWidget : public QObject {
    Q_OBJECT

private slots:
    void startsWithoutScaling() {
        const MixedPrecisionWidget widget{MixedPrecisionState{}};
        compareWithEngine(widget.unscaledResult(), engineResult(kFp16, 1.0));
        compareWithEngine(widget.scaledResult(), engineResult(kFp16, 1.0));
        // 3616 of 10000 gradients round to 0 (tst_mixed_precision checks the engine).
        QCOMPARE(labelText(widget, "unscaledReadout"),
                 QStringLiteral("36 % of gradients become 0 in FP16"));
        QCOMPARE(labelText(widget, "unscaledTitle"), QStringLiteral("Without loss scaling"));
        QCOMPARE(labelText(widget, "scaledTitle"), QStringLiteral("With ×1"));
        QCOMPARE(labelText(widget, "scaledReadout"), QStringLiteral("36 % become 0\n0 overflow"));
        QCOMPARE(labelText(widget, "recoveredTitle"), QStringLiteral("After ÷ 1 in FP32"));
        QCOMPARE(labelText(widget, "recoveredReadout"), QStringLiteral("64 % recovered"));
        // "64 %" stays on one line when the panel wraps.
        QVERIFY(widget.findChild<QLabel*>("recoveredReadout")->text().startsWith("64\u00A0%"));
        QCOMPARE(labelText(widget, "scaleValue"), QStringLiteral("×1"));
        QCOMPARE(slider(widget)->value(), 0);
        QVERIFY(button(widget, "fp16Button")->isChecked());
        QVERIFY(!button(widget, "bf16Button")->isChecked());
        QVERIFY(!widget.findChild<QLabel*>("overflowNote")->isVisibleTo(&widget));
    }

    void movingTheSliderScales() {
        MixedPrecisionWidget widget{MixedPrecisionState{}};
        QSignalSpy changes(&widget, &MixedPrecisionWidget::stateChanged);
        slider(widget)->setValue(10);
        QCOMPARE(changes.count(), 1);
        QCOMPARE(widget.state().lossScale, 1024.0);
        compareWithEngine(widget.scaledResult(), engineResult(kFp16, 1024.0));
        compareWithEngine(widget.unscaledResult(), engineResult(kFp16, 1.0));
        QCOMPARE(labelText(widget, "scaleValue"), QStringLiteral("×1024 (2¹⁰)"));
        QCOMPARE(labelText(widget, "scaledTitle"), QStringLiteral("With ×1024 = 2¹⁰"));
        QCOMPARE(labelText(widget, "scaledReadout"), QStringLiteral("0.93 % become 0\n0 overflow"));
        QCOMPARE(labelText(widget, "recoveredTitle"), QStringLiteral("After ÷ 1024 in FP32"));
        QCOMPARE(labelText(widget, "recoveredReadout"), QStringLiteral("99.1 % recovered"));
        QVERIFY(labelText(widget, "recoveredDetail").startsWith("median relative error 0.027 %"));
        // The unscaled readout stays the reference.
        QCOMPARE(labelText(widget, "unscaledReadout"),
                 QStringLiteral("36 % of gradients become 0 in FP16"));
        QCOMPARE(widget.findChild<MasterWeightsFlow*>("masterWeightsFlow")->boxTexts().at(2),
                 QStringLiteral("forward + backward in FP16, loss ×2¹⁰"));
    }

    void tooLargeAScaleOverflows() {
        MixedPrecisionWidget widget{MixedPrecisionState{}};
        slider(widget)->setValue(24);
        const auto engine = engineResult(kFp16, std::ldexp(1.0, 24));
        compareWithEngine(widget.scaledResult(), engine);
        QCOMPARE(engine.countOf(GradientFate::Overflow), std::size_t(13));
        QCOMPARE(labelText(widget, "scaledReadout"),
                 QStringLiteral("0 % become 0\n13 overflow (0.13 %)"));
        QCOMPARE(labelText(widget, "scaleValue"), QStringLiteral("×16777216 (2²⁴)"));
        QVERIFY(widget.findChild<QLabel*>("overflowNote")->isVisibleTo(&widget));
        const auto* flow = widget.findChild<MasterWeightsFlow*>("masterWeightsFlow");
        QVERIFY(flow->showsOverflow());
        QVERIFY(flow->boxTexts().at(3).contains(QStringLiteral("skip this step")));
    }

    void slideScalesAndTheSafeScale() {
        MixedPrecisionWidget widget{MixedPrecisionState{}};
        button(widget, "scale1000Button")->click();
        QCOMPARE(widget.state().lossScale, 1000.0);
        QCOMPARE(slider(widget)->value(), 10);  // the nearest power of two, 2^10
        QCOMPARE(labelText(widget, "scaleValue"), QStringLiteral("×1000"));
        compareWithEngine(widget.scaledResult(), engineResult(kFp16, 1000.0));
        button(widget, "scale10000Button")->click();
        QCOMPARE(widget.state().lossScale, 10000.0);
        QCOMPARE(slider(widget)->value(), 13);

        const auto exponent = largestSafeScaleExponent(kFp16, widget.gradients(), -150, 300);
        QCOMPARE(widget.largestSafeScaleExponent(), exponent);
        QCOMPARE(*exponent, 18);
        QCOMPARE(button(widget, "safeScaleButton")->text(), QStringLiteral("Largest safe S: ×2¹⁸"));
        QVERIFY(button(widget, "safeScaleButton")->toolTip().startsWith("2¹⁸ = 262144 is"));
        QVERIFY(button(widget, "safeScaleButton")->isEnabled());
        button(widget, "safeScaleButton")->click();
        QCOMPARE(widget.state().lossScale, 262144.0);
        QCOMPARE(slider(widget)->value(), 18);
        QCOMPARE(widget.scaledResult().countOf(GradientFate::Overflow), std::size_t(0));
    }

    void switchingToBf16() {
        MixedPrecisionWidget widget{MixedPrecisionState{}};
        QSignalSpy changes(&widget, &MixedPrecisionWidget::stateChanged);
        slider(widget)->setValue(10);
        button(widget, "bf16Button")->click();
        QCOMPARE(changes.count(), 2);
        QVERIFY(widget.state().format == kBf16);
        QVERIFY(button(widget, "bf16Button")->isChecked());
        compareWithEngine(widget.unscaledResult(), engineResult(kBf16, 1.0));
        compareWithEngine(widget.scaledResult(), engineResult(kBf16, 1024.0));
        QCOMPARE(labelText(widget, "unscaledReadout"),
                 QStringLiteral("0 % of gradients become 0 in BF16"));
        QCOMPARE(labelText(widget, "recoveredReadout"), QStringLiteral("100 % recovered"));
        // BF16's limits are far off the axis; the slider cannot reach its safe 2^130.
        QCOMPARE(widget.histogramPlot()->visibleRegionCount(), 0);
        QVERIFY(!button(widget, "safeScaleButton")->isEnabled());
        QCOMPARE(button(widget, "safeScaleButton")->text(),
                 QStringLiteral("Largest safe S: ×2¹³⁰"));
        button(widget, "fp16Button")->click();
        QVERIFY(widget.state().format == kFp16);
        QCOMPARE(widget.histogramPlot()->visibleRegionCount(), 3);
    }

    void histogramHasTheGradients() {
        MixedPrecisionWidget widget{MixedPrecisionState{}};
        const GradientHistogramPlot& plot = *widget.histogramPlot();
        QVERIFY(plot.unscaledBars()->data()->size() > 20);
        double totalPercent = 0;
        for (auto bar = plot.unscaledBars()->data()->constBegin();
             bar != plot.unscaledBars()->data()->constEnd(); ++bar) {
            totalPercent += bar->value;
        }
        QVERIFY(std::abs(totalPercent - 100.0) < 1e-9);  // every gradient is on the axis
        QCOMPARE(plot.data().formatName, QStringLiteral("FP16"));
        QCOMPARE(plot.data().thresholds.overflowFrom, 65520.0);
        QVERIFY(plot.xAxis->range().lower <= std::log10(plot.data().thresholds.flushToZeroUpTo));
        QVERIFY(plot.xAxis->range().upper >= std::log10(65520.0));
        // The outline slides right by log10(S) decades: 3.01 for 1024.
        const double unscaledCentre = outlineCentre(plot);
        slider(widget)->setValue(10);
        QVERIFY(std::abs(outlineCentre(plot) - unscaledCentre - std::log10(1024.0)) < 0.02);
        QCOMPARE(plot.data().scaleText, QStringLiteral("×1024"));
    }

    void plotPensFollowTheStyle() {
        MixedPrecisionWidget widget{MixedPrecisionState{}};
        GradientHistogramPlot& plot = *widget.histogramPlot();
        using namespace mlsyslab::widgets;
        QCOMPARE(plot.scaledOutline()->pen().widthF(), deskStyle().plotPenWidth);
        widget.setFont(fontFor(presentationStyle(), widget.font()));
        widget.setPalette(paletteFor(presentationStyle(), widget.palette()));
        QCOMPARE(plot.scaledOutline()->pen().widthF(), presentationStyle().plotPenWidth);
        QCOMPARE(plot.scaledOutline()->pen().color(), QColor(0x00, 0x3C, 0xB4));
    }

    void ignoresScalesOutsideTheKindsRange() {
        MixedPrecisionWidget widget{MixedPrecisionState{}};
        QSignalSpy changes(&widget, &MixedPrecisionWidget::stateChanged);
        widget.setLossScale(0.0);
        widget.setLossScale(-8.0);
        widget.setLossScale(1.0);  // unchanged
        widget.setFormat(kFp32);
        QCOMPARE(changes.count(), 0);
        QCOMPARE(widget.state(), MixedPrecisionState{});
    }

    void createdFromALesson() {
        const auto registry = mlsyslab::widgets::builtinSimWidgets();
        QVERIFY(registry.contains("mixed-precision"));
        const SimBlock block = mlsyslab::testing::simBlock("mixed-precision", "format: bf16\nloss_scale: 8\ncount: 500\nseed: 3\nlog10_mean: -6\n");
        std::unique_ptr<QWidget> created(registry.create(block, nullptr));
        auto* widget = qobject_cast<MixedPrecisionWidget*>(created.get());
        QVERIFY(widget != nullptr);
        QVERIFY(widget->state().format == kBf16);
        QCOMPARE(widget->state().lossScale, 8.0);
        QCOMPARE(widget->gradients().size(), std::size_t(500));
        QCOMPARE(widget->gradients(), generateGradients({-6.0, 1.5}, 500, 3));
        QCOMPARE(slider(*widget)->value(), 3);
        QCOMPARE(labelText(*widget, "scaleValue"), QStringLiteral("×8"));
        // Bad fields were reported by the validator; the widget starts with their defaults.
        std::unique_ptr<QWidget> fallback(
            registry.create(mlsyslab::testing::simBlock("mixed-precision", "format: fp8\nloss_scale: ["), nullptr));
        QCOMPARE(qobject_cast<MixedPrecisionWidget*>(fallback.get())->state(),
                 MixedPrecisionState{});
    }
};

QTEST_MAIN(TestMixedPrecisionWidget)
#include "tst_mixed_precision_widget.moc"
