#include "lesson/kinds/MatmulParallelKind.h"

#include <initializer_list>

#include "lesson/kinds/MatmulParallelFields.h"
#include "lesson/kinds/StateFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

const std::vector<std::string> kFieldNames = {
    "view",   "mode",    "a",       "b", "height", "width", "channels", "filters",   "kernel",
    "stride", "padding", "example", "q", "k",      "v",     "scale",    "start_step"};
const std::vector<std::string> kExampleFieldNames = {"image", "filter", "stride", "padding"};
const std::vector<std::string> kViewNames = {"matmul", "conv2d", "attention"};
const std::vector<std::string> kModeNames = {"parallel", "sequential"};

constexpr MatrixLimits kMatmulLimits = {kParallelMatmulMostSide, kParallelMatmulMostSide,
                                        kParallelMatmulLargestEntry, true};
constexpr MatrixLimits kImageLimits = {kConvExampleMostImageSide, kConvExampleMostImageSide,
                                       kParallelMatmulLargestEntry, true};
constexpr MatrixLimits kFilterLimits = {kConvExampleMostFilterSide, kConvExampleMostFilterSide,
                                        kParallelMatmulLargestEntry, true};
constexpr MatrixLimits kAttentionLimits = {kAttentionMostSide, kAttentionMostSide,
                                           kAttentionLargestEntry, false};

// The mark of the first of `names` the lesson gives, for a problem that involves several fields.
YAML::Mark markOfFirstGiven(const StateFields& fields, std::initializer_list<const char*> names) {
    for (const char* name : names) {
        if (const StateField* field = fields.find(name)) return field->problemMark();
    }
    return {};
}

void readMatrix(const StateFields& fields, const char* name, const MatrixLimits& limits,
                matmul::SmallMatrix& matrix, std::vector<StateProblem>& problems) {
    if (const StateField* field = fields.find(name)) {
        if (auto read = readMatrixField(name, *field, limits, problems)) matrix = std::move(*read);
    }
}

void readMatmul(const StateFields& fields, MatmulParallelState& state,
                std::vector<StateProblem>& problems) {
    matmul::SmallMatrix a = state.a;
    matmul::SmallMatrix b = state.b;
    readMatrix(fields, "a", kMatmulLimits, a, problems);
    readMatrix(fields, "b", kMatmulLimits, b, problems);
    if (const auto problem = matmul::matmulShapeProblem(a, b)) {
        addStateError(problems, markOfFirstGiven(fields, {"b", "a"}), *problem);
        return;
    }
    state.a = std::move(a);
    state.b = std::move(b);
}

void readWholeNumber(const StateFields& fields, const char* name, int most, auto& target,
                     std::vector<StateProblem>& problems) {
    if (const StateField* field = fields.find(name)) {
        if (const auto number =
                readWholeNumberField(name, *field, 1, std::uint64_t(most), problems)) {
            target = static_cast<std::remove_reference_t<decltype(target)>>(*number);
        }
    }
}

void readLayer(const StateFields& fields, MatmulParallelState& state,
               std::vector<StateProblem>& problems) {
    matmul::Conv2dLayer layer = state.layer;
    readWholeNumber(fields, "height", kConvLayerMostSide, layer.height, problems);
    readWholeNumber(fields, "width", kConvLayerMostSide, layer.width, problems);
    readWholeNumber(fields, "channels", kConvLayerMostChannels, layer.channels, problems);
    readWholeNumber(fields, "filters", kConvLayerMostChannels, layer.filters, problems);
    readWholeNumber(fields, "stride", kConvLayerMostStride, layer.stride, problems);
    if (const StateField* field = fields.find("kernel")) {
        if (const auto kernel = readKernelField("kernel", *field, kConvLayerMostKernel, problems)) {
            layer.kernelHeight = kernel->height;
            layer.kernelWidth = kernel->width;
        }
    }
    if (const StateField* field = fields.find("padding")) {
        if (const auto padding =
                readPaddingField("padding", *field, kConvLayerMostKernel, problems)) {
            layer.padding = *padding;
        }
    }
    const auto counts = matmul::countConv2d(layer);
    if (!counts) {
        const bool strided = layer.padding.same && layer.stride != 1;
        addStateError(
            problems,
            strided ? markOfFirstGiven(fields, {"padding", "stride"})
                    : markOfFirstGiven(fields, {"kernel", "height", "width", "padding", "stride"}),
            counts.error());
        return;
    }
    state.layer = layer;
}

