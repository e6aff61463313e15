#include "logic/AdderDiagram.h"

#include <QEvent>
#include <QGraphicsEllipseItem>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QScrollBar>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "logic/LogicColors.h"

namespace mlsyslab::widgets {

namespace {

// Pen widths in scene units (a bit column is 100 wide), so that they scale with the drawing.
constexpr double kWireWidth = 5;
constexpr double kHaloWidth = 17;
constexpr double kCriticalWidth = 30;
constexpr double kBoxOutlineWidth = 3;
constexpr double kActiveOutlineWidth = 9;
constexpr double kJunctionRadius = 8;
// How much of a box's width its title may take.
constexpr double kTextRoom = 0.9;
// The smallest box title, in lines of the widget's text.
constexpr double kSmallestTitleLines = 0.95;

// Stacking order: the critical path under the halos, under the wires, under the boxes (so a
// wire that only passes a row runs behind its boxes), under the text.
enum Layer { CriticalLayer, HaloLayer, WireLayer, JunctionLayer, BoxLayer, TextLayer };

QPen roundPen(const QColor& color, double width) {
    return QPen(color, width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
}

}  // namespace

AdderDiagram::AdderDiagram(QWidget* parent) : QGraphicsView(parent) {
    setScene(new QGraphicsScene(this));
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFrameShape(QFrame::NoFrame);
    setInteractive(false);
    setFocusPolicy(Qt::NoFocus);
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

AdderDiagram::~AdderDiagram() = default;

void AdderDiagram::setCircuit(const logic::AdderCircuit& adder) {
    adder_ = &adder;
    blocks_ = mapAdderBlocks(adder);
    criticalPath_ = criticalBlockPath(adder, blocks_);
    layout_ = layoutAdderDiagram(adder, blocks_);
    values_.assign(adder.netlist.allSignals().size(), false);
    rebuildScene();
    updateGeometry();
}

void AdderDiagram::rebuildScene() {
    scene()->clear();
    wires_.clear();
    boxes_.clear();
    labels_.clear();
    boxTexts_.clear();
    for (const DiagramWire& wire : layout_.wires) {
        WireItems items;
        items.wire = wire;
        items.critical = scene()->addPath(wire.path);
        items.critical->setZValue(CriticalLayer);
        items.halo = scene()->addPath(wire.path);
        items.halo->setZValue(HaloLayer);
        items.path = scene()->addPath(wire.path);
        items.path->setZValue(WireLayer);
        if (wire.junction) {
            const QRectF dot(wire.junction->x() - kJunctionRadius,
                             wire.junction->y() - kJunctionRadius, 2 * kJunctionRadius,
                             2 * kJunctionRadius);
            items.junction = scene()->addEllipse(dot);
            items.junction->setZValue(JunctionLayer);
        }
        wires_.push_back(items);
    }
    QFont titleFont = font();
    titleFont.setPixelSize(qRound(layout_.titleSize));
    titleFont.setBold(true);
    QFont textFont = font();
    textFont.setPixelSize(qRound(layout_.textSize));
    for (const DiagramBox& box : layout_.boxes) {
        BoxItems items;
        items.box = box;
        items.rect = scene()->addRect(box.rect);
        items.rect->setZValue(BoxLayer);
        boxes_.push_back(items);
        // A title and an optional second line, centred together in the box.
        auto* title = scene()->addSimpleText(box.title, titleFont);
        auto* subtitle =
            box.subtitle.isEmpty() ? nullptr : scene()->addSimpleText(box.subtitle, titleFont);
        if (subtitle != nullptr && box.rect.height() < 3 * layout_.titleSize) {
            subtitle->setFont(textFont);
        }
        // A title wider than its box shrinks to fit it.
        for (QGraphicsSimpleTextItem* text : {title, subtitle}) {
            if (text == nullptr) continue;
            const double room = box.rect.width() * kTextRoom;
            const double textWidth = text->boundingRect().width();
            if (textWidth <= room) continue;
            QFont smaller = text->font();
            smaller.setPixelSize(std::max(1, int(smaller.pixelSize() * room / textWidth)));
            text->setFont(smaller);
        }
        const double titleHeight = title->boundingRect().height();
        const double subtitleHeight = subtitle ? subtitle->boundingRect().height() : 0.0;
        double top = box.rect.center().y() - (titleHeight + subtitleHeight) / 2;
        for (QGraphicsSimpleTextItem* text : {title, subtitle}) {
            if (text == nullptr) continue;
            text->setPos(box.rect.center().x() - text->boundingRect().width() / 2, top);
            text->setZValue(TextLayer);
            top += text->boundingRect().height();
            boxTexts_.push_back(text);
        }
    }
    for (const DiagramLabel& label : layout_.labels) {
        LabelItem item{label, scene()->addSimpleText(label.text, textFont)};
        item.text->setZValue(TextLayer);
        labels_.push_back(item);
    }
    scene()->setSceneRect(layout_.bounds);
    restyle();
    fit();
}

void AdderDiagram::showSnapshot(const logic::TimeSnapshot& snapshot) {
    if (adder_ == nullptr || snapshot.values.size() != values_.size()) return;
    values_ = snapshot.values;
    const auto changed = [&](logic::SignalId signal) {
        return std::binary_search(snapshot.changed.begin(), snapshot.changed.end(), signal);
    };
    for (WireItems& wire : wires_) {
        wire.value = values_[wire.wire.signal];
        wire.changed = changed(wire.wire.signal);
    }
    for (BoxItems& box : boxes_) {
        const auto& gates = blocks_.blocks[box.box.block].gates;
        box.active = std::any_of(gates.begin(), gates.end(), [&](logic::GateId gate) {
            return changed(adder_->netlist.gates()[gate].output);
        });
    }
    restyle();
}

void AdderDiagram::setCriticalPathShown(bool shown) {
    criticalPathShown_ = shown;
    restyle();
}

void AdderDiagram::restyle() {
    const QPalette& colors = palette();
    setBackgroundBrush(colors.color(QPalette::Base));
    const QColor ink = colors.color(QPalette::Text);
    const QColor critical = criticalPathColor(colors);
    const QColor changedColor = wireColor(WireState::Changed, colors);
    for (WireItems& wire : wires_) {
        const QColor color = wireColor(wire.value, colors);
        wire.path->setPen(roundPen(color, kWireWidth));
        wire.halo->setPen(roundPen(changedColor, kHaloWidth));
        wire.halo->setVisible(wire.changed);
        wire.critical->setPen(roundPen(critical, kCriticalWidth));
        wire.critical->setVisible(
            criticalPathShown_ &&
            criticalPath_.runsAlong(wire.wire.signal, wire.wire.fromBlock, wire.wire.toBlock));
        if (wire.junction != nullptr) {
            wire.junction->setPen(Qt::NoPen);
            wire.junction->setBrush(color);
        }
    }
    for (BoxItems& box : boxes_) {
        const bool onPath = criticalPathShown_ && criticalPath_.passes(box.box.block);
        box.rect->setBrush(onPath ? critical : colors.color(QPalette::Base));
        box.rect->setPen(box.active ? QPen(changedColor, kActiveOutlineWidth)
                                    : QPen(ink, kBoxOutlineWidth));
    }
    for (QGraphicsSimpleTextItem* text : boxTexts_) text->setBrush(ink);
    for (LabelItem& label : labels_) placeLabel(label);
}

void AdderDiagram::placeLabel(LabelItem& item) {
    const DiagramLabel& label = item.label;
    QString text = label.text;
    QColor color = palette().color(QPalette::Text);
    if (label.signal >= 0 && label.signal < static_cast<int>(values_.size())) {
        const bool value = values_[label.signal];
        text += value ? QStringLiteral(" = 1") : QStringLiteral(" = 0");
        color = wireColor(value, palette());
    }
    item.text->setText(text);
    item.text->setBrush(color);
    const QRectF bounds = item.text->boundingRect();
    QPointF position = label.anchor;
    if (label.alignment & Qt::AlignRight) {
        position.rx() -= bounds.width();
    } else if (label.alignment & Qt::AlignHCenter) {
        position.rx() -= bounds.width() / 2;
    }
    if (label.alignment & Qt::AlignBottom) {
        position.ry() -= bounds.height();
    } else if (label.alignment & Qt::AlignVCenter) {
        position.ry() -= bounds.height() / 2;
    }
    item.text->setPos(position);
}

std::optional<bool> AdderDiagram::shownValue(logic::SignalId signal) const {
    for (const WireItems& wire : wires_) {
        if (wire.wire.signal != signal) continue;
        // Read the picture back: the colour is what the student sees.
        const QColor drawn = wire.path->pen().color();
        if (drawn == wireColor(true, palette())) return true;
        if (drawn == wireColor(false, palette())) return false;
        return std::nullopt;
    }
    return std::nullopt;
}

bool AdderDiagram::shownAsChanged(logic::SignalId signal) const {
    return std::any_of(wires_.begin(), wires_.end(), [&](const WireItems& wire) {
        return wire.wire.signal == signal && wire.halo->isVisible();
    });
}

bool AdderDiagram::wireOnShownPath(logic::SignalId signal) const {
    return std::any_of(wires_.begin(), wires_.end(), [&](const WireItems& wire) {
        return wire.wire.signal == signal && wire.critical->isVisible();
    });
}

bool AdderDiagram::blockShownActive(int block) const {
    return std::any_of(boxes_.begin(), boxes_.end(), [&](const BoxItems& box) {
        return box.box.block == block &&
               box.rect->pen().color() == wireColor(WireState::Changed, palette());
    });
}

bool AdderDiagram::blockOnShownPath(int block) const {
    return std::any_of(boxes_.begin(), boxes_.end(), [&](const BoxItems& box) {
        return box.box.block == block && box.rect->brush().color() == criticalPathColor(palette());
    });
}

// With width 0 this is the smallest readable scale.
double AdderDiagram::scaleForWidth(int width) const {
    if (layout_.bounds.width() <= 0) return 1.0;
    // Box titles never shrink below about a line of the widget's text: a wide adder rather
    // scrolls sideways at the desk (projected full screen, it fits).
    const double smallest = fontMetrics().height() * kSmallestTitleLines / layout_.titleSize;
    return std::max(width / layout_.bounds.width(), smallest);
}

bool AdderDiagram::scrollsAt(int width) const {
    return scaleForWidth(width) * layout_.bounds.width() > width + 0.5;
}

int AdderDiagram::heightForWidth(int width) const {
    if (layout_.bounds.width() <= 0) return 0;
    const int scrollBar = scrollsAt(width) ? horizontalScrollBar()->sizeHint().height() : 0;
    return static_cast<int>(std::ceil(layout_.bounds.height() * scaleForWidth(width))) + scrollBar;
}

QSize AdderDiagram::sizeHint() const {
    const int width = fontMetrics().averageCharWidth() * 80;
    return {width, heightForWidth(width)};
}

void AdderDiagram::fit() {
    if (layout_.bounds.isEmpty()) return;
    // The width decides, as heightForWidth promised; given less height than that, the whole
    // diagram shrinks to fit it, down to the readable size, and scrolls below that.
    const double readable = scaleForWidth(0);
    const double byHeight = height() / layout_.bounds.height();
    const double scale = std::max(std::min(scaleForWidth(width()), byHeight), readable);
    setTransform(QTransform::fromScale(scale, scale));
    // Bit 0, where every run starts, is on the right.
    horizontalScrollBar()->setValue(horizontalScrollBar()->maximum());
}

void AdderDiagram::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    fit();
}

void AdderDiagram::wheelEvent(QWheelEvent* event) {
    // Sideways scrolling moves a wide diagram; up and down scroll the lesson around it.
    if (event->angleDelta().x() != 0 && horizontalScrollBar()->isVisible()) {
        QGraphicsView::wheelEvent(event);
    } else {
        event->ignore();
    }
}

void AdderDiagram::changeEvent(QEvent* event) {
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) restyle();
    if (event->type() == QEvent::FontChange && adder_ != nullptr) rebuildScene();
}

}  // namespace mlsyslab::widgets
