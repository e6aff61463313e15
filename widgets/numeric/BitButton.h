#pragma once

#include <QToolButton>

namespace mlsyslab::widgets {

// One bit as a big square: highlight when on, base when off, with a text-coloured border.
// It paints from the palette on every repaint, so a presentation or dark palette applies at
// once, which a style sheet would not do.
class BitButton : public QToolButton {
    Q_OBJECT
public:
    explicit BitButton(QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent* event) override;
};

}  // namespace mlsyslab::widgets
