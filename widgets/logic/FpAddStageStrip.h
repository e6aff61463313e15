#pragma once

#include <QStringList>
#include <QWidget>
#include <vector>

#include "logic/FloatAdder.h"

namespace mlsyslab::widgets {

// The stages of one addition as a strip of boxes joined by arrows, the way seed 001 lists
// them: Unpack → 1 Compare exponents → 2 Align → 3 Add → 4 Normalize → 5 Round → Pack (or
// Unpack → Special case → Pack when a NaN or an infinity comes in). The current stage is
// filled with the highlight colour, the ones done are drawn plain, the ones to come faded.
// Clicking a box asks for that stage. Long names give way to short ones, then to smaller
// type, so the strip always fits its width.
class FpAddStageStrip : public QWidget {
    Q_OBJECT
public:
    explicit FpAddStageStrip(QWidget* parent = nullptr);

    void setStages(const std::vector<logic::FloatAdderStage>& stages);
    void setCurrent(int index);
    int current() const { return current_; }
    // The words in each box, as drawn at the current width.
    QStringList boxTexts() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void stageClicked(int index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Fit {
        bool shortNames = false;
        QFont font;
    };
    Fit fitFor(int width) const;
    QStringList textsFor(bool shortNames) const;
    double stripWidth(const QStringList& texts, const QFont& font) const;
    std::vector<QRectF> boxRects(const Fit& fit) const;

    std::vector<logic::FloatAdderStage> stages_;
    int current_ = 0;
};

// "1 Compare exponents" (or "1 Compare"), "2 Align", ..., "Unpack", "Pack", "Special case".
QString stageBoxText(logic::FloatAdderStage stage, bool shortName);

}  // namespace mlsyslab::widgets
