#include <yaml-cpp/yaml.h>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QtTest>
#include <memory>

#include "../WidgetTestSupport.h"
#include "common/StepControls.h"
#include "matmul/lesson/MatmulParallelKind.h"
#include "matmul/AttentionView.h"
#include "matmul/Conv2dView.h"
#include "matmul/MatmulParallelWidget.h"
#include "matmul/MatmulThreadsView.h"
#include "matmul/MatrixGridView.h"

using mlsyslab::lesson::kinds::ParallelView;
using mlsyslab::lesson::kinds::matmulParallelKind;
using mlsyslab::widgets::AttentionView;
using mlsyslab::widgets::CellMark;
using mlsyslab::widgets::Conv2dView;
using mlsyslab::widgets::MatmulParallelWidget;
using mlsyslab::widgets::MatmulThreadsView;
using mlsyslab::widgets::MatrixGridView;
using mlsyslab::widgets::StepControls;

namespace {

using mlsyslab::testing::choose;
using mlsyslab::testing::part;

// The widget for a lesson's ```sim matmul-parallel state, shown, as the lesson player shows it.
std::unique_ptr<MatmulParallelWidget> widgetFrom(const char* yaml) {
    const auto reading = matmulParallelKind().read(YAML::Load(yaml));
    if (!reading.problems.empty()) qWarning("the test state has problems: %s", yaml);
    auto widget = std::make_unique<MatmulParallelWidget>(reading.state);
    widget->resize(1280, 900);
    widget->show();
    return widget;
}

MatrixGridView* grid(const QWidget& widget, const char* name) {
    return part<MatrixGridView>(widget, name);
}

// "1 0 2 / 4 0 8": a grid's values row by row ("_" for an empty cell).
QString values(const MatrixGridView* view) {
    QStringList rows;
    for (int row = 0; row < view->rows(); ++row) {
        QStringList cells;
        for (int column = 0; column < view->columns(); ++column) {
            const QString value = view->cell(row, column).value;
            cells << (value.isEmpty() ? QStringLiteral("_") : value);
        }
        rows << cells.join(' ');
    }
    return rows.join(" / ");
}

// "AAA / ..." : one letter per cell for its mark: plain ., pending _, operand O, active A,
// partial p, done D, padding z.
QString marks(const MatrixGridView* view) {
    QStringList rows;
    for (int row = 0; row < view->rows(); ++row) {
        QString letters;
        for (int column = 0; column < view->columns(); ++column) {
            switch (view->cell(row, column).mark) {
                case CellMark::Plain:
                    letters += '.';
                    break;
                case CellMark::Pending:
                    letters += '_';
                    break;
                case CellMark::Operand:
                    letters += 'O';
                    break;
                case CellMark::Active:
                    letters += 'A';
                    break;
                case CellMark::Partial:
                    letters += 'p';
                    break;
                case CellMark::Done:
                    letters += 'D';
                    break;
                case CellMark::Padding:
                    letters += 'z';
                    break;
            }
        }
        rows << letters;
    }
    return rows.join(" / ");
}

QString text(const QWidget& widget, const char* name) { return part<QLabel>(widget, name)->text(); }

// The label's text as a reader sees it, without the markup.
QString plain(const QWidget& widget, const char* name) {
    QTextDocument document;
    document.setHtml(text(widget, name));
    return document.toPlainText();
}

StepControls* steps(const QWidget& widget) { return part<StepControls>(widget, "stepControls"); }

void press(QWidget& widget, Qt::Key key, int times = 1) {
    for (int time = 0; time < times; ++time) QTest::keyClick(&widget, key);
}

}  // namespace

