#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"
#include "gpu/DeviceHierarchy.h"
#include "gpu/GpuDeviceText.h"
#include "gpu/HierarchyScene.h"

// The SM and warp levels of the `gpu-hierarchy` drawing.
namespace mlsyslab::widgets {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("mlsyslab::widgets::GpuHierarchyWidget", text);
}

// Sizes in line heights.
constexpr double kPaddingLines = 0.4;
constexpr double kGapLines = 0.5;
constexpr double kSmallestPartitionLines = 11;  // narrower, and the partitions go two a row
constexpr double kSlotHeightLines = 1.5;
constexpr int kSlotsPerRow = 4;
constexpr int kCoresPerRow = 8;
constexpr double kLargestCoreLines = 1.2;
constexpr double kBoxLines = 2.4;  // register file, tensor core, L1
constexpr double kLaneLines = 2.0;
constexpr double kLinkLines = 0.9;
constexpr double kSmallestLaneLines = 1.7;
constexpr double kNoteScale = 0.85;

HierarchyBox box(HierarchyPart part, QRectF rect, QString text) {
    HierarchyBox result;
    result.part = part;
    result.rect = rect;
    result.text = std::move(text);
    return result;
}

// One scheduler's partition at (left, top), `width` wide; returns its height.
double addPartition(HierarchyScene& scene, const gpu::DeviceModel& device, int scheduler,
                    double left, double top, double width, const QFont& font) {
    const double line = QFontMetricsF(font).height();
    const double padding = kPaddingLines * line;
    const double gap = kGapLines * line;
    const double innerLeft = left + padding;
    const double innerWidth = width - 2 * padding;
    const std::size_t frameIndex = scene.boxes.size();
    scene.boxes.push_back(box(HierarchyPart::Partition, {}, {}));

    double y = addCaption(scene, tr("Warp scheduler %1").arg(scheduler), innerLeft, top + padding,
                          innerWidth, font, 1.0, true);
    y = addCaption(scene,
                   tr("%1 warp slots; it issues one warp's instruction a clock")
                       .arg(gpu::warpSlotsPerScheduler(device)),
                   innerLeft, y, innerWidth, font, kNoteScale);
    y += 0.3 * line;
    const int slotCount = gpu::warpSlotsPerScheduler(device);
    const int schedulers = std::max(1, device.warpSchedulersPerSm);
    const double slotGap = 0.2 * line;
    const double slotWidth = (innerWidth - (kSlotsPerRow - 1) * slotGap) / kSlotsPerRow;
    const double slotHeight = kSlotHeightLines * line;
    // "warp 44" where it fits; the number alone in narrow slots.
    const QString widestLabel = tr("warp %1").arg(device.maxWarpsPerSm - 1);
    const bool wordFits =
        QFontMetricsF(scaledFont(font, kNoteScale)).horizontalAdvance(widestLabel) <=
        slotWidth - 0.4 * line;
    for (int index = 0; index < slotCount; ++index) {
        HierarchyBox slot =
            box(HierarchyPart::WarpSlot,
                QRectF(innerLeft + (index % kSlotsPerRow) * (slotWidth + slotGap),
                       y + (index / kSlotsPerRow) * (slotHeight + slotGap), slotWidth, slotHeight),
                {});
        // Warp w lives with scheduler w mod 4: this scheduler's slots are w = s, s + 4, ...
        slot.item = scheduler + index * schedulers;
        slot.text = wordFits ? tr("warp %1").arg(slot.item) : QString::number(slot.item);
        slot.fontScale = kNoteScale;
        addItem(scene, slot);
    }
    const int slotRows = (slotCount + kSlotsPerRow - 1) / kSlotsPerRow;
    y += slotRows * (slotHeight + slotGap) - slotGap + gap;

    const int registers = gpu::registersPerScheduler(device);
    HierarchyBox registerFile =
        box(HierarchyPart::RegisterFile, QRectF(innerLeft, y, innerWidth, kBoxLines * line),
            tr("Register file\n%1 × 32 bit = %2")
                .arg(countText(registers), memorySizeText(registers * gpu::kRegisterBytes)));
    registerFile.fontScale = kNoteScale;
    scene.boxes.push_back(registerFile);
    y = registerFile.rect.bottom() + gap;

    const int cores = gpu::fp32CoresPerScheduler(device);
    y = addCaption(scene, tr("%1 FP32 cores").arg(cores), innerLeft, y, innerWidth, font,
                   kNoteScale);
    const double coreGap = 0.15 * line;
    // Small squares: a core is the smallest thing in the SM.
    const double coreSize = std::min(kLargestCoreLines * line,
                                     (innerWidth - (kCoresPerRow - 1) * coreGap) / kCoresPerRow);
    for (int core = 0; core < cores; ++core) {
        scene.boxes.push_back(
            box(HierarchyPart::Core,
                QRectF(innerLeft + (core % kCoresPerRow) * (coreSize + coreGap),
                       y + (core / kCoresPerRow) * (coreSize + coreGap), coreSize, coreSize),
                {}));
    }
    y += ((cores + kCoresPerRow - 1) / kCoresPerRow) * (coreSize + coreGap) - coreGap + gap;

    const int tensorCores = std::max(1, gpu::tensorCoresPerScheduler(device));
    const double tensorWidth = (innerWidth - (tensorCores - 1) * coreGap) / tensorCores;
    for (int index = 0; index < tensorCores; ++index) {
        HierarchyBox tensor = box(
            HierarchyPart::TensorCore,
            QRectF(innerLeft + index * (tensorWidth + coreGap), y, tensorWidth, kBoxLines * line),
            tr("Tensor core"));
        tensor.fontScale = kNoteScale;
        scene.boxes.push_back(tensor);
    }
    y += kBoxLines * line + padding;
    scene.boxes[frameIndex].rect = QRectF(left, top, width, y - top);
    return y - top;
}

}  // namespace

