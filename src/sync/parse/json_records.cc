// JSON records: each leaf object is an OMM/GP record (CelesTrak numbers,
// Space-Track strings, or only TLE lines) or a Space-Track SATCAT record.
#include <deque>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <simdjson.h>

#include "core/printable_text.h"
#include "sync/parse/json_object_splitter.h"
#include "sync/parse/omm_fields.h"
#include "sync/parse/parsers.h"
#include "sync/parse/satcat_fields.h"

namespace gpq::sync {
namespace {

// The object's members as text: strings as they are, numbers in their shortest form,
// null as absent.
struct JsonMembers {
  std::vector<std::pair<std::string_view, std::string_view>> members;
  std::deque<std::string> numbers;  // a deque: the views in `members` stay valid as it grows
  bool numbers_as_strings = false;  // Space-Track writes every value as a string
  bool has_number = false;

  bool read(simdjson::dom::object object) {
    members.clear();
    numbers.clear();
    has_number = false;
    for (const auto field : object) {
      const simdjson::dom::element value = field.value;
      switch (value.type()) {
        case simdjson::dom::element_type::STRING:
          members.emplace_back(field.key, std::string_view(value.get_string().value_unsafe()));
          break;
        case simdjson::dom::element_type::INT64:
          numbers.push_back(fmt::format("{}", value.get_int64().value_unsafe()));
          members.emplace_back(field.key, numbers.back());
          has_number = true;
          break;
        case simdjson::dom::element_type::UINT64:
          numbers.push_back(fmt::format("{}", value.get_uint64().value_unsafe()));
          members.emplace_back(field.key, numbers.back());
          has_number = true;
          break;
        case simdjson::dom::element_type::DOUBLE:
          numbers.push_back(fmt::format("{}", value.get_double().value_unsafe()));
          members.emplace_back(field.key, numbers.back());
          has_number = true;
          break;
        case simdjson::dom::element_type::NULL_VALUE:
          break;
        default:
          return false;  // booleans, or anything a record never holds
      }
    }
    return true;
  }

  std::optional<std::string_view> find(std::string_view name) const {
    for (const auto& [key, value] : members) {
      if (key == name) {
        return value;
      }
    }
    return std::nullopt;
  }
};

// Space-Track satcat rows have SATNAME/INTLDES; CelesTrak's SATCAT JSON has the CSV's keys,
// of which OWNER, OPS_STATUS_CODE and LAUNCH_SITE never occur in a GP record.
bool is_satcat(const JsonMembers& members) {
  if (members.find("SATNAME") || members.find("INTLDES")) {
    return true;
  }
  const bool gp = members.find("EPOCH") || members.find("MEAN_MOTION") || members.find("TLE_LINE1");
  return !gp &&
         (members.find("OWNER") || members.find("OPS_STATUS_CODE") || members.find("LAUNCH_SITE"));
}

// Keys that make an object an element set, however damaged; without any of them it is
// something else (an upstream's error object, say) and is reported as such.
bool is_identifying(OmmKey key) {
  return key == OmmKey::norad_cat_id || key == OmmKey::epoch || key == OmmKey::mean_motion ||
         key == OmmKey::tle_line1 || key == OmmKey::tle_line2;
}

std::string not_a_record(const JsonMembers& members) {
  std::string keys;
  for (std::size_t i = 0; i < members.members.size() && i < 3; ++i) {
    keys += fmt::format("{}\"{}\"", i == 0 ? "" : ", ", excerpt(members.members[i].first));
  }
  if (members.members.size() > 3) {
    keys += ", ...";
  }
  return fmt::format("JSON object {{{}}} is neither an element set nor a SATCAT record", keys);
}

std::optional<std::string_view> json_lookup(const void* context, std::string_view name) {
  return static_cast<const JsonMembers*>(context)->find(name);
}

}  // namespace

void parse_json_records(ByteStream& in, const ParseOptions& options, RecordSink& sink) {
  simdjson::dom::parser parser;
  JsonMembers members;
  OmmFields fields;
  std::string error;
  std::string padded;  // the object's bytes and simdjson's padding, reused for every object
  split_json_objects(
      in,
      [&](std::string_view bytes, std::uint64_t line) {
        padded.assign(bytes);
        padded.append(simdjson::SIMDJSON_PADDING, '\0');
        simdjson::dom::object object;
        if (parser.parse(padded.data(), bytes.size(), false).get(object) != simdjson::SUCCESS) {
          sink.skip(line, "not valid JSON");
          return;
        }
        if (!members.read(object)) {
          sink.skip(line, "a JSON value that is not a string, number or null");
          return;
        }
        if (is_satcat(members)) {
          CatalogRecord record;
          if (build_catalog_record(json_lookup, &members, record, error)) {
            sink.catalog_record(std::move(record));
          } else {
            sink.skip(line, error);
          }
          return;
        }
        fields.clear();
        bool known = false;
        for (const auto& [key, value] : members.members) {
          const auto omm = omm_key(key);
          if (omm && !fields.get(*omm)) {  // a repeated key counts once, as in find()
            fields.set(*omm, value);
            known = known || is_identifying(*omm);
          }
        }
        if (!known) {
          sink.skip(line, not_a_record(members));
          return;
        }
        const bool spacetrack_shape = !members.has_number || members.find("GP_ID") ||
                                      members.find("ORIGINATOR") || members.find("TLE_LINE1");
        const DataSource source = options.forced_source.value_or(
            spacetrack_shape ? DataSource::spacetrack : DataSource::celestrak);
        ElementSet set;
        if (build_element_set(fields, source, options.collected_at, set, error)) {
          sink.element_set(std::move(set));
        } else {
          sink.skip(line, error);
        }
      },
      [&](std::uint64_t line, std::string_view why) { sink.skip(line, std::string(why)); });
}

}  // namespace gpq::sync
