// Byte streams (memory, plain, gzip, xz) and the line reader over them: line
// endings, the 128 KiB read chunk, over-long lines, and damaged compressed files.
#include "sync/input.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <lzma.h>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <zlib.h>

#include "gpq/error.h"

#include "support/temp_dir.h"

namespace gpq::sync {
namespace {

constexpr std::size_t kChunk = 128 * 1024;  // LineReader's read size (input.cc)
constexpr std::size_t kMax = LineReader::kMaxLineBytes;

struct ReadLine {
  std::string text;
  bool truncated;
};

std::vector<ReadLine> read_lines(std::string bytes) {
  const auto in = open_bytes(std::move(bytes));
  LineReader lines(*in);
  std::vector<ReadLine> out;
  std::string_view line;
  while (lines.next(line)) {
    out.push_back({std::string(line), lines.truncated()});
    EXPECT_EQ(lines.line_number(), out.size());
  }
  EXPECT_FALSE(lines.next(line)) << "end is sticky";
  return out;
}

std::string read_all(ByteStream& in, std::size_t capacity = 10'000) {
  std::string out;
  std::string buffer(capacity, '\0');
  for (;;) {
    const std::size_t got = in.read(buffer.data(), buffer.size());
    if (got == 0) {
      return out;
    }
    out.append(buffer.data(), got);
  }
}

std::string excerpt(const std::vector<ReadLine>& lines) {
  std::string text;
  for (const ReadLine& line : lines) {
    text += line.text.size() > 20 ? "<" + std::to_string(line.text.size()) + " bytes>"
                                  : "'" + line.text + "'";
    text += line.truncated ? "(cut) " : " ";
  }
  return text;
}

TEST(LineReaderTest, EndingsBlankLinesAndTheLastLine) {
  const struct {
    const char* name;
    std::string text;
    std::vector<std::string> lines;
  } rows[] = {
      {"empty", "", {}},
      {"one newline", "\n", {""}},
      {"LF", "a\nb\n", {"a", "b"}},
      {"CRLF", "a\r\nb\r\n", {"a", "b"}},
      {"mixed", "a\r\nb\nc\r\n", {"a", "b", "c"}},
      {"no final newline", "a\nb", {"a", "b"}},
      {"CR at the very end", "a\r\nb\r", {"a", "b"}},
      {"blank lines kept", "a\n\n\r\nb\n", {"a", "", "", "b"}},
      {"only one CR is a terminator", "a\r\r\n", {"a\r"}},
      {"CR inside a line stays", "a\rb\n", {"a\rb"}},
      {"byte order mark dropped",
       "\xEF\xBB\xBF"
       "a\r\nb\n",
       {"a", "b"}},
      {"and at the start of a joined file",
       "a\n\xEF\xBB\xBF"
       "b\n",
       {"a", "b"}},
      {"but not inside a line",
       "a\xEF\xBB\xBF"
       "b\n",
       {"a\xEF\xBB\xBF"
        "b"}},
  };
  for (const auto& row : rows) {
    const std::vector<ReadLine> lines = read_lines(row.text);
    std::vector<std::string> texts;
    for (const ReadLine& line : lines) {
      texts.push_back(line.text);
      EXPECT_FALSE(line.truncated) << row.name;
    }
    EXPECT_EQ(texts, row.lines) << row.name;
  }
}

TEST(LineReaderTest, LinesAcrossTheChunkBoundary) {
  // Lines placed so that the newline, a CR, or the CR/LF pair straddle the 128 KiB read.
  const struct {
    const char* name;
    std::size_t first;  // length of the first line
    const char* ending;
  } rows[] = {
      {"newline is the chunk's last byte", kChunk - 1, "\n"},
      {"newline is the next chunk's first byte", kChunk, "\n"},
      {"CR ends the chunk, LF starts the next", kChunk - 1, "\r\n"},
      {"CRLF just after the boundary", kChunk, "\r\n"},
      {"two chunks and a bit", 2 * kChunk + 17, "\r\n"},
      {"exactly the limit", kMax, "\n"},
      {"exactly the limit with CRLF", kMax, "\r\n"},
  };
  for (const auto& row : rows) {
    std::string first(row.first, 'x');
    first[0] = 'A';
    first.back() = 'Z';
    const std::vector<ReadLine> lines =
        read_lines(first + row.ending + "second" + row.ending + "third");
    ASSERT_EQ(lines.size(), 3U) << row.name << ": " << excerpt(lines);
    EXPECT_EQ(lines[0].text.size(), row.first) << row.name;
    EXPECT_TRUE(lines[0].text == first) << row.name;
    EXPECT_FALSE(lines[0].truncated) << row.name;
    EXPECT_EQ(lines[1].text, "second") << row.name;
    EXPECT_EQ(lines[2].text, "third") << row.name;
  }
}

TEST(LineReaderTest, OverlongLinesAreCutAndTheRestDropped) {
  const struct {
    const char* name;
    std::size_t length;
    const char* ending;
  } rows[] = {
      {"one byte over", kMax + 1, "\n"},
      {"a few bytes over, newline in the same chunk", kMax + 5, "\r\n"},
      {"just under a chunk over", kMax + kChunk - 10, "\n"},
      {"3 MiB", 3 << 20, "\n"},
      {"3 MiB with CRLF", 3 << 20, "\r\n"},
      {"3 MiB at the end", 3 << 20, ""},
  };
  for (const auto& row : rows) {
    std::string text = "before\n";
    text += 'A';
    text += std::string(row.length - 1, 'y');
    text += row.ending;
    if (*row.ending != '\0') {
      text += "after\r\n";
    }
    const std::vector<ReadLine> lines = read_lines(text);
    ASSERT_EQ(lines.size(), *row.ending != '\0' ? 3U : 2U) << row.name << ": " << excerpt(lines);
    EXPECT_EQ(lines[0].text, "before") << row.name;
    EXPECT_FALSE(lines[0].truncated) << row.name;
    EXPECT_EQ(lines[1].text.size(), kMax) << row.name;
    EXPECT_EQ(lines[1].text.front(), 'A') << row.name;
    EXPECT_EQ(lines[1].text.find_first_not_of('y', 1), std::string::npos) << row.name;
    EXPECT_TRUE(lines[1].truncated) << row.name;
    if (lines.size() == 3) {
      EXPECT_EQ(lines[2].text, "after") << row.name;
      EXPECT_FALSE(lines[2].truncated) << row.name << ": the flag is per line";
    }
  }
}

TEST(ByteStreamTest, MemoryStreamCopiesAndCounts) {
  std::string bytes = "hello, world";
  const auto in = open_bytes(bytes);
  bytes.assign("changed");  // open_bytes copied
  std::string buffer(5, '\0');
  EXPECT_EQ(in->read(buffer.data(), buffer.size()), 5U);
  EXPECT_EQ(buffer, "hello");
  EXPECT_EQ(in->bytes_consumed(), 5U);
  EXPECT_EQ(read_all(*in), ", world");
  EXPECT_EQ(in->bytes_consumed(), 12U);
  EXPECT_EQ(in->read(buffer.data(), buffer.size()), 0U);
}

// Writers for the compressed files the tests read back.
void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_gzip(const std::filesystem::path& path, const std::string& bytes,
                const char* mode = "wb") {
  gzFile file = gzopen(path.c_str(), mode);
  ASSERT_NE(file, nullptr);
  ASSERT_EQ(gzwrite(file, bytes.data(), static_cast<unsigned>(bytes.size())),
            static_cast<int>(bytes.size()));
  ASSERT_EQ(gzclose(file), Z_OK);
}

std::string xz_bytes(const std::string& bytes) {
  std::string out(lzma_stream_buffer_bound(bytes.size()), '\0');
  std::size_t used = 0;
  const lzma_ret status = lzma_easy_buffer_encode(
      1, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const std::uint8_t*>(bytes.data()),
      bytes.size(), reinterpret_cast<std::uint8_t*>(out.data()), &used, out.size());
  EXPECT_EQ(status, LZMA_OK);
  out.resize(used);
  return out;
}

// Text that compresses but not to nothing: numbered TLE-like lines, a few MiB.
std::string sample_text(std::size_t lines) {
  std::string text;
  for (std::size_t i = 0; i < lines; ++i) {
    text += "1 " + std::to_string(10000 + i % 90000) + "U 98067A   26143.80969095  .00007235  " +
            std::to_string(i * 7919 % 100000) + "-3 0  999" + std::to_string(i % 10) + "\r\n";
  }
  return text;
}

TEST(ByteStreamTest, OpenFileDecompressesByContentNotByName) {
  test::TempDir dir;
  const std::string text = sample_text(40'000);  // ~2.7 MB: many chunks of every reader
  const std::string xz = xz_bytes(text);
  const struct {
    const char* name;
    const char* file;
    std::string bytes;  // empty: written with gzwrite
  } rows[] = {
      {"plain", "plain.txt", text},
      {"gzip", "data.3le.gz", ""},
      {"gzip without the suffix", "gzip.txt", ""},
      {"xz", "data.3le.xz", xz},
      {"xz without the suffix", "xz.csv", xz},
      {"plain with a .gz name", "fake.gz", text},
      {"plain with an .xz name", "fake.xz", text},
  };
  for (const auto& row : rows) {
    const std::filesystem::path path = dir.path() / row.file;
    if (row.bytes.empty()) {
      write_gzip(path, text);
    } else {
      write_file(path, row.bytes);
    }
    const auto in = open_file(path);
    EXPECT_TRUE(read_all(*in) == text) << row.name;
    const std::uint64_t size = std::filesystem::file_size(path);
    EXPECT_GT(in->bytes_consumed(), 0U) << row.name;
    EXPECT_LE(in->bytes_consumed(), size) << row.name;
  }
}

TEST(ByteStreamTest, ConcatenatedMembersAndStreamsReadAsOne) {
  test::TempDir dir;
  const std::filesystem::path gz = dir.path() / "two.gz";
  write_gzip(gz, "first\n");
  write_gzip(gz, "second\n", "ab");  // `cat a.gz b.gz` is one valid gzip file
  EXPECT_EQ(read_all(*open_file(gz)), "first\nsecond\n");

  const std::filesystem::path xz = dir.path() / "two.xz";
  write_file(xz, xz_bytes("first\n") + xz_bytes("second\n"));
  EXPECT_EQ(read_all(*open_file(xz)), "first\nsecond\n");
}

TEST(ByteStreamTest, EmptyFilesReadAsEmpty) {
  test::TempDir dir;
  const struct {
    const char* name;
    const char* file;
  } rows[] = {{"plain", "empty.txt"}, {"gzip", "empty.gz"}, {"xz", "empty.xz"}};
  for (const auto& row : rows) {
    const std::filesystem::path path = dir.path() / row.file;
    if (std::string_view(row.name) == "gzip") {
      write_gzip(path, "");
    } else {
      write_file(path, std::string_view(row.name) == "xz" ? xz_bytes("") : "");
    }
    const auto in = open_file(path);
    EXPECT_EQ(read_all(*in), "") << row.name;
  }
}

TEST(ByteStreamTest, LineReaderOverACompressedFile) {
  test::TempDir dir;
  const std::string text = sample_text(30'000);
  const std::filesystem::path path = dir.path() / "lines.xz";
  write_file(path, xz_bytes(text));
  const auto in = open_file(path);
  LineReader lines(*in);
  std::string_view line;
  std::size_t offset = 0;  // where the expected line starts in `text`
  while (lines.next(line)) {
    const std::size_t end = text.find("\r\n", offset);
    ASSERT_NE(end, std::string::npos) << lines.line_number();
    ASSERT_EQ(line, std::string_view(text).substr(offset, end - offset)) << lines.line_number();
    offset = end + 2;
  }
  EXPECT_EQ(lines.line_number(), 30'000U);
  EXPECT_EQ(offset, text.size());
}

// Returns `bytes` with the byte at `at` (negative: from the end) inverted.
std::string flipped(std::string bytes, std::ptrdiff_t at) {
  const std::size_t index =
      at >= 0 ? static_cast<std::size_t>(at) : bytes.size() - static_cast<std::size_t>(-at);
  bytes[index] = static_cast<char>(~static_cast<unsigned char>(bytes[index]));
  return bytes;
}

TEST(ByteStreamTest, DamagedCompressedFilesThrowBadRequestFromRead) {
  test::TempDir dir;
  const std::string text = sample_text(20'000);
  const std::filesystem::path good_gz = dir.path() / "good.gz";
  write_gzip(good_gz, text);
  const std::string gz = read_file(good_gz);
  const std::string xz = xz_bytes(text);
  const struct {
    const char* name;
    const char* file;
    std::string bytes;
  } rows[] = {
      {"gzip cut in half", "half.gz", gz.substr(0, gz.size() / 2)},
      {"gzip without its trailer", "notrailer.gz", gz.substr(0, gz.size() - 8)},
      {"gzip with a bad CRC", "crc.gz", flipped(gz, -6)},
      {"gzip with damaged data", "data.gz", flipped(flipped(gz, 200), 201)},
      {"gzip header only", "header.gz", gz.substr(0, 10)},
      {"xz cut in half", "half.xz", xz.substr(0, xz.size() / 2)},
      {"xz without its footer", "nofooter.xz", xz.substr(0, xz.size() - 12)},
      {"xz with damaged data", "data.xz", flipped(xz, 100)},
      {"xz magic only", "magic.xz", xz.substr(0, 6)},
  };
  for (const auto& row : rows) {
    const std::filesystem::path path = dir.path() / row.file;
    write_file(path, row.bytes);
    std::unique_ptr<ByteStream> in;
    ASSERT_NO_THROW(in = open_file(path)) << row.name << ": damage shows only when read";
    try {
      read_all(*in);
      ADD_FAILURE() << row.name << ": read everything without an error";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), Errc::bad_request) << row.name << ": " << e.what();
      const std::string message = e.what();
      EXPECT_TRUE(message.starts_with(path.string() + ": ")) << row.name << ": " << message;
      EXPECT_EQ(message.find(path.string(), 1), std::string::npos)
          << row.name << ": the file is named once: " << message;
    }
  }
}

TEST(ByteStreamTest, MissingFilesAndDirectoriesAreBadRequests) {
  test::TempDir dir;
  const struct {
    const char* name;
    std::filesystem::path path;
    const char* message_part;
  } rows[] = {
      {"missing", dir.path() / "nope.3le", "cannot open"},
      {"directory", dir.path(), "is a directory"},
  };
  for (const auto& row : rows) {
    try {
      open_file(row.path);
      ADD_FAILURE() << row.name << ": opened";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), Errc::bad_request) << row.name;
      EXPECT_NE(std::string(e.what()).find(row.message_part), std::string::npos)
          << row.name << ": " << e.what();
      EXPECT_NE(std::string(e.what()).find(row.path.string()), std::string::npos)
          << row.name << ": " << e.what();
    }
  }
}

}  // namespace
}  // namespace gpq::sync

