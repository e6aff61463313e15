#pragma once

#include <QWidget>
#include <cstdint>
#include <memory>

#include "gpu/KernelProgram.h"
#include "gpu/WarpTimeline.h"

class QLabel;

namespace mlsyslab::widgets {

// What one scheduler policy did, under the warp timeline: its name and statistics for the whole
// launch (cycles, IPC, achieved occupancy, where the warp-cycles went), and at the cursor what
// each warp scheduler issued and why its other warps did not.
// Child object names: title, stats, breakdown, cycleReadout (QLabels).
class WarpPolicyPanel : public QWidget {
    Q_OBJECT
public:
    explicit WarpPolicyPanel(QWidget* parent = nullptr);

    void setTimeline(std::shared_ptr<const WarpTimeline> timeline,
                     std::shared_ptr<const gpu::KernelProgram> kernel);
    void showCycle(std::int64_t cycle);
    const WarpTimeline* timeline() const { return timeline_.get(); }

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();

    std::shared_ptr<const WarpTimeline> timeline_;
    std::shared_ptr<const gpu::KernelProgram> kernel_;
    std::int64_t cycle_ = 0;
    QLabel* title_;
    QLabel* stats_;
    QLabel* breakdown_;
    QLabel* cycleReadout_;
};

}  // namespace mlsyslab::widgets