class TestMatmulParallelWidget : public QObject {
    Q_OBJECT

private slots:
    void opensOnTheMatmulWithItsThreads() {
        const auto widget = widgetFrom("");
        QCOMPARE(widget->view(), ParallelView::Matmul);
        QCOMPARE(part<QComboBox>(*widget, "viewChooser")->currentIndex(), 0);
        QVERIFY(part<QComboBox>(*widget, "modeChooser")->isVisible());
        QCOMPARE(steps(*widget)->count(), 4);
        const MatrixGridView* output = grid(*widget, "matrixC");
        QCOMPARE(values(output), QString("_ _ _ / _ _ _"));
        QCOMPARE(marks(output), QString("___ / ___"));
        QCOMPARE(output->cell(1, 0).note, QString("t(1,0)"));
        QCOMPARE(values(grid(*widget, "matrixA")), QString("1 2 3 / 4 5 6"));
        QCOMPARE(plain(*widget, "matmulCounter"),
                 QString("6 threads \u00D7 3 steps in parallel vs 18 steps one at a time"));
        QCOMPARE(plain(*widget, "matmulProgress"),
                 QString("0 of 18 multiply-adds done \u00B7 0 of 6 outputs complete"));
        QVERIFY(plain(*widget, "matmulExplanation").startsWith("6 threads start together"));
    }

    // Every thread adds its term k at step k + 1: all of C lights up together.
    void keysStepEveryThreadAtOnce() {
        const auto widget = widgetFrom("");
        press(*widget, Qt::Key_Right);
        QCOMPARE(widget->currentStep(), 1);
        QCOMPARE(values(grid(*widget, "matrixC")), QString("1 0 2 / 4 0 8"));
        QCOMPARE(marks(grid(*widget, "matrixC")), QString("AAA / AAA"));
        QCOMPARE(marks(grid(*widget, "matrixA")), QString("O.. / O.."));
        QCOMPARE(marks(grid(*widget, "matrixB")), QString("OOO / ... / ..."));
        QCOMPARE(plain(*widget, "matmulExplanation"),
                 QString("k = 0: all 6 threads add their product A[i][0]\u00B7B[0][j] at the "
                         "same time. For example t(1,2): C[1][2] = 4\u00B72 = 8."));
        press(*widget, Qt::Key_Right, 2);
        QCOMPARE(values(grid(*widget, "matrixC")), QString("4 5 4 / 10 11 13"));
        QCOMPARE(marks(grid(*widget, "matrixA")), QString("..O / ..O"));
        QVERIFY(plain(*widget, "matmulExplanation")
                    .contains("t(1,2): C[1][2] = 4\u00B72 + 5\u00B71 + 6\u00B70 = 13. All of C "
                              "is done after 3 steps"));
        QCOMPARE(plain(*widget, "matmulProgress"),
                 QString("18 of 18 multiply-adds done \u00B7 6 of 6 outputs complete"));
        press(*widget, Qt::Key_Right);  // past the end: stays
        QCOMPARE(widget->currentStep(), 3);
        press(*widget, Qt::Key_Left);
        QCOMPARE(values(grid(*widget, "matrixC")), QString("1 2 4 / 4 5 13"));
        QCOMPARE(marks(grid(*widget, "matrixB")), QString("... / OOO / ..."));
        press(*widget, Qt::Key_Home);
        QCOMPARE(widget->currentStep(), 0);
        QCOMPARE(marks(grid(*widget, "matrixC")), QString("___ / ___"));
        press(*widget, Qt::Key_End);
        QCOMPARE(widget->currentStep(), 3);
        press(*widget, Qt::Key_Space);
        QVERIFY(steps(*widget)->isRunning() || widget->currentStep() == 3);
        press(*widget, Qt::Key_Space);
        QVERIFY(!steps(*widget)->isRunning());
    }

