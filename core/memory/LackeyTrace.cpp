#include "memory/LackeyTrace.h"

#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string_view>

#include "common/Concat.h"

namespace mlsyslab::memory {

namespace {

// No real access is larger: AVX-512 moves 64 bytes, and valgrind splits larger copies. A
// bound keeps a typo (a size of 4000000000) from becoming a four-gigabyte access.
constexpr std::uint64_t kMaxAccessBytes = std::uint64_t{1} << 20;
constexpr int kMaxAddressDigits = 16;  // 64 bits

bool isBlank(char character) { return character == ' ' || character == '\t'; }

int hexValue(char character) {
    if (character >= '0' && character <= '9') return character - '0';
    if (character >= 'a' && character <= 'f') return character - 'a' + 10;
    if (character >= 'A' && character <= 'F') return character - 'A' + 10;
    return -1;
}

bool isDecimalDigit(char character) { return character >= '0' && character <= '9'; }

// The problem's text, quoted for a message: the first word, at most 20 characters.
std::string quotedWord(std::string_view text) {
    std::size_t end = 0;
    while (end < text.size() && !isBlank(text[end]) && end < 20) ++end;
    return concat("'", text.substr(0, end), "'");
}

// One line of a trace, read left to right. `position` is 0-based; problems report it 1-based.
class LineReader {
public:
    LineReader(std::string_view text, std::size_t lineNumber)
        : text_(text), lineNumber_(lineNumber) {}

    // What the line says: nothing (blank or a valgrind banner), an access, or a problem.
    struct Outcome {
        std::optional<TraceProblem> problem;
        bool isAccess = false;
        char kind = 'L';
        std::uint64_t address = 0;
        std::uint32_t sizeBytes = 0;
    };

    Outcome read() {
        Outcome outcome;
        skipBlanks();
        if (atEnd() || rest().starts_with("==")) return outcome;
        outcome.problem = readAccess(outcome);
        outcome.isAccess = !outcome.problem;
        return outcome;
    }

private:
    std::optional<TraceProblem> readAccess(Outcome& outcome) {
        const std::size_t kindColumn = position_;
        const char kind = text_[position_];
        const bool knownKind = kind == 'I' || kind == 'L' || kind == 'S' || kind == 'M';
        if (!knownKind) {
            return problemAt(kindColumn, concat("expected an access kind (I, L, S or M), got ",
                                                quotedWord(rest())));
        }
        ++position_;
        if (!atEnd() && !isBlank(text_[position_])) {
            if (hexValue(text_[position_]) >= 0) {
                return problemHere(concat("expected a space between '", std::string(1, kind),
                                          "' and the address"));
            }
            return problemAt(kindColumn, concat("expected an access kind (I, L, S or M), got ",
                                                quotedWord(text_.substr(kindColumn))));
        }
        outcome.kind = kind;
        skipBlanks();
        const auto address = readAddress(kind);
        if (!address) return problem_;
        outcome.address = *address;
        skipBlanks();
        if (atEnd() || text_[position_] != ',') {
            return problemHere("expected ',' and a size after the address");
        }
        ++position_;
        skipBlanks();
        const std::size_t sizeColumn = position_;
        const auto size = readSize();
        if (!size) return problem_;
        outcome.sizeBytes = *size;
        if (outcome.address + (*size - 1) < outcome.address) {
            return problemAt(sizeColumn,
                             "the access runs past the end of the 64-bit address space");
        }
        skipBlanks();
        if (!atEnd())
            return problemHere(concat("unexpected text after the size: ", quotedWord(rest())));
        return std::nullopt;
    }

    // Hex digits, with or without 0x; leading zeros are fine (Lackey pads to 8 digits).
    std::optional<std::uint64_t> readAddress(char kind) {
        const std::size_t start = position_;
        if (rest().starts_with("0x") || rest().starts_with("0X")) position_ += 2;
        std::uint64_t address = 0;
        int significantDigits = 0;
        const std::size_t digitsStart = position_;
        while (!atEnd() && hexValue(text_[position_]) >= 0) {
            const int digit = hexValue(text_[position_]);
            if (significantDigits > 0 || digit != 0) ++significantDigits;
            if (significantDigits > kMaxAddressDigits) {
                problem_ = problemAt(start, "the address does not fit in 64 bits");
                return std::nullopt;
            }
            address = address * 16 + static_cast<std::uint64_t>(digit);
            ++position_;
        }
        if (position_ == digitsStart) {
            problem_ = problemAt(
                digitsStart, concat("expected a hex address after '", std::string(1, kind), "'"));
            return std::nullopt;
        }
        return address;
    }

    std::optional<std::uint32_t> readSize() {
        const std::size_t start = position_;
        std::uint64_t size = 0;
        while (!atEnd() && isDecimalDigit(text_[position_])) {
            size = size * 10 + static_cast<std::uint64_t>(text_[position_] - '0');
            if (size > kMaxAccessBytes) size = kMaxAccessBytes + 1;  // stays out of range
            ++position_;
        }
        const bool endsWell = atEnd() || isBlank(text_[position_]);
        if (position_ == start || !endsWell || size == 0 || size > kMaxAccessBytes) {
            problem_ = problemAt(start, "size must be a decimal number from 1 to 1048576 bytes");
            return std::nullopt;
        }
        return static_cast<std::uint32_t>(size);
    }

    TraceProblem problemAt(std::size_t position, std::string message) const {
        return {lineNumber_, position + 1, std::move(message)};
    }
    TraceProblem problemHere(std::string message) const {
        return problemAt(position_, std::move(message));
    }

    bool atEnd() const { return position_ >= text_.size(); }
    std::string_view rest() const { return text_.substr(position_); }
    void skipBlanks() {
        while (!atEnd() && isBlank(text_[position_])) ++position_;
    }

