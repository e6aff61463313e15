#pragma once

#include <QWidget>
#include <cstdint>
#include <vector>

#include "gpu/WarpSimulator.h"

namespace mlsyslab::widgets {

// A warp's SIMT reconvergence stack as a small table, top entry first (the one that runs):
// each entry's pc, the pc where its lanes reconverge ("—" for the bottom entry), its active
// mask in hex and as 32 lane cells. The table keeps room for `capacity` entries so that it does
// not jump as the stack grows and shrinks.
class SimtStackView : public QWidget {
    Q_OBJECT
public:
    explicit SimtStackView(QWidget* parent = nullptr);

    // `entries` bottom first, as the simulator keeps them.
    void setStack(std::vector<gpu::SimtStackEntry> entries, std::uint32_t existingMask);
    void setCapacity(int entries);
    const std::vector<gpu::SimtStackEntry>& entries() const { return entries_; }
    // The text of a cell, row 0 being the top entry: columns 0 pc, 1 reconvergence pc, 2 mask.
    QString cellText(int row, int column) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    struct Columns;
    Columns columns() const;
    int rowHeight() const;

    std::vector<gpu::SimtStackEntry> entries_;
    std::uint32_t existingMask_ = 0;
    int capacity_ = 1;
};

}  // namespace mlsyslab::widgets