HierarchyScene smScene(const gpu::DeviceModel& device, int sm, double width, const QFont& font) {
    HierarchyScene scene;
    const double line = QFontMetricsF(font).height();
    const double padding = kPaddingLines * line;
    const double gap = kGapLines * line;
    const std::size_t frameIndex = scene.boxes.size();
    HierarchyBox frame = box(HierarchyPart::SmFrame, {}, {});
    frame.colour = sm;
    scene.boxes.push_back(frame);

    const double innerLeft = padding;
    const double innerWidth = width - 2 * padding;
    double y = addCaption(scene,
                          tr("SM %1 (in GPC %2): up to %3 warps (%4 threads) in %5 blocks at once")
                              .arg(sm)
                              .arg(gpu::gpcOfSm(device, sm))
                              .arg(device.maxWarpsPerSm)
                              .arg(countText(device.maxThreadsPerSm))
                              .arg(device.maxBlocksPerSm),
                          innerLeft, padding, innerWidth, font, 1.0, true);
    y += 0.4 * line;

    const int schedulers = std::max(1, device.warpSchedulersPerSm);
    const int perRow =
        (innerWidth - (schedulers - 1) * gap) / schedulers >= kSmallestPartitionLines * line
            ? schedulers
            : std::min(schedulers, 2);
    const double partitionWidth = (innerWidth - (perRow - 1) * gap) / perRow;
    double rowHeight = 0;
    for (int scheduler = 0; scheduler < schedulers; ++scheduler) {
        if (scheduler > 0 && scheduler % perRow == 0) {
            y += rowHeight + gap;
            rowHeight = 0;
        }
        const double left = innerLeft + (scheduler % perRow) * (partitionWidth + gap);
        rowHeight = std::max(rowHeight,
                             addPartition(scene, device, scheduler, left, y, partitionWidth, font));
    }
    y += rowHeight + gap;
    fitLabels(scene, HierarchyPart::WarpSlot, font);

    HierarchyBox shared =
        box(HierarchyPart::SharedMemory, QRectF(innerLeft, y, innerWidth, kBoxLines * line),
            tr("L1 data cache and shared memory: up to %1 of shared memory for the SM's blocks")
                .arg(memorySizeText(device.sharedMemoryPerSmBytes)));
    scene.boxes.push_back(shared);
    y = shared.rect.bottom() + padding;
    scene.boxes[frameIndex].rect = QRectF(0, 0, width, y);
    y += 0.4 * line;
    scene.height = addCaption(
        scene,
        tr("Below every SM: the L2 cache (%1) and the %2 memory (%3, %4).")
            .arg(memorySizeText(device.l2CacheBytes), QString::fromStdString(device.memoryType),
                 memorySizeText(device.memoryBytes),
                 memoryBandwidthText(device.memoryBandwidthGBps)),
        0, y, width, font, kNoteScale);
    return scene;
}

