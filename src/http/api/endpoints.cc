#include "http/api/endpoints.h"

#include <algorithm>
#include <cmath>

#include <fmt/core.h>

#include "gpq/as_of.h"
#include "gpq/conjunction_format.h"
#include "gpq/error.h"
#include "gpq/event_format.h"
#include "gpq/format.h"
#include "gpq/orbit_format.h"
#include "gpq/series_format.h"

#include "core/answer_coverage.h"
#include "core/header_list.h"
#include "core/text.h"
#include "events/event_service.h"
#include "events/set_quality.h"
#include "http/api/openapi.h"
#include "http/api/page_links.h"
#include "orbit/orbit_service.h"

namespace gpq::http {
namespace {

using ListRun = std::function<PageInfo(const SetVisitor&)>;
using events::SetQualityJudge;

// The two cores of an answer: `core` answers (now, or as of an instant), `archive` is the
// archive as it is now, which quality flags are read from.
struct Cores {
  const QueryService& core;
  const QueryService& archive;
};

// An API answer: no table, no line end after JSON.
AnswerStyle style_of(TleLayout tle_layout, bool quality = false) {
  AnswerStyle style;
  style.tle_layout = tle_layout;
  style.quality = quality;
  return style;
}

// Link and X-Total-Count, on a page of every format.
void add_page_headers(const PageInfo& page, const PageLinks& links, Reply& reply) {
  reply.headers.emplace_back("X-Total-Count", std::to_string(page.total));
  if (std::string link = link_header(links); !link.empty()) {
    reply.headers.emplace_back("Link", std::move(link));
  }
}

// X-Coverage, on an answer of every format that includes its coverage (json's meta has it too).
void add_coverage_header(const std::optional<Coverage>& coverage, Reply& reply) {
  if (coverage) {
    reply.headers.emplace_back("X-Coverage", coverage_header_value(*coverage));
  }
}

// A page of sets in any format, with X-Omitted-* where TLE could not carry some; each set
// with its quality flags when a judge is given, and the coverage when asked.
Reply set_list(Format format, TleLayout tle_layout, const ListRun& run, const Call& call,
               const HistoryMeta* meta, std::optional<SetQualityJudge>& judge,
               const std::optional<Coverage>& coverage = std::nullopt) {
  Reply reply;
  reply.content_type = content_type(format);
  AnswerStyle style = style_of(tle_layout, judge.has_value());
  style.coverage = coverage;
  SetPageWriter writer(format, style);
  writer.begin(reply.body);
  const PageInfo page = run([&](const ElementSet& set) {
    if (judge) {
      writer.set(set, judge->flags(set), reply.body);
    } else {
      writer.set(set, reply.body);
    }
  });
  const PageLinks links = page_links(page, call.base_url, call.path, call.query, kMaxOffset);
  writer.end(page, {links.next, links.prev}, meta, reply.body);
  if (const OmittedSets& omitted = writer.omitted(); omitted.count > 0) {
    reply.headers.emplace_back("X-Omitted-Count", std::to_string(omitted.count));
    reply.headers.emplace_back("X-Omitted-Ids", omitted.id_list());
  }
  add_page_headers(page, links, reply);
  add_coverage_header(coverage, reply);
  return reply;
}

Reply one_set(Format format, TleLayout tle_layout, const ElementSet& set,
              std::optional<SetQualityJudge>& judge) {
  Reply reply;
  reply.content_type = content_type(format);
  if (judge) {
    write_set_answer(format, set, judge->flags(set), style_of(tle_layout, true), reply.body);
  } else {
    write_set_answer(format, set, style_of(tle_layout), reply.body);
  }
  reply.headers.emplace_back("X-Data-Source", std::string(to_string(set.source)));
  return reply;
}

Reply json_reply(std::string body) {
  Reply reply;
  reply.body = std::move(body);
  return reply;
}

Reply latest(const Cores& cores, const Call& call) {
  const auto bound = bind_latest(call.route.norad_id, call.params, FrontEnd::http);
  const ElementSet set = cores.core.latest(bound.query);
  auto judge = events::judge_for(bound, cores.archive, cores.core);
  Reply reply = one_set(bound.format, bound.tle_layout, set, judge);
  reply.epoch_for_age = set.epoch;
  return reply;
}

Reply nearest(const Cores& cores, const Call& call) {
  const auto bound = bind_nearest(call.route.norad_id, call.params, FrontEnd::http);
  const Nearest found = cores.core.nearest(bound.query);
  auto judge = events::judge_for(bound, cores.archive, cores.core);
  Reply reply = one_set(bound.format, bound.tle_layout, found.set, judge);
  reply.headers.emplace_back("X-Epoch-Delta-Seconds", fmt::format("{:.3f}", found.delta_seconds));
  return reply;
}

Reply state(const QueryService& core, const Call& call) {
  const auto bound = bind_state(call.route.norad_id, call.params, FrontEnd::http);
  const StateAnswer answer = orbit::OrbitService(core).state(bound.query);
  Reply reply;
  reply.content_type = content_type(bound.format);
  write_state(bound.format, answer, reply.body);
  reply.headers.emplace_back("X-Data-Source", std::string(to_string(answer.set.source)));
  reply.epoch_for_age = answer.set.epoch;
  return reply;
}

// Pages like /gp/epoch's (the same members in the same order): Link and X-Total-Count on
// every format, the envelope's pagination in JSON.
Reply catalog_state(const QueryService& core, const Call& call) {
  const auto bound = bind_catalog_state(call.params, FrontEnd::http);
  Reply reply;
  reply.content_type = content_type(bound.format);
  std::string& out = reply.body;
  // Room for a page of rows at once (about 450 bytes each in json): growing a body of
  // megabytes step by step copied it over and over.
  out.reserve(static_cast<std::size_t>(std::min(bound.paging.per_page, kMaxCatalogStatePerPage)) *
              (bound.format == Format::json ? 480 : 260));
  const std::optional<Coverage> coverage = coverage_for(bound, core);
  const auto writer =
      make_catalog_state_writer(bound.format, bound.query, false, coverage ? &*coverage : nullptr);
  writer->begin(out);
  const CatalogStatePage page = orbit::OrbitService(core).catalog_state(
      bound.query, bound.paging,
      [&](std::span<const CatalogStateRow> rows) { writer->rows(rows, out); });
  const PageLinks links = page_links(page.page, call.base_url, call.path, call.query, std::nullopt);
  writer->end(page, links.next, links.prev, out);
  add_page_headers(page.page, links, reply);
  add_coverage_header(coverage, reply);
  return reply;
}

// Pages like every list; CDM lists are one NDM (xml) or messages one after another (kvn).
Reply conjunctions(const QueryService& core, const Call& call, std::int64_t max_days) {
  const auto bound = bind_conjunctions(call.params, FrontEnd::http, max_days);
  std::vector<ConjunctionEvent> events;
  const ConjunctionPage page = orbit::OrbitService(core).conjunctions(
      bound.query, bound.paging, [&](std::span<const ConjunctionEvent> page_events) {
        events.assign(page_events.begin(), page_events.end());
      });
  const PageLinks links = page_links(page.page, call.base_url, call.path, call.query, std::nullopt);
  Reply reply;
  reply.content_type = content_type(bound.format);
  AnswerStyle style = style_of(bound.tle_layout);
  style.coverage = coverage_for(bound, core, page);
  write_conjunctions(bound.format, bound.query, page, events, {links.next, links.prev}, style,
                     reply.body);
  add_page_headers(page.page, links, reply);
  add_coverage_header(style.coverage, reply);
  return reply;
}

// Pages of points like history: Link and X-Total-Count on every format, the envelope's
// pagination in JSON.
Reply ephemeris(const QueryService& core, const Call& call) {
  const auto bound = bind_ephemeris(call.route.norad_id, call.params, FrontEnd::http);
  const orbit::Ephemeris ephemeris = orbit::OrbitService(core).ephemeris(bound.query, bound.paging);
  const EphemerisPlan& plan = ephemeris.plan();
  const PageLinks links = page_links(plan.page, call.base_url, call.path, call.query, std::nullopt);
  EphemerisWriterOptions options;
  options.next = links.next;
  options.prev = links.prev;
  const auto writer = make_ephemeris_writer(bound.format, options);
  Reply reply;
  reply.content_type = content_type(bound.format);
  std::string& out = reply.body;
  writer->begin(plan, out);
  ephemeris.run([&](const SetUse& use) { writer->segment(use, out); },
                [&](const OrbitPoint& point) { writer->point(point, out); });
  writer->end(out);
  add_page_headers(plan.page, links, reply);
  return reply;
}

Reply passes(const QueryService& core, const Call& call) {
  const auto bound = bind_passes(call.route.norad_id, call.params, FrontEnd::http);
  const PassList found = orbit::OrbitService(core).passes(bound.query);
  Reply reply;
  reply.content_type = content_type(bound.format);
  write_passes(bound.format, found, reply.body);
  return reply;
}

Reply events(const QueryService& core, const Call& call) {
  const auto bound = bind_events(call.route.norad_id, call.params, FrontEnd::http);
  const EventList found = events::EventService(core).events(bound.query);
  Reply reply;
  reply.content_type = content_type(bound.format);
  write_events(bound.format, found, reply.body);
  return reply;
}

Reply catalog_list(const QueryService& core, const Call& call) {
  const auto bound = bind_catalog_search(call.params, FrontEnd::http);
  Reply reply;
  reply.content_type = content_type(bound.format);
  AnswerStyle style;
  style.coverage = coverage_for(bound, core);
  CatalogPageWriter writer(bound.format, style);
  writer.begin(reply.body);
  const PageInfo page =
      core.catalog_search(bound.query, bound.paging,
                          [&](const CatalogRecord& record) { writer.record(record, reply.body); });
  const PageLinks links = page_links(page, call.base_url, call.path, call.query, kMaxOffset);
  writer.end(page, {links.next, links.prev}, reply.body);
  add_page_headers(page, links, reply);
  add_coverage_header(style.coverage, reply);
  return reply;
}

Reply catalog_record(const QueryService& core, const Call& call) {
  const auto bound = bind_catalog_record(call.route.norad_id, call.params, FrontEnd::http);
  const CatalogRecord record = core.catalog_record(bound.query);
  Reply reply;
  reply.content_type = content_type(bound.format);
  write_catalog_record_answer(bound.format, record, AnswerStyle{}, reply.body);
  return reply;
}

Reply search(const Cores& cores, const Call& call) {
  const auto bound = bind_gp_search(call.params, FrontEnd::http);
  auto judge = events::judge_for(bound, cores.archive, cores.core);
  return set_list(
      bound.format, bound.tle_layout,
      [&](const SetVisitor& visit) { return cores.core.search(bound.query, bound.paging, visit); },
      call, nullptr, judge, coverage_for(bound, cores.core));
}

Reply snapshot(const Cores& cores, const Call& call) {
  const auto bound = bind_snapshot(call.params, FrontEnd::http);
  auto judge = events::judge_for(bound, cores.archive, cores.core);
  return set_list(
      bound.format, bound.tle_layout,
      [&](const SetVisitor& visit) {
        return cores.core.snapshot(bound.query, bound.paging, visit);
      },
      call, nullptr, judge, coverage_for(bound, cores.core));
}

Reply history(const Cores& cores, const Call& call) {
  const auto bound = bind_history(call.route.norad_id, call.params, FrontEnd::http);
  HistoryMeta meta;
  auto judge = events::judge_for(bound, cores.archive, cores.core);
  return set_list(
      bound.format, bound.tle_layout,
      [&](const SetVisitor& visit) {
        return cores.core.history(bound.query, bound.paging, visit, &meta);
      },
      call, &meta, judge);
}

Reply adjacent(const Cores& cores, const Call& call) {
  const auto bound = bind_adjacent(call.route.norad_id, call.params, FrontEnd::http);
  const Adjacent found = cores.core.adjacent(bound.query);
  std::string body;
  if (auto judge = events::judge_for(bound, cores.archive, cores.core)) {
    const AdjacentQuality quality = events::flags_of(*judge, found);
    write_adjacent_json(found, body, &quality);
  } else {
    write_adjacent_json(found, body);
  }
  return json_reply(std::move(body));
}

Reply range(const QueryService& core, const Call& call) {
  const auto bound = bind_range(call.route.norad_id, call.params, FrontEnd::http);
  std::string body;
  write_range_json(core.range(bound.query), body);
  return json_reply(std::move(body));
}

Reply series(const QueryService& core, const Call& call) {
  const auto bound = bind_series(call.route.norad_id, call.params, FrontEnd::http);
  std::string body;
  write_series_json(bound.query.norad_id, core.series(bound.query), body);
  return json_reply(std::move(body));
}

Reply status(const QueryService& core, std::string_view version) {
  std::string body;
  write_status_json(core.status(), version, body, SyncErrors::reasons);
  return json_reply(std::move(body));
}

// The answer of `cores.core` as it is: `as_of` is applied before.
Reply answer_now(const Cores& cores, const Call& call, const ApiSettings& settings) {
  const QueryService& core = cores.core;
  switch (call.route.endpoint) {
    case Endpoint::latest:
      return latest(cores, call);
    case Endpoint::search:
      return search(cores, call);
    case Endpoint::snapshot:
      return snapshot(cores, call);
    case Endpoint::history:
      return history(cores, call);
    case Endpoint::nearest:
      return nearest(cores, call);
    case Endpoint::adjacent:
      return adjacent(cores, call);
    case Endpoint::range:
      return range(core, call);
    case Endpoint::state:
      return state(core, call);
    case Endpoint::catalog_state:
      return catalog_state(core, call);
    case Endpoint::ephemeris:
      return ephemeris(core, call);
    case Endpoint::passes:
      return passes(core, call);
    case Endpoint::events:
      return events(core, call);
    case Endpoint::conjunctions:
      return conjunctions(core, call, settings.max_conjunction_days);
    case Endpoint::series:
      return series(core, call);
    case Endpoint::catalog_record:
      return catalog_record(core, call);
    case Endpoint::catalog_search:
      return catalog_list(core, call);
    case Endpoint::status:
      return status(core, settings.version);
    case Endpoint::openapi:
      return json_reply(std::string(openapi_document()));
    case Endpoint::changes:
    case Endpoint::stream:
      break;  // streamed by the server itself (change_feed.h, stream_hub.h), never held whole
  }
  fail(Errc::internal, "unknown endpoint");
}

}  // namespace

Reply answer(const QueryService& core, const Call& call, const ApiSettings& settings) {
  if (const std::optional<TimePoint> as_of = bind_as_of(call.params)) {
    const Endpoint endpoint = call.route.endpoint;
    if (!answers_as_of(endpoint)) {
      refuse_as_of(call.params, path_of(endpoint),
                   fmt::format("it applies to {}", as_of_endpoint_names()));
    }
    const AsOfCore then(core.store(), *as_of);
    return answer_now({then.core(), core}, call, settings);
  }
  return answer_now({core, core}, call, settings);
}

std::optional<std::string> epoch_age_hours(const Reply& reply, TimePoint now) {
  if (!reply.epoch_for_age) {
    return std::nullopt;
  }
  const double hours =
      static_cast<double>(now.unix_micros() - reply.epoch_for_age->unix_micros()) / 3.6e9;
  return fmt::format("{:.2f}", hours);
}

Reply error_reply(Errc code, std::string_view message) {
  Reply reply;
  reply.status = http_status(code);
  write_error_json(reply.status, error_name(code), message, reply.body);
  return reply;
}

Reply error_reply(const Error& error) {
  return error_reply(error.code(), error.what());
}

std::string accepted_formats(std::string_view accept) {
  struct Choice {
    double quality;
    std::size_t position;
    std::string_view format;
  };
  std::vector<Choice> choices;
  std::size_t position = 0;
  for (const HeaderListItem& item : parse_header_list(accept)) {
    const std::optional<Format> format = format_of_media_type(item.value);
    if (item.quality > 0 && format) {
      choices.push_back({item.quality, position++, to_string(*format)});
    }
  }
  std::stable_sort(choices.begin(), choices.end(),
                   [](const Choice& a, const Choice& b) { return a.quality > b.quality; });
  std::string names;
  for (const Choice& choice : choices) {
    names += names.empty() ? "" : ",";
    names += choice.format;
  }
  return names;
}

}  // namespace gpq::http
