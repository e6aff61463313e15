#include "memory/CachePatternChooser.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::CachePattern;
using lesson::kinds::CachePatternKind;
using memory::MatmulLoopOrder;

QString describe(const CachePattern& pattern) {
    return QString::fromStdString(lesson::kinds::describeCachePattern(pattern));
}

}  // namespace

CachePatternChooser::CachePatternChooser(std::optional<CachePattern> lessonPattern,
                                         const QString& lessonText, QWidget* parent)
    : QComboBox(parent) {
    setFocusPolicy(Qt::TabFocus);  // a click leaves the keyboard with the step controls
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setToolTip(tr("The accesses to run: the lesson's, or another pattern of the same size"));
    addItem(tr("lesson: %1").arg(lessonText));
    patterns_.push_back(std::nullopt);

    // Every other pattern keeps the lesson's sizes where it has them.
    const CachePattern base = lessonPattern.value_or(CachePattern{});
    const auto add = [this, &base, &lessonPattern](CachePatternKind kind,
                                                   std::optional<MatmulLoopOrder> order) {
        CachePattern pattern = base;
        pattern.kind = kind;
        if (order) pattern.order = *order;
        if (lessonPattern && pattern == *lessonPattern) return;  // the first item already
        addItem(describe(pattern));
        patterns_.push_back(pattern);
    };
    add(CachePatternKind::RowMajor, std::nullopt);
    add(CachePatternKind::ColumnMajor, std::nullopt);
    add(CachePatternKind::Sequential, std::nullopt);
    add(CachePatternKind::Strided, std::nullopt);
    for (const MatmulLoopOrder order : {MatmulLoopOrder::Ijk, MatmulLoopOrder::Ikj,
                                        MatmulLoopOrder::Jki, MatmulLoopOrder::Tiled}) {
        add(CachePatternKind::Matmul, order);
    }
    add(CachePatternKind::Random, std::nullopt);
    add(CachePatternKind::PointerChase, std::nullopt);
    connect(this, &QComboBox::activated, this, [this] { emit patternChosen(); });
}

std::optional<CachePattern> CachePatternChooser::chosenPattern() const {
    const int index = currentIndex();
    if (index < 0 || index >= int(patterns_.size())) return std::nullopt;
    return patterns_[std::size_t(index)];
}

bool CachePatternChooser::choose(CachePatternKind kind, std::optional<MatmulLoopOrder> order) {
    for (std::size_t index = 0; index < patterns_.size(); ++index) {
        const auto& pattern = patterns_[index];
        if (!pattern || pattern->kind != kind) continue;
        if (order && pattern->order != *order) continue;
        setCurrentIndex(int(index));
        return true;
    }
    return false;
}

}  // namespace mlsyslab::widgets
