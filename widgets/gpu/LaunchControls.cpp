#include "gpu/LaunchControls.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

#include "gpu/DeviceYaml.h"
#include "gpu/GpuDeviceText.h"

namespace mlsyslab::widgets {

namespace {

QSpinBox* newSpinBox(QWidget* parent, const char* name, std::int64_t maximum,
                     const QString& toolTip) {
    auto* box = new QSpinBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setRange(1, int(maximum));
    box->setToolTip(toolTip);
    box->setAccelerated(true);
    return box;
}

// "[a] × [b]", and anything after it, in one cell of the grid.
QWidget* pairOf(QWidget* parent, QSpinBox* first, QSpinBox* second, QWidget* after = nullptr) {
    auto* pair = new QWidget(parent);
    auto* layout = new QHBoxLayout(pair);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(first);
    layout->addWidget(new QLabel(QStringLiteral("×"), pair));
    layout->addWidget(second);
    if (after != nullptr) layout->addWidget(after);
    layout->addStretch();
    return pair;
}

}  // namespace

LaunchControls::LaunchControls(QWidget* parent)
    : QWidget(parent),
      device_(new QComboBox(this)),
      columns_(newSpinBox(this, "nx", lesson::kinds::kLaunchMaxMatrixSide,
                          tr("Nx: the matrix's columns"))),
      rows_(
          newSpinBox(this, "ny", lesson::kinds::kLaunchMaxMatrixSide, tr("Ny: the matrix's rows"))),
      blockX_(newSpinBox(this, "blockX", lesson::kinds::kCudaMaxBlockSide,
                         tr("threadsPerBlock.x: threads across a block"))),
      blockY_(newSpinBox(this, "blockY", lesson::kinds::kCudaMaxBlockSide,
                         tr("threadsPerBlock.y: threads down a block"))),
      coverMatrix_(new QCheckBox(tr("covers the matrix"), this)),
      gridX_(newSpinBox(this, "gridX", lesson::kinds::kCudaMaxGridX,
                        tr("numBlocks.x: blocks across the grid"))),
      gridY_(newSpinBox(this, "gridY", lesson::kinds::kCudaMaxGridY,
                        tr("numBlocks.y: blocks down the grid"))) {
    device_->setObjectName(QStringLiteral("device"));
    for (const gpu::DeviceModel& device : gpu::builtinDevices()) {
        device_->addItem(shortDeviceName(device), QString::fromStdString(device.id));
    }
    device_->setToolTip(tr("The GPU the blocks run on: its SMs and how many blocks each holds"));
    coverMatrix_->setObjectName(QStringLiteral("coverMatrix"));
    coverMatrix_->setToolTip(
        tr("numBlocks = ((Nx + bx - 1) / bx, (Ny + by - 1) / by): just enough blocks for every "
           "element to have a thread"));

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    const auto label = [this](const QString& text) { return new QLabel(text, this); };
    layout->addWidget(label(tr("Device")), 0, 0);
    layout->addWidget(device_, 0, 1);
    layout->addWidget(label(tr("Matrix Nx × Ny")), 0, 2);
    layout->addWidget(pairOf(this, columns_, rows_), 0, 3);
    layout->addWidget(label(tr("threadsPerBlock")), 1, 0);
    layout->addWidget(pairOf(this, blockX_, blockY_), 1, 1);
    layout->addWidget(label(tr("numBlocks")), 1, 2);
    layout->addWidget(pairOf(this, gridX_, gridY_, coverMatrix_), 1, 3);
    layout->setColumnStretch(4, 1);

    connect(device_, &QComboBox::currentIndexChanged, this, &LaunchControls::knobChanged);
    for (QSpinBox* box : {columns_, rows_, blockX_, blockY_, gridX_, gridY_}) {
        connect(box, &QSpinBox::valueChanged, this, &LaunchControls::knobChanged);
    }
    connect(coverMatrix_, &QCheckBox::toggled, this, &LaunchControls::knobChanged);
}

void LaunchControls::setState(const lesson::kinds::CudaLaunchState& state) {
    updating_ = true;
    const int index = device_->findData(QString::fromStdString(state.device));
    if (index >= 0) device_->setCurrentIndex(index);
    columns_->setValue(int(state.matrixColumns));
    rows_->setValue(int(state.matrixRows));
    blockX_->setValue(state.block.x);
    blockY_->setValue(state.block.y);
    coverMatrix_->setChecked(!state.grid.has_value());
    const gpu::Dim3 grid = lesson::kinds::launchGrid(state);
    gridX_->setValue(grid.x);
    gridY_->setValue(grid.y);
    gridX_->setEnabled(state.grid.has_value());
    gridY_->setEnabled(state.grid.has_value());
    updating_ = false;
}

lesson::kinds::CudaLaunchState LaunchControls::state() const {
    lesson::kinds::CudaLaunchState state;
    state.device = device_->currentData().toString().toStdString();
    state.matrixColumns = columns_->value();
    state.matrixRows = rows_->value();
    state.block = gpu::Dim3{blockX_->value(), blockY_->value(), 1};
    if (!coverMatrix_->isChecked()) state.grid = gpu::Dim3{gridX_->value(), gridY_->value(), 1};
    return state;
}

void LaunchControls::showCoveringGrid() {
    // The grid boxes show the grid the launch uses; with "covers the matrix" they follow.
    updating_ = true;
    const gpu::Dim3 grid = lesson::kinds::launchGrid(state());
    gridX_->setValue(grid.x);
    gridY_->setValue(grid.y);
    gridX_->setEnabled(!coverMatrix_->isChecked());
    gridY_->setEnabled(!coverMatrix_->isChecked());
    updating_ = false;
}

void LaunchControls::knobChanged() {
    if (updating_) return;
    showCoveringGrid();
    emit launchChanged();
}

}  // namespace mlsyslab::widgets
