#include "gpu/OccupancyWidget.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "common/SimWidgetRegistry.h"
#include "gpu/GpuDeviceText.h"
#include "gpu/OccupancyControls.h"
#include "gpu/OccupancyCurvePlot.h"
#include "gpu/OccupancyCurves.h"
#include "gpu/OccupancyReadouts.h"
#include "gpu/lesson/GpuDeviceField.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::OccupancyState;

}  // namespace

OccupancyWidget::OccupancyWidget(const OccupancyState& initial, QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    controls_ = new OccupancyControls(initial, this);
    controls_->setObjectName(QStringLiteral("controls"));
    controls_->setEnabled(initial.editable);
    layout->addWidget(controls_);
    deviceSummary_ = new QLabel(this);
    deviceSummary_->setObjectName(QStringLiteral("deviceSummary"));
    deviceSummary_->setWordWrap(true);
    deviceSummary_->setTextFormat(Qt::PlainText);
    layout->addWidget(deviceSummary_);
    readouts_ = new OccupancyReadouts(this);
    readouts_->setObjectName(QStringLiteral("readouts"));
    layout->addWidget(readouts_);

    plots_ = new QGridLayout;
    blockSizePlot_ = new OccupancyCurvePlot(tr("threads per block"), this);
    blockSizePlot_->setObjectName(QStringLiteral("blockSizePlot"));
    registersPlot_ = new OccupancyCurvePlot(tr("registers per thread"), this);
    registersPlot_->setObjectName(QStringLiteral("registersPlot"));
    sharedMemoryPlot_ = new OccupancyCurvePlot(tr("shared memory (KB)"), this);
    sharedMemoryPlot_->setObjectName(QStringLiteral("sharedMemoryPlot"));
    layout->addLayout(plots_, 1);
    arrangePlots();

    connect(controls_, &OccupancyControls::edited, this, &OccupancyWidget::recompute);
    // A click on a curve moves the kernel there: a whole warp of threads, a whole register, a
    // whole allocation unit of shared memory.
    connect(blockSizePlot_, &OccupancyCurvePlot::xClicked, this, [this](double threads) {
        const int warp = device_.warpSize;
        controls_->setBlockSize(std::max(warp, int(std::lround(threads / warp)) * warp));
    });
    connect(registersPlot_, &OccupancyCurvePlot::xClicked, this,
            [this](double registers) { controls_->setRegisters(int(std::lround(registers))); });
    connect(sharedMemoryPlot_, &OccupancyCurvePlot::xClicked, this, [this](double kibibytes) {
        const double unit =
            double(std::max<std::int64_t>(1, device_.sharedMemoryAllocationUnitBytes));
        controls_->setSharedBytes(
            int(std::lround(kibibytes * gpu::kBytesPerKibibyte / unit) * unit));
    });
    recompute();
}

void OccupancyWidget::arrangePlots() {
    // Three curves side by side where each gets the width of its axis labels; else as many
    // columns as fit (two, or one above the other), so that no label is cut off.
    const int plotWidth = blockSizePlot_->minimumSizeHint().width();
    const int columns = std::clamp(contentsRect().width() / std::max(1, plotWidth), 1, 3);
    if (columns == plotColumns_) return;
    plotColumns_ = columns;
    OccupancyCurvePlot* const order[] = {blockSizePlot_, registersPlot_, sharedMemoryPlot_};
    for (OccupancyCurvePlot* plot : order) plots_->removeWidget(plot);
    for (int column = 0; column < 3; ++column) plots_->setColumnStretch(column, 0);
    for (int index = 0; index < 3; ++index) {
        plots_->addWidget(order[index], index / columns, index % columns);
    }
    for (int column = 0; column < columns; ++column) plots_->setColumnStretch(column, 1);
}

void OccupancyWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrangePlots();
}

void OccupancyWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange && plots_ != nullptr) arrangePlots();
}

gpu::KernelResources OccupancyWidget::kernel() const {
    const OccupancyState& state = controls_->state();
    gpu::KernelResources kernel;
    kernel.threadsPerBlock = state.blockSize;
    kernel.registersPerThread = state.registersPerThread;
    kernel.dynamicSharedBytesPerBlock = state.sharedBytesPerBlock;
    return kernel;
}

void OccupancyWidget::recompute() {
    device_ = lesson::kinds::gpuDeviceOrDefault(controls_->state().device);
    const gpu::KernelResources resources = kernel();
    result_ = gpu::computeOccupancy(device_, resources);
    deviceSummary_->setText(
        tr("%1 (compute capability %2.%3): per SM at most %4 threads (%5 warps) and %6 blocks, "
           "%7 registers, %8 of shared memory; at most %9 threads per block.")
            .arg(QString::fromStdString(device_.name))
            .arg(device_.computeMajor)
            .arg(device_.computeMinor)
            .arg(countText(device_.maxThreadsPerSm))
            .arg(device_.maxWarpsPerSm)
            .arg(device_.maxBlocksPerSm)
            .arg(countText(device_.registersPerSm))
            .arg(memorySizeText(device_.sharedMemoryPerSmBytes))
            .arg(countText(device_.maxThreadsPerBlock)));
    readouts_->setOccupancy(device_, resources, result_);
    blockSizePlot_->setCurve(gpu::occupancyByBlockSize(device_, resources),
                             resources.threadsPerBlock, result_.occupancyPct);
    registersPlot_->setCurve(gpu::occupancyByRegisters(device_, resources),
                             resources.registersPerThread, result_.occupancyPct);
    sharedMemoryPlot_->setCurve(
        gpu::occupancyBySharedMemory(device_, resources),
        double(resources.dynamicSharedBytesPerBlock) / gpu::kBytesPerKibibyte,
        result_.occupancyPct);
    emit resultChanged();
}

namespace {
const SimView kView(lesson::kinds::occupancyKind, createWidget<OccupancyWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
