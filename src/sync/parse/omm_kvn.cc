// OMM KVN: `KEY = value` lines; each object starts at CCSDS_OMM_VERS.
#include <array>
#include <string>

#include "core/text.h"
#include "sync/parse/omm_fields.h"
#include "sync/parse/parsers.h"

namespace gpq::sync {
namespace {

// CCSDS KVN may follow a value with its units in brackets: `MEAN_MOTION = 15.5 [rev/day]`.
std::string_view without_units(std::string_view value) {
  if (value.ends_with(']')) {
    const std::size_t open = value.rfind('[');
    if (open != std::string_view::npos) {
      return trim(value.substr(0, open));
    }
  }
  return value;
}

class KvnParser {
 public:
  KvnParser(const ParseOptions& options, RecordSink& sink)
      : options_(options),
        sink_(sink),
        source_(options.forced_source.value_or(DataSource::celestrak)) {}

  void line(std::string_view text, std::uint64_t number) {
    text = trim(text);
    if (text.empty() || text.starts_with("COMMENT")) {
      return;
    }
    const std::size_t equals = text.find('=');
    if (equals == std::string_view::npos) {
      if (open_) {
        error_ = "a line that is not KEY = value";
      }
      return;
    }
    const std::string_view key = trim(text.substr(0, equals));
    if (key == "CCSDS_OMM_VERS") {
      finish();
      open_ = true;
      start_line_ = number;
      return;
    }
    if (!open_) {
      sink_.skip(number, "KEY = value line before CCSDS_OMM_VERS");
      return;
    }
    if (const auto omm = omm_key(key)) {
      const std::string_view value = trim(text.substr(equals + 1));
      // Names keep their brackets: CelesTrak writes `STARLINK-1008 [+]`.
      const bool name = *omm == OmmKey::object_name || *omm == OmmKey::object_id;
      storage_[static_cast<std::size_t>(*omm)] = name ? value : without_units(value);
      fields_.set(*omm, storage_[static_cast<std::size_t>(*omm)]);
    }
  }

  void finish() {
    if (!open_) {
      return;
    }
    ElementSet set;
    std::string error = error_;
    if (error.empty() && build_element_set(fields_, source_, options_.collected_at, set, error)) {
      sink_.element_set(std::move(set));
    } else {
      sink_.skip(start_line_, error);
    }
    fields_.clear();
    error_.clear();
    open_ = false;
  }

 private:
  const ParseOptions& options_;
  RecordSink& sink_;
  DataSource source_;
  OmmFields fields_;
  std::array<std::string, static_cast<std::size_t>(OmmKey::count)> storage_;
  std::string error_;
  std::uint64_t start_line_ = 0;
  bool open_ = false;
};

}  // namespace

void parse_omm_kvn(LineReader& lines, const ParseOptions& options, RecordSink& sink) {
  KvnParser parser(options, sink);
  std::string_view text;
  while (lines.next(text)) {
    if (lines.truncated()) {
      sink.skip(lines.line_number(), "line longer than 1 MiB");
      continue;
    }
    parser.line(text, lines.line_number());
  }
  parser.finish();
}

}  // namespace gpq::sync
