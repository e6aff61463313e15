#include <QtTest>
#include <cmath>

#include "matmul/AttentionSteps.h"

using mlsyslab::matmul::AttentionInputs;
using mlsyslab::matmul::AttentionPhase;
using mlsyslab::matmul::AttentionRun;
using mlsyslab::matmul::attentionShapeProblem;
using mlsyslab::matmul::AttentionSnapshot;
using mlsyslab::matmul::isSeedAttentionExample;
using mlsyslab::matmul::PartialMatrix;
using mlsyslab::matmul::seedAttentionInputs;
using mlsyslab::matmul::SmallMatrix;

namespace {

// The final value of every intermediate, computed independently (Python 3.11, math.exp and
// plain float arithmetic, in the same order of summation):
//   S = Q Kᵀ; X = S·f (f = 1/√d_k, or 1); m = max per row; X − m; e^(X − m); Σ; W = e/Σ; O = W V
struct Golden {
    std::vector<std::vector<double>> scores, softmaxInputs;
    std::vector<double> maxima;
    std::vector<std::vector<double>> shifted, exponentials;
    std::vector<double> sums;
    std::vector<std::vector<double>> weights, outputs;
};

const Golden kSeedScaled = {
    {{1, 1}, {0, 1}},
    {{0.7071067811865475, 0.7071067811865475}, {0.0, 0.7071067811865475}},
    {0.7071067811865475, 0.7071067811865475},
    {{0.0, 0.0}, {-0.7071067811865475, 0.0}},
    {{1.0, 1.0}, {0.49306869139523984, 1.0}},
    {2.0, 1.4930686913952398},
    {{0.5, 0.5}, {0.3302384506733431, 0.6697615493266569}},
    {{2.0, 3.0}, {2.3395230986533138, 3.3395230986533138}},
};

// The slide's computation, without 1/√d_k: exact weights 0.2689 and 0.7311, so row 2 of the
// output is [2.462, 3.462] (the slide's 2.5 and 3.5 come from weights rounded to .27 and .73).
const Golden kSeedUnscaled = {
    {{1, 1}, {0, 1}},
    {{1, 1}, {0, 1}},
    {1, 1},
    {{0.0, 0.0}, {-1.0, 0.0}},
    {{1.0, 1.0}, {0.36787944117144233, 1.0}},
    {2.0, 1.3678794411714423},
    {{0.5, 0.5}, {0.2689414213699951, 0.7310585786300049}},
    {{2.0, 3.0}, {2.46211715726001, 3.4621171572600096}},
};

// Q 3×3, K 2×3, V 2×1: three queries over two keys.
AttentionInputs threeQueries() {
    AttentionInputs inputs;
    inputs.queries = SmallMatrix::fromRows({{1, 0, 2}, {0.5, -1, 1}, {2, 2, 0}});
    inputs.keys = SmallMatrix::fromRows({{1, 1, 0}, {0, 2, 1}});
    inputs.values = SmallMatrix::fromRows({{1}, {-2}});
    return inputs;
}

const Golden kThreeQueries = {
    {{1, 2}, {-0.5, -1.0}, {4, 4}},
    {{0.5773502691896258, 1.1547005383792517},
     {-0.2886751345948129, -0.5773502691896258},
     {2.3094010767585034, 2.3094010767585034}},
    {1.1547005383792517, -0.2886751345948129, 2.3094010767585034},
    {{-0.5773502691896258, 0.0}, {0.0, -0.2886751345948129}, {0.0, 0.0}},
    {{0.5613839137989282, 1.0}, {1.0, 0.7492555730849976}, {1.0, 1.0}},
    {1.5613839137989283, 1.7492555730849975, 2.0},
    {{0.3595425243193725, 0.6404574756806275},
     {0.5716717530511531, 0.42832824694884697},
     {0.5, 0.5}},
    {{-0.9213724270418825}, {-0.2849847408465408}, {-0.5}},
};

struct Step {
    AttentionPhase phase;
    int row;
    int column;
};

// The steps the run must take, in order, written out from the definition: every score, the
// scaling, four steps per softmax row, every output.
std::vector<Step> expectedSteps(int queries, int keys, int valueColumns, bool scaled) {
    std::vector<Step> steps = {{AttentionPhase::Inputs, -1, -1}};
    for (int row = 0; row < queries; ++row) {
        for (int column = 0; column < keys; ++column) {
            steps.push_back({AttentionPhase::Score, row, column});
        }
    }
    if (scaled) steps.push_back({AttentionPhase::Scale, -1, -1});
    for (int row = 0; row < queries; ++row) {
        for (const AttentionPhase phase : {AttentionPhase::SubtractMax, AttentionPhase::Exponent,
                                           AttentionPhase::Sum, AttentionPhase::Divide}) {
            steps.push_back({phase, row, -1});
        }
    }
    for (int row = 0; row < queries; ++row) {
        for (int column = 0; column < valueColumns; ++column) {
            steps.push_back({AttentionPhase::Output, row, column});
        }
    }
    return steps;
}

bool close(double actual, double expected) {
    return std::abs(actual - expected) <= 1e-12 * std::max(1.0, std::abs(expected));
}

// A value that must be known after step `done` of `steps` exactly when `filledBy` is among them.
QString checkCell(const std::optional<double>& actual, bool known, double expected) {
    if (!known) {
        return actual ? QStringLiteral("has %1 too early").arg(*actual, 0, 'g', 17) : QString();
    }
    if (!actual) return QStringLiteral("missing (expected %1)").arg(expected, 0, 'g', 17);
    if (!close(*actual, expected)) {
        return QStringLiteral("%1 instead of %2")
            .arg(*actual, 0, 'g', 17)
            .arg(expected, 0, 'g', 17);
    }
    return {};
}

// Every cell of every intermediate after the first `done + 1` steps, against the golden values;
// the problems found, one per line.
QStringList compare(const AttentionSnapshot& snapshot, const std::vector<Step>& steps,
                    std::size_t done, const Golden& golden, bool scaled) {
    QStringList problems;
    auto doneStep = [&](AttentionPhase phase, int row, int column) {
        for (std::size_t index = 0; index <= done; ++index) {
            const Step& step = steps[index];
            if (step.phase == phase && (step.row == row || step.row == -1) &&
                (step.column == column || step.column == -1)) {
                return true;
            }
        }
        return false;
    };
    auto check = [&](const char* name, int row, int column, const std::optional<double>& actual,
                     bool known, double expected) {
        const QString problem = checkCell(actual, known, expected);
        if (!problem.isEmpty()) {
            problems << QStringLiteral("%1[%2][%3] %4").arg(name).arg(row).arg(column).arg(problem);
        }
    };
    const int queries = int(golden.scores.size());
    const int keys = int(golden.scores.front().size());
    for (int row = 0; row < queries; ++row) {
        for (int column = 0; column < keys; ++column) {
            const bool scored = doneStep(AttentionPhase::Score, row, column);
            check("scores", row, column, snapshot.scores.at(row, column), scored,
                  golden.scores[row][column]);
            const bool softmaxInput = scaled ? doneStep(AttentionPhase::Scale, -1, -1) : scored;
            check("softmaxInputs", row, column, snapshot.softmaxInputs.at(row, column),
                  softmaxInput, golden.softmaxInputs[row][column]);
            check("shifted", row, column, snapshot.shifted.at(row, column),
                  doneStep(AttentionPhase::SubtractMax, row, -1), golden.shifted[row][column]);
            check("exponentials", row, column, snapshot.exponentials.at(row, column),
                  doneStep(AttentionPhase::Exponent, row, -1), golden.exponentials[row][column]);
            check("weights", row, column, snapshot.weights.at(row, column),
                  doneStep(AttentionPhase::Divide, row, -1), golden.weights[row][column]);
        }
        check("maxima", row, 0, snapshot.rowMaxima[std::size_t(row)],
              doneStep(AttentionPhase::SubtractMax, row, -1), golden.maxima[row]);
        check("sums", row, 0, snapshot.rowSums[std::size_t(row)],
              doneStep(AttentionPhase::Sum, row, -1), golden.sums[row]);
        for (int column = 0; column < int(golden.outputs.front().size()); ++column) {
            check("outputs", row, column, snapshot.outputs.at(row, column),
                  doneStep(AttentionPhase::Output, row, column), golden.outputs[row][column]);
        }
    }
    return problems;
}

void checkEveryStep(const AttentionInputs& inputs, const Golden& golden) {
    const AttentionRun run(inputs);
    const int queries = inputs.queries.rows;
    const std::vector<Step> steps =
        expectedSteps(queries, inputs.keys.rows, inputs.values.columns, inputs.scaled);
    QCOMPARE(run.snapshots().size(), steps.size());
    for (std::size_t index = 0; index < steps.size(); ++index) {
        const AttentionSnapshot& snapshot = run.snapshots()[index];
        QCOMPARE(int(snapshot.phase), int(steps[index].phase));
        QCOMPARE(snapshot.row, steps[index].row);
        QCOMPARE(snapshot.column, steps[index].column);
        const QStringList problems = compare(snapshot, steps, index, golden, inputs.scaled);
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("step %1: %2").arg(index).arg(problems.join("; "))));
    }
}

}  // namespace

