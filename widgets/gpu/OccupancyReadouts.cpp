#include "gpu/OccupancyReadouts.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QVariant>
#include <algorithm>

#include "common/ColorMix.h"
#include "common/DisplayStyle.h"
#include "gpu/GpuColors.h"
#include "gpu/GpuDeviceText.h"

namespace mlsyslab::widgets {

namespace {

using gpu::OccupancyLimiter;

constexpr double kOccupancyFontScale = 2.0;
constexpr double kActiveFontScale = 1.3;
constexpr double kLimiterTint = 0.3;

QLabel* newLabel(QWidget* parent, const QString& name) {
    auto* label = new QLabel(parent);
    label->setObjectName(name);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setMargin(2);
    label->setIndent(QFontMetrics(label->font()).height() / 2);
    return label;
}

// "1 warp", "8 warps".
QString counted(std::int64_t count, const QString& one, const QString& many) {
    return count == 1 ? one : many.arg(countText(count));
}

QString limiterWords(const std::vector<OccupancyLimiter>& limiters) {
    QStringList names;
    for (const OccupancyLimiter limiter : limiters) {
        switch (limiter) {
            case OccupancyLimiter::Warps:
                names << OccupancyReadouts::tr("warps");
                break;
            case OccupancyLimiter::Registers:
                names << OccupancyReadouts::tr("registers");
                break;
            case OccupancyLimiter::SharedMemory:
                names << OccupancyReadouts::tr("shared memory");
                break;
            case OccupancyLimiter::Blocks:
                names << OccupancyReadouts::tr("blocks per SM");
                break;
        }
    }
    if (names.size() <= 1) return names.join(QString());
    const QString last = names.takeLast();
    return OccupancyReadouts::tr("%1 and %2").arg(names.join(QStringLiteral(", ")), last);
}

}  // namespace

OccupancyReadouts::OccupancyReadouts(QWidget* parent) : QWidget(parent) {
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    // No gaps between the cells, so that a limiting row is one band of colour.
    grid->setHorizontalSpacing(0);
    grid->setVerticalSpacing(0);
    const QString headers[] = {tr("Resource"), tr("The SM has"), tr("One block takes"),
                               tr("Blocks it allows")};
    for (int column = 0; column < 4; ++column) {
        auto* header =
            new QLabel(QStringLiteral("<b>%1</b>").arg(headers[column].toHtmlEscaped()), this);
        header->setTextFormat(Qt::RichText);
        header->setMargin(2);
        header->setIndent(fontMetrics().height() / 2);
        if (column == 3) header->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(header, 0, column);
    }
    const std::pair<const char*, QString> names[] = {{"warps", tr("Warps")},
                                                     {"registers", tr("Registers")},
                                                     {"sharedMemory", tr("Shared memory")},
                                                     {"blocks", tr("Blocks per SM")}};
    for (int index = 0; index < 4; ++index) {
        Row& row = rows_[std::size_t(index)];
        const QString prefix = QLatin1String(names[index].first);
        row.name = newLabel(this, prefix + QStringLiteral("_name"));
        row.name->setText(names[index].second);
        row.perSm = newLabel(this, prefix + QStringLiteral("_perSm"));
        row.perBlock = newLabel(this, prefix + QStringLiteral("_perBlock"));
        row.allowed = newLabel(this, prefix + QStringLiteral("_allowed"));
        row.allowed->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(row.name, index + 1, 0);
        grid->addWidget(row.perSm, index + 1, 1);
        grid->addWidget(row.perBlock, index + 1, 2);
        grid->addWidget(row.allowed, index + 1, 3);
    }
    grid->setColumnStretch(2, 1);

    activeBlocks_ = newLabel(this, "activeBlocks");
    activeWarps_ = newLabel(this, "activeWarps");
    occupancyValue_ = newLabel(this, "occupancyValue");
    limiterNote_ = newLabel(this, "limiterNote");
    limiterNote_->setWordWrap(true);
    impossibleNote_ = newLabel(this, "impossibleNote");
    impossibleNote_->setWordWrap(true);
    auto* summary = new QHBoxLayout;
    summary->addWidget(occupancyValue_);
    auto* counts = new QVBoxLayout;
    counts->addWidget(activeBlocks_);
    counts->addWidget(activeWarps_);
    summary->addSpacing(fontMetrics().height());
    summary->addLayout(counts, 1);
    grid->setRowMinimumHeight(5, fontMetrics().height() / 2);
    grid->addLayout(summary, 6, 0, 1, 4);
    grid->addWidget(limiterNote_, 7, 0, 1, 4);
    grid->addWidget(impossibleNote_, 8, 0, 1, 4);
    impossibleNote_->hide();
    QPalette colors = impossibleNote_->palette();
    colors.setColor(QPalette::WindowText, errorColor(palette()));
    impossibleNote_->setPalette(colors);
    applyFonts();
}

void OccupancyReadouts::setOccupancy(const gpu::DeviceModel& device,
                                     const gpu::KernelResources& kernel,
                                     const gpu::OccupancyResult& result) {
    const int warpsPerBlock = result.warpsPerBlock;
    Row& warps = rows_[0];
    warps.perSm->setText(tr("%1 warps").arg(countText(device.maxWarpsPerSm)));
    warps.perBlock->setText(counted(warpsPerBlock, tr("1 warp"), tr("%1 warps")) +
                            tr(" (%1 threads)").arg(countText(kernel.threadsPerBlock)));
    warps.allowed->setText(countText(result.blocksLimitedByWarps));

    Row& registers = rows_[1];
    registers.perSm->setText(countText(device.registersPerSm));
    registers.perBlock->setText(
        tr("%1 (%2 per warp)")
            .arg(countText(std::int64_t{result.registersPerWarpAllocated} * warpsPerBlock))
            .arg(countText(result.registersPerWarpAllocated)));
    registers.perBlock->setToolTip(
        tr("%1 registers × %2 threads = %3 per warp, rounded up to a multiple of %4")
            .arg(kernel.registersPerThread)
            .arg(device.warpSize)
            .arg(countText(std::int64_t{kernel.registersPerThread} * device.warpSize))
            .arg(device.registerAllocationUnit));
    registers.allowed->setText(countText(result.blocksLimitedByRegisters));

    Row& shared = rows_[2];
    shared.perSm->setText(memorySizeText(device.sharedMemoryPerSmBytes));
    shared.perBlock->setText(tr("%1 (%2 + %3 the driver keeps)")
                                 .arg(memorySizeText(result.sharedBytesPerBlockAllocated))
                                 .arg(memorySizeText(kernel.dynamicSharedBytesPerBlock))
                                 .arg(memorySizeText(device.reservedSharedMemoryPerBlockBytes)));
    shared.perBlock->setToolTip(
        tr("Shared memory is granted in units of %1 bytes, with %2 per block for the driver")
            .arg(device.sharedMemoryAllocationUnitBytes)
            .arg(memorySizeText(device.reservedSharedMemoryPerBlockBytes)));
    shared.allowed->setText(countText(result.blocksLimitedBySharedMemory));

    Row& blocks = rows_[3];
    blocks.perSm->setText(countText(device.maxBlocksPerSm));
    blocks.perBlock->setText(QStringLiteral("1"));
    blocks.allowed->setText(countText(result.blocksLimitedByBlocks));

    const OccupancyLimiter order[] = {OccupancyLimiter::Warps, OccupancyLimiter::Registers,
                                      OccupancyLimiter::SharedMemory, OccupancyLimiter::Blocks};
    for (int index = 0; index < 4; ++index) {
        const bool limiting = std::find(result.limiters.begin(), result.limiters.end(),
                                        order[index]) != result.limiters.end();
        markLimiter(rows_[std::size_t(index)], limiting);
    }

    occupancyValue_->setText(QStringLiteral("%1%").arg(QString::number(
        result.occupancyPct, 'f', result.occupancyPct == int(result.occupancyPct) ? 0 : 1)));
    activeBlocks_->setText(counted(result.activeBlocksPerSm, tr("1 active block per SM"),
                                   tr("%1 active blocks per SM")));
    activeWarps_->setText(tr("%1 of %2 warps per SM")
                              .arg(countText(result.activeWarpsPerSm))
                              .arg(countText(device.maxWarpsPerSm)));
    if (result.possible()) {
        limiterNote_->setText(
            tr("Limited by %1: the smallest of the four limits, %2 blocks, is what fits.")
                .arg(limiterWords(result.limiters))
                .arg(result.activeBlocksPerSm));
        impossibleNote_->hide();
    } else {
        limiterNote_->setText(tr("No block fits: see the highlighted row."));
        QString reason = QString::fromStdString(result.impossibleReason);
        if (!reason.isEmpty()) reason[0] = reason[0].toUpper();
        impossibleNote_->setText(tr("This launch cannot run: %1.").arg(reason));
        impossibleNote_->show();
    }
}

void OccupancyReadouts::markLimiter(const Row& row, bool limiter) {
    const QColor tint = mixedColor(palette().color(QPalette::Base), errorColor(palette()),
                                   limiter ? kLimiterTint : 0);
    for (QLabel* label : {row.name, row.perSm, row.perBlock, row.allowed}) {
        label->setProperty("limiter", limiter);
        QPalette colors = palette();
        colors.setColor(QPalette::Window, limiter ? tint : palette().color(QPalette::Window));
        label->setPalette(colors);
        label->setAutoFillBackground(limiter);
        // Only the weight is set: the size still follows the widget's (presentation mode).
        QFont weight;
        weight.setBold(limiter);
        label->setFont(weight);
    }
}

void OccupancyReadouts::applyFonts() {
    QFont big = scaledFont(font(), kOccupancyFontScale);
    big.setBold(true);
    occupancyValue_->setFont(big);
    QFont active = scaledFont(font(), kActiveFontScale);
    activeBlocks_->setFont(active);
    activeWarps_->setFont(active);
}

void OccupancyReadouts::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange && occupancyValue_ != nullptr) applyFonts();
    if (event->type() == QEvent::PaletteChange && impossibleNote_ != nullptr) {
        QPalette colors = impossibleNote_->palette();
        colors.setColor(QPalette::WindowText, errorColor(palette()));
        impossibleNote_->setPalette(colors);
    }
}

}  // namespace mlsyslab::widgets
