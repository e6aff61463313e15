#include "pyvm/OutputConsole.h"

#include <QEvent>
#include <QScrollBar>
#include <QTextCursor>

#include "pyvm/CodeFont.h"

namespace mlsyslab::widgets {

OutputConsole::OutputConsole(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setFocusPolicy(Qt::ClickFocus);
    document()->setDefaultFont(codeFont(font()));
}

void OutputConsole::setOutput(const QString& output) {
    if (output == output_) return;
    if (output.startsWith(output_)) {
        QTextCursor cursor(document());
        cursor.movePosition(QTextCursor::End);
        cursor.insertText(output.mid(output_.size()));
    } else {
        setPlainText(output);
    }
    output_ = output;
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

void OutputConsole::changeEvent(QEvent* event) {
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::FontChange) document()->setDefaultFont(codeFont(font()));
}

}  // namespace mlsyslab::widgets
