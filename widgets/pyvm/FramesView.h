#pragma once

#include <QString>
#include <QWidget>
#include <vector>

namespace mlsyslab::widgets {

// One variable as a frame box lists it.
struct VariableRow {
    QString name;
    QString value;  // the repr
    bool changed = false;
};

// A titled box of variables: a frame (`add`, `<module>`) or the globals.
struct VariableBox {
    QString title;
    std::vector<VariableRow> rows;
    bool running = false;  // drawn with a strong border: the frame that runs now
    QString emptyNote;     // shown when there are no rows
};

// Boxes of variables, top to bottom, as Python Tutor draws frames: the name on the left, the
// value's repr on the right, changed values tinted, the running frame's box outlined strongly.
// The same view shows the call stack (framesView: one box per frame, the running one last) and
// the globals (globalsView: one box).
class FramesView : public QWidget {
    Q_OBJECT
public:
    explicit FramesView(QWidget* parent = nullptr);

    void setBoxes(std::vector<VariableBox> boxes);
    const std::vector<VariableBox>& boxes() const { return boxes_; }
    // "add: a = 3, b = 5 | <module>: (none)": everything shown, for tests and failure messages.
    QString summary() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    int rowHeight() const;
    int titleHeight() const;
    int boxHeight(const VariableBox& box) const;
    int contentHeight() const;

    std::vector<VariableBox> boxes_;
};

}  // namespace mlsyslab::widgets
