#pragma once

#include <QRectF>
#include <QWidget>
#include <vector>

#include "logic/FloatAdder.h"
#include "logic/FpAddRegisterRows.h"

namespace mlsyslab::widgets {

// The registers of one fp-add snapshot, drawn as rows of bit cells: sign | exponent (biased) |
// carry, hidden bit . mantissa | G R S, coloured by field as in the float simulators, on one
// grid so that each column is one power of two and an alignment shift moves bits visibly to
// the right. Bits the stored pattern does not have (carry, hidden bit, guard, round, sticky)
// have dashed outlines. What the step changed has an outline in the logic views' "changed"
// colour. Each row ends with its value as the seed writes it, 1.01₂ × 2^1 = 2.5: beside the
// cells where there is room, else under them (fp32's 24-bit significands).
//
// The cells shrink with the width, down to about a line of text; below that the row is cut at
// the right rather than made unreadable.
class FpAddRegisterView : public QWidget {
    Q_OBJECT
public:
    explicit FpAddRegisterView(QWidget* parent = nullptr);

    void showStep(const logic::FloatAdditionTrace& trace, int stepIndex);
    const RegisterRows& rows() const { return rows_; }
    const logic::SignificandLayout& layout() const { return layout_; }

    // Where a cell is drawn at the current size (tests check the columns line up).
    QRectF cellRect(int rowIndex, int column) const;

    // How the rows are laid out at a width: one band with the values beside the cells or under
    // them; or, where a row of cells would get too small (fp32 in a lesson column), two bands,
    // sign and exponent with the values above, the significands (which must stay aligned)
    // across the whole width below.
    enum class Arrangement { ValuesBeside, ValuesBelow, TwoBands };
    Arrangement arrangement() const { return geometry(width()).arrangement; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Geometry {
        Arrangement arrangement = Arrangement::ValuesBeside;
        double cell = 0;        // a cell's side, pixels
        double namesWidth = 0;  // the operator sign and the row names
        double margin = 0;      // room for the highlight around the outermost cells
        double rowPitch = 0;    // from one row's top to the next
        double headerHeight = 0;
        double ruleGap = 0;     // the extra space for the rule above the result
        double bandHeight = 0;  // one band: header and rows
        double bandGap = 0;
        double height = 0;
    };
    Geometry geometry(int width) const;
    Geometry arrange(Arrangement arrangement, double cell, double namesWidth) const;
    // The left edge of each column, in cells from the band's first column.
    std::vector<double> columnOffsets(bool twoBands) const;
    double bandUnits(int band, bool twoBands) const;  // a band's width, in cells
    int bandOf(int column, bool twoBands) const;
    QRectF cellRect(const Geometry& geometry, int rowIndex, int column) const;
    double rowTop(const Geometry& geometry, int band, int rowIndex) const;
    double notationWidth(const QFont& font) const;
    double namesWidth() const;
    QFont digitFont(double cell) const;
    QFont nameFont() const;
    QFont notationFont() const;
    QFont headerFont() const;
    void paintHeader(QPainter& painter, const Geometry& geometry) const;
    void paintRow(QPainter& painter, const Geometry& geometry, int rowIndex) const;
    void paintNotation(QPainter& painter, const Geometry& geometry, int rowIndex) const;

    RegisterRows rows_;
    logic::SignificandLayout layout_;
    int formatExponentBits_ = 0;
};

}  // namespace mlsyslab::widgets
