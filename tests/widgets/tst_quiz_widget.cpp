#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QtTest>

#include "lesson/QuizWidget.h"

using mlsyslab::lesson::Quiz;
using mlsyslab::lesson::QuizMode;
using mlsyslab::widgets::QuizWidget;

namespace {

Quiz makeQuiz(QuizMode mode, std::vector<bool> correct) {
    Quiz quiz;
    quiz.mode = mode;
    quiz.question = "Which is **it**?";
    for (std::size_t index = 0; index < correct.size(); ++index) {
        quiz.choices.push_back({"choice `" + std::to_string(index) + "`", correct[index], 0});
    }
    quiz.explanation = "Because.";
    return quiz;
}

template <typename Button>
Button* choice(QuizWidget& quiz, int index) {
    auto* button = quiz.findChild<Button*>(QStringLiteral("choice%1").arg(index));
    Q_ASSERT(button != nullptr);
    return button;
}

}  // namespace

class TestQuizWidget : public QObject {
    Q_OBJECT
private slots:
    void singleChoiceAnswersOnClick() {
        QuizWidget quiz(makeQuiz(QuizMode::Single, {false, true, false}));
        quiz.show();
        QSignalSpy answered(&quiz, &QuizWidget::answered);
        auto* feedback = quiz.findChild<QLabel*>("feedback");
        auto* explanation = quiz.findChild<QWidget*>("explanation");
        QVERIFY(feedback->isHidden());
        QVERIFY(explanation->isHidden());
        QVERIFY(quiz.findChild<QPushButton*>("checkButton") == nullptr);

        QTest::mouseClick(choice<QRadioButton>(quiz, 0), Qt::LeftButton);
        QCOMPARE(answered.count(), 1);
        QCOMPARE(answered.at(0).at(0).value<std::vector<int>>(), std::vector<int>{0});
        QCOMPARE(answered.at(0).at(1).toBool(), false);
        QVERIFY(feedback->isVisible());
        QVERIFY(feedback->text().contains("Not quite"));
        QVERIFY(explanation->isVisible());
        QVERIFY(choice<QRadioButton>(quiz, 0)->text().contains("wrong"));
        QVERIFY(choice<QRadioButton>(quiz, 1)->text().contains("correct"));
        QVERIFY(!choice<QRadioButton>(quiz, 2)->text().contains("correct"));

        QTest::mouseClick(choice<QRadioButton>(quiz, 1), Qt::LeftButton);
        QCOMPARE(answered.count(), 2);
        QCOMPARE(answered.at(1).at(1).toBool(), true);
        QVERIFY(quiz.isAnsweredCorrectly());
        QVERIFY(feedback->text().contains("Correct"));
        QCOMPARE(quiz.selection(), std::vector<int>{1});
        QVERIFY(!choice<QRadioButton>(quiz, 0)->text().contains("wrong"));
    }

    void multiChoiceAnswersOnCheck() {
        QuizWidget quiz(makeQuiz(QuizMode::Multi, {true, false, true}));
        quiz.show();
        QSignalSpy answered(&quiz, &QuizWidget::answered);
        QTest::mouseClick(choice<QCheckBox>(quiz, 0), Qt::LeftButton);
        QCOMPARE(answered.count(), 0);  // ticking is not answering
        QVERIFY(!quiz.isAnswered());

        auto* check = quiz.findChild<QPushButton*>("checkButton");
        QTest::mouseClick(check, Qt::LeftButton);
        QCOMPARE(answered.count(), 1);
        QCOMPARE(answered.at(0).at(1).toBool(), false);  // one correct choice missing
        QVERIFY(quiz.isAnswered());
        QVERIFY(!quiz.isAnsweredCorrectly());

        QTest::mouseClick(choice<QCheckBox>(quiz, 2), Qt::LeftButton);
        QTest::mouseClick(check, Qt::LeftButton);
        QCOMPARE(answered.count(), 2);
        QCOMPARE(answered.at(1).at(0).value<std::vector<int>>(), (std::vector<int>{0, 2}));
        QCOMPARE(answered.at(1).at(1).toBool(), true);
    }

    void showAnswerRestoresWithoutSignal() {
        QuizWidget quiz(makeQuiz(QuizMode::Multi, {true, true, false}));
        QSignalSpy answered(&quiz, &QuizWidget::answered);
        quiz.showAnswer({0, 1, 99, -1});  // out-of-range indices are ignored
        QCOMPARE(answered.count(), 0);
        QVERIFY(quiz.isAnswered());
        QVERIFY(quiz.isAnsweredCorrectly());
        QCOMPARE(quiz.selection(), (std::vector<int>{0, 1}));
        QVERIFY(choice<QCheckBox>(quiz, 0)->isChecked());
    }

    void noExplanationStaysHidden() {
        Quiz data = makeQuiz(QuizMode::Single, {true, false});
        data.explanation.clear();
        QuizWidget quiz(data);
        quiz.show();
        QTest::mouseClick(choice<QRadioButton>(quiz, 0), Qt::LeftButton);
        QVERIFY(quiz.findChild<QWidget*>("explanation")->isHidden());
    }

    void plainInlineText_data() {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("plain");
        QTest::newRow("code") << "`0x41`" << "0x41";
        QTest::newRow("bold") << "**bold** text" << "bold text";
        QTest::newRow("emphasis") << "an *emphasised* word" << "an emphasised word";
        QTest::newRow("multiplication stays") << "2 * 3" << "2 * 3";
        QTest::newRow("plain") << "−1" << "−1";
    }
    void plainInlineText() {
        QFETCH(QString, markdown);
        QFETCH(QString, plain);
        QCOMPARE(mlsyslab::widgets::plainInlineText(markdown.toStdString()), plain);
    }
};

QTEST_MAIN(TestQuizWidget)
#include "tst_quiz_widget.moc"
