#include "logic/AdderDiagramLayout.h"

#include <QCoreApplication>
#include <algorithm>
#include <initializer_list>
#include <string>

namespace mlsyslab::widgets {

namespace {

using logic::SignalId;

// Scene units; a bit column is kAdderColumnPitch (100) wide. Boxes leave room between them for
// the carries and their labels.
constexpr double kRightMargin = 150;  // the carry-in (or sub) rail
// The flag outputs end at labelRight_, room for "Z = 1" in the label type; the overflow gate
// and the carry out's tap sit between there and the top bit's column.
constexpr double kFlagLabelCharacters = 5.4;
constexpr double kFlagGateRoom = 150;
constexpr double kInputLabelY = 20;
constexpr double kInputTop = 42;
constexpr double kSubRailY = 70;
constexpr double kFlipTop = 88;
constexpr double kFlipSide = 40;
constexpr double kCellWidth = 62;
constexpr double kFullAdderHeight = 110;
constexpr double kBitCellHeight = 80;
constexpr double kUnitHeight = 90;
constexpr double kSumCellHeight = 60;
constexpr double kRowGap = 70;
constexpr double kSumWireLength = 110;
constexpr double kZeroBarHeight = 56;
// Lanes inside a bit column, as offsets from its centre.
constexpr double kLaneA = -16;
constexpr double kLaneB = 16;
constexpr double kLaneGenerate = -26;
constexpr double kLanePropagate = -8;
constexpr double kLaneGroupPropagate = 8;
constexpr double kLaneCarry = 26;
// The wider the adder, the more the view shrinks it: wider adders get larger type and fewer
// labels. Up to 8 bits every wire is named (with its value on the outputs); up to 16 the sums
// are named; above that every fourth sum. The boxes always carry their bit numbers.
constexpr int kEveryLabelUpTo = 8;
constexpr int kEveryBitUpTo = 16;
constexpr int kSparseLabelStep = 4;
// The advance of an average character, in text heights, to tell whether a label fits a box.
constexpr double kCharacterWidth = 0.62;
constexpr double kBoldCharacterWidth = 0.68;

QString tr(const char* text) { return QCoreApplication::translate("AdderDiagram", text); }

QPainterPath polyline(std::initializer_list<QPointF> points) {
    QPainterPath path;
    bool first = true;
    for (const QPointF& point : points) {
        if (first) {
            path.moveTo(point);
            first = false;
        } else {
            path.lineTo(point);
        }
    }
    return path;
}

class LayoutBuilder {
public:
    LayoutBuilder(const logic::AdderCircuit& adder, const AdderBlockMap& map)
        : adder_(adder), map_(map), width_(adder.width) {
        detail_ = width_ <= kEveryLabelUpTo ? Detail::Full
                  : width_ <= kEveryBitUpTo ? Detail::Medium
                                            : Detail::Sparse;
        layout_.textSize = detail_ == Detail::Full ? 24 : detail_ == Detail::Medium ? 34 : 40;
        layout_.titleSize = detail_ == Detail::Full ? 32 : detail_ == Detail::Medium ? 44 : 48;
        labelRight_ = layout_.textSize * kCharacterWidth * kFlagLabelCharacters + 16;
        leftMargin_ = labelRight_ + kFlagGateRoom;
        cellTop_ = adder.subtractor ? kFlipTop + kFlipSide + 30 : kInputTop + 60;
        railX_ = columnX(0) + kAdderColumnPitch / 2 + kRightMargin / 2;
    }

