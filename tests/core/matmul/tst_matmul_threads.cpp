#include <QtTest>

#include "matmul/DotProductThreads.h"
#include "matmul/MatmulThreads.h"

using mlsyslab::matmul::CellPosition;
using mlsyslab::matmul::exampleMatmulLeft;
using mlsyslab::matmul::exampleMatmulRight;
using mlsyslab::matmul::matmulShapeProblem;
using mlsyslab::matmul::matmulThreads;
using mlsyslab::matmul::SmallMatrix;
using mlsyslab::matmul::TermIndex;
using mlsyslab::matmul::ThreadSchedule;
using mlsyslab::matmul::ThreadsRun;
using mlsyslab::matmul::ThreadsSnapshot;

namespace {

// "4 5 4 / 10 11 13": the partial sums of a snapshot, row after row.
QString sums(const ThreadsSnapshot& snapshot, int columns) {
    QStringList rows;
    QStringList row;
    for (std::size_t thread = 0; thread < snapshot.partialSums.size(); ++thread) {
        row << QString::number(snapshot.partialSums[thread]);
        if (int(thread + 1) % columns == 0) {
            rows << row.join(' ');
            row.clear();
        }
    }
    return rows.join(" / ");
}

// "0.2 1.2": thread.term of every multiply-add the step ran.
QString ran(const ThreadsSnapshot& snapshot) {
    QStringList terms;
    for (const TermIndex& index : snapshot.lastStep) {
        terms << QStringLiteral("%1.%2").arg(index.thread).arg(index.term);
    }
    return terms.join(' ');
}

}  // namespace

class TestMatmulThreads : public QObject {
    Q_OBJECT

private slots:
    void theExampleIsTwoByThreeTimesThreeByThree() {
        QCOMPARE(exampleMatmulLeft(), SmallMatrix::fromRows({{1, 2, 3}, {4, 5, 6}}));
        QCOMPARE(exampleMatmulRight(), SmallMatrix::fromRows({{1, 0, 2}, {0, 1, 1}, {1, 1, 0}}));
    }

    void eachThreadHoldsItsRowTimesItsColumn() {
        const auto threads = matmulThreads(exampleMatmulLeft(), exampleMatmulRight());
        QCOMPARE(threads.size(), std::size_t(6));
        // Thread 5 computes C[1][2] = A[1][0]·B[0][2] + A[1][1]·B[1][2] + A[1][2]·B[2][2].
        const auto& thread = threads[5];
        QCOMPARE(thread.outputCell, (CellPosition{1, 2}));
        QCOMPARE(thread.terms.size(), std::size_t(3));
        const double lefts[] = {4, 5, 6};
        const double rights[] = {2, 1, 0};
        for (int k = 0; k < 3; ++k) {
            QCOMPARE(thread.terms[std::size_t(k)].left, lefts[k]);
            QCOMPARE(thread.terms[std::size_t(k)].right, rights[k]);
            QCOMPARE(thread.terms[std::size_t(k)].leftCell, (CellPosition{1, k}));
            QCOMPARE(thread.terms[std::size_t(k)].rightCell, (CellPosition{k, 2}));
        }
        QCOMPARE(thread.result(), 13.0);
    }

    // All six threads start together; step k each adds A[i][k]·B[k][j].
    void inParallelEveryThreadAddsOneTermPerStep() {
        const ThreadsRun run(matmulThreads(exampleMatmulLeft(), exampleMatmulRight()),
                             ThreadSchedule::Parallel);
        QCOMPARE(run.parallelSteps(), 3);
        QCOMPARE(run.sequentialSteps(), std::int64_t(18));
        QCOMPARE(run.totalMultiplyAdds(), std::int64_t(18));
        const auto& snapshots = run.snapshots();
        QCOMPARE(snapshots.size(), std::size_t(4));
        const QString expectedSums[] = {"0 0 0 / 0 0 0", "1 0 2 / 4 0 8", "1 2 4 / 4 5 13",
                                        "4 5 4 / 10 11 13"};
        for (int step = 0; step < 4; ++step) {
            const ThreadsSnapshot& snapshot = snapshots[std::size_t(step)];
            QCOMPARE(sums(snapshot, 3), expectedSums[step]);
            QCOMPARE(snapshot.multiplyAddsDone, std::int64_t(6 * step));
            QCOMPARE(snapshot.termsDone, std::vector<int>(6, step));
            if (step == 0) {
                QCOMPARE(ran(snapshot), QString());
            } else {
                const int term = step - 1;
                QCOMPARE(ran(snapshot), QStringLiteral("0.%1 1.%1 2.%1 3.%1 4.%1 5.%1").arg(term));
            }
        }
    }

