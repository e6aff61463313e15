#pragma once

#include <QPlainTextEdit>

namespace mlsyslab::widgets {

// What the program has printed so far, in a terminal's monospace font. Stepping forward appends
// the new text (no re-layout of what was there); stepping back sets the shorter text.
class OutputConsole : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit OutputConsole(QWidget* parent = nullptr);

    void setOutput(const QString& output);
    QString output() const { return output_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    QString output_;
};

}  // namespace mlsyslab::widgets
