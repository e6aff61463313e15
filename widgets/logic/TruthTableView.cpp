#include "logic/TruthTableView.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <algorithm>

#include "common/DisplayStyle.h"

namespace mlsyslab::widgets {

namespace {

// The three-input table of a full adder (8 rows) shows whole; longer ones scroll.
constexpr int kMaxRowsShown = 8;
// Digits a little larger than the text, so the table reads from the back of a room.
constexpr double kDigitScale = 1.2;

}  // namespace

TruthTableView::TruthTableView(QWidget* parent) : QTableWidget(parent) {
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setHighlightSections(false);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    setToolTip(tr("Click a row to set the inputs to it"));
    connect(this, &QTableWidget::cellClicked, this, [this](int row, int) { emit rowClicked(row); });
}

void TruthTableView::setTable(const logic::TruthTable& table) {
    table_ = table;
    const int inputCount = int(table.inputNames.size());
    const int outputCount = int(table.outputNames.size());
    clear();
    setRowCount(table.rowCount());
    setColumnCount(inputCount + outputCount);
    QStringList headers;
    for (const std::string& name : table.inputNames) headers << QString::fromStdString(name);
    for (const std::string& name : table.outputNames) headers << QString::fromStdString(name);
    setHorizontalHeaderLabels(headers);
    for (int row = 0; row < table.rowCount(); ++row) {
        const std::vector<bool> inputs = table.inputsOfRow(row);
        for (int column = 0; column < inputCount + outputCount; ++column) {
            const bool value =
                column < inputCount ? inputs[column] : table.outputs[row][column - inputCount];
            auto* item = new QTableWidgetItem(value ? QStringLiteral("1") : QStringLiteral("0"));
            item->setTextAlignment(Qt::AlignCenter);
            setItem(row, column, item);
        }
    }
    highlightedRow_ = -1;
    restyle();
}

void TruthTableView::setCurrentRow(int row) {
    highlightedRow_ = row >= 0 && row < rowCount() ? row : -1;
    restyle();
    if (highlightedRow_ >= 0) scrollToItem(item(highlightedRow_, 0));
}

void TruthTableView::restyle() {
    const QPalette colors = palette();
    QFont digits = font();
    digits = scaledFont(digits, kDigitScale);
    QFont outputDigits = digits;
    outputDigits.setBold(true);
    const int inputCount = int(table_.inputNames.size());
    for (int row = 0; row < rowCount(); ++row) {
        const bool current = row == highlightedRow_;
        for (int column = 0; column < columnCount(); ++column) {
            QTableWidgetItem* cell = item(row, column);
            const bool isOutput = column >= inputCount;
            cell->setFont(isOutput ? outputDigits : digits);
            // Outputs on a tinted ground, so the two halves of the table stand apart.
            cell->setBackground(current    ? colors.color(QPalette::Highlight)
                                : isOutput ? colors.color(QPalette::AlternateBase)
                                           : colors.color(QPalette::Base));
            cell->setForeground(current ? colors.color(QPalette::HighlightedText)
                                        : colors.color(QPalette::Text));
        }
    }
    horizontalHeader()->setFont(digits);
    updateGeometry();
}

QSize TruthTableView::sizeHint() const {
    int width = 2 * frameWidth();
    for (int column = 0; column < columnCount(); ++column) width += columnWidth(column);
    const int heightOfRow = rowCount() > 0 ? rowHeight(0) : fontMetrics().height();
    const int rowsShown = std::min(rowCount(), kMaxRowsShown);
    int height =
        2 * frameWidth() + horizontalHeader()->sizeHint().height() + rowsShown * heightOfRow;
    if (rowCount() > kMaxRowsShown) width += verticalScrollBar()->sizeHint().width();
    return {width, height};
}

QSize TruthTableView::minimumSizeHint() const {
    const QSize hint = sizeHint();
    return {hint.width(), std::min(hint.height(), 4 * fontMetrics().height())};
}

void TruthTableView::changeEvent(QEvent* event) {
    QTableWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        restyle();
        resizeColumnsToContents();
        resizeRowsToContents();
    }
}

}  // namespace mlsyslab::widgets
