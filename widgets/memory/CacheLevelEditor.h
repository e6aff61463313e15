#pragma once

#include <QWidget>

#include "memory/CacheConfig.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace mlsyslab::widgets {

// Picks or edits the cache configuration: a preset (lecture, modern-server, tiny), and a table of
// levels, one row each, L1 first (name, size such as 1KiB, associativity as a number or "full",
// line bytes, replacement, write policy, latency in cycles) with Add / Remove level, and the
// memory latency. Every edit is checked (memory::validateCacheConfig); an impossible one is
// explained in the error colour under the table and nothing else changes, so the run shown
// stays the previous one. A possible one is announced with configChanged, the preset then
// reading "custom".
//
// Child object names (tests rely on them): presetSelector (QComboBox), levelsTable
// (QTableWidget; replacement and write are QComboBox cell widgets), addLevelButton,
// removeLevelButton, memoryLatency (QSpinBox), levelError (QLabel).
class CacheLevelEditor : public QWidget {
    Q_OBJECT
public:
    enum Column { Name, Size, Associativity, Line, Replacement, Write, Latency, ColumnCount };

    explicit CacheLevelEditor(QWidget* parent = nullptr);

    // Shows a configuration; `preset` is its preset's name, or empty for levels of one's own.
    void setConfig(const memory::CacheConfig& config, const QString& preset);
    const memory::CacheConfig& config() const { return config_; }
    QString preset() const;
    QString errorText() const;

signals:
    // A new, valid configuration; `preset` is empty when it is no preset's.
    void configChanged(const mlsyslab::memory::CacheConfig& config, const QString& preset);

private:
    void choosePreset(int index);
    void readTable();
    void addLevel();
    void removeLevel();
    void fillTable(const memory::CacheConfig& config);
    void showError(const QString& message);
    void markCustom();

    QComboBox* presets_;
    QTableWidget* table_;
    QPushButton* addLevel_;
    QPushButton* removeLevel_;
    QSpinBox* memoryLatency_;
    QLabel* error_;
    memory::CacheConfig config_;
    bool filling_ = false;
};

}  // namespace mlsyslab::widgets
