// Ephemeris pages in json, csv, table and CCSDS OEM (Orbit Data Messages, CCSDS 502.0-B-3,
// KVN): one OEM segment per element set the archive answers with.
#include <iterator>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/format.h"
#include "gpq/orbit_format.h"

#include "core/printable_text.h"
#include "format/json_writer.h"
#include "format/orbit_fields.h"
#include "format/plain_table.h"

namespace gpq {
namespace {

using namespace format_detail;

double step_seconds(const EphemerisPlan& plan) {
  return static_cast<double>(plan.query.step_micros) / 1e6;
}

class JsonEphemeris final : public EphemerisWriter {
 public:
  explicit JsonEphemeris(const EphemerisWriterOptions& options)
      : next_(options.next), prev_(options.prev) {}

  void begin(const EphemerisPlan& plan, std::string& out) override {
    plan_ = &plan;
    out += "{\"data\":[";
  }
  void segment(const SetUse&, std::string&) override {}
  void point(const OrbitPoint& point, std::string& out) override {
    out += first_ ? "{" : ",{";
    first_ = false;
    append_point_json_fields(point, plan_->query.frame, out);
    out += '}';
  }
  void end(std::string& out) override {
    const EphemerisPlan& plan = *plan_;
    out += "],";
    write_pagination_member(plan.page, next_, prev_, out);
    fmt::format_to(std::back_inserter(out),
                   ",\"meta\":{{\"norad_id\":{},\"object_name\":", plan.norad_id);
    json::append_string(plan.object_name, out);
    out += ",\"object_id\":";
    if (plan.object_id.empty()) {
      out += "null";
    } else {
      json::append_string(plan.object_id, out);
    }
    out += ",\"ref_frame\":";
    json::append_string(ref_frame_name(plan.query.frame), out);
    out += ",\"frame\":";
    json::append_string(to_string(plan.query.frame), out);
    out += ",\"center_name\":\"EARTH\",\"time_system\":\"UTC\",\"start\":";
    json::append_time(plan.query.start, out);
    out += ",\"end\":";
    json::append_time(plan.query.end, out);
    out += ",\"step_seconds\":";
    json::append_number(step_seconds(plan), out);
    out += ",\"sets\":[";
    for (std::size_t i = 0; i < plan.sets.size(); ++i) {
      const SetUse& use = plan.sets[i];
      out += i == 0 ? "{\"set_epoch\":" : ",{\"set_epoch\":";
      json::append_time(use.set_epoch, out);
      out += ",\"data_source\":";
      json::append_string(to_string(use.source), out);
      out += ",\"first\":";
      json::append_time(use.first, out);
      out += ",\"last\":";
      json::append_time(use.last, out);
      fmt::format_to(std::back_inserter(out), ",\"points\":{}}}", use.points);
    }
    out += "]}}";
  }

 private:
  std::string_view next_;
  std::string_view prev_;
  const EphemerisPlan* plan_ = nullptr;
  bool first_ = true;
};

class CsvEphemeris final : public EphemerisWriter {
 public:
  void begin(const EphemerisPlan& plan, std::string& out) override {
    frame_ = plan.query.frame;
    append_point_csv_header(frame_, out);
    out += '\n';
  }
  void segment(const SetUse&, std::string&) override {}
  void point(const OrbitPoint& point, std::string& out) override {
    append_point_csv_row(point, frame_, out);
    out += '\n';
  }
  void end(std::string&) override {}

 private:
  OrbitFrame frame_ = OrbitFrame::teme;
};

class TableEphemeris final : public EphemerisWriter {
 public:
  explicit TableEphemeris(bool colour) : colour_(colour) {}
  void begin(const EphemerisPlan& plan, std::string&) override { frame_ = plan.query.frame; }
  void segment(const SetUse&, std::string&) override {}
  void point(const OrbitPoint& point, std::string&) override {
    header_.clear();
    right_.clear();
    rows_.emplace_back();
    append_point_table(point, frame_, header_, rows_.back(), right_);
  }
  void end(std::string& out) override {
    if (rows_.empty()) {
      return;
    }
    append_plain_table(header_, rows_, right_, colour_, out);
  }

 private:
  bool colour_;
  OrbitFrame frame_ = OrbitFrame::teme;
  TableRow header_;
  std::vector<bool> right_;
  std::vector<TableRow> rows_;
};

// KVN values are one line of printable ASCII.
std::string kvn_value(std::string_view text) {
  std::string out;
  for (const char c : text) {
    out += (c >= 0x20 && c < 0x7f) ? c : '?';
  }
  return out;
}

class OemEphemeris final : public EphemerisWriter {
 public:
  void begin(const EphemerisPlan& plan, std::string& out) override {
    plan_ = &plan;
    out += "CCSDS_OEM_VERS = 3.0\n";
    fmt::format_to(std::back_inserter(out),
                   "COMMENT SGP4 states of NORAD {} from the element sets of a gpq mirror\n",
                   plan.norad_id);
    out += "COMMENT each segment is propagated from the set named in its first comment\n";
    fmt::format_to(std::back_inserter(out), "CREATION_DATE = {}\nORIGINATOR = gpq\n",
                   format_iso8601_micros(plan.created));
  }

  void segment(const SetUse& use, std::string& out) override {
    const EphemerisPlan& plan = *plan_;
    out += "\nMETA_START\n";
    fmt::format_to(std::back_inserter(out), "COMMENT element set EPOCH {} DATA_SOURCE {}\n",
                   format_iso8601_micros(use.set_epoch), to_string(use.source));
    fmt::format_to(std::back_inserter(out),
                   "OBJECT_NAME = {}\nOBJECT_ID = {}\nCENTER_NAME = EARTH\nREF_FRAME = {}\n"
                   "TIME_SYSTEM = UTC\nSTART_TIME = {}\nSTOP_TIME = {}\nMETA_STOP\n\n",
                   kvn_value(plan.object_name.empty() ? "UNKNOWN" : plan.object_name),
                   kvn_value(plan.object_id.empty() ? "UNKNOWN" : plan.object_id),
                   ref_frame_name(plan.query.frame), format_iso8601_micros(use.first),
                   format_iso8601_micros(use.last));
  }

  void point(const OrbitPoint& p, std::string& out) override {
    fmt::format_to(std::back_inserter(out), "{} {:.6f} {:.6f} {:.6f} {:.9f} {:.9f} {:.9f}\n",
                   format_iso8601_micros(p.epoch), p.position_km[0], p.position_km[1],
                   p.position_km[2], p.velocity_km_s[0], p.velocity_km_s[1], p.velocity_km_s[2]);
  }

  void end(std::string&) override {}

 private:
  const EphemerisPlan* plan_ = nullptr;
};

}  // namespace

std::unique_ptr<EphemerisWriter> make_ephemeris_writer(Format format,
                                                       const EphemerisWriterOptions& options) {
  switch (format) {
    case Format::json:
      return std::make_unique<JsonEphemeris>(options);
    case Format::csv:
      return std::make_unique<CsvEphemeris>();
    case Format::table:
      return std::make_unique<TableEphemeris>(options.colour);
    case Format::oem:
      return std::make_unique<OemEphemeris>();
    default:
      break;
  }
  fail(Errc::internal, "no ephemeris writer for format {}", to_string(format));
}

}  // namespace gpq
