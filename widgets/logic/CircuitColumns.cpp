#include "logic/CircuitColumns.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <utility>

namespace mlsyslab::widgets {

namespace {

// Enough sweeps for circuits of a lesson's size to stop improving; a fixed number keeps the
// result deterministic and the time bounded for large ones.
constexpr int kOrderingRounds = 8;
constexpr int kPlacementRounds = 4;

using Column = std::vector<ColumnNode>;

std::map<logic::SignalId, int> carrierPositions(const Column& column) {
    std::map<logic::SignalId, int> positions;
    for (std::size_t index = 0; index < column.size(); ++index) {
        if (column[index].carries >= 0) positions.emplace(column[index].carries, int(index));
    }
    return positions;
}

// Sorts a column by key, ties keeping the current order.
void sortColumn(Column& column, const std::vector<double>& keys) {
    std::vector<int> order(column.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int left, int right) { return keys[left] < keys[right]; });
    Column sorted;
    sorted.reserve(column.size());
    for (const int index : order) sorted.push_back(std::move(column[index]));
    column = std::move(sorted);
}

// The mean position of the sources a node reads, in the column to its left.
void sortByLeftNeighbours(Column& column, const Column& left) {
    const auto positions = carrierPositions(left);
    std::vector<double> keys(column.size());
    for (std::size_t index = 0; index < column.size(); ++index) {
        const ColumnNode& node = column[index];
        double sum = 0;
        int count = 0;
        for (const logic::SignalId signal : node.reads) {
            if (const auto found = positions.find(signal); found != positions.end()) {
                sum += found->second;
                ++count;
            }
        }
        keys[index] = count > 0 ? sum / count : double(index);
    }
    sortColumn(column, keys);
}

// The position of pin `pin` of the node at `index`: pins split the node's slot evenly.
double pinPosition(const Column& column, std::size_t index, std::size_t pin) {
    return double(index) + double(pin + 1) / double(column[index].reads.size() + 1);
}

// The mean position of the pins a node feeds, in the column to its right.
void sortByRightNeighbours(Column& column, const Column& right) {
    std::vector<double> keys(column.size());
    for (std::size_t index = 0; index < column.size(); ++index) {
        double sum = 0;
        int count = 0;
        for (std::size_t reader = 0; reader < right.size(); ++reader) {
            const auto& reads = right[reader].reads;
            for (std::size_t pin = 0; pin < reads.size(); ++pin) {
                if (column[index].carries >= 0 && reads[pin] == column[index].carries) {
                    sum += pinPosition(right, reader, pin);
                    ++count;
                }
            }
        }
        keys[index] = count > 0 ? sum / count - 0.5 : double(index);
    }
    sortColumn(column, keys);
}

double lowerMedian(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[(values.size() - 1) / 2];
}

// The distance between the heights of each node and the one above it (0 for the first): the
// extents plus a gap, rounded up to the grid.
std::vector<double> spacingsOf(const Column& column, double grid, double gap, double narrowGap) {
    std::vector<double> spacings(column.size(), 0.0);
    for (std::size_t index = 1; index < column.size(); ++index) {
        const ColumnNode& above = column[index - 1];
        const ColumnNode& below = column[index];
        // Two gates keep a full gap between them; a wire, a switch or a lamp may sit closer.
        const bool narrow =
            above.kind != ColumnNodeKind::Gate || below.kind != ColumnNodeKind::Gate;
        const double spacing = above.below + (narrow ? narrowGap : gap) + below.above;
        spacings[index] = std::ceil(spacing / grid - 1e-9) * grid;
    }
    return spacings;
}

// Sugiyama's priority method: nodes in order of priority move to their desired height as far
// as the nodes placed before them allow, pushing the others aside. A wire passing through the
// column has the highest priority, so long wires stay straight; then nodes with more wires on
// the side looked at. Heights stay on the grid, so every wire is either level or visibly
// routed, never off by a hair.
void placeByPriority(Column& column, const std::vector<double>& desired,
                     const std::vector<int>& priority, double grid,
                     const std::vector<double>& spacings) {
    const int count = int(column.size());
    std::vector<int> order(column.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int left, int right) { return priority[left] > priority[right]; });
    std::vector<bool> placed(column.size(), false);
    for (const int node : order) {
        double lowest = -std::numeric_limits<double>::infinity();
        double distance = 0;
        for (int above = node - 1; above >= 0; --above) {
            distance += spacings[above + 1];
            if (placed[above]) {
                lowest = column[above].y + distance;
                break;
            }
        }
        double highest = std::numeric_limits<double>::infinity();
        distance = 0;
        for (int below = node + 1; below < count; ++below) {
            distance += spacings[below];
            if (placed[below]) {
                highest = column[below].y - distance;
                break;
            }
        }
        column[node].y = std::clamp(std::round(desired[node] / grid) * grid, lowest, highest);
        for (int above = node - 1; above >= 0 && !placed[above]; --above) {
            column[above].y = std::min(column[above].y, column[above + 1].y - spacings[above + 1]);
        }
        for (int below = node + 1; below < count && !placed[below]; ++below) {
            column[below].y = std::max(column[below].y, column[below - 1].y + spacings[below]);
        }
        placed[node] = true;
    }
}

