#include "logic/FpAddHardwarePanel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <map>

#include "common/DisplayStyle.h"
#include "logic/FpAddHardwareChart.h"
#include "logic/FpAddStageStrip.h"

namespace mlsyslab::widgets {

namespace {

using logic::FloatAdderHardware;
using logic::FloatAdderStage;

constexpr double kSummaryScale = 1.15;

QString formatTitle(const numeric::FloatFormat& format) {
    return QString::fromUtf8(format.name.data(), static_cast<qsizetype>(format.name.size()))
        .toUpper();
}

// The seed's step a block serves, as the stage strip names it.
QString stepText(int seedStep) {
    static const std::map<int, FloatAdderStage> stages = {{1, FloatAdderStage::CompareAndSwap},
                                                          {2, FloatAdderStage::Align},
                                                          {3, FloatAdderStage::AddSignificands},
                                                          {4, FloatAdderStage::Normalize},
                                                          {5, FloatAdderStage::Round}};
    const auto found = stages.find(seedStep);
    return found == stages.end() ? FpAddHardwarePanel::tr("unpack / pack")
                                 : stageBoxText(found->second, false);
}

QString ratioText(int larger, int smaller) {
    if (smaller <= 0) return QStringLiteral("\u2014");
    return QStringLiteral("%1\u00D7").arg(static_cast<double>(larger) / smaller, 0, 'f', 1);
}

QTableWidgetItem* item(const QString& text, bool number = false, bool bold = false) {
    auto* cell = new QTableWidgetItem(text);
    cell->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (number) cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (bold) {
        QFont font = cell->font();
        font.setBold(true);
        cell->setFont(font);
    }
    return cell;
}

}  // namespace

FpAddHardwarePanel::FpAddHardwarePanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("hardwareSummary"));
    summary_->setWordWrap(true);
    outer->addWidget(summary_);

    // The picture first, then the numbers behind it.
    chart_ = new FpAddHardwareChart(this);
    outer->addWidget(chart_);
    table_ = new QTableWidget(0, ColumnCount, this);
    table_->setObjectName(QStringLiteral("hardwareTable"));
    table_->setHorizontalHeaderLabels({tr("Block"), tr("Step"), tr("Gates"), tr("Depth")});
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(BlockColumn, QHeaderView::Stretch);
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setWordWrap(false);
    outer->addWidget(table_);
    applyFonts();
}

void FpAddHardwarePanel::showFormat(const numeric::FloatFormat& format) {
    if (hardware_ && hardware_->format == format) return;
    auto built = logic::buildFloatAdderHardware(format);
    if (!built) {
        hardware_.reset();
        summary_->setText(QString::fromStdString(built.error()));
        table_->setRowCount(0);
        chart_->clear();
        return;
    }
    hardware_ = *built;
    const FloatAdderHardware& hardware = *hardware_;
    const QString name = formatTitle(format);
    const auto& ripple = hardware.integerRipple;
    const auto& lookahead = hardware.integerLookahead;
    summary_->setText(
        tr("The %1 adder takes <b>%2 gates</b> with <b>%3 gate levels</b> on its critical path; "
           "a %4-bit integer adder (ripple-carry) takes %5 gates and %6 levels: <b>%7 the "
           "gates, %8 the time</b>. Even the fast %4-bit lookahead adder (%9 gates, %10 levels) "
           "is one block of many inside the float adder.")
            .arg(name)
            .arg(hardware.totalGates)
            .arg(hardware.criticalPathDepth)
            .arg(ripple.width)
            .arg(ripple.cost.gates)
            .arg(ripple.cost.depth)
            .arg(ratioText(hardware.totalGates, ripple.cost.gates),
                 ratioText(hardware.criticalPathDepth, ripple.cost.depth))
            .arg(lookahead.cost.gates)
            .arg(lookahead.cost.depth));
    fillTable();
    chart_->showHardware(hardware);
}

void FpAddHardwarePanel::fillTable() {
    const FloatAdderHardware& hardware = *hardware_;
    const int blockCount = static_cast<int>(hardware.blocks.size());
    table_->clearContents();
    table_->setRowCount(blockCount + 3);
    for (int row = 0; row < blockCount; ++row) {
        const logic::HardwareBlock& block = hardware.blocks[static_cast<std::size_t>(row)];
        auto* nameItem = item(QString::fromStdString(block.name));
        nameItem->setToolTip(QString::fromStdString(block.description));
        table_->setItem(row, BlockColumn, nameItem);
        table_->setItem(row, StepColumn, item(stepText(block.seedStep)));
        table_->setItem(row, GatesColumn, item(QString::number(block.cost.gates), true));
        // A block beside the critical path adds gates but no time.
        const QString depth = block.onCriticalPath ? QString::number(block.cost.depth)
                                                   : tr("(%1, in parallel)").arg(block.cost.depth);
        table_->setItem(row, DepthColumn, item(depth, true));
    }
    const QString name = formatTitle(hardware.format);
    const auto addTotal = [&](int row, const QString& label, int gates, int depth) {
        table_->setItem(row, BlockColumn, item(label, false, true));
        table_->setItem(row, StepColumn, item(QString()));
        table_->setItem(row, GatesColumn, item(QString::number(gates), true, true));
        table_->setItem(row, DepthColumn, item(QString::number(depth), true, true));
    };
    addTotal(blockCount, tr("%1 adder, all blocks").arg(name), hardware.totalGates,
             hardware.criticalPathDepth);
    addTotal(blockCount + 1,
             tr("%1-bit integer adder, ripple-carry").arg(hardware.integerRipple.width),
             hardware.integerRipple.cost.gates, hardware.integerRipple.cost.depth);
    addTotal(blockCount + 2,
             tr("%1-bit integer adder, lookahead").arg(hardware.integerLookahead.width),
             hardware.integerLookahead.cost.gates, hardware.integerLookahead.cost.depth);
    fitTableHeight();
}

void FpAddHardwarePanel::fitTableHeight() {
    // Every row in view: the table is read whole, never scrolled inside a scrolling lesson.
    table_->resizeRowsToContents();
    int height = table_->horizontalHeader()->sizeHint().height() + 2 * table_->frameWidth();
    for (int row = 0; row < table_->rowCount(); ++row) height += table_->rowHeight(row);
    table_->setFixedHeight(height);
}

void FpAddHardwarePanel::applyFonts() {
    summary_->setFont(scaledFont(font(), kSummaryScale));
    if (hardware_) fitTableHeight();
}

void FpAddHardwarePanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
}

}  // namespace mlsyslab::widgets
