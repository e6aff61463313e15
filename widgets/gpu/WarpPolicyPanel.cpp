#include "gpu/WarpPolicyPanel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "gpu/WarpTimelineText.h"

namespace mlsyslab::widgets {

namespace {

QLabel* newLabel(QWidget* parent, const char* name) {
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(name));
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    return label;
}

}  // namespace

WarpPolicyPanel::WarpPolicyPanel(QWidget* parent)
    : QWidget(parent),
      title_(newLabel(this, "title")),
      stats_(newLabel(this, "stats")),
      breakdown_(newLabel(this, "breakdown")),
      cycleReadout_(newLabel(this, "cycleReadout")) {
    title_->setWordWrap(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(fontMetrics().height() / 4);
    auto* heading = new QHBoxLayout;
    heading->addWidget(title_);
    heading->addWidget(stats_, 1);
    layout->addLayout(heading);
    layout->addWidget(breakdown_);
    layout->addWidget(cycleReadout_);
    layout->addStretch(1);
    breakdown_->setToolTip(
        tr("How the SM's resident warps spent their cycles over the whole launch, all SMs "
           "together. Latency is hidden when some warp issues while others wait."));
    cycleReadout_->setToolTip(
        tr("At the cursor: what each warp scheduler (S0, S1, …) issued, and why its other warps "
           "did not."));
}

void WarpPolicyPanel::setTimeline(std::shared_ptr<const WarpTimeline> timeline,
                                  std::shared_ptr<const gpu::KernelProgram> kernel) {
    timeline_ = std::move(timeline);
    kernel_ = std::move(kernel);
    refresh();
}

void WarpPolicyPanel::showCycle(std::int64_t cycle) {
    cycle_ = cycle;
    if (!timeline_ || !kernel_) return;
    // The cycle itself is in the step controls' label, one line up.
    cycleReadout_->setText(WarpTimelineText::cycleHtml(*timeline_, cycle, *kernel_, palette()));
}

void WarpPolicyPanel::refresh() {
    if (!timeline_ || !kernel_) {
        for (QLabel* label : {title_, stats_, breakdown_, cycleReadout_}) label->clear();
        return;
    }
    // The name alone: the chart's title spells it out.
    title_->setText(
        QStringLiteral("<b>%1</b>")
            .arg(WarpTimelineText::policyShortName(timeline_->policy()).toHtmlEscaped()));
    stats_->setText(WarpTimelineText::statsLine(timeline_->stats()).toHtmlEscaped());
    breakdown_->setText(WarpTimelineText::stallBreakdownHtml(timeline_->stats(), palette()));
    showCycle(cycle_);
}

void WarpPolicyPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    // The squares take their colours from the palette: presentation mode changes it.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) refresh();
}

}  // namespace mlsyslab::widgets