constexpr int kPassThroughPriority = std::numeric_limits<int>::max();

void alignToLeft(Column& column, const Column& left, double grid, double gap, double narrowGap) {
    const auto positions = carrierPositions(left);
    std::vector<double> desired(column.size());
    std::vector<int> priority(column.size());
    for (std::size_t index = 0; index < column.size(); ++index) {
        const ColumnNode& node = column[index];
        std::vector<double> candidates;
        for (std::size_t pin = 0; pin < node.reads.size(); ++pin) {
            if (const auto found = positions.find(node.reads[pin]); found != positions.end()) {
                candidates.push_back(left[found->second].y - node.pinOffsets[pin]);
            }
        }
        desired[index] = candidates.empty() ? node.y : lowerMedian(candidates);
        priority[index] = node.kind == ColumnNodeKind::PassThrough ? kPassThroughPriority
                                                                   : int(candidates.size());
    }
    placeByPriority(column, desired, priority, grid, spacingsOf(column, grid, gap, narrowGap));
}

void alignToRight(Column& column, const Column& right, double grid, double gap, double narrowGap) {
    std::vector<double> desired(column.size());
    std::vector<int> priority(column.size());
    for (std::size_t index = 0; index < column.size(); ++index) {
        const ColumnNode& node = column[index];
        std::vector<double> candidates;
        for (const ColumnNode& reader : right) {
            for (std::size_t pin = 0; pin < reader.reads.size(); ++pin) {
                if (node.carries >= 0 && reader.reads[pin] == node.carries) {
                    candidates.push_back(reader.y + reader.pinOffsets[pin]);
                }
            }
        }
        desired[index] = candidates.empty() ? node.y : lowerMedian(candidates);
        priority[index] = node.kind == ColumnNodeKind::PassThrough ? kPassThroughPriority
                                                                   : int(candidates.size());
    }
    placeByPriority(column, desired, priority, grid, spacingsOf(column, grid, gap, narrowGap));
}

}  // namespace

int carrierIndex(const Column& column, logic::SignalId signal) {
    for (std::size_t index = 0; index < column.size(); ++index) {
        if (column[index].carries == signal) return int(index);
    }
    return -1;
}

CircuitColumns buildCircuitColumns(const logic::Netlist& netlist, const std::vector<int>& levels) {
    const int gateColumns = levels.empty() ? 0 : *std::max_element(levels.begin(), levels.end());
    const int outputColumn = gateColumns + 1;
    CircuitColumns columns(outputColumn + 1);
    const auto& signals = netlist.allSignals();
    std::vector<int> sourceColumn(signals.size(), 0);
    std::vector<int> lastColumn(signals.size(), -1);
    for (std::size_t signal = 0; signal < signals.size(); ++signal) {
        if (signals[signal].driver >= 0) sourceColumn[signal] = levels[signals[signal].driver];
    }

    for (std::size_t input = 0; input < netlist.inputs().size(); ++input) {
        const logic::SignalId signal = netlist.inputs()[input];
        columns[0].push_back({ColumnNodeKind::Input, int(input), signal, {}, {}, 0, 0, 0});
    }
    for (std::size_t gate = 0; gate < netlist.gates().size(); ++gate) {
        const logic::Gate& placed = netlist.gates()[gate];
        for (const logic::SignalId read : placed.inputs) {
            lastColumn[read] = std::max(lastColumn[read], levels[gate]);
        }
        columns[levels[gate]].push_back(
            {ColumnNodeKind::Gate, int(gate), placed.output, placed.inputs, {}, 0, 0, 0});
    }
    for (std::size_t output = 0; output < netlist.outputs().size(); ++output) {
        const logic::SignalId signal = netlist.outputs()[output].signal;
        lastColumn[signal] = outputColumn;
        columns[outputColumn].push_back(
            {ColumnNodeKind::Output, int(output), -1, {signal}, {}, 0, 0, 0});
    }
    for (std::size_t signal = 0; signal < signals.size(); ++signal) {
        for (int column = sourceColumn[signal] + 1; column < lastColumn[signal]; ++column) {
            const auto id = logic::SignalId(signal);
            columns[column].push_back({ColumnNodeKind::PassThrough, id, id, {id}, {}, 0, 0, 0});
        }
    }
    for (auto& column : columns) {
        for (ColumnNode& node : column) node.pinOffsets.assign(node.reads.size(), 0.0);
    }
    return columns;
}

