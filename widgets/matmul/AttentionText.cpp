#include "matmul/AttentionText.h"

#include <QStringList>
#include <cmath>

#include "matmul/MatmulParallelNumbers.h"
#include "matmul/MatmulParallelParts.h"

namespace mlsyslab::widgets {

namespace {

using matmul::AttentionPhase;
using matmul::AttentionRun;
using matmul::AttentionSnapshot;
using matmul::PartialMatrix;

const QString kMinus = QStringLiteral(" \u2212 ");

QString known(const std::optional<double>& value) {
    return value ? valueText(*value) : QStringLiteral("?");
}

// "[0.707, 0.707]": one row of a matrix.
QString rowText(const PartialMatrix& matrix, int row) {
    QStringList cells;
    for (int column = 0; column < matrix.columns; ++column) cells << known(matrix.at(row, column));
    return QStringLiteral("[%1]").arg(cells.join(QStringLiteral(", ")));
}

// "e<sup>0 − 0.707</sup>": the exponential of one shifted score, as the softmax writes it.
QString exponentText(const AttentionSnapshot& snapshot, int row, int column) {
    return QStringLiteral("e<sup>%1%2%3</sup>")
        .arg(known(snapshot.softmaxInputs.at(row, column)), kMinus,
             known(snapshot.rowMaxima[std::size_t(row)]));
}

QString exponentials(const AttentionSnapshot& snapshot, int row) {
    QStringList terms;
    for (int column = 0; column < snapshot.exponentials.columns; ++column) {
        terms << QStringLiteral("%1 = %2").arg(exponentText(snapshot, row, column),
                                               known(snapshot.exponentials.at(row, column)));
    }
    return terms.join(QStringLiteral(", "));
}

QString dotProduct(const matmul::SmallMatrix& left, int leftRow, const matmul::SmallMatrix& right,
                   int rightRow) {
    QStringList products;
    double sum = 0;
    for (int k = 0; k < left.columns; ++k) {
        products << productText(left.at(leftRow, k), right.at(rightRow, k));
        sum += left.at(leftRow, k) * right.at(rightRow, k);
    }
    return products.join(QStringLiteral(" + ")) + QStringLiteral(" = ") + valueText(sum);
}

QString softmaxText(const AttentionSnapshot& snapshot) {
    const int row = snapshot.row;
    const QString head = AttentionText::tr("<b>softmax row %1:</b> ").arg(row);
    switch (snapshot.phase) {
        case AttentionPhase::SubtractMax: {
            QStringList inputs;
            QStringList differences;
            for (int column = 0; column < snapshot.shifted.columns; ++column) {
                const QString input = known(snapshot.softmaxInputs.at(row, column));
                inputs << input;
                differences << QStringLiteral("%1%2%3 = %4")
                                   .arg(input, kMinus, known(snapshot.rowMaxima[std::size_t(row)]),
                                        known(snapshot.shifted.at(row, column)));
            }
            return head + AttentionText::tr(
                              "max(%1) = %2; %3 (with the max subtracted, "
                              "e<sup>x</sup> cannot overflow, and the weights "
                              "are the same)")
                              .arg(inputs.join(QStringLiteral(", ")),
                                   known(snapshot.rowMaxima[std::size_t(row)]),
                                   differences.join(QStringLiteral(", ")));
        }
        case AttentionPhase::Exponent:
            return head + exponentials(snapshot, row);
        case AttentionPhase::Sum:
            return head +
                   AttentionText::tr("%1, sum %2")
                       .arg(exponentials(snapshot, row), known(snapshot.rowSums[std::size_t(row)]));
        default:
            break;
    }
    QStringList weights;
    for (int column = 0; column < snapshot.weights.columns; ++column) {
        weights << known(snapshot.weights.at(row, column));
    }
    return head + AttentionText::tr("%1, sum %2 \u2192 %3 (each \u00F7 %2: the row sums to 1)")
                      .arg(exponentials(snapshot, row), known(snapshot.rowSums[std::size_t(row)]),
                           weights.join(QStringLiteral(", ")));
}

}  // namespace

QString AttentionText::scaledTitle(const matmul::AttentionInputs& inputs) {
    return QStringLiteral("QK\u1D40/\u221A%1").arg(inputs.queries.columns);
}

QString AttentionText::stepHtml(const AttentionRun& run, int step) {
    const AttentionSnapshot& snapshot = run.snapshots()[std::size_t(step)];
    const matmul::AttentionInputs& inputs = run.inputs();
    const int row = snapshot.row;
    const int column = snapshot.column;
    switch (snapshot.phase) {
        case AttentionPhase::Inputs:
            return tr("%1 queries, %2 keys, d<sub>k</sub> = %3. Every score, every softmax row "
                      "and every output element needs nothing from the others: a GPU computes "
                      "them all at once. Here they come one at a time, with their numbers.")
                .arg(inputs.queries.rows)
                .arg(inputs.keys.rows)
                .arg(inputs.queries.columns);
        case AttentionPhase::Score:
            return tr("<b>score[%1][%2]</b> = Q row %1 \u00B7 K\u1D40 column %2 = %3")
                .arg(row)
                .arg(column)
                .arg(dotProduct(inputs.queries, row, inputs.keys, column));
        case AttentionPhase::Scale: {
            QStringList rows;
            for (int index = 0; index < snapshot.scores.rows; ++index) {
                rows << QStringLiteral("%1 \u2192 %2")
                            .arg(rowText(snapshot.scores, index),
                                 rowText(snapshot.softmaxInputs, index));
            }
            return tr("<b>Scale:</b> every score \u00F7 \u221A%1 (\u00D7 %2), all at once: %3")
                .arg(inputs.queries.columns)
                .arg(valueText(run.scaleFactor()), rows.join(QStringLiteral("; ")));
        }
        case AttentionPhase::SubtractMax:
        case AttentionPhase::Exponent:
        case AttentionPhase::Sum:
        case AttentionPhase::Divide:
            return softmaxText(snapshot);
        case AttentionPhase::Output: {
            QStringList products;
            double sum = 0;
            for (int k = 0; k < inputs.values.rows; ++k) {
                const double weight = *snapshot.weights.at(row, k);
                products << productText(weight, inputs.values.at(k, column));
                sum += weight * inputs.values.at(k, column);
            }
            return tr("<b>output[%1][%2]</b> = weights row %1 \u00B7 V column %2 = %3 = %4")
                .arg(row)
                .arg(column)
                .arg(products.join(QStringLiteral(" + ")), valueText(sum));
        }
    }
    return {};
}

QString AttentionText::scalingNoteHtml(const matmul::AttentionInputs& inputs) {
    if (!matmul::isSeedAttentionExample(inputs)) {
        if (!inputs.scaled) {
            return tr(
                "<b>scale: false</b> leaves out the \u00F7\u221Ad<sub>k</sub> of the "
                "formula.");
        }
        return tr(
            "Dividing by \u221Ad<sub>k</sub> keeps the scores from growing with the "
            "length of the vectors, so the softmax does not saturate.");
    }
    matmul::AttentionInputs unscaled = inputs;
    unscaled.scaled = false;
    const AttentionSnapshot slide = AttentionRun(unscaled).final();
    const QString slideWeights =
        QStringLiteral("%1 and %2")
            .arg(known(slide.weights.at(1, 0)), known(slide.weights.at(1, 1)));
    const QString slideOutputs = rowText(slide.outputs, 1);
    if (!inputs.scaled) {
        return tr("<b>The lecture slide's numbers:</b> like the slide, this leaves out the "
                  "\u00F7\u221Ad<sub>k</sub>. Row 1's weights are %1, which the slide rounds to "
                  ".27 and .73; output row 1 is exactly %2, which the slide rounds to one "
                  "decimal: [2.5, 3.5].")
            .arg(slideWeights, slideOutputs);
    }
    matmul::AttentionInputs scaled = inputs;
    scaled.scaled = true;
    const AttentionSnapshot formula = AttentionRun(scaled).final();
    return tr("<b>The lecture slide leaves out the \u00F7\u221Ad<sub>k</sub></b>: its softmax "
              "is of the raw scores, so its row 1 weights are %1 (shown as .27 and .73) and its "
              "output row 1 is %2 (shown as [2.5, 3.5]). Divided by \u221A2, as the formula says, "
              "the weights are flatter, %3 and %4, and output row 1 is %5. Untick the box (or "
              "write scale: false) for the slide's numbers.")
        .arg(slideWeights, slideOutputs, known(formula.weights.at(1, 0)),
             known(formula.weights.at(1, 1)), rowText(formula.outputs, 1));
}

}  // namespace mlsyslab::widgets