    AdderDiagramLayout build() {
        if (adder_.kind == logic::AdderKind::RippleCarry) {
            placeFullAdders();
        } else {
            placeLookahead();
        }
        placeInputs();
        placeSums();
        placeFlags();
        // Where the carry-in rail branches to more than one consumer, a dot says so.
        for (const std::size_t wire : railWires_) {
            const QPointF end = layout_.wires[wire].path.elementAt(1);
            if (end.y() < railBottom_) layout_.wires[wire].junction = QPointF(railX_, end.y());
        }
        const double right = columnX(0) + kAdderColumnPitch / 2 + kRightMargin;
        layout_.bounds = QRectF(0, 0, right, zeroTop_ + kZeroBarHeight + 24);
        return std::move(layout_);
    }

private:
    double columnX(int bit) const {
        return leftMargin_ + (width_ - 1 - bit) * kAdderColumnPitch + kAdderColumnPitch / 2;
    }
    enum class Detail { Full, Medium, Sparse };
    bool labelled(int bit) const {
        return detail_ != Detail::Sparse || bit % kSparseLabelStep == 0 || bit == width_ - 1;
    }
    const QRectF& boxOf(int block) const { return layout_.boxes[boxIndex_.at(block)].rect; }
    QString signalName(SignalId signal) const {
        return QString::fromStdString(adder_.netlist.allSignals()[signal].name);
    }

    void addBox(int block, QRectF rect, QString title, QString subtitle = {}) {
        if (block < 0) return;
        boxIndex_.resize(std::max<std::size_t>(boxIndex_.size(), block + 1), -1);
        boxIndex_[block] = static_cast<int>(layout_.boxes.size());
        layout_.boxes.push_back({block, rect, std::move(title), std::move(subtitle)});
    }
    void addWire(SignalId signal, int from, int to, QPainterPath path,
                 std::optional<QPointF> junction = std::nullopt) {
        layout_.wires.push_back({signal, from, to, std::move(path), junction});
    }
    void addLabel(QString text, QPointF anchor, Qt::Alignment alignment, SignalId signal = -1) {
        layout_.labels.push_back({std::move(text), anchor, alignment, signal, false});
    }
    QRectF cellRect(int bit, double top, double height) const {
        return {columnX(bit) - kCellWidth / 2, top, kCellWidth, height};
    }

    void placeFullAdders() {
        const double carryY = cellTop_ + kFullAdderHeight / 2;
        for (int bit = 0; bit < width_; ++bit) {
            addBox(map_.find(AdderBlockKind::FullAdder, bit),
                   cellRect(bit, cellTop_, kFullAdderHeight), tr("FA"), QString::number(bit));
        }
        cellBottom_ = cellTop_ + kFullAdderHeight;
        carryOutY_ = carryY;
        for (int bit = 0; bit + 1 < width_; ++bit) {
            const int from = map_.find(AdderBlockKind::FullAdder, bit);
            const int to = map_.find(AdderBlockKind::FullAdder, bit + 1);
            const double left = columnX(bit + 1) + kCellWidth / 2;
            const double right = columnX(bit) - kCellWidth / 2;
            addWire(adder_.carries[bit + 1], from, to, polyline({{right, carryY}, {left, carryY}}));
            if (detail_ == Detail::Full) {
                addLabel(signalName(adder_.carries[bit + 1]), {(left + right) / 2, carryY - 8},
                         Qt::AlignHCenter | Qt::AlignBottom);
            }
        }
        railConsumer(map_.find(AdderBlockKind::FullAdder, 0), carryY);
    }

