#include "lesson/StepView.h"

#include <QFrame>
#include <QLabel>
#include <QVBoxLayout>

#include "common/DisplayStyle.h"
#include "common/MarkdownView.h"
#include "common/SimWidgetRegistry.h"
#include "lesson/QuizWidget.h"

namespace mlsyslab::widgets {

namespace {
constexpr double kReadingFontScale = 1.15;
constexpr int kBlockSpacing = 16;  // pixels between the step's blocks at 100 %
}  // namespace

StepView::StepView(const lesson::Step& step, const SimWidgetRegistry& simulators, double zoom,
                   QWidget* parent)
    : QWidget(parent) {
    // The lesson is what the student reads: a little larger than the window's chrome.
    setFont(scaledFont(font(), kReadingFontScale * zoom));

    auto* layout = new QVBoxLayout(this);
    layout->setSpacing(static_cast<int>(kBlockSpacing * zoom));
    for (const auto& block : step.blocks) {
        if (const auto* markdown = std::get_if<lesson::MarkdownBlock>(&block)) {
            addMarkdown(*markdown, layout);
        } else if (const auto* sim = std::get_if<lesson::SimBlock>(&block)) {
            addSimulator(*sim, simulators, layout);
        } else if (const auto* quiz = std::get_if<lesson::Quiz>(&block)) {
            addQuiz(*quiz, layout);
        }
    }
    layout->addStretch();
}

void StepView::addMarkdown(const lesson::MarkdownBlock& block, QVBoxLayout* layout) {
    layout->addWidget(new MarkdownView(QString::fromStdString(block.text), this));
}

void StepView::addSimulator(const lesson::SimBlock& block, const SimWidgetRegistry& simulators,
                            QVBoxLayout* layout) {
    auto* frame = new QFrame(this);
    frame->setObjectName(QStringLiteral("sim-%1").arg(QString::fromStdString(block.kind)));
    frame->setFrameShape(QFrame::StyledPanel);
    auto* frameLayout = new QVBoxLayout(frame);
    if (QWidget* simulator = simulators.create(block, frame)) {
        frameLayout->addWidget(simulator);
    } else {
        // Only reachable when core knows a kind that no widget was registered for.
        frameLayout->addWidget(new QLabel(
            tr("This build has no view for the simulator kind '%1'.").arg(QString::fromStdString(block.kind)),
            frame));
    }
    layout->addWidget(frame);
}

void StepView::addQuiz(const lesson::Quiz& quiz, QVBoxLayout* layout) {
    auto* quizWidget = new QuizWidget(quiz, this);
    const int quizIndex = static_cast<int>(quizzes_.size());
    connect(quizWidget, &QuizWidget::answered, this,
            [this, quizIndex](const std::vector<int>& selection, bool correct) {
                emit quizAnswered(quizIndex, selection, correct);
            });
    quizzes_.push_back(quizWidget);
    layout->addWidget(quizWidget);
}

}  // namespace mlsyslab::widgets
