#pragma once

#include <QCoreApplication>
#include <QMetaObject>
#include <span>
#include <vector>

#include "common/DisplayStyle.h"
#include "numeric/Quantization.h"

class QCPRange;
class QCustomPlot;
class QWidget;

namespace mlsyslab::widgets {

// The two plots of the `quantize` simulator, one above the other on the same x range (the
// weight value), so the error of a weight sits under its place in the histogram:
//
// histogram plot, in density units (count / (n × width)) so that bins and levels compare:
//   graph(0)  before: the FP32 weights' histogram, a filled step line (Freedman–Diaconis bins;
//             per tensor with shared bins, the same bins as after)
//   graph(1)  after: one stem per value the dequantized weights take (as tall as its share of
//             its row's weights divided by its step) where levels are a bin or more apart;
//             where they are finer, a step line over bins of whole cells (ValueHistograms.h),
//             dashed, drawn over the histogram it often matches
//   graph(2)  the quantization levels, short ticks under the axis (per tensor; per channel
//             every row has its own, and the stems show them)
// error plot:
//   graph(0)  x' − x against x for every weight (at most 20 000 of them, evenly spaced)
//   graph(1), graph(2)  + and − half the (largest) step: the most rounding can do
//
// Colours are Okabe and Ito's colour-blind-safe blue and vermillion, lighter on dark palettes.
class QuantizePlots {
    Q_DECLARE_TR_FUNCTIONS(QuantizePlots)

public:
    QuantizePlots(QCustomPlot* histogram, QCustomPlot* error);
    ~QuantizePlots();
    QuantizePlots(const QuantizePlots&) = delete;
    QuantizePlots& operator=(const QuantizePlots&) = delete;

    void show(std::span<const float> weights, const numeric::QuantizedTensor& tensor,
              numeric::QuantizedType type);
    // Colours, pens and fonts from the owner's palette and font (call on a change of either).
    void restyle(const QWidget& owner);
    // Stems as wide as the levels' spacing allows, legends wrapped to the plots' width (call
    // when the plots change size; replot after fitLegends).
    void fitPensToWidth();
    void fitLegends();

private:
    void showHistogram(std::span<const float> weights, const numeric::QuantizedTensor& tensor,
                       const std::vector<double>& levels, const QString& typeName, QCPRange range);
    void showErrors(std::span<const float> weights, const numeric::QuantizedTensor& tensor,
                    QCPRange range);
    void alignLeftMargins();

    QCustomPlot* histogram_;
    QCustomPlot* error_;
    DisplayStyle style_;
    double levelSpacing_ = 0.0;  // the smallest step between levels, in weight units
    QMetaObject::Connection stemWidthConnection_;
    bool stemMode_ = true;  // after: one stem per level, or a step line of shared bins
};

}  // namespace mlsyslab::widgets
