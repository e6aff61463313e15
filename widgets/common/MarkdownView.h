#pragma once

#include <QTextBrowser>

namespace mlsyslab::widgets {

// Lesson prose: Markdown rendered by Qt, as tall as its text (no scroll bar of its own, so the
// step scrolls as a whole), in the widget's font and palette, restyled to read well when
// projected (MarkdownStyle.h). A change of font or palette renders it again.
class MarkdownView : public QTextBrowser {
    Q_OBJECT
public:
    explicit MarkdownView(const QString& markdown = QString(), QWidget* parent = nullptr);

    void setMarkdownText(const QString& markdown);
    const QString& markdownText() const { return markdown_; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void render();

    QString markdown_;
};

}  // namespace mlsyslab::widgets
