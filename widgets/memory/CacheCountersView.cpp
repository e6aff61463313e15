#include "memory/CacheCountersView.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "memory/CacheHierarchy.h"
#include "memory/CacheText.h"
#include "memory/MemoryColors.h"

namespace mlsyslab::widgets {

namespace {

QString counterName(CacheCountersView::Counter counter) {
    using Counter = CacheCountersView::Counter;
    switch (counter) {
        case Counter::Hits:
            return CacheCountersView::tr("hits");
        case Counter::Misses:
            return CacheCountersView::tr("misses");
        case Counter::HitRate:
            return CacheCountersView::tr("hit rate");
        case Counter::Evictions:
            return CacheCountersView::tr("evictions");
        case Counter::Writebacks:
            return CacheCountersView::tr("writebacks");
        case Counter::Compulsory:
            return CacheCountersView::tr("  compulsory misses");
        case Counter::Capacity:
            return CacheCountersView::tr("  capacity misses");
        case Counter::Conflict:
            return CacheCountersView::tr("  conflict misses");
    }
    return {};
}

QString valueOf(CacheCountersView::Counter counter, const memory::LevelStats& level) {
    using Counter = CacheCountersView::Counter;
    switch (counter) {
        case Counter::Hits:
            return QString::number(level.hits);
        case Counter::Misses:
            return QString::number(level.misses);
        case Counter::HitRate:
            return level.requests() == 0 ? QStringLiteral("–")
                                         : CacheText::percent(level.hitRate());
        case Counter::Evictions:
            return QString::number(level.evictions);
        case Counter::Writebacks:
            return QString::number(level.writebacks);
        case Counter::Compulsory:
            return QString::number(level.compulsoryMisses);
        case Counter::Capacity:
            return QString::number(level.capacityMisses);
        case Counter::Conflict:
            return QString::number(level.conflictMisses);
    }
    return {};
}

MemoryRole levelRole(std::size_t level) {
    static constexpr MemoryRole kRoles[] = {MemoryRole::L1, MemoryRole::L2, MemoryRole::L3};
    return kRoles[std::min<std::size_t>(level, 2)];
}

QString number(double value) { return QString::number(value, 'f', 2); }

// "4 + 0.06·(10 + 1.00·(40 + 1.00·100)) = 13.00": the local miss rate m of each level (misses /
// its requests, 0 when it had none), as memory::textbookAmat computes it.
QString textbookFormula(const memory::CacheConfig& config, const memory::CacheStats& stats) {
    QString symbols;
    QString numbers;
    QString closing;
    for (std::size_t index = 0; index < config.levels.size(); ++index) {
        const memory::LevelStats counts =
            index < stats.levels.size() ? stats.levels[index] : memory::LevelStats{};
        const double missRate =
            counts.requests() == 0 ? 0.0 : double(counts.misses) / double(counts.requests());
        // The innermost term multiplies memory's latency directly: no parenthesis around it.
        const bool innermost = index + 1 == config.levels.size();
        const QString open = innermost ? QString() : QStringLiteral("(");
        symbols += CacheCountersView::tr("t%1 + m%1·").arg(index + 1) + open;
        numbers += QStringLiteral("%1 + %2·")
                       .arg(config.levels[index].latencyCycles)
                       .arg(number(missRate)) +
                   open;
        if (!innermost) closing += QLatin1Char(')');
    }
    symbols += CacheCountersView::tr("t_mem") + closing;
    numbers += QString::number(config.memoryLatencyCycles) + closing;
    return CacheCountersView::tr(
               "Textbook's additive formula, each latency taken as an extra "
               "cost: %1 = %2 = %3 cycles")
        .arg(symbols, numbers, number(memory::textbookAmat(config, stats)));
}

}  // namespace

CacheCountersView::CacheCountersView(QWidget* parent)
    : QWidget(parent),
      grid_(new QGridLayout),
      memory_(new QLabel(this)),
      cycles_(new QLabel(this)),
      amat_(new QLabel(this)),
      textbook_(new QLabel(this)) {
    memory_->setObjectName(QStringLiteral("memoryCounters"));
    cycles_->setObjectName(QStringLiteral("cycleCounters"));
    amat_->setObjectName(QStringLiteral("amatLabel"));
    textbook_->setObjectName(QStringLiteral("textbookAmatLabel"));
    textbook_->setWordWrap(true);
    grid_->setHorizontalSpacing(18);
    grid_->setVerticalSpacing(2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(grid_);
    layout->addSpacing(6);
    layout->addWidget(memory_);
    layout->addWidget(cycles_);
    layout->addWidget(amat_);
    layout->addWidget(textbook_);
    layout->addStretch(1);
    for (int counter = 0; counter < kCounterCount; ++counter) {
        auto* name = new QLabel(counterName(Counter(counter)), this);
        counterNames_.push_back(name);
        grid_->addWidget(name, counter + 1, 0);
    }
    values_.resize(kCounterCount);
}

void CacheCountersView::rebuild(const memory::CacheConfig& config) {
    for (QLabel* header : levelHeaders_) delete header;
    levelHeaders_.clear();
    for (auto& row : values_) {
        for (QLabel* value : row) delete value;
        row.clear();
    }
    for (std::size_t level = 0; level < config.levels.size(); ++level) {
        auto* header = new QLabel(QString::fromStdString(config.levels[level].name), this);
        header->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        levelHeaders_.push_back(header);
        grid_->addWidget(header, 0, int(level) + 1);
        for (int counter = 0; counter < kCounterCount; ++counter) {
            auto* value = new QLabel(this);
            value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
            values_[std::size_t(counter)].push_back(value);
            grid_->addWidget(value, counter + 1, int(level) + 1);
        }
    }
    grid_->setColumnStretch(int(config.levels.size()) + 1, 1);
    applyStyle();
}

void CacheCountersView::setStats(const memory::CacheConfig& config,
                                 const memory::CacheStats& stats) {
    if (config.levels.size() != levelHeaders_.size() || !(config == config_)) rebuild(config);
    config_ = config;
    for (std::size_t level = 0; level < config.levels.size(); ++level) {
        levelHeaders_[level]->setText(QString::fromStdString(config.levels[level].name));
        const memory::LevelStats counts =
            level < stats.levels.size() ? stats.levels[level] : memory::LevelStats{};
        for (int counter = 0; counter < kCounterCount; ++counter) {
            values_[std::size_t(counter)][level]->setText(valueOf(Counter(counter), counts));
        }
    }
    memory_->setText(tr("Memory: %1 · %2")
                         .arg(stats.memoryReads == 1 ? tr("1 line read")
                                                     : tr("%1 line reads").arg(stats.memoryReads),
                              stats.memoryWrites == 1 ? tr("1 write")
                                                      : tr("%1 writes").arg(stats.memoryWrites)));
    cycles_->setText(
        tr("References: %1 · total: %2 cycles").arg(stats.lineReferences).arg(stats.totalCycles));
    amat_->setText(stats.lineReferences == 0
                       ? tr("AMAT = total cycles / references: no references yet")
                       : tr("AMAT = total cycles / references = %1 / %2 = <b>%3 cycles</b>")
                             .arg(stats.totalCycles)
                             .arg(stats.lineReferences)
                             .arg(number(stats.averageMemoryAccessTime())));
    textbook_->setText(textbookFormula(config, stats));
}

QString CacheCountersView::valueText(Counter counter, std::size_t level) const {
    const auto& row = values_.at(std::size_t(counter));
    return level < row.size() ? row[level]->text() : QString();
}

QString CacheCountersView::memoryText() const { return memory_->text(); }
QString CacheCountersView::cyclesText() const { return cycles_->text(); }
QString CacheCountersView::amatText() const { return amat_->text(); }
QString CacheCountersView::textbookText() const { return textbook_->text(); }

void CacheCountersView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyStyle();
    }
}

void CacheCountersView::applyStyle() {
    QFont bold = font();
    bold.setBold(true);
    for (std::size_t level = 0; level < levelHeaders_.size(); ++level) {
        QLabel* header = levelHeaders_[level];
        header->setFont(bold);
        QPalette colors = palette();
        colors.setColor(QPalette::WindowText, memoryColor(levelRole(level), palette()));
        header->setPalette(colors);
    }
    QPalette muted = palette();
    muted.setColor(QPalette::WindowText, palette().color(QPalette::PlaceholderText));
    textbook_->setPalette(muted);
}

}  // namespace mlsyslab::widgets
