#include "gpu/GpuHierarchyWidget.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "common/SimWidgetRegistry.h"
#include "gpu/DeviceHierarchy.h"
#include "gpu/DeviceYaml.h"
#include "gpu/GpuDeviceText.h"
#include "gpu/HierarchyView.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::GpuHierarchyState;
using lesson::kinds::HierarchyZoom;

QPushButton* newButton(QWidget* parent, const char* name, const QString& text,
                       const QString& toolTip) {
    auto* button = new QPushButton(text, parent);
    button->setObjectName(QLatin1String(name));
    button->setToolTip(toolTip);
    // Clicking leaves the keyboard with the drawing, not with the button.
    button->setFocusPolicy(Qt::NoFocus);
    return button;
}

QLabel* newLabel(QWidget* parent, const char* name) {
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(name));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

}  // namespace

struct GpuHierarchyWidget::Parts {
    gpu::DeviceModel device;
    QComboBox* deviceChooser = nullptr;
    QPushButton* back = nullptr;
    QPushButton* crumbGpu = nullptr;
    QLabel* crumbSeparatorSm = nullptr;
    QPushButton* crumbSm = nullptr;
    QLabel* crumbSeparatorWarp = nullptr;
    QPushButton* crumbWarp = nullptr;
    QPushButton* zoomOut = nullptr;
    QPushButton* zoomIn = nullptr;
    QLabel* caption = nullptr;
    HierarchyView* view = nullptr;
    QLabel* selection = nullptr;
};

GpuHierarchyWidget::GpuHierarchyWidget(const GpuHierarchyState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& parts = *parts_;
    parts.device = lesson::kinds::gpuDeviceOrDefault(initial.device);
    auto* layout = new QVBoxLayout(this);

    auto* bar = new QHBoxLayout;
    parts.deviceChooser = new QComboBox(this);
    parts.deviceChooser->setObjectName(QStringLiteral("device"));
    parts.deviceChooser->setToolTip(tr("The GPU drawn, with the numbers of its device file"));
    for (const gpu::DeviceModel& device : gpu::builtinDevices()) {
        parts.deviceChooser->addItem(shortDeviceName(device), QString::fromStdString(device.id));
    }
    parts.deviceChooser->setCurrentIndex(
        parts.deviceChooser->findData(QString::fromStdString(parts.device.id)));
    parts.back = newButton(this, "backButton", tr("◀ Back"), tr("Zoom out one level (−)"));
    parts.crumbGpu = newButton(this, "crumbGpu", {}, tr("The whole GPU"));
    parts.crumbSm = newButton(this, "crumbSm", {}, tr("The SM"));
    parts.crumbWarp = newButton(this, "crumbWarp", {}, tr("The warp"));
    for (QPushButton* crumb : {parts.crumbGpu, parts.crumbSm, parts.crumbWarp}) {
        crumb->setFlat(true);
    }
    parts.crumbSeparatorSm = new QLabel(QStringLiteral("›"), this);
    parts.crumbSeparatorWarp = new QLabel(QStringLiteral("›"), this);
    parts.zoomOut = newButton(this, "zoomOutButton", QStringLiteral("−"), tr("Zoom out (−)"));
    parts.zoomIn =
        newButton(this, "zoomInButton", QStringLiteral("+"), tr("Zoom into the selected item (+)"));
    bar->addWidget(parts.deviceChooser);
    bar->addSpacing(fontMetrics().height());
    bar->addWidget(parts.back);
    bar->addWidget(parts.crumbGpu);
    bar->addWidget(parts.crumbSeparatorSm);
    bar->addWidget(parts.crumbSm);
    bar->addWidget(parts.crumbSeparatorWarp);
    bar->addWidget(parts.crumbWarp);
    bar->addStretch(1);
    bar->addWidget(parts.zoomOut);
    bar->addWidget(parts.zoomIn);
    layout->addLayout(bar);

    parts.caption = newLabel(this, "caption");
    layout->addWidget(parts.caption);
    parts.view = new HierarchyView(this);
    parts.view->setObjectName(QStringLiteral("hierarchyView"));
    parts.view->setDevice(parts.device);
    layout->addWidget(parts.view);
    parts.selection = newLabel(this, "selection");
    layout->addWidget(parts.selection);
    layout->addStretch(1);

    connect(parts.deviceChooser, &QComboBox::currentIndexChanged, this,
            &GpuHierarchyWidget::deviceChosen);
    connect(parts.back, &QPushButton::clicked, this, &GpuHierarchyWidget::zoomOut);
    connect(parts.zoomOut, &QPushButton::clicked, this, &GpuHierarchyWidget::zoomOut);
    connect(parts.zoomIn, &QPushButton::clicked, this,
            [this] { zoomInto(parts_->view->selected()); });
    connect(parts.crumbGpu, &QPushButton::clicked, this, &GpuHierarchyWidget::showGpu);
    connect(parts.crumbSm, &QPushButton::clicked, this, &GpuHierarchyWidget::showSm);
    connect(parts.view, &HierarchyView::zoomInRequested, this, &GpuHierarchyWidget::zoomInto);
    connect(parts.view, &HierarchyView::zoomOutRequested, this, &GpuHierarchyWidget::zoomOut);
    connect(parts.view, &HierarchyView::selectionChanged, this, &GpuHierarchyWidget::showSelection);

    const int sm = std::clamp(initial.sm, 0, std::max(0, parts.device.smCount - 1));
    const int warp = std::clamp(initial.warp, 0, std::max(0, parts.device.maxWarpsPerSm - 1));
    parts.view->setLevel(initial.zoom, sm, warp);
    // Opening on a level selects what it was opened from, so Back and + retrace the steps.
    parts.view->setSelected(initial.zoom == HierarchyZoom::Gpu  ? sm
                            : initial.zoom == HierarchyZoom::Sm ? warp
                                                                : 0);
    showLevel();
}

