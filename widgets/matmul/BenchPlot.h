#pragma once

#include <qcustomplot.h>

#include <QStringList>
#include <string>
#include <vector>

#include "matmul/MatmulRunner.h"

namespace mlsyslab::widgets {

// GFLOPS against the matrix size N, both on log scales, one graph per backend in its colour
// (MatmulColors), each point added as its result arrives. Log-log because the ladder spans three
// orders of magnitude in speed and the sizes double: every rung and every size gets the same
// room. A dotted and a dashed line mark this machine's measured FMA peak on one thread and on
// all (the 100 % no kernel passes); in the seed experiment, hollow diamonds at N = 3620 show the
// lecture's RTX 4090 figures, labelled as the seed's. The legend sits beside the plot, never on a
// point.
class BenchPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit BenchPlot(QWidget* parent = nullptr);

    // Clears the points: one empty graph per backend, in this order.
    void setBackends(const std::vector<std::string>& names);
    // The sizes the run will cover, so the axis does not jump as points arrive.
    void setSizeRange(std::int64_t smallest, std::int64_t largest);
    // A point for a measured result (ok or wrong); nothing for the others.
    void addResult(const matmul::MatmulBenchResult& result);
    // 0: not measured, no line.
    void setPeaks(double oneThreadGflops, double allThreadsGflops, unsigned threads);
    void setSeedFiguresShown(bool shown);

    int pointCount(const std::string& backend) const;
    QStringList backendsPlotted() const;  // the graphs' names, in order
    QStringList seedLabels() const;
    QStringList peakLabels() const;  // the peak lines' names in the legend

    // Pens, fonts and colours for the widget's current font and palette.
    void restyle();

private:
    void fitRanges();
    void rebuildPeakMarks();
    void rebuildSeedMarks();
    QCPGraph* graphOf(const std::string& backend) const;

    std::vector<std::string> backends_;  // graph i draws backends_[i]
    std::int64_t smallestSize_ = 64;
    std::int64_t largestSize_ = 1024;
    double oneThreadPeak_ = 0.0;
    double allThreadsPeak_ = 0.0;
    unsigned threads_ = 1;
    bool seedShown_ = false;
    QCPGraph* seedGraph_ = nullptr;
    std::vector<QCPGraph*> peakGraphs_;
    std::vector<QCPItemText*> seedTexts_;
};

}  // namespace mlsyslab::widgets
