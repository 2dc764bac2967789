// gpq_parse_dump KIND FILE...: what gpq reads from each file, one JSON line per file, for
// fuzz/differential.py to set beside an independent reader. KIND is `tle` (a fuzz_tle input:
// line 1 and line 2 on the first two lines, through parse_tle), `json` (parse_json_records) or
// `xml` (parse_omm_xml). A line holds the file's name and its events in order: each set, SATCAT
// record and skipped record the parser reported.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/tle.h"

#include "format/json_writer.h"
#include "fuzz_input.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"

namespace {

using gpq::json::append_key;
using gpq::json::append_number;
using gpq::json::append_string;

void append_set(const gpq::ElementSet& set, std::string& out) {
  out += R"({"event":"set",)";
  fmt::format_to(std::back_inserter(out), R"("norad_id":{},"epoch_us":{},"creation_us":{},)",
                 set.norad_id, set.epoch.unix_micros(),
                 set.creation_date ? std::to_string(set.creation_date->unix_micros()) : "null");
  const std::pair<const char*, double> numbers[] = {
      {"mean_motion", set.mean_motion},
      {"eccentricity", set.eccentricity},
      {"inclination", set.inclination},
      {"ra_of_asc_node", set.ra_of_asc_node},
      {"arg_of_pericenter", set.arg_of_pericenter},
      {"mean_anomaly", set.mean_anomaly},
      {"bstar", set.bstar},
      {"mean_motion_dot", set.mean_motion_dot},
      {"mean_motion_ddot", set.mean_motion_ddot},
  };
  for (const auto& [name, value] : numbers) {
    append_key(name, out);
    append_number(value, out);
    out += ',';
  }
  fmt::format_to(std::back_inserter(out),
                 R"("rev_at_epoch":{},"element_set_no":{},"ephemeris_type":{},)"
                 R"("classification_type":"{}","source":"{}","tle_layout":{},)",
                 set.rev_at_epoch, set.element_set_no, set.ephemeris_type, set.classification_type,
                 gpq::to_string(set.source), set.tle_layout);
  append_key("object_name", out);
  append_string(set.object_name, out);
  out += ',';
  append_key("object_id", out);
  append_string(set.object_id, out);
  out += '}';
}

class DumpSink final : public gpq::sync::RecordSink {
 public:
  explicit DumpSink(std::string& out) : out_(out) {}

  void element_set(gpq::ElementSet&& set) override {
    separate();
    append_set(set, out_);
  }
  void catalog_record(gpq::CatalogRecord&& record) override {
    separate();
    fmt::format_to(std::back_inserter(out_), R"({{"event":"record","norad_id":{}}})",
                   record.norad_id);
  }
  void skip(std::uint64_t line, std::string reason) override {
    separate();
    fmt::format_to(std::back_inserter(out_), R"({{"event":"skip","line":{},"reason":)", line);
    append_string(reason, out_);
    out_ += '}';
  }
  // The whole document refused (OMM XML declaring entities): the last event.
  void refused(const std::string& reason) {
    separate();
    out_ += R"({"event":"refused","reason":)";
    append_string(reason, out_);
    out_ += '}';
  }

 private:
  void separate() {
    out_ += first_ ? "" : ",";
    first_ = false;
  }

  std::string& out_;
  bool first_ = true;
};

std::string read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// The events of one input, as a JSON array.
void dump(std::string_view kind, std::string bytes, std::string& out) {
  out += '[';
  DumpSink sink(out);
  const gpq::sync::ParseOptions options{std::nullopt, gpq::TimePoint()};
  if (kind == "tle") {
    const auto lines = gpq::fuzz::fields(bytes, 3);
    gpq::ElementSet set;
    std::string error;
    if (gpq::parse_tle(lines[0], lines[1], set, error)) {
      sink.element_set(std::move(set));
    } else {
      sink.skip(1, error);
    }
  } else {
    const auto in = gpq::sync::open_bytes(std::move(bytes));
    try {
      if (kind == "json") {
        gpq::sync::parse_json_records(*in, options, sink);
      } else {
        gpq::sync::parse_omm_xml(*in, options, sink);
      }
    } catch (const gpq::Error& error) {
      sink.refused(error.what());
    }
  }
  out += ']';
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view kind = argc > 1 ? argv[1] : "";
  if (kind != "tle" && kind != "json" && kind != "xml") {
    std::fprintf(stderr, "usage: gpq_parse_dump tle|json|xml FILE...\n");
    return 2;
  }
  std::string line;
  for (int i = 2; i < argc; ++i) {
    line.clear();
    line += R"({"file":)";
    append_string(argv[i], line);
    line += R"(,"events":)";
    dump(kind, read_file(argv[i]), line);
    line += "}\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
  }
  return 0;
}
