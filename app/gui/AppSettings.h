#pragma once

#include <QSettings>
#include <QString>
#include <QStringList>

#include "lesson/LessonPlayer.h"

namespace mlsyslab::app {

// Everything the app remembers between runs: recent lesson files and each lesson's progress
// (last step, quiz answers). The one place that talks to QSettings. Every change is written
// to disk at once; QSettings replaces its INI file atomically (a temporary file renamed over
// it), so a crash or a power cut loses at most the change being made.
class AppSettings {
public:
    // The INI file to use; the app passes defaultPath(), tests a temporary file.
    explicit AppSettings(const QString& filePath);

    static QString defaultPath();

    QStringList recentFiles() const;
    // Puts the file first in the list (at most kMaxRecentFiles). A file is listed once, however
    // its path is spelt: the spelling given last is kept.
    void addRecentFile(const QString& path);
    // Removes the file, under any spelling of its path.
    void removeRecentFile(const QString& path);

    // Steps count from 0; -1 when the lesson was never opened.
    int lastStep(const QString& lessonId) const;
    void setLastStep(const QString& lessonId, int step);

    widgets::LessonPlayer::QuizAnswers quizAnswers(const QString& lessonId) const;
    void setQuizAnswer(const QString& lessonId, int step, int quiz, const std::vector<int>& selection);
    void clearQuizAnswers(const QString& lessonId);

    static constexpr int kMaxRecentFiles = 10;

private:
    static QString lessonGroup(const QString& lessonId);
    void save();

    mutable QSettings settings_;
};

}  // namespace mlsyslab::app
