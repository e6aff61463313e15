#include <qcustomplot.h>

#include <QComboBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "SimViewTestSupport.h"
#include <cmath>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "numeric/QuantizeText.h"
#include "numeric/QuantizeWidget.h"
#include "numeric/WeightDistributions.h"

namespace numeric = mlsyslab::numeric;
using mlsyslab::lesson::SimBlock;
using mlsyslab::lesson::kinds::QuantizeState;
using mlsyslab::widgets::QuantizeWidget;
using numeric::Granularity;
using numeric::QuantizationScheme;
using numeric::QuantizedType;

namespace {

QString text(const QWidget& widget, const char* name) {
    const auto* label = widget.findChild<QLabel*>(QLatin1String(name));
    return label == nullptr ? QStringLiteral("<no %1>").arg(QLatin1String(name)) : label->text();
}

QCustomPlot* plot(const QWidget& widget, const char* name) {
    return widget.findChild<QCustomPlot*>(QLatin1String(name));
}

// Chooses the item whose data is `value`, as a student picking from the list.
template <typename Enum>
void choose(const QWidget& widget, const char* name, Enum value) {
    auto* box = widget.findChild<QComboBox*>(QLatin1String(name));
    QVERIFY(box != nullptr);
    const int index = box->findData(int(value));
    QVERIFY(index >= 0);
    box->setCurrentIndex(index);
}

// What the engines give for a state, computed here independently of the widget.
struct EngineRun {
    std::vector<float> weights;
    numeric::QuantizedTensor tensor;
    numeric::ErrorStatistics statistics;
};

EngineRun runEngines(const QuantizeState& state) {
    EngineRun run;
    numeric::WeightDistribution distribution;
    distribution.kind = state.distribution;
    distribution.outlierFraction = state.outlierFraction;
    distribution.outlierScale = state.outlierScale;
    run.weights = numeric::generateWeights(distribution, std::size_t(state.count), state.seed);
    run.tensor = numeric::quantizeTensor(
        run.weights, {state.dtype, state.scheme, state.granularity, state.channels});
    run.statistics = numeric::errorStatistics(run.weights, run.tensor.dequantized);
    return run;
}

const QString kThinSpace = QStringLiteral("\u2009");

}  // namespace

class TestQuantizeWidget : public QObject {
    Q_OBJECT

private slots:
    // The default state: 4096 normal weights, int8 symmetric per tensor. The numbers were
    // checked against the rules by hand: scale = max|x| / 127, error at most scale / 2.
    void defaultReadouts() {
        QuantizeWidget widget{QuantizeState{}};
        const EngineRun run = runEngines(QuantizeState{});
        const auto& parameters = run.tensor.channels.front().parameters;
        QCOMPARE(widget.statistics().meanSquaredError, run.statistics.meanSquaredError);
        QCOMPARE(widget.quantized().codes, run.tensor.codes);
        QCOMPARE(text(widget, "scaleValue"), QStringLiteral("0.0268"));
        double largestMagnitude = 0;
        for (const float weight : run.weights) {
            largestMagnitude = std::max(largestMagnitude, std::abs(double(weight)));
        }
        QCOMPARE(parameters.scale, largestMagnitude / 127);
        QCOMPARE(text(widget, "zeroPointValue"), QStringLiteral("0"));
        QCOMPARE(text(widget, "levelsValue"), QStringLiteral("217 of 255"));
        QCOMPARE(text(widget, "maxErrorValue"), QStringLiteral("0.0134"));
        QCOMPARE(text(widget, "mseValue"), QStringLiteral("6.02 × 10⁻⁵"));
        QCOMPARE(text(widget, "sqnrValue"), QStringLiteral("42.1 dB"));
        QCOMPARE(text(widget, "memoryValue"), QStringLiteral("FP32 16 KiB → INT8 4 KiB"));
        QCOMPARE(text(widget, "memorySavingValue"), "4× smaller, 75" + kThinSpace + "% saved");
        QCOMPARE(text(widget, "parameterBytesValue"), QStringLiteral("+ 4 B for the scale"));
        QCOMPARE(text(widget, "modelMemoryValue"), QStringLiteral("Llama 3 8B: 32 GB → 8 GB"));
        QVERIFY(text(widget, "sampleLabel").endsWith(QStringLiteral("weights, sample 1")));
    }

