#include "matmul/AttentionView.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <algorithm>

#include "matmul/AttentionText.h"
#include "matmul/MatmulParallelNumbers.h"
#include "matmul/MatrixGridView.h"

namespace mlsyslab::widgets {

namespace {

using matmul::AttentionPhase;
using matmul::AttentionSnapshot;
using matmul::PartialMatrix;
using matmul::SmallMatrix;

constexpr double kFormulaFontScale = 1.3;
// Cells across the widest row of matrices beyond which the attention takes four rows, not three.
constexpr int kMostCellsInARow = 11;

std::vector<GridCell> inputCells(const SmallMatrix& matrix) {
    std::vector<GridCell> cells(matrix.values.size());
    for (std::size_t index = 0; index < cells.size(); ++index) {
        cells[index].value = valueText(matrix.values[index]);
    }
    return cells;
}

// An intermediate: its known values, pending where nothing is computed yet.
std::vector<GridCell> computedCells(const PartialMatrix& matrix) {
    std::vector<GridCell> cells(matrix.cells.size());
    for (std::size_t index = 0; index < cells.size(); ++index) {
        if (matrix.cells[index]) {
            cells[index].value = valueText(*matrix.cells[index]);
            cells[index].mark = CellMark::Done;
        } else {
            cells[index].mark = CellMark::Pending;
        }
    }
    return cells;
}

std::vector<GridCell> columnCells(const std::vector<std::optional<double>>& values) {
    return computedCells({int(values.size()), 1, values});
}

void markRow(std::vector<GridCell>& cells, int columns, int row, CellMark mark) {
    for (int column = 0; column < columns; ++column) {
        cells[std::size_t(row) * std::size_t(columns) + std::size_t(column)].mark = mark;
    }
}

void markColumn(std::vector<GridCell>& cells, int rows, int columns, int column, CellMark mark) {
    for (int row = 0; row < rows; ++row) {
        cells[std::size_t(row) * std::size_t(columns) + std::size_t(column)].mark = mark;
    }
}

void markAll(std::vector<GridCell>& cells, CellMark mark) {
    for (GridCell& cell : cells) cell.mark = mark;
}

}  // namespace

AttentionView::AttentionView(matmul::AttentionInputs inputs, QWidget* parent)
    : MatmulParallelPage(parent), run_(std::move(inputs)) {
    buildRows();
    refreshTitles();
    showStep(0);
}

void AttentionView::buildRows() {
    auto* layout = new QVBoxLayout(this);
    scaleCheck_ = new QCheckBox(tr("Divide the scores by \u221Ad\u2096 (the formula; the lecture "
                                   "slide leaves it out)"),
                                this);
    scaleCheck_->setObjectName(QStringLiteral("scaleCheck"));
    scaleCheck_->setChecked(run_.inputs().scaled);
    connect(scaleCheck_, &QCheckBox::toggled, this, &AttentionView::setScaled);
    layout->addWidget(scaleCheck_);

    queries_ = newMatrixGrid("attentionQ", this);
    keysTransposed_ = newMatrixGrid("attentionKt", this);
    scores_ = newMatrixGrid("attentionScores", this);
    scaled_ = newMatrixGrid("attentionScaled", this);
    maxima_ = newMatrixGrid("attentionMax", this);
    shifted_ = newMatrixGrid("attentionShifted", this);
    exponentials_ = newMatrixGrid("attentionExp", this);
    sums_ = newMatrixGrid("attentionSum", this);
    weights_ = newMatrixGrid("attentionWeights", this);
    values_ = newMatrixGrid("attentionV", this);
    outputs_ = newMatrixGrid("attentionOutput", this);
    scaleArrow_ = newOperatorLabel(QStringLiteral("\u2192"), this, scaledFonts_);
    const auto symbol = [this](const char16_t* text) {
        return newOperatorLabel(QString::fromUtf16(text), this, scaledFonts_);
    };
    const auto addRow = [layout](std::initializer_list<QWidget*> widgets) {
        auto* row = new QHBoxLayout;
        row->addStretch(1);
        for (QWidget* widget : widgets) row->addWidget(widget);
        row->addStretch(1);
        layout->addLayout(row);
    };
    // Three rows fit the slide's 2×2 example; larger matrices take four, so the cells stay
    // large enough to read.
    const matmul::AttentionInputs& inputs = run_.inputs();
    const int keys = inputs.keys.rows;
    const int widestRow = std::max(
        {inputs.queries.columns + 3 * keys, 2 * keys + 2, keys + 2 * inputs.values.columns});
    if (widestRow <= kMostCellsInARow) {
        addRow({queries_, symbol(u"\u00D7"), keysTransposed_, symbol(u"="), scores_, scaleArrow_,
                scaled_});
        addRow({maxima_, shifted_, symbol(u"\u2192"), exponentials_, sums_});
    } else {
        addRow({queries_, symbol(u"\u00D7"), keysTransposed_, symbol(u"="), scores_});
        addRow({scaleArrow_, scaled_, maxima_, shifted_});
        addRow({symbol(u"\u2192"), exponentials_, sums_});
    }
    addRow({weights_, symbol(u"\u00D7"), values_, symbol(u"="), outputs_});

    formula_ = newTextLabel("attentionFormula", this);
    note_ = newTextLabel("attentionNote", this);
    layout->addWidget(formula_);
    layout->addWidget(note_);
    layout->addStretch(1);
    scaledFonts_.add(formula_, kFormulaFontScale);
    scaledFonts_.apply(font());
}

void AttentionView::refreshTitles() {
    const matmul::AttentionInputs& inputs = run_.inputs();
    const auto shape = [](int rows, int columns) {
        return QStringLiteral("%1\u00D7%2").arg(rows).arg(columns);
    };
    queries_->setTitle(tr("Q (%1)").arg(shape(inputs.queries.rows, inputs.queries.columns)));
    keysTransposed_->setTitle(tr("K\u1D40 (%1)").arg(shape(inputs.keys.columns, inputs.keys.rows)));
    scores_->setTitle(tr("scores QK\u1D40"));
    scaled_->setTitle(AttentionText::scaledTitle(inputs));
    scaled_->setVisible(inputs.scaled);
    scaleArrow_->setVisible(inputs.scaled);
    maxima_->setTitle(tr("row max"));
    shifted_->setTitle(tr("x \u2212 max"));
    exponentials_->setTitle(tr("e^(x \u2212 max)"));
    sums_->setTitle(tr("row sum"));
    weights_->setTitle(tr("weights = softmax"));
    values_->setTitle(tr("V (%1)").arg(shape(inputs.values.rows, inputs.values.columns)));
    outputs_->setTitle(tr("output"));
    note_->setText(AttentionText::scalingNoteHtml(inputs));
}

void AttentionView::setScaled(bool scaled) {
    if (scaled == run_.inputs().scaled) return;
    matmul::AttentionInputs inputs = run_.inputs();
    inputs.scaled = scaled;
    run_ = matmul::AttentionRun(std::move(inputs));
    {
        const QSignalBlocker blocker(scaleCheck_);
        scaleCheck_->setChecked(scaled);
    }
    refreshTitles();
    step_ = std::clamp(step_, 0, stepCount() - 1);
    emit runChanged();
    showStep(step_);
}

void AttentionView::showStep(int step) {
    step_ = std::clamp(step, 0, stepCount() - 1);
    const AttentionSnapshot& snapshot = run_.snapshots()[std::size_t(step_)];
    showInputs(snapshot);
    showScores(snapshot);
    showSoftmax(snapshot);
    showOutputs(snapshot);
    formula_->setText(AttentionText::stepHtml(run_, step_));
}

void AttentionView::showInputs(const AttentionSnapshot& snapshot) {
    const matmul::AttentionInputs& inputs = run_.inputs();
    const SmallMatrix keysTransposed = inputs.keys.transposed();
    auto queries = inputCells(inputs.queries);
    auto keys = inputCells(keysTransposed);
    auto values = inputCells(inputs.values);
    if (snapshot.phase == AttentionPhase::Score) {
        markRow(queries, inputs.queries.columns, snapshot.row, CellMark::Operand);
        markColumn(keys, keysTransposed.rows, keysTransposed.columns, snapshot.column,
                   CellMark::Operand);
    }
    if (snapshot.phase == AttentionPhase::Output) {
        markColumn(values, inputs.values.rows, inputs.values.columns, snapshot.column,
                   CellMark::Operand);
    }
    queries_->setCells(inputs.queries.rows, inputs.queries.columns, std::move(queries));
    keysTransposed_->setCells(keysTransposed.rows, keysTransposed.columns, std::move(keys));
    values_->setCells(inputs.values.rows, inputs.values.columns, std::move(values));
}

void AttentionView::showScores(const AttentionSnapshot& snapshot) {
    auto scores = computedCells(snapshot.scores);
    auto scaled = computedCells(snapshot.softmaxInputs);
    const int columns = snapshot.scores.columns;
    if (snapshot.phase == AttentionPhase::Score) {
        scores[std::size_t(snapshot.row) * std::size_t(columns) + std::size_t(snapshot.column)]
            .mark = CellMark::Active;
    }
    if (snapshot.phase == AttentionPhase::Scale) {
        markAll(scores, CellMark::Operand);
        markAll(scaled, CellMark::Active);
    }
    if (snapshot.phase == AttentionPhase::SubtractMax) {
        // The softmax reads the scaled scores, or the raw ones when there is no scaling.
        markRow(run_.inputs().scaled ? scaled : scores, columns, snapshot.row, CellMark::Operand);
    }
    scores_->setCells(snapshot.scores.rows, columns, std::move(scores));
    scaled_->setCells(snapshot.softmaxInputs.rows, columns, std::move(scaled));
}

void AttentionView::showSoftmax(const AttentionSnapshot& snapshot) {
    auto maxima = columnCells(snapshot.rowMaxima);
    auto shifted = computedCells(snapshot.shifted);
    auto exponentials = computedCells(snapshot.exponentials);
    auto sums = columnCells(snapshot.rowSums);
    const int columns = snapshot.shifted.columns;
    const int row = snapshot.row;
    switch (snapshot.phase) {
        case AttentionPhase::SubtractMax:
            maxima[std::size_t(row)].mark = CellMark::Active;
            markRow(shifted, columns, row, CellMark::Active);
            break;
        case AttentionPhase::Exponent:
            markRow(shifted, columns, row, CellMark::Operand);
            markRow(exponentials, columns, row, CellMark::Active);
            break;
        case AttentionPhase::Sum:
            markRow(exponentials, columns, row, CellMark::Operand);
            sums[std::size_t(row)].mark = CellMark::Active;
            break;
        case AttentionPhase::Divide:
            markRow(exponentials, columns, row, CellMark::Operand);
            sums[std::size_t(row)].mark = CellMark::Operand;
            break;
        default:
            break;
    }
    maxima_->setCells(int(snapshot.rowMaxima.size()), 1, std::move(maxima));
    shifted_->setCells(snapshot.shifted.rows, columns, std::move(shifted));
    exponentials_->setCells(snapshot.exponentials.rows, columns, std::move(exponentials));
    sums_->setCells(int(snapshot.rowSums.size()), 1, std::move(sums));
}

void AttentionView::showOutputs(const AttentionSnapshot& snapshot) {
    auto weights = computedCells(snapshot.weights);
    auto outputs = computedCells(snapshot.outputs);
    const int columns = snapshot.weights.columns;
    if (snapshot.phase == AttentionPhase::Divide) {
        markRow(weights, columns, snapshot.row, CellMark::Active);
    }
    if (snapshot.phase == AttentionPhase::Output) {
        markRow(weights, columns, snapshot.row, CellMark::Operand);
        outputs[std::size_t(snapshot.row) * std::size_t(snapshot.outputs.columns) +
                std::size_t(snapshot.column)]
            .mark = CellMark::Active;
    }
    weights_->setCells(snapshot.weights.rows, columns, std::move(weights));
    outputs_->setCells(snapshot.outputs.rows, snapshot.outputs.columns, std::move(outputs));
}

}  // namespace mlsyslab::widgets
