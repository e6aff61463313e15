#pragma once

#include <QTableWidget>
#include <vector>

#include "matmul/MatmulRunner.h"

namespace mlsyslab::widgets {

// The benchmark's results, one row per backend and size as they arrive: backend, size,
// threads, median time, spread of the runs, GFLOPS, speedup (over naive at that size, or the
// slowest rung measured there: BenchSpeedup.h), the largest relative error against the float64
// reference, and the status ("ok", "wrong: ...", "unavailable: ...", "cancelled"). A backend
// that cannot run here gets one row that says why. Speedups are recomputed as each size fills.
class BenchResultsTable : public QTableWidget {
    Q_OBJECT
public:
    enum Column {
        BackendColumn,
        SizeColumn,
        ThreadsColumn,
        MedianColumn,
        SpreadColumn,
        GflopsColumn,
        SpeedupColumn,
        ErrorColumn,
        StatusColumn,
        ColumnCount
    };

    explicit BenchResultsTable(QWidget* parent = nullptr);

    void clearResults();
    void addResult(const matmul::MatmulBenchResult& result);
    // One row for a backend that was not run because it cannot run here.
    void addUnavailable(const std::string& backend, const std::string& reason);
    QString cellText(int row, Column column) const;

    // Colours for the current palette.
    void restyle();

private:
    void updateSpeedups(const matmul::MatmulShape& shape);
    void setCell(int row, Column column, const QString& text, const QString& tip = {});

    std::vector<matmul::MatmulBenchResult> results_;
    std::vector<int> resultRows_;  // the row of each result
};

}  // namespace mlsyslab::widgets
