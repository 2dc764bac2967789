#include "checked_sink.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <tuple>

#include <fmt/core.h>

#include "gpq/format.h"
#include "gpq/tle.h"

#include "core/printable_text.h"
#include "fuzz_input.h"
#include "storage/block_codec.h"

namespace gpq::fuzz {
namespace {

void require_printable(std::string_view what, std::string_view text) {
  if (auto problem = text_field_problem(what, text)) {
    broken(fmt::format("{} is not printable text: {}", what, *problem));
  }
}

void require(bool holds, std::string_view what, const ElementSet& set) {
  if (!holds) {
    broken(fmt::format("accepted set {} breaks its contract: {}", set.norad_id, what));
  }
}

// OMM ranges (omm_fields.h) or the TLE's (tle.h): whichever way a set came, these hold.
void check_contract(const ElementSet& set) {
  require(set.norad_id >= 1 && set.norad_id <= kMaxNoradId, "NORAD_CAT_ID", set);
  require(set.mean_motion > 0 && set.mean_motion < 100, "MEAN_MOTION", set);
  require(set.eccentricity >= 0 && set.eccentricity < 1, "ECCENTRICITY", set);
  require(set.inclination >= 0 && set.inclination <= 180, "INCLINATION", set);
  for (const double angle : {set.ra_of_asc_node, set.arg_of_pericenter, set.mean_anomaly}) {
    require(angle >= 0 && angle <= 360, "an angle", set);
  }
  for (const double drag : {set.bstar, set.mean_motion_dot, set.mean_motion_ddot}) {
    require(std::isfinite(drag), "BSTAR or a derivative", set);
  }
  require(set.ephemeris_type >= 0 && set.ephemeris_type <= 9, "EPHEMERIS_TYPE", set);
  require(set.element_set_no >= 0 && set.element_set_no <= 99999, "ELEMENT_SET_NO", set);
  require(set.rev_at_epoch >= 0, "REV_AT_EPOCH", set);
  require(valid_classification(set.classification_type), "CLASSIFICATION_TYPE", set);
  require((set.tle_layout & ~kTleLayoutBits) == 0, "tle_layout", set);
  require_printable("OBJECT_NAME", set.object_name);
  require_printable("OBJECT_ID", set.object_id);
}

// A set TLE can carry (tle_output_problem() says none) is written as lines that read back as
// the same object at the same epoch, to the 1e-8 day the TLE epoch holds, with its designator
// or none.
void check_tle_lines(const ElementSet& set, TleLayout layout) {
  const TleLines lines = format_tle_lines(set, layout);
  ElementSet back;
  std::string error;
  if (!parse_tle(lines.line1, lines.line2, back, error)) {
    broken(fmt::format("TLE lines written for set {} do not read back ({}):\n{}\n{}", set.norad_id,
                       error, lines.line1, lines.line2));
  }
  const std::int64_t drift = std::abs(back.epoch.unix_micros() - set.epoch.unix_micros());
  if (back.norad_id != set.norad_id || drift > 432) {
    broken(fmt::format("TLE lines written for set {} read back as set {}, epoch off by {} us",
                       set.norad_id, back.norad_id, drift));
  }
  if (!back.object_id.empty() && back.object_id != set.object_id) {
    broken(fmt::format("TLE lines written for set {} name another designator: {}", set.norad_id,
                       lines.line1));
  }
}

// Writing every set of a long input in six formats costs several times what parsing it does;
// the writers take the first few of each input (which sets come first varies from input to
// input), the contract and the block codec all of them.
constexpr std::size_t kWrittenPerInput = 3;

bool same_bits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// What the block keeps of a set: all but the names and collected_at.
bool same_stored(const ElementSet& a, const ElementSet& b) {
  return a.norad_id == b.norad_id && a.epoch == b.epoch && a.creation_date == b.creation_date &&
         same_bits(a.mean_motion, b.mean_motion) && same_bits(a.eccentricity, b.eccentricity) &&
         same_bits(a.inclination, b.inclination) && same_bits(a.ra_of_asc_node, b.ra_of_asc_node) &&
         same_bits(a.arg_of_pericenter, b.arg_of_pericenter) &&
         same_bits(a.mean_anomaly, b.mean_anomaly) && same_bits(a.bstar, b.bstar) &&
         same_bits(a.mean_motion_dot, b.mean_motion_dot) &&
         same_bits(a.mean_motion_ddot, b.mean_motion_ddot) && a.rev_at_epoch == b.rev_at_epoch &&
         a.classification_type == b.classification_type && a.element_set_no == b.element_set_no &&
         a.ephemeris_type == b.ephemeris_type && a.source == b.source &&
         a.tle_layout == b.tle_layout;
}

// The sets of one object and source, epochs ascending and distinct, cut into blocks as the
// block writer cuts them, each decoded again.
void check_blocks(std::vector<ElementSet> sets) {
  std::stable_sort(sets.begin(), sets.end(), [](const ElementSet& a, const ElementSet& b) {
    return std::tie(a.norad_id, a.source, a.epoch) < std::tie(b.norad_id, b.source, b.epoch);
  });
  std::vector<storage::StoredSet> run;
  std::vector<storage::StoredSet> decoded;
  std::string block;
  const auto flush = [&] {
    std::span<const storage::StoredSet> rest(run);
    while (!rest.empty()) {
      const std::size_t taken = storage::cut_block(rest, block);
      decoded.clear();
      const ElementSet& first = rest.front().set;
      if (!storage::decode_block(block, first.norad_id, first.source, decoded) ||
          decoded.size() != taken) {
        broken(fmt::format("a block of set {} does not decode", first.norad_id));
      }
      for (std::size_t i = 0; i < taken; ++i) {
        if (!same_stored(decoded[i].set, rest[i].set) || decoded[i].run_id != rest[i].run_id) {
          broken(fmt::format("set {} at {} comes back changed from its block", first.norad_id,
                             format_iso8601_micros(first.epoch)));
        }
      }
      rest = rest.subspan(taken);
    }
    run.clear();
  };
  for (const ElementSet& set : sets) {
    if (!run.empty()) {
      const ElementSet& last = run.back().set;
      if (last.norad_id != set.norad_id || last.source != set.source) {
        flush();
      } else if (last.epoch == set.epoch) {
        continue;  // one set per identity, as the writer keeps it
      }
    }
    run.push_back({set, 7});
  }
  flush();
}

}  // namespace

void CheckedSink::element_set(ElementSet&& set) {
  check_contract(set);
  sets_.push_back(std::move(set));
}

void CheckedSink::catalog_record(CatalogRecord&& record) {
  if (record.norad_id < 1 || record.norad_id > kMaxNoradId) {
    broken(fmt::format("accepted catalog record {} has no valid NORAD_CAT_ID", record.norad_id));
  }
  for (const std::string* text : {&record.object_name, &record.object_id, &record.owner,
                                  &record.launch_site, &record.ops_status_code}) {
    require_printable("a SATCAT text field", *text);
  }
  records_.push_back(std::move(record));
}

void CheckedSink::skip(std::uint64_t /*line*/, std::string reason) {
  require_printable("a skip reason", reason);
}

void CheckedSink::finish() {
  for (std::size_t i = 0; i < std::min(sets_.size(), kWrittenPerInput); ++i) {
    const ElementSet& set = sets_[i];
    for (const Format format : {Format::json, Format::xml, Format::kvn, Format::csv}) {
      out_.clear();
      write_set(format, set, out_);
    }
    if (!tle_output_problem(set)) {
      check_tle_lines(set, TleLayout::source);
      check_tle_lines(set, TleLayout::canonical);
    }
  }
  if (!sets_.empty()) {
    check_blocks(std::move(sets_));
  }
  for (std::size_t i = 0; i < std::min(records_.size(), kWrittenPerInput); ++i) {
    const CatalogRecord& record = records_[i];
    out_.clear();
    write_catalog_record_json(record, out_);
    for (const Format format : {Format::json, Format::csv}) {
      out_.clear();
      const auto writer = make_catalog_list_writer(format, true);
      writer->begin(out_);
      writer->record(record, out_);
      writer->end(out_);
    }
  }
  sets_.clear();
  records_.clear();
}

}  // namespace gpq::fuzz
