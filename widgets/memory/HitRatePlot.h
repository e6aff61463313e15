#pragma once

#include <qcustomplot.h>

#include <memory>
#include <vector>

namespace mlsyslab::widgets {

class CacheSteps;

// Each level's cumulative hit rate (hits / requests so far, in %) against the access number,
// one curve per level in the level's colour, with a vertical marker at the access shown. A level
// has no point before its first request. Clicking the plot asks for that access.
class HitRatePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit HitRatePlot(QWidget* parent = nullptr);

    // A new run: its curves. Then the position shown (accesses made).
    void setSteps(const CacheSteps& steps);
    void setPosition(std::size_t position);

    double markerPosition() const;
    QSize sizeHint() const override;

signals:
    void positionClicked(int position);

protected:
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void applyStyle();

    struct Curve {
        QVector<double> accesses;
        QVector<double> percents;
        QCPGraph* whole = nullptr;
        QCPGraph* made = nullptr;
    };
    std::vector<Curve> curves_;  // one per level
    QCPItemStraightLine* marker_;
    std::size_t accessCount_ = 0;
    bool applyingStyle_ = false;
};

}  // namespace mlsyslab::widgets
