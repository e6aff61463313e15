#pragma once

#include <QAbstractScrollArea>
#include <QFont>
#include <memory>

namespace mlsyslab::widgets {

class CacheSteps;

// The trace, one row per access: "#5  L 0x00, 4 B  →  L1 miss (conflict), memory: 10 cycles"
// for the accesses already made, only "#6  L 0x10, 4 B" (greyed) for those to come, so that
// students can predict the next one. The access just made is highlighted and kept in the middle.
// Only the rows in view are worked out and drawn (a long row is cut short with "…"; its tooltip
// has all of it), so a trace of 100,000 accesses steps as fast as one of ten. A QListView walks
// its rows when it scrolls to one, which costs milliseconds per step at that length.
class AccessListView : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit AccessListView(QWidget* parent = nullptr);
    ~AccessListView() override;

    // The run, at its current position (steps->position() accesses made).
    void showStep(std::shared_ptr<const CacheSteps> steps);

    int rowCount() const;
    QString rowText(int row) const;
    // The highlighted row (the access just made), or -1 before the first access.
    int currentRow() const;
    // The first row in view.
    int firstShownRow() const;

    // How many rows the list asks for (it shows more or fewer as its layout gives it room).
    void setPreferredRows(int rows);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    int rowHeight() const;
    int rowsInView() const;
    void updateScrollBar();
    void scrollToCurrentRow();
    void applyStyle();

    std::shared_ptr<const CacheSteps> steps_;
    int position_ = 0;
    int preferredRows_;
    QFont codeFont_;
};

}  // namespace mlsyslab::widgets
