#include "matmul/Conv2dView.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <algorithm>

#include "matmul/MatmulParallelNumbers.h"
#include "matmul/MatrixGridView.h"

namespace mlsyslab::widgets {

namespace {

using matmul::ThreadSchedule;
using matmul::ThreadsSnapshot;

constexpr double kCounterFontScale = 1.35;
constexpr double kExplanationFontScale = 1.2;
constexpr double kLayerFontScale = 1.25;

// The lesson reader only lets through examples with an output; anything else shows no output.
matmul::Conv2dExampleGeometry geometryOrNone(const matmul::Conv2dExample& example) {
    const auto geometry = matmul::conv2dExampleGeometry(example);
    return geometry ? *geometry : matmul::Conv2dExampleGeometry{};
}

QString paddingText(const matmul::Conv2dPadding& padding) {
    if (padding.same) return QStringLiteral("same");
    return padding.pixels == 0 ? QStringLiteral("valid (0)") : QString::number(padding.pixels);
}

}  // namespace

Conv2dView::Conv2dView(matmul::Conv2dExample example, const matmul::Conv2dLayer& layer,
                       ThreadSchedule schedule, QWidget* parent)
    : MatmulParallelPage(parent),
      example_(std::move(example)),
      geometry_(geometryOrNone(example_)),
      run_(matmul::conv2dThreads(example_), schedule),
      image_(newMatrixGrid("convImage", this)),
      filter_(newMatrixGrid("convFilter", this)),
      output_(newMatrixGrid("convOutput", this)),
      counter_(newTextLabel("convCounter", this)),
      progress_(newTextLabel("convProgress", this)),
      explanation_(newTextLabel("convExplanation", this)),
      layerCounts_(newTextLabel("layerCounts", this)) {
    auto* layout = new QVBoxLayout(this);
    auto* equation = new QHBoxLayout;
    equation->addStretch(1);
    equation->addWidget(image_);
    equation->addWidget(newOperatorLabel(QStringLiteral("\u2217"), this, scaledFonts_));
    equation->addWidget(filter_);
    equation->addWidget(newOperatorLabel(QStringLiteral("="), this, scaledFonts_));
    equation->addWidget(output_);
    equation->addStretch(1);
    layout->addLayout(equation);
    layout->addWidget(counter_);
    layout->addWidget(progress_);
    layout->addWidget(explanation_);
    auto* rule = new QFrame(this);
    rule->setFrameShape(QFrame::HLine);
    layout->addWidget(rule);
    layout->addWidget(layerCounts_);
    layout->addStretch(1);
    scaledFonts_.add(counter_, kCounterFontScale);
    scaledFonts_.add(explanation_, kExplanationFontScale);
    scaledFonts_.add(layerCounts_, kLayerFontScale);
    scaledFonts_.apply(font());

    const int paddedRows =
        example_.image.rows + geometry_.rowPadding.before + geometry_.rowPadding.after;
    const int paddedColumns =
        example_.image.columns + geometry_.columnPadding.before + geometry_.columnPadding.after;
    image_->setTitle(
        paddedRows == example_.image.rows && paddedColumns == example_.image.columns
            ? tr("image x (%1\u00D7%2)").arg(example_.image.rows).arg(example_.image.columns)
            : tr("image x (%1\u00D7%2, padded with zeros)")
                  .arg(example_.image.rows)
                  .arg(example_.image.columns));
    filter_->setTitle(
        tr("filter w (%1\u00D7%2)").arg(example_.filter.rows).arg(example_.filter.columns));
    output_->setTitle(tr("output (%1\u00D7%2, stride %3)")
                          .arg(geometry_.outputRows)
                          .arg(geometry_.outputColumns)
                          .arg(example_.stride));
    // Pixel numbers as the formulas write them: the padding is row and column -1.
    image_->setIndexLabels(true, -geometry_.rowPadding.before, -geometry_.columnPadding.before);
    layerCounts_->setText(layerText(layer));
    showStep(0);
}

void Conv2dView::setSchedule(ThreadSchedule schedule) {
    if (schedule == run_.schedule()) return;
    run_ = matmul::ThreadsRun(matmul::conv2dThreads(example_), schedule);
    step_ = 0;
    emit runChanged();
    showStep(0);
}

QString Conv2dView::layerText(const matmul::Conv2dLayer& layer) const {
    const auto counts = matmul::countConv2d(layer);
    if (!counts) return QString::fromStdString(counts.error());
    QString text = tr("<b>At the size of a real layer</b> (seed 001): a %1\u00D7%2 image with %3 "
                      "channels, %4 filters of %5\u00D7%6\u00D7%3, stride %7, padding %8.")
                       .arg(layer.height)
                       .arg(layer.width)
                       .arg(layer.channels)
                       .arg(layer.filters)
                       .arg(layer.kernelHeight)
                       .arg(layer.kernelWidth)
                       .arg(layer.stride)
                       .arg(paddingText(layer.padding));
    text += QStringLiteral("<br>");
    text += tr("%1 \u00D7 %2 positions \u00D7 %3 filters = <b>%4 parallel operations</b> (%5), "
               "each %6 \u00D7 %7 \u00D7 %8 = %9 multiply-adds:")
                .arg(counts->outputHeight)
                .arg(counts->outputWidth)
                .arg(layer.filters)
                .arg(groupedCountText(counts->parallelOperations),
                     roughCountText(counts->parallelOperations))
                .arg(layer.kernelHeight)
                .arg(layer.kernelWidth)
                .arg(layer.channels)
                .arg(counts->multiplyAddsPerOperation);
    text += QStringLiteral("<br>");
    text += tr("<b>%1 multiply-adds</b> (%2) in all, and no output waits for another.")
                .arg(groupedCountText(counts->totalMultiplyAdds),
                     roughCountText(counts->totalMultiplyAdds));
    return text;
}

void Conv2dView::showStep(int step) {
    step_ = std::clamp(step, 0, std::max(0, stepCount() - 1));
    const ThreadsSnapshot& snapshot = run_.snapshots()[std::size_t(step_)];
    showImage(snapshot);
    showFilter(snapshot);
    showOutputs(snapshot);
    const auto outputs = qint64(run_.threads().size());
    counter_->setText(
        tr("<b>%1 \u00D7 %2:</b> %3 in parallel vs <b>%4</b> one at a time")
            .arg(countedText(outputs, tr("1 output"), tr("%1 outputs")),
                 countedText(run_.parallelSteps(), tr("1 multiply-add"), tr("%1 multiply-adds")),
                 countedText(run_.parallelSteps(), tr("1 step"), tr("%1 steps")),
                 countedText(run_.sequentialSteps(), tr("1 step"), tr("%1 steps"))));
    progress_->setText(tr("%1 of %2 multiply-adds done")
                           .arg(snapshot.multiplyAddsDone)
                           .arg(run_.totalMultiplyAdds()));
    explanation_->setText(explanation(step_));
}

void Conv2dView::showImage(const ThreadsSnapshot& snapshot) {
    const int top = geometry_.rowPadding.before;
    const int left = geometry_.columnPadding.before;
    const int rows = example_.image.rows + top + geometry_.rowPadding.after;
    const int columns = example_.image.columns + left + geometry_.columnPadding.after;
    std::vector<GridCell> cells(std::size_t(rows) * std::size_t(columns));
    for (int row = 0; row < rows; ++row) {
        for (int column = 0; column < columns; ++column) {
            GridCell& cell = cells[std::size_t(row) * std::size_t(columns) + std::size_t(column)];
            const int pixelRow = row - top;
            const int pixelColumn = column - left;
            if (example_.image.contains(pixelRow, pixelColumn)) {
                cell.value = valueText(example_.image.at(pixelRow, pixelColumn));
            } else {
                cell.value = QStringLiteral("0");
                cell.mark = CellMark::Padding;
            }
        }
    }
    std::optional<QRect> window;
    for (const matmul::TermIndex& done : snapshot.lastStep) {
        const auto& thread = run_.threads()[std::size_t(done.thread)];
        const auto& pixel = thread.terms[std::size_t(done.term)].leftCell;
        cells[std::size_t(pixel.row + top) * std::size_t(columns) +
              std::size_t(pixel.column + left)]
            .mark = CellMark::Operand;
        if (run_.schedule() == ThreadSchedule::Sequential) {
            // One thread at a time: frame its whole window, from its first pixel.
            const auto& first = thread.terms.front().leftCell;
            window = QRect(first.column + left, first.row + top, example_.filter.columns,
                           example_.filter.rows);
        }
    }
    image_->setCells(rows, columns, std::move(cells));
    image_->setOutline(window);
}

void Conv2dView::showFilter(const ThreadsSnapshot& snapshot) {
    const matmul::SmallMatrix& filter = example_.filter;
    std::vector<GridCell> cells(filter.values.size());
    for (std::size_t index = 0; index < cells.size(); ++index) {
        cells[index].value = valueText(filter.values[index]);
    }
    for (const matmul::TermIndex& done : snapshot.lastStep) {
        const auto& weight =
            run_.threads()[std::size_t(done.thread)].terms[std::size_t(done.term)].rightCell;
        cells[filter.indexOf(weight.row, weight.column)].mark = CellMark::Operand;
    }
    filter_->setCells(filter.rows, filter.columns, std::move(cells));
}

void Conv2dView::showOutputs(const ThreadsSnapshot& snapshot) {
    output_->setCells(geometry_.outputRows, geometry_.outputColumns,
                      outputThreadCells(run_, snapshot));
}

QString Conv2dView::explanation(int step) const {
    const int outputs = int(run_.threads().size());
    const bool parallel = run_.schedule() == ThreadSchedule::Parallel;
    if (outputs == 0) return {};
    if (step == 0) {
        if (parallel) {
            return tr("<b>%1 threads start together</b>, one per output. Each lays the filter "
                      "over its own window and adds %2 products: no output needs another.")
                .arg(outputs)
                .arg(run_.parallelSteps());
        }
        return tr("<b>One core</b> slides the window from output to output: %1 multiply-adds, "
                  "one per step.")
            .arg(run_.sequentialSteps());
    }
    const ThreadsSnapshot& snapshot = run_.snapshots()[std::size_t(step)];
    const matmul::TermIndex shown = snapshot.lastStep.back();
    const auto& thread = run_.threads()[std::size_t(shown.thread)];
    const auto& term = thread.terms[std::size_t(shown.term)];
    const int row = thread.outputCell.row;
    const int column = thread.outputCell.column;
    const QString formula =
        tr("out[%1][%2] = %3")
            .arg(row)
            .arg(column)
            .arg(partialSumText(thread, snapshot.termsDone[std::size_t(shown.thread)]));
    const bool last = step == stepCount() - 1;
    if (parallel) {
        QString text = tr("<b>Weight w[%1][%2] = %3:</b> all %4 outputs multiply it by the pixel "
                          "under it and add, at the same time. For example %5: %6.")
                           .arg(term.rightCell.row)
                           .arg(term.rightCell.column)
                           .arg(valueText(term.right))
                           .arg(outputs)
                           .arg(threadName(row, column), formula);
        if (last) {
            text += tr(" <b>Every output is done after %1 steps.</b>").arg(run_.parallelSteps());
        }
        return text;
    }
    const bool inPadding = !example_.image.contains(term.leftCell.row, term.leftCell.column);
    QString text = tr("<b>%1</b> adds w[%2][%3]\u00B7x[%4][%5]%6: %7.")
                       .arg(threadName(row, column))
                       .arg(term.rightCell.row)
                       .arg(term.rightCell.column)
                       .arg(term.leftCell.row)
                       .arg(term.leftCell.column)
                       .arg(inPadding ? tr(" (padding, 0)") : QString(), formula);
    if (last) {
        text += tr(" <b>%1 steps</b> for what %2 threads do in %3.")
                    .arg(run_.sequentialSteps())
                    .arg(outputs)
                    .arg(run_.parallelSteps());
    }
    return text;
}

}  // namespace mlsyslab::widgets
