#include "matmul/lesson/MatmulParallelKind.h"

#include <initializer_list>

#include "matmul/lesson/MatmulParallelFields.h"
#include "lesson/KindFields.h"

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

void readFields(const StateFields& fields, MatmulParallelState& state, std::vector<StateProblem>& problems) {
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

const KindSpec<MatmulParallelState>& matmulParallelKind() {
    static const KindSpec<MatmulParallelState> spec{
        "matmul-parallel",
        "why tensor operations parallelize: one thread per matmul output, a convolution's "
            "millions of independent outputs, self-attention stepped with its numbers",
        "the matmul-parallel state must be fields like 'view: attention', one per line",
        "",
        {
            ruleField<MatmulParallelState>("view", "`matmul`",
                                "the view shown first: `matmul`, `conv2d` or `attention`"),
            ruleField<MatmulParallelState>("mode", "`parallel`",
                                "`parallel` (every thread at once) or `sequential` (one multiply-add per step); matmul and conv2d"),
            ruleField<MatmulParallelState>("a", "`[[1, 2, 3], [4, 5, 6]]`",
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
            ruleField<MatmulParallelState>("kernel", "`3`",
                                "conv2d layer: a side (`3`) or a height and width (`[3, 5]`), 1 to 15"),
            ruleField<MatmulParallelState>("stride", "`1`",
                                "conv2d layer: 1 to 8"),
            ruleField<MatmulParallelState>("padding", "`same`",
                                "conv2d layer: `same` (stride 1 only, as in PyTorch), `valid`, or zeros on every side, 0 to 15"),
            ruleField<MatmulParallelState>("example", "below",
                                "conv2d: the small convolution on screen, fields `image` (1 to 8 rows and columns), `filter` (1 to 5), `stride` (1 to 4) and `padding` (`same`, `valid` or 0 to 2), whole numbers from −99 to 99"),
            ruleField<MatmulParallelState>("q", "`[[1, 0], [0, 1]]`",
                                "attention: Q, n × d_k, 1 to 4 rows and columns, numbers from −100 to 100"),
            ruleField<MatmulParallelState>("k", "`[[1, 0], [1, 1]]`",
                                "attention: K (not Kᵀ), m × d_k: as many columns as Q"),
            ruleField<MatmulParallelState>("v", "`[[1, 2], [3, 4]]`",
                                "attention: V, m × d_v: one row per key"),
            ruleField<MatmulParallelState>("scale", "`true`",
                                "attention: divide the scores by √d_k; `false` is the slide's computation"),
            ruleField<MatmulParallelState>("start_step", "`0`",
                                "the step the first view opens at, counted from 0; past the end of its run, the last one"),
        },
        readFields};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(matmulParallelKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