GpuHierarchyWidget::~GpuHierarchyWidget() = default;

HierarchyView* GpuHierarchyWidget::view() const { return parts_->view; }

void GpuHierarchyWidget::zoomInto(int item) {
    HierarchyView* view = parts_->view;
    if (item < 0 || item >= view->itemCount()) return;
    switch (view->zoom()) {
        case HierarchyZoom::Gpu:
            view->setLevel(HierarchyZoom::Sm, item, 0);
            view->setSelected(0);
            break;
        case HierarchyZoom::Sm:
            view->setLevel(HierarchyZoom::Warp, view->sm(), item);
            view->setSelected(0);
            break;
        case HierarchyZoom::Warp:
            return;  // the threads are the bottom of the hierarchy
    }
    showLevel();
}

void GpuHierarchyWidget::zoomOut() {
    HierarchyView* view = parts_->view;
    if (view->zoom() == HierarchyZoom::Warp) {
        showSm();
    } else if (view->zoom() == HierarchyZoom::Sm) {
        showGpu();
    }
}

void GpuHierarchyWidget::showGpu() {
    HierarchyView* view = parts_->view;
    const int sm = view->sm();
    view->setLevel(HierarchyZoom::Gpu, sm, view->warp());
    view->setSelected(sm);
    showLevel();
}

void GpuHierarchyWidget::showSm() {
    HierarchyView* view = parts_->view;
    if (view->zoom() == HierarchyZoom::Sm) return;
    const int warp = view->warp();
    view->setLevel(HierarchyZoom::Sm, view->sm(), warp);
    view->setSelected(warp);
    showLevel();
}

void GpuHierarchyWidget::deviceChosen() {
    Parts& parts = *parts_;
    const QString id = parts.deviceChooser->currentData().toString();
    parts.device = lesson::kinds::gpuDeviceOrDefault(id.toStdString());
    HierarchyView* view = parts.view;
    // The same level, with the SM and warp clamped to what the new device has.
    const int sm = std::min(view->sm(), std::max(0, parts.device.smCount - 1));
    const int warp = std::min(view->warp(), std::max(0, parts.device.maxWarpsPerSm - 1));
    view->setDevice(parts.device);
    view->setLevel(view->zoom(), sm, warp);
    view->setSelected(std::min(view->selected(), std::max(0, view->itemCount() - 1)));
    showLevel();
}

