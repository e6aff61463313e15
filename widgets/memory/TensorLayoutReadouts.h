#pragma once

#include <QString>
#include <QWidget>

#include "memory/TensorLayout.h"

class QLabel;

namespace mlsyslab::widgets {

// What PyTorch would answer about the tensor, one line each: its shape, .stride() in elements,
// the strides in bytes, .storage_offset(), and .is_contiguous() with a green ✓ or an orange ✗
// and the reason (the first dimension whose stride is not the row-major one).
// Child object names: shapeValue, strideValue, byteStridesValue, offsetValue, contiguousValue.
class TensorLayoutReadouts : public QWidget {
    Q_OBJECT
public:
    explicit TensorLayoutReadouts(QWidget* parent = nullptr);

    // dtypeName words the byte strides ("× 4 bytes per float32").
    void setLayout(const memory::TensorLayout& layout, const QString& dtypeName);

protected:
    void changeEvent(QEvent* event) override;

private:
    void refreshColors();

    bool contiguous_ = true;
    QLabel* shape_;
    QLabel* stride_;
    QLabel* byteStrides_;
    QLabel* offset_;
    QLabel* contiguousValue_;
};

}  // namespace mlsyslab::widgets
