#pragma once

#include <QTableWidget>
#include <optional>
#include <vector>

#include "matmul/MatmulRunner.h"
#include "matmul/MatvecProbe.h"
#include "matmul/Roofline.h"

namespace mlsyslab::widgets {

// Every point of the roofline in numbers: its arithmetic intensity, its measured GFLOPS, how
// much of the roof above it that is, and which side of the ridge it sits on ("memory-bound":
// only moving fewer bytes would help; "compute-bound": only more arithmetic would). A backend
// that did not run says why in the last column.
class RooflineReadout : public QTableWidget {
    Q_OBJECT
public:
    enum Column {
        PointColumn,
        IntensityColumn,
        GflopsColumn,
        RoofShareColumn,
        BoundColumn,
        ColumnCount
    };

    explicit RooflineReadout(QWidget* parent = nullptr);

    void clearPoints();
    // The roof the shares and sides are computed against (unknown until measured).
    void setRoof(const std::optional<matmul::Roofline>& roof);
    void addMatvec(const matmul::MatvecResult& matvec);
    void addMatmul(const matmul::MatmulBenchResult& result, double flopsPerByte);
    QString cellText(int row, Column column) const;

private:
    struct Entry {
        QString name;
        QString tip;
        double flopsPerByte = 0.0;
        double gflops = 0.0;
        bool measured = false;
        QString status;  // why not measured
    };
    void refresh();

    std::optional<matmul::Roofline> roof_;
    std::vector<Entry> entries_;
};

}  // namespace mlsyslab::widgets
