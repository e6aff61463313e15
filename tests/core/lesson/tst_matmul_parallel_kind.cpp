#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/LessonParser.h"
#include "lesson/KindSpec.h"
#include "matmul/lesson/MatmulParallelKind.h"

using mlsyslab::lesson::formatDiagnostic;
using mlsyslab::lesson::parseLesson;
using mlsyslab::lesson::builtinSimKinds;
using mlsyslab::lesson::kinds::matmulParallelKind;
using mlsyslab::lesson::kinds::MatmulParallelState;
using mlsyslab::lesson::kinds::parallelViewName;
using mlsyslab::lesson::kinds::matmulParallelKind;
using mlsyslab::matmul::SmallMatrix;
using mlsyslab::matmul::ThreadSchedule;
using mlsyslab::testing::describe;

namespace {

// "[[1,2],[3,4]]"
QString matrixText(const SmallMatrix& matrix) {
    QStringList rows;
    for (int row = 0; row < matrix.rows; ++row) {
        QStringList numbers;
        for (int column = 0; column < matrix.columns; ++column) {
            numbers << QString::number(matrix.at(row, column));
        }
        rows << '[' + numbers.join(',') + ']';
    }
    return '[' + rows.join(',') + ']';
}

// The whole state in one comparable block of lines.
QString describe(const MatmulParallelState& state) {
    const auto& layer = state.layer;
    const auto& example = state.example;
    const auto padding = [](const mlsyslab::matmul::Conv2dPadding& value) {
        return value.same ? QStringLiteral("same") : QString::number(value.pixels);
    };
    return QStringLiteral(
               "%1 %2\na=%3 b=%4\nlayer %5x%6x%7 filters=%8 kernel=%9x%10 stride=%11 "
               "padding=%12\nexample image=%13 filter=%14 stride=%15 padding=%16\n"
               "q=%17 k=%18 v=%19 %20")
        .arg(QString::fromLatin1(parallelViewName(state.view).data()),
             state.schedule == ThreadSchedule::Parallel ? "parallel" : "sequential",
             matrixText(state.a), matrixText(state.b))
        .arg(layer.height)
        .arg(layer.width)
        .arg(layer.channels)
        .arg(layer.filters)
        .arg(layer.kernelHeight)
        .arg(layer.kernelWidth)
        .arg(layer.stride)
        .arg(padding(layer.padding), matrixText(example.image), matrixText(example.filter))
        .arg(example.stride)
        .arg(padding(example.padding), matrixText(state.attention.queries),
             matrixText(state.attention.keys), matrixText(state.attention.values),
             state.attention.scaled ? "scaled" : "unscaled");
}

const QString kDefaults =
    "matmul parallel\n"
    "a=[[1,2,3],[4,5,6]] b=[[1,0,2],[0,1,1],[1,1,0]]\n"
    "layer 224x224x3 filters=64 kernel=3x3 stride=1 padding=same\n"
    "example image=[[1,2,0,1,3],[0,1,3,2,1],[2,0,1,0,2],[1,3,2,1,0],[0,1,0,2,1]] "
    "filter=[[1,0,-1],[1,0,-1],[1,0,-1]] stride=1 padding=0\n"
    "q=[[1,0],[0,1]] k=[[1,0],[1,1]] v=[[1,2],[3,4]] scaled";

}  // namespace

class TestMatmulParallelKind : public QObject {
    Q_OBJECT

private slots:
    void emptyStateGivesTheSeedsExamples() {
        for (const char* yaml : {"", "# nothing\n", "~"}) {
            const auto reading = matmulParallelKind().read(YAML::Load(yaml));
            QCOMPARE(describe(reading.problems), QStringList());
            QCOMPARE(describe(reading.state), kDefaults);
        }
    }

