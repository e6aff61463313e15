#include "matmul/lesson/RooflineKind.h"

#include "gpu/DeviceYaml.h"
#include "lesson/KindFields.h"
#include "matmul/lesson/MatmulBackendsField.h"

namespace mlsyslab::lesson::kinds {

namespace {

const std::vector<std::string> kWorkloadFieldNames = {"name", "flops_per_byte"};
constexpr std::string_view kWorkloadExample =
    "like '- {name: \"LLM decode, batch 1\", flops_per_byte: 1}'";

std::optional<RooflineWorkload> readWorkload(const YAML::Node& entry,
                                             std::vector<StateProblem>& problems) {
    if (!entry.IsMap()) {
        addStateError(problems, entry.Mark(),
                      concat("a workload must be a name and an intensity, ", kWorkloadExample));
        return std::nullopt;
    }
    const StateFields fields =
        collectStateFields(entry, "roofline workload", kWorkloadFieldNames, problems);
    RooflineWorkload workload;
    bool wellFormed = true;
    const StateField* name = fields.find("name");
    if (name != nullptr && name->value.IsScalar() && !name->value.Scalar().empty()) {
        workload.name = name->value.Scalar();
    } else {
        addStateError(problems, name != nullptr ? name->problemMark() : entry.Mark(),
                      concat("a workload needs a name, ", kWorkloadExample));
        wellFormed = false;
    }
    const StateField* intensity = fields.find("flops_per_byte");
    const auto flopsPerByte =
        intensity != nullptr ? parseFiniteDecimal(scalarText(*intensity)) : std::nullopt;
    if (flopsPerByte && *flopsPerByte >= kSmallestWorkloadFlopsPerByte &&
        *flopsPerByte <= kLargestWorkloadFlopsPerByte) {
        workload.flopsPerByte = *flopsPerByte;
    } else {
        addStateError(problems, intensity != nullptr ? intensity->problemMark() : entry.Mark(),
                      "a workload's flops_per_byte must be a number from 0.001 to 1000000, "
                      "like 1 or 300");
        wellFormed = false;
    }
    if (!wellFormed) return std::nullopt;
    return workload;
}

void readWorkloads(const StateField& field, RooflineState& state,
                   std::vector<StateProblem>& problems) {
    if (!field.value.IsSequence()) {
        addStateError(problems, field.problemMark(),
                      concat("workloads must be a list of workloads, each ", kWorkloadExample));
        return;
    }
    std::vector<RooflineWorkload> workloads;
    bool wellFormed = true;
    for (const YAML::Node& entry : field.value) {
        if (auto workload = readWorkload(entry, problems)) {
            workloads.push_back(*workload);
        } else {
            wellFormed = false;
        }
    }
    if (wellFormed) state.workloads = workloads;
}

void readGpuDevice(const StateField& field, RooflineState& state,
                   std::vector<StateProblem>& problems) {
    state.gpuDevice = readChoiceField("gpu_device", field.value, field.problemMark(),
                                      gpu::builtinDeviceIds(), problems);
}

}  // namespace

std::vector<std::string> defaultRooflineBackends() {
    return {"simd", "threads", "openblas", "cuda-naive", "cuda-tiled", "cuda-regtile", "cublas"};
}

const KindSpec<RooflineState>& rooflineKind() {
    static const KindSpec<RooflineState> spec{
        "roofline",
        "this machine's roofline, measured: the FMA peak and the memory bandwidth, each "
        "matmul backend and a matrix-vector product at its arithmetic intensity",
        "the roofline state must be fields like 'size: 1024', one per line",
        "",
        {
            backendsField(&RooflineState::backends,
                          "`simd`, `threads`, `openblas` and the GPU rungs that can run here",
                          "the matmul backends to place, a list of `matmul-bench`'s names (a "
                          "named one that cannot run here says why in the readout)"),
            wholeNumberField("size", &RooflineState::size, 1, kLargestRooflineSize,
                             "N of the N×N×N products, 1 to 8192"),
            flagField("matvec", &RooflineState::matvec, "also measure the matrix-vector product"),
            customField<RooflineState>("gpu_device", "none",
                                       "also draw a built-in GPU's datasheet roof: `v100`, `t4`, "
                                       "`a100`, `rtx4090`, `h100` or `h200`",
                                       readGpuDevice),
            customField<RooflineState>("workloads", "none",
                                       "vertical markers, each `{name: TEXT, flops_per_byte: "
                                       "NUMBER}` (0.001 to 1000000)",
                                       readWorkloads),
            flagField("auto_run", &RooflineState::autoRun, "measure as soon as the step is shown"),
        },
        nullptr};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(rooflineKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
