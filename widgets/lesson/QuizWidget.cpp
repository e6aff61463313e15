#include "lesson/QuizWidget.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QVBoxLayout>

#include "common/MarkdownView.h"

namespace mlsyslab::widgets {

namespace {

// Readable on white and on the high-contrast palette; the words say it too, not colour alone.
const QColor kCorrectColor(0x1B, 0x6E, 0x2F);
const QColor kWrongColor(0xB0, 0x1E, 0x1E);

}  // namespace

QString plainInlineText(const std::string& markdown) {
    QString text = QString::fromStdString(markdown);
    static const QRegularExpression markers(QStringLiteral(R"(\*\*|__|`|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*]))"));
    return text.remove(markers);
}

QuizWidget::QuizWidget(const lesson::Quiz& quiz, QWidget* parent)
    : QWidget(parent),
      quiz_(quiz),
      feedback_(new QLabel(this)),
      explanation_(new MarkdownView(QString::fromStdString(quiz.explanation), this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    setObjectName("quiz");
    setAttribute(Qt::WA_StyledBackground);
    setBackgroundRole(QPalette::AlternateBase);
    setAutoFillBackground(true);

    auto* question = new MarkdownView(QString::fromStdString(quiz.question), this);
    question->setObjectName("question");
    layout->addWidget(question);

    const bool single = quiz.mode == lesson::QuizMode::Single;
    auto* group = new QButtonGroup(this);
    group->setExclusive(single);
    for (std::size_t index = 0; index < quiz.choices.size(); ++index) {
        const QString label = plainInlineText(quiz.choices[index].text);
        QAbstractButton* button = single ? static_cast<QAbstractButton*>(new QRadioButton(label, this))
                                         : new QCheckBox(label, this);
        button->setObjectName(QStringLiteral("choice%1").arg(index));
        // As wide as its text: a click anywhere on the button is a click on the choice.
        button->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
        group->addButton(button, static_cast<int>(index));
        choiceButtons_.push_back(button);
        layout->addWidget(button);
    }
    if (single) {
        // Picking a choice is the answer: feedback comes at once.
        connect(group, &QButtonGroup::idClicked, this, [this] { submit(); });
    } else {
        checkButton_ = new QPushButton(tr("Check answer"), this);
        checkButton_->setObjectName("checkButton");
        checkButton_->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
        connect(checkButton_, &QPushButton::clicked, this, &QuizWidget::submit);
        layout->addWidget(checkButton_);
    }

    feedback_->setObjectName("feedback");
    feedback_->setWordWrap(true);
    feedback_->hide();
    layout->addWidget(feedback_);

    explanation_->setObjectName("explanation");
    explanation_->hide();
    layout->addWidget(explanation_);
}

std::vector<int> QuizWidget::selection() const {
    std::vector<int> ticked;
    for (std::size_t index = 0; index < choiceButtons_.size(); ++index) {
        if (choiceButtons_[index]->isChecked()) ticked.push_back(static_cast<int>(index));
    }
    return ticked;
}

bool QuizWidget::isAnsweredCorrectly() const {
    if (!answered_) return false;
    for (std::size_t index = 0; index < choiceButtons_.size(); ++index) {
        if (choiceButtons_[index]->isChecked() != quiz_.choices[index].correct) return false;
    }
    return true;
}

void QuizWidget::showAnswer(const std::vector<int>& selection) {
    for (auto* button : choiceButtons_) button->setChecked(false);
    for (const int index : selection) {
        if (index >= 0 && index < static_cast<int>(choiceButtons_.size())) {
            choiceButtons_[static_cast<std::size_t>(index)]->setChecked(true);
        }
    }
    answered_ = true;
    showFeedback();
}

void QuizWidget::submit() {
    answered_ = true;
    showFeedback();
    emit answered(selection(), isAnsweredCorrectly());
}

void QuizWidget::showFeedback() {
    const bool correct = isAnsweredCorrectly();
    // Mark every choice: the right ones always, a wrongly ticked one as wrong.
    for (std::size_t index = 0; index < choiceButtons_.size(); ++index) {
        auto* button = choiceButtons_[index];
        const QString label = plainInlineText(quiz_.choices[index].text);
        QPalette palette = this->palette();
        if (quiz_.choices[index].correct) {
            button->setText(tr("%1   ✓ correct").arg(label));
            palette.setColor(QPalette::WindowText, kCorrectColor);
        } else if (button->isChecked()) {
            button->setText(tr("%1   ✗ wrong").arg(label));
            palette.setColor(QPalette::WindowText, kWrongColor);
        } else {
            button->setText(label);
        }
        button->setPalette(palette);
    }
    QPalette feedbackPalette = feedback_->palette();
    feedbackPalette.setColor(QPalette::WindowText, correct ? kCorrectColor : kWrongColor);
    feedback_->setPalette(feedbackPalette);
    QFont bold = feedback_->font();
    bold.setBold(true);
    feedback_->setFont(bold);
    feedback_->setText(correct ? tr("✓ Correct!")
                               : tr("✗ Not quite. The correct answer is marked ✓."));
    feedback_->show();
    explanation_->setVisible(!quiz_.explanation.empty());
}

}  // namespace mlsyslab::widgets
