#include "gpu/OccupancyControls.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

#include "gpu/DeviceYaml.h"
#include "gpu/GpuDeviceText.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::OccupancyState;

QSpinBox* newSpinBox(QWidget* parent, const char* name, int minimum, int maximum, int step) {
    auto* box = new QSpinBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setRange(minimum, maximum);
    box->setSingleStep(step);
    box->setKeyboardTracking(false);  // typing "256" is one change, not three
    return box;
}

}  // namespace

OccupancyControls::OccupancyControls(const OccupancyState& initial, QWidget* parent)
    : QWidget(parent), state_(initial) {
    deviceChooser_ = new QComboBox(this);
    deviceChooser_->setObjectName(QStringLiteral("deviceChooser"));
    for (const gpu::DeviceModel& device : gpu::builtinDevices()) {
        deviceChooser_->addItem(shortDeviceName(device), QString::fromStdString(device.id));
    }
    // A warp at a time: the calculator's curve moves in steps of 32 threads.
    blockSizeBox_ = newSpinBox(this, "blockSizeBox", 0, lesson::kinds::kMostOccupancyBlockSize, 32);
    blockSizeBox_->setToolTip(tr("Threads per block (blockDim.x × blockDim.y × blockDim.z)"));
    registersBox_ = newSpinBox(this, "registersBox", 0, lesson::kinds::kMostOccupancyRegisters, 1);
    registersBox_->setToolTip(
        tr("Registers per thread, as the compiler reports them (nvcc --resource-usage)"));
    sharedMemoryBox_ =
        newSpinBox(this, "sharedMemoryBox", 0, int(lesson::kinds::kMostOccupancySharedBytes), 1024);
    sharedMemoryBox_->setSuffix(tr(" bytes"));
    sharedMemoryBox_->setToolTip(
        tr("Dynamic shared memory per block, the third launch "
           "parameter: kernel<<<grid, block, bytes>>>"));

    // Two fields a row, so that the labels read in full in a narrow lesson column too.
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setHorizontalSpacing(fontMetrics().height() / 2);
    const std::pair<QString, QWidget*> fields[] = {
        {tr("Device:"), deviceChooser_},
        {tr("Threads per block:"), blockSizeBox_},
        {tr("Registers per thread:"), registersBox_},
        {tr("Shared memory per block:"), sharedMemoryBox_}};
    for (int index = 0; index < 4; ++index) {
        const auto& [text, field] = fields[index];
        auto* label = new QLabel(text, this);
        label->setBuddy(field);
        const int row = index / 2;
        const int column = (index % 2) * 3;
        layout->addWidget(label, row, column);
        layout->addWidget(field, row, column + 1);
    }
    layout->setColumnMinimumWidth(2, fontMetrics().height());
    layout->setColumnStretch(5, 1);

    connect(deviceChooser_, &QComboBox::currentIndexChanged, this, [this](int index) {
        state_.device = deviceChooser_->itemData(index).toString().toStdString();
        emit edited();
    });
    connect(blockSizeBox_, &QSpinBox::valueChanged, this, [this](int threads) {
        state_.blockSize = threads;
        emit edited();
    });
    connect(registersBox_, &QSpinBox::valueChanged, this, [this](int registers) {
        state_.registersPerThread = registers;
        emit edited();
    });
    connect(sharedMemoryBox_, &QSpinBox::valueChanged, this, [this](int bytes) {
        state_.sharedBytesPerBlock = bytes;
        emit edited();
    });
    showState();
}

void OccupancyControls::setBlockSize(int threads) { blockSizeBox_->setValue(threads); }

void OccupancyControls::setRegisters(int registers) { registersBox_->setValue(registers); }

void OccupancyControls::setSharedBytes(int bytes) { sharedMemoryBox_->setValue(bytes); }

void OccupancyControls::showState() {
    const QSignalBlocker blockDevice(deviceChooser_);
    const QSignalBlocker blockThreads(blockSizeBox_);
    const QSignalBlocker blockRegisters(registersBox_);
    const QSignalBlocker blockShared(sharedMemoryBox_);
    deviceChooser_->setCurrentIndex(
        std::max(0, deviceChooser_->findData(QString::fromStdString(state_.device))));
    state_.device = deviceChooser_->currentData().toString().toStdString();
    blockSizeBox_->setValue(state_.blockSize);
    registersBox_->setValue(state_.registersPerThread);
    sharedMemoryBox_->setValue(int(state_.sharedBytesPerBlock));
}

}  // namespace mlsyslab::widgets
