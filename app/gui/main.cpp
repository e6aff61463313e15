// mlsyslab: the desktop app.
//   mlsyslab [LESSON] [--step N] [--present] [--screenshot OUT.png [--size WxH]]
#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <cstdio>
#include <cstring>

#include "gui/AppSettings.h"
#include "gui/MainWindow.h"
#include "gui/Screenshot.h"
#include "lesson/LessonPlayer.h"
#include "lesson/KindSpec.h"

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

int usageError(const QString& message) {
    std::fprintf(stderr, "mlsyslab: %s\n", qPrintable(message));
    return kExitUsage;
}

// The offscreen platform warns about a window-manager feature it lacks; for a screenshot that
// is noise around the messages that matter.
void dropOffscreenNoise(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (message == QLatin1String("This plugin does not support propagateSizeHints()")) return;
    std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

bool wantsScreenshot(int argc, char** argv) {
    for (int index = 1; index < argc; ++index) {
        if (std::strcmp(argv[index], "--screenshot") == 0) return true;
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace mlsyslab::app;
    // A screenshot needs no display: render on the offscreen platform unless told otherwise.
    if (wantsScreenshot(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        qInstallMessageHandler(dropOffscreenNoise);
    }
    QApplication application(argc, argv);
    QApplication::setApplicationName(QStringLiteral("MLSysLab"));
    QApplication::setOrganizationName(QStringLiteral("MLSysLab"));
    QApplication::setApplicationVersion(QStringLiteral(MLSYSLAB_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QObject::tr("MLSysLab: how machine learning meets hardware."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("LESSON"),
                                 QObject::tr("A lesson file, or a built-in lesson's id."), QStringLiteral("[LESSON]"));
    const QCommandLineOption stepOption(QStringLiteral("step"), QObject::tr("Open at step N (from 1)."), QStringLiteral("N"));
    const QCommandLineOption presentOption(QStringLiteral("present"), QObject::tr("Start in presentation mode."));
    const QCommandLineOption screenshotOption(QStringLiteral("screenshot"),
                                              QObject::tr("Render the step to a PNG file and exit."), QStringLiteral("OUT.png"));
    const QCommandLineOption sizeOption(QStringLiteral("size"), QObject::tr("Screenshot size (default 1280x800)."),
                                        QStringLiteral("WxH"));
    parser.addOptions({stepOption, presentOption, screenshotOption, sizeOption});
    if (!parser.parse(QApplication::arguments())) return usageError(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version"))) parser.showVersion();

    const QStringList lessons = parser.positionalArguments();
    if (lessons.size() > 1) return usageError(QObject::tr("give at most one LESSON"));
    int step = 0;
    if (parser.isSet(stepOption)) {
        bool ok = false;
        step = parser.value(stepOption).toInt(&ok);
        if (!ok || step < 1) return usageError(QObject::tr("--step needs a whole number from 1, not '%1'").arg(parser.value(stepOption)));
    }
    QSize size = kDefaultScreenshotSize;
    if (parser.isSet(sizeOption)) {
        static const QRegularExpression sizePattern(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
        const auto match = sizePattern.match(parser.value(sizeOption));
        if (!match.hasMatch()) return usageError(QObject::tr("--size needs WIDTHxHEIGHT, e.g. 1920x1080"));
        size = QSize(match.captured(1).toInt(), match.captured(2).toInt());
        if (size.width() > 8192 || size.height() > 8192) return usageError(QObject::tr("--size is at most 8192x8192"));
    }
    const bool screenshot = parser.isSet(screenshotOption);
    if (screenshot && lessons.isEmpty()) return usageError(QObject::tr("--screenshot needs a LESSON"));

    // A screenshot is a figure: it must not depend on (or change) the user's saved progress.
    QTemporaryDir scratch;
    AppSettings settings(screenshot ? scratch.filePath(QStringLiteral("settings.ini")) : AppSettings::defaultPath());
    MainWindow window(settings);
    bool lessonOk = true;
    if (!lessons.isEmpty()) {
        const QString& lesson = lessons.front();
        const auto builtin = QFileInfo::exists(lesson)
                                 ? std::nullopt
                                 : findBuiltinLesson(lesson, mlsyslab::lesson::builtinSimKinds());
        lessonOk = builtin ? window.openLesson(*builtin) : window.openLessonFile(lesson);
        if (lessonOk && step > window.player()->stepCount()) {
            return usageError(QObject::tr("--step %1: the lesson has only %2 steps").arg(step).arg(window.player()->stepCount()));
        }
        if (lessonOk && step > 0) window.showStepAsAsked(step - 1);
        if (!lessonOk) {
            for (const auto& diagnostic : window.currentLesson()->parsed.diagnostics) {
                std::fprintf(stderr, "%s\n", mlsyslab::lesson::formatDiagnostic(lesson.toStdString(), diagnostic).c_str());
            }
        }
    }
    if (parser.isSet(presentOption)) window.setPresentationMode(true, !screenshot);

    if (screenshot) {
        const QString error = saveScreenshot(window, size, parser.value(screenshotOption));
        if (!error.isEmpty()) {
            std::fprintf(stderr, "mlsyslab: %s\n", qPrintable(error));
            return kExitFailed;
        }
        return lessonOk ? 0 : kExitFailed;
    }
    if (!window.isPresentationMode()) window.show();
    return QApplication::exec();
}