int countColumnCrossings(const CircuitColumns& columns) {
    int crossings = 0;
    for (std::size_t column = 0; column + 1 < columns.size(); ++column) {
        const auto positions = carrierPositions(columns[column]);
        std::vector<std::pair<double, double>> edges;
        const Column& right = columns[column + 1];
        for (std::size_t reader = 0; reader < right.size(); ++reader) {
            for (std::size_t pin = 0; pin < right[reader].reads.size(); ++pin) {
                const auto found = positions.find(right[reader].reads[pin]);
                if (found == positions.end()) continue;
                edges.emplace_back(found->second, pinPosition(right, reader, pin));
            }
        }
        for (std::size_t first = 0; first < edges.size(); ++first) {
            for (std::size_t second = first + 1; second < edges.size(); ++second) {
                const auto [leftA, rightA] = edges[first];
                const auto [leftB, rightB] = edges[second];
                if ((leftA < leftB && rightA > rightB) || (leftA > leftB && rightA < rightB)) {
                    ++crossings;
                }
            }
        }
    }
    return crossings;
}

void orderCircuitColumns(CircuitColumns& columns) {
    const std::size_t last = columns.size() - 1;
    CircuitColumns best = columns;
    int fewest = countColumnCrossings(columns);
    const auto keepIfBetter = [&] {
        const int crossings = countColumnCrossings(columns);
        if (crossings < fewest) {
            fewest = crossings;
            best = columns;
        }
    };
    for (int round = 0; round < kOrderingRounds && fewest > 0; ++round) {
        for (std::size_t column = 1; column < last; ++column) {
            sortByLeftNeighbours(columns[column], columns[column - 1]);
        }
        keepIfBetter();
        for (std::size_t column = last; column-- > 1;) {
            sortByRightNeighbours(columns[column], columns[column + 1]);
        }
        keepIfBetter();
    }
    columns = std::move(best);
}

void placeCircuitColumns(CircuitColumns& columns, double grid, double gap, double narrowGap) {
    for (Column& column : columns) {
        const std::vector<double> spacings = spacingsOf(column, grid, gap, narrowGap);
        double y = 0;
        for (std::size_t index = 0; index < column.size(); ++index) {
            y += spacings[index];
            column[index].y = y;
        }
    }
    const std::size_t last = columns.size() - 1;
    const auto sweepRight = [&] {
        for (std::size_t column = 1; column <= last; ++column) {
            alignToLeft(columns[column], columns[column - 1], grid, gap, narrowGap);
        }
    };
    for (int round = 0; round < kPlacementRounds; ++round) {
        sweepRight();
        for (std::size_t column = last; column-- > 0;) {
            alignToRight(columns[column], columns[column + 1], grid, gap, narrowGap);
        }
    }
    sweepRight();

    double top = 0;
    bool first = true;
    for (const Column& column : columns) {
        for (const ColumnNode& node : column) {
            top = first ? node.y - node.above : std::min(top, node.y - node.above);
            first = false;
        }
    }
    // Moved by whole grid steps, so heights that were equal stay equal to the last bit.
    top = std::floor(top / grid) * grid;
    for (Column& column : columns) {
        for (ColumnNode& node : column) node.y -= top;
    }
}

}  // namespace mlsyslab::widgets