    void readoutsFollowTheEngines_data() {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("scheme");
        QTest::addColumn<int>("granularity");
        for (const QuantizedType type : numeric::kQuantizedTypes) {
            for (const auto scheme : {QuantizationScheme::Symmetric, QuantizationScheme::Affine}) {
                for (const auto granularity : {Granularity::PerTensor, Granularity::PerChannel}) {
                    QTest::addRow("%s %s %s", numeric::quantizedTypeName(type).data(),
                                  numeric::schemeName(scheme).data(),
                                  numeric::granularityName(granularity).data())
                        << int(type) << int(scheme) << int(granularity);
                }
            }
        }
    }

    // Every combination chosen with the controls, each readout checked against the engines.
    void readoutsFollowTheEngines() {
        QFETCH(int, type);
        QFETCH(int, scheme);
        QFETCH(int, granularity);
        QuantizeState start;
        start.distribution = numeric::DistributionKind::Outliers;
        QuantizeWidget widget{start};
        QSignalSpy changes(&widget, &QuantizeWidget::stateChanged);
        choose(widget, "typeSelector", QuantizedType(type));
        choose(widget, "schemeSelector", QuantizationScheme(scheme));
        choose(widget, "granularitySelector", Granularity(granularity));
        QuantizeState expected = start;
        expected.dtype = QuantizedType(type);
        expected.scheme = QuantizationScheme(scheme);
        expected.granularity = Granularity(granularity);
        QCOMPARE(widget.state(), expected);
        QVERIFY(changes.count() <= 3);

        const EngineRun run = runEngines(expected);
        const auto& rows = run.tensor.channels;
        QCOMPARE(widget.quantized().dequantized, run.tensor.dequantized);
        QCOMPARE(text(widget, "maxErrorValue"),
                 mlsyslab::widgets::quantizeNumberText(run.statistics.maxAbsoluteError));
        QCOMPARE(text(widget, "sqnrValue"),
                 mlsyslab::widgets::sqnrText(run.statistics.sqnrDecibels));
        double lowest = rows.front().parameters.scale, highest = lowest;
        for (const auto& row : rows) {
            lowest = std::min(lowest, row.parameters.scale);
            highest = std::max(highest, row.parameters.scale);
        }
        QCOMPARE(text(widget, "scaleValue"), mlsyslab::widgets::quantizeRangeText(lowest, highest));
        const bool perChannel = Granularity(granularity) == Granularity::PerChannel;
        QCOMPARE(rows.size(), std::size_t(perChannel ? 8 : 1));
        QVERIFY(text(widget, "levelsValue").endsWith(perChannel ? "per row" : ""));
        if (QuantizationScheme(scheme) == QuantizationScheme::Symmetric && !perChannel) {
            QCOMPARE(text(widget, "zeroPointValue"),
                     QString::number(rows.front().parameters.zeroPoint));
        }
        const int bits = numeric::bitCount(QuantizedType(type));
        const QString typeName = mlsyslab::widgets::quantizedTypeDisplayName(QuantizedType(type));
        QCOMPARE(text(widget, "memoryValue"),
                 QStringLiteral("FP32 16 KiB → %1 %2 KiB").arg(typeName).arg(bits == 8 ? 4 : 2));
        QCOMPARE(text(widget, "memorySavingValue"),
                 bits == 8 ? "4× smaller, 75" + kThinSpace + "% saved"
                           : "8× smaller, 87.5" + kThinSpace + "% saved");
        QCOMPARE(text(widget, "modelMemoryValue"),
                 QStringLiteral("Llama 3 8B: 32 GB → %1 GB").arg(bits == 8 ? 8 : 4));
    }

    void parameterBytes() {
        QuantizeWidget widget{QuantizeState{}};
        choose(widget, "schemeSelector", QuantizationScheme::Affine);
        QCOMPARE(text(widget, "parameterBytesValue"),
                 QStringLiteral("+ 5 B for the scale and zero point"));
        choose(widget, "granularitySelector", Granularity::PerChannel);
        QCOMPARE(text(widget, "parameterBytesValue"),
                 QStringLiteral("+ 40 B for 8 scales and zero points"));
        choose(widget, "schemeSelector", QuantizationScheme::Symmetric);
        QCOMPARE(text(widget, "parameterBytesValue"), QStringLiteral("+ 32 B for 8 scales"));
    }

