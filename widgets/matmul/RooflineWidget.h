#pragma once

#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

#include "lesson/Lesson.h"
#include "matmul/lesson/RooflineKind.h"
#include "matmul/RooflineMeasurement.h"

namespace mlsyslab::widgets {

class RooflinePlot;
class RooflineReadout;

// The `roofline` simulator: this machine's roofline, measured, with the matmul ladder and a
// matrix-vector product placed under it. Measure runs matmul::measureRoofline on a worker thread
// (MatmulWorker): the FMA peak and the triad bandwidth (the memory issue's probe) draw the roof
// as soon as they are known, then the matrix-vector point (far left, under the slope:
// memory-bound) and one point per backend at N×N×N (far right: compute-bound) arrive one by one.
// A GPU's datasheet roof and the lesson's workloads are drawn from the start. The readout lists
// every point with its intensity, GFLOPS, share of the roof and which resource bounds it.
// Cancel stops within tens of milliseconds and keeps what was measured; closing the step
// mid-run cancels and waits.
//
// Child object names (tests rely on them): measureButton, cancelButton, progressBar,
// statusLabel, roofLabel, rooflinePlot (RooflinePlot), rooflineReadout (RooflineReadout).
class RooflineWidget : public QWidget {
    Q_OBJECT
public:
    // `baseOptions`: the engine's settings the lesson's state is applied to (backends, size,
    // matvec). The app passes the defaults; tests pass tiny probes.
    explicit RooflineWidget(const lesson::kinds::RooflineState& state,
                            const matmul::RooflineMeasureOptions& baseOptions = {},
                            QWidget* parent = nullptr);
    ~RooflineWidget() override;

    bool isMeasuring() const;
    // The last finished (or cancelled) measurement; null before the first and while measuring.
    std::shared_ptr<const matmul::RooflineMeasurement> measurement() const;
    const RooflinePlot& plot() const;
    const RooflineReadout& readout() const;

public slots:
    void startMeasuring();
    void cancelMeasuring();

signals:
    void measuringFinished();

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildLayout();
    void showProgress(const matmul::RooflineProgress& progress);
    void showRoof(double peakGflops, double bandwidthGBps);
    void showMatvec(const matmul::MatvecResult& matvec);
    void showMatmul(const matmul::MatmulBenchResult& result);
    void showFinished();
    void setRunning(bool running);
    void applyStyle();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
