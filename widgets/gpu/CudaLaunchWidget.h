#pragma once

#include <QWidget>
#include <cstdint>
#include <memory>

#include "lesson/Lesson.h"
#include "gpu/lesson/CudaLaunchKind.h"

namespace mlsyslab::widgets {

class LaunchGridView;
struct LaunchPicture;

// The `cuda-launch` simulator: the lecture's matrixAdd launch on a device. Knobs for the
// device, Nx × Ny, threadsPerBlock and numBlocks (LaunchControls); a summary line ("72 threads in
// 6 blocks of 12 threads (1 warp each, 20 lanes idle)") and what the guard leaves idle; the grid
// drawn (LaunchGridView) beside the code of the launch and the kernel; for the selected thread,
// the formula with its numbers
//   i = blockIdx.x * blockDim.x + threadIdx.x = 1 * 4 + 2 = 6
// its built-ins, warp and lane, and its SM; how the blocks map onto the device's SMs in waves.
// A launch CUDA refuses (a block of more than 1024 threads) is explained instead of drawn.
//
// Child object names (tests rely on them): controls (LaunchControls), summary, guard, failure
// (QLabels), launchView (LaunchGridView), code, legend, shownPart, formula, details, mapping
// (QLabels).
class CudaLaunchWidget : public QWidget {
    Q_OBJECT
public:
    explicit CudaLaunchWidget(const lesson::kinds::CudaLaunchState& initial,
                              QWidget* parent = nullptr);
    ~CudaLaunchWidget() override;

    const LaunchPicture& picture() const;
    std::int64_t selectedI() const;
    std::int64_t selectedJ() const;

public slots:
    // Selects the thread with global (i, j) when it is drawn.
    void selectThread(qint64 i, qint64 j);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void rebuild();  // the launch changed: every part again
    void showSelection();
    void applyFonts();
    void arrangeMiddle();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