    void placeLookahead() {
        const int levels = map_.lookaheadLevels;
        for (int bit = 0; bit < width_; ++bit) {
            addBox(map_.find(AdderBlockKind::BitCell, bit), cellRect(bit, cellTop_, kBitCellHeight),
                   tr("PG"), QString::number(bit));
        }
        const double firstUnitTop = cellTop_ + kBitCellHeight + kRowGap;
        const auto unitTop = [&](int level) {
            return firstUnitTop + (level - 1) * (kUnitHeight + kRowGap);
        };
        const double sumTop = unitTop(levels + 1);
        for (const AdderBlock& block : map_.blocks) {
            if (block.kind != AdderBlockKind::LookaheadUnit) continue;
            const double left = columnX(block.lastBit) - kAdderColumnPitch * 0.42;
            const double right = columnX(block.firstBit) + kAdderColumnPitch * 0.42;
            const QRectF rect(left, unitTop(block.level), right - left, kUnitHeight);
            const int blockIndex = map_.find(block.kind, block.index, block.level);
            addBox(blockIndex, rect, unitTitle(block), unitSubtitle(blockIndex, rect.width()));
        }
        for (int bit = 0; bit < width_; ++bit) {
            addBox(map_.find(AdderBlockKind::SumCell, bit), cellRect(bit, sumTop, kSumCellHeight),
                   QStringLiteral("\u2295"));
        }
        cellBottom_ = sumTop + kSumCellHeight;

        for (const AdderLink& link : map_.links) {
            if (link.fromBlock < 0 || link.toBlock < 0) continue;
            const AdderBlock& from = map_.blocks[link.fromBlock];
            const AdderBlock& to = map_.blocks[link.toBlock];
            if (to.kind == AdderBlockKind::OverflowFlag || to.kind == AdderBlockKind::ZeroFlag) {
                continue;  // the flags draw their own inputs
            }
            if (from.kind == AdderBlockKind::Complement) continue;  // with the inputs
            const QRectF source = boxOf(link.fromBlock);
            const QRectF target = boxOf(link.toBlock);
            const bool carry = carryBit(link.signal) <= width_;
            double x = 0;
            if (from.kind == AdderBlockKind::BitCell) {
                const bool generate = signalName(link.signal).startsWith(QLatin1Char('g'));
                x = columnX(from.index) + (generate ? kLaneGenerate : kLanePropagate);
            } else if (carry) {
                x = columnX(carryBit(link.signal)) + kLaneCarry;
            } else {  // a group generate or propagate, from a unit to its parent
                const bool generate = signalName(link.signal).endsWith(QLatin1Char('G'));
                x = columnX(from.lastBit) + (generate ? kLaneGenerate : kLaneGroupPropagate);
            }
            const bool upwards = target.bottom() <= source.top();
            const double startY = upwards ? source.top() : source.bottom();
            const double endY = upwards ? target.bottom() : target.top();
            addWire(link.signal, link.fromBlock, link.toBlock, polyline({{x, startY}, {x, endY}}));
        }
        // The carry-in goes to the units that start at bit 0 and to the first sum cell.
        for (const AdderLink& link : map_.links) {
            if (link.fromBlock >= 0 || link.signal != adder_.carryIn) continue;
            const AdderBlock& to = map_.blocks[link.toBlock];
            if (to.kind == AdderBlockKind::LookaheadUnit || to.kind == AdderBlockKind::SumCell) {
                railConsumer(link.toBlock, boxOf(link.toBlock).center().y());
            }
        }
        carryOutY_ = unitTop(levels) + kUnitHeight / 2;
    }

    int carryBit(SignalId carry) const {
        const auto found = std::find(adder_.carries.begin(), adder_.carries.end(), carry);
        return static_cast<int>(found - adder_.carries.begin());
    }

    // "lookahead L1" where it fits the unit's box, else "L1".
    QString unitTitle(const AdderBlock& unit) const {
        const QString full = tr("lookahead L%1").arg(unit.level);
        const double boxWidth = (unit.lastBit - unit.firstBit + 0.84) * kAdderColumnPitch;
        return full.size() * layout_.titleSize * kBoldCharacterWidth < boxWidth * 0.95
                   ? full
                   : tr("L%1").arg(unit.level);
    }

    // The carries a unit makes, "c5 c6 c7", when they fit its box.
    QString unitSubtitle(int block, double boxWidth) const {
        QStringList carries;
        for (int bit = 1; bit <= width_; ++bit) {
            if (map_.driverBlock(adder_.netlist, adder_.carries[bit]) == block) {
                carries << signalName(adder_.carries[bit]);
            }
        }
        const QString text = carries.join(QLatin1Char(' '));
        const double characterWidth = layout_.textSize * kCharacterWidth;
        return text.size() * characterWidth < boxWidth * 0.9 ? text : QString();
    }

    // The carry-in (or sub) rail: down the right margin, then left into the consumer.
    void railConsumer(int block, double y) {
        if (block < 0) return;
        const double right = boxOf(block).right();
        railWires_.push_back(layout_.wires.size());
        addWire(adder_.carryIn, -1, block,
                polyline({{railX_, kInputTop}, {railX_, y}, {right, y}}));
        railBottom_ = std::max(railBottom_, y);
    }

