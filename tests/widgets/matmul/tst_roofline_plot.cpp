#include <QRegularExpression>
#include <QtTest>
#include <memory>

#include "gpu/DeviceYaml.h"
#include "matmul/RooflinePlot.h"

// The roofline plot built from known numbers, nothing measured: the lesson's H100 datasheet
// roof, a CPU roof, three workloads and three points, at a desk's size and font and at a
// projector's. After a replot every label is read back from the items QCustomPlot draws (their
// corners in pixels) and checked against every drawn segment, taken from the graphs and line
// items themselves: each workload's label beside its own line, no two labels overlapping, no
// line crossing a label, no label over a point, every label inside the plot. And the axes: one
// notation for every tick.
using mlsyslab::lesson::kinds::RooflineWorkload;
using namespace mlsyslab::widgets;

namespace {

// A CPU like the lesson's: 800 GFLOPS of float32 FMA, 40 GB/s of triad bandwidth.
const mlsyslab::matmul::Roofline kMachine{800.0, 40.0};
constexpr unsigned kThreads = 16;
// Listed out of order on purpose: each label must follow its own intensity, not its place.
const std::vector<RooflineWorkload> kWorkloads{
    {"LLM decode, batch 32", 32.0}, {"LLM decode, batch 1", 1.0}, {"training, batch 1024", 1024.0}};
// N = 1024 matmul: 1024/6 flop/byte; two backends 15 % apart, so their labels must stack.
constexpr double kMatmulIntensity = 1024.0 / 6.0;

std::unique_ptr<RooflinePlot> lessonPlot(const QSize& size, double fontScale) {
    auto plot = std::make_unique<RooflinePlot>();
    QFont font = plot->font();
    font.setPointSizeF(font.pointSizeF() * fontScale);
    plot->setFont(font);
    plot->resize(size);
    const auto h100 = mlsyslab::gpu::findBuiltinDevice("h100");
    if (!h100) qFatal("no built-in h100: %s", h100.error().c_str());
    plot->setDatasheetRoof(*h100);
    plot->setWorkloads(kWorkloads);
    plot->setMachineRoof(kMachine, kThreads);
    plot->addPoint({"matvec", "matrix-vector: 15 GFLOPS, 30 GB/s", 0.5, 15.0});
    plot->addPoint({"threads", "threads: 600 GFLOPS", kMatmulIntensity, 600.0});
    plot->addPoint({"openblas", "openblas: 700 GFLOPS", kMatmulIntensity, 700.0});
    plot->restyle();
    plot->show();  // a hidden widget takes its size only when shown
    plot->replot();
    return plot;
}

struct DrawnLabel {
    QString text;
    QPolygonF outline;  // the four corners QCustomPlot draws the box at, turned if the text is
};

std::vector<DrawnLabel> drawnLabels(const QCustomPlot& plot) {
    std::vector<DrawnLabel> labels;
    for (int index = 0; index < plot.itemCount(); ++index) {
        const auto* text = qobject_cast<const QCPItemText*>(plot.item(index));
        if (text == nullptr || !text->visible()) continue;
        labels.push_back(
            {text->text(),
             QPolygonF({text->topLeft->pixelPosition(), text->topRight->pixelPosition(),
                        text->bottomRight->pixelPosition(), text->bottomLeft->pixelPosition()})});
    }
    return labels;
}

const DrawnLabel& labelStartingWith(const std::vector<DrawnLabel>& labels, const QString& start) {
    for (const DrawnLabel& label : labels)
        if (label.text.startsWith(start)) return label;
    qFatal("no label starts with %s", qPrintable(start));
}

// Every segment the plot draws: the roofs (graphs drawn with lines), the vertical workload
// lines, the ridge line.
std::vector<QLineF> drawnSegments(const QCustomPlot& plot) {
    std::vector<QLineF> segments;
    const QRectF area = plot.axisRect()->rect();
    for (int index = 0; index < plot.graphCount(); ++index) {
        const QCPGraph& graph = *plot.graph(index);
        if (graph.lineStyle() == QCPGraph::lsNone) continue;
        const auto& data = *graph.data();
        for (auto point = data.constBegin(); point + 1 != data.constEnd(); ++point) {
            segments.emplace_back(graph.coordsToPixels(point->key, point->value),
                                  graph.coordsToPixels((point + 1)->key, (point + 1)->value));
        }
    }
    for (int index = 0; index < plot.itemCount(); ++index) {
        if (const auto* line = qobject_cast<const QCPItemStraightLine*>(plot.item(index))) {
            const double x = line->point1->pixelPosition().x();
            segments.emplace_back(x, area.top(), x, area.bottom());
        } else if (const auto* segment = qobject_cast<const QCPItemLine*>(plot.item(index))) {
            segments.emplace_back(segment->start->pixelPosition(), segment->end->pixelPosition());
        }
    }
    return segments;
}

bool crosses(const QLineF& segment, const QPolygonF& outline) {
    if (outline.containsPoint(segment.p1(), Qt::OddEvenFill) ||
        outline.containsPoint(segment.p2(), Qt::OddEvenFill))
        return true;
    for (qsizetype index = 0; index < outline.size(); ++index) {
        const QLineF edge(outline[index], outline[(index + 1) % outline.size()]);
        if (segment.intersects(edge, nullptr) == QLineF::BoundedIntersection) return true;
    }
    return false;
}

double horizontalGap(const QPolygonF& outline, double x) {
    const QRectF box = outline.boundingRect();
    if (x <= box.left()) return box.left() - x;
    if (x >= box.right()) return x - box.right();
    return -1.0;  // the line runs through the box
}

QString describe(const DrawnLabel& label) {
    const QRectF box = label.outline.boundingRect();
    return QStringLiteral("\"%1\" at (%2, %3) %4×%5")
        .arg(label.text)
        .arg(box.left())
        .arg(box.top())
        .arg(box.width())
        .arg(box.height());
}

}  // namespace

