#include "gpu/CoalescingControls.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <array>

#include "gpu/CoalescingText.h"

namespace mlsyslab::widgets {

namespace {

using gpu::CoalescingPattern;
using Kind = gpu::CoalescingPatternKind;
using gpu::kElementSizes;
using gpu::kWarpLanes;

QSpinBox* newSpinBox(QWidget* parent, const char* name, int minimum, int maximum) {
    auto* box = new QSpinBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setRange(minimum, maximum);
    box->setKeyboardTracking(false);  // typing "-12" is one change, not three
    return box;
}

QLabel* newBuddyLabel(const QString& text, QWidget* buddy, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

}  // namespace

CoalescingControls::CoalescingControls(const CoalescingPattern& initial, QWidget* parent)
    : QWidget(parent), pattern_(initial), lessonAddresses_(initial.addresses) {
    patternChooser_ = new QComboBox(this);
    patternChooser_->setObjectName(QStringLiteral("patternChooser"));
    for (int kind = int(Kind::Sequential); kind <= int(Kind::Addresses); ++kind) {
        if (Kind(kind) == Kind::Addresses && lessonAddresses_.empty()) continue;
        patternChooser_->addItem(CoalescingText::patternTitle(Kind(kind)), kind);
    }
    patternChooser_->setToolTip(tr("Named access patterns of one warp"));
    elementSizeChooser_ = new QComboBox(this);
    elementSizeChooser_->setObjectName(QStringLiteral("elementSizeChooser"));
    for (const int bytes : kElementSizes) {
        elementSizeChooser_->addItem(CoalescingText::elementSize(bytes), bytes);
    }
    elementSizeChooser_->setToolTip(tr("The bytes each lane reads"));
    strideBox_ = newSpinBox(this, "strideBox", int(gpu::kLeastCoalescingStride),
                            int(gpu::kMostCoalescingStride));
    strideBox_->setToolTip(
        tr("Elements between neighbouring lanes' elements (negative: "
           "backwards, 0: every lane the same)"));
    offsetBox_ = newSpinBox(this, "offsetBox", 0, int(gpu::kMostCoalescingOffset));
    offsetBox_->setToolTip(tr("The element lane 0 reads"));
    rowLengthBox_ = newSpinBox(this, "rowLengthBox", 1, int(gpu::kMostRowLength));
    rowLengthBox_->setToolTip(tr("Elements per row of the row-major tile"));
    shuffleButton_ = new QPushButton(tr("New shuffle"), this);
    shuffleButton_->setObjectName(QStringLiteral("shuffleButton"));
    lanesBox_ = newSpinBox(this, "lanesBox", 1, kWarpLanes);
    lanesBox_->setToolTip(
        tr("Lanes taking part: fewer in the last warp of a block whose size is "
           "not a multiple of 32"));

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* first = new QHBoxLayout;
    first->addWidget(newBuddyLabel(tr("Pattern:"), patternChooser_, this));
    first->addWidget(patternChooser_);
    rowLengthLabel_ = newBuddyLabel(tr("Row length:"), rowLengthBox_, this);
    first->addSpacing(fontMetrics().height());
    first->addWidget(rowLengthLabel_);
    first->addWidget(rowLengthBox_);
    first->addWidget(shuffleButton_);
    first->addStretch(1);
    auto* second = new QHBoxLayout;
    second->addWidget(newBuddyLabel(tr("Element:"), elementSizeChooser_, this));
    second->addWidget(elementSizeChooser_);
    for (const auto& [text, box] :
         {std::pair{tr("Stride:"), strideBox_}, std::pair{tr("Offset:"), offsetBox_},
          std::pair{tr("Active lanes:"), lanesBox_}}) {
        second->addSpacing(fontMetrics().height());
        second->addWidget(newBuddyLabel(text, box, this));
        second->addWidget(box);
    }
    second->addStretch(1);
    layout->addLayout(first, 0, 0);
    layout->addLayout(second, 1, 0);

    connect(patternChooser_, &QComboBox::currentIndexChanged, this,
            &CoalescingControls::choosePattern);
    connect(elementSizeChooser_, &QComboBox::currentIndexChanged, this,
            &CoalescingControls::chooseElementSize);
    connect(strideBox_, &QSpinBox::valueChanged, this, &CoalescingControls::editStrideOrOffset);
    connect(offsetBox_, &QSpinBox::valueChanged, this, &CoalescingControls::editStrideOrOffset);
    connect(rowLengthBox_, &QSpinBox::valueChanged, this, &CoalescingControls::editRowLength);
    connect(lanesBox_, &QSpinBox::valueChanged, this, &CoalescingControls::editLanes);
    connect(shuffleButton_, &QPushButton::clicked, this, &CoalescingControls::shuffle);
    showPattern();
}

void CoalescingControls::choosePattern(int index) {
    const auto kind = Kind(patternChooser_->itemData(index).toInt());
    if (kind == Kind::Custom) {
        // Custom starts from what the preset before it amounted to.
        const auto strided = gpu::strideAndOffsetOf(pattern_);
        if (strided) {
            pattern_.stride = strided->stride;
            pattern_.offset = strided->offset;
        }
    }
    if (kind == Kind::Addresses) {
        pattern_.addresses = lessonAddresses_;
        pattern_.lanes = int(lessonAddresses_.size());
    } else if (pattern_.kind == Kind::Addresses) {
        pattern_.lanes = kWarpLanes;
    }
    pattern_.kind = kind;
    showPattern();
    emit patternEdited();
}

void CoalescingControls::chooseElementSize(int index) {
    pattern_.elementBytes = elementSizeChooser_->itemData(index).toInt();
    emit patternEdited();
}

void CoalescingControls::editStrideOrOffset() {
    // The stride and offset of a preset changed by hand: it is a custom pattern now.
    pattern_.kind = Kind::Custom;
    pattern_.stride = strideBox_->value();
    pattern_.offset = offsetBox_->value();
    showPattern();
    emit patternEdited();
}

void CoalescingControls::editRowLength(int rowLength) {
    pattern_.rowLength = rowLength;
    showPattern();
    emit patternEdited();
}

void CoalescingControls::editLanes(int lanes) {
    pattern_.lanes = lanes;
    showPattern();  // the reversed preset's offset follows the lanes
    emit patternEdited();
}

void CoalescingControls::shuffle() {
    ++pattern_.seed;
    emit patternEdited();
}

void CoalescingControls::showPattern() {
    const QSignalBlocker blockPattern(patternChooser_);
    const QSignalBlocker blockSize(elementSizeChooser_);
    const QSignalBlocker blockStride(strideBox_);
    const QSignalBlocker blockOffset(offsetBox_);
    const QSignalBlocker blockRow(rowLengthBox_);
    const QSignalBlocker blockLanes(lanesBox_);
    patternChooser_->setCurrentIndex(patternChooser_->findData(int(pattern_.kind)));
    elementSizeChooser_->setCurrentIndex(elementSizeChooser_->findData(pattern_.elementBytes));
    const auto strided = gpu::strideAndOffsetOf(pattern_);
    strideBox_->setEnabled(strided.has_value());
    offsetBox_->setEnabled(strided.has_value());
    if (strided) {
        strideBox_->setValue(int(strided->stride));
        offsetBox_->setValue(int(strided->offset));
    }
    const bool column = pattern_.kind == Kind::Column;
    rowLengthLabel_->setVisible(column);
    rowLengthBox_->setVisible(column);
    rowLengthBox_->setValue(int(pattern_.rowLength));
    shuffleButton_->setVisible(pattern_.kind == Kind::Permutation);
    lanesBox_->setEnabled(pattern_.kind != Kind::Addresses);
    lanesBox_->setValue(pattern_.lanes);
}

}  // namespace mlsyslab::widgets