void readExample(const StateField& field, MatmulParallelState& state,
                 std::vector<StateProblem>& problems) {
    if (!field.value.IsMap()) {
        addStateError(problems, field.problemMark(),
                      "example must be fields like 'image: [[1, 2], [3, 4]]', one per line "
                      "(image, filter, stride and padding)");
        return;
    }
    const StateFields fields =
        collectStateFields(field.value, "matmul-parallel example", kExampleFieldNames, problems);
    matmul::Conv2dExample example = state.example;
    readMatrix(fields, "image", kImageLimits, example.image, problems);
    readMatrix(fields, "filter", kFilterLimits, example.filter, problems);
    readWholeNumber(fields, "stride", kConvExampleMostStride, example.stride, problems);
    if (const StateField* padding = fields.find("padding")) {
        if (const auto read =
                readPaddingField("padding", *padding, kConvExampleMostPadding, problems)) {
            example.padding = *read;
        }
    }
    const auto geometry = matmul::conv2dExampleGeometry(example);
    if (!geometry) {
        YAML::Mark mark = markOfFirstGiven(fields, {"filter", "image", "padding", "stride"});
        if (fields.byName.empty()) mark = field.problemMark();
        addStateError(problems, mark, concat("example: ", geometry.error()));
        return;
    }
    state.example = std::move(example);
}

void readAttention(const StateFields& fields, MatmulParallelState& state,
                   std::vector<StateProblem>& problems) {
    matmul::AttentionInputs inputs = state.attention;
    readMatrix(fields, "q", kAttentionLimits, inputs.queries, problems);
    readMatrix(fields, "k", kAttentionLimits, inputs.keys, problems);
    readMatrix(fields, "v", kAttentionLimits, inputs.values, problems);
    if (const StateField* field = fields.find("scale")) {
        inputs.scaled = readBooleanField("scale", *field, problems).value_or(true);
    }
    if (const auto problem = matmul::attentionShapeProblem(inputs)) {
        const bool keysProblem = inputs.keys.columns != inputs.queries.columns;
        addStateError(problems,
                      keysProblem ? markOfFirstGiven(fields, {"k", "q"})
                                  : markOfFirstGiven(fields, {"v", "k", "q"}),
                      *problem);
        state.attention.scaled = inputs.scaled;
        return;
    }
    state.attention = std::move(inputs);
}

void readFields(const YAML::Node& node, MatmulParallelStateReading& reading) {
    auto& problems = reading.problems;
    const StateFields fields = collectStateFields(node, "matmul-parallel", kFieldNames, problems);
    MatmulParallelState& state = reading.state;
    if (const StateField* field = fields.find("view")) {
        if (const auto name =
                readChoiceField("view", field->value, field->problemMark(), kViewNames, problems)) {
            state.view = *name == "conv2d"      ? ParallelView::Conv2d
                         : *name == "attention" ? ParallelView::Attention
                                                : ParallelView::Matmul;
        }
    }
    if (const StateField* field = fields.find("mode")) {
        if (const auto name =
                readChoiceField("mode", field->value, field->problemMark(), kModeNames, problems)) {
            state.schedule = *name == "sequential" ? matmul::ThreadSchedule::Sequential
                                                   : matmul::ThreadSchedule::Parallel;
        }
    }
    readMatmul(fields, state, problems);
    readLayer(fields, state, problems);
    if (const StateField* field = fields.find("example")) readExample(*field, state, problems);
    readAttention(fields, state, problems);
    if (const StateField* field = fields.find("start_step")) {
        const auto step =
            readWholeNumberField("start_step", *field, 0, kParallelMostStartStep, problems);
        state.startStep = int(step.value_or(0));
    }
}

}  // namespace

std::string_view parallelViewName(ParallelView view) {
    switch (view) {
        case ParallelView::Conv2d:
            return "conv2d";
        case ParallelView::Attention:
            return "attention";
        case ParallelView::Matmul:
            break;
    }
    return "matmul";
}

MatmulParallelStateReading readMatmulParallelState(const YAML::Node& state) {
    return readStateMap<MatmulParallelStateReading>(
        state, "the matmul-parallel state must be fields like 'view: attention', one per line",
        readFields);
}

SimKind matmulParallelKind() {
    return {"matmul-parallel",
            "why tensor operations parallelize: one thread per matmul output, a convolution's "
            "millions of independent outputs, self-attention stepped with its numbers",
            [](const YAML::Node& state) { return readMatmulParallelState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