    // One core: 18 steps, one multiply-add each.
    void oneAtATimeTakesEighteenSteps() {
        const auto widget = widgetFrom("");
        QVERIFY(choose(part<QComboBox>(*widget, "modeChooser"), "one at a time (one CPU core)"));
        QCOMPARE(steps(*widget)->count(), 19);
        QCOMPARE(widget->currentStep(), 0);
        press(*widget, Qt::Key_Right, 4);
        QCOMPARE(values(grid(*widget, "matrixC")), QString("4 0 _ / _ _ _"));
        QCOMPARE(marks(grid(*widget, "matrixC")), QString("DA_ / ___"));
        QCOMPARE(marks(grid(*widget, "matrixA")), QString("O.. / ..."));
        QCOMPARE(marks(grid(*widget, "matrixB")), QString(".O. / ... / ..."));
        QCOMPARE(plain(*widget, "matmulExplanation"),
                 QString("t(0,1) adds A[0][0]\u00B7B[0][1]: C[0][1] = 1\u00B70 = 0."));
        press(*widget, Qt::Key_End);
        QVERIFY(plain(*widget, "matmulExplanation")
                    .endsWith("This output is done. 18 steps for what 6 threads do in 3."));
    }

    void convolutionCountsTheSeedsLayer() {
        const auto widget = widgetFrom("");
        QVERIFY(choose(part<QComboBox>(*widget, "viewChooser"), "conv2d: every position at once"));
        QCOMPARE(widget->view(), ParallelView::Conv2d);
        QVERIFY(part<Conv2dView>(*widget, "convView")->isVisible());
        QVERIFY(!part<MatmulThreadsView>(*widget, "matmulView")->isVisible());
        QCOMPARE(widget->currentPage()->objectName(), QString("convView"));
        QCOMPARE(steps(*widget)->count(), 10);
        QCOMPARE(plain(*widget, "layerCounts"),
                 QString("At the size of a real layer (seed 001): a 224\u00D7224 image with 3 "
                         "channels, 64 filters of 3\u00D73\u00D73, stride 1, padding same.\n"
                         "224 \u00D7 224 positions \u00D7 64 filters = 3,211,264 parallel "
                         "operations (3.2 million), each 3 \u00D7 3 \u00D7 3 = 27 "
                         "multiply-adds:\n86,704,128 multiply-adds (86.7 million) in all, and no "
                         "output waits for another."));
        QCOMPARE(plain(*widget, "convCounter"),
                 QString("9 outputs \u00D7 9 multiply-adds: 9 steps in parallel vs 81 steps one "
                         "at a time"));
        // Step 5 is weight w[1][1] for every output at once.
        press(*widget, Qt::Key_Right, 5);
        QCOMPARE(values(grid(*widget, "convOutput")), QString("1 2 0 / -1 -1 3 / 2 3 1"));
        QCOMPARE(marks(grid(*widget, "convOutput")), QString("AAA / AAA / AAA"));
        QCOMPARE(marks(grid(*widget, "convFilter")), QString("... / .O. / ..."));
        QCOMPARE(marks(grid(*widget, "convImage")),
                 QString("..... / .OOO. / .OOO. / .OOO. / ....."));
        QVERIFY(!grid(*widget, "convImage")->outline().has_value());
        press(*widget, Qt::Key_End);
        QCOMPARE(values(grid(*widget, "convOutput")), QString("-1 0 -2 / -3 1 3 / 0 1 0"));
    }

    // One at a time, the window slides: step 10 is output (0, 1)'s first weight.
    void slidingWindowOneAtATime() {
        const auto widget = widgetFrom("view: conv2d\nmode: sequential\nexample: {padding: 1}");
        QCOMPARE(part<QComboBox>(*widget, "modeChooser")->currentIndex(), 1);
        QCOMPARE(steps(*widget)->count(), 25 * 9 + 1);
        QCOMPARE(marks(grid(*widget, "convImage")).left(8), QString("zzzzzzz "));
        press(*widget, Qt::Key_Right);
        // Output (0, 0)'s window starts in the padding, at pixel (-1, -1).
        QCOMPARE(grid(*widget, "convImage")->outline(), std::optional<QRect>(QRect(0, 0, 3, 3)));
        QCOMPARE(marks(grid(*widget, "convImage")).left(8), QString("Ozzzzzz "));
        QCOMPARE(plain(*widget, "convExplanation"),
                 QString("t(0,0) adds w[0][0]\u00B7x[-1][-1] (padding, 0): out[0][0] = "
                         "0\u00B71 = 0."));
        press(*widget, Qt::Key_Right, 9);
        QCOMPARE(grid(*widget, "convImage")->outline(), std::optional<QRect>(QRect(1, 0, 3, 3)));
        QCOMPARE(marks(grid(*widget, "convOutput")).left(6), QString("DA___ "));
    }

