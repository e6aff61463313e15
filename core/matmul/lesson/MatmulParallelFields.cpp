#include "matmul/lesson/MatmulParallelFields.h"

#include <cmath>

#include "common/Suggestion.h"
#include "lesson/StateFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

// "12", "-3.5", "1e2" in the lesson's spelling, or "?" for a nested list or map.
std::string shownText(const YAML::Node& node) { return node.IsScalar() ? node.Scalar() : "?"; }

std::string magnitudeText(double magnitude) { return std::to_string(std::lround(magnitude)); }

// "1 number", "3 numbers".
std::string numbersText(std::size_t count) {
    return concat(std::to_string(count), count == 1 ? " number" : " numbers");
}

std::optional<double> readEntry(const std::string& name, const YAML::Node& entry,
                                const MatrixLimits& limits, std::vector<StateProblem>& problems) {
    const std::optional<double> parsed =
        entry.IsScalar() ? parseFiniteDecimal(entry.Scalar()) : std::nullopt;
    if (!parsed.has_value()) {
        addStateError(problems, entry.Mark(),
                      concat(name, ": '", shownText(entry), "' is not a number"));
        return std::nullopt;
    }
    const double number = parsed.value_or(0.0) + 0.0;  // + 0.0: -0 reads as 0
    const bool whole = number == std::floor(number);
    if ((limits.wholeNumbers && !whole) || std::abs(number) > limits.largestMagnitude) {
        const std::string largest = magnitudeText(limits.largestMagnitude);
        addStateError(
            problems, entry.Mark(),
            concat(name, ": entries must be ", limits.wholeNumbers ? "whole numbers" : "numbers",
                   " from -", largest, " to ", largest, ", not ", shownText(entry)));
        return std::nullopt;
    }
    return number;
}

}  // namespace

std::optional<matmul::SmallMatrix> readMatrixField(const std::string& name, const StateField& field,
                                                   const MatrixLimits& limits,
                                                   std::vector<StateProblem>& problems) {
    const YAML::Node& value = field.value;
    if (!value.IsSequence() || value.size() == 0) {
        addStateError(problems, field.problemMark(),
                      concat(name,
                             " must be a matrix like [[1, 2], [3, 4]]: a list of rows of "
                             "numbers"));
        return std::nullopt;
    }
    if (int(value.size()) > limits.mostRows) {
        addStateError(
            problems, field.problemMark(),
            concat(name, " has ", std::to_string(value.size()),
                   " rows; the simulator shows at most ", std::to_string(limits.mostRows)));
        return std::nullopt;
    }
    std::vector<std::vector<double>> rows;
    for (std::size_t rowIndex = 0; rowIndex < value.size(); ++rowIndex) {
        const YAML::Node& row = value[rowIndex];
        const std::string rowName = concat(name, ": row ", std::to_string(rowIndex + 1));
        if (!row.IsSequence() || row.size() == 0) {
            addStateError(problems, row.Mark(),
                          concat(rowName, " must be a list of numbers like [1, 2]"));
            return std::nullopt;
        }
        if (int(row.size()) > limits.mostColumns) {
            addStateError(
                problems, row.Mark(),
                concat(rowName, " has ", numbersText(row.size()), "; the simulator shows at most ",
                       std::to_string(limits.mostColumns), " columns"));
            return std::nullopt;
        }
        if (!rows.empty() && row.size() != rows.front().size()) {
            addStateError(problems, row.Mark(),
                          concat(rowName, " has ", numbersText(row.size()), " but row 1 has ",
                                 std::to_string(rows.front().size()), "; every row needs as many"));
            return std::nullopt;
        }
        std::vector<double> numbers;
        for (std::size_t column = 0; column < row.size(); ++column) {
            const auto number = readEntry(name, row[column], limits, problems);
            if (!number) return std::nullopt;
            numbers.push_back(*number);
        }
        rows.push_back(std::move(numbers));
    }
    return matmul::SmallMatrix::fromRows(rows);
}

std::optional<matmul::Conv2dPadding> readPaddingField(const std::string& name,
                                                      const StateField& field, int mostPixels,
                                                      std::vector<StateProblem>& problems) {
    const std::string text = scalarText(field);
    if (text == "same") return matmul::Conv2dPadding{true, 0};
    if (text == "valid") return matmul::Conv2dPadding{false, 0};
    const auto pixels = parseSignedWhole(text);
    if (pixels && *pixels >= 0 && *pixels <= mostPixels) {
        return matmul::Conv2dPadding{false, int(*pixels)};
    }
    std::string message = concat(name, " must be same, valid or a whole number from 0 to ",
                                 std::to_string(mostPixels), " (zeros on every side)");
    if (!pixels) {
        if (const auto suggestion = closestMatch(text, {"same", "valid"})) {
            message += concat("; did you mean '", *suggestion, "'?");
        }
    }
    addStateError(problems, field.problemMark(), std::move(message));
    return std::nullopt;
}

std::optional<KernelSize> readKernelField(const std::string& name, const StateField& field,
                                          int mostSide, std::vector<StateProblem>& problems) {
    const std::string expected =
        concat("a side like 3 or a height and width like [3, 5], each from 1 to ",
               std::to_string(mostSide));
    std::vector<std::int64_t> sides;
    if (field.value.IsScalar()) {
        const auto side = parseSignedWhole(field.value.Scalar());
        if (side) sides = {*side, *side};
    } else if (field.value.IsSequence()) {
        const auto list =
            readWholeNumberList(name, field.value, field.problemMark(), expected, problems);
        if (!list) return std::nullopt;
        sides = *list;
    }
    if (sides.size() != 2 || sides[0] < 1 || sides[0] > mostSide || sides[1] < 1 ||
        sides[1] > mostSide) {
        addStateError(problems, field.problemMark(), concat(name, " must be ", expected));
        return std::nullopt;
    }
    return KernelSize{int(sides[0]), int(sides[1])};
}

}  // namespace mlsyslab::lesson::kinds
