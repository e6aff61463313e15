#include "gpu/CudaLaunchWidget.h"

#include <QBoxLayout>
#include <QEvent>
#include <QFontDatabase>
#include <QLabel>
#include <QVBoxLayout>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "gpu/LaunchControls.h"
#include "gpu/LaunchGridView.h"
#include "gpu/LaunchPicture.h"
#include "gpu/LaunchText.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::CudaLaunchState;

constexpr double kFormulaScale = 1.15;
constexpr double kSummaryScale = 1.1;

QFont monospaceLike(const QFont& like) {
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (like.pointSizeF() > 0) {
        mono.setPointSizeF(like.pointSizeF());
    } else {
        mono.setPixelSize(like.pixelSize());
    }
    return mono;
}

QLabel* newLabel(QWidget* parent, const char* name, bool wrap = true) {
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(name));
    label->setWordWrap(wrap);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

}  // namespace

struct CudaLaunchWidget::Parts {
    CudaLaunchState initial;
    LaunchControls* controls = nullptr;
    QLabel* summary = nullptr;
    QLabel* guard = nullptr;
    QLabel* failure = nullptr;
    QBoxLayout* middle = nullptr;  // the grid, and the code beside it when both fit
    QBoxLayout* side = nullptr;
    QBoxLayout* bottom = nullptr;  // the code, when it does not fit beside the grid
    LaunchGridView* view = nullptr;
    QLabel* code = nullptr;
    QLabel* legend = nullptr;
    QLabel* shownPart = nullptr;
    QLabel* formula = nullptr;
    QLabel* details = nullptr;
    QLabel* mapping = nullptr;
};

CudaLaunchWidget::CudaLaunchWidget(const CudaLaunchState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& parts = *parts_;
    parts.initial = initial;
    auto* layout = new QVBoxLayout(this);
    parts.controls = new LaunchControls(this);
    parts.controls->setObjectName(QStringLiteral("controls"));
    parts.controls->setState(initial);
    layout->addWidget(parts.controls);

    parts.summary = newLabel(this, "summary");
    parts.guard = newLabel(this, "guard");
    parts.failure = newLabel(this, "failure");
    layout->addWidget(parts.summary);
    layout->addWidget(parts.guard);
    layout->addWidget(parts.failure);

    parts.middle = new QBoxLayout(QBoxLayout::LeftToRight);
    parts.view = new LaunchGridView(this);
    parts.view->setObjectName(QStringLiteral("launchView"));
    parts.code = newLabel(this, "code", false);
    parts.code->setToolTip(
        tr("The host code that makes this launch, and the kernel every thread "
           "runs (the lecture's matrixAdd, with a guard for threads outside "
           "the matrix)."));
    parts.middle->addWidget(parts.view, 0, Qt::AlignTop);
    parts.middle->addSpacing(fontMetrics().height());
    parts.side = new QVBoxLayout;
    parts.middle->addLayout(parts.side, 1);
    layout->addLayout(parts.middle);

    parts.legend = newLabel(this, "legend");
    parts.legend->setText(
        tr("Along the top: i, the column of C; down the side: j, the row. In each cell: "
           "threadIdx.x,y (x above y where the cells are narrow). Each block framed in the colour of its SM; a thick outline: one warp "
           "(32 consecutive threads); hatched: no element to compute."));
    parts.shownPart = newLabel(this, "shownPart");
    parts.formula = newLabel(this, "formula");
    parts.formula->setToolTip(
        tr("How the selected thread finds its element from CUDA's "
           "built-in variables."));
    parts.details = newLabel(this, "details");
    parts.mapping = newLabel(this, "mapping");
    parts.mapping->setToolTip(
        tr("Blocks per SM from the occupancy calculator, assuming 16 registers a thread: "
           "matrixAdd needs only two indices, three addresses and a sum, so registers never "
           "limit it."));
    // The selected thread first, under the grid where the eye is; then how to read the
    // drawing and where the blocks run.
    for (QLabel* label :
         {parts.formula, parts.details, parts.shownPart, parts.legend, parts.mapping}) {
        layout->addWidget(label);
    }
    parts.bottom = new QVBoxLayout;
    layout->addLayout(parts.bottom);
    layout->addStretch(1);

    connect(parts.controls, &LaunchControls::launchChanged, this, &CudaLaunchWidget::rebuild);
    connect(parts.view, &LaunchGridView::threadChosen, this, &CudaLaunchWidget::selectThread);

    applyFonts();
    rebuild();
    selectThread(initial.selectedX, initial.selectedY);
}

