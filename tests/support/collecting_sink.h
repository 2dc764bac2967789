// A RecordSink that keeps everything it is given, for parser tests, and a
// one-field-per-line text of what it kept, so that a mismatch shows as a diff
// naming the field.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/time.h"

#include "sync/record_sink.h"

namespace gpq::test {

class CollectingSink final : public sync::RecordSink {
 public:
  struct Skip {
    std::uint64_t line;
    std::string reason;
  };

  void element_set(ElementSet&& set) override { sets.push_back(std::move(set)); }
  void catalog_record(CatalogRecord&& record) override { records.push_back(std::move(record)); }
  void skip(std::uint64_t line, std::string reason) override {
    skips.push_back({line, std::move(reason)});
  }

  // "line 3: reason; line 9: reason" for failure messages.
  std::string skips_text() const {
    std::string text;
    for (const Skip& skip : skips) {
      text += fmt::format("{}line {}: {}", text.empty() ? "" : "; ", skip.line, skip.reason);
    }
    return text;
  }

  std::vector<ElementSet> sets;
  std::vector<CatalogRecord> records;
  std::vector<Skip> skips;
};

// Every field of a set, one per line. Doubles print in their shortest round-trip form, so
// equal text means bit-equal values; the epoch prints to the microsecond.
inline std::string describe(const ElementSet& set) {
  return fmt::format(
      "norad_id {}\nobject_name '{}'\nobject_id '{}'\nepoch {}\nmean_motion {}\n"
      "eccentricity {}\ninclination {}\nra_of_asc_node {}\narg_of_pericenter {}\n"
      "mean_anomaly {}\nbstar {}\nmean_motion_dot {}\nmean_motion_ddot {}\nrev_at_epoch {}\n"
      "classification_type {}\nelement_set_no {}\nephemeris_type {}\nsource {}\n"
      "creation_date {}\n",
      set.norad_id, set.object_name, set.object_id, format_iso8601_micros(set.epoch),
      set.mean_motion, set.eccentricity, set.inclination, set.ra_of_asc_node, set.arg_of_pericenter,
      set.mean_anomaly, set.bstar, set.mean_motion_dot, set.mean_motion_ddot, set.rev_at_epoch,
      set.classification_type, set.element_set_no, static_cast<int>(set.ephemeris_type),
      to_string(set.source),
      set.creation_date ? format_iso8601_micros(*set.creation_date) : std::string("none"));
}

// Every field of a catalog record, one per line; "none" for an absent value.
inline std::string describe(const CatalogRecord& record) {
  const auto date = [](const std::optional<TimePoint>& t) {
    return t ? format_date(*t) : std::string("none");
  };
  const auto number = [](const std::optional<double>& x) {
    return x ? fmt::format("{}", *x) : std::string("none");
  };
  return fmt::format(
      "norad_id {}\nobject_name '{}'\nobject_id '{}'\nobject_type {}\nops_status_code '{}'\n"
      "owner '{}'\nlaunch_date {}\nlaunch_site '{}'\ndecay_date {}\nperiod_minutes {}\n"
      "inclination_deg {}\napogee_km {}\nperigee_km {}\n",
      record.norad_id, record.object_name, record.object_id,
      record.object_type ? to_string(*record.object_type) : "none", record.ops_status_code,
      record.owner, date(record.launch_date), record.launch_site, date(record.decay_date),
      number(record.period_minutes), number(record.inclination_deg), number(record.apogee_km),
      number(record.perigee_km));
}

}  // namespace gpq::test
