#pragma once

#include <QComboBox>
#include <optional>
#include <vector>

#include "memory/lesson/CachePattern.h"

namespace mlsyslab::widgets {

// Which accesses the cache simulator runs: the lesson's own (its pattern or its trace, first),
// or one of the teaching patterns: row-major, column-major, sequential, strided, matmul in the
// ijk, ikj, jki and tiled orders, random, pointer chase. Each takes its sizes from the lesson's
// pattern where it has them (switching a 64×64 row-major walk to column-major keeps 64×64),
// so that the hit rates compare.
class CachePatternChooser : public QComboBox {
    Q_OBJECT
public:
    // `lessonPattern` is empty when the lesson gave a trace; `lessonText` names the lesson's
    // accesses in the first item.
    CachePatternChooser(std::optional<lesson::kinds::CachePattern> lessonPattern,
                        const QString& lessonText, QWidget* parent = nullptr);

    // The pattern chosen, or nothing for the lesson's own accesses.
    std::optional<lesson::kinds::CachePattern> chosenPattern() const;
    // Chooses the first item showing this pattern (false when there is none).
    bool choose(lesson::kinds::CachePatternKind kind,
                std::optional<memory::MatmulLoopOrder> order = std::nullopt);

signals:
    // The student picked another item.
    void patternChosen();

private:
    std::vector<std::optional<lesson::kinds::CachePattern>> patterns_;  // by item
};

}  // namespace mlsyslab::widgets
