#include "memory/CacheLevelEditor.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "common/DisplayStyle.h"
#include "memory/CacheConfigYaml.h"

namespace mlsyslab::widgets {

namespace {

using memory::CacheConfig;
using memory::CacheLevelConfig;

constexpr int kMostMemoryLatencyCycles = 1'000'000;
const QStringList kReplacements = {QStringLiteral("lru"), QStringLiteral("fifo"),
                                   QStringLiteral("random")};
const QStringList kWritePolicies = {QStringLiteral("back"), QStringLiteral("through")};

// "1KiB", "2MiB", "1000": what parseByteSize reads back.
QString sizeText(std::uint64_t bytes) {
    constexpr std::uint64_t kKiB = 1024;
    if (bytes >= kKiB * kKiB && bytes % (kKiB * kKiB) == 0) {
        return QStringLiteral("%1MiB").arg(bytes / (kKiB * kKiB));
    }
    if (bytes >= kKiB && bytes % kKiB == 0) return QStringLiteral("%1KiB").arg(bytes / kKiB);
    return QString::number(bytes);
}

QComboBox* choiceBox(const QStringList& choices, const QString& current, QWidget* parent) {
    auto* box = new QComboBox(parent);
    box->addItems(choices);
    box->setCurrentIndex(std::max(0, int(choices.indexOf(current))));
    box->setFocusPolicy(Qt::TabFocus);
    return box;
}

}  // namespace

CacheLevelEditor::CacheLevelEditor(QWidget* parent)
    : QWidget(parent),
      presets_(new QComboBox(this)),
      table_(new QTableWidget(0, ColumnCount, this)),
      addLevel_(new QPushButton(tr("Add level"), this)),
      removeLevel_(new QPushButton(tr("Remove level"), this)),
      memoryLatency_(new QSpinBox(this)),
      error_(new QLabel(this)) {
    presets_->setObjectName(QStringLiteral("presetSelector"));
    table_->setObjectName(QStringLiteral("levelsTable"));
    addLevel_->setObjectName(QStringLiteral("addLevelButton"));
    removeLevel_->setObjectName(QStringLiteral("removeLevelButton"));
    memoryLatency_->setObjectName(QStringLiteral("memoryLatency"));
    error_->setObjectName(QStringLiteral("levelError"));
    for (const std::string& name : memory::cachePresetNames()) {
        presets_->addItem(QString::fromStdString(name));
    }
    presets_->setToolTip(tr("A ready-made cache hierarchy"));
    presets_->setFocusPolicy(Qt::TabFocus);
    table_->setHorizontalHeaderLabels({tr("Level"), tr("Size"), tr("Associativity"), tr("Line (B)"),
                                       tr("Replacement"), tr("Write"), tr("Latency (cycles)")});
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setToolTip(
        tr("Double-click a cell to change it. Sizes take KiB / MiB; "
           "associativity is a number of ways or \"full\"."));
    memoryLatency_->setRange(1, kMostMemoryLatencyCycles);
    memoryLatency_->setSuffix(tr(" cycles"));
    memoryLatency_->setFocusPolicy(Qt::TabFocus);
    for (QPushButton* button : {addLevel_, removeLevel_}) button->setFocusPolicy(Qt::NoFocus);
    error_->setWordWrap(true);
    error_->setVisible(false);

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Preset:"), this));
    top->addWidget(presets_);
    top->addSpacing(12);
    top->addWidget(new QLabel(tr("Memory latency:"), this));
    top->addWidget(memoryLatency_);
    top->addStretch(1);
    top->addWidget(addLevel_);
    top->addWidget(removeLevel_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    auto* tableRow = new QHBoxLayout;
    tableRow->addWidget(table_);
    tableRow->addStretch(1);
    layout->addLayout(tableRow);
    layout->addWidget(error_);

    connect(presets_, &QComboBox::activated, this, &CacheLevelEditor::choosePreset);
    connect(table_, &QTableWidget::itemChanged, this, [this] { readTable(); });
    connect(memoryLatency_, &QSpinBox::valueChanged, this, [this] { readTable(); });
    connect(addLevel_, &QPushButton::clicked, this, &CacheLevelEditor::addLevel);
    connect(removeLevel_, &QPushButton::clicked, this, &CacheLevelEditor::removeLevel);
}

void CacheLevelEditor::setConfig(const CacheConfig& config, const QString& preset) {
    config_ = config;
    fillTable(config);
    showError(QString());
    if (preset.isEmpty()) {
        markCustom();
    } else {
        const QSignalBlocker blocker(presets_);
        presets_->setCurrentIndex(std::max(0, presets_->findText(preset)));
    }
}

QString CacheLevelEditor::preset() const {
    const QString name = presets_->currentText();
    return presets_->currentIndex() < int(memory::cachePresetNames().size()) ? name : QString();
}

QString CacheLevelEditor::errorText() const { return error_->text(); }

void CacheLevelEditor::choosePreset(int index) {
    if (index < 0 || index >= int(memory::cachePresetNames().size())) return;
    const auto config = memory::cachePreset(presets_->itemText(index).toStdString());
    if (!config) return;
    config_ = *config;
    fillTable(config_);
    showError(QString());
    const int custom = presets_->findText(tr("custom"));
    if (custom >= 0) presets_->removeItem(custom);
    emit configChanged(config_, presets_->itemText(index));
}

void CacheLevelEditor::fillTable(const CacheConfig& config) {
    filling_ = true;
    table_->setRowCount(int(config.levels.size()));
    for (int row = 0; row < int(config.levels.size()); ++row) {
        const CacheLevelConfig& level = config.levels[std::size_t(row)];
        const auto setText = [this, row](Column column, const QString& text) {
            table_->setItem(row, column, new QTableWidgetItem(text));
            table_->item(row, column)
                ->setTextAlignment(column == Name ? Qt::AlignLeft | Qt::AlignVCenter
                                                  : Qt::AlignRight | Qt::AlignVCenter);
        };
        setText(Name, QString::fromStdString(level.name));
        setText(Size, sizeText(level.sizeBytes));
        setText(Associativity, level.associativity == 0 ? QStringLiteral("full")
                                                        : QString::number(level.associativity));
        setText(Line, QString::number(level.lineBytes));
        setText(Latency, QString::number(level.latencyCycles));
        QComboBox* replacement = choiceBox(
            kReplacements, QString::fromLatin1(memory::replacementName(level.replacement).data()),
            table_);
        QComboBox* write =
            choiceBox(kWritePolicies,
                      QString::fromLatin1(memory::writePolicyName(level.write).data()), table_);
        for (QComboBox* box : {replacement, write}) {
            connect(box, &QComboBox::currentIndexChanged, this, [this] { readTable(); });
        }
        table_->setCellWidget(row, Replacement, replacement);
        table_->setCellWidget(row, Write, write);
    }
    {
        const QSignalBlocker blocker(memoryLatency_);
        memoryLatency_->setValue(
            int(std::min<std::uint32_t>(config.memoryLatencyCycles, kMostMemoryLatencyCycles)));
    }
    addLevel_->setEnabled(config.levels.size() < memory::kMaxCacheLevels);
    removeLevel_->setEnabled(config.levels.size() > 1);
    table_->resizeColumnsToContents();
    // Exactly as tall and wide as its rows and columns: no empty band under the last level.
    table_->setFixedHeight(table_->horizontalHeader()->height() +
                           table_->verticalHeader()->length() + 2 * table_->frameWidth());
    table_->setFixedWidth(table_->horizontalHeader()->length() + 2 * table_->frameWidth());
    filling_ = false;
}

void CacheLevelEditor::readTable() {
    if (filling_) return;
    CacheConfig config;
    config.memoryLatencyCycles = std::uint32_t(memoryLatency_->value());
    for (int row = 0; row < table_->rowCount(); ++row) {
        const auto text = [this, row](Column column) {
            const QTableWidgetItem* item = table_->item(row, column);
            return item == nullptr ? QString() : item->text().trimmed();
        };
        CacheLevelConfig level;
        level.name = text(Name).isEmpty() ? QStringLiteral("L%1").arg(row + 1).toStdString()
                                          : text(Name).toStdString();
        const QString name = QString::fromStdString(level.name);
        const auto size = memory::parseByteSize(text(Size).toStdString());
        if (!size) {
            showError(tr("%1: size '%2' is not a size in bytes like 1024 or 32KiB")
                          .arg(name, text(Size)));
            return;
        }
        level.sizeBytes = *size;
        bool ok = true;
        if (text(Associativity) == QStringLiteral("full")) {
            level.associativity = 0;
        } else {
            level.associativity = text(Associativity).toUInt(&ok);
            if (!ok || level.associativity == 0) {
                showError(tr("%1: associativity must be a number of ways (1 = direct mapped) or "
                             "\"full\"")
                              .arg(name));
                return;
            }
        }
        level.lineBytes = text(Line).toUInt(&ok);
        if (!ok) {
            showError(tr("%1: line must be a number of bytes, like 64").arg(name));
            return;
        }
        level.latencyCycles = text(Latency).toUInt(&ok);
        if (!ok) {
            showError(tr("%1: latency must be a whole number of cycles").arg(name));
            return;
        }
        const auto* replacement = qobject_cast<QComboBox*>(table_->cellWidget(row, Replacement));
        const auto* write = qobject_cast<QComboBox*>(table_->cellWidget(row, Write));
        level.replacement = memory::Replacement(replacement ? replacement->currentIndex() : 0);
        level.write = memory::WritePolicy(write ? write->currentIndex() : 0);
        config.levels.push_back(std::move(level));
    }
    const auto valid = memory::validateCacheConfig(config);
    if (!valid) {
        showError(QString::fromStdString(valid.error()));
        return;
    }
    showError(QString());
    if (*valid == config_) return;
    config_ = *valid;
    addLevel_->setEnabled(config_.levels.size() < memory::kMaxCacheLevels);
    removeLevel_->setEnabled(config_.levels.size() > 1);
    markCustom();
    emit configChanged(config_, QString());
}

void CacheLevelEditor::addLevel() {
    if (table_->rowCount() >= int(memory::kMaxCacheLevels) || config_.levels.empty()) return;
    CacheConfig config = config_;
    CacheLevelConfig level = config.levels.back();
    // The next level out: four times larger, halfway to memory in latency.
    level.name = QStringLiteral("L%1").arg(config.levels.size() + 1).toStdString();
    level.sizeBytes *= 4;
    level.latencyCycles =
        std::max(level.latencyCycles + 1, (level.latencyCycles + config.memoryLatencyCycles) / 2);
    config.levels.push_back(level);
    fillTable(config);
    readTable();
}

void CacheLevelEditor::removeLevel() {
    if (table_->rowCount() <= 1) return;
    table_->removeRow(table_->rowCount() - 1);
    readTable();
}

void CacheLevelEditor::showError(const QString& message) {
    error_->setText(message);
    error_->setVisible(!message.isEmpty());
    QPalette colors = palette();
    colors.setColor(QPalette::WindowText, errorColor(palette()));
    error_->setPalette(colors);
}

void CacheLevelEditor::markCustom() {
    const QSignalBlocker blocker(presets_);
    int custom = presets_->findText(tr("custom"));
    if (custom < 0) {
        presets_->addItem(tr("custom"));
        custom = presets_->count() - 1;
    }
    presets_->setCurrentIndex(custom);
}

}  // namespace mlsyslab::widgets