    void validStates_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("line");  // the line of the description that changes
        QTest::addColumn<QString>("expected");
        QTest::newRow("attention, the slide's numbers")
            << "view: attention\nscale: false"
            << "0,4"
            << "attention parallel\nq=[[1,0],[0,1]] k=[[1,0],[1,1]] v=[[1,2],[3,4]] unscaled";
        QTest::newRow("own attention") << "q: [[0.5, -1, 2]]\nk: [[1, 1, 1], [0, 2, 0]]\nv: [[3], "
                                          "[-4.25]]"
                                       << "4"
                                       << "q=[[0.5,-1,2]] k=[[1,1,1],[0,2,0]] v=[[3],[-4.25]] "
                                          "scaled";
        QTest::newRow("one core") << "mode: sequential\nview: matmul"
                                  << "0"
                                  << "matmul sequential";
        QTest::newRow("own matmul") << "a: [[1, -2]]\nb: [[3], [4]]"
                                    << "1"
                                    << "a=[[1,-2]] b=[[3],[4]]";
        QTest::newRow("ResNet stem") << "view: conv2d\nkernel: 7\nstride: 2\npadding: 3"
                                     << "0,2"
                                     << "conv2d parallel\nlayer 224x224x3 filters=64 kernel=7x7 "
                                        "stride=2 padding=3";
        QTest::newRow("wide kernel, valid")
            << "height: 32\nwidth: 64\nchannels: 16\nfilters: 8\nkernel: [3, 5]\npadding: valid"
            << "2"
            << "layer 32x64x16 filters=8 kernel=3x5 stride=1 padding=0";
        QTest::newRow("own example")
            << "example:\n  image: [[1, 2, 3], [4, 5, 6], [7, 8, 9]]\n  filter: [[1, 1], [1, "
               "1]]\n  stride: 2\n  padding: 1"
            << "3"
            << "example image=[[1,2,3],[4,5,6],[7,8,9]] filter=[[1,1],[1,1]] stride=2 "
               "padding=1";
        QTest::newRow("same example") << "example: {padding: same}"
                                      << "3"
                                      << "example image=[[1,2,0,1,3],[0,1,3,2,1],[2,0,1,0,2],[1,"
                                         "3,2,1,0],[0,1,0,2,1]] filter=[[1,0,-1],[1,0,-1],[1,0,-"
                                         "1]] stride=1 padding=same";
    }
    void validStates() {
        QFETCH(QString, yaml);
        QFETCH(QString, line);
        QFETCH(QString, expected);
        const auto reading = matmulParallelKind().read(YAML::Load(yaml.toStdString()));
        QCOMPARE(describe(reading.problems).join('\n'), QString());
        const QStringList lines = describe(reading.state).split('\n');
        QStringList picked;
        for (const QString& index : line.split(',')) picked << lines[index.toInt()];
        QCOMPARE(picked.join('\n'), expected);
    }

    void problems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("problems");
        QTest::newRow("view misspelt")
            << "view: atention"
            << QStringList{
                   "error 0:6 view must be matmul, conv2d or attention; did you mean "
                   "'attention'?"};
        QTest::newRow("mode misspelt")
            << "mode: paralel"
            << QStringList{
                   "error 0:6 mode must be parallel or sequential; did you mean "
                   "'parallel'?"};
        QTest::newRow("not a matrix")
            << "a: 5"
            << QStringList{
                   "error 0:3 a must be a matrix like [[1, 2], [3, 4]]: a list of rows "
                   "of numbers"};
        QTest::newRow("ragged rows")
            << "a: [[1, 2], [3]]"
            << QStringList{
                   "error 0:12 a: row 2 has 1 number but row 1 has 2; every row needs "
                   "as many"};
        QTest::newRow("a row that is not a list")
            << "b:\n  - [1, 2]\n  - 3"
            << QStringList{"error 2:4 b: row 2 must be a list of numbers like [1, 2]"};
        QTest::newRow("fraction in a matmul")
            << "a: [[1, 2.5]]"
            << QStringList{"error 0:8 a: entries must be whole numbers from -99 to 99, not 2.5"};
        QTest::newRow("too many rows")
            << "a: [[1], [2], [3], [4], [5], [6], [7]]"
            << QStringList{"error 0:3 a has 7 rows; the simulator shows at most 6"};
        QTest::newRow("shapes that do not multiply")
            << "a: [[1, 2], [3, 4]]"
            << QStringList{
                   "error 0:3 A · B needs as many rows in B as columns in A: A is 2×2, "
                   "B is 3×3"};
        QTest::newRow("not a number")
            << "q: [[1, x]]" << QStringList{"error 0:8 q: 'x' is not a number"};
        QTest::newRow("attention value too large")
            << "v: [[1, 2], [3, 400]]"
            << QStringList{"error 0:16 v: entries must be numbers from -100 to 100, not 400"};
        QTest::newRow("attention row too long")
            << "q: [[1, 2, 3, 4, 5]]"
            << QStringList{
                   "error 0:4 q: row 1 has 5 numbers; the simulator shows at most 4 "
                   "columns"};
        QTest::newRow("keys of another width")
            << "scale: false\nk: [[1, 0, 1], [1, 1, 0]]"
            << QStringList{
                   "error 1:3 K must have as many columns as Q (d_k = 2): Q is 2×2, K "
                   "is 2×3"};
        QTest::newRow("values for one key")
            << "v: [[1, 2]]"
            << QStringList{
                   "error 0:3 V must have one row per key, as many as K has: K is 2×2, "
                   "V is 1×2"};
        QTest::newRow("scale") << "scale: maybe"
                               << QStringList{"error 0:7 scale must be true or false"};
        QTest::newRow("strided same")
            << "stride: 2"
            << QStringList{"error 0:8 padding='same' is not supported for strided convolutions"};
        QTest::newRow("padding misspelt")
            << "padding: sme"
            << QStringList{
                   "error 0:9 padding must be same, valid or a whole number from 0 to 15 "
                   "(zeros on every side); did you mean 'same'?"};
        QTest::newRow("kernel of zero")
            << "kernel: [3, 0]"
            << QStringList{
                   "error 0:8 kernel must be a side like 3 or a height and width like "
                   "[3, 5], each from 1 to 15"};
        QTest::newRow("no channels")
            << "channels: 0"
            << QStringList{"error 0:10 channels must be a whole number from 1 to 8192"};
        QTest::newRow("kernel larger than the image")
            << "height: 2\nkernel: 5\npadding: valid"
            << QStringList{
                   "error 1:8 the 5×5 kernel does not fit in the 2×224 padded input: "
                   "there is no output position"};
        QTest::newRow("example image too small")
            << "example:\n  image: [[1, 2], [3, 4]]"
            << QStringList{
                   "error 1:9 example: the 3×3 kernel does not fit in the 2×2 padded "
                   "input: there is no output position"};
        QTest::newRow("example field misspelt")
            << "example:\n  filtr: [[1]]"
            << QStringList{
                   "warning 1:2 unknown matmul-parallel example field 'filtr'; did you "
                   "mean 'filter'?"};
        QTest::newRow("example not a map")
            << "example: 3"
            << QStringList{
                   "error 0:9 example must be fields like 'image: [[1, 2], [3, 4]]', one "
                   "per line (image, filter, stride and padding)"};
        QTest::newRow("example padding too large")
            << "example: {padding: 3}"
            << QStringList{
                   "error 0:19 padding must be same, valid or a whole number from 0 to 2 "
                   "(zeros on every side)"};
        QTest::newRow("no rows")
            << "q: []"
            << QStringList{
                   "error 0:3 q must be a matrix like [[1, 2], [3, 4]]: a list of rows "
                   "of numbers"};
        QTest::newRow("an empty row")
            << "k: [[]]" << QStringList{"error 0:4 k: row 1 must be a list of numbers like [1, 2]"};
        QTest::newRow("a list for a number")
            << "a: [[[1]]]" << QStringList{"error 0:5 a: '?' is not a number"};
        QTest::newRow("example image not a matrix")
            << "example: {image: 5}"
            << QStringList{
                   "error 0:17 image must be a matrix like [[1, 2], [3, 4]]: a list of "
                   "rows of numbers"};
    }
    void problems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, problems);
        const auto reading = matmulParallelKind().read(YAML::Load(yaml.toStdString()));
        QCOMPARE(describe(reading.problems), problems);
    }

    // A field in error keeps its default, and so does its partner when the two must fit.
    void badFieldsFallBackToDefaults() {
        const auto reading = matmulParallelKind().read(
            YAML::Load("a: [[1, 2], [3, 4]]\nk: [[1, 0, 1], [1, 1, 0]]\nscale: false\nstride: 2"));
        QCOMPARE(reading.problems.size(), std::size_t(3));
        QString expected = kDefaults;
        expected.replace("scaled", "unscaled");
        QCOMPARE(describe(reading.state), expected);
    }

    void startStep() {
        QCOMPARE(matmulParallelKind().read(YAML::Load("")).state.startStep, 0);
        const auto reading = matmulParallelKind().read(YAML::Load("view: attention\nstart_step: 13"));
        QCOMPARE(describe(reading.problems), QStringList());
        QCOMPARE(reading.state.startStep, 13);
        QCOMPARE(describe(matmulParallelKind().read(YAML::Load("start_step: -1")).problems),
                 QStringList{"error 0:12 start_step must be a whole number from 0 to 100000"});
    }

    // The kind's marks are inside the fence; the lesson reports them at the real file positions.
    void lessonReportsRealLinesAndColumns() {
        const std::string text =
            "---\nformat: mlsyslab-lesson/1\ntitle: Attention\nid: attention\n---\n\n"
            "# Softmax, step by step\n\n"
            "```sim matmul-parallel\n"
            "view: attention\n"
            "q: [[1, 0], [0, 1]]\n"
            "k: [[1, 0], [1, y]]\n"
            "scael: false\n"
            "```\n";
        const auto result = parseLesson(text, builtinSimKinds());
        QStringList lines;
        for (const auto& diagnostic : result.diagnostics) {
            lines << QString::fromStdString(formatDiagnostic("x.lesson.md", diagnostic));
        }
        QCOMPARE(lines, (QStringList{
                            "x.lesson.md:12:17: error: k: 'y' is not a number",
                            "x.lesson.md:13:1: warning: unknown matmul-parallel field 'scael'; "
                            "did you mean 'scale'?",
                        }));
        QVERIFY(!result.lesson.has_value());
    }
};

QTEST_APPLESS_MAIN(TestMatmulParallelKind)
#include "tst_matmul_parallel_kind.moc"
