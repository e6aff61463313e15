#pragma once

#include <QRect>
#include <QString>
#include <QWidget>
#include <optional>
#include <vector>

namespace mlsyslab::widgets {

// What a cell of a matrix is at this step, which sets its fill.
enum class CellMark {
    Plain,    // an input, not read at this step
    Pending,  // an output nothing has been computed for yet
    Operand,  // an input this step reads
    Active,   // an output this step computes
    Partial,  // an output with some of its terms added
    Done,     // a finished output
    Padding,  // a zero around a convolution's image
};

struct GridCell {
    QString value;  // in large type; empty for a value not computed yet
    QString note;   // under it, small: a thread's name "t(1,0)", or how the value was made
    CellMark mark = CellMark::Plain;
};

// One matrix of a worked example: a title over a grid of cells, each with a number in large
// type and an optional small note, filled by what the current step does with it. An outline
// can frame a block of cells (a convolution's window). Row and column numbers, from 0 as in
// code, sit left of and above the grid. Sizes are in line heights of the font,
// so presentation mode scales everything; a grid narrower than it wants shrinks a little.
class MatrixGridView : public QWidget {
    Q_OBJECT
public:
    explicit MatrixGridView(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    QString title() const { return title_; }
    // rows × columns cells, row-major.
    void setCells(int rows, int columns, std::vector<GridCell> cells);
    int rows() const { return rows_; }
    int columns() const { return columns_; }
    const GridCell& cell(int row, int column) const;
    // Small row numbers left of the grid and column numbers above it, counting from
    // `firstRow` and `firstColumn` (an image with padding starts at -1), or none.
    void setIndexLabels(bool shown, int firstRow = 0, int firstColumn = 0);
    bool indexLabelsShown() const { return indexLabels_; }
    // Frames the cells from (top, left), `height` × `width` of them; nothing for none.
    void setOutline(std::optional<QRect> cells);
    std::optional<QRect> outline() const { return outline_; }

    // Where a cell is drawn, for tests and tooltips.
    QRect cellRect(int row, int column) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Geometry;
    Geometry geometryFor(int width) const;
    bool hasNotes() const;
    QColor fillOf(CellMark mark) const;

    QString title_;
    int rows_ = 0;
    int columns_ = 0;
    std::vector<GridCell> cells_;
    std::optional<QRect> outline_;
    bool indexLabels_ = true;
    int firstRow_ = 0;
    int firstColumn_ = 0;
};

}  // namespace mlsyslab::widgets
