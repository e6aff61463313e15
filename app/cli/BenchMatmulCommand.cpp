#include "cli/BenchMatmulCommand.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cli/BenchMatmulOutput.h"
#include "common/Concat.h"
#include "matmul/BackendRegistry.h"
#include "matmul/BenchResultsCsv.h"
#include "matmul/CpuFeatures.h"
#include "matmul/MachineDescription.h"
#include "matmul/MatmulBenchText.h"
#include "matmul/MatmulMemory.h"
#include "matmul/MatmulRunner.h"

namespace mlsyslab::cli {

namespace {

constexpr std::string_view kPrefix = "bench matmul: ";
// The defaults: a size that fits in the caches and one that does not, each rung's best of 5.
constexpr std::string_view kDefaultSizes = "256,1024";
constexpr int kDefaultRepeats = 5;
constexpr int kWarmupRuns = 1;
// More timed runs than this is a typing slip, not a measurement plan.
constexpr int kMostRepeats = 1000;

enum class OutputForm { Text, Json, Csv };

struct BenchOptions {
    matmul::MatmulBenchOptions bench;
    OutputForm form = OutputForm::Text;
};

std::vector<std::string> splitAtCommas(std::string_view text) {
    std::vector<std::string> items;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        items.emplace_back(
            text.substr(start, comma == std::string_view::npos ? comma : comma - start));
        if (comma == std::string_view::npos) return items;
        start = comma + 1;
    }
}

// A whole number, sign allowed; nullopt when `text` is not one. Numbers past 64 bits become
// the largest (or smallest) value, which the range checks then reject with the user's text.
std::optional<std::int64_t> wholeNumber(std::string_view text) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (end != text.data() + text.size() || text.empty()) return std::nullopt;
    if (error == std::errc::result_out_of_range) {
        return text.starts_with('-') ? std::numeric_limits<std::int64_t>::min()
                                     : std::numeric_limits<std::int64_t>::max();
    }
    if (error != std::errc()) return std::nullopt;
    return value;
}

// "2048" (a 2048×2048 times 2048×2048 product) or "512x256x1024" (M x N x K).
std::optional<std::string> readSizes(std::string_view list,
                                     std::vector<matmul::MatmulShape>& shapes) {
    for (const std::string& item : splitAtCommas(list)) {
        if (item.empty()) return concat("--sizes has an empty item in '", list, "'");
        std::string sidesText = item;
        std::replace(sidesText.begin(), sidesText.end(), 'X', 'x');
        std::replace(sidesText.begin(), sidesText.end(), 'x', ',');
        std::vector<std::int64_t> sides;
        for (const std::string& part : splitAtCommas(sidesText)) {
            const auto side = wholeNumber(part);
            if (!side) {
                sides.clear();
                break;
            }
            sides.push_back(*side);
        }
        if (sides.size() != 1 && sides.size() != 3) {
            return concat("--sizes: '", item,
                          "' is not a size: give N for N×N times N×N, or MxNxK for M×K times "
                          "K×N (like 256,1024 or 512x256x1024)");
        }
        const bool tooLarge = std::any_of(sides.begin(), sides.end(), [](std::int64_t side) {
            return side > matmul::kLargestMatmulDimension;
        });
        const bool tooSmall =
            std::any_of(sides.begin(), sides.end(), [](std::int64_t side) { return side < 1; });
        if (tooSmall) return concat("size ", item, ": sizes must be at least 1");
        if (tooLarge) {
            return concat("size ", item, ": sizes must be at most ",
                          std::to_string(matmul::kLargestMatmulDimension));
        }
        shapes.push_back(sides.size() == 1 ? matmul::MatmulShape{sides[0], sides[0], sides[0]}
                                           : matmul::MatmulShape{sides[0], sides[1], sides[2]});
    }
    return std::nullopt;
}

std::optional<std::string> readBackends(std::string_view list, std::vector<std::string>& names) {
    for (const std::string& name : splitAtCommas(list)) {
        if (name.empty()) return concat("--backends has an empty name in '", list, "'");
        names.push_back(name);
    }
    return std::nullopt;
}

