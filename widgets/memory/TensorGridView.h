#pragma once

#include <QWidget>
#include <cstdint>
#include <vector>

namespace mlsyslab::widgets {

// A tensor as the student thinks of it: its logical grid. A 1-d tensor is one row, a 2-d one
// rows × columns, a 3-d or 4-d one a row of 2-d slices labelled t[0], t[1], ... (t[0, 1] for
// 4-d). Each cell shows the value the element holds (the storage element it started in, as with
// torch.arange) above its index. The current element is highlighted and the ones a loop in
// logical order has read before it are tinted, so stepping shows the loop's progress.
// Cells shrink to fit a narrow widget; sizes are in line heights of the font, so presentation
// mode scales everything.
class TensorGridView : public QWidget {
    Q_OBJECT
public:
    explicit TensorGridView(QWidget* parent = nullptr);

    // shape: 1 to 4 dimensions; values: one per element, in logical (row-major index) order.
    void setTensor(std::vector<std::int64_t> shape, std::vector<std::int64_t> values);
    // The element at this logical position is current; -1 for none.
    void setCurrent(std::int64_t position);
    std::int64_t current() const { return current_; }

    // Where an element's cell is (an empty rect when the position does not exist), and which
    // element is under a point (-1 for none).
    QRect cellRect(std::int64_t position) const;
    std::int64_t positionAt(QPoint point) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void elementClicked(qint64 position);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    struct Geometry;
    Geometry geometryFor(int width) const;
    std::int64_t rowsPerSlice() const;
    std::int64_t columnsPerSlice() const;
    std::int64_t sliceCount() const;
    QString sliceLabel(std::int64_t slice) const;

    std::vector<std::int64_t> shape_;
    std::vector<std::int64_t> values_;
    std::int64_t current_ = -1;
};

}  // namespace mlsyslab::widgets
