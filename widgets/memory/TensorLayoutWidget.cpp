#include "memory/TensorLayoutWidget.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QResizeEvent>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "common/StepControls.h"
#include "memory/MemoryStripView.h"
#include "memory/TensorGridView.h"
#include "memory/TensorLayoutReadouts.h"
#include "memory/TensorLayoutText.h"
#include "memory/TensorOperationBar.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::TensorLayoutState;

constexpr double kFormulaScale = 1.2;
// Slow enough to follow each jump with the eye in a lecture hall.
constexpr int kRunIntervalMs = 600;

// The system's fixed-width font at the size of `like` (in points or in pixels, as it is set).
QFont monospaceLike(const QFont& like) {
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (like.pointSizeF() > 0) {
        mono.setPointSizeF(like.pointSizeF());
    } else {
        mono.setPixelSize(like.pixelSize());
    }
    return mono;
}

QLabel* newLabel(QWidget* parent, const char* name, bool wrap) {
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(name));
    label->setWordWrap(wrap);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

}  // namespace

struct TensorLayoutWidget::Parts {
    explicit Parts(const TensorLayoutState& state)
        : initial(state), workspace(lesson::kinds::workspaceOf(state)) {}

    TensorLayoutState initial;
    memory::TensorWorkspace workspace;
    std::vector<std::int64_t> order;  // storage elements in logical order
    TensorOperationBar* bar = nullptr;
    QLabel* expression = nullptr;
    TensorGridView* grid = nullptr;
    TensorLayoutReadouts* readouts = nullptr;
    QLabel* formula = nullptr;
    QString formulaText;  // on one line; fitFormula breaks it before the address if need be
    QLabel* storageTitle = nullptr;
    MemoryStripView* storageStrip = nullptr;
    QLabel* copyTitle = nullptr;
    MemoryStripView* copyStrip = nullptr;
    QBoxLayout* middle = nullptr;  // the grid beside the numbers, or above them when narrow
    QBoxLayout* side = nullptr;    // the numbers and the code
    StepControls* steps = nullptr;
    QLabel* moveNote = nullptr;
    QLabel* traversalNote = nullptr;

    QString dtypeName() const {
        return QString::fromLatin1(initial.dtype.name.data(), qsizetype(initial.dtype.name.size()));
    }
};

TensorLayoutWidget::TensorLayoutWidget(const TensorLayoutState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>(initial)) {
    Parts& parts = *parts_;
    auto* layout = new QVBoxLayout(this);
    if (initial.editable) {
        parts.bar = new TensorOperationBar(this);
        parts.bar->setObjectName(QStringLiteral("operationBar"));
        layout->addWidget(parts.bar);
        connect(parts.bar, &TensorOperationBar::operationRequested, this,
                &TensorLayoutWidget::applyOperation);
        connect(parts.bar, &TensorOperationBar::resetRequested, this,
                &TensorLayoutWidget::resetTensor);
    }
    parts.expression = newLabel(this, "expression", true);
    parts.expression->setToolTip(
        tr("The PyTorch code that makes this tensor: torch.arange fills the storage with 0, 1, "
           "2, ..., so each value names the storage element it started in."));

    auto* middle = new QBoxLayout(QBoxLayout::LeftToRight);
    parts.middle = middle;
    parts.grid = new TensorGridView(this);
    parts.grid->setObjectName(QStringLiteral("grid"));
    parts.grid->setToolTip(
        tr("The tensor as you index it. Each cell: its value, and its index "
           "below. Click a cell to see where it lives in memory."));
    parts.readouts = new TensorLayoutReadouts(this);
    parts.readouts->setObjectName(QStringLiteral("readouts"));
    // The numbers and the code beside the grid, where a small tensor leaves room.
    auto* side = new QVBoxLayout;
    parts.side = side;
    side->addWidget(parts.readouts);
    side->addSpacing(fontMetrics().height() / 2);
    side->addWidget(parts.expression);
    side->addStretch();
    // The grid takes the width it asks for (two slices a row for 3-d), the numbers the rest.
    middle->addWidget(parts.grid, 0, Qt::AlignTop);
    middle->addSpacing(fontMetrics().height());
    middle->addLayout(side, 1);
    layout->addLayout(middle);

    parts.formula = newLabel(this, "formula", true);
    parts.formula->setToolTip(
        tr("An element's storage element is the offset plus each index "
           "times its stride; its address is the storage's base plus that "
           "times the element size."));
    layout->addWidget(parts.formula);

    parts.storageTitle = newLabel(this, "storageTitle", true);
    layout->addWidget(parts.storageTitle);
    parts.storageStrip = new MemoryStripView(this);
    parts.storageStrip->setObjectName(QStringLiteral("storageStrip"));
    layout->addWidget(parts.storageStrip);
    parts.copyTitle = newLabel(this, "copyTitle", true);
    layout->addWidget(parts.copyTitle);
    parts.copyStrip = new MemoryStripView(this);
    parts.copyStrip->setObjectName(QStringLiteral("copyStrip"));
    layout->addWidget(parts.copyStrip);

    parts.steps = new StepControls(this);
    parts.steps->setObjectName(QStringLiteral("stepControls"));
    parts.steps->setRunInterval(kRunIntervalMs);
    parts.steps->setLabelText([this](int position, int count) {
        return tr("element %1 of %2").arg(position + 1).arg(count);
    });
    layout->addWidget(parts.steps);
    parts.moveNote = newLabel(this, "moveNote", true);
    parts.traversalNote = newLabel(this, "traversalNote", true);
    layout->addWidget(parts.moveNote);
    layout->addWidget(parts.traversalNote);
    layout->addStretch(1);  // a taller widget keeps its parts together at the top

    connect(parts.grid, &TensorGridView::elementClicked, this, &TensorLayoutWidget::selectPosition);
    connect(parts.steps, &StepControls::positionChanged, this, &TensorLayoutWidget::showPosition);

    applyFonts();
    std::int64_t position = 0;
    if (initial.selected) {
        position = memory::positionOfIndex(parts.workspace.layout().shape(), *initial.selected);
    }
    rebuild(position);
}

