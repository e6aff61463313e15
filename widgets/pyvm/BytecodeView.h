#pragma once

#include <QAbstractScrollArea>
#include <memory>
#include <vector>

#include "pyvm/BytecodeListing.h"

namespace mlsyslab::widgets {

// Every code object of the program as `dis` prints it, one section per code object (`== <module>`,
// `== add`), each row `LINE  >>  INDEX  OPNAME  ARGUMENT` in a monospace grid. The running
// instruction sits on a coloured band; jumps have arrows to their targets (the running one's drawn
// strong). Rows are laid out once per listing; a step only moves the band, so stepping stays well
// under a frame's time however long the program.
class BytecodeView : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit BytecodeView(QWidget* parent = nullptr);

    void setListing(std::shared_ptr<const BytecodeListing> listing);
    const BytecodeListing* listing() const { return listing_.get(); }
    // Marks the row of `instruction` in `code` (none when code is null) and scrolls it into view.
    void setCurrent(const pyvm::CodeObject* code, int instruction);
    int currentRow() const { return currentRow_; }
    QString currentRowText() const;
    int rowCount() const;
    // The row's text as the pane shows it, e.g. "9 CALL 2" or "== add".
    QString rowText(int row) const;
    bool isJumpTarget(int row) const;
    // Where row `row` is drawn, in viewport coordinates (tests look there).
    QRect rowRect(int row) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Arrow {
        int fromRow = 0;
        int toRow = 0;
        int lane = 0;
    };
    void layOut();
    void updateScrollBars();
    void paintArrow(QPainter& painter, const Arrow& arrow, bool strong) const;

    std::shared_ptr<const BytecodeListing> listing_;
    std::vector<Arrow> arrows_;
    int laneCount_ = 0;
    int currentRow_ = -1;
    // Column positions in pixels, from the left edge of the content.
    int rowHeight_ = 1;
    int characterWidth_ = 1;
    int lineColumnX_ = 0;
    int arrowsX_ = 0;
    int markerX_ = 0;
    int indexX_ = 0;
    int opnameX_ = 0;
    int argumentX_ = 0;
    int contentWidth_ = 0;
};

}  // namespace mlsyslab::widgets