    void attentionStepsWithItsNumbers() {
        const auto widget = widgetFrom("view: attention");
        QVERIFY(!part<QComboBox>(*widget, "modeChooser")->isVisible());
        QVERIFY(part<QCheckBox>(*widget, "scaleCheck")->isChecked());
        QCOMPARE(steps(*widget)->count(), 18);
        QCOMPARE(values(grid(*widget, "attentionKt")), QString("1 1 / 0 1"));
        press(*widget, Qt::Key_Right, 2);  // score[0][1]
        QCOMPARE(values(grid(*widget, "attentionScores")), QString("1 1 / _ _"));
        QCOMPARE(marks(grid(*widget, "attentionScores")), QString("DA / __"));
        QCOMPARE(marks(grid(*widget, "attentionQ")), QString("OO / .."));
        QCOMPARE(marks(grid(*widget, "attentionKt")), QString(".O / .O"));
        QCOMPARE(
            plain(*widget, "attentionFormula"),
            QString("score[0][1] = Q row 0 \u00B7 K\u1D40 column 1 = 1\u00B71 + 0\u00B71 = 1"));
        press(*widget, Qt::Key_Right, 3);  // the scaling
        QCOMPARE(values(grid(*widget, "attentionScaled")), QString("0.707 0.707 / 0 0.707"));
        QCOMPARE(marks(grid(*widget, "attentionScaled")), QString("AA / AA"));
        press(*widget, Qt::Key_Right, 8);  // the softmax of row 1, divided
        QCOMPARE(plain(*widget, "attentionFormula"),
                 QString("softmax row 1: e0 \u2212 0.707 = 0.493, e0.707 \u2212 0.707 = 1, sum "
                         "1.493 \u2192 0.330, 0.670 (each \u00F7 1.493: the row sums to 1)"));
        QCOMPARE(values(grid(*widget, "attentionWeights")), QString("0.500 0.500 / 0.330 0.670"));
        QCOMPARE(marks(grid(*widget, "attentionWeights")), QString("DD / AA"));
        QCOMPARE(marks(grid(*widget, "attentionExp")), QString("DD / OO"));
        QCOMPARE(values(grid(*widget, "attentionMax")), QString("0.707 / 0.707"));
        QCOMPARE(values(grid(*widget, "attentionSum")), QString("2 / 1.493"));
        press(*widget, Qt::Key_End);
        QCOMPARE(values(grid(*widget, "attentionOutput")), QString("2 3 / 2.340 3.340"));
        QCOMPARE(marks(grid(*widget, "attentionV")), QString(".O / .O"));
        QCOMPARE(plain(*widget, "attentionFormula"),
                 QString("output[1][1] = weights row 1 \u00B7 V column 1 = 0.330\u00B72 + "
                         "0.670\u00B74 = 3.340"));
        QVERIFY(plain(*widget, "attentionNote")
                    .contains("the weights are flatter, 0.330 and "
                              "0.670, and output row 1 is [2.340, "
                              "3.340]"));
    }

