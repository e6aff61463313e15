#pragma once

#include <QWidget>
#include <cstdint>
#include <optional>
#include <vector>

#include "memory/TensorWorkspace.h"

namespace mlsyslab::widgets {

// A tensor's storage as memory holds it: one cell per element in rows like a hex dump, each row
// headed by its byte address and the columns by their byte offsets, so element k sits at
// base + k·elementBytes. Thick lines mark 64-byte cache-line boundaries. Cells the tensor's view
// reads are coloured, the rest greyed; the ones a loop in logical order has read so far are
// tinted, the current one is highlighted, and an arrow shows the move from the previous one:
// green for the next element in memory, red for a jump, labelled with the distance.
class MemoryStripView : public QWidget {
    Q_OBJECT
public:
    explicit MemoryStripView(QWidget* parent = nullptr);

    void setStorage(const memory::TensorStorage& storage);
    // The storage elements the view reads, in logical order, and the position the loop is at
    // (-1 for none). An empty order: the view reads another storage; nothing is coloured.
    void setTraversal(std::vector<std::int64_t> order, std::int64_t position);
    // Outlines the cells that hold this value (where the current element came from).
    void setMarkedValue(std::optional<std::int64_t> value);

    // The storage element the loop is at, or -1.
    std::int64_t currentElement() const;
    std::int64_t previousElement() const;
    const memory::TensorStorage& storage() const { return storage_; }
    int cellsPerRow() const;
    QRect cellRect(std::int64_t element) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Geometry;
    Geometry geometryFor(int width) const;
    void paintCells(QPainter& painter, const Geometry& geometry);
    void paintMove(QPainter& painter, const Geometry& geometry);

    memory::TensorStorage storage_;
    std::vector<std::int64_t> order_;
    std::int64_t position_ = -1;
    std::optional<std::int64_t> markedValue_;
};

}  // namespace mlsyslab::widgets
