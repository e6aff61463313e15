#include "pyvm/FramesView.h"

#include <QEvent>
#include <QPainter>

#include "pyvm/CodeFont.h"
#include "pyvm/PyVmColors.h"

namespace mlsyslab::widgets {

namespace {
constexpr int kMargin = 6;  // pixels around and between boxes
constexpr double kRunningBorderWidth = 3.0;
constexpr int kWidestNameCharacters = 12;  // longer names are shortened to keep room for values
constexpr int kPreferredWidthCharacters = 30;
constexpr int kNarrowestWidthCharacters = 16;
}  // namespace

FramesView::FramesView(QWidget* parent) : QWidget(parent) {
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

void FramesView::setBoxes(std::vector<VariableBox> boxes) {
    boxes_ = std::move(boxes);
    setMinimumHeight(contentHeight());
    updateGeometry();
    update();
}

QString FramesView::summary() const {
    QStringList parts;
    for (const VariableBox& box : boxes_) {
        QStringList rows;
        for (const VariableRow& row : box.rows) rows << row.name + QStringLiteral(" = ") + row.value;
        parts << box.title + QStringLiteral(": ") +
                     (rows.isEmpty() ? QStringLiteral("(none)") : rows.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral(" | "));
}

int FramesView::rowHeight() const { return QFontMetrics(codeFont(font())).lineSpacing() + 6; }

int FramesView::titleHeight() const { return fontMetrics().lineSpacing() + 8; }

int FramesView::boxHeight(const VariableBox& box) const {
    // A box without variables is one line: its title and the note beside it.
    if (box.rows.empty()) return titleHeight() + 4;
    return titleHeight() + int(box.rows.size()) * rowHeight() + 6;
}

int FramesView::contentHeight() const {
    int height = kMargin;
    for (const VariableBox& box : boxes_) height += boxHeight(box) + kMargin;
    return std::max(height, titleHeight() + rowHeight() + 2 * kMargin);
}

QSize FramesView::sizeHint() const {
    return {QFontMetrics(codeFont(font())).horizontalAdvance(u'M') * kPreferredWidthCharacters,
            contentHeight()};
}

QSize FramesView::minimumSizeHint() const {
    return {QFontMetrics(codeFont(font())).horizontalAdvance(u'M') * kNarrowestWidthCharacters,
            contentHeight()};
}

void FramesView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        setMinimumHeight(contentHeight());
        updateGeometry();
    }
}

void FramesView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette colors = palette();
    const QFont code = codeFont(font());
    const QFontMetrics codeMetrics(code);
    const int character = codeMetrics.horizontalAdvance(u'M');
    QFont titleFont = font();
    titleFont.setBold(true);

    // One name column for every box, so values line up down the whole pane.
    int nameWidth = character * 2;
    for (const VariableBox& box : boxes_) {
        for (const VariableRow& row : box.rows) {
            nameWidth = std::max(nameWidth, codeMetrics.horizontalAdvance(row.name));
        }
    }
    // One character to spare: elidedText() shortens a text that fits only to the pixel.
    nameWidth = std::min(nameWidth + character, character * kWidestNameCharacters);

    int top = kMargin;
    for (const VariableBox& box : boxes_) {
        const QRectF outline(kMargin + 0.5, top + 0.5, width() - 2 * kMargin - 1,
                             boxHeight(box) - 1);
        const QColor border = box.running ? pyVmColor(PyVmRole::RunningFrame, colors)
                                          : pyVmColor(PyVmRole::FrameBorder, colors);
        painter.setPen(QPen(border, box.running ? kRunningBorderWidth : 1.0));
        painter.setBrush(colors.color(QPalette::Base));
        painter.drawRoundedRect(outline, 4, 4);

        const QRectF title(outline.left() + character / 2.0, outline.top(),
                           outline.width() - character, titleHeight());
        painter.setFont(titleFont);
        painter.setPen(colors.color(QPalette::Text));
        const QString shownTitle =
            QFontMetrics(titleFont).elidedText(box.title, Qt::ElideRight, int(title.width()));
        painter.drawText(title, Qt::AlignLeft | Qt::AlignVCenter, shownTitle);
        int rowTop = int(outline.top()) + titleHeight();
        if (box.rows.empty()) {
            painter.setFont(font());
            painter.setPen(quietTextColor(colors));
            const double noteLeft = title.left() + QFontMetrics(titleFont).horizontalAdvance(shownTitle) +
                                    character;
            painter.drawText(QRectF(noteLeft, title.top(), title.right() - noteLeft, title.height()),
                             Qt::AlignLeft | Qt::AlignVCenter,
                             QStringLiteral("(%1)").arg(box.emptyNote));
        }
        painter.setFont(code);
        for (const VariableRow& row : box.rows) {
            const QRectF name(title.left(), rowTop, nameWidth, rowHeight());
            const double valueLeft = name.right() + character;
            const QRectF value(valueLeft, rowTop + 2, outline.right() - valueLeft - character / 2.0,
                               rowHeight() - 4);
            painter.setPen(colors.color(QPalette::Text));
            painter.drawText(name, Qt::AlignRight | Qt::AlignVCenter,
                             codeMetrics.elidedText(row.name, Qt::ElideRight, nameWidth));
            painter.setPen(QPen(pyVmColor(PyVmRole::FrameBorder, colors), 1.0));
            painter.setBrush(row.changed ? pyVmColor(PyVmRole::Changed, colors)
                                         : colors.color(QPalette::AlternateBase));
            painter.drawRect(value);
            painter.setPen(colors.color(QPalette::Text));
            const QRectF text = value.adjusted(character / 2.0, 0, -character / 2.0, 0);
            painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter,
                             codeMetrics.elidedText(row.value, Qt::ElideRight, int(text.width())));
            rowTop += rowHeight();
        }
        top += boxHeight(box) + kMargin;
    }
}

}  // namespace mlsyslab::widgets
