#pragma once

#include <cstddef>
#include <vector>

namespace mlsyslab::matmul {

// A matrix of a worked example on the screen (a few rows and columns), row-major. Its numbers
// are float64 so that what the lesson prints is what was computed; the small examples are about
// which operations run when, not about speed.
struct SmallMatrix {
    int rows = 0;
    int columns = 0;
    std::vector<double> values;  // rows · columns of them, row after row

    // rows × columns copies of `value`.
    static SmallMatrix filled(int rows, int columns, double value) {
        return {rows, columns,
                std::vector<double>(std::size_t(rows) * std::size_t(columns), value)};
    }
    // From a list of rows of equal length, as a lesson writes [[1, 2], [3, 4]].
    static SmallMatrix fromRows(const std::vector<std::vector<double>>& rowList) {
        SmallMatrix matrix;
        matrix.rows = int(rowList.size());
        matrix.columns = rowList.empty() ? 0 : int(rowList.front().size());
        matrix.values.reserve(std::size_t(matrix.rows) * std::size_t(matrix.columns));
        // One by one: GCC 12 warns falsely about a range insert of a single value.
        for (const std::vector<double>& row : rowList) {
            for (const double value : row) matrix.values.push_back(value);
        }
        return matrix;
    }

    std::size_t indexOf(int row, int column) const {
        return std::size_t(row) * std::size_t(columns) + std::size_t(column);
    }
    double at(int row, int column) const { return values[indexOf(row, column)]; }
    double& at(int row, int column) { return values[indexOf(row, column)]; }
    bool contains(int row, int column) const {
        return row >= 0 && row < rows && column >= 0 && column < columns;
    }

    SmallMatrix transposed() const {
        SmallMatrix result = filled(columns, rows, 0);
        for (int row = 0; row < rows; ++row) {
            for (int column = 0; column < columns; ++column)
                result.at(column, row) = at(row, column);
        }
        return result;
    }

    friend bool operator==(const SmallMatrix&, const SmallMatrix&) = default;
};

}  // namespace mlsyslab::matmul
