#pragma once

#include <QWidget>

#include "gpu/DeviceModel.h"
#include "gpu/Occupancy.h"
#include "lesson/Lesson.h"
#include "gpu/lesson/OccupancyKind.h"

class QGridLayout;
class QLabel;

namespace mlsyslab::widgets {

class OccupancyControls;
class OccupancyCurvePlot;
class OccupancyReadouts;

// The `occupancy` simulator: NVIDIA's occupancy calculator. The controls (OccupancyControls)
// choose a device and the kernel's block size, registers per thread and dynamic shared memory
// per block; the readouts (OccupancyReadouts) show what one block takes of each SM resource,
// the blocks each allows with the limiter(s) highlighted, the active blocks and warps and the
// occupancy, or why the launch cannot run; the calculator's three curves show occupancy
// against block size, registers and shared memory, the kernel's point marked on each. Every
// number comes from gpu::computeOccupancy. Clicking a curve moves the kernel there.
//
// Child object names (tests rely on them): controls (OccupancyControls, with its own names;
// disabled when the lesson is not editable), deviceSummary (QLabel), readouts
// (OccupancyReadouts, with its own names), blockSizePlot, registersPlot, sharedMemoryPlot
// (OccupancyCurvePlot).
class OccupancyWidget : public QWidget {
    Q_OBJECT
public:
    explicit OccupancyWidget(const lesson::kinds::OccupancyState& initial,
                             QWidget* parent = nullptr);

    const gpu::DeviceModel& device() const { return device_; }
    gpu::KernelResources kernel() const;
    const gpu::OccupancyResult& result() const { return result_; }

signals:
    void resultChanged();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void recompute();
    void arrangePlots();

    OccupancyControls* controls_ = nullptr;
    QLabel* deviceSummary_ = nullptr;
    OccupancyReadouts* readouts_ = nullptr;
    OccupancyCurvePlot* blockSizePlot_ = nullptr;
    OccupancyCurvePlot* registersPlot_ = nullptr;
    OccupancyCurvePlot* sharedMemoryPlot_ = nullptr;
    QGridLayout* plots_ = nullptr;
    int plotColumns_ = 0;  // as arranged
    gpu::DeviceModel device_;
    gpu::OccupancyResult result_;
};

}  // namespace mlsyslab::widgets
