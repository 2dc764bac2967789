#include "gpq/time.h"

#include <random>

#include <fmt/core.h>
#include <gtest/gtest.h>

#include "gpq/error.h"

#include "support/expect_error.h"

namespace gpq {
namespace {

constexpr std::int64_t k2024 = 1'704'067'200'000'000;  // 2024-01-01T00:00:00Z

TEST(ParseDateTest, AcceptsTheThreeForms) {
  const std::pair<const char*, std::int64_t> cases[] = {
      {"2024-01-01", k2024},
      {"2024-01-01T00:00:00Z", k2024},
      {"2024-01-01T00:00:00", k2024},
      {"2024-01-01T00:00Z", k2024},
      {"2024-01-01T01:30:00+01:30", k2024},
      {"2023-12-31T22:00:00-02:00", k2024},
      {"2024-01-01T05:30:00+0530", k2024},
      {"2024-01-01T05:00:00+05", k2024},
      {"2024-01-01T00:00:00.25Z", k2024 + 250'000},
      {"2024-01-01T00:00:00.123456Z", k2024 + 123'456},
      {"2024-01-01T00:00:00.1234565Z", k2024 + 123'457},
      {"jd:2460310.5", k2024},
      {"jd:2460310.75", k2024 + 6 * 3600 * kMicrosPerSecond},
      {"unix:1704067200", k2024},
      {"unix:1704067200.25", k2024 + 250'000},
      {"1957-10-04T19:28:34Z", -386'310'686'000'000},
  };
  for (const auto& [text, micros] : cases) {
    EXPECT_EQ(parse_date("epoch", text).unix_micros(), micros) << text;
  }
}

TEST(ParseDateTest, RejectsAnythingElseNamingTheParameter) {
  const char* bad[] = {
      "yesterday", "", "2024-13-01", "2024-02-30", "2024-01-01T25:00:00Z", "2024-01-01T00:00:00Q",
      "jd:", "jd:abc", "unix:1e5", "unix:nan", "2024-1-1", "20240101", "unix:99999999999999",
      // No leap second: 23:59:60 is refused, not taken as the next minute.
      "2016-12-31T23:59:60Z", "2016-12-31T23:59:60.5",
      // A colon promises the minutes of the offset.
      "2024-01-01T05:00:00+05:", "2024-01-01T05:00:00+05:3", "2024-01-01T05:00:00+5"};
  for (const char* text : bad) {
    EXPECT_THROW(parse_date("end", text), Error) << text;
  }
  EXPECT_EQ(parse_iso8601("2016-12-31T23:59:60"), std::nullopt);
  EXPECT_GPQ_ERROR(parse_date("end", "yesterday"), Errc::bad_request,
                   "parameter 'end': 'yesterday' is not a date; expected ISO 8601 "
                   "(2024-01-01T00:00:00Z), jd:<julian date> or unix:<seconds>");
}

TEST(ParseDateTest, SaysWhyADateInAnAcceptedFormIsRefused) {
  const std::pair<const char*, const char*> cases[] = {
      {"9999-12-31T23:59:59Z", "'9999-12-31T23:59:59Z' is not a date (years 1900 to 2200 only);"},
      {"1899-12-31", "'1899-12-31' is not a date (years 1900 to 2200 only);"},
      {"unix:99999999999", "'unix:99999999999' is not a date (years 1900 to 2200 only);"},
      {"jd:0", "'jd:0' is not a date (years 1900 to 2200 only);"},
      {"2016-12-31T23:59:60Z",
       "'2016-12-31T23:59:60Z' is not a date (23:59:60 is a leap second; instants are counted "
       "without them);"},
      {"2026-06-01T00:00:00 05:00",
       "'2026-06-01T00:00:00 05:00' is not a date (a '+' in a URL query reads as a space: send "
       "the offset's '+' as %2B);"},
      // A malformed date has no reason to give beyond the accepted forms.
      {"2024-02-30", "'2024-02-30' is not a date; expected"},
      {"unix:1e5", "'unix:1e5' is not a date; expected"},
  };
  for (const auto& [text, message] : cases) {
    SCOPED_TRACE(text);
    try {
      parse_date("epoch", text);
      ADD_FAILURE() << "accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string_view(e.what()).find(message), std::string_view::npos) << e.what();
    }
  }
}

// One sign at most: "+-5" is neither a positive nor a negative number.
TEST(ParseDateTest, RefusesTwoSigns) {
  for (const char* text : {"unix:+-5", "unix:-+5", "unix:++5", "jd:+-2460310.5"}) {
    EXPECT_GPQ_ERROR(parse_date("epoch", text), Errc::bad_request,
                     fmt::format("parameter 'epoch': '{}' is not a date; expected ISO 8601 "
                                 "(2024-01-01T00:00:00Z), jd:<julian date> or unix:<seconds>",
                                 text));
  }
  EXPECT_EQ(parse_date("epoch", "unix:+5").unix_micros(), 5'000'000);
  EXPECT_EQ(parse_date("epoch", "unix:-5").unix_micros(), -5'000'000);
}

// The range is of the instant, whatever the form: an ISO text of 2200 that its rounding or its
// offset carries into 2201 (or one of 1900 into 1899) is refused as jd: and unix: ones are.
TEST(ParseDateTest, IsoInstantsBeyondTheRangeAreRefused) {
  for (const char* text :
       {"2200-12-31T23:59:59.9999995Z", "2200-12-31T23:30:00-01:00", "1900-01-01T00:30:00+01:00"}) {
    SCOPED_TRACE(text);
    EXPECT_GPQ_ERROR(parse_date("epoch", text), Errc::bad_request,
                     fmt::format("parameter 'epoch': '{}' is not a date (years 1900 to 2200 "
                                 "only); expected ISO 8601 (2024-01-01T00:00:00Z), jd:<julian "
                                 "date> or unix:<seconds>",
                                 text));
    EXPECT_EQ(parse_iso8601(text), std::nullopt);
  }
  const std::pair<const char*, const char*> last[] = {
      {"2200-12-31T23:59:59.9999994Z", "2200-12-31T23:59:59.999999Z"},
      {"unix:7289654399.999999", "2200-12-31T23:59:59.999999Z"},
      {"1900-01-01T00:00:00Z", "1900-01-01T00:00:00.000000Z"},
  };
  for (const auto& [text, micros] : last) {
    EXPECT_EQ(format_iso8601_micros(parse_date("epoch", text)) + "Z", micros) << text;
  }
}

TEST(FormatIsoTest, RoundsMillisecondsHalfUpWithCarry) {
  const std::pair<std::int64_t, const char*> cases[] = {
      {k2024, "2024-01-01T00:00:00.000Z"},
      {k2024 + 123'456, "2024-01-01T00:00:00.123Z"},
      {k2024 + 123'500, "2024-01-01T00:00:00.124Z"},
      {k2024 - 400, "2024-01-01T00:00:00.000Z"},  // 23:59:59.9996 carries into the new year
      {k2024 - 500, "2024-01-01T00:00:00.000Z"},
      {k2024 - 501, "2023-12-31T23:59:59.999Z"},
      {-386'310'686'000'000, "1957-10-04T19:28:34.000Z"},
  };
  for (const auto& [micros, text] : cases) {
    EXPECT_EQ(format_iso8601_millis(TimePoint::from_unix_micros(micros)), text) << text;
  }
  EXPECT_EQ(format_iso8601_micros(TimePoint::from_unix_micros(k2024 + 42)),
            "2024-01-01T00:00:00.000042");
  EXPECT_EQ(format_date(TimePoint::from_unix_micros(k2024 + 42)), "2024-01-01");
}

TEST(TimeRoundTripTest, IsoJulianAndUnixAgreeToTheMicrosecond) {
  std::mt19937_64 random(7);
  std::uniform_int_distribution<std::int64_t> micros(-1'000'000'000'000'000, 4'000'000'000'000'000);
  for (int i = 0; i < 20'000; ++i) {
    const TimePoint t = TimePoint::from_unix_micros(micros(random));
    const std::string iso = format_iso8601_micros(t) + "Z";
    ASSERT_EQ(parse_date("epoch", iso), t) << iso;
    const std::int64_t magnitude = std::llabs(t.unix_micros());
    const std::string unix_text = fmt::format("unix:{}{}.{:06}", t.unix_micros() < 0 ? "-" : "",
                                              magnitude / 1'000'000, magnitude % 1'000'000);
    ASSERT_EQ(parse_date("epoch", unix_text), t) << unix_text;
    // A Julian date carries ~15-16 significant digits: about 20 us at today's JD.
    const std::string jd_text = fmt::format("jd:{:.10f}", t.julian_date());
    ASSERT_LE(std::llabs(parse_date("epoch", jd_text).unix_micros() - t.unix_micros()), 50)
        << jd_text;
  }
}

TEST(CivilTimeTest, StartOfDayRoundsDownBefore1970Too) {
  EXPECT_EQ(start_of_day(*parse_iso8601("2024-01-01T13:45:00")), *parse_iso8601("2024-01-01"));
  EXPECT_EQ(start_of_day(*parse_iso8601("2024-01-01")), *parse_iso8601("2024-01-01"));
  EXPECT_EQ(start_of_day(*parse_iso8601("1969-12-31T12:00:00")), *parse_iso8601("1969-12-31"));
  EXPECT_EQ(start_of_day(*parse_iso8601("1957-10-04T19:28:34")), *parse_iso8601("1957-10-04"));
  EXPECT_EQ(start_of_day(*parse_iso8601("1957-10-04")), *parse_iso8601("1957-10-04"));
}

TEST(CivilTimeTest, DayOfYear) {
  EXPECT_EQ(day_of_year(TimePoint::from_unix_micros(k2024)), 1);
  EXPECT_EQ(day_of_year(*parse_iso8601("2024-12-31T23:59:59")), 366);
  EXPECT_EQ(day_of_year(*parse_iso8601("2026-05-23T19:25:57.298080")), 143);
}

}  // namespace
}  // namespace gpq