class TestAttentionSteps : public QObject {
    Q_OBJECT

private slots:
    void theSeedsExampleIsTheSlides() {
        const AttentionInputs seed = seedAttentionInputs();
        QCOMPARE(seed.queries, SmallMatrix::fromRows({{1, 0}, {0, 1}}));
        // The slide shows Kᵀ = [[1, 1], [0, 1]].
        QCOMPARE(seed.keys.transposed(), SmallMatrix::fromRows({{1, 1}, {0, 1}}));
        QCOMPARE(seed.values, SmallMatrix::fromRows({{1, 2}, {3, 4}}));
        QVERIFY(seed.scaled);
        QVERIFY(isSeedAttentionExample(seed));
        QVERIFY(!isSeedAttentionExample(threeQueries()));
        QCOMPARE(attentionShapeProblem(seed), std::nullopt);
    }

    void scaledSeedEveryStep() { checkEveryStep(seedAttentionInputs(), kSeedScaled); }

    void unscaledSeedEveryStep() {
        AttentionInputs inputs = seedAttentionInputs();
        inputs.scaled = false;
        checkEveryStep(inputs, kSeedUnscaled);
    }

    void threeQueriesTwoKeysEveryStep() { checkEveryStep(threeQueries(), kThreeQueries); }

    void stepCounts() {
        AttentionInputs inputs = seedAttentionInputs();
        QCOMPARE(AttentionRun(inputs).snapshots().size(), std::size_t(18));
        QCOMPARE(AttentionRun(inputs).scaleFactor(), 1 / std::sqrt(2.0));
        inputs.scaled = false;
        QCOMPARE(AttentionRun(inputs).snapshots().size(), std::size_t(17));
        QCOMPARE(AttentionRun(inputs).scaleFactor(), 1.0);
    }

