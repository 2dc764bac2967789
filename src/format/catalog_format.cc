// Catalog records in JSON (full and list forms) and CSV.
#include <iterator>

#include "gpq/error.h"
#include "gpq/format.h"

#include "format/csv_field.h"
#include "format/json_writer.h"

namespace gpq {
namespace {

void text_or_null(const std::string& text, std::string& out) {
  if (text.empty()) {
    out += "null";
  } else {
    json::append_string(text, out);
  }
}

void date_or_null(const std::optional<TimePoint>& date, std::string& out) {
  if (date) {
    out += '"';
    out += format_date(*date);
    out += '"';
  } else {
    out += "null";
  }
}

void number_or_null(const std::optional<double>& value, std::string& out) {
  if (value) {
    json::append_number(*value, out);
  } else {
    out += "null";
  }
}

void catalog_json(const CatalogRecord& r, bool full, std::string& out) {
  fmt::format_to(std::back_inserter(out), "{{\"NORAD_CAT_ID\":{},\"OBJECT_NAME\":", r.norad_id);
  json::append_string(r.object_name, out);
  out += ",\"OBJECT_ID\":";
  text_or_null(r.object_id, out);
  out += ",\"OBJECT_TYPE\":";
  if (r.object_type) {
    json::append_string(to_string(*r.object_type), out);
  } else {
    out += "null";
  }
  out += ",\"OPS_STATUS_CODE\":";
  text_or_null(r.ops_status_code, out);
  out += ",\"OWNER\":";
  text_or_null(r.owner, out);
  out += ",\"LAUNCH_DATE\":";
  date_or_null(r.launch_date, out);
  if (full) {
    out += ",\"LAUNCH_SITE\":";
    text_or_null(r.launch_site, out);
  }
  out += ",\"DECAY_DATE\":";
  date_or_null(r.decay_date, out);
  if (full) {
    const std::pair<std::string_view, const std::optional<double>*> numbers[] = {
        {",\"PERIOD_MINUTES\":", &r.period_minutes},
        {",\"INCLINATION_DEG\":", &r.inclination_deg},
        {",\"APOGEE_KM\":", &r.apogee_km},
        {",\"PERIGEE_KM\":", &r.perigee_km},
    };
    for (const auto& [key, value] : numbers) {
      out += key;
      number_or_null(*value, out);
    }
  }
  out += '}';
}

void csv_optional(const std::optional<double>& value, std::string& out) {
  out += ',';
  if (value) {
    fmt::format_to(std::back_inserter(out), "{}", *value);
  }
}

class JsonCatalogList final : public CatalogListWriter {
 public:
  explicit JsonCatalogList(bool full) : full_(full) {}
  void begin(std::string& out) override {
    out += '[';
    first_ = true;
  }
  void record(const CatalogRecord& record, std::string& out) override {
    if (!first_) {
      out += ',';
    }
    first_ = false;
    catalog_json(record, full_, out);
  }
  void end(std::string& out) override { out += ']'; }

 private:
  bool full_;
  bool first_ = true;
};

class CsvCatalogList final : public CatalogListWriter {
 public:
  explicit CsvCatalogList(bool full) : full_(full) {}
  void begin(std::string& out) override {
    out += full_ ? "NORAD_CAT_ID,OBJECT_NAME,OBJECT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,"
                   "LAUNCH_DATE,LAUNCH_SITE,DECAY_DATE,PERIOD_MINUTES,INCLINATION_DEG,APOGEE_KM,"
                   "PERIGEE_KM\n"
                 : "NORAD_CAT_ID,OBJECT_NAME,OBJECT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,"
                   "LAUNCH_DATE,DECAY_DATE\n";
  }
  void record(const CatalogRecord& r, std::string& out) override {
    fmt::format_to(std::back_inserter(out), "{},", r.norad_id);
    format_detail::append_csv_field(r.object_name, out);
    out += ',';
    format_detail::append_csv_field(r.object_id, out);
    out += ',';
    out += r.object_type ? to_string(*r.object_type) : "";
    out += ',';
    format_detail::append_csv_field(r.ops_status_code, out);
    out += ',';
    format_detail::append_csv_field(r.owner, out);
    out += ',';
    out += r.launch_date ? format_date(*r.launch_date) : "";
    if (full_) {
      out += ',';
      format_detail::append_csv_field(r.launch_site, out);
    }
    out += ',';
    out += r.decay_date ? format_date(*r.decay_date) : "";
    if (full_) {
      csv_optional(r.period_minutes, out);
      csv_optional(r.inclination_deg, out);
      csv_optional(r.apogee_km, out);
      csv_optional(r.perigee_km, out);
    }
    out += '\n';
  }
  void end(std::string&) override {}

 private:
  bool full_;
};

}  // namespace

void write_catalog_record_json(const CatalogRecord& record, std::string& out) {
  catalog_json(record, true, out);
}

std::unique_ptr<CatalogListWriter> make_catalog_list_writer(Format format, bool full) {
  if (format == Format::json) {
    return std::make_unique<JsonCatalogList>(full);
  }
  if (format == Format::csv) {
    return std::make_unique<CsvCatalogList>(full);
  }
  fail(Errc::internal, "no catalog writer for format {}", to_string(format));
}

}  // namespace gpq