    // Without the scaling: the slide's numbers, and a note on its rounding.
    void theSlidesNumbersWithoutScaling() {
        const auto widget = widgetFrom("view: attention");
        press(*widget, Qt::Key_Right, 3);
        part<QCheckBox>(*widget, "scaleCheck")->click();
        QCOMPARE(steps(*widget)->count(), 17);
        QCOMPARE(widget->currentStep(), 3);
        QVERIFY(!grid(*widget, "attentionScaled")->isVisible());
        press(*widget, Qt::Key_End);
        QCOMPARE(values(grid(*widget, "attentionWeights")), QString("0.500 0.500 / 0.269 0.731"));
        QCOMPARE(values(grid(*widget, "attentionOutput")), QString("2 3 / 2.462 3.462"));
        QCOMPARE(plain(*widget, "attentionNote"),
                 QString("The lecture slide's numbers: like the slide, this leaves out the "
                         "\u00F7\u221Adk. Row 1's weights are 0.269 and 0.731, which the slide "
                         "rounds to .27 and .73; output row 1 is exactly [2.462, 3.462], which "
                         "the slide rounds to one decimal: [2.5, 3.5]."));
    }

    void lessonStateOpensItsView() {
        const auto widget = widgetFrom("view: attention\nscale: false");
        QVERIFY(part<AttentionView>(*widget, "attentionView")->isVisible());
        QVERIFY(!part<Conv2dView>(*widget, "convView")->isVisible());
        QVERIFY(!part<QCheckBox>(*widget, "scaleCheck")->isChecked());
        QCOMPARE(steps(*widget)->count(), 17);
    }

    void opensAtTheLessonsStartStep() {
        const auto widget = widgetFrom("view: attention\nstart_step: 13");
        QCOMPARE(widget->currentStep(), 13);
        QCOMPARE(marks(grid(*widget, "attentionWeights")), QString("DD / AA"));
        const auto pastTheEnd = widgetFrom("start_step: 99");
        QCOMPARE(pastTheEnd->currentStep(), 3);
        QCOMPARE(values(grid(*pastTheEnd, "matrixC")), QString("4 5 4 / 10 11 13"));
    }

    // Each view keeps its own step; switching back finds it where it was.
    void switchingViewsKeepsEachOnesStep() {
        const auto widget = widgetFrom("");
        press(*widget, Qt::Key_Right, 2);
        widget->setView(ParallelView::Attention);
        QCOMPARE(part<QComboBox>(*widget, "viewChooser")->currentIndex(), 2);
        QCOMPARE(widget->currentStep(), 0);
        QCOMPARE(steps(*widget)->count(), 18);
        press(*widget, Qt::Key_Right);
        QVERIFY(choose(part<QComboBox>(*widget, "viewChooser"), "matmul: one thread per output"));
        QCOMPARE(widget->currentStep(), 2);
        QCOMPARE(steps(*widget)->count(), 4);
        QCOMPARE(values(grid(*widget, "matrixC")), QString("1 2 4 / 4 5 13"));
        widget->setView(ParallelView::Attention);
        QCOMPARE(widget->currentStep(), 1);
    }

    // The mode applies to both thread views.
    void theModeFollowsIntoTheConvolution() {
        const auto widget = widgetFrom("mode: sequential");
        widget->setView(ParallelView::Conv2d);
        QCOMPARE(steps(*widget)->count(), 82);
        widget->setSchedule(mlsyslab::matmul::ThreadSchedule::Parallel);
        QCOMPARE(steps(*widget)->count(), 10);
        QCOMPARE(part<QComboBox>(*widget, "modeChooser")->currentIndex(), 0);
    }

    void ownMatricesFromTheLesson() {
        const auto widget = widgetFrom("a: [[1, -2]]\nb: [[3], [4]]");
        QCOMPARE(steps(*widget)->count(), 3);
        press(*widget, Qt::Key_End);
        QCOMPARE(values(grid(*widget, "matrixC")), QString("-5"));
        QCOMPARE(plain(*widget, "matmulCounter"),
                 QString("1 thread \u00D7 2 steps in parallel vs 2 steps one at a time"));
    }
};

QTEST_MAIN(TestMatmulParallelWidget)
#include "tst_matmul_parallel_widget.moc"