    // With outliers, one scale per row loses less than one for the whole tensor.
    void perChannelLosesLessWithOutliers() {
        QuantizeState state;
        state.distribution = numeric::DistributionKind::Outliers;
        QuantizeWidget widget{state};
        const double perTensor = widget.statistics().meanSquaredError;
        choose(widget, "granularitySelector", Granularity::PerChannel);
        QVERIFY(widget.statistics().meanSquaredError < perTensor / 2);
    }

    void newSampleDrawsTheNextSeed() {
        QuantizeWidget widget{QuantizeState{}};
        const std::vector<float> first = widget.weights();
        QSignalSpy changes(&widget, &QuantizeWidget::stateChanged);
        widget.findChild<QPushButton*>(QStringLiteral("newSampleButton"))->click();
        QCOMPARE(changes.count(), 1);
        QCOMPARE(widget.state().seed, std::uint64_t(2));
        QVERIFY(text(widget, "sampleLabel").endsWith(QStringLiteral("sample 2")));
        QVERIFY(widget.weights() != first);
        QCOMPARE(widget.weights(), numeric::generateWeights({}, 4096, 2));
        widget.setState(widget.state());  // no change, no signal
        QCOMPARE(changes.count(), 1);
    }

    void outOfRangeStatesAreClamped() {
        QuantizeState wild;
        wild.count = 0;
        wild.channels = -3;
        wild.outlierFraction = 2.0;
        wild.outlierScale = 0.0;
        QuantizeWidget widget{wild};
        QCOMPARE(widget.state().count, 1);
        QCOMPARE(widget.state().channels, 1);
        QCOMPARE(widget.state().outlierFraction, 1.0);
        QCOMPARE(widget.state().outlierScale, 1.0);
        wild.count = 5'000'000;
        widget.setState(wild);
        QCOMPARE(widget.state().count, mlsyslab::lesson::kinds::kQuantizeMaxCount);
        QCOMPARE(text(widget, "memoryValue"), QStringLiteral("FP32 3.8 MiB → INT8 976.6 KiB"));
    }

    void histogramHasData() {
        QuantizeWidget widget{QuantizeState{}};
        QCustomPlot* histogram = plot(widget, "histogramPlot");
        QVERIFY(histogram != nullptr);
        QCOMPARE(histogram->graphCount(), 3);
        // Before: a histogram whose area is 1.
        const auto before = histogram->graph(0)->data();
        QVERIFY(before->size() >= 30);
        double area = 0;
        for (auto point = before->constBegin(); point != before->constEnd(); ++point) {
            area += point->value;
        }
        const double binWidth = (before->at(1)->key - before->at(0)->key);
        QVERIFY(std::abs(area * binWidth - 1.0) < 1e-9);
        // After, int8: levels share bins, a step line; int4: one stem per used level.
        QVERIFY(histogram->graph(1)->data()->size() > 0);
        QCOMPARE(histogram->graph(1)->lineStyle(), QCPGraph::lsStepLeft);
        QCOMPARE(histogram->graph(2)->data()->size(), 255);  // every int8 level marked
        QVERIFY(histogram->graph(2)->visible());
        choose(widget, "typeSelector", QuantizedType::Int4);
        QCOMPARE(histogram->graph(1)->lineStyle(), QCPGraph::lsImpulse);
        QCOMPARE(histogram->graph(1)->data()->size(), 15);
        QCOMPARE(histogram->graph(2)->data()->size(), 15);
        // Per channel every row has its own levels: no single set to mark.
        choose(widget, "granularitySelector", Granularity::PerChannel);
        QVERIFY(!histogram->graph(2)->visible());
    }

