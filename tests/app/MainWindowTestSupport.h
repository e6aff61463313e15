#pragma once

// What the suites that drive the app's main window share: lesson files to open and a window
// placed where offscreen clicks reach it.
#include <QFile>
#include <QString>
#include <QtTest>

#include "gui/MainWindow.h"

namespace mlsyslab::testing {

// A three-step lesson (a note on step 1, a quiz on step 3), with `frontMatterExtra` lines
// (such as "part: ...") added to its front matter.
inline QString lessonText(const QString& secondStepHeading, const QString& id = "test-lesson",
                          const QString& title = "Test lesson",
                          const QString& frontMatterExtra = QString()) {
    return QStringLiteral(
               "---\nformat: mlsyslab-lesson/1\nid: %2\ntitle: %3\n%4---\n\n"
               "# First\n\nOne.\n\nNote: Say hello.\n\n---\n\n# %1\n\nTwo.\n\n---\n\n# Third\n\n"
               "```quiz single\nPick one.\n- [x] yes\n- [ ] no\n> Because.\n```\n")
        .arg(secondStepHeading, id, title, frontMatterExtra);
}

inline void writeFile(const QString& path, const QString& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text.toUtf8());
}

// Shows the window inside the offscreen platform's screen (800x800): clicks outside the screen
// reach no widget.
inline void showOnScreen(app::MainWindow& window) {
    window.resize(780, 760);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
}

}  // namespace mlsyslab::testing
