// SATCAT values to a CatalogRecord.
#include "sync/parse/satcat_fields.h"

#include <utility>

#include <fmt/core.h>

#include "gpq/element_set.h"

#include "core/printable_text.h"
#include "core/text.h"
#include "sync/parse/omm_fields.h"

namespace gpq::sync {
namespace {

struct Fields {
  FieldLookup lookup;
  const void* context;

  std::string text(std::string_view name, std::string_view fallback_name = {}) const {
    return named_text(name, fallback_name).second;
  }
  // The name the value was found under (for messages) and the value.
  std::pair<std::string_view, std::string> named_text(std::string_view name,
                                                      std::string_view fallback_name) const {
    auto value = lookup(context, name);
    if (!value && !fallback_name.empty()) {
      value = lookup(context, fallback_name);
      if (value) {
        name = fallback_name;
      }
    }
    return {name, value ? std::string(trim(*value)) : std::string()};
  }
  bool present(std::string_view name) const { return lookup(context, name).has_value(); }
};

bool date(const Fields& fields, std::string_view name, std::string_view fallback,
          std::optional<TimePoint>& out, std::string& error) {
  const auto [found_name, text] = fields.named_text(name, fallback);
  if (text.empty()) {
    out.reset();
    return true;
  }
  out = parse_iso8601(text);
  if (!out) {
    error = fmt::format("{} '{}' is not a date", found_name, excerpt(text));
    return false;
  }
  return true;
}

bool number(const Fields& fields, std::string_view name, std::optional<double>& out,
            std::string& error) {
  const std::string text = fields.text(name);
  if (text.empty()) {
    out.reset();
    return true;
  }
  out = parse_number(text);
  if (!out) {
    error = fmt::format("{} '{}' is not a number", name, excerpt(text));
    return false;
  }
  return true;
}

}  // namespace

bool build_catalog_record(FieldLookup lookup, const void* context, CatalogRecord& out,
                          std::string& error) {
  const Fields fields{lookup, context};
  CatalogRecord record;
  const std::string id_text = fields.text("NORAD_CAT_ID");
  const auto id = parse_number(id_text);
  if (!id || *id < 1 || *id > kMaxNoradId || *id != static_cast<double>(static_cast<long>(*id))) {
    error = fmt::format("NORAD_CAT_ID '{}' is not a catalog number", excerpt(id_text));
    return false;
  }
  record.norad_id = static_cast<std::int32_t>(*id);
  record.object_name = fields.text("OBJECT_NAME", "SATNAME");
  record.object_id = fields.text("OBJECT_ID", "INTLDES");
  const std::string type = fields.text("OBJECT_TYPE");
  if (!type.empty()) {
    record.object_type = parse_object_type(type);
    if (!record.object_type) {
      error = fmt::format("OBJECT_TYPE '{}' is not known", excerpt(type));
      return false;
    }
  }
  record.owner = fields.text("OWNER", "COUNTRY");
  record.launch_site = fields.text("LAUNCH_SITE", "SITE");
  if (!date(fields, "LAUNCH_DATE", "LAUNCH", record.launch_date, error) ||
      !date(fields, "DECAY_DATE", "DECAY", record.decay_date, error) ||
      !number(fields, "PERIOD", record.period_minutes, error) ||
      !number(fields, "INCLINATION", record.inclination_deg, error) ||
      !number(fields, "APOGEE", record.apogee_km, error) ||
      !number(fields, "PERIGEE", record.perigee_km, error)) {
    return false;
  }
  if (fields.present("OPS_STATUS_CODE")) {
    record.ops_status_code = fields.text("OPS_STATUS_CODE");
  } else if (record.decay_date) {
    record.ops_status_code = "D";
  } else {
    record.ops_status_given = false;  // Space-Track: whatever CelesTrak said stays
  }
  const std::pair<std::string_view, const std::string*> texts[] = {
      {"OBJECT_NAME", &record.object_name},
      {"OBJECT_ID", &record.object_id},
      {"OWNER", &record.owner},
      {"LAUNCH_SITE", &record.launch_site},
      {"OPS_STATUS_CODE", &record.ops_status_code}};
  for (const auto& [name, value] : texts) {
    if (auto problem = text_field_problem(name, *value)) {
      error = std::move(*problem);
      return false;
    }
  }
  out = std::move(record);
  return true;
}

}  // namespace gpq::sync
