#include "gpu/lesson/CudaLaunchKind.h"

#include "lesson/KindFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

// [x] or [x, y], each from 1 to its maximum; a missing y is 1, as in dim3.
std::optional<gpu::Dim3> readExtent(const std::string& name, const StateField& field,
                                    std::int64_t maxX, std::int64_t maxY,
                                    std::vector<StateProblem>& problems) {
    const std::string expected = concat("[x, y], like [4, 3]: x from 1 to ", std::to_string(maxX),
                                        ", y from 1 to ", std::to_string(maxY));
    const auto numbers =
        readWholeNumberList(name, field.value, field.problemMark(), expected, problems);
    if (!numbers) return std::nullopt;
    if (numbers->empty() || numbers->size() > 2) {
        addStateError(problems, field.problemMark(),
                      concat(name, " must be ", expected,
                             numbers->size() > 2 ? " (the matrix has two dimensions)" : ""));
        return std::nullopt;
    }
    for (std::size_t axis = 0; axis < numbers->size(); ++axis) {
        const std::int64_t value = (*numbers)[axis];
        const std::int64_t most = axis == 0 ? maxX : maxY;
        if (value < 1 || value > most) {
            addStateError(problems, field.value[axis].Mark(),
                          concat(name, axis == 0 ? " x" : " y", " must be from 1 to ",
                                 std::to_string(most), ", not ", std::to_string(value)));
            return std::nullopt;
        }
    }
    return gpu::Dim3{static_cast<int>((*numbers)[0]),
                     numbers->size() > 1 ? static_cast<int>((*numbers)[1]) : 1, 1};
}

void readSelection(const StateField& field, CudaLaunchState& state,
                   std::vector<StateProblem>& problems) {
    const gpu::Dim3 grid = launchGrid(state);
    const std::int64_t across = std::int64_t{grid.x} * state.block.x;
    const std::int64_t down = std::int64_t{grid.y} * state.block.y;
    const std::string expected =
        concat("a thread's global [i, j], like [6, 1]: i from 0 to ", std::to_string(across - 1),
               ", j from 0 to ", std::to_string(down - 1));
    const auto numbers =
        readWholeNumberList("select", field.value, field.problemMark(), expected, problems);
    if (!numbers) return;
    if (numbers->size() != 2) {
        addStateError(problems, field.problemMark(), concat("select must be ", expected));
        return;
    }
    for (std::size_t axis = 0; axis < 2; ++axis) {
        const std::int64_t value = (*numbers)[axis];
        const std::int64_t size = axis == 0 ? across : down;
        if (value < 0 || value >= size) {
            addStateError(problems, field.value[axis].Mark(),
                          concat("select ", axis == 0 ? "i" : "j", " must be from 0 to ",
                                 std::to_string(size - 1), ": the grid has ", std::to_string(size),
                                 axis == 0 ? " threads across" : " rows of threads", ", not ",
                                 std::to_string(value)));
            return;
        }
    }
    state.selectedX = (*numbers)[0];
    state.selectedY = (*numbers)[1];
}

// The selected thread is read after the matrix, the block and the grid, which bound it.
void readRules(const StateFields& fields, CudaLaunchState& state,
               std::vector<StateProblem>& problems) {
    if (const StateField* field = fields.find("select")) readSelection(*field, state, problems);
}

}  // namespace

gpu::Dim3 coveringGrid(std::int64_t columns, std::int64_t rows, const gpu::Dim3& block) {
    const std::int64_t across = (columns + block.x - 1) / block.x;
    const std::int64_t down = (rows + block.y - 1) / block.y;
    return gpu::Dim3{static_cast<int>(across), static_cast<int>(down), 1};
}

gpu::Dim3 launchGrid(const CudaLaunchState& state) {
    return state.grid ? *state.grid
                      : coveringGrid(state.matrixColumns, state.matrixRows, state.block);
}

std::optional<std::string> launchFailure(const gpu::DeviceModel& device, const gpu::Dim3& block,
                                         const gpu::Dim3& grid) {
    if (block.count() > device.maxThreadsPerBlock) {
        return concat("block (", std::to_string(block.x), ", ", std::to_string(block.y), ") has ",
                      std::to_string(block.count()), " threads; the ", device.name,
                      " runs at most ", std::to_string(device.maxThreadsPerBlock),
                      " in a block, so CUDA refuses the launch (invalid configuration)");
    }
    if (grid.y > kCudaMaxGridY) {
        return concat("the grid has ", std::to_string(grid.y),
                      " rows of blocks; CUDA allows at most ", std::to_string(kCudaMaxGridY),
                      " (invalid configuration)");
    }
    return std::nullopt;
}

gpu::OccupancyResult matrixAddOccupancy(const gpu::DeviceModel& device, const gpu::Dim3& block) {
    gpu::KernelResources kernel;
    kernel.threadsPerBlock = static_cast<int>(block.count());
    kernel.registersPerThread = kMatrixAddRegistersPerThread;
    return gpu::computeOccupancy(device, kernel);
}

const KindSpec<CudaLaunchState>& cudaLaunchKind() {
    static const KindSpec<CudaLaunchState> spec{
        "cuda-launch",
        "the matrixAdd launch: grid and blocks drawn, each thread's blockIdx, threadIdx and "
        "global index, warps outlined, blocks coloured by the SM they run on",
        "the cuda-launch state must be fields like 'nx: 12', one per line",
        "",
        {
            gpuDeviceField<CudaLaunchState>(
                "a built-in device: `v100`, `t4`, `a100`, `rtx4090`, `h100` or `h200`"),
            wholeNumberField("nx", &CudaLaunchState::matrixColumns, 1, kLaunchMaxMatrixSide,
                             "the matrix's columns, `Nx`, 1 to 16384"),
            wholeNumberField("ny", &CudaLaunchState::matrixRows, 1, kLaunchMaxMatrixSide,
                             "the matrix's rows, `Ny`, 1 to 16384"),
            customField<CudaLaunchState>(
                "block", "`[4, 3]`",
                "`threadsPerBlock`: `[x, y]` (or `[x]`), each 1 to 1024; more than 1024 threads "
                "in all is allowed and shown failing",
                [](const StateField& field, CudaLaunchState& state,
                   std::vector<StateProblem>& problems) {
                    const auto block =
                        readExtent("block", field, kCudaMaxBlockSide, kCudaMaxBlockSide, problems);
                    if (block) state.block = *block;
                }),
            customField<CudaLaunchState>(
                "grid", "covers the matrix",
                "`numBlocks`: `[x, y]` (or `[x]`), x up to 2³¹ − 1, y up to 65535; without it, "
                "`((nx + bx - 1) / bx, (ny + by - 1) / by)`",
                [](const StateField& field, CudaLaunchState& state,
                   std::vector<StateProblem>& problems) {
                    state.grid = readExtent("grid", field, kCudaMaxGridX, kCudaMaxGridY, problems);
                }),
            ruleField<CudaLaunchState>("select", "`[0, 0]`",
                                       "the thread selected when the simulator opens, by its "
                                       "global `[i, j]`, inside the grid (a thread of a large grid "
                                       "outside the drawn corner selects the first thread)"),
        },
        readRules};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(cudaLaunchKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