TensorLayoutWidget::~TensorLayoutWidget() = default;

const memory::TensorWorkspace& TensorLayoutWidget::workspace() const { return parts_->workspace; }

std::int64_t TensorLayoutWidget::currentPosition() const { return parts_->steps->position(); }

bool TensorLayoutWidget::applyOperation(const memory::TensorOperation& operation) {
    Parts& parts = *parts_;
    const auto applied = lesson::kinds::applyShownOperation(parts.workspace, operation);
    if (!applied) {
        if (parts.bar != nullptr) parts.bar->showError(QString::fromStdString(applied.error()));
        return false;
    }
    if (parts.bar != nullptr) parts.bar->showError({});
    // The loop starts over: a new view is a new order of the same elements.
    rebuild(0);
    emit tensorChanged();
    return true;
}

void TensorLayoutWidget::resetTensor() {
    Parts& parts = *parts_;
    parts.workspace = lesson::kinds::workspaceOf(parts.initial);
    if (parts.bar != nullptr) parts.bar->showError({});
    rebuild(0);
    emit tensorChanged();
}

void TensorLayoutWidget::selectPosition(qint64 position) {
    parts_->steps->setPosition(int(position));
}

void TensorLayoutWidget::rebuild(std::int64_t position) {
    Parts& parts = *parts_;
    const memory::TensorLayout& tensor = parts.workspace.layout();
    const auto& storages = parts.workspace.storages();
    const std::size_t reading = parts.workspace.currentStorage();
    parts.order = tensor.storageIndicesInLogicalOrder();
    std::vector<std::int64_t> values;
    for (const std::int64_t element : parts.order) {
        values.push_back(storages[reading].values[static_cast<std::size_t>(element)]);
    }
    if (parts.bar != nullptr) parts.bar->setShape(tensor.shape());
    parts.expression->setText(expressionText(parts.workspace, parts.initial.dtype.name));
    parts.grid->setTensor(tensor.shape(), values);
    parts.readouts->setLayout(tensor, parts.dtypeName());
    arrangeMiddle();

    const memory::TensorStorage& original = storages.front();
    parts.storageTitle->setText(
        tr("Storage at %1: %2 %3 elements of %4 bytes = %5 bytes. Thick lines: 64-byte cache "
           "line boundaries.")
            .arg(hexAddress(original.base))
            .arg(original.values.size())
            .arg(parts.dtypeName())
            .arg(original.elementBytes)
            .arg(original.sizeBytes()));
    parts.storageStrip->setStorage(original);
    const bool readsCopy = reading != 0;
    parts.copyTitle->setVisible(readsCopy);
    parts.copyStrip->setVisible(readsCopy);
    if (readsCopy) {
        const memory::TensorStorage& copy = storages[reading];
        parts.copyTitle->setText(tr("The copy .contiguous() made, at %1: the same values in "
                                    "logical order, %2 bytes. The tensor now reads this storage.")
                                     .arg(hexAddress(copy.base))
                                     .arg(copy.sizeBytes()));
        parts.copyStrip->setStorage(copy);
    }
    const auto count = static_cast<int>(parts.order.size());
    {
        const QSignalBlocker blocker(parts.steps);
        parts.steps->setCount(count);
        parts.steps->setPosition(
            int(std::clamp<std::int64_t>(position, 0, std::max(count - 1, 0))));
    }
    showPosition(parts.steps->position());
}

