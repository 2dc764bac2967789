// 3LE/TLE/2LE text: records are a '1 ' line followed by a '2 ' line, optionally
// preceded by a name line (`0 NAME` from Space-Track, a padded name from CelesTrak).
#include <string>

#include <fmt/core.h>

#include "gpq/tle.h"

#include "core/printable_text.h"
#include "sync/parse/parsers.h"

namespace gpq::sync {
namespace {

constexpr const char* kLongLine = "line longer than 1 MiB, not part of any record";

std::string_view trim_right(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

bool is_line(std::string_view line, char number) {
  return line.size() >= 2 && line[0] == number && line[1] == ' ';
}

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

class TleTextParser {
 public:
  TleTextParser(LineReader& lines, const ParseOptions& options, RecordSink& sink)
      : lines_(lines), options_(options), sink_(sink) {}

  void run() {
    std::string_view line;
    while (next(line)) {
      if (lines_.truncated()) {
        drop_name();
        sink_.skip(lines_.line_number(), kLongLine);
        continue;
      }
      if (trim_right(line).empty()) {
        continue;
      }
      if (is_line(line, '1')) {
        record(line);
      } else if (is_line(line, '2')) {
        drop_name();
        sink_.skip(lines_.line_number(), "line 2 without a line 1 before it");
      } else {
        if (name_) {
          sink_.skip(name_line_,
                     fmt::format("unexpected line '{}' (no TLE follows it)", excerpt(*name_)));
        }
        name_ = name_of(line);
        name_line_ = lines_.line_number();
      }
    }
    drop_name();
  }

 private:
  bool next(std::string_view& line) {
    if (pushed_back_) {
      pushed_back_ = false;
      line = held_;
      return true;
    }
    return lines_.next(line);
  }

  void drop_name() {
    if (name_) {
      sink_.skip(name_line_,
                 fmt::format("name line '{}' without the two TLE lines after it", excerpt(*name_)));
      name_.reset();
    }
  }

  void record(std::string_view first) {
    const std::uint64_t start = name_ ? name_line_ : lines_.line_number();
    line1_.assign(first);
    std::string_view second;
    if (!next(second) || !is_line(second, '2') || lines_.truncated()) {
      name_.reset();
      sink_.skip(start, "line 1 without a line 2 after it");
      if (lines_.truncated()) {
        sink_.skip(lines_.line_number(), kLongLine);  // not silently swallowed
      } else if (!second.empty()) {
        held_.assign(second);
        pushed_back_ = true;
      }
      return;
    }
    ElementSet set;
    std::string error;
    if (!parse_tle(line1_, second, set, error)) {
      name_.reset();
      sink_.skip(start, std::move(error));
      return;
    }
    set.object_name = name_ ? std::move(*name_) : std::string();
    name_.reset();
    if (auto problem = text_field_problem("the name line", set.object_name)) {
      sink_.skip(start, std::move(*problem));
      return;
    }
    set.source = options_.forced_source.value_or(DataSource::celestrak);
    set.collected_at = options_.collected_at;
    sink_.element_set(std::move(set));
  }

  LineReader& lines_;
  const ParseOptions& options_;
  RecordSink& sink_;
  std::optional<std::string> name_;
  std::uint64_t name_line_ = 0;
  std::string line1_;
  std::string held_;
  bool pushed_back_ = false;
};

}  // namespace

void parse_tle_text(LineReader& lines, const ParseOptions& options, RecordSink& sink) {
  TleTextParser(lines, options, sink).run();
}

}  // namespace gpq::sync
