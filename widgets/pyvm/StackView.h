#pragma once

#include <QStringList>
#include <QWidget>
#include <string>
#include <vector>

namespace mlsyslab::widgets {

// The running frame's value stack as a pile of boxes, the top of the stack on top (as a lecturer
// draws it). A NULL (CPython's marker under a called function) is a grey, dashed box; values
// that changed in the step shown are tinted. Long reprs are shortened with "…" to the width.
class StackView : public QWidget {
    Q_OBJECT
public:
    explicit StackView(QWidget* parent = nullptr);

    // Reprs bottom first (as the trace has them), "NULL" for NULL; `changed` per value, bottom
    // first (missing entries count as unchanged).
    void setStack(const std::vector<std::string>& bottomFirst, const std::vector<bool>& changed);
    // What the boxes show, top first.
    QStringList boxTexts() const;
    std::vector<bool> changedBoxes() const;  // top first

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    int boxHeight() const;
    int contentHeight() const;

    QStringList values_;  // top first
    std::vector<bool> changed_;
};

}  // namespace mlsyslab::widgets