// Reads the options; on bad usage prints the one-line error and returns nothing (exit 2).
std::optional<BenchOptions> readOptions(Arguments& arguments, Streams& streams) {
    const auto fail = [&](std::string_view message) {
        usageError(streams, concat(kPrefix, message));
        return std::nullopt;
    };
    BenchOptions options;
    const bool json = arguments.takeFlag("--json");
    const bool csv = arguments.takeFlag("--csv");
    const auto backends = arguments.takeValue("--backends");
    const auto sizes = arguments.takeValue("--sizes");
    const auto threads = arguments.takeValue("--threads");
    const auto repeat = arguments.takeValue("--repeat");
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const bool known = option == "--json" || option == "--csv" || option == "--backends" ||
                           option == "--sizes" || option == "--threads" || option == "--repeat";
        return fail(
            known ? concat(option, " is given more than once")
                  : concat("unknown option '", option, "' (see mlsyslab-cli bench matmul --help)"));
    }
    if (const auto extra = arguments.positional(); !extra.empty()) {
        return fail(concat("unexpected argument '", extra.front(),
                           "': give lists after --backends and --sizes, separated by commas"));
    }
    if (json && csv) return fail("give --json or --csv, not both");
    options.form = json ? OutputForm::Json : csv ? OutputForm::Csv : OutputForm::Text;

    if (backends) {
        if (backends->empty()) return fail("--backends needs a list, like naive,ikj,openblas");
        if (auto problem = readBackends(*backends, options.bench.backends)) return fail(*problem);
    } else {
        for (const std::string_view name : matmul::matmulBackendNames())
            options.bench.backends.emplace_back(name);
    }
    if (sizes && sizes->empty()) return fail("--sizes needs a list, like 256,1024 or 512x256x1024");
    if (auto problem = readSizes(sizes ? *sizes : kDefaultSizes, options.bench.shapes))
        return fail(*problem);
    if (threads) {
        const auto count = wholeNumber(*threads);
        if (!count || *count < 1) {
            return fail(concat("--threads must be a whole number of at least 1, not '", *threads,
                               "' (leave it out for every hardware thread)"));
        }
        options.bench.threads = unsigned(std::min<std::int64_t>(*count, 1 << 30));
    }
    options.bench.repeats = kDefaultRepeats;
    if (repeat) {
        const auto count = wholeNumber(*repeat);
        if (!count || *count < 1 || *count > kMostRepeats) {
            return fail(concat("--repeat must be a whole number from 1 to ",
                               std::to_string(kMostRepeats), ", not '", *repeat, "'"));
        }
        options.bench.repeats = int(*count);
    }
    options.bench.warmupRuns = kWarmupRuns;
    if (auto problem = matmul::checkBenchOptions(options.bench)) return fail(*problem);
    return options;
}

int runBenchMatmul(Arguments& arguments, Streams& streams) {
    const auto options = readOptions(arguments, streams);
    if (!options) return kExitUsage;
    const matmul::MatmulBenchOptions& bench = options->bench;

    // A size that cannot fit is refused before anything runs, with the memory it would need.
    for (const matmul::MatmulShape& shape : bench.shapes) {
        if (const auto refusal = matmul::refuseIfTooLarge(shape, 0)) {
            streams.err << "mlsyslab-cli: " << kPrefix << "size " << matmul::matmulSizeText(shape)
                        << " refused: " << *refusal << '\n';
            return kExitFailed;
        }
    }

    const matmul::MachineDescription machine = matmul::describeMachine(true);
    if (options->form == OutputForm::Text) printBenchMachineText(machine, streams.out);

    // Text prints each size's table as soon as its last backend is done.
    const BenchTableSettings settings{bench.repeats, bench.warmupRuns};
    std::set<std::string> describedBackends;
    std::vector<matmul::MatmulBenchResult> shapeResults;
    matmul::MatmulBenchEvents events;
    events.resultReady = [&](const matmul::MatmulBenchResult& result) {
        if (options->form != OutputForm::Text) return;
        shapeResults.push_back(result);
        if (shapeResults.size() < bench.backends.size()) return;
        printBenchShapeTable(shapeResults, settings, describedBackends, streams.out);
        streams.out.flush();
        shapeResults.clear();
    };
    const std::vector<matmul::MatmulBenchResult> results = matmul::runMatmulBench(bench, events);

    if (options->form == OutputForm::Json) printBenchMatmulJson(machine, results, streams.out);
    if (options->form == OutputForm::Csv) streams.out << matmul::benchResultsCsv(results, &machine);

    // A wrong result, or a size refused on the way, is a failed run: the table says it, and
    // so do the exit status and one line each on stderr.
    int exitCode = kExitOk;
    for (const matmul::MatmulBenchResult& result : results) {
        if (result.status != matmul::BenchStatus::Wrong &&
            result.status != matmul::BenchStatus::Refused)
            continue;
        streams.err << "mlsyslab-cli: " << kPrefix << result.backend << " at size "
                    << matmul::matmulSizeText(result.shape) << ": " << result.statusText() << '\n';
        exitCode = kExitFailed;
    }
    return exitCode;
}

