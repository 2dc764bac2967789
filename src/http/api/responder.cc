#include "http/api/responder.h"

#include <chrono>
#include <cstdio>
#include <utility>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/request.h"

#include "format/process_log.h"
#include "http/api/conditional.h"
#include "http/api/request_params.h"

namespace gpq::http {
namespace {

constexpr std::size_t kReplyCacheBytes = 16 * 1024 * 1024;
constexpr std::chrono::seconds kReplyLifetime{30};

}  // namespace

Reply internal_error(std::string_view detail) {
  log_message("error", fmt::format("internal error: {}", detail));
  return error_reply(Errc::internal,
                     "the server failed to answer; the failure is in the server's log");
}

Responder::Responder(const QueryService& core, std::string public_url, ApiSettings settings)
    : core_(core),
      public_url_(std::move(public_url)),
      settings_(std::move(settings)),
      replies_(kReplyCacheBytes, kReplyLifetime) {}

void Responder::start(std::string listen_url) {
  listen_url_ = std::move(listen_url);
  generation_ = std::make_unique<GenerationWatch>(core_, kGenerationPoll);
}

CacheFigures Responder::cache_figures() {
  return {hits_.load(std::memory_order_relaxed), misses_.load(std::memory_order_relaxed),
          replies_.bytes()};
}

Answer Responder::answer(const httplib::Request& req, const Route& route) {
  bool hit = false;
  if (const auto kept = cached(req, route, hit)) {
    // Computed for this request and too large to keep (the whole catalog's states are
    // megabytes): nobody else holds it, so it is moved rather than copied. cached() made it
    // non-const.
    if (kept.use_count() == 1) {
      auto& own = const_cast<CachedReply&>(*kept);
      return {std::move(own.reply), std::move(own.etag), false};
    }
    return {kept->reply, kept->etag, hit};
  }
  Answer fresh{compute(req, route), {}, false};
  if (fresh.reply.status == 200) {
    fresh.etag = etag_of(fresh.reply.body);
  }
  return fresh;
}

std::shared_ptr<const CachedReply> Responder::cached(const httplib::Request& req,
                                                     const Route& route, bool& hit) {
  if (!needs_key(route.endpoint)) {
    return nullptr;  // /status reports the time and the sync runs; /openapi.json is static
  }
  const std::optional<std::int64_t> generation = generation_->current();
  if (!generation) {
    return nullptr;  // the query will meet the same failure and report it
  }
  const auto now = ReplyCache::Clock::now();
  std::string key = req.get_header_value("Host");
  key += '\n';
  key += req.target;
  key += '\n';
  key += req.get_header_value("Accept");
  if (auto kept = replies_.find(key, *generation, now)) {
    hits_.fetch_add(1, std::memory_order_relaxed);
    hit = true;
    return kept;
  }
  misses_.fetch_add(1, std::memory_order_relaxed);
  auto fresh = std::make_shared<CachedReply>();
  fresh->reply = compute(req, route);
  if (fresh->reply.status != 200) {
    return fresh;  // errors are not kept
  }
  fresh->etag = etag_of(fresh->reply.body);
  replies_.store(key, *generation, fresh, now);
  return fresh;
}

Reply Responder::compute(const httplib::Request& req, const Route& route) {
  try {
    const Params params = request_params(req);
    const std::string host = req.get_header_value("Host");
    const std::string base = !public_url_.empty() ? public_url_
                             : host.empty()       ? listen_url_
                                                  : "http://" + host;
    const std::string query = encoded_query(req.params);
    return http::answer(core_, Call{route, params, base, req.path, query}, settings_);
  } catch (const Error& error) {
    if (error.code() == Errc::internal || error.code() == Errc::upstream) {
      return internal_error(error.what());
    }
    return error_reply(error);
  } catch (const std::exception& error) {
    return internal_error(error.what());
  }
}

}  // namespace gpq::http
