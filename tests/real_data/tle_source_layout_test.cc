// Every TLE pair of $GPQ_REAL_DATA through the binary: imported with `gpq sync --from`, read
// back with `gpq gp` and `gpq history --format 3le`, its two lines must come back byte for
// byte, in the layout of its source. Space-Track's files (the 21 3LE snapshots and the
// TLE_LINE1/TLE_LINE2 of its two gp fixtures) go into one mirror with --source spacetrack,
// CelesTrak's (the eight 3LE histories and the orbcomm fixture) into another.
//
// What is compared, per identity (NORAD id, epoch): line 1 and line 2, all 69 columns, against
// the last pair of that identity in import order (a later import replaces a set whose values
// differ; such repeats never differ in layout in this data, which the test checks). Name
// lines: gpq prints the object's name as stored, the same for all its sets, so each printed
// name line must equal the object's last name in import order, with Space-Track's `0 ` and
// CelesTrak's blank padding to 24 columns removed (the catalog number when it had none).
// python-sgp4 then reads every Space-Track pair gpq printed, Alpha-5 ids included.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <map>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <unordered_map>
#include <vector>

#include <fmt/core.h>
#include <gtest/gtest.h>
#include <simdjson.h>

#include "gpq/tle.h"

#include "support/process.h"
#include "support/temp_dir.h"
#include "sync/input.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

// One pair as read from a file: both lines, 69 columns each, without heap strings (1.4 M).
struct Pair {
  std::int32_t norad_id = 0;
  std::int64_t epoch_us = 0;
  std::uint32_t order = 0;  // import order
  std::uint16_t layout = 0;
  std::array<char, 138> lines{};

  std::string_view line1() const { return {lines.data(), 69}; }
  std::string_view line2() const { return {lines.data() + 69, 69}; }
};

// What one mirror must give back: the last pair of each identity, sorted by (id, epoch).
struct Expected {
  std::vector<Pair> pairs;
  std::unordered_map<std::int32_t, std::string> names;  // the last non-empty name per object
  std::int64_t pairs_read = 0;
  std::vector<std::string> unparsed;
  std::vector<std::string> widened;  // 70-column line 1s, expected back in 69 (docs/tle.md)
  std::vector<std::string> layout_conflicts;

  void add(std::string_view line1, std::string_view line2, const std::string& name,
           const std::string& where) {
    ++pairs_read;
    ElementSet set;
    std::string error;
    if (!parse_tle(line1, line2, set, error)) {
      unparsed.push_back(fmt::format("{}: {}", where, error));
      return;  // skipped by the import as well
    }
    Pair pair;
    pair.norad_id = set.norad_id;
    pair.epoch_us = set.epoch.unix_micros();
    pair.order = static_cast<std::uint32_t>(pairs.size());
    pair.layout = set.tle_layout;
    std::string written1;
    if (line1.size() == 70) {
      // BSTAR's exponent took two digits: gpq writes the same value in 69 columns.
      widened.push_back(where);
      written1 = format_tle_line1(set);
      line1 = written1;
    }
    std::memcpy(pair.lines.data(), line1.data(), 69);
    std::memcpy(pair.lines.data() + 69, line2.data(), 69);
    pairs.push_back(pair);
    if (!name.empty()) {
      names[set.norad_id] = name;
    }
  }

  // Sorts by identity and keeps the last pair of each (a stable sort keeps import order).
  void settle() {
    std::stable_sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) {
      return std::tie(a.norad_id, a.epoch_us) < std::tie(b.norad_id, b.epoch_us);
    });
    std::vector<Pair> last;
    for (std::size_t i = 0; i < pairs.size();) {
      std::size_t end = i + 1;
      while (end < pairs.size() && pairs[end].norad_id == pairs[i].norad_id &&
             pairs[end].epoch_us == pairs[i].epoch_us) {
        ++end;
      }
      // The stored layout is the first one's, the values the last one's.
      if (pairs[end - 1].layout != pairs[i].layout) {
        layout_conflicts.push_back(fmt::format("{} {}", pairs[i].norad_id, pairs[i].epoch_us));
      }
      last.push_back(pairs[end - 1]);
      i = end;
    }
    pairs = std::move(last);
  }
};

