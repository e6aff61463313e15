#pragma once

#include <QWidget>

namespace mlsyslab::widgets {

// One ALU flag (C, V, Z or N) as a letter in a rounded box: filled when the flag is set, an
// outline when it is clear. An "alarm" flag (the overflow of the chosen reading) fills in the
// error colour. Painted from the palette on every repaint, so presentation mode applies at once.
class FlagBadge : public QWidget {
    Q_OBJECT
public:
    explicit FlagBadge(const QString& letter, QWidget* parent = nullptr);

    bool isLit() const { return lit_; }
    bool isAlarm() const { return alarm_; }
    void setLit(bool lit, bool alarm);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString letter_;
    bool lit_ = false;
    bool alarm_ = false;
};

}  // namespace mlsyslab::widgets