    void errorPlotShowsEveryErrorWithinHalfAStep() {
        QuantizeState state;
        state.dtype = QuantizedType::Int4;
        QuantizeWidget widget{state};
        QCustomPlot* errors = plot(widget, "errorPlot");
        QVERIFY(errors != nullptr);
        const auto points = errors->graph(0)->data();
        QCOMPARE(points->size(), 4096);
        const double halfStep = widget.quantized().channels.front().parameters.scale / 2;
        for (auto point = points->constBegin(); point != points->constEnd(); ++point) {
            QVERIFY(std::abs(point->value) <= halfStep + 1e-6);
        }
        QCOMPARE(errors->graph(1)->data()->at(0)->value, halfStep);
        QCOMPARE(errors->graph(2)->data()->at(0)->value, -halfStep);
    }

    void aMillionWeightsAreSampledForTheErrorPlot() {
        QuantizeState state;
        state.count = 1'000'000;
        QuantizeWidget widget{state};
        QCOMPARE(widget.weights().size(), std::size_t(1'000'000));
        QCOMPARE(plot(widget, "errorPlot")->graph(0)->data()->size(), 20000);
        QVERIFY(text(widget, "memoryValue").startsWith(QStringLiteral("FP32 3.8 MiB")));
    }

    void createdFromLessonYaml() {
        QWidget parent;
        QWidget* created = mlsyslab::testing::createView("quantize", "distribution: outliers\ndtype: uint8\nscheme: affine\ngranularity: channel\n"
                     "channels: 4\ncount: 1000\nseed: 9\n",
            &parent);
        auto* widget = qobject_cast<QuantizeWidget*>(created);
        QVERIFY(widget != nullptr);
        QuantizeState expected;
        expected.distribution = numeric::DistributionKind::Outliers;
        expected.dtype = QuantizedType::UInt8;
        expected.scheme = QuantizationScheme::Affine;
        expected.granularity = Granularity::PerChannel;
        expected.channels = 4;
        expected.count = 1000;
        expected.seed = 9;
        QCOMPARE(widget->state(), expected);
        QCOMPARE(widget->quantized().channels.size(), std::size_t(4));
        QCOMPARE(
            widget->findChild<QComboBox*>(QStringLiteral("granularitySelector"))->currentText(),
            QStringLiteral("Channel (4 rows)"));
        // A state the validator refused still opens, with defaults.
        QWidget* fallback = mlsyslab::testing::createView("quantize", "dtype: [int8\n", &parent);
        QCOMPARE(qobject_cast<QuantizeWidget*>(fallback)->state(), QuantizeState{});
    }

    // Thick pens in presentation type; the plot follows the palette.
    void plotsFollowTheDisplayStyle() {
        QuantizeWidget widget{QuantizeState{}};
        QCustomPlot* histogram = plot(widget, "histogramPlot");
        const auto desk = mlsyslab::widgets::deskStyle();
        QCOMPARE(histogram->graph(0)->pen().widthF(), desk.plotPenWidth);
        const auto presentation = mlsyslab::widgets::presentationStyle();
        widget.setFont(mlsyslab::widgets::fontFor(
            presentation, QFontDatabase::systemFont(QFontDatabase::GeneralFont)));
        widget.setPalette(mlsyslab::widgets::paletteFor(presentation, widget.palette()));
        QCOMPARE(histogram->graph(0)->pen().widthF(), presentation.plotPenWidth);
        QCOMPARE(histogram->xAxis->basePen().widthF(), 2.0);

        // Back at the desk, on a dark palette.
        widget.setFont(QFontDatabase::systemFont(QFontDatabase::GeneralFont));
        QCOMPARE(histogram->graph(0)->pen().widthF(), desk.plotPenWidth);
        QPalette dark = widget.palette();
        dark.setColor(QPalette::Base, QColor(0x1E, 0x1E, 0x1E));
        dark.setColor(QPalette::Text, Qt::white);
        widget.setPalette(dark);
        QCOMPARE(histogram->xAxis->tickLabelColor(), QColor(Qt::white));
        widget.resize(1000, 600);
        const QImage image = histogram->grab().toImage();
        QCOMPARE(image.pixelColor(2, image.height() / 2), QColor(0x1E, 0x1E, 0x1E));
    }
};

QTEST_MAIN(TestQuantizeWidget)
#include "tst_quantize_widget.moc"
