#pragma once

#include <QWidget>

#include "gpu/DeviceModel.h"
#include "gpu/HierarchyScene.h"
#include "gpu/lesson/GpuHierarchyKind.h"

namespace mlsyslab::widgets {

// One level of a device's hierarchy, drawn (HierarchyScene): the whole GPU, one SM or one warp.
// Its items are the SMs, the warp slots or the lanes. A click on an SM or a warp asks to zoom
// into it; a click on a lane selects it. With the focus here the arrow keys move the selection,
// Enter or + zoom into the selected item, - , Backspace or Escape zoom out; the mouse wheel zooms
// into the item under the pointer (or out). The item under the pointer is outlined.
class HierarchyView : public QWidget {
    Q_OBJECT
public:
    explicit HierarchyView(QWidget* parent = nullptr);

    void setDevice(const gpu::DeviceModel& device);
    // The level shown: zoom, and the SM and warp it is about.
    void setLevel(lesson::kinds::HierarchyZoom zoom, int sm, int warp);
    void setSelected(int item);
    lesson::kinds::HierarchyZoom zoom() const { return zoom_; }
    int sm() const { return sm_; }
    int warp() const { return warp_; }
    int selected() const { return selected_; }

    // The scene as drawn at the current width, and where an item is (empty when none).
    HierarchyScene scene() const;
    int itemCount() const;
    QRect itemRect(int item) const;
    int itemAt(QPoint point) const;  // -1 for none

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void zoomInRequested(int item);
    void zoomOutRequested();
    void selectionChanged(int item);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    HierarchyScene sceneFor(int width) const;
    // The item nearest in a direction from the selected one (dx, dy in -1, 0, 1).
    int neighbour(int dx, int dy) const;
    void paintBox(QPainter& painter, const HierarchyBox& box, double line) const;

    gpu::DeviceModel device_;
    lesson::kinds::HierarchyZoom zoom_ = lesson::kinds::HierarchyZoom::Gpu;
    int sm_ = 0;
    int warp_ = 0;
    int selected_ = 0;
    int hovered_ = -1;
};

}  // namespace mlsyslab::widgets