void GpuHierarchyWidget::showLevel() {
    Parts& parts = *parts_;
    const gpu::DeviceModel& device = parts.device;
    HierarchyView* view = parts.view;
    const HierarchyZoom zoom = view->zoom();
    const bool inSm = zoom != HierarchyZoom::Gpu;
    const bool inWarp = zoom == HierarchyZoom::Warp;
    parts.crumbGpu->setText(shortDeviceName(device));
    parts.crumbSm->setText(tr("SM %1").arg(view->sm()));
    parts.crumbWarp->setText(tr("warp %1").arg(view->warp()));
    parts.crumbSm->setVisible(inSm);
    parts.crumbSeparatorSm->setVisible(inSm);
    parts.crumbWarp->setVisible(inWarp);
    parts.crumbSeparatorWarp->setVisible(inWarp);
    // The crumb of the level shown is bold; the others zoom out to their level.
    for (QPushButton* crumb : {parts.crumbGpu, parts.crumbSm, parts.crumbWarp}) {
        QFont crumbFont = font();
        crumbFont.setBold(crumb == (inWarp ? parts.crumbWarp
                                    : inSm ? parts.crumbSm
                                           : parts.crumbGpu));
        crumb->setFont(crumbFont);
    }
    parts.back->setEnabled(inSm);
    parts.zoomOut->setEnabled(inSm);
    parts.zoomIn->setEnabled(!inWarp);

    const QString name = QString::fromStdString(device.name);
    switch (zoom) {
        case HierarchyZoom::Gpu:
            parts.caption->setText(
                tr("%1 (%2, compute capability %3.%4): %5 GPCs, %6 SMs, %7 CUDA cores, %8 "
                   "tensor cores. Click an SM to look inside.")
                    .arg(name, QString::fromStdString(device.architecture))
                    .arg(device.computeMajor)
                    .arg(device.computeMinor)
                    .arg(countText(device.gpcCount), countText(device.smCount),
                         countText(device.cudaCores()),
                         countText(std::int64_t{device.smCount} * device.tensorCoresPerSm)));
            break;
        case HierarchyZoom::Sm: {
            const int tensorCores = gpu::tensorCoresPerScheduler(device);
            parts.caption->setText(
                tr("SM %1 of the %2: %3 warp schedulers, each with %4 FP32 cores, %5 and %6 "
                   "registers; %7 CUDA cores in all. Click a warp to see its threads.")
                    .arg(view->sm())
                    .arg(shortDeviceName(device))
                    .arg(device.warpSchedulersPerSm)
                    .arg(gpu::fp32CoresPerScheduler(device))
                    .arg(tensorCores == 1 ? tr("1 tensor core")
                                          : tr("%1 tensor cores").arg(tensorCores))
                    .arg(countText(gpu::registersPerScheduler(device)))
                    .arg(device.fp32CoresPerSm));
            break;
        }
        case HierarchyZoom::Warp:
            parts.caption->setText(
                tr("Warp %1 of SM %2: its %3 threads. At once, the %4 holds at most %5 SMs "
                   "× %6 warps × %3 threads = %7 threads.")
                    .arg(view->warp())
                    .arg(view->sm())
                    .arg(device.warpSize)
                    .arg(shortDeviceName(device))
                    .arg(countText(device.smCount))
                    .arg(device.maxWarpsPerSm)
                    .arg(countText(std::int64_t{device.smCount} * device.maxWarpsPerSm *
                                   device.warpSize)));
            break;
    }
    showSelection();
}

void GpuHierarchyWidget::showSelection() {
    Parts& parts = *parts_;
    const gpu::DeviceModel& device = parts.device;
    HierarchyView* view = parts.view;
    const int item = view->selected();
    switch (view->zoom()) {
        case HierarchyZoom::Gpu:
            parts.selection->setText(tr("Selected: SM %1, in GPC %2. Enter or + looks inside.")
                                         .arg(item)
                                         .arg(gpu::gpcOfSm(device, item)));
            break;
        case HierarchyZoom::Sm:
            parts.selection->setText(
                tr("Selected: warp slot %1, on warp scheduler %2. Enter or + shows its threads; "
                   "− goes back to the GPU.")
                    .arg(item)
                    .arg(gpu::schedulerOfWarp(device, item)));
            break;
        case HierarchyZoom::Warp: {
            const int cycles = gpu::cyclesPerWarpInstruction(device);
            const int cores = std::max(1, gpu::fp32CoresPerScheduler(device));
            const QString clock = cycles > 1
                                      ? tr(", in clock %1 of %2").arg(item / cores + 1).arg(cycles)
                                      : QString();
            parts.selection->setText(
                tr("Selected: lane %1 runs on FP32 core %2 of warp scheduler %3%4. − goes back "
                   "to the SM.")
                    .arg(item)
                    .arg(gpu::coreOfLane(device, item))
                    .arg(gpu::schedulerOfWarp(device, view->warp()))
                    .arg(clock));
            break;
        }
    }
}

namespace {
const SimView kView(lesson::kinds::gpuHierarchyKind, createWidget<GpuHierarchyWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
