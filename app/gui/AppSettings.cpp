#include "gui/AppSettings.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QStandardPaths>
#include <QUrl>

namespace mlsyslab::app {

namespace {

const QString kRecentFilesKey = QStringLiteral("recentFiles");
const QString kLastStepKey = QStringLiteral("lastStep");
const QString kQuizzesGroup = QStringLiteral("quizzes");

// Quiz answers are stored as "STEP.QUIZ" = "0 2" (ticked choice indices; not commas, which
// QSettings' INI format would read back as a list).
QString quizKey(int step, int quiz) { return QStringLiteral("%1.%2").arg(step).arg(quiz); }

// The file a path names, however it is spelt ("./a", "dir/../a", a link): its canonical path,
// or its cleaned absolute path when it does not exist (now).
QString fileIdentity(const QString& path) {
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : canonical;
}

// The first (most recent) path of each file, at most AppSettings::kMaxRecentFiles of them.
QStringList withoutDuplicateFiles(const QStringList& paths, int maxCount) {
    QStringList unique;
    QSet<QString> seen;
    for (const QString& path : paths) {
        if (path.isEmpty() || unique.size() == maxCount) continue;
        const QString identity = fileIdentity(path);
        if (seen.contains(identity)) continue;
        seen.insert(identity);
        unique << path;
    }
    return unique;
}

}  // namespace

AppSettings::AppSettings(const QString& filePath) : settings_(filePath, QSettings::IniFormat) {
    // The default, said out loud because progress depends on it: save through a temporary file
    // renamed over the old one, never by rewriting the file in place.
    settings_.setAtomicSyncRequired(true);
    // Earlier versions stored one entry per spelling of a path, so the same lesson was listed
    // several times; clean such a list up once, on reading it.
    const QStringList stored = recentFiles();
    const QStringList unique = withoutDuplicateFiles(stored, kMaxRecentFiles);
    if (unique != stored) {
        settings_.setValue(kRecentFilesKey, unique);
        save();
    }
}

QString AppSettings::defaultPath() {
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) +
           QStringLiteral("/mlsyslab.ini");
}

QString AppSettings::lessonGroup(const QString& lessonId) {
    // Lesson ids are [A-Za-z0-9._-]; percent-encoding keeps any other character out of the
    // INI syntax all the same.
    return QStringLiteral("lesson-") + QString::fromLatin1(QUrl::toPercentEncoding(lessonId));
}

void AppSettings::save() { settings_.sync(); }

QStringList AppSettings::recentFiles() const { return settings_.value(kRecentFilesKey).toStringList(); }

void AppSettings::addRecentFile(const QString& path) {
    settings_.setValue(kRecentFilesKey,
                       withoutDuplicateFiles(QStringList{path} + recentFiles(), kMaxRecentFiles));
    save();
}

void AppSettings::removeRecentFile(const QString& path) {
    const QString identity = fileIdentity(path);
    QStringList files = recentFiles();
    files.removeIf([&](const QString& file) { return fileIdentity(file) == identity; });
    settings_.setValue(kRecentFilesKey, files);
    save();
}

int AppSettings::lastStep(const QString& lessonId) const {
    bool ok = false;
    const int step = settings_.value(lessonGroup(lessonId) + '/' + kLastStepKey).toInt(&ok);
    return ok && step >= 0 ? step : -1;
}

void AppSettings::setLastStep(const QString& lessonId, int step) {
    settings_.setValue(lessonGroup(lessonId) + '/' + kLastStepKey, step);
    save();
}

widgets::LessonPlayer::QuizAnswers AppSettings::quizAnswers(const QString& lessonId) const {
    widgets::LessonPlayer::QuizAnswers answers;
    settings_.beginGroup(lessonGroup(lessonId) + '/' + kQuizzesGroup);
    for (const QString& key : settings_.childKeys()) {
        const QStringList position = key.split('.');
        bool stepOk = false;
        bool quizOk = false;
        const int step = position.value(0).toInt(&stepOk);
        const int quiz = position.value(1).toInt(&quizOk);
        if (position.size() != 2 || !stepOk || !quizOk) continue;  // edited by hand: skip it
        std::vector<int> selection;
        for (const QString& choice : settings_.value(key).toString().split(' ', Qt::SkipEmptyParts)) {
            bool choiceOk = false;
            const int index = choice.toInt(&choiceOk);
            if (choiceOk) selection.push_back(index);
        }
        answers[{step, quiz}] = selection;
    }
    settings_.endGroup();
    return answers;
}

void AppSettings::setQuizAnswer(const QString& lessonId, int step, int quiz,
                                const std::vector<int>& selection) {
    QStringList choices;
    for (const int index : selection) choices << QString::number(index);
    settings_.setValue(lessonGroup(lessonId) + '/' + kQuizzesGroup + '/' + quizKey(step, quiz),
                       choices.join(' '));
    save();
}

void AppSettings::clearQuizAnswers(const QString& lessonId) {
    settings_.remove(lessonGroup(lessonId) + '/' + kQuizzesGroup);
    save();
}

}  // namespace mlsyslab::app