    std::string_view text_;
    std::size_t lineNumber_;
    std::size_t position_ = 0;
    std::optional<TraceProblem> problem_;
};

// A gzip file (or, transparently, a plain one) as a stream buffer, so that both read through
// readLackeyTrace. A decompression error ends the stream and is kept for the caller.
class GzipStreamBuffer : public std::streambuf {
public:
    explicit GzipStreamBuffer(gzFile file) : file_(file) {}
    ~GzipStreamBuffer() override { gzclose(file_); }
    GzipStreamBuffer(const GzipStreamBuffer&) = delete;
    GzipStreamBuffer& operator=(const GzipStreamBuffer&) = delete;

    const std::string& error() const { return error_; }

protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        const int count = gzread(file_, buffer_, sizeof buffer_);
        if (count <= 0) {
            // A gzip stream cut short ends like a complete one (count 0), with Z_BUF_ERROR
            // ("unexpected end of file") left behind; other errors return -1.
            int code = Z_OK;
            const char* message = gzerror(file_, &code);
            if (code != Z_OK)
                error_ = code == Z_ERRNO ? std::strerror(errno) : withoutPath(message);
            return traits_type::eof();
        }
        setg(buffer_, buffer_, buffer_ + count);
        return traits_type::to_int_type(*gptr());
    }

private:
    // zlib's message is "PATH: what" (or "<fd:N>: what"); the caller names the file itself.
    static std::string withoutPath(std::string_view message) {
        const std::size_t separator = message.rfind(": ");
        return std::string(separator == std::string_view::npos ? message
                                                               : message.substr(separator + 2));
    }

    gzFile file_;
    char buffer_[1 << 16];
    std::string error_;
};

// zlib reads a plain file as it is and decompresses one that starts with gzip's magic bytes
// (1f 8b, RFC 1952 §2.3.1); gzdirect says which it found, so that a read error in compressed
// data is reported as corrupt gzip rather than as an unreadable file.
Result<TraceReading> readGzipOrPlain(gzFile file, const std::string& name,
                                     const TraceReadOptions& options) {
    if (file == nullptr) {
        const std::string reason = errno != 0 ? std::strerror(errno) : "out of memory";
        return Result<TraceReading>::failure(concat("cannot read '", name, "': ", reason));
    }
    GzipStreamBuffer buffer(file);
    std::istream stream(&buffer);
    TraceReading reading = readLackeyTrace(stream, options);
    if (!buffer.error().empty()) {
        const std::string what =
            gzdirect(file) == 0 ? "is not a valid gzip file" : "cannot be read";
        return Result<TraceReading>::failure(concat("'", name, "' ", what, ": ", buffer.error()));
    }
    return reading;
}

}  // namespace

TraceReading readLackeyTrace(std::istream& input, const TraceReadOptions& options) {
    TraceReading reading;
    std::string line;
    std::size_t lineNumber = 0;
    while (std::getline(input, line)) {
        ++lineNumber;
        std::string_view text = line;
        if (text.ends_with('\r')) text.remove_suffix(1);  // a trace saved with CRLF line ends
        const LineReader::Outcome outcome = LineReader(text, lineNumber).read();
        if (outcome.problem) {
            reading.problems.push_back(*outcome.problem);
            if (!options.skipMalformedLines) break;
            continue;
        }
        if (!outcome.isAccess) continue;
        const MemoryAccess access{AccessKind::Load, outcome.address, outcome.sizeBytes};
        switch (outcome.kind) {
            case 'I':
                if (options.includeInstructions) reading.accesses.push_back(access);
                break;
            case 'L':
                reading.accesses.push_back(access);
                break;
            case 'S':
                reading.accesses.push_back({AccessKind::Store, access.address, access.sizeBytes});
                break;
            case 'M':
                reading.accesses.push_back(access);
                reading.accesses.push_back({AccessKind::Store, access.address, access.sizeBytes});
                break;
            default:
                break;
        }
    }
    return reading;
}

Result<TraceReading> readLackeyTraceFile(const std::string& path, const TraceReadOptions& options) {
    // A directory opens like a file on Linux and then fails to read: refuse it by name.
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored)) {
        return Result<TraceReading>::failure(concat("cannot read '", path, "': it is a directory"));
    }
    errno = 0;
    return readGzipOrPlain(gzopen(path.c_str(), "rb"), path, options);
}

Result<TraceReading> readLackeyTraceStandardInput(const TraceReadOptions& options) {
    // zlib closes the descriptor it is given: give it a copy, so standard input stays open.
    errno = 0;
    const int descriptor = dup(0);
    if (descriptor < 0) {
        return Result<TraceReading>::failure(
            concat("cannot read '<stdin>': ", std::strerror(errno)));
    }
    gzFile file = gzdopen(descriptor, "rb");
    if (file == nullptr) close(descriptor);
    return readGzipOrPlain(file, "<stdin>", options);
}

std::string formatTraceProblem(const std::string& sourceName, const TraceProblem& problem) {
    return concat(sourceName, ":", std::to_string(problem.line), ":",
                  std::to_string(problem.column), ": error: ", problem.message);
}

std::string writeLackeyTrace(const std::vector<MemoryAccess>& accesses) {
    std::string text;
    text.reserve(accesses.size() * 16);
    char line[48];
    for (const MemoryAccess& access : accesses) {
        const int length = std::snprintf(
            line, sizeof line, " %c %llx,%u\n", access.kind == AccessKind::Store ? 'S' : 'L',
            static_cast<unsigned long long>(access.address), access.sizeBytes);
        text.append(line, static_cast<std::size_t>(length));
    }
    return text;
}

}  // namespace mlsyslab::memory
