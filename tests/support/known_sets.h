// Known element sets for the format tests: docs/FORMATS.md section 9's ISS set, field by field
// (not through any parser), and a time helper that fails the test on a typo.
#pragma once

#include <optional>
#include <string_view>

#include <gtest/gtest.h>

#include "gpq/element_set.h"
#include "gpq/time.h"

namespace gpq::test {

inline TimePoint at(std::string_view text) {
  const std::optional<TimePoint> t = parse_iso8601(text);
  EXPECT_TRUE(t.has_value()) << text;
  return t.value_or(TimePoint{});
}

// docs/FORMATS.md section 9, T1, field by field (not through the TLE parser).
inline ElementSet iss() {
  ElementSet set;
  set.norad_id = 25544;
  set.object_name = "ISS (ZARYA)";
  set.object_id = "1998-067A";
  set.epoch = at("2026-05-23T19:25:57.298080");
  set.mean_motion = 15.49334650;
  set.eccentricity = 0.0007520;
  set.inclination = 51.6325;
  set.ra_of_asc_node = 60.7811;
  set.arg_of_pericenter = 90.7634;
  set.mean_anomaly = 269.4217;
  set.bstar = 1.3771e-4;
  set.mean_motion_dot = 7.235e-5;
  set.mean_motion_ddot = 0;
  set.rev_at_epoch = 56797;
  set.classification_type = 'U';
  set.element_set_no = 999;
  set.ephemeris_type = 0;
  set.source = DataSource::celestrak;
  set.collected_at = at("2026-05-24T06:00:00");
  return set;
}

}  // namespace gpq::test
