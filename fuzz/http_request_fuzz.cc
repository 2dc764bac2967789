// An API request as `gpq serve` reads it: the request target, split and percent-decoded as
// httplib's server does (detail::decode_url, detail::parse_query_text), routed (match_route),
// its parameters translated (request_params, with the Accept header) and bound by the core's
// bind_*() through the endpoint functions (answer) over an empty in-memory store; and the
// Accept-Encoding and If-None-Match headers. Input: one line each for the target, Accept,
// Accept-Encoding, If-None-Match and Host.
#include <fmt/core.h>
#include <httplib.h>

#include "gpq/error.h"
#include "gpq/query_service.h"

#include "core/printable_text.h"
#include "empty_store.h"
#include "fuzz_input.h"
#include "http/api/compression.h"
#include "http/api/conditional.h"
#include "http/api/endpoints.h"
#include "http/api/request_params.h"
#include "http/api/routes.h"

namespace {

using gpq::fuzz::broken;

// What httplib's Server::parse_request_line makes of the target; false for a target it
// answers 400 (a second '?').
bool read_target(std::string_view target, httplib::Request& req) {
  const std::size_t mark = target.find('?');
  if (mark != std::string_view::npos && target.find('?', mark + 1) != std::string_view::npos) {
    return false;
  }
  req.target = std::string(target);
  req.path = httplib::detail::decode_url(std::string(target.substr(0, mark)), false);
  if (mark != std::string_view::npos && mark + 1 < target.size()) {
    httplib::detail::parse_query_text(std::string(target.substr(mark + 1)), req.params);
  }
  return true;
}

void add_header(httplib::Request& req, const char* name, std::string_view value) {
  if (!value.empty()) {
    req.headers.emplace(name, std::string(value));
  }
}

void answer(const gpq::QueryService& core, const httplib::Request& req, std::string_view host) {
  const auto route = gpq::http::match_route(req.path);
  // The change stream is no reply held whole: the server streams it (change_feed.h, and the
  // change_stream target for what a replica does with it).
  if (!route || route->endpoint == gpq::http::Endpoint::changes) {
    return;
  }
  const gpq::Params params = gpq::http::request_params(req);
  const std::string query = gpq::http::encoded_query(req.params);
  const std::string base = "http://" + std::string(host);
  try {
    const gpq::http::Reply reply = gpq::http::answer(core, {*route, params, base, req.path, query},
                                                     gpq::http::ApiSettings{"fuzz"});
    (void)gpq::http::etag_of(reply.body);
  } catch (const gpq::Error& error) {
    if (error.code() != gpq::Errc::bad_request && error.code() != gpq::Errc::not_found) {
      broken(fmt::format("a request's answer threw {}", error.what()));
    }
    if (gpq::text_field_problem("message", error.what())) {
      broken(fmt::format("an error message is not printable: {}", error.what()));
    }
    (void)gpq::http::error_reply(error);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const gpq::fuzz::EmptyStore store;
  static const gpq::QueryService core(store);
  const auto lines = gpq::fuzz::fields(gpq::fuzz::as_text(data, size), 5);
  httplib::Request req;
  if (!read_target(lines[0], req)) {
    return 0;
  }
  add_header(req, "Accept", lines[1]);
  add_header(req, "Accept-Encoding", lines[2]);
  answer(core, req, lines[4]);
  (void)gpq::http::accepts_gzip(lines[2]);
  (void)gpq::http::etag_matches(lines[3], gpq::http::etag_of(lines[0]));
  return 0;
}
