#pragma once

#include <QWidget>
#include <array>

#include "gpu/DeviceModel.h"
#include "gpu/Occupancy.h"

class QGridLayout;
class QLabel;

namespace mlsyslab::widgets {

// The occupancy calculator's numbers for one kernel on one device: a table with a row per
// resource (warps, registers, shared memory, blocks): what the SM has, what one block takes
// (after the allocation rounding and the driver's reservation) and how many blocks that
// allows, the limiting row(s) highlighted; then the active blocks and warps per SM, the
// occupancy, which resource limits it, and for a launch that cannot run, why, in words.
//
// Child object names (tests rely on them), all QLabels: for each row R in warps, registers,
// sharedMemory, blocks: R_perSm, R_perBlock, R_allowed (the row's labels carry the property
// "limiter", true on a limiting row); activeBlocks, activeWarps, occupancyValue, limiterNote,
// impossibleNote.
class OccupancyReadouts : public QWidget {
    Q_OBJECT
public:
    explicit OccupancyReadouts(QWidget* parent = nullptr);

    void setOccupancy(const gpu::DeviceModel& device, const gpu::KernelResources& kernel,
                      const gpu::OccupancyResult& result);

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Row {
        QLabel* name = nullptr;
        QLabel* perSm = nullptr;
        QLabel* perBlock = nullptr;
        QLabel* allowed = nullptr;
    };
    void markLimiter(const Row& row, bool limiter);
    void applyFonts();

    std::array<Row, 4> rows_;
    QLabel* activeBlocks_ = nullptr;
    QLabel* activeWarps_ = nullptr;
    QLabel* occupancyValue_ = nullptr;
    QLabel* limiterNote_ = nullptr;
    QLabel* impossibleNote_ = nullptr;
};

}  // namespace mlsyslab::widgets
