// One conjunction as a CCSDS Conjunction Data Message (508.0-B-1), KVN or XML. A GP set has
// no covariance: docs/CONJUNCTIONS.md, "CDM", says what the mandatory fields hold instead.
#include <iterator>
#include <string>
#include <string_view>

#include <fmt/core.h>

#include "gpq/conjunction_format.h"

#include "format/set_writers.h"

namespace gpq {
namespace {

using format_detail::xml_text;

// CDM times: UTC, no zone letter.
std::string cdm_time(TimePoint t) {
  std::string text = format_iso8601_millis(t);
  if (text.ends_with('Z')) {
    text.pop_back();
  }
  return text;
}

// Writes each field as a KVN line (`NAME = value [unit]`) or an XML element; XML's groups
// open and close around their fields and are nothing in KVN.
class CdmWriter {
 public:
  CdmWriter(bool xml, std::string& out) : xml_(xml), out_(out) {}

  void field(std::string_view name, std::string_view value, std::string_view unit = {}) {
    if (!xml_) {
      fmt::format_to(std::back_inserter(out_), "{:<32} = ", name);
      out_ += value;
      if (!unit.empty()) {
        fmt::format_to(std::back_inserter(out_), " [{}]", unit);
      }
      out_ += '\n';
      return;
    }
    fmt::format_to(std::back_inserter(out_), "<{}", name);
    if (!unit.empty()) {
      fmt::format_to(std::back_inserter(out_), " units=\"{}\"", unit);
    }
    out_ += '>';
    xml_text(value, out_);
    fmt::format_to(std::back_inserter(out_), "</{}>\n", name);
  }
  void number(std::string_view name, double value, std::string_view unit, int decimals = 3) {
    field(name, fmt::format("{:.{}f}", value, decimals), unit);
  }
  void comment(std::string_view text) {
    if (xml_) {
      field("COMMENT", text);
    } else {
      out_ += "COMMENT ";
      out_ += text;
      out_ += '\n';
    }
  }
  void open(std::string_view group) {
    if (xml_) {
      fmt::format_to(std::back_inserter(out_), "<{}>\n", group);
    }
  }
  void close(std::string_view group) {
    if (xml_) {
      fmt::format_to(std::back_inserter(out_), "</{}>\n", group);
    }
  }