void TensorLayoutWidget::showPosition(int position) {
    Parts& parts = *parts_;
    const memory::TensorLayout& tensor = parts.workspace.layout();
    const bool readsCopy = parts.workspace.currentStorage() != 0;
    MemoryStripView* reading = readsCopy ? parts.copyStrip : parts.storageStrip;
    if (parts.order.empty()) {
        parts.grid->setCurrent(-1);
        parts.formulaText = tr("The tensor is empty: shape %1.").arg(tupleText(tensor.shape()));
        fitFormula();
        parts.storageStrip->setTraversal({}, -1);
        parts.copyStrip->setTraversal({}, -1);
        parts.moveNote->setText(moveText(tensor, 0));
        parts.traversalNote->clear();
        return;
    }
    parts.grid->setCurrent(position);
    const std::vector<std::int64_t> index = memory::indexAtPosition(tensor.shape(), position);
    parts.formulaText = addressFormulaText(tensor, index);
    fitFormula();
    reading->setTraversal(parts.order, position);
    reading->setMarkedValue(std::nullopt);
    if (readsCopy) {
        // The original storage shows where the current value was copied from.
        parts.storageStrip->setTraversal({}, -1);
        parts.storageStrip->setMarkedValue(parts.workspace.valueAt(position));
    }
    parts.moveNote->setText(moveText(tensor, position));
    parts.traversalNote->setText(traversalText(tensor, position));
}

void TensorLayoutWidget::arrangeMiddle() {
    // The grid as it wants to be, beside the numbers at their narrowest; under it otherwise.
    const Parts& parts = *parts_;
    const int needed =
        parts.grid->sizeHint().width() + fontMetrics().height() + parts.side->minimumSize().width();
    const int available = contentsRect().width() - layout()->contentsMargins().left() -
                          layout()->contentsMargins().right();
    const bool besideEachOther = needed <= available;
    parts.middle->setDirection(besideEachOther ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    // Beside the numbers the grid keeps the width it asked for (the numbers wrap instead);
    // above them it may shrink to the widget's width.
    parts.grid->setSizePolicy(besideEachOther ? QSizePolicy::Minimum : QSizePolicy::Preferred,
                              QSizePolicy::Fixed);
}

void TensorLayoutWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrangeMiddle();
    fitFormula();
}

void TensorLayoutWidget::fitFormula() {
    // Too long for one line: break before "→ address", so each half reads as one step.
    Parts& parts = *parts_;
    const QMargins margins = layout()->contentsMargins();
    const int available = contentsRect().width() - margins.left() - margins.right();
    QString text = parts.formulaText;
    const qsizetype lastArrow = text.lastIndexOf(QStringLiteral(" \u2192 "));
    if (QFontMetrics(parts.formula->font()).horizontalAdvance(text) > available && lastArrow > 0) {
        text[lastArrow] = QLatin1Char('\n');
    }
    parts.formula->setText(text);
}

void TensorLayoutWidget::keyPressEvent(QKeyEvent* event) {
    // The stepping keys walk the tensor wherever the focus is inside the simulator.
    if (!parts_->steps->handleStepKey(event->key())) QWidget::keyPressEvent(event);
}

void TensorLayoutWidget::applyFonts() {
    Parts& parts = *parts_;
    parts.expression->setFont(monospaceLike(font()));
    QFont formulaFont = scaledFont(monospaceLike(font()), kFormulaScale);
    formulaFont.setBold(true);
    parts.formula->setFont(formulaFont);
}

void TensorLayoutWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        applyFonts();
        arrangeMiddle();
        fitFormula();
    }
}

namespace {
const SimView kView(lesson::kinds::tensorLayoutKind, createWidget<TensorLayoutWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