    void placeInputs() {
        const AdderBlockKind cellKind = adder_.kind == logic::AdderKind::RippleCarry
                                            ? AdderBlockKind::FullAdder
                                            : AdderBlockKind::BitCell;
        for (int bit = 0; bit < width_; ++bit) {
            const int cell = map_.find(cellKind, bit);
            const double x = columnX(bit);
            addWire(adder_.a[bit], -1, cell,
                    polyline({{x + kLaneA, kInputTop}, {x + kLaneA, cellTop_}}));
            // Past 8 bits the names do not fit over the lanes; "a b" over bit 0 says which is
            // which, and the boxes below carry the bit numbers.
            if (detail_ == Detail::Full || bit == 0) {
                const bool named = detail_ == Detail::Full;
                addLabel(named ? signalName(adder_.a[bit]) : tr("a"),
                         {x + kLaneA + 4, kInputLabelY}, Qt::AlignRight | Qt::AlignVCenter);
                addLabel(named ? signalName(adder_.b[bit]) : tr("b"),
                         {x + kLaneB - 4, kInputLabelY}, Qt::AlignLeft | Qt::AlignVCenter);
            }
            if (!adder_.subtractor) {
                addWire(adder_.b[bit], -1, cell,
                        polyline({{x + kLaneB, kInputTop}, {x + kLaneB, cellTop_}}));
                continue;
            }
            const int flip = map_.find(AdderBlockKind::Complement, bit);
            const QRectF flipRect(x + kLaneB - kFlipSide / 2, kFlipTop, kFlipSide, kFlipSide);
            addBox(flip, flipRect, QStringLiteral("\u2295"));
            addWire(adder_.b[bit], -1, flip,
                    polyline({{x + kLaneB, kInputTop}, {x + kLaneB, flipRect.top()}}));
            const SignalId flipped = adder_.netlist.gates()[map_.blocks[flip].gates.front()].output;
            addWire(flipped, flip, cell,
                    polyline({{x + kLaneB, flipRect.bottom()}, {x + kLaneB, cellTop_}}));
            // sub runs along a rail above the complement gates and drops into each.
            const double dropX = flipRect.right() + 12;
            addWire(adder_.carryIn, -1, flip,
                    polyline({{railX_, kInputTop},
                              {railX_, kSubRailY},
                              {dropX, kSubRailY},
                              {dropX, flipRect.center().y()},
                              {flipRect.right(), flipRect.center().y()}}),
                    bit == width_ - 1 ? std::optional<QPointF>(QPointF(railX_, kSubRailY))
                                      : QPointF(dropX, kSubRailY));
        }
        addLabel(signalName(adder_.carryIn), {railX_, kInputLabelY}, Qt::AlignCenter,
                 adder_.carryIn);
    }

    void placeSums() {
        zeroTop_ = cellBottom_ + kSumWireLength;
        const int zero = map_.find(AdderBlockKind::ZeroFlag, 0);
        const double middle = cellBottom_ + kSumWireLength / 2;
        for (int bit = 0; bit < width_; ++bit) {
            const SignalId sum = adder_.sum[bit];
            const int cell = map_.driverBlock(adder_.netlist, sum);
            const double x = columnX(bit);
            addWire(sum, cell, -1, polyline({{x, cellBottom_}, {x, middle}}));
            addWire(sum, cell, zero, polyline({{x, middle}, {x, zeroTop_}}));
            if (labelled(bit)) {
                addLabel(signalName(sum), {x + 6, middle}, Qt::AlignLeft | Qt::AlignVCenter,
                         detail_ == Detail::Full ? sum : -1);
            }
        }
    }