std::string_view trim_right(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

// The name the importer takes from a name line (sync/parse/tle_text.cc).
std::string name_of(std::string_view line) {
  line = trim_right(line);
  if (line.starts_with("0 ")) {
    line.remove_prefix(2);
  }
  while (!line.empty() && line.front() == ' ') {
    line.remove_prefix(1);
  }
  return std::string(line);
}

void read_text(const fs::path& path, Expected& expected) {
  const auto in = sync::open_file(path);
  sync::LineReader lines(*in);
  std::string_view line;
  std::string name;
  std::string line1;
  while (lines.next(line)) {
    if (line.starts_with("1 ")) {
      line1.assign(line);
    } else if (line.starts_with("2 ")) {
      if (!line1.empty()) {
        expected.add(line1, line, name,
                     fmt::format("{}:{}", path.filename().string(), lines.line_number() - 1));
      }
      line1.clear();
      name.clear();
    } else if (!trim_right(line).empty()) {
      name = name_of(line);
      line1.clear();
    }
  }
}

// Space-Track's reduced gp rows: a JSON array, or {"data": [...]}.
void read_json(const fs::path& path, Expected& expected) {
  simdjson::dom::parser parser;
  const simdjson::padded_string text = simdjson::padded_string::load(path.string());
  simdjson::dom::element doc = parser.parse(text);
  simdjson::dom::array rows =
      doc.is_array() ? doc.get_array().value() : doc["data"].get_array().value();
  std::size_t record = 0;
  for (const simdjson::dom::element row : rows) {
    ++record;
    expected.add(row["TLE_LINE1"].get_string().value(), row["TLE_LINE2"].get_string().value(),
                 std::string(row["OBJECT_NAME"].get_string().value()),
                 fmt::format("{} record {}", path.filename().string(), record));
  }
}

std::vector<fs::path> files_in(const fs::path& dir,
                               const std::function<bool(const std::string&)>& take) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file() && take(entry.path().filename().string())) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Runs the gpq binary with posix_spawn rather than fork: this test holds a few hundred MB of
