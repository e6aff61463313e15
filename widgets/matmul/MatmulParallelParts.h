#pragma once

#include <QFont>
#include <QLabel>
#include <QString>
#include <utility>
#include <vector>

#include "matmul/DotProductThreads.h"
#include "matmul/MatrixGridView.h"

namespace mlsyslab::widgets {

// Pieces the three matmul-parallel pages share, so they look and read alike.

// Widgets in a multiple of their page's type: set again whenever the page's font changes, so
// they grow with presentation mode.
class ScaledFonts {
public:
    void add(QWidget* widget, double factor) { widgets_.emplace_back(widget, factor); }
    void apply(const QFont& pageFont) const;

private:
    std::vector<std::pair<QWidget*, double>> widgets_;
};

// An operator between matrices ("×", "=", "∗", "→"), in large type.
QLabel* newOperatorLabel(const QString& symbol, QWidget* parent, ScaledFonts& scaled);
// A word-wrapped rich-text label with an object name.
QLabel* newTextLabel(const char* objectName, QWidget* parent);

// A matrix grid with an object name (tests find the grids by name).
MatrixGridView* newMatrixGrid(const char* objectName, QWidget* parent);

// The output grid of a one-thread-per-output run at `snapshot`: each cell named after its
// thread, with its partial sum, pending / partial / done, and the cells this step computes
// active.
std::vector<GridCell> outputThreadCells(const matmul::ThreadsRun& run,
                                        const matmul::ThreadsSnapshot& snapshot);

// "t(1,0)": the thread that computes output element (1, 0). Indices count from 0, as in code.
QString threadName(int row, int column);
// "1 thread" or "6 threads": `many` holds %1 for the count.
QString countedText(long long count, const QString& one, const QString& many);
// "4·2", "4·(-1)": one product as a formula writes it.
QString productText(double left, double right);
// "4·2 + 5·1 = 13": the first `termsDone` products of a thread and their sum ("0" for none).
QString partialSumText(const matmul::OutputThread& thread, int termsDone);

}  // namespace mlsyslab::widgets
