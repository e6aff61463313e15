#pragma once

#include <QTableWidget>

#include "logic/TruthTable.h"

namespace mlsyslab::widgets {

// A circuit's truth table (derived by the engine): one column per input, then one per output,
// one row per input combination counting up in binary, as tables are printed. The row of the
// current inputs is highlighted; clicking a row asks for those inputs.
class TruthTableView : public QTableWidget {
    Q_OBJECT
public:
    explicit TruthTableView(QWidget* parent = nullptr);

    void setTable(const logic::TruthTable& table);
    const logic::TruthTable& table() const { return table_; }

    // The highlighted row (-1: none).
    void setCurrentRow(int row);
    int highlightedRow() const { return highlightedRow_; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void rowClicked(int row);

protected:
    void changeEvent(QEvent* event) override;

private:
    void restyle();

    logic::TruthTable table_;
    int highlightedRow_ = -1;
};

}  // namespace mlsyslab::widgets
