// An upstream's answer as a sync meets it: the status line's number, the headers and the body
// of a CelesTrak or Space-Track reply, through the rules that read them (spacetrack_rules.h:
// rate limits, Retry-After, login answers, expired sessions), the retry wait, the cookie jar,
// the redirect decision for a Location, and parse_body (the body checked whole, then parsed).
// Input: the status on the first line, `name: value` header lines up to a blank line, the body.
#include <charconv>

#include <fmt/core.h>

#include "gpq/error.h"

#include "checked_sink.h"
#include "core/printable_text.h"
#include "core/text.h"
#include "fuzz_input.h"
#include "sync/upstream/parsed_body.h"
#include "sync/upstream/retry.h"
#include "sync/upstream/spacetrack_rules.h"

namespace {

using gpq::fuzz::broken;

gpq::sync::HttpAnswer read_answer(std::string_view text) {
  gpq::sync::HttpAnswer answer;
  const auto status_line = gpq::fuzz::fields(text, 2);
  std::from_chars(status_line[0].data(), status_line[0].data() + status_line[0].size(),
                  answer.status);
  text = status_line[1];
  while (!text.empty()) {
    const auto split = gpq::fuzz::fields(text, 2);
    text = split[1];
    if (split[0].empty()) {
      break;
    }
    const std::size_t colon = split[0].find(':');
    answer.headers.emplace_back(gpq::to_lower(split[0].substr(0, colon)),
                                colon == std::string_view::npos
                                    ? std::string()
                                    : std::string(gpq::trim(split[0].substr(colon + 1))));
  }
  answer.body = std::string(text);
  return answer;
}

void require_printable(std::string_view what, std::string_view text) {
  if (gpq::text_field_problem(what, text)) {
    broken(fmt::format("{} is not printable: {}", what, text));
  }
}

void follow(const gpq::sync::HttpAnswer& answer) {
  static const auto from = gpq::sync::parse_url("https://www.space-track.org/ajaxauth/login");
  for (const std::string_view method : {"GET", "POST"}) {
    const gpq::sync::RedirectStep step = gpq::sync::next_redirect(
        *from, answer.status, answer.header("location"), method, 0, from->origin());
    require_printable("a redirect refusal", step.refusal);
  }
}

void parse(const gpq::sync::HttpAnswer& answer) {
  gpq::fuzz::CheckedSink sink;
  try {
    gpq::sync::ParsedBody body = gpq::sync::parse_body(answer.body, gpq::DataSource::spacetrack,
                                                       gpq::TimePoint(), "spacetrack gp");
    require_printable("the first skip", body.first_skip);
    for (gpq::ElementSet& set : body.sets) {
      sink.element_set(std::move(set));
    }
    for (gpq::CatalogRecord& record : body.records) {
      sink.catalog_record(std::move(record));
    }
  } catch (const gpq::Error& error) {
    if (error.code() != gpq::Errc::upstream) {
      broken(fmt::format("parse_body threw {}", error.what()));
    }
    require_printable("parse_body's message", error.what());
  }
  sink.finish();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const gpq::sync::HttpAnswer answer = read_answer(gpq::fuzz::as_text(data, size));
  (void)gpq::sync::is_rate_limit_answer(answer);
  (void)gpq::sync::rate_limit_pause(answer);
  (void)gpq::sync::classify_login(answer);
  (void)gpq::sync::session_expired(answer);
  (void)gpq::sync::backoff_delay(1, answer.header("retry-after"));
  require_printable("the answer's summary", answer.summary());
  gpq::sync::CookieJar jar;
  jar.take(answer.headers);
  (void)jar.header();
  follow(answer);
  parse(answer);
  return 0;
}
