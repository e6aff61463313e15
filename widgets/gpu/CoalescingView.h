#pragma once

#include <QWidget>
#include <cstdint>
#include <optional>
#include <vector>

#include "gpu/Coalescing.h"

namespace mlsyslab::widgets {

// One warp's load drawn: the 32 lanes in a row at the top, an arrow from each active lane down
// to the bytes it reads, and below them memory as a strip of the 128-byte lines the load
// touches (thick borders), each cut into its four 32-byte sectors (thin borders). A sector the
// load moves is tinted; inside it, the bytes some lane asked for are filled in the lanes'
// colour, so the unused part of every sector moved is what the warp wastes. Untouched lines
// between touched ones are left out and marked "⋯". A legend names the three fills. Hovering a
// lane or a sector says what it reads or holds.
class CoalescingView : public QWidget {
    Q_OBJECT
public:
    explicit CoalescingView(QWidget* parent = nullptr);

    // The load to draw; nothing draws the lanes alone (a pattern that cannot run).
    void setResult(std::optional<gpu::CoalescingResult> result);
    const std::optional<gpu::CoalescingResult>& result() const { return result_; }

    // Where lane `lane` is drawn, and where its arrow ends (the middle of the bytes it reads, on
    // the strip's top edge); an empty rect and a null point when it has no access.
    QRectF laneRect(int lane) const;
    QPointF arrowTip(int lane) const;
    // Where a sector is drawn; an empty rect when its line is not shown.
    QRectF sectorRect(std::int64_t sector) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Slot {
        bool gap = false;       // lines left out: drawn as "⋯"
        std::int64_t line = 0;  // when not a gap
        double left = 0;
        double right = 0;
    };
    struct Geometry {
        double unit = 0;  // the font's line height
        double laneTop = 0;
        double laneHeight = 0;
        double stripTop = 0;
        double stripHeight = 0;
        double labelTop = 0;
        double legendTop = 0;
        double height = 0;
        std::vector<Slot> places;
    };
    Geometry geometry() const;
    const Slot* slotOfLine(const Geometry& geometry, std::int64_t line) const;
    double byteX(const Geometry& geometry, std::int64_t byteAddress) const;

    void paintLanes(QPainter& painter, const Geometry& geometry) const;
    void paintStrip(QPainter& painter, const Geometry& geometry) const;
    void paintArrows(QPainter& painter, const Geometry& geometry) const;
    void paintLegend(QPainter& painter, const Geometry& geometry) const;
    QString toolTipAt(QPointF point) const;

    std::optional<gpu::CoalescingResult> result_;
};

}  // namespace mlsyslab::widgets
