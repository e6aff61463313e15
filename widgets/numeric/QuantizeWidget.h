#pragma once

#include <QWidget>
#include <memory>
#include <vector>

#include "lesson/Lesson.h"
#include "numeric/lesson/QuantizeKind.h"
#include "numeric/Quantization.h"

class QVBoxLayout;

namespace mlsyslab::widgets {

// The `quantize` simulator: a sample of synthetic FP32 weights (numeric/WeightDistributions.h)
// quantized to INT8, UINT8, INT4 or UINT4 (numeric/Quantization.h). Students pick the
// distribution, the type, the scheme (symmetric or affine) and the granularity (one scale per
// tensor or one per row), or draw a new sample, and see at once:
// - the histogram of the weights before, and the discrete values they take after, with the
//   type's levels under the axis; with outliers, per tensor, the bulk of the weights falls on
//   a handful of levels;
// - the error of every weight against its value: a sawtooth within ± half a step;
// - scale, zero point, levels used, largest error, MSE and SQNR;
// - the memory: FP32 bytes → quantized bytes, "4× smaller, 75 % saved", and the same rule
//   on Llama 3 8B (the lecture's table, numeric/ModelMemory.h).
// Every number comes from the engines; this class only shows them.
//
// Child object names (tests rely on them): distributionSelector, typeSelector, schemeSelector
// and granularitySelector (QComboBoxes; item data: the engine's enum value as int),
// newSampleButton (the next seed), sampleLabel ("4096 weights, sample 1"); readouts (QLabels):
// scaleValue, zeroPointValue, levelsValue, maxErrorValue, mseValue, sqnrValue, memoryValue
// ("FP32 16 KiB → INT8 4 KiB"), memorySavingValue ("4× smaller, 75 % saved"),
// parameterBytesValue (the scales and zero points stored beside the codes), modelMemoryValue
// ("Llama 3 8B: 32 GB → 8 GB"); histogramPlot and errorPlot (QCustomPlot; their graphs are
// listed in QuantizePlots.h).
class QuantizeWidget : public QWidget {
    Q_OBJECT
public:
    explicit QuantizeWidget(const lesson::kinds::QuantizeState& initial, QWidget* parent = nullptr);
    ~QuantizeWidget() override;

    lesson::kinds::QuantizeState state() const;
    // What is shown, as the engines computed it.
    const std::vector<float>& weights() const;
    const numeric::QuantizedTensor& quantized() const;
    numeric::ErrorStatistics statistics() const;

public slots:
    // Numbers outside the kind's limits (count 0, a fraction of 2) are clamped into them.
    void setState(const mlsyslab::lesson::kinds::QuantizeState& requested);

signals:
    void stateChanged();

private:
    void buildControls(QVBoxLayout* column);
    void buildReadouts(QVBoxLayout* column);
    void buildPlots(QVBoxLayout* column);
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void applyControls();  // the state from the selectors
    void refresh();        // the engines' results and every view, from the state
    void showReadouts();
    void applyStyle();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
