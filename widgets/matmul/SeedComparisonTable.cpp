#include "matmul/SeedComparisonTable.h"

#include <QHeaderView>
#include <array>

#include "matmul/MatmulText.h"
#include "matmul/SeedExperiment.h"

namespace mlsyslab::widgets {

namespace {

struct ComparisonRow {
    const char* backend;
    const char* what;
};

constexpr std::array<ComparisonRow, 5> kRows = {{
    {"cuda-naive", QT_TRANSLATE_NOOP("SeedComparisonTable", "naive CUDA kernel (cuda-naive)")},
    {"cublas", QT_TRANSLATE_NOOP("SeedComparisonTable", "cuBLAS (cublas)")},
    {"openblas", QT_TRANSLATE_NOOP("SeedComparisonTable", "CPU cblas (openblas)")},
    {"threads", QT_TRANSLATE_NOOP("SeedComparisonTable", "our SIMD kernel, all cores (threads)")},
    {"simd", QT_TRANSLATE_NOOP("SeedComparisonTable", "our SIMD kernel, one core (simd)")},
}};

QString seedTime(const char* backend) {
    for (const SeedFigure& figure : kSeedFigures) {
        if (std::string_view(figure.backend) == backend) return durationText(figure.seconds);
    }
    return QStringLiteral("—");  // the seed did not run it
}

}  // namespace

SeedComparisonTable::SeedComparisonTable(QWidget* parent)
    : QTableWidget(int(kRows.size()), ColumnCount, parent) {
    setObjectName(QStringLiteral("seedComparison"));
    setHorizontalHeaderLabels(
        {tr("3620×3620 float matrices"), tr("seed: RTX 4090"), tr("this machine")});
    horizontalHeaderItem(SeedColumn)
        ->setToolTip(tr("The lecture's timings (seed 004): an NVIDIA GeForce RTX 4090 and its "
                        "host CPU, not this machine"));
    verticalHeader()->setVisible(false);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setWordWrap(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    for (int row = 0; row < int(kRows.size()); ++row) {
        setItem(row, WhatColumn, new QTableWidgetItem(tr(kRows[std::size_t(row)].what)));
        auto* seed = new QTableWidgetItem(seedTime(kRows[std::size_t(row)].backend));
        seed->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setItem(row, SeedColumn, seed);
    }
    reset();
}

void SeedComparisonTable::reset() {
    for (int row = 0; row < rowCount(); ++row)
        setItem(row, ThisMachineColumn, new QTableWidgetItem(tr("waiting")));
}

int SeedComparisonTable::rowOf(const std::string& backend) const {
    for (std::size_t row = 0; row < kRows.size(); ++row) {
        if (backend == kRows[row].backend) return int(row);
    }
    return -1;
}

void SeedComparisonTable::addResult(const matmul::MatmulBenchResult& result) {
    const int row = rowOf(result.backend);
    if (row < 0) return;
    const bool measured =
        result.status == matmul::BenchStatus::Ok || result.status == matmul::BenchStatus::Wrong;
    auto* cell = new QTableWidgetItem(
        measured ? tr("%1 (%2)").arg(durationText(result.statistics.medianSeconds),
                                     gflopsText(result.gflops))
                 : QString::fromStdString(result.statusText()));
    cell->setToolTip(QString::fromStdString(measured ? result.detail : result.message));
    setItem(row, ThisMachineColumn, cell);
}

QString SeedComparisonTable::cellText(int row, Column column) const {
    const QTableWidgetItem* cell = item(row, column);
    return cell != nullptr ? cell->text() : QString();
}

}  // namespace mlsyslab::widgets
