// Element-set documents: lists in every format, single records, and the JSON
// envelopes (pagination, history meta, adjacent, range).
#include <iterator>

#include <fmt/ranges.h>

#include "gpq/error.h"
#include "gpq/format.h"

#include "format/json_writer.h"
#include "format/set_writers.h"

namespace gpq {
namespace {

using namespace format_detail;

class JsonList final : public SetListWriter {
 public:
  void begin(std::string& out) override {
    out += '[';
    first_ = true;
  }
  void write(const ElementSet& set, const QualityFlags* quality, std::string& out) override {
    if (!first_) {
      out += ',';
    }
    first_ = false;
    json_set(set, out, quality);
  }
  void end(std::string& out) override { out += ']'; }

 private:
  bool first_ = true;
};

class TleList final : public SetListWriter {
 public:
  TleList(bool with_name, TleLayout layout) : with_name_(with_name), layout_(layout) {}
  void begin(std::string&) override {}
  void write(const ElementSet& set, const QualityFlags*, std::string& out) override {
    if (tle_output_problem(set)) {
      omitted_.add(set.norad_id);
      return;
    }
    tle_set(set, with_name_, layout_, out);
  }
  void end(std::string&) override {}

 private:
  bool with_name_;
  TleLayout layout_;
};

class CsvList final : public SetListWriter {
 public:
  explicit CsvList(bool with_quality) : with_quality_(with_quality) {}
  void begin(std::string& out) override { csv_header(out, with_quality_); }
  void write(const ElementSet& set, const QualityFlags* quality, std::string& out) override {
    static const QualityFlags kNone;
    csv_set(set, out, with_quality_ ? (quality != nullptr ? quality : &kNone) : nullptr);
  }
  void end(std::string&) override {}

 private:
  bool with_quality_;
};

class XmlList final : public SetListWriter {
 public:
  void begin(std::string& out) override { xml_begin(out); }
  void write(const ElementSet& set, const QualityFlags*, std::string& out) override {
    xml_set(set, out);
  }
  void end(std::string& out) override { xml_end(out); }
};

class KvnList final : public SetListWriter {
 public:
  void begin(std::string&) override { first_ = true; }
  void write(const ElementSet& set, const QualityFlags*, std::string& out) override {
    if (!first_) {
      out += '\n';
    }
    first_ = false;
    kvn_set(set, out);
  }
  void end(std::string&) override {}

 private:
  bool first_ = true;
};

// `,"meta":{...}` with a history's facts, the answer's coverage, or both; nothing without either.
void append_meta(const HistoryMeta* meta, const Coverage* coverage, std::string& out) {
  if (meta == nullptr && coverage == nullptr) {
    return;
  }
  out += ",\"meta\":{";
  if (meta != nullptr) {
    fmt::format_to(std::back_inserter(out), "\"norad_id\":{},\"object_name\":", meta->norad_id);
    json::append_string(meta->object_name, out);
    out += ",\"earliest_epoch\":";
    json::append_optional_time(meta->earliest_epoch, out);
    out += ",\"latest_epoch\":";
    json::append_optional_time(meta->latest_epoch, out);
    fmt::format_to(std::back_inserter(out), ",\"total_elsets\":{}", meta->total_elsets);
  }
  if (coverage != nullptr) {
    out += meta != nullptr ? "," : "";
    append_coverage_json(*coverage, true, out);
  }
  out += '}';
}

}  // namespace

void write_pagination_member(const PageInfo& page, std::string_view next, std::string_view prev,
                             std::string& out) {
  fmt::format_to(std::back_inserter(out),
                 "\"pagination\":{{\"total\":{},\"page\":{},\"per_page\":{},\"total_pages\":{},"
                 "\"next\":",
                 page.total, page.page, page.per_page, page.total_pages);
  const auto url = [&](std::string_view text) {
    if (text.empty()) {
      out += "null";
    } else {
      json::append_string(text, out);
    }
  };
  url(next);
  out += ",\"prev\":";
  url(prev);
  out += '}';
}

std::unique_ptr<SetListWriter> make_set_list_writer(Format format, TleLayout tle_layout,
                                                    bool with_quality) {
  switch (format) {
    case Format::json:
      return std::make_unique<JsonList>();
    case Format::tle:
      return std::make_unique<TleList>(true, tle_layout);
    case Format::two_le:
      return std::make_unique<TleList>(false, tle_layout);
    case Format::csv:
      return std::make_unique<CsvList>(with_quality);
    case Format::xml:
      return std::make_unique<XmlList>();
    case Format::kvn:
      return std::make_unique<KvnList>();
    case Format::table:
    case Format::oem:
      break;
  }
  fail(Errc::internal, "no list writer for format {}", to_string(format));
}

void OmittedSets::add(std::int64_t norad_id) {
  ++count;
  if (first_ids.size() < kMaxListedIds) {
    first_ids.push_back(norad_id);
  }
}

std::string OmittedSets::warning() const {
  return fmt::format(
      "{} set{} left out that TLE and 2LE cannot carry (the first: NORAD {}); json, "
      "csv, xml and kvn carry every set",
      count, count == 1 ? "" : "s", first_ids.empty() ? 0 : first_ids.front());
}

std::string OmittedSets::id_list() const {
  return fmt::format("{}", fmt::join(first_ids, ","));
}

void write_set(Format format, const ElementSet& set, std::string& out, TleLayout tle_layout) {
  if (format == Format::json) {
    json_set(set, out);
    return;
  }
  if (format == Format::tle || format == Format::two_le) {
    if (const auto problem = tle_output_problem(set)) {
      fail(Errc::bad_request, "{}", *problem);
    }
  }
  const auto writer = make_set_list_writer(format, tle_layout);
  writer->begin(out);
  writer->set(set, out);
  writer->end(out);
}

void write_page_envelope(std::string_view data_json, const PageInfo& page, std::string_view next,
                         std::string_view prev, const HistoryMeta* meta, std::string& out) {
  out += "{\"data\":";
  out += data_json;
  out += ',';
  write_pagination_member(page, next, prev, out);
  append_meta(meta, nullptr, out);
  out += '}';
}

void write_pagination_tail(const PageInfo& page, const HistoryMeta* meta, std::string& out,
                           std::string_view next, std::string_view prev, const Coverage* coverage) {
  out += ',';
  write_pagination_member(page, next, prev, out);
  append_meta(meta, coverage, out);
  out += '}';
}

void write_adjacent_json(const Adjacent& adjacent, std::string& out,
                         const AdjacentQuality* quality) {
  out += "{\"before\":";
  for (const auto* side : {&adjacent.before, &adjacent.after}) {
    if (*side) {
      const QualityFlags* flags = nullptr;
      if (quality != nullptr) {
        flags = side == &adjacent.before ? &quality->before : &quality->after;
      }
      json_set(**side, out, flags);
    } else {
      out += "null";
    }
    if (side == &adjacent.before) {
      out += ",\"after\":";
    }
  }
  out += ",\"gap_hours\":";
  if (adjacent.gap_hours) {
    json::append_number(*adjacent.gap_hours, out);
  } else {
    out += "null";
  }
  out += '}';
}

void write_range_json(const RangeInfo& range, std::string& out) {
  fmt::format_to(std::back_inserter(out),
                 "{{\"norad_id\":{},\"total_elsets\":{},\"year_files\":{},\"earliest_epoch\":",
                 range.norad_id, range.total_elsets, range.year_files);
  json::append_time(range.earliest_epoch, out);
  out += ",\"latest_epoch\":";
  json::append_time(range.latest_epoch, out);
  out += '}';
}

}  // namespace gpq