constexpr std::string_view kDetails =
    "Runs real float32 matrix multiplications C = A x B on this machine, rung by rung of\n"
    "the ladder, and checks every result against a float64 reference.\n"
    "\n"
    "Backends (in ladder order; the default is all of them):\n"
    "  naive         the textbook i-j-k loops\n"
    "  ikj           the loops reordered so that the inner one walks rows\n"
    "  blocked       cache blocking: tiles of A, B and C that stay in the caches\n"
    "  simd          blocked, packed, and a register-blocked AVX2 / AVX-512 micro-kernel\n"
    "  threads       simd on every core (--threads)\n"
    "  openblas      OpenBLAS's cblas_sgemm (--threads), with the CPU's own kernels\n"
    "  cuda-naive    one GPU thread per element of C, 16x16 blocks (the lecture's kernel)\n"
    "  cuda-tiled    shared-memory tiles\n"
    "  cuda-regtile  register blocking: each thread computes a patch of C\n"
    "  cublas        cuBLAS's cublasSgemm\n"
    "A backend that cannot run here (no GPU, no OpenBLAS) is listed as 'unavailable: why'.\n"
    "\n"
    "For each size and backend: 1 warm-up run, then --repeat timed runs; the median time,\n"
    "the spread ((slowest - fastest) / median), GFLOPS = 2*M*N*K / median seconds, the\n"
    "speedup over naive (or the first backend measured), and the max relative error\n"
    "max|C - C_ref| / max|C_ref|, held to the float32 rounding bound, which grows with K.\n"
    "GPU times are the kernel's (CUDA events); the copies to and from the GPU are reported\n"
    "apart (upload_s, download_s in --json and --csv).\n"
    "\n"
    "Prints the machine (CPU, cores, SIMD level, measured FMA peak, OpenBLAS's kernels, the\n"
    "GPUs or why there are none), then one table per size.\n"
    "\n"
    "Options:\n"
    "  --backends LIST   backends separated by commas (default: all ten)\n"
    "  --sizes LIST      sizes separated by commas: N for N x N times N x N, or MxNxK for\n"
    "                    M x K times K x N, from 1 to 1048576 (default: 256,1024)\n"
    "  --threads N       threads for threads and openblas (default: every hardware thread)\n"
    "  --repeat R        timed runs per backend and size, 1 to 1000 (default: 5)\n"
    "  --json            one JSON object: machine {cpu, logical_cores, physical_cores, simd,\n"
    "                    fma_peak_gflops_one_thread, fma_peak_gflops_all_threads, openblas,\n"
    "                    gpus, gpu_unavailable_reason}, results [{backend, m, n, k, threads,\n"
    "                    median_s, gflops, max_rel_err, status, min_s, max_s,\n"
    "                    relative_spread, runs, run_s, tolerance, upload_s, download_s,\n"
    "                    detail}]; what was not measured is null\n"
    "  --csv             CSV: the machine as '# ' lines, then backend,m,n,k,threads,status,\n"
    "                    median_s,min_s,max_s,runs,gflops,max_rel_err,tolerance,upload_s,\n"
    "                    download_s,detail\n"
    "\n"
    "Exit status: 0 when every backend that ran was correct (unavailable ones included);\n"
    "1 when a result was wrong, or a size needs more memory than is available (refused before\n"
    "anything runs, with the memory it would need); 2 for bad usage.\n"
    "Times vary from run to run, more on a busy machine.\n"
    "\n"
    "Examples:\n"
    "  bench matmul --backends naive,ikj,blocked --sizes 256,512\n"
    "  bench matmul --backends simd,threads,openblas --sizes 2048 --threads 2 --repeat 3\n"
    "  bench matmul --backends cuda-naive,cublas --sizes 3620 --json\n";

}  // namespace

Command benchMatmulCommand() {
    return {{"bench", "matmul"},
            "[--backends LIST] [--sizes LIST] [--threads N] [--repeat R] [--json | --csv]",
            "Time and check real matmul: naive loops to OpenBLAS, CUDA kernels and cuBLAS.",
            std::string(kDetails),
            runBenchMatmul};
}

}  // namespace mlsyslab::cli