namespace gpq::sync {
namespace {

// An xz file whose block header asks for a 4 GiB dictionary (the byte after the LZMA2 filter
// id and its properties size, with the header's CRC32 made right again).
std::string xz_claiming_a_huge_dictionary(const std::string& bytes) {
  std::string xz = xz_bytes(bytes);
  const std::size_t header = 12;  // after the stream header
  const std::size_t header_size = (static_cast<unsigned char>(xz[header]) + 1U) * 4U;
  const std::size_t filter = xz.find("\x21\x01", header);
  EXPECT_LT(filter, header + header_size);
  xz[filter + 2] = 40;  // dictionary size code 40: 4 GiB - 1
  const std::uint32_t crc =
      lzma_crc32(reinterpret_cast<const std::uint8_t*>(xz.data() + header), header_size - 4, 0);
  for (int i = 0; i < 4; ++i) {
    xz[header + header_size - 4 + static_cast<std::size_t>(i)] =
        static_cast<char>((crc >> (8 * i)) & 0xff);
  }
  return xz;
}

TEST(ByteStreamTest, AnXzFileNeedingTooMuchMemoryIsRefused) {
  test::TempDir dir;
  const std::filesystem::path path = dir.path() / "greedy.3le.xz";
  write_file(path, xz_claiming_a_huge_dictionary("ISS (ZARYA)\n"));
  const auto stream = open_file(path);
  char buffer[64];
  try {
    stream->read(buffer, sizeof buffer);
    ADD_FAILURE() << "a 4 GiB dictionary was accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), Errc::bad_request);
    EXPECT_NE(std::string(error.what()).find("decompressing needs more than 256 MiB"),
              std::string::npos)
        << error.what();
  }
  // The same bytes with the dictionary they were made with read as usual.
  write_file(path, xz_bytes("ISS (ZARYA)\n"));
  EXPECT_EQ(read_all(*open_file(path)), "ISS (ZARYA)\n");
}

}  // namespace
}  // namespace gpq::sync
