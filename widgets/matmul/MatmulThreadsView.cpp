#include "matmul/MatmulThreadsView.h"

#include <QHBoxLayout>
#include <QVBoxLayout>

#include "matmul/MatmulParallelNumbers.h"
#include "matmul/MatmulParallelParts.h"
#include "matmul/MatmulThreads.h"
#include "matmul/MatrixGridView.h"

namespace mlsyslab::widgets {

namespace {

using matmul::ThreadSchedule;
using matmul::ThreadsSnapshot;

constexpr double kCounterFontScale = 1.35;
constexpr double kExplanationFontScale = 1.2;
// The matmul's matrices are small: larger type fills the page and reaches the back row.
constexpr double kMatrixFontScale = 1.3;

QString shapeText(int rows, int columns) {
    return QStringLiteral("%1\u00D7%2").arg(rows).arg(columns);
}

}  // namespace

MatmulThreadsView::MatmulThreadsView(matmul::SmallMatrix a, matmul::SmallMatrix b,
                                     ThreadSchedule schedule, QWidget* parent)
    : MatmulParallelPage(parent),
      a_(std::move(a)),
      b_(std::move(b)),
      run_(matmul::matmulThreads(a_, b_), schedule),
      left_(newMatrixGrid("matrixA", this)),
      right_(newMatrixGrid("matrixB", this)),
      output_(newMatrixGrid("matrixC", this)),
      counter_(newTextLabel("matmulCounter", this)),
      progress_(newTextLabel("matmulProgress", this)),
      explanation_(newTextLabel("matmulExplanation", this)) {
    auto* layout = new QVBoxLayout(this);
    auto* equation = new QHBoxLayout;
    equation->addStretch(1);
    equation->addWidget(left_);
    equation->addWidget(newOperatorLabel(QStringLiteral("\u00D7"), this, scaledFonts_));
    equation->addWidget(right_);
    equation->addWidget(newOperatorLabel(QStringLiteral("="), this, scaledFonts_));
    equation->addWidget(output_);
    equation->addStretch(1);
    layout->addLayout(equation);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addWidget(counter_);
    layout->addWidget(progress_);
    layout->addWidget(explanation_);
    layout->addStretch(1);
    scaledFonts_.add(counter_, kCounterFontScale);
    scaledFonts_.add(explanation_, kExplanationFontScale);
    for (MatrixGridView* grid : {left_, right_, output_}) scaledFonts_.add(grid, kMatrixFontScale);
    scaledFonts_.apply(font());

    left_->setTitle(tr("A (%1)").arg(shapeText(a_.rows, a_.columns)));
    right_->setTitle(tr("B (%1)").arg(shapeText(b_.rows, b_.columns)));
    output_->setTitle(tr("C = A\u00B7B (%1)").arg(shapeText(a_.rows, b_.columns)));
    showStep(0);
}

void MatmulThreadsView::setSchedule(ThreadSchedule schedule) {
    if (schedule == run_.schedule()) return;
    run_ = matmul::ThreadsRun(matmul::matmulThreads(a_, b_), schedule);
    step_ = 0;
    emit runChanged();
    showStep(0);
}

void MatmulThreadsView::showStep(int step) {
    step_ = std::clamp(step, 0, stepCount() - 1);
    const ThreadsSnapshot& snapshot = run_.snapshots()[std::size_t(step_)];
    showInputs(snapshot);
    showOutputs(snapshot);
    const auto threads = qint64(run_.threads().size());
    counter_->setText(tr("<b>%1 \u00D7 %2</b> in parallel vs <b>%3</b> one at a time")
                          .arg(countedText(threads, tr("1 thread"), tr("%1 threads")),
                               countedText(run_.parallelSteps(), tr("1 step"), tr("%1 steps")),
                               countedText(run_.sequentialSteps(), tr("1 step"), tr("%1 steps"))));
    qint64 complete = 0;
    for (std::size_t thread = 0; thread < run_.threads().size(); ++thread) {
        if (snapshot.termsDone[thread] == int(run_.threads()[thread].terms.size())) ++complete;
    }
    progress_->setText(tr("%1 of %2 multiply-adds done \u00B7 %3 of %4 outputs complete")
                           .arg(snapshot.multiplyAddsDone)
                           .arg(run_.totalMultiplyAdds())
                           .arg(complete)
                           .arg(threads));
    explanation_->setText(explanation(step_));
}

void MatmulThreadsView::showInputs(const ThreadsSnapshot& snapshot) {
    std::vector<GridCell> leftCells(a_.values.size());
    std::vector<GridCell> rightCells(b_.values.size());
    for (std::size_t index = 0; index < leftCells.size(); ++index) {
        leftCells[index].value = valueText(a_.values[index]);
    }
    for (std::size_t index = 0; index < rightCells.size(); ++index) {
        rightCells[index].value = valueText(b_.values[index]);
    }
    for (const matmul::TermIndex& done : snapshot.lastStep) {
        const auto& term = run_.threads()[std::size_t(done.thread)].terms[std::size_t(done.term)];
        leftCells[a_.indexOf(term.leftCell.row, term.leftCell.column)].mark = CellMark::Operand;
        rightCells[b_.indexOf(term.rightCell.row, term.rightCell.column)].mark = CellMark::Operand;
    }
    left_->setCells(a_.rows, a_.columns, std::move(leftCells));
    right_->setCells(b_.rows, b_.columns, std::move(rightCells));
}

void MatmulThreadsView::showOutputs(const ThreadsSnapshot& snapshot) {
    output_->setCells(a_.rows, b_.columns, outputThreadCells(run_, snapshot));
}

QString MatmulThreadsView::explanation(int step) const {
    const int threads = int(run_.threads().size());
    const int lastK = a_.columns - 1;
    const bool parallel = run_.schedule() == ThreadSchedule::Parallel;
    if (step == 0) {
        if (parallel) {
            return tr("<b>%1 threads start together</b>, one per element of C. Thread t(i,j) "
                      "adds A[i][k]\u00B7B[k][j] for k = 0 to %2: nothing it needs comes from "
                      "another thread.")
                .arg(threads)
                .arg(lastK);
        }
        return tr("<b>One core</b> computes C one element after the other: %1 multiply-adds, "
                  "one per step.")
            .arg(run_.sequentialSteps());
    }
    const ThreadsSnapshot& snapshot = run_.snapshots()[std::size_t(step)];
    // The thread the sentence follows: the one that ran, or in parallel the last of them all.
    const matmul::TermIndex shown = snapshot.lastStep.back();
    const auto& thread = run_.threads()[std::size_t(shown.thread)];
    const int row = thread.outputCell.row;
    const int column = thread.outputCell.column;
    const int done = snapshot.termsDone[std::size_t(shown.thread)];
    const QString formula =
        tr("C[%1][%2] = %3").arg(row).arg(column).arg(partialSumText(thread, done));
    const bool last = step == stepCount() - 1;
    if (parallel) {
        QString text = tr("<b>k = %1:</b> all %2 threads add their product A[i][%1]\u00B7B[%1][j] "
                          "at the same time. For example %3: %4.")
                           .arg(shown.term)
                           .arg(threads)
                           .arg(threadName(row, column), formula);
        if (last) {
            text += tr(" <b>All of C is done after %1 steps</b>, however many elements it has, "
                       "as long as there is a thread for each.")
                        .arg(run_.parallelSteps());
        }
        return text;
    }
    QString text = tr("<b>%1</b> adds A[%2][%3]\u00B7B[%3][%4]: %5.")
                       .arg(threadName(row, column))
                       .arg(row)
                       .arg(shown.term)
                       .arg(column)
                       .arg(formula);
    if (done == int(thread.terms.size())) text += tr(" This output is done.");
    if (last)
        text += tr(" <b>%1 steps</b> for what %2 threads do in %3.")
                    .arg(run_.sequentialSteps())
                    .arg(threads)
                    .arg(run_.parallelSteps());
    return text;
}

}  // namespace mlsyslab::widgets