    void eachWeightRowSumsToOne() {
        const AttentionRun run(threeQueries());
        const PartialMatrix& weights = run.final().weights;
        for (int row = 0; row < weights.rows; ++row) {
            double sum = 0;
            for (int column = 0; column < weights.columns; ++column) {
                sum += *weights.at(row, column);
            }
            QVERIFY(close(sum, 1.0));
        }
    }

    // Scores of ±14142 would overflow e^x; subtracting the row's maximum first keeps them finite.
    void hugeScoresStayFinite() {
        AttentionInputs inputs;
        inputs.queries = SmallMatrix::fromRows({{100, 100}});
        inputs.keys = SmallMatrix::fromRows({{100, 100}, {-100, -100}});
        inputs.values = SmallMatrix::fromRows({{5}, {7}});
        const AttentionRun run(inputs);
        const AttentionSnapshot& last = run.final();
        QCOMPARE(*last.weights.at(0, 0), 1.0);
        QCOMPARE(*last.weights.at(0, 1), 0.0);
        QCOMPARE(*last.outputs.at(0, 0), 5.0);
    }

    void mismatchedShapesAreNamed() {
        AttentionInputs keysTooWide = seedAttentionInputs();
        keysTooWide.keys = SmallMatrix::fromRows({{1, 0, 1}, {1, 1, 0}});
        QCOMPARE(attentionShapeProblem(keysTooWide).value_or(""),
                 std::string("K must have as many columns as Q (d_k = 2): Q is 2×2, K is 2×3"));
        AttentionInputs valuesShort = seedAttentionInputs();
        valuesShort.values = SmallMatrix::fromRows({{1, 2}});
        QCOMPARE(attentionShapeProblem(valuesShort).value_or(""),
                 std::string("V must have one row per key, as many as K has: K is 2×2, V is 1×2"));
    }
};

QTEST_APPLESS_MAIN(TestAttentionSteps)
#include "tst_attention_steps.moc"
