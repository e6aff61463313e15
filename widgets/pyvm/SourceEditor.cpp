#include "pyvm/SourceEditor.h"

#include <QEvent>
#include <QPainter>
#include <QTextBlock>

#include "common/DisplayStyle.h"
#include "pyvm/CodeFont.h"
#include "pyvm/PyVmColors.h"
#include "pyvm/PythonHighlighter.h"

namespace mlsyslab::widgets {

namespace {
// The running span's underline: thick enough to see from the back of a lecture hall.
constexpr double kSpanUnderlineWidth = 3.0;
// Room between a line's text and the error message written after it, in character widths.
constexpr int kMessageGapCharacters = 3;

// The QString index of code point `column` in `line` (they differ past U+FFFF).
int indexOfCodePoint(const QString& line, int column) {
    int index = 0;
    for (int point = 0; point < column && index < line.size(); ++point) {
        index += line[index].isHighSurrogate() && index + 1 < line.size() ? 2 : 1;
    }
    return std::min(index, int(line.size()));
}
}  // namespace

// The line numbers, left of the text: a child widget that asks the editor to paint it.
class SourceGutter : public QWidget {
public:
    explicit SourceGutter(SourceEditor* editor) : QWidget(editor), editor_(editor) {}
    QSize sizeHint() const override { return {editor_->gutterWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { editor_->paintGutter(event, *this); }

private:
    SourceEditor* editor_;
};

SourceEditor::SourceEditor(QWidget* parent)
    : QPlainTextEdit(parent),
      gutter_(new SourceGutter(this)),
      highlighter_(new PythonHighlighter(document())) {
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setReadOnly(true);
    // Python is indented by spaces; a Tab key types four of them rather than a tab character.
    setTabChangesFocus(false);
    applyFont();
    connect(this, &QPlainTextEdit::blockCountChanged, this,
            [this] { setViewportMargins(gutterWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
        if (dy != 0) {
            gutter_->scroll(0, dy);
        } else {
            gutter_->update(0, rect.y(), gutter_->width(), rect.height());
        }
    });
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

void SourceEditor::setSource(const QString& source) {
    setPlainText(source);
    refreshMarks();
}

void SourceEditor::setEditing(bool editing) {
    setReadOnly(!editing);
    // While editing, the marks of the last run would point at text that is changing.
    if (editing) {
        running_.reset();
        runningLine_ = 0;
        clearError();
    }
    setFocusPolicy(editing ? Qt::StrongFocus : Qt::ClickFocus);
    refreshMarks();
}

void SourceEditor::showRunning(std::optional<SourceSpan> span) {
    if (span && span->line <= 0) span.reset();
    running_ = span;
    runningLine_ = span ? span->line : 0;
    refreshMarks();
    if (span) {
        const QTextBlock block = document()->findBlockByNumber(span->line - 1);
        if (block.isValid()) {
            QTextCursor cursor(block);
            setTextCursor(cursor);
            ensureCursorVisible();
        }
    }
}

QString SourceEditor::runningText() const {
    if (!running_) return {};
    return spanCursor(running_->line, running_->column, running_->endLine, running_->endColumn)
        .selectedText()
        .replace(QChar::ParagraphSeparator, u'\n');
}

void SourceEditor::showError(int line, int column, const QString& message) {
    errorLine_ = line;
    errorColumn_ = column;
    errorMessage_ = message;
    refreshMarks();
}

void SourceEditor::clearError() {
    errorLine_ = 0;
    errorColumn_ = -1;
    errorMessage_.clear();
    refreshMarks();
}

int SourceEditor::gutterWidth() const {
    const int digits = QString::number(std::max(1, blockCount())).size();
    // A digit per place, room for the running-line arrow, and a little air on both sides.
    return QFontMetrics(document()->defaultFont()).horizontalAdvance(u'9') * (digits + 3);
}

QTextCursor SourceEditor::spanCursor(int line, int column, int endLine, int endColumn) const {
    const QTextBlock first = document()->findBlockByNumber(line - 1);
    const QTextBlock last = document()->findBlockByNumber(std::max(line, endLine) - 1);
    if (!first.isValid() || !last.isValid()) return QTextCursor(document());
    QTextCursor cursor(document());
    cursor.setPosition(first.position() + indexOfCodePoint(first.text(), column));
    cursor.setPosition(last.position() + indexOfCodePoint(last.text(), endColumn),
                       QTextCursor::KeepAnchor);
    return cursor;
}

void SourceEditor::refreshMarks() {
    QList<QTextEdit::ExtraSelection> marks;
    const QPalette colors = palette();
    if (running_) {
        QTextEdit::ExtraSelection band;
        band.format.setBackground(pyVmColor(PyVmRole::CurrentLine, colors));
        band.format.setProperty(QTextFormat::FullWidthSelection, true);
        band.cursor = QTextCursor(document()->findBlockByNumber(running_->line - 1));
        marks.append(band);
    }
    if (errorLine_ > 0) {
        const QColor red = errorColor(colors);
        QTextEdit::ExtraSelection line;
        QColor tint = red;
        tint.setAlpha(48);
        line.format.setBackground(tint);
        line.format.setProperty(QTextFormat::FullWidthSelection, true);
        line.cursor = QTextCursor(document()->findBlockByNumber(errorLine_ - 1));
        marks.append(line);
        if (errorColumn_ >= 0) {
            QTextEdit::ExtraSelection place;
            place.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
            place.format.setUnderlineColor(red);
            place.format.setForeground(red);
            place.format.setFontWeight(QFont::Bold);
            place.cursor = spanCursor(errorLine_, errorColumn_, errorLine_, errorColumn_ + 1);
            marks.append(place);
        }
    }
    setExtraSelections(marks);
    viewport()->update();
    gutter_->update();
}

void SourceEditor::applyFont() {
    const QFont code = codeFont(font());
    document()->setDefaultFont(code);
    gutter_->setFont(code);
    setTabStopDistance(QFontMetricsF(code).horizontalAdvance(u' ') * 4);
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

void SourceEditor::resizeEvent(QResizeEvent* event) {
    QPlainTextEdit::resizeEvent(event);
    const QRect area = contentsRect();
    gutter_->setGeometry(QRect(area.left(), area.top(), gutterWidth(), area.height()));
}

void SourceEditor::changeEvent(QEvent* event) {
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFont();
    if (event->type() == QEvent::PaletteChange) {
        highlighter_->setPalette(palette());
        refreshMarks();
    }
}

void SourceEditor::paintEvent(QPaintEvent* event) {
    QPlainTextEdit::paintEvent(event);
    QPainter painter(viewport());
    if (running_) {
        // The running expression, underlined line by line when it spans several.
        QPen pen(pyVmColor(PyVmRole::CurrentSpan, palette()), kSpanUnderlineWidth);
        pen.setCapStyle(Qt::FlatCap);
        painter.setPen(pen);
        const int lastLine = std::max(running_->line, running_->endLine);
        for (int line = running_->line; line <= lastLine; ++line) {
            const QTextBlock block = document()->findBlockByNumber(line - 1);
            if (!block.isValid()) break;
            const QString text = block.text();
            const int from = line == running_->line ? indexOfCodePoint(text, running_->column)
                                                    : int(text.size() - text.trimmed().size());
            const int to = line == lastLine ? indexOfCodePoint(text, running_->endColumn)
                                            : int(text.size());
            if (to <= from) continue;
            QTextCursor cursor(block);
            cursor.setPosition(block.position() + from);
            const QRect start = cursorRect(cursor);
            cursor.setPosition(block.position() + to);
            const QRect end = cursorRect(cursor);
            const double y = start.bottom() - kSpanUnderlineWidth / 2;
            painter.drawLine(QPointF(start.left(), y), QPointF(end.left(), y));
        }
    }
    if (errorLine_ > 0 && !errorMessage_.isEmpty()) {
        const QTextBlock block = document()->findBlockByNumber(errorLine_ - 1);
        if (block.isValid()) {
            QTextCursor cursor(block);
            cursor.movePosition(QTextCursor::EndOfBlock);
            const QRect end = cursorRect(cursor);
            const QFontMetrics metrics(document()->defaultFont());
            QFont bold = document()->defaultFont();
            bold.setBold(true);
            painter.setFont(bold);
            painter.setPen(errorColor(palette()));
            const int x = end.left() + metrics.horizontalAdvance(u' ') * kMessageGapCharacters;
            painter.drawText(QRect(x, end.top(), viewport()->width() - x, end.height()),
                             Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("← ") + errorMessage_);
        }
    }
}

void SourceEditor::paintGutter(QPaintEvent* event, QWidget& gutter) {
    QPainter painter(&gutter);
    const QPalette colors = palette();
    painter.fillRect(event->rect(), colors.color(QPalette::AlternateBase));
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    const int digitWidth = gutter.fontMetrics().horizontalAdvance(u'9');
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        const int line = block.blockNumber() + 1;
        if (block.isVisible() && top + height >= event->rect().top()) {
            QFont font = gutter.font();
            QColor ink = quietTextColor(colors);
            if (line == errorLine_) {
                ink = errorColor(colors);
                font.setBold(true);
            } else if (line == runningLine_) {
                ink = colors.color(QPalette::Text);
                font.setBold(true);
            }
            painter.setFont(font);
            painter.setPen(ink);
            const QRect row(0, top, gutter.width() - digitWidth, height);
            painter.drawText(row, Qt::AlignRight | Qt::AlignVCenter, QString::number(line));
            if (line == runningLine_) {
                // Python Tutor's arrow: "this line runs next".
                painter.setPen(pyVmColor(PyVmRole::CurrentSpan, colors));
                painter.drawText(QRect(0, top, digitWidth * 2, height), Qt::AlignCenter,
                                 QStringLiteral("▶"));
            }
        }
        block = block.next();
        top += height;
    }
}

}  // namespace mlsyslab::widgets
