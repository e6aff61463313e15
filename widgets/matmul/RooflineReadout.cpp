#include "matmul/RooflineReadout.h"

#include <QHeaderView>

#include "matmul/MatmulBenchText.h"
#include "matmul/MatmulText.h"

namespace mlsyslab::widgets {

RooflineReadout::RooflineReadout(QWidget* parent) : QTableWidget(0, ColumnCount, parent) {
    setObjectName(QStringLiteral("rooflineReadout"));
    setHorizontalHeaderLabels(
        {tr("point"), tr("flop/byte"), tr("GFLOPS"), tr("of the roof"), tr("bound by")});
    horizontalHeaderItem(IntensityColumn)
        ->setToolTip(tr("Arithmetic intensity: floating-point operations per byte moved to or "
                        "from memory (each matrix or vector counted once)"));
    horizontalHeaderItem(RoofShareColumn)
        ->setToolTip(tr("The measured speed as a share of the roof at its intensity: "
                        "min(peak, intensity × bandwidth)"));
    verticalHeader()->setVisible(false);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setWordWrap(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
}

void RooflineReadout::clearPoints() {
    entries_.clear();
    refresh();
}

void RooflineReadout::setRoof(const std::optional<matmul::Roofline>& roof) {
    roof_ = roof;
    refresh();
}

void RooflineReadout::addMatvec(const matmul::MatvecResult& matvec) {
    Entry entry;
    entry.name = tr("matrix-vector y = A·x (%1×%2)").arg(matvec.rows).arg(matvec.columns);
    entry.tip = tr("%1 of A, x and y per product on %2 threads")
                    .arg(gigabytesPerSecondText(matvec.gigabytesPerSecond))
                    .arg(matvec.threads);
    entry.flopsPerByte = matvec.flopsPerByte;
    entry.gflops = matvec.gflops;
    entry.measured = matvec.error.empty() && !matvec.cancelled && matvec.gflops > 0.0;
    entry.status = matvec.cancelled ? tr("cancelled") : QString::fromStdString(matvec.error);
    entries_.push_back(entry);
    refresh();
}

void RooflineReadout::addMatmul(const matmul::MatmulBenchResult& result, double flopsPerByte) {
    Entry entry;
    entry.name = tr("%1, N = %2")
                     .arg(QString::fromStdString(result.backend),
                          QString::fromStdString(matmul::matmulSizeText(result.shape)));
    entry.tip = QString::fromStdString(result.detail);
    entry.flopsPerByte = flopsPerByte;
    entry.gflops = result.gflops;
    entry.measured = result.status == matmul::BenchStatus::Ok && result.gflops > 0.0;
    entry.status = QString::fromStdString(result.statusText());
    entries_.push_back(entry);
    refresh();
}

void RooflineReadout::refresh() {
    setRowCount(int(entries_.size()));
    const auto cell = [this](int row, Column column, const QString& text) {
        auto* item = new QTableWidgetItem(text);
        if (column != PointColumn && column != BoundColumn)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setItem(row, column, item);
        return item;
    };
    const QString dash = QStringLiteral("—");
    for (int row = 0; row < int(entries_.size()); ++row) {
        const Entry& entry = entries_[std::size_t(row)];
        cell(row, PointColumn, entry.name)->setToolTip(entry.tip);
        cell(row, IntensityColumn, flopsPerByteText(entry.flopsPerByte));
        if (!entry.measured) {
            cell(row, GflopsColumn, dash);
            cell(row, RoofShareColumn, dash);
            cell(row, BoundColumn, entry.status)->setToolTip(entry.status);
            continue;
        }
        cell(row, GflopsColumn, gflopsNumberText(entry.gflops));
        if (!roof_) {
            cell(row, RoofShareColumn, dash);
            cell(row, BoundColumn, dash);
            continue;
        }
        cell(row, RoofShareColumn,
             fractionAsPercentText(roof_->fractionOfRoof(entry.flopsPerByte, entry.gflops)));
        cell(row, BoundColumn,
             roof_->isMemoryBound(entry.flopsPerByte) ? tr("memory-bound") : tr("compute-bound"));
    }
}

QString RooflineReadout::cellText(int row, Column column) const {
    const QTableWidgetItem* found = item(row, column);
    return found != nullptr ? found->text() : QString();
}

}  // namespace mlsyslab::widgets
