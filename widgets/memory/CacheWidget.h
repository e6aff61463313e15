#pragma once

#include <QWidget>
#include <memory>

#include "lesson/Lesson.h"
#include "memory/lesson/CacheKind.h"

namespace mlsyslab::widgets {

class CacheSteps;

// The `cache` simulator: a 1- to 3-level cache hierarchy (memory/CacheHierarchy.h) fed a
// teaching pattern or a Lackey trace, stepped one access at a time (memory/CacheRun.h's
// snapshots, so Back and the scrubber are exact). Position k shows the caches after k accesses
// and what access k did:
// - the sets × ways grid of one level (tabs L1, L2, L3), the current set highlighted and the
//   way hit or filled flashing green or red; under it, how the level split the address and what
//   happened there (evictions, writebacks);
// - the access list, past accesses with what each did and what it cost;
// - step controls (Step, Back, Run/Pause at a chosen speed, Reset, scrubber; Right, Left, Space,
//   Home, End) and the counters of each level, memory traffic, cycles and AMAT (with the
//   textbook formula), and the hit rate of each level over time.
// When the lesson allows it (`editable`), students choose another pattern or a preset, or edit
// the levels; any change makes a new run, shown from its start.
//
// Child object names (tests rely on them): patternChooser (CachePatternChooser), configSummary
// (QLabel), editLevelsButton (QPushButton, checkable), levelEditor (CacheLevelEditor), levelTabs
// (QTabBar), cacheGrid (CacheGridView), gridCaption (QLabel), accessList (AccessListView),
// stepControls (StepControls), speedSelector (QComboBox), counters (CacheCountersView),
// hitRatePlot (HitRatePlot), statusLabel (QLabel).
class CacheWidget : public QWidget {
    Q_OBJECT
public:
    explicit CacheWidget(const lesson::kinds::CacheState& state, QWidget* parent = nullptr);
    ~CacheWidget() override;

    const CacheSteps& steps() const;
    // Accesses made in the state shown (0 = empty caches).
    int position() const;
    std::size_t shownLevel() const;

public slots:
    void showPosition(int position);
    void showLevel(int level);

signals:
    // A new run replaced the old one (another pattern, preset or levels).
    void runChanged();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildLayout();
    void connectParts();
    // A new run of these accesses through this configuration, shown from its start.
    void startRun(const memory::CacheConfig& config, const QString& preset,
                  std::vector<memory::MemoryAccess> accesses);
    void choosePattern();
    void refreshCaption();
    void refreshLevelTabs();
    void showStatus(const QString& message);
    void showState(int position, bool animate);
    // The access list beside the grid when there is room, else under the counters.
    void placeAccessList();
    void refreshSummary();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
