// The date forms: parse_date (ISO 8601, jd:, unix:, as every date parameter of the CLI and
// the API takes them) and parse_iso8601 (upstream EPOCH, CREATION_DATE and SATCAT dates).
// What either accepts prints, and an ISO 8601 time prints as text that reads back the same.
#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/time.h"

#include "core/printable_text.h"
#include "fuzz_input.h"

namespace {

using gpq::fuzz::broken;

void print_all(gpq::TimePoint t) {
  (void)gpq::format_iso8601_millis(t);
  (void)gpq::format_date(t);
  (void)gpq::month_of(t);
  (void)gpq::day_of_year(t);
  (void)gpq::next_month_start(t);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = gpq::fuzz::as_text(data, size);
  try {
    print_all(gpq::parse_date("epoch", text));
  } catch (const gpq::Error& error) {
    if (error.code() != gpq::Errc::bad_request) {
      broken(fmt::format("parse_date threw {}", error.what()));
    }
    if (gpq::text_field_problem("message", error.what())) {
      broken(fmt::format("parse_date's message is not printable: {}", error.what()));
    }
  }
  if (const auto parsed = gpq::parse_iso8601(text)) {
    print_all(*parsed);
    const std::string printed = gpq::format_iso8601_micros(*parsed);
    const int year = gpq::to_civil(*parsed).year;
    // An offset may carry a time just past the years 1900..2200, which do not read back.
    if (year >= 1900 && year <= 2200 && gpq::parse_iso8601(printed) != parsed) {
      broken(
          fmt::format("'{}' reads as {}, which does not read back", gpq::excerpt(text), printed));
    }
  }
  return 0;
}