class TestRooflinePlot : public QObject {
    Q_OBJECT

private slots:
    void labelsSitBesideWhatTheyName_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<double>("fontScale");
        QTest::newRow("lesson step at 1280x800") << QSize(820, 360) << 1.0;
        QTest::newRow("wide window") << QSize(1200, 600) << 1.0;
        QTest::newRow("presentation at 1920x1080") << QSize(1500, 560) << 1.6;
    }

    // Each workload's label beside its own dotted line: a few pixels off it, nearer to it than
    // to any other workload's line, and on one side of it.
    void labelsSitBesideWhatTheyName() {
        QFETCH(QSize, size);
        QFETCH(double, fontScale);
        const auto plot = lessonPlot(size, fontScale);
        const std::vector<DrawnLabel> labels = drawnLabels(*plot);
        const double lineHeight = QFontMetricsF(plot->font()).height();
        for (const RooflineWorkload& workload : kWorkloads) {
            const DrawnLabel& label =
                labelStartingWith(labels, QString::fromStdString(workload.name) + ":");
            const double ownX = plot->xAxis->coordToPixel(workload.flopsPerByte);
            const double gap = horizontalGap(label.outline, ownX);
            QVERIFY2(gap >= 0.0 && gap <= lineHeight * 0.5,
                     qPrintable(describe(label) + QStringLiteral(", %1 px off its line").arg(gap)));
            for (const RooflineWorkload& other : kWorkloads) {
                if (other.name == workload.name) continue;
                const double otherGap =
                    horizontalGap(label.outline, plot->xAxis->coordToPixel(other.flopsPerByte));
                QVERIFY2(otherGap > gap, qPrintable(describe(label) + " is nearer to " +
                                                    QString::fromStdString(other.name)));
            }
        }
        // Each roof's peak label just above or below its own level stretch.
        const double fp32Y = plot->yAxis->coordToPixel(66.9e3);
        const QRectF fp32 =
            labelStartingWith(labels, "H100 SXM5 80GB (datasheet)\nFP32").outline.boundingRect();
        QVERIFY(std::min(std::abs(fp32.bottom() - fp32Y), std::abs(fp32.top() - fp32Y)) <=
                lineHeight * 0.5);
    }

    void labelsNeitherOverlapNorAreCrossed_data() { labelsSitBesideWhatTheyName_data(); }

    void labelsNeitherOverlapNorAreCrossed() {
        QFETCH(QSize, size);
        QFETCH(double, fontScale);
        const auto plot = lessonPlot(size, fontScale);
        const std::vector<DrawnLabel> labels = drawnLabels(*plot);
        QCOMPARE(labels.size(), std::size_t(5 + 3 + 3 + 1));  // roofs, workloads, points, ridge
        const std::vector<QLineF> segments = drawnSegments(*plot);
        QCOMPARE(segments.size(), std::size_t(2 + 2 + 2 + 3 + 1));
        const QRectF area = QRectF(plot->axisRect()->rect()).adjusted(-1, -1, 1, 1);
        for (std::size_t index = 0; index < labels.size(); ++index) {
            const DrawnLabel& label = labels[index];
            QVERIFY2(area.contains(label.outline.boundingRect()), qPrintable(describe(label)));
            for (std::size_t other = index + 1; other < labels.size(); ++other) {
                QVERIFY2(!label.outline.intersects(labels[other].outline),
                         qPrintable(describe(label) + " overlaps " + describe(labels[other])));
            }
            for (const QLineF& segment : segments) {
                QVERIFY2(
                    !crosses(segment, label.outline),
                    qPrintable(describe(label) + QStringLiteral(" is crossed by (%1, %2)-(%3, %4)")
                                                     .arg(segment.x1())
                                                     .arg(segment.y1())
                                                     .arg(segment.x2())
                                                     .arg(segment.y2())));
            }
            for (int graph = 0; graph < plot->graphCount(); ++graph) {
                if (plot->graph(graph)->lineStyle() != QCPGraph::lsNone) continue;
                const auto point = plot->graph(graph)->data()->constBegin();
                const QPointF centre = plot->graph(graph)->coordsToPixels(point->key, point->value);
                QVERIFY2(!label.outline.containsPoint(centre, Qt::OddEvenFill),
                         qPrintable(describe(label) + " covers a point"));
            }
        }
    }

    // GFLOPS from 10⁻¹ to past 10⁶: every label a power of ten, which QCustomPlot draws as 10
    // with a raised exponent ("1e+06" is what it formats before drawing it so). Flop per byte:
    // every label a plain decimal.
    void everyTickOfAnAxisUsesOneNotation() {
        const auto plot = lessonPlot(QSize(1200, 600), 1.0);
        QCOMPARE(plot->yAxis->numberFormat(), QString("eb"));
        const QVector<QString> speeds = plot->yAxis->tickVectorLabels();
        QVERIFY(speeds.size() >= 5);
        const QRegularExpression powerOfTen(QStringLiteral("^1e[+-]\\d+$"));
        for (const QString& tick : speeds)
            QVERIFY2(powerOfTen.match(tick).hasMatch(), qPrintable(tick));
        QVERIFY(speeds.contains("1e+06"));
        QVERIFY(speeds.contains("1e+03"));
        const QVector<QString> intensities = plot->xAxis->tickVectorLabels();
        const QRegularExpression plain(QStringLiteral("^\\d+(\\.\\d+)?$"));
        for (const QString& tick : intensities)
            QVERIFY2(plain.match(tick).hasMatch(), qPrintable(tick));
        QVERIFY(intensities.contains("0.1"));
        QVERIFY(intensities.contains("1000"));
    }
};

QTEST_MAIN(TestRooflinePlot)
#include "tst_roofline_plot.moc"
