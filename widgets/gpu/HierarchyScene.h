#pragma once

#include <QFont>
#include <QRectF>
#include <QString>
#include <vector>

#include "gpu/DeviceModel.h"

namespace mlsyslab::widgets {

// One level of the `gpu-hierarchy` drawing as a list of labelled boxes, laid out for a width:
// what HierarchyView paints, hit-tests and what tests read. Sizes are in line heights of the
// font, so presentation mode scales the drawing.
enum class HierarchyPart {
    Gpc,           // a GPU processing cluster, holding SMs
    Sm,            // an SM in the whole-GPU view (an item: click to look inside)
    SmFrame,       // the SM looked into
    Partition,     // one warp scheduler's quarter of the SM
    WarpSlot,      // a resident warp's place (an item: click to see its threads)
    RegisterFile,  // the partition's registers
    Core,          // one FP32 core
    TensorCore,
    SharedMemory,  // the SM's L1 data cache and shared memory
    L2,
    Memory,   // the device memory (HBM or GDDR)
    Lane,     // one thread of the warp looked into (an item: select it)
    Link,     // a vertical line from a lane down to the core that runs it
    Caption,  // text alone
};

struct HierarchyBox {
    HierarchyPart part = HierarchyPart::Caption;
    QRectF rect;
    QString text;
    int item = -1;                    // the SM, warp slot or lane this box stands for; -1 for none
    int colour = -1;                  // the SM whose colour fills an SM box
    int alignment = Qt::AlignCenter;  // captions are left aligned
    double fontScale = 1.0;
    bool bold = false;
};

struct HierarchyScene {
    std::vector<HierarchyBox> boxes;
    double height = 0;
    // The boxes that are items, in item order (index i holds item i).
    std::vector<std::size_t> itemBoxes;
};

// The whole GPU: its GPCs with their SMs, then the L2 cache and the memory with its bandwidth.
HierarchyScene gpuScene(const gpu::DeviceModel& device, double width, const QFont& font);
// One SM: its warp schedulers, each with warp slots, register file, FP32 cores and tensor
// cores, above the L1 / shared memory.
HierarchyScene smScene(const gpu::DeviceModel& device, int sm, double width, const QFont& font);
// One warp: its 32 lanes, each above the FP32 core of its scheduler that runs it.
HierarchyScene warpScene(const gpu::DeviceModel& device, int warp, double width, const QFont& font);

// Adds an item box and records it among the scene's items.
void addItem(HierarchyScene& scene, HierarchyBox box);
// One font size for every label of a part, the largest at which the longest fits its box (but
// not below two thirds of the size set): labels of one kind read alike.
void fitLabels(HierarchyScene& scene, HierarchyPart part, const QFont& font);
// A caption of wrapped text across `width` at `top`; returns its bottom.
double addCaption(HierarchyScene& scene, const QString& text, double left, double top, double width,
                  const QFont& font, double fontScale = 1.0, bool bold = false);

}  // namespace mlsyslab::widgets
