#include "pyvm/PyVmWidget.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QVBoxLayout>
#include <climits>

#include "common/DisplayStyle.h"
#include "common/StepControls.h"
#include "pyvm/BytecodeView.h"
#include "pyvm/CodeFont.h"
#include "pyvm/FramesView.h"
#include "pyvm/OutputConsole.h"
#include "pyvm/ProgramRunWorker.h"
#include "pyvm/PyVmText.h"
#include "pyvm/SourceEditor.h"
#include "pyvm/StackView.h"
#include "pyvm/StepNavigation.h"

namespace mlsyslab::widgets {

namespace {
using lesson::kinds::PyVmPane;
using lesson::kinds::PyVmState;

// A lesson step that opens waits this long for its program's run, so it shows the program run
// rather than empty panes for a moment (and figures rendered offscreen show it). Lesson programs
// take a few milliseconds; a slower one simply arrives later.
constexpr int kOpeningWaitMs = 250;
// Animated stepping (Run): slow enough to follow the stack with the eye.
constexpr int kRunIntervalMs = 500;
// Heights in lines of code: the top panes show a lesson program whole, the bottom ones a stack
// of a few values and two frames.
constexpr int kTopPaneLines = 10;
constexpr int kBottomPaneLines = 8;

QString toQString(const std::string& text) { return QString::fromStdString(text); }

std::vector<VariableRow> rowsOf(const std::vector<std::pair<std::string, std::string>>& variables,
                                const std::vector<bool>& changed) {
    std::vector<VariableRow> rows;
    for (std::size_t index = 0; index < variables.size(); ++index) {
        rows.push_back({toQString(variables[index].first), toQString(variables[index].second),
                        index < changed.size() && changed[index]});
    }
    return rows;
}
}  // namespace

struct PyVmWidget::Parts {
    PyVmState state;
    ProgramRunWorker* worker = nullptr;
    std::shared_ptr<const ProgramRun> run;
    int pendingStart = 0;  // the snapshot to show when the run in progress ends
    bool editing = false;
    SourceEditor* editor = nullptr;
    BytecodeView* bytecode = nullptr;
    StackView* stack = nullptr;
    FramesView* frames = nullptr;
    FramesView* globals = nullptr;
    OutputConsole* output = nullptr;
    QLabel* stackTitle = nullptr;
    std::vector<QLabel*> titles;
    QSplitter* top = nullptr;
    QSplitter* bottom = nullptr;
    StepControls* controls = nullptr;
    QPushButton* stepLine = nullptr;
    QPushButton* runToEnd = nullptr;
    QPushButton* edit = nullptr;
    QLabel* status = nullptr;
};

PyVmWidget::PyVmWidget(const PyVmState& state, ProgramRunner runner, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    parts_->state = state;
    parts_->worker = new ProgramRunWorker(std::move(runner), this);
    connect(parts_->worker, &ProgramRunWorker::finished, this, &PyVmWidget::showRun);
    buildLayout(state);
    connectControls();
    applyStyle();
    parts_->editor->setSource(toQString(state.source));
    startRun(toQString(state.source), int(std::min<std::int64_t>(state.startStep, INT_MAX)));
    parts_->worker->waitForFinished(kOpeningWaitMs);
}

PyVmWidget::~PyVmWidget() = default;

const ProgramRun* PyVmWidget::run() const { return parts_->run.get(); }
int PyVmWidget::position() const { return parts_->controls->position(); }
int PyVmWidget::snapshotCount() const {
    return parts_->run ? int(parts_->run->result.trace.snapshots.size()) : 0;
}
bool PyVmWidget::isRunning() const { return parts_->worker->isRunning(); }
bool PyVmWidget::isEditing() const { return parts_->editing; }

void PyVmWidget::buildLayout(const PyVmState& state) {
    Parts& parts = *parts_;
    // A pane: a bold title over its view.
    const auto pane = [this, &parts](const QString& title, QWidget* view, bool shown) {
        auto* box = new QWidget(this);
        auto* layout = new QVBoxLayout(box);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(2);
        auto* label = new QLabel(title, box);
        parts.titles.push_back(label);
        layout->addWidget(label);
        layout->addWidget(view, 1);
        box->setVisible(shown);
        return std::pair{box, label};
    };
    const auto scrolled = [this](QWidget* view) {
        auto* area = new QScrollArea(this);
        area->setWidget(view);
        area->setWidgetResizable(true);
        area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        return area;
    };

    parts.editor = new SourceEditor(this);
    parts.editor->setObjectName(QStringLiteral("sourceEditor"));
    parts.bytecode = new BytecodeView(this);
    parts.bytecode->setObjectName(QStringLiteral("bytecodeView"));
    parts.stack = new StackView;
    parts.stack->setObjectName(QStringLiteral("stackView"));
    parts.frames = new FramesView;
    parts.frames->setObjectName(QStringLiteral("framesView"));
    parts.globals = new FramesView;
    parts.globals->setObjectName(QStringLiteral("globalsView"));
    parts.output = new OutputConsole(this);
    parts.output->setObjectName(QStringLiteral("outputConsole"));

    parts.top = new QSplitter(Qt::Horizontal, this);
    parts.top->setChildrenCollapsible(false);
    parts.top->addWidget(pane(tr("Source"), parts.editor, state.shows(PyVmPane::Source)).first);
    parts.top->addWidget(
        pane(tr("Bytecode"), parts.bytecode, state.shows(PyVmPane::Bytecode)).first);
    parts.top->setStretchFactor(0, 1);
    parts.top->setStretchFactor(1, 1);

    parts.bottom = new QSplitter(Qt::Horizontal, this);
    parts.bottom->setChildrenCollapsible(false);
    auto [stackPane, stackTitle] =
        pane(tr("Value stack"), scrolled(parts.stack), state.shows(PyVmPane::Stack));
    parts.stackTitle = stackTitle;
    parts.bottom->addWidget(stackPane);
    // The globals, then the frames from the module to the running one, in one scrolled column
    // (Python Tutor's order): the running frame is at the bottom, kept in view.
    auto* variables = new QWidget;
    auto* variablesLayout = new QVBoxLayout(variables);
    variablesLayout->setContentsMargins(0, 0, 0, 0);
    variablesLayout->setSpacing(0);
    variablesLayout->addWidget(parts.globals);
    variablesLayout->addWidget(parts.frames, 1);
    parts.globals->setVisible(state.shows(PyVmPane::Globals));
    parts.frames->setVisible(state.shows(PyVmPane::Frames));
    QScrollArea* variablesArea = scrolled(variables);
    connect(variablesArea->verticalScrollBar(), &QScrollBar::rangeChanged, variablesArea,
            [variablesArea](int, int maximum) { variablesArea->verticalScrollBar()->setValue(maximum); });
    const QString variablesTitle = !state.shows(PyVmPane::Frames)    ? tr("Globals")
                                   : !state.shows(PyVmPane::Globals) ? tr("Frames")
                                                                     : tr("Globals and frames");
    parts.bottom->addWidget(pane(variablesTitle, variablesArea,
                                 state.shows(PyVmPane::Frames) || state.shows(PyVmPane::Globals))
                                .first);
    parts.bottom->addWidget(
        pane(tr("Output"), parts.output, state.shows(PyVmPane::Output)).first);
    parts.bottom->setStretchFactor(0, 2);
    parts.bottom->setStretchFactor(1, 3);
    parts.bottom->setStretchFactor(2, 3);

    auto* panes = new QSplitter(Qt::Vertical, this);
    panes->setChildrenCollapsible(false);
    panes->addWidget(parts.top);
    panes->addWidget(parts.bottom);
    parts.top->setVisible(state.shows(PyVmPane::Source) || state.shows(PyVmPane::Bytecode));
    parts.bottom->setVisible(state.shows(PyVmPane::Stack) || state.shows(PyVmPane::Frames) ||
                             state.shows(PyVmPane::Globals) || state.shows(PyVmPane::Output));
    panes->setStretchFactor(0, kTopPaneLines);
    panes->setStretchFactor(1, kBottomPaneLines);

    parts.controls = new StepControls(this);
    parts.controls->setObjectName(QStringLiteral("stepControls"));
    parts.controls->setRunInterval(kRunIntervalMs);
    parts.stepLine = new QPushButton(tr("Step line"), this);
    parts.stepLine->setObjectName(QStringLiteral("stepLineButton"));
    parts.stepLine->setToolTip(tr("On to the next line of this function, over any calls"));
    parts.runToEnd = new QPushButton(tr("Run to end"), this);
    parts.runToEnd->setObjectName(QStringLiteral("runToEndButton"));
    parts.runToEnd->setToolTip(tr("Show the last step of the run"));
    parts.edit = new QPushButton(tr("Edit"), this);
    parts.edit->setObjectName(QStringLiteral("editButton"));
    parts.edit->setVisible(state.editable);
    for (QPushButton* button : {parts.stepLine, parts.runToEnd, parts.edit}) {
        button->setFocusPolicy(Qt::NoFocus);  // the keyboard stays with the step controls
    }
    auto* controlRow = new QHBoxLayout;
    controlRow->addWidget(parts.controls, 1);
    controlRow->addWidget(parts.stepLine);
    controlRow->addWidget(parts.runToEnd);
    controlRow->addWidget(parts.edit);

    parts.status = new QLabel(this);
    parts.status->setObjectName(QStringLiteral("statusLabel"));
    parts.status->setWordWrap(true);
    parts.status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(panes, 1);
    layout->addLayout(controlRow);
    layout->addWidget(parts.status);
}

void PyVmWidget::connectControls() {
    Parts& parts = *parts_;
    connect(parts.controls, &StepControls::positionChanged, this, &PyVmWidget::showPosition);
    connect(parts.stepLine, &QPushButton::clicked, this, &PyVmWidget::stepLine);
    connect(parts.runToEnd, &QPushButton::clicked, this, &PyVmWidget::runToEnd);
    connect(parts.edit, &QPushButton::clicked, this, [this] { setEditing(!parts_->editing); });
}

void PyVmWidget::setEditing(bool editing) {
    Parts& parts = *parts_;
    if (editing == parts.editing) return;
    parts.editing = editing;
    parts.editor->setEditing(editing);
    if (editing) {
        if (parts.controls->isRunning()) parts.controls->toggleRun();
        parts.editor->setFocus();
        refreshButtons();
        refreshStatus();
    } else {
        runSource(parts.editor->source());
    }
}

void PyVmWidget::runSource(const QString& source) {
    if (parts_->editor->source() != source) parts_->editor->setSource(source);
    if (parts_->editing) {
        parts_->editing = false;
        parts_->editor->setEditing(false);
    }
    startRun(source, 0);
}

void PyVmWidget::startRun(const QString& source, int startPosition) {
    Parts& parts = *parts_;
    parts.pendingStart = startPosition;
    pyvm::RunOptions options;
    options.recordTrace = true;
    options.maxSnapshots = parts.state.maxSteps;
    parts.worker->start(source.toStdString(), options);
    refreshButtons();
    refreshStatus();
}

void PyVmWidget::showRun(std::shared_ptr<const ProgramRun> run) {
    Parts& parts = *parts_;
    parts.run = std::move(run);
    parts.bytecode->setListing(parts.run->listing);
    parts.editor->clearError();
    const int count = snapshotCount();
    const int start = std::clamp(parts.pendingStart, 0, std::max(0, count - 1));
    {
        // One refresh for the new run, at its start position, not one per intermediate signal.
        const QSignalBlocker blocker(parts.controls);
        parts.controls->setCount(count);
        parts.controls->setPosition(start);
    }
    if (isCompileError(*parts.run)) {
        const auto place = errorPlace(*parts.run);
        parts.editor->showError(place->line, place->column, place->message);
        parts.editor->showRunning(std::nullopt);
        parts.stack->setStack({}, {});
        parts.frames->setBoxes({});
        parts.globals->setBoxes({});
        parts.output->setOutput(QString());
    }
    showPosition(start);
    refreshButtons();
    emit runFinished();
}

void PyVmWidget::showPosition(int position) {
    Parts& parts = *parts_;
    if (!parts.run) return;
    const pyvm::Trace& trace = parts.run->result.trace;
    if (trace.snapshots.empty()) {
        refreshStatus();
        return;
    }
    position = std::clamp(position, 0, int(trace.snapshots.size()) - 1);
    if (parts.controls->position() != position) {
        parts.controls->setPosition(position);  // comes back here through positionChanged
        return;
    }
    const pyvm::Snapshot& snapshot = trace.snapshots[std::size_t(position)];
    if (!snapshot.frames.empty()) {
        const pyvm::FrameSnapshot& running = snapshot.frames.back();
        parts.editor->showRunning(runningSpan(running));
        parts.bytecode->setCurrent(running.code.get(), running.instruction);
        parts.stack->setStack(running.stack, changedStackSlots(trace, position));
        parts.stackTitle->setText(tr("Value stack of %1 (top first)").arg(toQString(running.function)));
    }
    const auto changedInFrames = changedLocals(trace, position);
    std::vector<VariableBox> frames;
    for (std::size_t depth = 0; depth < snapshot.frames.size(); ++depth) {
        const pyvm::FrameSnapshot& frame = snapshot.frames[depth];
        VariableBox box;
        box.title = frameTitle(frame);
        box.rows = rowsOf(frame.locals, changedInFrames.at(depth));
        box.running = depth + 1 == snapshot.frames.size();
        box.emptyNote = depth == 0 ? tr("its variables are the globals") : tr("no variables yet");
        frames.push_back(std::move(box));
    }
    parts.frames->setBoxes(std::move(frames));
    VariableBox globals;
    globals.title = tr("Global variables");
    globals.rows = rowsOf(snapshot.globals, changedGlobals(trace, position));
    globals.emptyNote = tr("none yet");
    parts.globals->setBoxes({std::move(globals)});
    const std::string& output = trace.output;
    parts.output->setOutput(
        QString::fromUtf8(output.data(), qsizetype(std::min(snapshot.outputLength, output.size()))));

    // A runtime error is shown where it happens: on the last snapshot.
    const auto place = errorPlace(*parts.run);
    if (place && position == int(trace.snapshots.size()) - 1) {
        parts.editor->showError(place->line, place->column, place->message);
    } else if (!isCompileError(*parts.run)) {
        parts.editor->clearError();
    }
    refreshStatus();
    refreshButtons();
}

void PyVmWidget::stepLine() {
    if (!parts_->run) return;
    parts_->controls->setPosition(nextLineStep(parts_->run->result.trace, position()));
}

void PyVmWidget::runToEnd() { parts_->controls->setPosition(parts_->controls->count() - 1); }

void PyVmWidget::refreshButtons() {
    Parts& parts = *parts_;
    const bool stepping = !parts.editing && !isRunning() && snapshotCount() > 0;
    parts.controls->setEnabled(stepping);
    parts.stepLine->setEnabled(stepping && position() + 1 < snapshotCount());
    parts.runToEnd->setEnabled(stepping && position() + 1 < snapshotCount());
    parts.edit->setText(parts.editing ? tr("Run ▶") : tr("Edit"));
    parts.edit->setToolTip(parts.editing ? tr("Compile and run the program as edited")
                                         : tr("Change the program, then run it again"));
    parts.edit->setEnabled(!isRunning());
}

void PyVmWidget::refreshStatus() {
    Parts& parts = *parts_;
    StatusText status;
    if (parts.editing) {
        status.text = tr("Editing: change the program, then press Run ▶.");
    } else if (isRunning()) {
        status.text = tr("Running…");
    } else if (parts.run) {
        status = statusText(*parts.run, position());
    }
    parts.status->setText(status.text);
    QPalette colors = palette();
    if (status.problem) colors.setColor(QPalette::WindowText, errorColor(palette()));
    parts.status->setPalette(colors);
    QFont font = this->font();
    font.setBold(status.problem);
    parts.status->setFont(font);
}

void PyVmWidget::applyStyle() {
    Parts& parts = *parts_;
    QFont bold = font();
    bold.setBold(true);
    for (QLabel* title : parts.titles) title->setFont(bold);
    const int line = QFontMetrics(codeFont(font())).lineSpacing();
    parts.top->setMinimumHeight(line * kTopPaneLines);
    parts.bottom->setMinimumHeight(line * kBottomPaneLines);
    refreshStatus();
}

void PyVmWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyStyle();
    }
}

}  // namespace mlsyslab::widgets