    void placeFlags() {
        // C: the carry out, leaving the top bit's cell (or the root unit) to the left.
        const SignalId carryOut = adder_.carryOut;
        const int carrySource = map_.driverBlock(adder_.netlist, carryOut);
        const double carryStart = adder_.kind == logic::AdderKind::RippleCarry
                                      ? columnX(width_ - 1) - kCellWidth / 2
                                      : boxOf(carrySource).left();
        addWire(carryOut, carrySource, -1,
                polyline({{carryStart, carryOutY_}, {labelRight_, carryOutY_}}));
        addLabel(tr("C"), {labelRight_ - 8, carryOutY_}, Qt::AlignRight | Qt::AlignVCenter,
                 carryOut);

        // V = c_W XOR c_{W-1}: below the carry out, its inputs tapped from the carry out and
        // named for c_{W-1}, which runs far away.
        const int overflow = map_.find(AdderBlockKind::OverflowFlag, 0);
        const QRectF overflowRect(labelRight_ + 40, carryOutY_ + 60, 70, 50);
        addBox(overflow, overflowRect, QStringLiteral("\u2295"));
        const double tapX = overflowRect.left() + 18;
        addWire(carryOut, carrySource, overflow,
                polyline({{tapX, carryOutY_}, {tapX, overflowRect.top()}}),
                QPointF(tapX, carryOutY_));
        const SignalId previousCarry = adder_.carries[width_ - 1];
        const double stubX = overflowRect.right() - 18;
        addWire(previousCarry, map_.driverBlock(adder_.netlist, previousCarry), overflow,
                polyline({{stubX, overflowRect.top() - 30}, {stubX, overflowRect.top()}}));
        addLabel(signalName(previousCarry), {stubX + 4, overflowRect.top() - 30},
                 Qt::AlignLeft | Qt::AlignVCenter);
        const double overflowY = overflowRect.center().y();
        addWire(adder_.overflow, overflow, -1,
                polyline({{overflowRect.left(), overflowY}, {labelRight_, overflowY}}));
        addLabel(tr("V"), {labelRight_ - 8, overflowY}, Qt::AlignRight | Qt::AlignVCenter,
                 adder_.overflow);

        // Z: every sum bit into one NOR (a tree of them in the netlist).
        const int zero = map_.find(AdderBlockKind::ZeroFlag, 0);
        const QRectF zeroRect(columnX(width_ - 1) - kCellWidth / 2, zeroTop_,
                              columnX(0) - columnX(width_ - 1) + kCellWidth, kZeroBarHeight);
        addBox(zero, zeroRect,
               width_ > 1 ? tr("Z = NOR(%1 \u2026 %2)")
                                .arg(signalName(adder_.sum.back()), signalName(adder_.sum.front()))
                          : tr("Z = NOT %1").arg(signalName(adder_.sum.front())));
        const double zeroY = zeroRect.center().y();
        addWire(adder_.zero, zero, -1, polyline({{zeroRect.left(), zeroY}, {labelRight_, zeroY}}));
        addLabel(tr("Z"), {labelRight_ - 8, zeroY}, Qt::AlignRight | Qt::AlignVCenter, adder_.zero);

        // N is the top sum bit itself.
        const SignalId top = adder_.sum.back();
        const double tapY = cellBottom_ + kSumWireLength * 0.8;
        addWire(top, map_.driverBlock(adder_.netlist, top), -1,
                polyline({{columnX(width_ - 1), tapY}, {labelRight_, tapY}}),
                QPointF(columnX(width_ - 1), tapY));
        addLabel(tr("N"), {labelRight_ - 8, tapY}, Qt::AlignRight | Qt::AlignVCenter, top);
    }

    const logic::AdderCircuit& adder_;
    const AdderBlockMap& map_;
    int width_;
    Detail detail_ = Detail::Full;
    double labelRight_ = 0;
    double leftMargin_ = 0;
    double cellTop_ = 0;
    double cellBottom_ = 0;
    double carryOutY_ = 0;
    double zeroTop_ = 0;
    double railX_ = 0;
    double railBottom_ = 0;
    std::vector<std::size_t> railWires_;  // the carry-in's wires down the right margin
    std::vector<int> boxIndex_;           // block -> index into layout_.boxes
    AdderDiagramLayout layout_;
};

}  // namespace

AdderDiagramLayout layoutAdderDiagram(const logic::AdderCircuit& adder, const AdderBlockMap& map) {
    return LayoutBuilder(adder, map).build();
}

}  // namespace mlsyslab::widgets
