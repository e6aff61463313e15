#pragma once

#include <QWidget>
#include <memory>

#include "lesson/Lesson.h"
#include "memory/lesson/LatencyProbeKind.h"
#include "memory/MachineProbe.h"

namespace mlsyslab::widgets {

class LatencyCurvePlot;

// The `latency-probe` simulator: this machine's latency staircase, measured live. Measure runs
// memory::probeMachine on a worker thread (MachineProbeWorker): the clock, then the pointer
// chase over working sets from 4 KiB to the chosen largest, each point drawn as it arrives,
// then the plateaus marked (LatencyCurvePlot), then the STREAM triad bandwidth shown beside the
// lecture's figures. Cancel stops it within about 100 ms and keeps what was measured; closing
// the step mid-run cancels and waits for the thread. The GUI thread never measures.
//
// Child object names (tests rely on them): measureButton, cancelButton, progressBar,
// statusLabel (ProbeRunBar), maxSizeSelector (QComboBox, item data: bytes), machineLabel,
// bandwidthLabel, lectureBandwidthLabel, latencyPlot (LatencyCurvePlot).
class LatencyProbeWidget : public QWidget {
    Q_OBJECT
public:
    // `baseOptions`: the engine's settings the lesson's state is applied to (its largest working
    // set, points per octave and bandwidth). The app passes the full probe's; tests pass tiny
    // runs and a fixture system root for the caches.
    explicit LatencyProbeWidget(
        const lesson::kinds::LatencyProbeState& state,
        const memory::MachineProbeOptions& baseOptions = memory::fullMachineProbeOptions(),
        QWidget* parent = nullptr);
    ~LatencyProbeWidget() override;

    bool isMeasuring() const;
    // The last finished (or cancelled) measurement; null before the first.
    std::shared_ptr<const memory::MachineMeasurement> measurement() const;
    const LatencyCurvePlot& plot() const;

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
    void showFinished(std::shared_ptr<const memory::MachineMeasurement> measurement);
    void applyStyle();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
