#include "pyvm/StackView.h"

#include <QEvent>
#include <QPainter>

#include "pyvm/CodeFont.h"
#include "pyvm/PyVmColors.h"

namespace mlsyslab::widgets {

namespace {
constexpr int kGap = 4;            // pixels between boxes
constexpr int kMargin = 6;         // pixels around the pile
constexpr int kWidestBoxCharacters = 28;
constexpr int kNarrowestBoxCharacters = 10;
const QString kNull = QStringLiteral("NULL");
}  // namespace

StackView::StackView(QWidget* parent) : QWidget(parent) {
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

void StackView::setStack(const std::vector<std::string>& bottomFirst,
                         const std::vector<bool>& changed) {
    values_.clear();
    changed_.clear();
    for (std::size_t index = bottomFirst.size(); index-- > 0;) {
        values_ << QString::fromStdString(bottomFirst[index]);
        changed_.push_back(index < changed.size() && changed[index]);
    }
    setMinimumHeight(contentHeight());
    updateGeometry();
    update();
}

QStringList StackView::boxTexts() const { return values_; }

std::vector<bool> StackView::changedBoxes() const { return changed_; }

int StackView::boxHeight() const {
    return QFontMetrics(codeFont(font())).lineSpacing() * 3 / 2 + 2;
}

int StackView::contentHeight() const {
    const int boxes = std::max<int>(1, int(values_.size()));
    return 2 * kMargin + boxes * boxHeight() + (boxes - 1) * kGap;
}

QSize StackView::sizeHint() const {
    const int character = QFontMetrics(codeFont(font())).horizontalAdvance(u'M');
    return {character * kWidestBoxCharacters, contentHeight()};
}

QSize StackView::minimumSizeHint() const {
    const int character = QFontMetrics(codeFont(font())).horizontalAdvance(u'M');
    return {character * kNarrowestBoxCharacters, contentHeight()};
}

void StackView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        setMinimumHeight(contentHeight());
        updateGeometry();
    }
}

void StackView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette colors = palette();
    const QFont code = codeFont(font());
    painter.setFont(code);
    const QFontMetrics metrics(code);
    if (values_.isEmpty()) {
        painter.setPen(quietTextColor(colors));
        painter.setFont(font());
        painter.drawText(rect().adjusted(kMargin, kMargin, -kMargin, -kMargin),
                         Qt::AlignHCenter | Qt::AlignTop, tr("(empty)"));
        return;
    }
    const int height = boxHeight();
    const int width = this->width() - 2 * kMargin;
    for (int index = 0; index < int(values_.size()); ++index) {
        const QRectF box(kMargin + 0.5, kMargin + index * (height + kGap) + 0.5, width - 1,
                         height - 1);
        const bool isNull = values_[index] == kNull;
        QPen border(isNull ? quietTextColor(colors) : colors.color(QPalette::Text),
                    index == 0 ? 2.0 : 1.0);
        if (isNull) border.setStyle(Qt::DashLine);
        painter.setPen(border);
        painter.setBrush(changed_[std::size_t(index)] ? pyVmColor(PyVmRole::Changed, colors)
                                                      : colors.color(QPalette::Base));
        painter.drawRoundedRect(box, 3, 3);
        QFont text = code;
        text.setItalic(isNull);
        painter.setFont(text);
        painter.setPen(isNull ? quietTextColor(colors) : colors.color(QPalette::Text));
        const QRectF inside = box.adjusted(metrics.horizontalAdvance(u' '), 0,
                                           -metrics.horizontalAdvance(u' '), 0);
        painter.drawText(inside, Qt::AlignVCenter | Qt::AlignHCenter,
                         metrics.elidedText(values_[index], Qt::ElideRight, int(inside.width())));
    }
}

}  // namespace mlsyslab::widgets
