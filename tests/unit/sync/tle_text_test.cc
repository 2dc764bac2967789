// parse_tle_text over in-memory bytes: 2LE and 3LE framing, name lines as both upstreams
// write them, line endings, and every kind of stray line, each with its line and reason.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sync/input.h"
#include "sync/parse/parsers.h"
#include "sync/record_sink.h"

namespace gpq::sync {
namespace {

// Keeps what the parser hands over, in order.
class Collected final : public RecordSink {
 public:
  struct Skip {
    std::uint64_t line;
    std::string reason;
    bool operator==(const Skip&) const = default;
  };

  void element_set(ElementSet&& set) override { sets.push_back(std::move(set)); }
  void catalog_record(CatalogRecord&& /*record*/) override { ++catalog_records; }
  void skip(std::uint64_t line, std::string reason) override {
    skips.push_back({line, std::move(reason)});
  }

  std::vector<ElementSet> sets;
  std::vector<Skip> skips;
  int catalog_records = 0;
};

void PrintTo(const Collected::Skip& skip, std::ostream* out) {
  *out << "{" << skip.line << ", \"" << skip.reason << "\"}";
}

void parse(const std::string& text, Collected& sink, const ParseOptions& options = {}) {
  const auto in = open_bytes(text);
  LineReader lines(*in);
  parse_tle_text(lines, options, sink);
}

// T1 (ISS), T2 (VANGUARD 1) and T9 (ITALSAT 2) of docs/FORMATS.md section 9.
const std::string kIss1 = "1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990";
const std::string kIss2 = "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975";
const std::string kVan1 = "1 00005U 58002B   00179.78495062  .00000023  00000-0  28098-4 0  4753";
const std::string kVan2 = "2 00005  34.2682 348.7242 1859667 331.7664  19.3264 10.82419157413667";
const std::string kIta1 = "1 24208U 96044A   06177.04061740 -.00000094  00000-0  10000-3 0  1600";
const std::string kIta2 = "2 24208   3.8536  80.0121 0026640 311.0977  48.3000  1.00778054 36119";

std::string lines_of(std::initializer_list<std::string> lines, const char* end = "\n") {
  std::string text;
  for (const std::string& line : lines) {
    text += line + end;
  }
  return text;
}

struct Row {
  const char* what;
  std::string text;
  std::vector<std::int32_t> ids;   // of the sets, in order
  std::vector<std::string> names;  // of the sets, in order
  std::vector<Collected::Skip> skips;
};

TEST(TleTextTest, FramingNamesAndStrayLines) {
  // Well past the limit, so the rest streams by over several read chunks.
  const std::string long_line(2 * LineReader::kMaxLineBytes, 'x');
  const std::string bad_checksum = kIss1.substr(0, 68) + "7";
  const Row rows[] = {
      {"2LE", lines_of({kIss1, kIss2, kVan1, kVan2}), {25544, 5}, {"", ""}, {}},
      {"3LE, Space-Track '0 NAME' lines",
       lines_of({"0 ISS (ZARYA)", kIss1, kIss2, "0 VANGUARD 1", kVan1, kVan2}),
       {25544, 5},
       {"ISS (ZARYA)", "VANGUARD 1"},
       {}},
      {"3LE, CelesTrak names padded to 24",
       lines_of(
           {"ISS (ZARYA)             ", kIss1, kIss2, "HULIANWAN GAOGUI-01 (H*)", kVan1, kVan2}),
       {25544, 5},
       {"ISS (ZARYA)", "HULIANWAN GAOGUI-01 (H*)"},
       {}},
      {"3LE with CRLF",
       lines_of({"0 ISS (ZARYA)", kIss1, kIss2, "VANGUARD 1  ", kVan1, kVan2}, "\r\n"),
       {25544, 5},
       {"ISS (ZARYA)", "VANGUARD 1"},
       {}},
      {"2LE with CRLF", lines_of({kIss1, kIss2}, "\r\n"), {25544}, {""}, {}},
      {"two files joined, each with a byte order mark",
       "\xEF\xBB\xBF" + lines_of({"ISS (ZARYA)", kIss1, kIss2}, "\r\n") + "\xEF\xBB\xBF" +
           lines_of({"VANGUARD 1", kVan1, kVan2}, "\r\n"),
       {25544, 5},
       {"ISS (ZARYA)", "VANGUARD 1"},
       {}},
      {"no newline after the last line", lines_of({"0 ISS", kIss1}) + kIss2, {25544}, {"ISS"}, {}},
      {"2LE and 3LE mixed",
       lines_of({kIss1, kIss2, "0 VANGUARD 1", kVan1, kVan2, kIta1, kIta2}),
       {25544, 5, 24208},
       {"", "VANGUARD 1", ""},
       {}},
      {"blanks around a '0 ' name",
       lines_of({"0   ITALSAT 2  \t", kIta1, kIta2}),
       {24208},
       {"ITALSAT 2"},
       {}},
      {"blank lines between records",
       lines_of({"", "0 ISS", kIss1, kIss2, "   ", "", kVan1, kVan2}),
       {25544, 5},
       {"ISS", ""},
       {}},
      {"garbage lines between records",
       lines_of({"0 ISS", kIss1, kIss2, "hello world", "<html>", "0 VANGUARD 1", kVan1, kVan2}),
       {25544, 5},
       {"ISS", "VANGUARD 1"},
       {{4, "unexpected line 'hello world' (no TLE follows it)"},
        {5, "unexpected line '<html>' (no TLE follows it)"}}},
      {"a garbage line right before a 2LE record names it",
       lines_of({"# comment", kIss1, kIss2}),
       {25544},
       {"# comment"},
       {}},
      {"long garbage cut to 40 characters in the reason",
       lines_of({std::string(50, 'g'), "0 ISS", kIss1, kIss2}),
       {25544},
       {"ISS"},
       {{1, "unexpected line '" + std::string(40, 'g') + "...' (no TLE follows it)"}}},
      {"a '2 ' line alone", lines_of({kIss2}), {}, {}, {{1, "line 2 without a line 1 before it"}}},
      {"a '2 ' line after a name",
       lines_of({"0 ISS", kIss2, "0 VANGUARD 1", kVan1, kVan2}),
       {5},
       {"VANGUARD 1"},
       {{1, "name line 'ISS' without the two TLE lines after it"},
        {2, "line 2 without a line 1 before it"}}},
      {"a '2 ' line repeated",
       lines_of({kIss1, kIss2, kIss2}),
       {25544},
       {""},
       {{3, "line 2 without a line 1 before it"}}},
      {"line 1 without line 2 at the end (3LE)",
       lines_of({"0 ISS", kIss1, kIss2, "0 VANGUARD 1", kVan1}),
       {25544},
       {"ISS"},
       {{4, "line 1 without a line 2 after it"}}},
      {"line 1 without line 2 at the end (2LE, no newline)",
       lines_of({kIss1, kIss2}) + kVan1,
       {25544},
       {""},
       {{3, "line 1 without a line 2 after it"}}},
      {"line 1 followed by the next record",
       lines_of({"0 ISS", kIss1, "0 VANGUARD 1", kVan1, kVan2}),
       {5},
       {"VANGUARD 1"},
       {{1, "line 1 without a line 2 after it"}}},
      {"line 1 twice",
       lines_of({kIss1, kVan1, kVan2}),
       {5},
       {""},
       {{1, "line 1 without a line 2 after it"}}},
      {"name line at the end",
       lines_of({kIss1, kIss2, "0 LONELY"}),
       {25544},
       {""},
       {{3, "name line 'LONELY' without the two TLE lines after it"}}},
      {"bad checksum skips the record from its name line",
       lines_of({"0 ISS", bad_checksum, kIss2, "0 VANGUARD 1", kVan1, kVan2}),
       {5},
       {"VANGUARD 1"},
       {{1, "line 1: bad checksum, expected 0, found '7'"}}},
      {"lines of different objects",
       lines_of({kIss1, kVan2}),
       {},
       {},
       {{1, "catalog numbers differ: 25544 on line 1, 5 on line 2"}}},
      {"over-long line between records",
       lines_of({"0 ISS", kIss1, kIss2, long_line, "0 VANGUARD 1", kVan1, kVan2}),
       {25544, 5},
       {"ISS", "VANGUARD 1"},
       {{4, "line longer than 1 MiB, not part of any record"}}},
      {"over-long line after a name",
       lines_of({"0 ISS", long_line, kVan1, kVan2}),
       {5},
       {""},
       {{1, "name line 'ISS' without the two TLE lines after it"},
        {2, "line longer than 1 MiB, not part of any record"}}},
      {"over-long line starting like line 1",
       lines_of({kIss1 + long_line, kVan1, kVan2}),
       {5},
       {""},
       {{1, "line longer than 1 MiB, not part of any record"}}},
      {"over-long line in place of line 2",
       lines_of({kIss1, kIss2 + long_line, kVan1, kVan2}),
       {5},
       {""},
       {{1, "line 1 without a line 2 after it"},
        {2, "line longer than 1 MiB, not part of any record"}}},
      {"over-long last line without a newline",
       lines_of({kIss1, kIss2}) + long_line,
       {25544},
       {""},
       {{3, "line longer than 1 MiB, not part of any record"}}},
      {"empty input", "", {}, {}, {}},
      {"only blank lines", "\n\r\n  \n", {}, {}, {}},
  };
  for (const Row& row : rows) {
    Collected sink;
    parse(row.text, sink);
    std::vector<std::int32_t> ids;
    std::vector<std::string> names;
    for (const ElementSet& set : sink.sets) {
      ids.push_back(set.norad_id);
      names.push_back(set.object_name);
    }
    EXPECT_EQ(ids, row.ids) << row.what;
    EXPECT_EQ(names, row.names) << row.what;
    EXPECT_EQ(sink.skips, row.skips) << row.what;
    EXPECT_EQ(sink.catalog_records, 0) << row.what;
  }
}

// Just over the limit, with the newline in the same read chunk (LineReader once let such a
// line through whole).
TEST(TleTextTest, LineJustOverOneMebibyteIsSkippedAsOverLong) {
  Collected sink;
  parse(lines_of({std::string(LineReader::kMaxLineBytes + 5, 'x'), kIss1, kIss2}), sink);
  EXPECT_EQ(sink.skips,
            std::vector<Collected::Skip>({{1, "line longer than 1 MiB, not part of any record"}}));
  ASSERT_EQ(sink.sets.size(), 1U);
  EXPECT_EQ(sink.sets[0].object_name, "");
}

TEST(TleTextTest, SetsCarryTheParsedFieldsSourceAndCollectionTime) {
  ParseOptions options;
  options.collected_at = TimePoint::from_unix_micros(1'780'000'000'000'000);
  Collected celestrak;
  parse(lines_of({"ISS (ZARYA)             ", kIss1, kIss2}, "\r\n"), celestrak, options);
  ASSERT_EQ(celestrak.sets.size(), 1U);
  const ElementSet& iss = celestrak.sets[0];
  EXPECT_EQ(iss.source, DataSource::celestrak);
  EXPECT_EQ(iss.collected_at, options.collected_at);
  EXPECT_EQ(iss.creation_date, std::nullopt);
  EXPECT_EQ(iss.object_id, "1998-067A");
  EXPECT_EQ(format_iso8601_micros(iss.epoch), "2026-05-23T19:25:57.298080");
  EXPECT_EQ(iss.mean_motion, 15.49334650);
  EXPECT_EQ(iss.rev_at_epoch, 56797);

  options.forced_source = DataSource::spacetrack;
  Collected forced;
  parse(lines_of({"0 VANGUARD 1", kVan1, kVan2}), forced, options);
  ASSERT_EQ(forced.sets.size(), 1U);
  EXPECT_EQ(forced.sets[0].source, DataSource::spacetrack);
}

TEST(TleTextTest, ManyRecordsAcrossReadChunks) {
  // 128 KiB read chunks: 5000 records of 3 lines (~820 KB) cross several chunk boundaries.
  std::string text;
  for (int i = 0; i < 5000; ++i) {
    text += lines_of({"0 OBJECT " + std::to_string(i), kIss1, kIss2}, i % 2 == 0 ? "\n" : "\r\n");
  }
  Collected sink;
  parse(text, sink);
  ASSERT_EQ(sink.sets.size(), 5000U);
  EXPECT_TRUE(sink.skips.empty());
  EXPECT_EQ(sink.sets[4321].object_name, "OBJECT 4321");
}

}  // namespace
}  // namespace gpq::sync
