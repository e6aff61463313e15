#pragma once

#include <QString>
#include <QWidget>
#include <optional>

#include "numeric/BitPattern.h"
#include "numeric/IntegerArithmetic.h"

namespace mlsyslab::widgets {

// Every pattern of a W-bit register on a circle: 0 at the top, increasing clockwise, so adding
// 1 to the largest pattern comes back to 0. A thick line in the error colour marks where the
// reading jumps from the largest value to the smallest (between 0111..1 and 1000..0 when
// signed, between 1111..1 and 0000..0 when unsigned); A and the result are dots, and the walk
// from A to the result (for add, subtract and negate) is an arrow along the circle, drawn in
// the error colour when it crosses the boundary.
//
// At 4 bits all 16 patterns are labelled with their bits and value; wider, only 0, the two
// sides of the boundary, A and the result. Sizes follow the font; the circle stays round.
class NumberCircle : public QWidget {
    Q_OBJECT
public:
    struct Contents {
        numeric::IntegerFormat format;
        numeric::BitPattern a{8, 0};
        numeric::BitPattern result{8, 0};
        std::optional<numeric::CircleWalk> walk;  // none for multiply
        QString aName;                            // "A"
        QString resultName;                       // "A + B"
        QString aLegend;                          // "A = 127"
        QString resultLegend;                     // "A + B = −128"
    };

    explicit NumberCircle(QWidget* parent = nullptr);

    void setContents(const Contents& contents);
    const Contents& contents() const { return contents_; }
    // Whether the drawn walk passes the boundary line: for add, subtract and negate the same
    // fact as the overflow of the reading (V signed, C unsigned), seen on the circle.
    bool walkCrossesBoundary() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    Contents contents_;
};

}  // namespace mlsyslab::widgets
