#include "gpu/lesson/WarpRunFields.h"

#include <array>
#include <string_view>

#include "gpu/BuiltinKernels.h"
#include "lesson/StateFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

constexpr std::array<const char*, 3> kAxisNames = {"x", "y", "z"};

std::string expectedExtent(const std::string& name, LaunchExtentKind kind) {
    const char* example = kind == LaunchExtentKind::Block ? "256 or [4, 3]" : "12 or [3, 2]";
    return concat("1 to 3 sizes like ", example, ", each from 1 to ",
                  std::to_string(kMostLaunchExtent), " (", name, " is a dim3)");
}

// "4, 3" -> "4", "3" (spaces around each part dropped).
std::vector<std::string_view> splitOnCommas(std::string_view text) {
    std::vector<std::string_view> parts;
    while (true) {
        const std::size_t comma = text.find(',');
        std::string_view part = text.substr(0, comma);
        while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
        while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
        parts.push_back(part);
        if (comma == std::string_view::npos) return parts;
        text.remove_prefix(comma + 1);
    }
}

}  // namespace

std::optional<gpu::Dim3> readLaunchExtent(const std::string& name, LaunchExtentKind kind,
                                          const StateField& field,
                                          std::vector<StateProblem>& problems) {
    const std::string expected = expectedExtent(name, kind);
    std::vector<std::int64_t> sizes;
    std::vector<YAML::Mark> marks;
    if (field.value.IsScalar()) {
        // "256" or "4,3": dim3's own spelling on the command line.
        for (const std::string_view part : splitOnCommas(field.value.Scalar())) {
            const auto size = parseSignedWhole(part);
            if (!size) {
                addStateError(problems, field.problemMark(), concat(name, " must be ", expected));
                return std::nullopt;
            }
            sizes.push_back(*size);
        }
        if (sizes.empty() || sizes.size() > 3) {
            addStateError(problems, field.problemMark(), concat(name, " must be ", expected));
            return std::nullopt;
        }
        marks.assign(sizes.size(), field.problemMark());
    } else {
        const auto numbers =
            readWholeNumberList(name, field.value, field.problemMark(), expected, problems);
        if (!numbers) return std::nullopt;
        if (numbers->empty() || numbers->size() > 3) {
            addStateError(problems, field.problemMark(), concat(name, " must be ", expected));
            return std::nullopt;
        }
        sizes = *numbers;
        for (std::size_t axis = 0; axis < sizes.size(); ++axis) {
            marks.push_back(field.value[axis].Mark());
        }
    }
    for (std::size_t axis = 0; axis < sizes.size(); ++axis) {
        if (sizes[axis] < 1 || sizes[axis] > kMostLaunchExtent) {
            addStateError(
                problems, marks[axis],
                concat(name, " ", kAxisNames[axis], " must be from 1 to ",
                       std::to_string(kMostLaunchExtent), ", not ", std::to_string(sizes[axis])));
            return std::nullopt;
        }
    }
    sizes.resize(3, 1);
    return gpu::Dim3{static_cast<int>(sizes[0]), static_cast<int>(sizes[1]),
                     static_cast<int>(sizes[2])};
}

std::optional<std::string> warpRunProblem(const std::string& kernel, const gpu::Dim3& grid,
                                          const gpu::Dim3& block) {
    // In floating point: CUDA's largest grid times its largest block overflows 64 bits.
    const double threads = double(grid.x) * grid.y * grid.z * double(block.count());
    if (threads > double(kWarpRunMaxThreads)) {
        return concat("the launch has ", std::to_string(grid.count()), " blocks of ",
                      std::to_string(block.count()), " threads; a lesson simulates at most ",
                      std::to_string(kWarpRunMaxThreads),
                      " threads (4096 x 4096), so that a step opens in a second or two");
    }
    const auto built = gpu::buildKernel(kernel, grid, block);
    if (!built) return built.error();
    return std::nullopt;
}

}  // namespace mlsyslab::lesson::kinds
