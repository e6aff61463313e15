#pragma once

#include <QWidget>
#include <memory>

#include "lesson/Lesson.h"
#include "memory/lesson/LatencyLadderKind.h"
#include "memory/MachineProbe.h"

namespace mlsyslab::widgets {

class LatencyLadderPlot;

// The `latency-ladder` simulator: the lecture's latencies from registers to SSD on a log scale
// (LatencyLadderPlot), with the human-scale analogy, and "Measure this machine": a quick probe
// (about 2 seconds, on a worker thread) of one working set per level, chosen from this
// machine's caches (memory::ladderWorkingSets), whose L1, L2, L3 and RAM latencies appear
// beside the lecture's in cycles (with the estimated clock) and ns.
//
// Child object names (tests rely on them): measureButton, cancelButton, progressBar,
// statusLabel (ProbeRunBar), analogyLabel, legendLabel, ladderPlot (LatencyLadderPlot).
class LatencyLadderWidget : public QWidget {
    Q_OBJECT
public:
    // `baseOptions`: the quick probe's settings; when its working sets are empty, they come
    // from the caches read under its system root. Tests pass tiny runs.
    explicit LatencyLadderWidget(
        const lesson::kinds::LatencyLadderState& state,
        const memory::MachineProbeOptions& baseOptions = ladderProbeOptions(),
        QWidget* parent = nullptr);
    ~LatencyLadderWidget() override;

    // Three runs of at least 2^16 loads or 5 ms per working set, no bandwidth.
    static memory::MachineProbeOptions ladderProbeOptions();

    bool isMeasuring() const;
    std::shared_ptr<const memory::MachineMeasurement> measurement() const;
    const LatencyLadderPlot& plot() const;

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
    void showLevels(const std::vector<memory::LevelLatency>& levels);
    void showFinished(std::shared_ptr<const memory::MachineMeasurement> measurement);
    void applyStyle();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
