#include "memory/TensorLayoutReadouts.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>

#include "memory/MemoryColors.h"
#include "memory/TensorLayoutText.h"

namespace mlsyslab::widgets {

TensorLayoutReadouts::TensorLayoutReadouts(QWidget* parent)
    : QWidget(parent),
      shape_(new QLabel(this)),
      stride_(new QLabel(this)),
      byteStrides_(new QLabel(this)),
      offset_(new QLabel(this)),
      contiguousValue_(new QLabel(this)) {
    shape_->setObjectName(QStringLiteral("shapeValue"));
    stride_->setObjectName(QStringLiteral("strideValue"));
    byteStrides_->setObjectName(QStringLiteral("byteStridesValue"));
    offset_->setObjectName(QStringLiteral("offsetValue"));
    contiguousValue_->setObjectName(QStringLiteral("contiguousValue"));

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setColumnStretch(1, 1);
    const auto addRow = [&](const QString& name, QLabel* value, const QString& tip) {
        auto* label = new QLabel(name, this);
        label->setToolTip(tip);
        value->setToolTip(tip);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        value->setWordWrap(true);  // a narrow column wraps rather than widening the simulator
        const int row = layout->rowCount();
        layout->addWidget(label, row, 0, Qt::AlignLeft | Qt::AlignTop);
        layout->addWidget(value, row, 1, Qt::AlignTop);
    };
    addRow(tr(".shape"), shape_, tr("The size of each dimension."));
    addRow(tr(".stride()"), stride_,
           tr("How many storage elements to skip to move one step along each dimension."));
    addRow(tr("strides in bytes"), byteStrides_,
           tr("The same strides times the element size, as NumPy's .strides gives them."));
    addRow(tr(".storage_offset()"), offset_, tr("The storage element that holds t[0, 0, ...]."));
    addRow(tr(".is_contiguous()"), contiguousValue_,
           tr("True when the elements lie in storage in row-major order with no gaps: the "
              "stride of each dimension is the product of the sizes after it (size-1 "
              "dimensions do not count)."));
}

void TensorLayoutReadouts::setLayout(const memory::TensorLayout& layout, const QString& dtypeName) {
    shape_->setText(tupleText(layout.shape()));
    stride_->setText(tr("%1 elements").arg(tupleText(layout.strides())));
    byteStrides_->setText(tr("%1   (%2 bytes per %3)")
                              .arg(tupleText(layout.byteStrides()))
                              .arg(layout.elementBytes())
                              .arg(dtypeName));
    offset_->setText(QString::number(layout.offset()));
    contiguous_ = layout.isContiguous();
    contiguousValue_->setText(
        (contiguous_ ? QStringLiteral("\u2713 ") : QStringLiteral("\u2717 ")) +
        contiguityText(layout));
    refreshColors();
}

void TensorLayoutReadouts::refreshColors() {
    // Green for contiguous; orange, not red, for the rest: a non-contiguous view is legal, it
    // only may need a copy.
    QPalette colors = contiguousValue_->palette();
    colors.setColor(QPalette::WindowText,
                    memoryColor(contiguous_ ? MemoryRole::Hit : MemoryRole::Dirty, palette()));
    contiguousValue_->setPalette(colors);
    QFont bold = font();
    bold.setBold(true);
    contiguousValue_->setFont(bold);
}

void TensorLayoutReadouts::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        refreshColors();
    }
}

}  // namespace mlsyslab::widgets
