#include "core/group_rules.h"

#include <algorithm>
#include <span>

#include "gpq/element_set.h"

namespace gpq {
namespace {

constexpr std::int64_t kThirtyDays = 30 * kMicrosPerDay;

constexpr std::string_view kStations[] = {"ISS (",    "CSS (",       "TIANHE",   "WENTIAN",
                                          "MENGTIAN", "SHENZHOU",    "TIANZHOU", "PROGRESS-MS",
                                          "SOYUZ-MS", "CREW DRAGON", "CYGNUS"};
constexpr std::string_view kStarlink[] = {"STARLINK"};
constexpr std::string_view kOneweb[] = {"ONEWEB"};
constexpr std::string_view kGps[] = {"GPS B", "NAVSTAR"};
constexpr std::string_view kGlonass[] = {"GLONASS"};
constexpr std::string_view kGalileo[] = {"GALILEO", "GSAT0"};
constexpr std::string_view kBeidou[] = {"BEIDOU"};
constexpr std::string_view kWeather[] = {"NOAA",      "GOES",     "METEOSAT",   "METEOR-M",
                                         "FENGYUN",   "HIMAWARI", "METOP",      "DMSP",
                                         "ELEKTRO-L", "INSAT-3D", "GEO-KOMPSAT"};

// A group decided by the name alone: it starts with, or contains, one of the words.
struct NameRule {
  std::string_view group;
  std::span<const std::string_view> words;
  bool prefix_only;
};

constexpr NameRule kNameRules[] = {
    {"stations", kStations, false}, {"starlink", kStarlink, true}, {"oneweb", kOneweb, true},
    {"gps-ops", kGps, false},       {"glo-ops", kGlonass, false},  {"galileo", kGalileo, false},
    {"beidou", kBeidou, false},     {"weather", kWeather, false},
};

bool name_matches(const NameRule& rule, std::string_view name_upper) {
  return std::any_of(rule.words.begin(), rule.words.end(), [&](std::string_view word) {
    return rule.prefix_only ? name_upper.starts_with(word)
                            : name_upper.find(word) != std::string_view::npos;
  });
}

bool launched_within_30_days(const CatalogRecord* record, TimePoint now) {
  return record != nullptr && record->launch_date &&
         now.unix_micros() - record->launch_date->unix_micros() <= kThirtyDays;
}

}  // namespace

TimePoint decayed_from(TimePoint decay_date) {
  const std::int64_t us = decay_date.unix_micros();
  const std::int64_t day = us / kMicrosPerDay - (us % kMicrosPerDay < 0 ? 1 : 0);
  return TimePoint::from_unix_micros((day + 1) * kMicrosPerDay);
}

bool decayed_before(const std::optional<TimePoint>& decay_date, TimePoint t) {
  return decay_date && t >= decayed_from(*decay_date);
}

bool decayed_before(const CatalogRecord* record, TimePoint t) {
  return record != nullptr && decayed_before(record->decay_date, t);
}

bool in_orbit_at(const CatalogRecord& record, TimePoint t) {
  return !(record.launch_date && *record.launch_date > t) && !decayed_before(record.decay_date, t);
}

bool in_group_by_rule(std::string_view group, const GroupSubject& subject, TimePoint now) {
  for (const NameRule& rule : kNameRules) {
    if (rule.group == group) {
      return name_matches(rule, subject.name_upper);
    }
  }
  if (group == "geo") {
    return orbit_regime(subject.mean_motion, subject.eccentricity) == OrbitRegime::geo;
  }
  if (group == "active") {
    return !decayed_before(subject.catalog, now);
  }
  if (group == "analyst") {
    return is_analyst_id(subject.norad_id);
  }
  if (group == "last-30-days") {
    return launched_within_30_days(subject.catalog, now);
  }
  return false;
}

}  // namespace gpq
