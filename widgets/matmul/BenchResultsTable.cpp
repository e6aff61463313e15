#include "matmul/BenchResultsTable.h"

#include <QHeaderView>

#include "common/DisplayStyle.h"
#include "matmul/BenchSpeedup.h"
#include "matmul/MatmulBenchText.h"
#include "matmul/MatmulColors.h"
#include "matmul/MatmulText.h"

namespace mlsyslab::widgets {

namespace {

bool wasMeasured(const matmul::MatmulBenchResult& result) {
    return result.status == matmul::BenchStatus::Ok || result.status == matmul::BenchStatus::Wrong;
}

}  // namespace

BenchResultsTable::BenchResultsTable(QWidget* parent) : QTableWidget(0, ColumnCount, parent) {
    setObjectName(QStringLiteral("resultsTable"));
    setHorizontalHeaderLabels({tr("backend"), tr("N"), tr("threads"), tr("median"), tr("spread"),
                               tr("GFLOPS"), tr("speedup"), tr("max rel. error"), tr("status")});
    const QStringList tips = {
        tr("The rung of the ladder"),
        tr("The matrices are N×N: 2·N³ floating-point operations"),
        tr("CPU threads it computed with"),
        tr("The median of the timed runs"),
        tr("(slowest − fastest) / median of the timed runs"),
        tr("2·N³ / median time, in 10⁹ floating-point operations per second"),
        tr("How many times faster than naive at this size (or than the slowest rung measured "
           "at this size when naive was not run)"),
        tr("max |C − C_ref| / max |C_ref| against a float64 reference"),
        tr("ok, wrong (outside the rounding bound), unavailable, refused or cancelled")};
    for (int column = 0; column < ColumnCount; ++column)
        horizontalHeaderItem(column)->setToolTip(tips[column]);
    verticalHeader()->setVisible(false);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setWordWrap(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
}

void BenchResultsTable::clearResults() {
    setRowCount(0);
    results_.clear();
    resultRows_.clear();
}

void BenchResultsTable::setCell(int row, Column column, const QString& text, const QString& tip) {
    auto* item = new QTableWidgetItem(text);
    if (!tip.isEmpty()) item->setToolTip(tip);
    if (column != BackendColumn && column != StatusColumn)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    setItem(row, column, item);
}

void BenchResultsTable::addResult(const matmul::MatmulBenchResult& result) {
    const int row = rowCount();
    insertRow(row);
    results_.push_back(result);
    resultRows_.push_back(row);
    setCell(row, BackendColumn, QString::fromStdString(result.backend),
            QString::fromStdString(result.detail));
    setCell(row, SizeColumn, QString::fromStdString(matmul::matmulSizeText(result.shape)));
    const QString dash = QStringLiteral("—");
    if (wasMeasured(result)) {
        setCell(row, ThreadsColumn, QString::number(result.threads));
        QString timeTip = result.statistics.runs == 1
                              ? tr("1 timed run")
                              : tr("%1 timed runs").arg(result.statistics.runs);
        if (result.uploadSeconds > 0.0 || result.downloadSeconds > 0.0) {
            timeTip +=
                tr("; kernel only: copying A and B to the GPU took %1, C back %2")
                    .arg(durationText(result.uploadSeconds), durationText(result.downloadSeconds));
        }
        setCell(row, MedianColumn, durationText(result.statistics.medianSeconds), timeTip);
        setCell(row, SpreadColumn, fractionAsPercentText(result.statistics.relativeSpread));
        setCell(row, GflopsColumn, gflopsNumberText(result.gflops));
        setCell(row, ErrorColumn,
                QString::fromStdString(matmul::relativeErrorText(result.maxRelativeError)),
                tr("rounding bound at this K: %1")
                    .arg(QString::fromStdString(matmul::relativeErrorText(result.tolerance))));
    } else {
        for (const Column column :
             {ThreadsColumn, MedianColumn, SpreadColumn, GflopsColumn, SpeedupColumn, ErrorColumn})
            setCell(row, column, dash);
    }
    setCell(row, StatusColumn, QString::fromStdString(result.statusText()),
            QString::fromStdString(result.message));
    updateSpeedups(result.shape);
    restyle();
    scrollToItem(item(row, BackendColumn));
}

void BenchResultsTable::addUnavailable(const std::string& backend, const std::string& reason) {
    matmul::MatmulBenchResult result;
    result.backend = backend;
    result.status = matmul::BenchStatus::Unavailable;
    result.message = reason;
    const int row = rowCount();
    insertRow(row);
    setCell(row, BackendColumn, QString::fromStdString(backend));
    for (const Column column : {SizeColumn, ThreadsColumn, MedianColumn, SpreadColumn, GflopsColumn,
                                SpeedupColumn, ErrorColumn})
        setCell(row, column, QStringLiteral("—"));
    setCell(row, StatusColumn, QString::fromStdString(result.statusText()),
            QString::fromStdString(reason));
    restyle();
}

void BenchResultsTable::updateSpeedups(const matmul::MatmulShape& shape) {
    const auto baseline = speedupBaseline(results_, shape);
    for (std::size_t index = 0; index < results_.size(); ++index) {
        const matmul::MatmulBenchResult& result = results_[index];
        if (result.shape != shape || !wasMeasured(result)) continue;
        const double seconds = result.statistics.medianSeconds;
        if (!baseline || seconds <= 0.0 || result.status != matmul::BenchStatus::Ok) {
            setCell(resultRows_[index], SpeedupColumn, QStringLiteral("—"));
            continue;
        }
        setCell(resultRows_[index], SpeedupColumn, speedupText(baseline->medianSeconds / seconds),
                tr("%1 times as fast as %2 at this size")
                    .arg(QString::number(baseline->medianSeconds / seconds, 'g', 3),
                         QString::fromStdString(baseline->backend)));
    }
}

QString BenchResultsTable::cellText(int row, Column column) const {
    const QTableWidgetItem* cell = item(row, column);
    return cell != nullptr ? cell->text() : QString();
}

void BenchResultsTable::restyle() {
    for (int row = 0; row < rowCount(); ++row) {
        QTableWidgetItem* backend = item(row, BackendColumn);
        QTableWidgetItem* status = item(row, StatusColumn);
        if (backend != nullptr) {
            // The swatch, not coloured text: a pale rung would be hard to read.
            QPixmap swatch(fontMetrics().height() / 2 + 4, fontMetrics().height() / 2 + 4);
            swatch.fill(backendColor(backend->text().toStdString(), palette()));
            backend->setIcon(QIcon(swatch));
        }
        if (status != nullptr) {
            const bool problem = status->text().startsWith(QStringLiteral("wrong")) ||
                                 status->text().startsWith(QStringLiteral("refused"));
            status->setForeground(problem ? errorColor(palette())
                                          : palette().color(QPalette::Text));
        }
    }
}

}  // namespace mlsyslab::widgets
