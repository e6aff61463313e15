#pragma once

#include <QTableWidget>

#include "matmul/MatmulRunner.h"

namespace mlsyslab::widgets {

// The seed experiment side by side: for each of the lecture's three timings (naive CUDA
// kernel, cuBLAS, CPU cblas on an RTX 4090 machine) the rung of our ladder that does the same
// thing and its time on this machine, then our own SIMD rungs, which the seed did not run. The
// seed's column is headed "seed: RTX 4090" so that nobody takes it for this machine; a rung that
// cannot run here says why in its cell.
// Rows in order: cuda-naive, cublas, openblas, threads, simd.
class SeedComparisonTable : public QTableWidget {
    Q_OBJECT
public:
    enum Column { WhatColumn, SeedColumn, ThisMachineColumn, ColumnCount };

    explicit SeedComparisonTable(QWidget* parent = nullptr);

    // Every "this machine" cell back to "waiting".
    void reset();
    void addResult(const matmul::MatmulBenchResult& result);
    QString cellText(int row, Column column) const;
    int rowOf(const std::string& backend) const;  // -1 when it has no row
};

}  // namespace mlsyslab::widgets
