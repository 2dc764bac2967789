// Binding of state, ephemeris and passes: defaults, the forms each parameter takes, and every
// refusal with its exact message (the CLI and the HTTP API show the same words).
#include <gtest/gtest.h>

#include "gpq/request.h"

#include "support/expect_error.h"

namespace gpq {
namespace {

TimePoint utc(const char* text) {
  return parse_iso8601(text).value_or(TimePoint());
}

TEST(BindStateTest, DefaultsAndChoices) {
  const auto bound = bind_state("25544", {{"epoch", "2026-06-15T12:00:00Z"}}, FrontEnd::http);
  EXPECT_EQ(bound.query.norad_id, 25544);
  EXPECT_EQ(bound.query.epoch, utc("2026-06-15T12:00:00"));
  EXPECT_EQ(bound.query.set, SetChoice::nearest);
  EXPECT_EQ(bound.query.frame, OrbitFrame::teme);
  EXPECT_EQ(bound.format, Format::json);
  const auto other = bind_state(
      "25544", {{"epoch", "unix:0"}, {"set", "BEFORE"}, {"frame", "Geodetic"}, {"format", "csv"}},
      FrontEnd::cli);
  EXPECT_EQ(other.query.set, SetChoice::before);
  EXPECT_EQ(other.query.frame, OrbitFrame::geodetic);
  EXPECT_EQ(other.format, Format::csv);
  EXPECT_EQ(
      bind_state("1", {{"epoch", "unix:0"}, {"set", "latest"}, {"frame", "itrf"}}, FrontEnd::cli)
          .query.set,
      SetChoice::latest);
}

TEST(BindStateTest, Refusals) {
  const struct {
    Params params;
    const char* message;
  } rows[] = {
      {{},
       "parameter 'epoch' is required: ISO 8601 (2024-01-01T00:00:00Z), jd:<julian date> or "
       "unix:<seconds>"},
      {{{"epoch", "2026-06-15"}, {"set", "closest"}},
       "parameter 'set': 'closest' is not a set choice; use nearest, before or latest"},
      {{{"epoch", "2026-06-15"}, {"frame", "gcrf"}},
       "parameter 'frame': 'gcrf' is not a frame; use teme, itrf or geodetic"},
      {{{"epoch", "2026-06-15"}, {"format", "tle"}},
       "parameter 'format': 'tle' is not available here; use one of: json, csv"},
  };
  for (const auto& row : rows) {
    EXPECT_GPQ_ERROR(bind_state("25544", row.params, FrontEnd::http), Errc::bad_request,
                     row.message);
  }
}

TEST(BindEphemerisTest, StepForms) {
  const struct {
    const char* step;
    std::int64_t micros;
  } rows[] = {
      {"60s", 60'000'000},    {"60", 60'000'000},   {"90 s", 90'000'000},    {"500ms", 500'000},
      {"10min", 600'000'000}, {"10m", 600'000'000}, {"1.5h", 5'400'000'000}, {"1d", 86'400'000'000},
      {"0.001", 1000},        {"+2S", 2'000'000},
  };
  for (const auto& row : rows) {
    const auto bound = bind_ephemeris(
        "25544", {{"start", "2026-06-15"}, {"end", "2026-06-15T00:10:00Z"}, {"step", row.step}},
        FrontEnd::http);
    EXPECT_EQ(bound.query.step_micros, row.micros) << row.step;
  }
  const auto fallback =
      bind_ephemeris("25544", {{"start", "2026-06-15"}, {"end", "2026-06-16"}}, FrontEnd::http);
  EXPECT_EQ(fallback.query.step_micros, 60'000'000);
  EXPECT_EQ(fallback.query.count(), 1441);
  EXPECT_EQ(fallback.paging.per_page, kDefaultEphemerisPerPage);
  EXPECT_FALSE(fallback.paging.all);
  const auto cli =
      bind_ephemeris("25544", {{"start", "2026-06-15"}, {"end", "2026-06-15"}}, FrontEnd::cli);
  EXPECT_TRUE(cli.paging.all);
  EXPECT_EQ(cli.query.count(), 1);
}

TEST(BindEphemerisTest, Refusals) {
  const Params day = {{"start", "2026-06-15"}, {"end", "2026-06-16"}};
  const auto with = [&](std::initializer_list<std::pair<const std::string, std::string>> more) {
    Params params = day;
    for (const auto& [key, value] : more) {
      params[key] = value;
    }
    return params;
  };
  const struct {
    Params params;
    const char* message;
  } rows[] = {
      {with({{"step", "0"}}),
       "parameter 'step': '0' is shorter than 1 ms; give a positive duration such as 60s, 90, "
       "10min, 1.5h or 1d"},
      {with({{"step", "0s"}}),
       "parameter 'step': '0s' is shorter than 1 ms; give a positive duration such as 60s, 90, "
       "10min, 1.5h or 1d"},
      {with({{"step", "-5s"}}),
       "parameter 'step': '-5s' is not a duration; give one such as 60s, 90, 10min, 1.5h or 1d"},
      {with({{"step", "1e3"}}),
       "parameter 'step': '1e3' is not a duration; give one such as 60s, 90, 10min, 1.5h or 1d"},
      {with({{"step", "5 fortnights"}}),
       "parameter 'step': '5 fortnights' is not a duration; give one such as 60s, 90, 10min, "
       "1.5h or 1d"},
      {with({{"step", "nan"}}),
       "parameter 'step': 'nan' is not a duration; give one such as 60s, 90, 10min, 1.5h or 1d"},
      {with({{"step", "10ms"}}),
       "parameter 'step': 0.01 s from 2026-06-15T00:00:00.000Z to 2026-06-16T00:00:00.000Z "
       "gives 8,640,001 points, more than the 1,000,000 one request may ask; give a longer step "
       "or a shorter span"},
      {{{"start", "2026-06-16"}, {"end", "2026-06-15"}},
       "parameter 'start' is after 'end'; give start <= end"},
      {{{"start", "2026-06-16"}},
       "parameter 'end' is required: ISO 8601 (2024-01-01T00:00:00Z), jd:<julian date> or "
       "unix:<seconds>"},
      {with({{"format", "oem"}, {"frame", "geodetic"}}),
       "parameter 'format': oem carries Cartesian states; use frame teme or itrf, or format json "
       "or csv for geodetic coordinates"},
      {with({{"format", "kvn"}}),
       "parameter 'format': 'kvn' is not available here; use one of: json, csv, oem"},
      {with({{"per_page", "10001"}}),
       "parameter 'per_page': '10001' must be a whole number from 1 to 10000"},
      {with({{"page", "0"}}), "parameter 'page': '0' must be a whole number from 1 to 1000000"},
  };
  for (const auto& row : rows) {
    EXPECT_GPQ_ERROR(bind_ephemeris("25544", row.params, FrontEnd::http), Errc::bad_request,
                     row.message);
  }
  // Exactly the cap is allowed, one point more is not.
  EXPECT_EQ(bind_ephemeris("25544", {{"start", "unix:0"}, {"end", "unix:999999"}, {"step", "1s"}},
                           FrontEnd::http)
                .query.count(),
            kMaxEphemerisPoints);
  EXPECT_THROW(
      bind_ephemeris("25544", {{"start", "unix:0"}, {"end", "unix:1000000"}, {"step", "1s"}},
                     FrontEnd::cli),
      Error);
}

TEST(BindPassesTest, DefaultsAndRefusals) {
  const Params base = {
      {"lat", "51.4779"}, {"lon", "-0.0015"}, {"start", "2026-06-15"}, {"end", "2026-06-16"}};
  const auto bound = bind_passes("25544", base, FrontEnd::http);
  EXPECT_DOUBLE_EQ(bound.query.site.latitude_deg, 51.4779);
  EXPECT_DOUBLE_EQ(bound.query.site.longitude_deg, -0.0015);
  EXPECT_DOUBLE_EQ(bound.query.site.altitude_m, 0.0);
  EXPECT_DOUBLE_EQ(bound.query.min_elevation_deg, 10.0);
  const auto with = [&](const char* key, const char* value) {
    Params params = base;
    params[key] = value;
    return params;
  };
  EXPECT_DOUBLE_EQ(bind_passes("25544", with("alt", "46"), FrontEnd::http).query.site.altitude_m,
                   46.0);
  EXPECT_DOUBLE_EQ(
      bind_passes("25544", with("min_elevation", "0"), FrontEnd::http).query.min_elevation_deg,
      0.0);
  const struct {
    Params params;
    const char* message;
  } rows[] = {
      {with("lat", "91"), "parameter 'lat': '91' must be a latitude in degrees from -90 to 90"},
      {with("lat", "-90.5"),
       "parameter 'lat': '-90.5' must be a latitude in degrees from -90 to 90"},
      {with("lat", "north"),
       "parameter 'lat': 'north' must be a latitude in degrees from -90 to 90"},
      {with("lon", "181"),
       "parameter 'lon': '181' must be a longitude in degrees from -180 to 180"},
      {with("lon", "inf"),
       "parameter 'lon': 'inf' must be a longitude in degrees from -180 to 180"},
      {with("alt", "1e3"),
       "parameter 'alt': '1e3' must be a height in metres above the WGS-84 ellipsoid from -1000 "
       "to 100000"},
      {with("min_elevation", "95"),
       "parameter 'min_elevation': '95' must be an elevation in degrees from -90 to 90"},
      {with("end", "2026-07-17"),
       "parameters 'start' and 'end' are 32.0 days apart; passes are searched in at most 31 days"},
      {{{"lon", "0"}, {"start", "2026-06-15"}, {"end", "2026-06-16"}},
       "parameter 'lat' is required: a latitude in degrees from -90 to 90"},
  };
  for (const auto& row : rows) {
    EXPECT_GPQ_ERROR(bind_passes("25544", row.params, FrontEnd::http), Errc::bad_request,
                     row.message);
  }
}

}  // namespace
}  // namespace gpq
