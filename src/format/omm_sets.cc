// CCSDS OMM documents for element sets: NDM/XML and KVN, laid out as CelesTrak
// serves them (docs/FORMATS.md section 2), with a real CREATION_DATE and ORIGINATOR.
#include <iterator>

#include <fmt/core.h>

#include "core/printable_text.h"
#include "format/set_writers.h"

namespace gpq::format_detail {
namespace {

std::string iso_micros(TimePoint t) {
  return format_iso8601_micros(t);
}

// The theory the mean elements belong to: SGP4, or SGP4-XP for Space-Track's sets of that
// type, so that an OMM written back says what the numbers mean.
std::string_view mean_element_theory(const ElementSet& set) {
  return set.ephemeris_type == kSgp4XpEphemerisType ? "SGP4-XP" : "SGP4";
}

}  // namespace

void xml_text(std::string_view text, std::string& out) {
  std::string scratch;
  for (const char c : printable_view(text, scratch)) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
}

std::string omm_creation_date(const ElementSet& set) {
  return set.creation_date ? iso_micros(*set.creation_date) : std::string();
}

void xml_begin(std::string& out) {
  out +=
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<ndm xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
      "xsi:noNamespaceSchemaLocation=\"https://sanaregistry.org/r/ndmxml_unqualified/"
      "ndmxml-2.0.0-master-2.0.xsd\">\n";
}

void xml_end(std::string& out) {
  out += "</ndm>\n";
}

void xml_set(const ElementSet& set, std::string& out) {
  auto it = std::back_inserter(out);
  const std::string creation = omm_creation_date(set);
  fmt::format_to(
      it,
      "<omm id=\"CCSDS_OMM_VERS\" version=\"2.0\"><header>{}<ORIGINATOR>{}"
      "</ORIGINATOR></header><body><segment><metadata><OBJECT_NAME>",
      creation.empty() ? "<CREATION_DATE/>" : "<CREATION_DATE>" + creation + "</CREATION_DATE>",
      kOriginator);
  xml_text(set.object_name, out);
  out += "</OBJECT_NAME><OBJECT_ID>";
  xml_text(set.object_id, out);
  fmt::format_to(
      it,
      "</OBJECT_ID><CENTER_NAME>EARTH</CENTER_NAME><REF_FRAME>TEME</REF_FRAME>"
      "<TIME_SYSTEM>UTC</TIME_SYSTEM><MEAN_ELEMENT_THEORY>{}</MEAN_ELEMENT_THEORY></metadata>"
      "<data><meanElements><EPOCH>{}</EPOCH><MEAN_MOTION>{:.8f}</MEAN_MOTION>"
      "<ECCENTRICITY>{}</ECCENTRICITY><INCLINATION>{}</INCLINATION>"
      "<RA_OF_ASC_NODE>{}</RA_OF_ASC_NODE><ARG_OF_PERICENTER>{}</ARG_OF_PERICENTER>"
      "<MEAN_ANOMALY>{}</MEAN_ANOMALY></meanElements><tleParameters>"
      "<EPHEMERIS_TYPE>{}</EPHEMERIS_TYPE><CLASSIFICATION_TYPE>",
      mean_element_theory(set), iso_micros(set.epoch), set.mean_motion, set.eccentricity,
      set.inclination, set.ra_of_asc_node, set.arg_of_pericenter, set.mean_anomaly,
      static_cast<int>(set.ephemeris_type));
  xml_text(std::string_view(&set.classification_type, 1), out);
  fmt::format_to(
      it,
      "</CLASSIFICATION_TYPE><NORAD_CAT_ID>{}</NORAD_CAT_ID><ELEMENT_SET_NO>{}</ELEMENT_SET_NO>"
      "<REV_AT_EPOCH>{}</REV_AT_EPOCH><BSTAR>{}</BSTAR><MEAN_MOTION_DOT>{}</MEAN_MOTION_DOT>"
      "<MEAN_MOTION_DDOT>{}</MEAN_MOTION_DDOT></tleParameters></data></segment></body></omm>\n",
      set.norad_id, set.element_set_no, set.rev_at_epoch, set.bstar, set.mean_motion_dot,
      set.mean_motion_ddot);
}

void kvn_set(const ElementSet& set, std::string& out) {
  auto it = std::back_inserter(out);
  const auto line = [&](std::string_view key, const auto& value) {
    // Keys padded to 15 columns; longer keys get one blank (CelesTrak's layout).
    fmt::format_to(it, "{:<15}{}= {}\n", key, key.size() >= 15 ? " " : "", value);
  };
  line("CCSDS_OMM_VERS", "2.0");
  line("CREATION_DATE", omm_creation_date(set));
  line("ORIGINATOR", kOriginator);
  out += '\n';
  // KVN is one keyword a line: values never hold a line break.
  std::string scratch;
  line("OBJECT_NAME", printable_view(set.object_name, scratch));
  line("OBJECT_ID", printable_view(set.object_id, scratch));
  line("CENTER_NAME", "EARTH");
  line("REF_FRAME", "TEME");
  line("TIME_SYSTEM", "UTC");
  line("MEAN_ELEMENT_THEORY", mean_element_theory(set));
  out += '\n';
  line("EPOCH", iso_micros(set.epoch));
  line("MEAN_MOTION", fmt::format("{:.8f}", set.mean_motion));
  line("ECCENTRICITY", set.eccentricity);
  line("INCLINATION", set.inclination);
  line("RA_OF_ASC_NODE", set.ra_of_asc_node);
  line("ARG_OF_PERICENTER", set.arg_of_pericenter);
  line("MEAN_ANOMALY", set.mean_anomaly);
  out += '\n';
  line("EPHEMERIS_TYPE", static_cast<int>(set.ephemeris_type));
  line("CLASSIFICATION_TYPE",
       printable_view(std::string_view(&set.classification_type, 1), scratch));
  line("NORAD_CAT_ID", set.norad_id);
  line("ELEMENT_SET_NO", set.element_set_no);
  line("REV_AT_EPOCH", set.rev_at_epoch);
  line("BSTAR", set.bstar);
  line("MEAN_MOTION_DOT", set.mean_motion_dot);
  line("MEAN_MOTION_DDOT", set.mean_motion_ddot);
}

}  // namespace gpq::format_detail
