#include "memory/TensorOperationBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include "common/DisplayStyle.h"

namespace mlsyslab::widgets {

namespace {

using memory::TensorOperation;

// Slice bounds a student may type: past the ends of a 16-wide dimension, where Python clamps.
constexpr int kSliceBoundLimit = 32;
constexpr int kMostSliceStep = 16;

}  // namespace

TensorOperationBar::TensorOperationBar(QWidget* parent)
    : QWidget(parent),
      transposeButton_(new QPushButton(tr("Transpose"), this)),
      permuteButton_(new QPushButton(tr("Permute"), this)),
      contiguousButton_(new QPushButton(tr(".contiguous()"), this)),
      resetButton_(new QPushButton(tr("Reset tensor"), this)),
      viewEdit_(new QLineEdit(this)),
      viewButton_(new QPushButton(tr("View"), this)),
      sliceDim_(new QSpinBox(this)),
      sliceStart_(new QSpinBox(this)),
      sliceStop_(new QSpinBox(this)),
      sliceStep_(new QSpinBox(this)),
      sliceButton_(new QPushButton(tr("Slice"), this)),
      error_(new QLabel(this)) {
    transposeButton_->setObjectName(QStringLiteral("transposeButton"));
    permuteButton_->setObjectName(QStringLiteral("permuteButton"));
    contiguousButton_->setObjectName(QStringLiteral("contiguousButton"));
    resetButton_->setObjectName(QStringLiteral("resetTensorButton"));
    viewEdit_->setObjectName(QStringLiteral("viewEdit"));
    viewButton_->setObjectName(QStringLiteral("viewButton"));
    sliceDim_->setObjectName(QStringLiteral("sliceDim"));
    sliceStart_->setObjectName(QStringLiteral("sliceStart"));
    sliceStop_->setObjectName(QStringLiteral("sliceStop"));
    sliceStep_->setObjectName(QStringLiteral("sliceStep"));
    sliceButton_->setObjectName(QStringLiteral("sliceButton"));
    error_->setObjectName(QStringLiteral("operationError"));

    transposeButton_->setToolTip(
        tr("t.transpose(-2, -1): swap the last two dimensions' sizes "
           "and strides. No data moves."));
    permuteButton_->setToolTip(tr("t.permute(...): move the last dimension first. No data moves."));
    contiguousButton_->setToolTip(
        tr("t.contiguous(): the tensor itself if it is contiguous, "
           "else a row-major copy in new storage."));
    resetButton_->setToolTip(tr("Back to the tensor the lesson started with."));
    viewEdit_->setPlaceholderText(tr("new shape, e.g. 4, 3 or -1"));
    viewEdit_->setToolTip(
        tr("t.view(shape): the same storage seen with a new shape. It fails "
           "when no strides can give it."));
    viewButton_->setToolTip(viewEdit_->toolTip());
    sliceButton_->setToolTip(
        tr("t[..., start:stop:step]: along one dimension, every step-th "
           "element from start up to (not including) stop."));
    sliceStart_->setRange(-kSliceBoundLimit, kSliceBoundLimit);
    sliceStop_->setRange(-kSliceBoundLimit, kSliceBoundLimit);
    sliceStep_->setRange(1, kMostSliceStep);
    error_->setWordWrap(true);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(transposeButton_);
    buttons->addWidget(permuteButton_);
    buttons->addWidget(contiguousButton_);
    buttons->addWidget(resetButton_);
    buttons->addSpacing(fontMetrics().height());
    auto* viewLabel = new QLabel(tr(".view("), this);
    viewLabel->setBuddy(viewEdit_);
    buttons->addWidget(viewLabel);
    buttons->addWidget(viewEdit_, 1);
    buttons->addWidget(new QLabel(QStringLiteral(")"), this));
    buttons->addWidget(viewButton_);
    layout->addLayout(buttons);

    auto* slicing = new QHBoxLayout;
    const auto labelled = [&](const QString& text, QSpinBox* box) {
        auto* label = new QLabel(text, this);
        label->setBuddy(box);
        slicing->addWidget(label);
        slicing->addWidget(box);
    };
    labelled(tr("Slice along dim"), sliceDim_);
    labelled(tr("start"), sliceStart_);
    labelled(tr("stop"), sliceStop_);
    labelled(tr("step"), sliceStep_);
    slicing->addWidget(sliceButton_);
    slicing->addStretch();
    layout->addLayout(slicing);
    layout->addWidget(error_);

    connect(transposeButton_, &QPushButton::clicked, this,
            [this] { emit operationRequested(TensorOperation::transpose(-2, -1)); });
    connect(permuteButton_, &QPushButton::clicked, this, [this] {
        // (n-1, 0, 1, ..., n-2): the last dimension first, the others keep their order.
        std::vector<std::int64_t> order{static_cast<std::int64_t>(shape_.size()) - 1};
        for (std::size_t dim = 0; dim + 1 < shape_.size(); ++dim) {
            order.push_back(static_cast<std::int64_t>(dim));
        }
        emit operationRequested(TensorOperation::permute(order));
    });
    connect(contiguousButton_, &QPushButton::clicked, this,
            [this] { emit operationRequested(TensorOperation::contiguous()); });
    connect(resetButton_, &QPushButton::clicked, this, &TensorOperationBar::resetRequested);
    connect(viewButton_, &QPushButton::clicked, this, &TensorOperationBar::requestView);
    connect(viewEdit_, &QLineEdit::returnPressed, this, &TensorOperationBar::requestView);
    connect(sliceButton_, &QPushButton::clicked, this, &TensorOperationBar::requestSlice);
    connect(sliceDim_, &QSpinBox::valueChanged, this, [this] { refreshSliceRanges(); });
}

void TensorOperationBar::setShape(const std::vector<std::int64_t>& shape) {
    shape_ = shape;
    transposeButton_->setEnabled(shape.size() >= 2);
    permuteButton_->setEnabled(shape.size() >= 3);
    {
        const QSignalBlocker blocker(sliceDim_);
        sliceDim_->setRange(0, std::max(0, static_cast<int>(shape.size()) - 1));
    }
    refreshSliceRanges();
}

void TensorOperationBar::refreshSliceRanges() {
    // A new dimension starts as the whole of it: start 0, stop its size, step 1.
    const int dim = sliceDim_->value();
    const int size = dim < static_cast<int>(shape_.size()) ? static_cast<int>(shape_[dim]) : 0;
    sliceStart_->setValue(0);
    sliceStop_->setValue(size);
    sliceStep_->setValue(1);
}

void TensorOperationBar::showError(const QString& message) {
    error_->setText(message);
    QPalette colors = error_->palette();
    colors.setColor(QPalette::WindowText, errorColor(palette()));
    error_->setPalette(colors);
    error_->setVisible(!message.isEmpty());
}

QString TensorOperationBar::errorText() const {
    return error_->isVisible() ? error_->text() : QString();
}

void TensorOperationBar::requestView() {
    // "4, 3", "4 3", "(4, 3)" or "[4, 3]": the sizes, whatever separates them.
    QString text = viewEdit_->text();
    text.remove(QRegularExpression(QStringLiteral("[\\[\\]()]")));
    const QStringList parts =
        text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
    std::vector<std::int64_t> shape;
    for (QString part : parts) {
        part.replace(QChar(0x2212), QLatin1Char('-'));
        bool ok = false;
        const qlonglong size = part.toLongLong(&ok);
        if (!ok) {
            showError(tr("Type the new shape as whole numbers, like 4, 3 or -1: '%1' is not one.")
                          .arg(part));
            return;
        }
        shape.push_back(size);
    }
    if (shape.empty()) {
        showError(tr("Type the new shape first, like 4, 3 (one size may be -1)."));
        return;
    }
    emit operationRequested(TensorOperation::view(shape));
}

void TensorOperationBar::requestSlice() {
    emit operationRequested(TensorOperation::slice(sliceDim_->value(), sliceStart_->value(),
                                                   sliceStop_->value(), sliceStep_->value()));
}

}  // namespace mlsyslab::widgets