CudaLaunchWidget::~CudaLaunchWidget() = default;

const LaunchPicture& CudaLaunchWidget::picture() const { return parts_->view->picture(); }

std::int64_t CudaLaunchWidget::selectedI() const { return parts_->view->selectedI(); }

std::int64_t CudaLaunchWidget::selectedJ() const { return parts_->view->selectedJ(); }

void CudaLaunchWidget::selectThread(qint64 i, qint64 j) {
    if (!picture().isShown(i, j)) return;
    parts_->view->setSelected(i, j);
    showSelection();
}

void CudaLaunchWidget::rebuild() {
    Parts& parts = *parts_;
    const CudaLaunchState state = parts.controls->state();
    LaunchPicture picture =
        makeLaunchPicture(state, lesson::kinds::gpuDeviceOrDefault(state.device));
    const bool runs = picture.runs();
    parts.summary->setText(launchSummaryText(picture));
    parts.guard->setText(guardText(picture));
    parts.guard->setVisible(runs);
    parts.failure->setText(failureText(picture));
    parts.failure->setVisible(!runs);
    parts.code->setText(launchCodeText(picture, state.grid.has_value()));
    if (runs) {
        parts.mapping->setText(mappingText(picture));
        parts.shownPart->setText(shownPartText(picture));
    }
    const std::int64_t i = selectedI();
    const std::int64_t j = selectedJ();
    parts.view->setPicture(std::move(picture));
    for (QWidget* part : std::initializer_list<QWidget*>{parts.view, parts.legend, parts.formula,
                                                         parts.details, parts.mapping}) {
        part->setVisible(runs);
    }
    parts.shownPart->setVisible(runs && this->picture().isCapped());
    // The selection stays where it was when that thread is still drawn.
    if (this->picture().isShown(i, j)) {
        parts.view->setSelected(i, j);
    } else {
        parts.view->setSelected(0, 0);
    }
    if (runs) showSelection();
    arrangeMiddle();
}

void CudaLaunchWidget::showSelection() {
    Parts& parts = *parts_;
    const std::int64_t i = selectedI();
    const std::int64_t j = selectedJ();
    parts.formula->setText(formulaText(picture(), i, j));
    parts.details->setText(threadDetailsText(picture(), i, j));
}

void CudaLaunchWidget::arrangeMiddle() {
    // The code beside the grid where both fit at their natural sizes; at the bottom otherwise,
    // so the selected thread's formula stays right under the grid.
    Parts& parts = *parts_;
    const QMargins margins = layout()->contentsMargins();
    const int available = contentsRect().width() - margins.left() - margins.right();
    const int needed =
        parts.view->sizeHint().width() + fontMetrics().height() + parts.code->sizeHint().width();
    QBoxLayout* home = needed <= available && picture().runs() ? parts.side : parts.bottom;
    if (home->indexOf(parts.code) >= 0) return;
    (home == parts.side ? parts.bottom : parts.side)->removeWidget(parts.code);
    home->addWidget(parts.code, 0, Qt::AlignTop);
}

void CudaLaunchWidget::applyFonts() {
    Parts& parts = *parts_;
    parts.code->setFont(monospaceLike(font()));
    QFont formulaFont = scaledFont(monospaceLike(font()), kFormulaScale);
    formulaFont.setBold(true);
    parts.formula->setFont(formulaFont);
    QFont summaryFont = scaledFont(font(), kSummaryScale);
    summaryFont.setBold(true);
    parts.summary->setFont(summaryFont);
    QPalette failurePalette = parts.failure->palette();
    failurePalette.setColor(QPalette::WindowText, errorColor(palette()));
    parts.failure->setPalette(failurePalette);
}

void CudaLaunchWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrangeMiddle();
}

void CudaLaunchWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyFonts();
        arrangeMiddle();
    }
}

namespace {
const SimView kView(lesson::kinds::cudaLaunchKind, createWidget<CudaLaunchWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