// expected lines, which fork would copy the page tables of for each of ~12,000 histories.
ProcessResult spawn_gpq(const std::vector<std::string>& args, const fs::path& scratch) {
  const std::string out_path = scratch.string() + ".out";
  const std::string err_path = scratch.string() + ".err";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<std::string> argv = {GPQ_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> pointers;
  for (std::string& arg : argv) {
    pointers.push_back(arg.data());
  }
  pointers.push_back(nullptr);
  ProcessResult result;
  pid_t pid = 0;
  if (posix_spawn(&pid, pointers[0], &actions, nullptr, pointers.data(), environ) == 0) {
    int status = 0;
    waitpid(pid, &status, 0);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  posix_spawn_file_actions_destroy(&actions);
  for (auto [path, text] : {std::pair{&out_path, &result.out}, std::pair{&err_path, &result.err}}) {
    std::ifstream in(*path, std::ios::binary);
    text->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    fs::remove(*path);
  }
  return result;
}

// One printed 3LE record.
struct Printed {
  std::string_view name;
  std::string_view line1;
  std::string_view line2;
};

std::vector<Printed> split_3le(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t end; (end = text.find('\n')) != std::string_view::npos;) {
    lines.push_back(text.substr(0, end));
    text.remove_prefix(end + 1);
  }
  std::vector<Printed> records;
  for (std::size_t i = 0; i + 3 <= lines.size(); i += 3) {
    records.push_back({lines[i], lines[i + 1], lines[i + 2]});
  }
  EXPECT_EQ(lines.size() % 3, 0U) << "3LE output is name, line 1, line 2";
  return records;
}

// Compares what gpq printed for one mirror with what the files hold.
struct Comparison {
  std::int64_t matched = 0;
  std::int64_t names_matched = 0;
  std::int64_t failed = 0;
  std::vector<std::string> failures;  // the first 20

  void fail(std::string text) {
    if (failures.size() < 20) {
      failures.push_back(std::move(text));
    }
    ++failed;
  }
};

class TleSourceLayoutTest : public ::testing::Test {
 protected:
  void SetUp() override {
    data_ = real_data_dir();
    if (data_.empty()) {
      GTEST_SKIP() << "GPQ_REAL_DATA is not set";
    }
  }

  std::string db(const char* name) const { return "--db=" + (dir_.path() / name).string(); }

  // Imports `files` into mirror `name` (in this order, as the test read them).
  void import(const char* name, const std::vector<fs::path>& files, bool spacetrack) {
    std::vector<std::string> args = {db(name), "sync", "--quiet"};
    if (spacetrack) {
      args.insert(args.end(), {"--source", "spacetrack"});
    }
    args.emplace_back("--from");
    for (const fs::path& file : files) {
      args.push_back(file.string());
    }
    const ProcessResult sync = run_gpq(args);
    ASSERT_EQ(sync.exit_code, 0) << sync.err;
  }

  // Checks one printed record (both lines and the name line) against the expected pair.
  static void check(const Printed& printed, const Pair& want, const Expected& expected,
                    Comparison& result) {
    if (printed.line1 == want.line1() && printed.line2 == want.line2()) {
      ++result.matched;
    } else {
      result.fail(fmt::format("NORAD {} epoch {}:\n  file {}\n       {}\n  gpq  {}\n       {}",
                              want.norad_id, want.epoch_us, want.line1(), want.line2(),
                              printed.line1, printed.line2));
    }
    const auto name = expected.names.find(want.norad_id);
    const std::string want_name =
        name != expected.names.end() ? name->second : fmt::format("{:05}", want.norad_id);
    if (printed.name == want_name) {
      ++result.names_matched;
    } else {
      result.fail(fmt::format("NORAD {}: name line '{}', expected '{}'", want.norad_id,
                              printed.name, want_name));
    }
  }

  // `gpq gp` for every object's newest set, `gpq history` for each object with more sets
  // (two at a time), all as 3LE.
  Comparison read_back(const char* name, const Expected& expected, std::string* gp_text) {
    Comparison result;
    const ProcessResult gp = run_gpq({db(name), "gp", "--decayed", "--format", "3le"});
    EXPECT_EQ(gp.exit_code, 0) << gp.err;
    // The ranges of each object's pairs in `expected.pairs`.
    std::map<std::int32_t, std::pair<std::size_t, std::size_t>> ranges;
    for (std::size_t i = 0; i < expected.pairs.size(); ++i) {
      auto [it, added] = ranges.try_emplace(expected.pairs[i].norad_id, i, i + 1);
      it->second.second = i + 1;
    }
    std::vector<std::int32_t> several;  // objects with more than one set
    const std::vector<Printed> latest = split_3le(gp.out);
    EXPECT_EQ(latest.size(), ranges.size()) << name << ": one newest set per object";
    for (const Printed& printed : latest) {
      const auto id = parse_tle_catalog_number(printed.line1.substr(2, 5));
      const auto range = id ? ranges.find(*id) : ranges.end();
      if (range == ranges.end()) {
        result.fail(fmt::format("gp printed an unknown object: {}", printed.line1));
        continue;
      }
      const auto [first, end] = range->second;
      check(printed, expected.pairs[end - 1], expected, result);
      if (end - first > 1) {
        several.push_back(*id);
      }
    }
    // Histories: the other sets of those objects, each object's output in epoch order.
    std::vector<ProcessResult> histories(several.size());
    std::atomic<std::size_t> next{0};
    const auto work = [&](const char* scratch) {
      for (std::size_t i; (i = next++) < several.size();) {
        histories[i] = spawn_gpq({db(name), "history", std::to_string(several[i]), "--end",
                                  "2100-01-01T00:00:00Z", "--format", "3le"},
                                 dir_.path() / scratch);
      }
    };
    std::thread helper(work, "history-a");
    work("history-b");
    helper.join();
    for (std::size_t i = 0; i < several.size(); ++i) {
      EXPECT_EQ(histories[i].exit_code, 0) << several[i] << histories[i].err;
      const std::vector<Printed> printed = split_3le(histories[i].out);
      const auto [first, end] = ranges.at(several[i]);
      if (printed.size() != end - first) {
        result.fail(fmt::format("NORAD {}: history printed {} sets, the files hold {}", several[i],
                                printed.size(), end - first));
        continue;
      }
      for (std::size_t k = 0; k + 1 < printed.size(); ++k) {  // the last one came with gp
        check(printed[k], expected.pairs[first + k], expected, result);
      }
    }
    if (gp_text != nullptr) {
      *gp_text = gp.out;
    }
    return result;
  }

  static std::string report(const Comparison& result) {
    std::string text;
    for (const std::string& failure : result.failures) {
      text += failure + "\n";
    }
    return text;
  }

  fs::path data_;
  TempDir dir_;
};

TEST_F(TleSourceLayoutTest, EverySpaceTrackPairComesBackByteForByte) {
  const std::vector<fs::path> snapshots =
      files_in(data_ / "history" / "spacetrack_snapshots", [](const std::string&) { return true; });
  const std::vector<fs::path> json = files_in(data_ / "fixtures", [](const std::string& name) {
    return name.starts_with("spacetrack_gp_") && name.ends_with(".json");
  });
  Expected expected;
  for (const fs::path& file : snapshots) {
    read_text(file, expected);
  }
  for (const fs::path& file : json) {
    read_json(file, expected);
  }
  expected.settle();
  std::vector<fs::path> files = snapshots;
  files.insert(files.end(), json.begin(), json.end());
  import("spacetrack.db", files, true);

  std::string printed;
  const Comparison result = read_back("spacetrack.db", expected, &printed);
  std::cout << fmt::format("Space-Track: {} pairs read, {} identities; {} match\n",
                           expected.pairs_read, expected.pairs.size(), result.matched);
  EXPECT_EQ(expected.pairs_read, 29'427);  // 27,106 + 1,765 snapshot sets, 56 + 500 gp rows
  EXPECT_TRUE(expected.unparsed.empty()) << expected.unparsed.front();
  EXPECT_TRUE(expected.layout_conflicts.empty()) << expected.layout_conflicts.front();
  EXPECT_EQ(expected.pairs.size(), 29'412U);
  EXPECT_EQ(result.matched, 29'412);
  EXPECT_EQ(result.names_matched, 29'412);
  EXPECT_EQ(result.failed, 0) << report(result);

  // python-sgp4 reads every pair gpq printed, Alpha-5 included, as the same object.
  if (run_process({"/usr/bin/python3", "-c", "from sgp4.api import Satrec"}).exit_code != 0) {
    GTEST_SKIP() << "/usr/bin/python3 cannot import sgp4 (install python3-sgp4)";
  }
  const fs::path text = dir_.path() / "spacetrack.3le";
  std::ofstream(text, std::ios::binary) << printed;
  const ProcessResult python = run_process(
      {"/usr/bin/python3", "-c",
       "import sys\n"
       "from sgp4.api import Satrec\n"
       "ALPHA5 = 'ABCDEFGHJKLMNPQRSTUVWXYZ'\n"
       "def number(f):\n"
       "    f = f.strip()\n"
       "    return (ALPHA5.index(f[0]) + 10) * 10000 + int(f[1:]) if f[0].isalpha() else int(f)\n"
       "lines = open(sys.argv[1]).read().splitlines()\n"
       "bad, alpha5 = [], 0\n"
       "for name, l1, l2 in zip(lines[0::3], lines[1::3], lines[2::3]):\n"
       "    sat = Satrec.twoline2rv(l1, l2)\n"
       "    alpha5 += l1[2].isalpha()\n"
       "    if sat.satnum != number(l1[2:7]) or sat.no_kozai <= 0:\n"
       "        bad.append(l1)\n"
       "print(len(lines) // 3, alpha5, len(bad), *bad[:5], sep='\\n')\n",
       text.string()});
  ASSERT_EQ(python.exit_code, 0) << python.err;
  // The newest set of each of the 29,109 objects; 498 of them above 99999, in Alpha-5.
  EXPECT_EQ(python.out, "29109\n498\n0\n") << python.out;
}

TEST_F(TleSourceLayoutTest, EveryCelesTrakPairComesBackByteForByte) {
  std::vector<fs::path> files = files_in(
      data_ / "history", [](const std::string& name) { return name.ends_with(".3le.xz"); });
  files.push_back(data_ / "fixtures" / "celestrak_orbcomm_2023-08-23.3le");
  Expected expected;
  for (const fs::path& file : files) {
    read_text(file, expected);
  }
  expected.settle();
  import("celestrak.db", files, false);

  const Comparison result = read_back("celestrak.db", expected, nullptr);
  std::cout << fmt::format("CelesTrak: {} pairs read, {} identities; {} match\n",
                           expected.pairs_read, expected.pairs.size(), result.matched);
  EXPECT_EQ(expected.pairs_read, 1'425'928);  // README: 1,425,868 history records + 60
  EXPECT_TRUE(expected.unparsed.empty()) << expected.unparsed.front();
  // The one 70-column line 1 (docs/tle.md), read and written back in 69 columns.
  EXPECT_EQ(expected.widened,
            std::vector<std::string>{"celestrak_starlink_2026-05-24_2026-07-14.3le.xz:385574"});
  EXPECT_TRUE(expected.layout_conflicts.empty()) << expected.layout_conflicts.front();
  EXPECT_EQ(result.matched, static_cast<std::int64_t>(expected.pairs.size()));
  EXPECT_EQ(result.names_matched, static_cast<std::int64_t>(expected.pairs.size()));
  EXPECT_EQ(result.failed, 0) << report(result);
}

}  // namespace
}  // namespace gpq::test
