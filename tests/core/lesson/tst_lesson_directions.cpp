#include <QRegularExpression>
#include <QStringList>
#include <QtTest>
#include <algorithm>
#include <variant>

#include "CourseTestSupport.h"

using namespace mlsyslab::lesson;

namespace {

// Uses of "above" and "below" that point at no place on the slide: comparisons of numbers,
// bits below another bit, a level of the hierarchy, and a part inside the simulator's own drawing.
const QStringList kNotPlaces = {
    QStringLiteral("below about"),   QStringLiteral("above 65504"),
    QStringLiteral("bits below it"), QStringLiteral("level above"),
    QStringLiteral("far below"),     QStringLiteral("bits above the boxes"),
};

// Something a slide can point at: a simulator, or a table, a code block or a picture in the
// prose.
bool showsSomething(const QString& markdown) {
    static const QRegularExpression figure(QStringLiteral("^ {0,3}(\\||```|~~~|!\\[)"),
                                           QRegularExpression::MultilineOption);
    return figure.match(markdown).hasMatch();
}

struct Place {
    bool before = false;  // something to point at above the word, in the same step
    bool after = false;   // and below it
};

// What there is above and below `offset` in block `index` of the step.
Place placesAround(const Step& step, std::size_t index, qsizetype offset) {
    Place place;
    for (std::size_t other = 0; other < step.blocks.size(); ++other) {
        const Block& block = step.blocks[other];
        const auto* markdown = std::get_if<MarkdownBlock>(&block);
        if (other == index) {
            const QString text = QString::fromStdString(markdown->text);
            place.before = place.before || showsSomething(text.left(offset));
            place.after = place.after || showsSomething(text.mid(offset));
            continue;
        }
        const bool shows = markdown == nullptr
                               ? std::holds_alternative<SimBlock>(block)
                               : showsSomething(QString::fromStdString(markdown->text));
        if (!shows) continue;
        (other < index ? place.before : place.after) = true;
    }
    return place;
}

}  // namespace

// A slide shows one step: "the simulator above" must have a simulator (or a table, code, a
// picture) above it in the same step, and "below" one below. The coalescing lesson once asked to
// change "the stride above" of a simulator that was below the text.
class TestLessonDirections : public QObject {
    Q_OBJECT

private slots:
    void aboveAndBelowPointAtWhatIsThere();
    void theCheckFindsAMisplacedAbove();
};

void TestLessonDirections::aboveAndBelowPointAtWhatIsThere() {
    static const QRegularExpression word(QStringLiteral("\\b(above|below)\\b"),
                                         QRegularExpression::CaseInsensitiveOption);
    int checked = 0;
    for (const auto& file : mlsyslab::course::builtinLessonFiles()) {
        const auto lesson = parseLesson(file.text, builtinSimKinds()).lesson;
        QVERIFY(lesson);
        for (std::size_t stepIndex = 0; stepIndex < lesson->steps.size(); ++stepIndex) {
            const Step& step = lesson->steps[stepIndex];
            for (std::size_t index = 0; index < step.blocks.size(); ++index) {
                const auto* markdown = std::get_if<MarkdownBlock>(&step.blocks[index]);
                if (markdown == nullptr) continue;
                const QString text = QString::fromStdString(markdown->text);
                for (auto match = word.globalMatch(text); match.hasNext();) {
                    const auto found = match.next();
                    const QString around =
                        text.mid(std::max<qsizetype>(0, found.capturedStart() - 20), 60);
                    const bool notAPlace =
                        std::any_of(kNotPlaces.begin(), kNotPlaces.end(),
                                    [&](const QString& phrase) { return around.contains(phrase); });
                    if (notAPlace) continue;
                    const Place place = placesAround(step, index, found.capturedStart());
                    const bool above = found.captured(1).compare(QStringLiteral("above"),
                                                                 Qt::CaseInsensitive) == 0;
                    QVERIFY2(above ? place.before : place.after,
                             qPrintable(QStringLiteral("%1, step %2: \"…%3…\" points at nothing "
                                                       "%4 it in the step")
                                            .arg(QString::fromUtf8(file.fileName.data(),
                                                                   qsizetype(file.fileName.size())))
                                            .arg(stepIndex + 1)
                                            .arg(around.simplified())
                                            .arg(found.captured(1).toLower())));
                    ++checked;
                }
            }
        }
    }
    QVERIFY(checked > 0);
}

void TestLessonDirections::theCheckFindsAMisplacedAbove() {
    // The coalescing lesson's second step as it was: the words, then the table and simulator.
    const auto parsed = parseLesson(
        "---\nformat: mlsyslab-lesson/1\nid: t\ntitle: T\n---\n\n# Offsets and strides\n\n"
        "Change the offset and the stride above.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        "```sim coalescing\nstride: 2\n```\n",
        builtinSimKinds());
    QVERIFY(parsed.lesson);
    const Step& step = parsed.lesson->steps.at(0);
    const auto& text = std::get<MarkdownBlock>(step.blocks.at(0)).text;
    const qsizetype at = QString::fromStdString(text).indexOf(QStringLiteral("above"));
    QVERIFY(at > 0);
    const Place place = placesAround(step, 0, at);
    QVERIFY(!place.before);
    QVERIFY(place.after);
}

QTEST_APPLESS_MAIN(TestLessonDirections)
#include "tst_lesson_directions.moc"