HierarchyScene warpScene(const gpu::DeviceModel& device, int warp, double width,
                         const QFont& font) {
    HierarchyScene scene;
    const double line = QFontMetricsF(font).height();
    const int scheduler = gpu::schedulerOfWarp(device, warp);
    const int cores = gpu::fp32CoresPerScheduler(device);
    const int cycles = gpu::cyclesPerWarpInstruction(device);
    const int lanes = std::max(1, device.warpSize);
    double y = addCaption(
        scene,
        tr("On warp scheduler %1: %2 threads (lanes) that run one instruction together, each "
           "on its own data (SIMT).")
            .arg(scheduler)
            .arg(lanes),
        0, 0, width, font, 1.0, true);
    y += 0.5 * line;

    // Lanes a row: all 32 where each stays wide enough to read, else 16 or 8.
    const double laneGap = 0.15 * line;
    int perRow = lanes;
    while (perRow > 8 && (width - (perRow - 1) * laneGap) / perRow < kSmallestLaneLines * line) {
        perRow /= 2;
    }
    const double laneWidth = (width - (perRow - 1) * laneGap) / perRow;
    const double laneHeight = kLaneLines * line;
    for (int rowStart = 0; rowStart < lanes; rowStart += perRow) {
        for (int lane = rowStart; lane < std::min(lanes, rowStart + perRow); ++lane) {
            const double left = (lane - rowStart) * (laneWidth + laneGap);
            HierarchyBox laneBox = box(HierarchyPart::Lane, QRectF(left, y, laneWidth, laneHeight),
                                       QString::number(lane));
            laneBox.item = lane;
            addItem(scene, laneBox);
            scene.boxes.push_back(
                box(HierarchyPart::Link,
                    QRectF(left + laneWidth / 2, y + laneHeight, 0, kLinkLines * line), {}));
            HierarchyBox core =
                box(HierarchyPart::Core,
                    QRectF(left, y + laneHeight + kLinkLines * line, laneWidth, laneHeight * 0.8),
                    QString::number(gpu::coreOfLane(device, lane)));
            core.fontScale = kNoteScale;
            scene.boxes.push_back(core);
        }
        y += laneHeight * 1.8 + kLinkLines * line + 0.6 * line;
    }
    fitLabels(scene, HierarchyPart::Lane, font);
    fitLabels(scene, HierarchyPart::Core, font);
    const QString timing =
        cycles <= 1
            ? tr("Top: the lanes. Below each: the FP32 core of scheduler %1 that runs it. %2 "
                 "cores for %3 lanes: one warp instruction a clock.")
                  .arg(scheduler)
                  .arg(cores)
                  .arg(lanes)
            : tr("Top: the lanes. Below each: the FP32 core of scheduler %1 that runs it. Only "
                 "%2 cores for %3 lanes: a warp instruction takes %4 clocks, %2 lanes at a "
                 "time.")
                  .arg(scheduler)
                  .arg(cores)
                  .arg(lanes)
                  .arg(cycles);
    y = addCaption(scene, timing, 0, y, width, font);
    y += 0.3 * line;
    scene.height = addCaption(
        scene,
        tr("In a block, warp k holds the threads with linear ids 32k to 32k + 31. Each thread "
           "keeps its own registers in the scheduler's register file (up to %1 a thread).")
            .arg(device.maxRegistersPerThread),
        0, y, width, font, kNoteScale);
    return scene;
}

}  // namespace mlsyslab::widgets
