#include "gpu/HierarchyScene.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"
#include "gpu/DeviceHierarchy.h"
#include "gpu/GpuDeviceText.h"

namespace mlsyslab::widgets {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("mlsyslab::widgets::GpuHierarchyWidget", text);
}

// Sizes in line heights.
constexpr double kGpcGapLines = 0.6;
constexpr double kGpcPaddingLines = 0.35;
constexpr double kGpcHeadingLines = 1.3;
constexpr double kSmGapLines = 0.2;
constexpr double kSmAspect = 0.7;         // an SM box's height over its width
constexpr double kSmallestSmLines = 1.6;  // narrower, and the GPCs go fewer to a row
constexpr double kSmallestSmHeightLines = 1.3;
constexpr double kMemoryBarLines = 2.2;
constexpr double kSectionGapLines = 0.7;
constexpr double kNoteScale = 0.85;

// Columns of SMs in a GPC: two rows for up to 12 SMs, three above.
int smColumnsFor(int smsInGpc) {
    const int rows = smsInGpc > 12 ? 3 : 2;
    return std::max(1, (smsInGpc + rows - 1) / rows);
}

}  // namespace

void addItem(HierarchyScene& scene, HierarchyBox box) {
    const auto item = static_cast<std::size_t>(box.item);
    if (scene.itemBoxes.size() <= item) scene.itemBoxes.resize(item + 1);
    scene.itemBoxes[item] = scene.boxes.size();
    scene.boxes.push_back(std::move(box));
}

void fitLabels(HierarchyScene& scene, HierarchyPart part, const QFont& font) {
    // The painter leaves a fifth of a line on each side of a label.
    const double padding = 2 * QFontMetricsF(font).height() / 5;
    double scale = 1;
    for (const HierarchyBox& box : scene.boxes) {
        if (box.part != part || box.text.isEmpty()) continue;
        const double natural =
            QFontMetricsF(scaledFont(font, box.fontScale)).horizontalAdvance(box.text);
        if (natural > 0) scale = std::min(scale, (box.rect.width() - padding) / natural);
    }
    scale = std::max(scale, 2.0 / 3);
    for (HierarchyBox& box : scene.boxes) {
        if (box.part == part) box.fontScale *= scale;
    }
}

double addCaption(HierarchyScene& scene, const QString& text, double left, double top, double width,
                  const QFont& font, double fontScale, bool bold) {
    QFont captionFont = scaledFont(font, fontScale);
    captionFont.setBold(bold);
    const QRectF bounds =
        QFontMetricsF(captionFont)
            .boundingRect(QRectF(0, 0, std::max(1.0, width), 1e6), Qt::TextWordWrap, text);
    HierarchyBox caption;
    caption.part = HierarchyPart::Caption;
    caption.rect = QRectF(left, top, width, std::ceil(bounds.height()));
    caption.text = text;
    caption.alignment = Qt::AlignLeft | Qt::AlignTop;
    caption.fontScale = fontScale;
    caption.bold = bold;
    scene.boxes.push_back(caption);
    return caption.rect.bottom();
}

HierarchyScene gpuScene(const gpu::DeviceModel& device, double width, const QFont& font) {
    HierarchyScene scene;
    const double line = QFontMetricsF(font).height();
    const std::vector<int> perGpc = gpu::smsPerGpc(device);
    const int gpcs = static_cast<int>(perGpc.size());
    const int largestGpc = *std::max_element(perGpc.begin(), perGpc.end());
    const int smColumns = smColumnsFor(largestGpc);
    const int smRows = std::max(1, (largestGpc + smColumns - 1) / smColumns);
    const double gpcGap = kGpcGapLines * line;
    const double padding = kGpcPaddingLines * line;
    const double smGap = kSmGapLines * line;

    // As many GPCs a row as keep an SM box wide enough to read its number (at most 4).
    int gpcColumns = std::min(gpcs, gpcs <= 4 ? gpcs : gpcs <= 6 ? 3 : 4);
    double smWidth = 0;
    for (; gpcColumns >= 1; --gpcColumns) {
        const double gpcWidth = (width - (gpcColumns - 1) * gpcGap) / gpcColumns;
        smWidth = (gpcWidth - 2 * padding - (smColumns - 1) * smGap) / smColumns;
        if (smWidth >= kSmallestSmLines * line || gpcColumns == 1) break;
    }
    gpcColumns = std::max(gpcColumns, 1);
    const double gpcWidth = (width - (gpcColumns - 1) * gpcGap) / gpcColumns;
    const double smHeight = std::max(kSmallestSmHeightLines * line, smWidth * kSmAspect);
    const double heading = kGpcHeadingLines * line;
    const double gpcHeight = heading + smRows * smHeight + (smRows - 1) * smGap + padding;

    for (int gpc = 0; gpc < gpcs; ++gpc) {
        const double left = (gpc % gpcColumns) * (gpcWidth + gpcGap);
        const double top = (gpc / gpcColumns) * (gpcHeight + gpcGap);
        HierarchyBox frame;
        frame.part = HierarchyPart::Gpc;
        frame.rect = QRectF(left, top, gpcWidth, gpcHeight);
        frame.text = tr("GPC %1").arg(gpc);
        frame.alignment = Qt::AlignLeft | Qt::AlignTop;
        frame.bold = true;
        scene.boxes.push_back(frame);
        const int firstSm = gpu::firstSmOfGpc(device, gpc);
        for (int index = 0; index < perGpc[static_cast<std::size_t>(gpc)]; ++index) {
            HierarchyBox sm;
            sm.part = HierarchyPart::Sm;
            sm.item = firstSm + index;
            sm.colour = sm.item;
            sm.text = QString::number(sm.item);
            sm.rect =
                QRectF(left + padding + (index % smColumns) * (smWidth + smGap),
                       top + heading + (index / smColumns) * (smHeight + smGap), smWidth, smHeight);
            addItem(scene, sm);
        }
    }
    fitLabels(scene, HierarchyPart::Sm, font);
    const int gpcRows = (gpcs + gpcColumns - 1) / gpcColumns;
    double top = gpcRows * (gpcHeight + gpcGap) - gpcGap + kSectionGapLines * line;

    HierarchyBox l2;
    l2.part = HierarchyPart::L2;
    l2.rect = QRectF(0, top, width, kMemoryBarLines * line);
    l2.text = tr("L2 cache: %1, shared by all %2 SMs")
                  .arg(memorySizeText(device.l2CacheBytes), countText(device.smCount));
    scene.boxes.push_back(l2);
    top = l2.rect.bottom() + kSectionGapLines * line;
    HierarchyBox memory;
    memory.part = HierarchyPart::Memory;
    memory.rect = QRectF(0, top, width, kMemoryBarLines * line);
    memory.text =
        tr("Memory: %1 %2, %3 to the L2")
            .arg(memorySizeText(device.memoryBytes), QString::fromStdString(device.memoryType),
                 memoryBandwidthText(device.memoryBandwidthGBps));
    scene.boxes.push_back(memory);
    top = memory.rect.bottom() + kSectionGapLines * line;
    scene.height = addCaption(
        scene,
        tr("NVIDIA publishes how many SMs a product enables, not which: the drawing deals them "
           "out evenly over the GPCs."),
        0, top, width, font, kNoteScale);
    return scene;
}

}  // namespace mlsyslab::widgets