 private:
  bool xml_;
  std::string& out_;
};

constexpr std::string_view kCovarianceNames[] = {
    "CR_R",       "CT_R",    "CT_T",       "CN_R",    "CN_T",       "CN_N",       "CRDOT_R",
    "CRDOT_T",    "CRDOT_N", "CRDOT_RDOT", "CTDOT_R", "CTDOT_T",    "CTDOT_N",    "CTDOT_RDOT",
    "CTDOT_TDOT", "CNDOT_R", "CNDOT_T",    "CNDOT_N", "CNDOT_RDOT", "CNDOT_TDOT", "CNDOT_NDOT"};

std::string_view covariance_unit(std::size_t index) {
  if (index < 6) {
    return "m**2";
  }
  // Rows of a velocity: its columns of position are m**2/s, of velocity m**2/s**2.
  constexpr bool kVelocityColumn[] = {false, false, false, true,  false, false, false, true,
                                      true,  false, false, false, true,  true,  true};
  return kVelocityColumn[index - 6] ? "m**2/s**2" : "m**2/s";
}

void object_segment(CdmWriter& cdm, std::string_view which, const ConjunctionObject& object,
                    double position_variance_m2) {
  cdm.open("segment");
  cdm.open("metadata");
  cdm.field("OBJECT", which);
  cdm.field("OBJECT_DESIGNATOR", std::to_string(object.norad_id));
  cdm.field("CATALOG_NAME", "SATCAT");
  cdm.field("OBJECT_NAME", object.object_name.empty() ? "UNKNOWN" : object.object_name);
  cdm.field("INTERNATIONAL_DESIGNATOR", object.object_id.empty() ? "UNKNOWN" : object.object_id);
  cdm.field("EPHEMERIS_NAME", "NONE");
  cdm.field("COVARIANCE_METHOD", "DEFAULT");
  cdm.field("MANEUVERABLE", "N/A");
  cdm.field("ORBIT_CENTER", "EARTH");
  cdm.field("REF_FRAME", "ITRF");
  cdm.close("metadata");
  cdm.open("data");
  cdm.comment(
      fmt::format("GP element set of {} ({}), propagated with SGP4, {:.3f} days from "
                  "its epoch",
                  cdm_time(object.set_epoch), to_string(object.source), object.days_since_epoch));
  cdm.comment(
      "Covariance: none in a GP set; the position variance that maximises the "
      "collision probability (the dilution threshold squared, half to each object), "
      "velocity terms 0");
  cdm.open("stateVector");
  constexpr std::string_view kPosition[] = {"X", "Y", "Z"};
  constexpr std::string_view kVelocity[] = {"X_DOT", "Y_DOT", "Z_DOT"};
  for (int k = 0; k < 3; ++k) {
    cdm.number(kPosition[k], object.itrf_position_km[k], "km", 6);
  }
  for (int k = 0; k < 3; ++k) {
    cdm.number(kVelocity[k], object.itrf_velocity_km_s[k], "km/s", 9);
  }
  cdm.close("stateVector");
  cdm.open("covarianceMatrix");
  for (std::size_t i = 0; i < std::size(kCovarianceNames); ++i) {
    const bool position_diagonal = i == 0 || i == 2 || i == 5;
    cdm.field(kCovarianceNames[i],
              fmt::format("{:.6e}", position_diagonal ? position_variance_m2 : 0.0),
              covariance_unit(i));
  }
  cdm.close("covarianceMatrix");
  cdm.close("data");
  cdm.close("segment");
}

}  // namespace

void write_cdm(const ConjunctionEvent& event, const ConjunctionQuery& query, bool xml,
               std::string& out) {
  CdmWriter cdm(xml, out);
  if (xml) {
    out += "<cdm id=\"CCSDS_CDM_VERS\" version=\"1.0\">\n";
  } else {
    cdm.field("CCSDS_CDM_VERS", "1.0");
  }
  cdm.open("header");
  // The later of the two sets' arrivals: the same data gives the same message.
  cdm.field("CREATION_DATE",
            cdm_time(std::max(event.primary.collected_at, event.secondary.collected_at)));
  cdm.field("ORIGINATOR", "gpq");
  cdm.field("MESSAGE_ID", fmt::format("GPQ_{}_{}_{}", event.primary.norad_id,
                                      event.secondary.norad_id, cdm_time(event.tca)));
  cdm.close("header");
  if (xml) {
    out += "<body>\n";
  }
  cdm.open("relativeMetadataData");
  cdm.field("TCA", cdm_time(event.tca));
  cdm.number("MISS_DISTANCE", event.miss_m, "m");
  cdm.number("RELATIVE_SPEED", event.relative_speed_km_s * 1e3, "m/s");
  cdm.open("relativeStateVector");
  constexpr std::string_view kPosition[] = {"RELATIVE_POSITION_R", "RELATIVE_POSITION_T",
                                            "RELATIVE_POSITION_N"};
  constexpr std::string_view kVelocity[] = {"RELATIVE_VELOCITY_R", "RELATIVE_VELOCITY_T",
                                            "RELATIVE_VELOCITY_N"};
  for (int k = 0; k < 3; ++k) {
    cdm.number(kPosition[k], event.miss_rtn_m[k], "m");
  }
  for (int k = 0; k < 3; ++k) {
    cdm.number(kVelocity[k], event.relative_velocity_rtn_m_s[k], "m/s");
  }
  cdm.close("relativeStateVector");
  cdm.field("COLLISION_PROBABILITY", fmt::format("{:.4e}", event.max_probability));
  cdm.field("COLLISION_PROBABILITY_METHOD", "ALFANO-2005");
  cdm.comment(
      fmt::format("Maximum probability for a combined hard-body radius of {} m; "
                  "dilution threshold {:.4f} km",
                  query.hard_body_radius_m, event.dilution_threshold_km));
  cdm.close("relativeMetadataData");
  const double sigma_m = event.dilution_threshold_km * 1e3;
  object_segment(cdm, "OBJECT1", event.primary, sigma_m * sigma_m / 2);
  object_segment(cdm, "OBJECT2", event.secondary, sigma_m * sigma_m / 2);
  if (xml) {
    out += "</body>\n</cdm>\n";
  }
}

}  // namespace gpq
