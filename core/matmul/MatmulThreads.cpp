#include "matmul/MatmulThreads.h"

#include "common/Concat.h"

namespace mlsyslab::matmul {

SmallMatrix exampleMatmulLeft() { return SmallMatrix::fromRows({{1, 2, 3}, {4, 5, 6}}); }

SmallMatrix exampleMatmulRight() {
    return SmallMatrix::fromRows({{1, 0, 2}, {0, 1, 1}, {1, 1, 0}});
}

std::optional<std::string> matmulShapeProblem(const SmallMatrix& a, const SmallMatrix& b) {
    if (a.columns == b.rows) return std::nullopt;
    return concat("A · B needs as many rows in B as columns in A: A is ", std::to_string(a.rows),
                  "×", std::to_string(a.columns), ", B is ", std::to_string(b.rows), "×",
                  std::to_string(b.columns));
}

std::vector<OutputThread> matmulThreads(const SmallMatrix& a, const SmallMatrix& b) {
    std::vector<OutputThread> threads;
    for (int row = 0; row < a.rows; ++row) {
        for (int column = 0; column < b.columns; ++column) {
            OutputThread thread;
            thread.outputCell = {row, column};
            for (int k = 0; k < a.columns; ++k) {
                thread.terms.push_back({a.at(row, k), b.at(k, column), {row, k}, {k, column}});
            }
            threads.push_back(std::move(thread));
        }
    }
    return threads;
}

}  // namespace mlsyslab::matmul
