#include "matmul/MatmulParallelParts.h"

#include <QStringList>

#include "common/DisplayStyle.h"
#include "matmul/MatmulParallelNumbers.h"

namespace mlsyslab::widgets {

namespace {

constexpr double kOperatorFontScale = 1.8;

QString operandText(double value) {
    const QString text = valueText(value);
    return value < 0 ? QStringLiteral("(%1)").arg(text) : text;
}

}  // namespace

void ScaledFonts::apply(const QFont& pageFont) const {
    for (const auto& [widget, factor] : widgets_) widget->setFont(scaledFont(pageFont, factor));
}

QLabel* newOperatorLabel(const QString& symbol, QWidget* parent, ScaledFonts& scaled) {
    auto* label = new QLabel(symbol, parent);
    label->setAlignment(Qt::AlignCenter);
    label->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    scaled.add(label, kOperatorFontScale);
    return label;
}

QLabel* newTextLabel(const char* objectName, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(objectName));
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString threadName(int row, int column) { return QStringLiteral("t(%1,%2)").arg(row).arg(column); }

QString countedText(long long count, const QString& one, const QString& many) {
    return count == 1 ? one : many.arg(count);
}

QString productText(double left, double right) {
    return operandText(left) + QStringLiteral("\u00B7") + operandText(right);
}

QString partialSumText(const matmul::OutputThread& thread, int termsDone) {
    QStringList products;
    double sum = 0;
    for (int term = 0; term < termsDone && term < int(thread.terms.size()); ++term) {
        const matmul::MultiplyAdd& multiplyAdd = thread.terms[std::size_t(term)];
        products << productText(multiplyAdd.left, multiplyAdd.right);
        sum += multiplyAdd.product();
    }
    if (products.isEmpty()) return QStringLiteral("0");
    return products.join(QStringLiteral(" + ")) + QStringLiteral(" = ") + valueText(sum);
}

MatrixGridView* newMatrixGrid(const char* objectName, QWidget* parent) {
    auto* grid = new MatrixGridView(parent);
    grid->setObjectName(QLatin1String(objectName));
    return grid;
}

std::vector<GridCell> outputThreadCells(const matmul::ThreadsRun& run,
                                        const matmul::ThreadsSnapshot& snapshot) {
    std::vector<GridCell> cells(run.threads().size());
    for (std::size_t thread = 0; thread < cells.size(); ++thread) {
        const matmul::OutputThread& output = run.threads()[thread];
        GridCell& cell = cells[thread];
        cell.note = threadName(output.outputCell.row, output.outputCell.column);
        const int done = snapshot.termsDone[thread];
        if (done == 0) {
            cell.mark = CellMark::Pending;
            continue;
        }
        cell.value = valueText(snapshot.partialSums[thread]);
        cell.mark = done == int(output.terms.size()) ? CellMark::Done : CellMark::Partial;
    }
    for (const matmul::TermIndex& done : snapshot.lastStep) {
        cells[std::size_t(done.thread)].mark = CellMark::Active;
    }
    return cells;
}

}  // namespace mlsyslab::widgets
