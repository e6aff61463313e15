#pragma once

#include <QWidget>
#include <vector>

#include "memory/CacheConfig.h"
#include "memory/CacheStats.h"

class QGridLayout;
class QLabel;

namespace mlsyslab::widgets {

// The counters of a run so far: per level (a column each) hits, misses, hit rate, evictions,
// writebacks and the 3C split of the misses; then memory reads and writes, references and total
// cycles, AMAT = total cycles / references, and beside it the textbook's additive formula
// t1 + m1·(t2 + m2·(…)) with its numbers, labelled as such (the simulator's latencies are
// load-to-use totals; the formula treats each as an increment, so the two differ).
class CacheCountersView : public QWidget {
    Q_OBJECT
public:
    enum class Counter {
        Hits,
        Misses,
        HitRate,
        Evictions,
        Writebacks,
        Compulsory,
        Capacity,
        Conflict,
    };
    static constexpr int kCounterCount = 8;

    explicit CacheCountersView(QWidget* parent = nullptr);

    void setStats(const memory::CacheConfig& config, const memory::CacheStats& stats);

    QString valueText(Counter counter, std::size_t level) const;
    QString memoryText() const;
    QString cyclesText() const;
    QString amatText() const;
    QString textbookText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild(const memory::CacheConfig& config);
    void applyStyle();

    QGridLayout* grid_;
    std::vector<QLabel*> levelHeaders_;
    std::vector<std::vector<QLabel*>> values_;  // [counter][level]
    std::vector<QLabel*> counterNames_;
    QLabel* memory_;
    QLabel* cycles_;
    QLabel* amat_;
    QLabel* textbook_;
    memory::CacheConfig config_;
};

}  // namespace mlsyslab::widgets
