#include "matmul/lesson/MatmulParallelKind.h"

#include <initializer_list>

#include "lesson/KindFields.h"
#include "matmul/lesson/MatmulParallelFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

const std::vector<std::string> kExampleFieldNames = {"image", "filter", "stride", "padding"};

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
    if (const auto problem = matmul::attentionShapeProblem(inputs)) {
        const bool keysProblem = inputs.keys.columns != inputs.queries.columns;
        addStateError(problems,
                      keysProblem ? markOfFirstGiven(fields, {"k", "q"})
                                  : markOfFirstGiven(fields, {"v", "k", "q"}),
                      *problem);
        return;
    }
    state.attention = std::move(inputs);
}

// The flag that scales the scores is read alone; the matrices are kept only when their shapes
// fit together.
void readScale(const StateField& field, MatmulParallelState& state,
               std::vector<StateProblem>& problems) {
    state.attention.scaled = readBooleanField("scale", field, problems).value_or(true);
}

void readStartStep(const StateField& field, MatmulParallelState& state,
                   std::vector<StateProblem>& problems) {
    const auto step =
        readWholeNumberField("start_step", field, 0, kParallelMostStartStep, problems);
    state.startStep = int(step.value_or(0));
}

// The matmul's, the layer's and the attention's fields are each checked together (shapes that
// multiply, a layer that has an output), so a state keeps a group only when all of it fits.
void readGroups(const StateFields& fields, MatmulParallelState& state,
                std::vector<StateProblem>& problems) {
    readMatmul(fields, state, problems);
    readLayer(fields, state, problems);
    readAttention(fields, state, problems);
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

const KindSpec<MatmulParallelState>& matmulParallelKind() {
    static const KindSpec<MatmulParallelState> spec{
        "matmul-parallel",
        "why tensor operations parallelize: one thread per matmul output, a convolution's "
        "millions of independent outputs, self-attention stepped with its numbers",
        "the matmul-parallel state must be fields like 'view: attention', one per line",
        "",
        {
            choiceField<MatmulParallelState, ParallelView>(
                "view", &MatmulParallelState::view,
                {{"matmul", ParallelView::Matmul},
                 {"conv2d", ParallelView::Conv2d},
                 {"attention", ParallelView::Attention}},
                "the view shown first: `matmul`, `conv2d` or `attention`"),
            choiceField<MatmulParallelState, matmul::ThreadSchedule>(
                "mode", &MatmulParallelState::schedule,
                {{"parallel", matmul::ThreadSchedule::Parallel},
                 {"sequential", matmul::ThreadSchedule::Sequential}},
                "`parallel` (every thread at once) or `sequential` (one multiply-add per step); "
                "matmul and conv2d"),
            ruleField<MatmulParallelState>(
                "a", "`[[1, 2, 3], [4, 5, 6]]`",
                "matmul: A, a matrix of 1 to 6 rows and columns, whole numbers from −99 to 99"),
            ruleField<MatmulParallelState>("b", "`[[1, 0, 2], [0, 1, 1], [1, 1, 0]]`",
                                           "matmul: B, as many rows as A has columns"),
            ruleField<MatmulParallelState>("height", "`224`",
                                           "conv2d layer: the image's height, 1 to 4096 pixels"),
            ruleField<MatmulParallelState>("width", "`224`",
                                           "conv2d layer: the image's width, 1 to 4096 pixels"),
            ruleField<MatmulParallelState>("channels", "`3`",
                                           "conv2d layer: input channels, 1 to 8192"),
            ruleField<MatmulParallelState>("filters", "`64`",
                                           "conv2d layer: filters (output channels), 1 to 8192"),
            ruleField<MatmulParallelState>(
                "kernel", "`3`",
                "conv2d layer: a side (`3`) or a height and width (`[3, 5]`), 1 to 15"),
            ruleField<MatmulParallelState>("stride", "`1`", "conv2d layer: 1 to 8"),
            ruleField<MatmulParallelState>("padding", "`same`",
                                           "conv2d layer: `same` (stride 1 only, as in PyTorch), "
                                           "`valid`, or zeros on every side, 0 to 15"),
            customField<MatmulParallelState>(
                "example", "below",
                "conv2d: the small convolution on screen, fields `image` (1 to 8 rows and "
                "columns), `filter` (1 to 5), `stride` (1 to 4) and `padding` (`same`, `valid` or "
                "0 to 2), whole numbers from −99 to 99",
                readExample),
            ruleField<MatmulParallelState>(
                "q", "`[[1, 0], [0, 1]]`",
                "attention: Q, n × d_k, 1 to 4 rows and columns, numbers from −100 to 100"),
            ruleField<MatmulParallelState>("k", "`[[1, 0], [1, 1]]`",
                                           "attention: K (not Kᵀ), m × d_k: as many columns as Q"),
            ruleField<MatmulParallelState>("v", "`[[1, 2], [3, 4]]`",
                                           "attention: V, m × d_v: one row per key"),
            customField<MatmulParallelState>(
                "scale", "`true`",
                "attention: divide the scores by √d_k; `false` is the slide's computation",
                readScale),
            // Custom rather than a whole-number field only so that its doc line need not name
            // the upper bound, which no lesson comes near.
            customField<MatmulParallelState>("start_step", "`0`",
                                             "the step the first view opens at, counted from 0; "
                                             "past the end of its run, the last one",
                                             readStartStep),
        },
        readGroups};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(matmulParallelKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