    // One core: thread 0's three terms, then thread 1's, ...: 18 steps.
    void oneAtATimeTakesEveryMultiplyAddInTurn() {
        const ThreadsRun run(matmulThreads(exampleMatmulLeft(), exampleMatmulRight()),
                             ThreadSchedule::Sequential);
        const auto& snapshots = run.snapshots();
        QCOMPARE(snapshots.size(), std::size_t(19));
        for (int step = 1; step <= 18; ++step) {
            const ThreadsSnapshot& snapshot = snapshots[std::size_t(step)];
            const int thread = (step - 1) / 3;
            const int term = (step - 1) % 3;
            QCOMPARE(ran(snapshot), QStringLiteral("%1.%2").arg(thread).arg(term));
            QCOMPARE(snapshot.multiplyAddsDone, std::int64_t(step));
            for (int other = 0; other < 6; ++other) {
                const int expectedDone = other < thread ? 3 : other == thread ? term + 1 : 0;
                QCOMPARE(snapshot.termsDone[std::size_t(other)], expectedDone);
            }
        }
        QCOMPARE(sums(snapshots[4], 3), QString("4 0 0 / 0 0 0"));
        QCOMPARE(sums(snapshots[8], 3), QString("4 5 4 / 0 0 0"));
        QCOMPARE(sums(snapshots[13], 3), QString("4 5 4 / 10 0 0"));
        QCOMPARE(sums(snapshots[16], 3), QString("4 5 4 / 10 11 8"));
        QCOMPARE(sums(snapshots.back(), 3), QString("4 5 4 / 10 11 13"));
    }

    void shapesThatDoNotFitAreNamed() {
        QCOMPARE(matmulShapeProblem(exampleMatmulLeft(), exampleMatmulRight()), std::nullopt);
        QCOMPARE(matmulShapeProblem(exampleMatmulLeft(), exampleMatmulLeft()).value_or(""),
                 std::string("A · B needs as many rows in B as columns in A: A is 2×3, B is 2×3"));
    }

    void aOneByOneProductTakesOneStep() {
        const ThreadsRun run(
            matmulThreads(SmallMatrix::fromRows({{7}}), SmallMatrix::fromRows({{-3}})),
            ThreadSchedule::Parallel);
        QCOMPARE(run.snapshots().size(), std::size_t(2));
        QCOMPARE(run.snapshots().back().partialSums, std::vector<double>{-21});
    }

    // A thread with fewer terms stops early; the others go on.
    void unequalThreadsFinishAtTheirOwnStep() {
        mlsyslab::matmul::OutputThread shortThread;
        shortThread.terms = {{2, 3, {}, {}}};
        mlsyslab::matmul::OutputThread longThread;
        longThread.terms = {{1, 1, {}, {}}, {1, 1, {}, {}}};
        const ThreadsRun run({shortThread, longThread}, ThreadSchedule::Parallel);
        QCOMPARE(run.parallelSteps(), 2);
        QCOMPARE(ran(run.snapshots()[2]), QString("1.1"));
        QCOMPARE(run.snapshots()[2].partialSums, (std::vector<double>{6, 2}));
    }
};

QTEST_APPLESS_MAIN(TestMatmulThreads)
#include "tst_matmul_threads.moc"
