#pragma once

#include <QWidget>
#include <memory>

#include "lesson/Lesson.h"
#include "gpu/lesson/GpuHierarchyKind.h"

namespace mlsyslab::widgets {

class HierarchyView;

// The `gpu-hierarchy` simulator: a device from the whole chip down to one warp's threads. A
// device chooser; a breadcrumb (device › SM 5 › warp 6) whose parts zoom back out, a Back button
// and − / + buttons; a caption with the level's numbers from the device model (RTX 4090: 11 GPCs,
// 128 SMs, 16,384 CUDA cores); the drawing (HierarchyView); and a line about the selected item.
// Click an SM to look inside it, a warp to see its threads; the mouse wheel and the + and - keys
// zoom too.
//
// Child object names (tests rely on them): device (QComboBox, the id as item data), backButton,
// crumbGpu, crumbSm, crumbWarp, zoomOutButton, zoomInButton (QPushButtons), caption and
// selection (QLabels), hierarchyView (HierarchyView).
class GpuHierarchyWidget : public QWidget {
    Q_OBJECT
public:
    explicit GpuHierarchyWidget(const lesson::kinds::GpuHierarchyState& initial,
                                QWidget* parent = nullptr);
    ~GpuHierarchyWidget() override;

    HierarchyView* view() const;

public slots:
    void zoomInto(int item);
    void zoomOut();
    void showGpu();
    void showSm();

private:
    void deviceChosen();
    void showLevel();  // the view, breadcrumb, caption and selection line for the level
    void showSelection();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
