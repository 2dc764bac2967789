// The server: admission (method, route, key, rate, quota), the endpoint call, caching
// headers, and the housekeeping that keeps keys and quota counts in step with the database.
#include "http/server.h"

#include <pthread.h>
#include <sys/socket.h>
#include <signal.h>
#include <zlib.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stop_token>
#include <thread>

#include <fmt/core.h>
#include <httplib.h>

#include "core/text.h"
#include "gpq/error.h"
#include "gpq/query_service.h"
#include "http/access_log.h"
#include "http/compression.h"
#include "http/endpoints.h"
#include "http/generation_watch.h"
#include "http/key_ring.h"
#include "http/quota.h"
#include "http/reply_cache.h"
#include "http/routes.h"
#include "storage/api_keys.h"
#include "storage/database.h"
#include "storage/sqlite_store.h"

namespace gpq::http {
namespace {

using SteadyClock = std::chrono::steady_clock;

constexpr std::int64_t kAnonymousKey = 0;
constexpr std::size_t kMaxBodyBytes = 64 * 1024;  // the API takes no bodies
constexpr std::size_t kKeepAliveRequests = 100'000;
constexpr std::size_t kSmallestCompressed = 512;  // below this gzip saves nothing worth a CPU
constexpr std::size_t kReplyCacheBytes = 16 * 1024 * 1024;
constexpr std::chrono::seconds kReplyLifetime{30};

// What the access log needs to know of a request that httplib's logger cannot see.
struct RequestNote {
  std::optional<SteadyClock::time_point> started;
  std::optional<std::int64_t> key_id;
  bool quota_reserved = false;  // the exception handler gives the reservation back
};
thread_local RequestNote current_note;

// Strong validator of a body: CRC-32 and Adler-32 (zlib, fast on large bodies) and length.
std::string etag_of(std::string_view body) {
  const auto* bytes = reinterpret_cast<const Bytef*>(body.data());
  const auto size = static_cast<uInt>(body.size());
  return fmt::format("\"{:08x}{:08x}{:x}\"", crc32(0, bytes, size), adler32(1, bytes, size),
                     body.size());
}

// If-None-Match: a list of entity tags (weak ones compare by their value) or `*`.
bool etag_matches(std::string_view header, std::string_view etag) {
  while (!header.empty()) {
    const std::size_t comma = header.find(',');
    std::string_view tag = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    while (!tag.empty() && tag.front() == ' ') {
      tag.remove_prefix(1);
    }
    while (!tag.empty() && tag.back() == ' ') {
      tag.remove_suffix(1);
    }
    if (tag.starts_with("W/")) {
      tag.remove_prefix(2);
    }
    if (tag == "*" || tag == etag) {
      return true;
    }
  }
  return false;
}

TimePoint wall_now() { return system_now(); }

// httplib listens with a backlog of 5: a burst of new connections beyond that waits out TCP's
// SYN retries (1 s, 3 s, 7 s...). Listening again on the bound socket widens the queue.
class Listener : public httplib::Server {
 public:
  void widen_backlog(int backlog) { ::listen(svr_sock_, backlog); }
};
constexpr int kListenBacklog = 1024;

// The query string of the parameters as received (httplib hands them over decoded), for
// pagination links.
std::string encoded_query(const httplib::Params& params) {
  std::string query;
  for (const auto& [name, value] : params) {
    if (!query.empty()) {
      query += '&';
    }
    append_percent_encoded(name, query);
    query += '=';
    append_percent_encoded(value, query);
  }
  return query;
}

class ApiServer {
 public:
  ApiServer(const std::filesystem::path& database, const ServeOptions& options)
      : options_(options),
        store_(storage::SqliteStore::open(database)),
        core_(*store_),
        housekeeping_db_(storage::Database::open(database, storage::Database::Mode::read_write)),
        limiter_(options.standard, options.heavy),
        quota_(options.monthly_quota),
        log_(options.access_log) {
    storage::ApiKeys keys(*housekeeping_db_);
    keys_.replace(keys.active());
    if (keys_.size() == 0 && !options.no_auth) {
      fail(Errc::bad_request,
           "no API key exists in {}; create one with `gpq keys create --label NAME`, or start "
           "with --no-auth to serve without keys",
           database.string());
    }
    const std::string month = month_of(wall_now());
    quota_.load(month, keys.usage(month));
    configure();
  }

  // Binds, reports the URL, and serves until stop().
  void run(const std::function<void(const std::string&)>& on_ready) {
    int port = options_.port;
    if (port == 0) {
      port = server_.bind_to_any_port(options_.host);
      if (port < 0) {
        fail(Errc::bad_request, "cannot listen on {}: no free port", options_.host);
      }
    } else if (!server_.bind_to_port(options_.host, port)) {
      fail(Errc::bad_request, "cannot listen on {} port {}: in use, or not an address here",
           options_.host, port);
    }
    server_.widen_backlog(kListenBacklog);
    const bool v6 = options_.host.find(':') != std::string::npos;
    listen_url_ = fmt::format("http://{}{}{}:{}", v6 ? "[" : "", options_.host, v6 ? "]" : "", port);
    // Threads start here, after the SignalStopper, so that they block SIGINT and SIGTERM too.
    // Both are jthreads: when anything below throws, unwinding stops and joins them, and the
    // error reaches the caller instead of std::terminate.
    generation_ = std::make_unique<GenerationWatch>(core_, kGenerationPoll);
    std::jthread housekeeper([this](const std::stop_token& stop) { housekeep(stop); });
    on_ready(listen_url_ + std::string(kApiPrefix));
    server_.listen_after_bind();
    housekeeper.request_stop();
    housekeeper.join();
    save_counts();
    log_.flush();
  }

  void stop() { server_.stop(); }

 private:
  void configure() {
    const std::size_t threads = static_cast<std::size_t>(std::max(1, options_.threads));
    server_.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    server_.set_keep_alive_max_count(kKeepAliveRequests);
    server_.set_keep_alive_timeout(options_.keep_alive_seconds);
    server_.set_read_timeout(options_.timeout_seconds, 0);
    server_.set_write_timeout(options_.timeout_seconds, 0);
    server_.set_payload_max_length(kMaxBodyBytes);
    server_.set_tcp_nodelay(true);
    server_.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      handle(req, res);
      return httplib::Server::HandlerResponse::Handled;
    });
    // Answers httplib gives by itself (414 URI too long, 400 unreadable request, 413 body).
    server_.set_error_handler(httplib::Server::HandlerWithResponse(
        [this](const httplib::Request&, httplib::Response& res) {
          if (!res.body.empty()) {
            return httplib::Server::HandlerResponse::Unhandled;
          }
          send(res, library_error(res.status), std::nullopt, wall_now());
          return httplib::Server::HandlerResponse::Handled;
        }));
    server_.set_exception_handler(
        [this](const httplib::Request&, httplib::Response& res, const std::exception_ptr&) {
          if (current_note.quota_reserved && current_note.key_id) {
            quota_.release(*current_note.key_id, wall_now());  // a 500 does not count
            current_note.quota_reserved = false;
          }
          send(res, internal_error("unexpected exception"), std::nullopt, wall_now());
        });
    server_.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      LogLine line{req.remote_addr, req.method, req.target, res.status, res.body.size(),
                   std::nullopt, current_note.key_id};
      if (current_note.started) {
        line.micros = std::chrono::duration_cast<std::chrono::microseconds>(
                          SteadyClock::now() - *current_note.started)
                          .count();
      }
      current_note = {};
      log_.write(line);
    });
  }

  static Reply library_error(int status) {
    switch (status) {
      case 414:
        return error_reply(414, "URITooLong", "the request URL is too long; send at most 8 KiB");
      case 413:
        return error_reply(413, "PayloadTooLarge", "the API takes no request body");
      case 431:
        return error_reply(431, "RequestHeaderFieldsTooLarge", "a request header is too large");
      case 404:
        return error_reply(404, "NotFound", "no such path");
      default:
        return error_reply(400, "BadRequest",
                           "the request could not be read (a header line over 8 KiB, or not "
                           "HTTP/1.1)");
    }
  }

  Reply internal_error(std::string_view detail) {
    fmt::print(stderr, "gpq serve: internal error: {}\n", detail);
    return error_reply(500, "InternalError",
                       "the server failed to answer; the failure is in the server's log");
  }

  void handle(const httplib::Request& req, httplib::Response& res) {
    current_note = {SteadyClock::now(), std::nullopt, false};
    const TimePoint now = wall_now();
    if (req.method != "GET" && req.method != "HEAD") {
      res.set_header("Allow", "GET, HEAD");
      send(res,
           error_reply(405, "MethodNotAllowed",
                       fmt::format("method {} is not allowed; the API answers GET and HEAD",
                                   req.method.substr(0, 20))),
           std::nullopt, now);
      return;
    }
    const std::optional<Route> route = match_route(req.path);
    if (!route) {
      send(res,
           error_reply(404, "NotFound",
                       "no such path; the endpoints are listed at /api/v1/openapi.json"),
           std::nullopt, now);
      return;
    }
    const std::string presented = req.get_header_value("X-Api-Key");
    std::optional<std::int64_t> key = keys_.find(presented);
    if (!key && presented.empty() && options_.no_auth) {
      key = kAnonymousKey;
    }
    current_note.key_id = key;
    if (needs_key(route->endpoint) && !key) {
      send(res,
           error_reply(403, "Forbidden",
                       presented.empty() ? "an API key is required: send it in the X-Api-Key header"
                                         : "the API key is not valid (unknown or revoked)"),
           std::nullopt, now);
      return;
    }
    const bool counted = needs_key(route->endpoint);
    const Lane lane = lane_of(route->endpoint);
    std::optional<std::int64_t> remaining;
    if (counted) {
      if (const int wait = limiter_.take(*key, lane); wait > 0) {
        res.set_header("Retry-After", std::to_string(wait));
        send(res,
             error_reply(429, "TooManyRequests",
                         fmt::format("Rate limit exceeded. Try again in {} seconds.", wait)),
             key, now);
        return;
      }
      const QuotaBook::Reservation reservation = quota_.reserve(*key, now);
      remaining = reservation.remaining;
      current_note.quota_reserved = reservation.granted;
      if (!reservation.granted) {
        limiter_.give_back(*key, lane);
        const TimePoint reset = next_month_start(now);
        const std::int64_t wait =
            std::max<std::int64_t>(1, (reset.unix_micros() - now.unix_micros()) / kMicrosPerSecond);
        res.set_header("Retry-After", std::to_string(wait));
        send(res,
             error_reply(429, "TooManyRequests",
                         fmt::format("Monthly quota of {} requests is used up; it resets at {} "
                                     "(in {} seconds).",
                                     quota_.limit(), format_iso8601_millis(reset), wait)),
             key, now);
        return;
      }
    }
    Reply reply;
    std::string etag;
    if (const auto kept = cached_reply(req, *route)) {
      reply = kept->reply;
      etag = kept->etag;
    } else {
      reply = call(req, *route);
      if (reply.status == 200) {
        etag = etag_of(reply.body);
      }
    }
    if (auto age = epoch_age_hours(reply, wall_now())) {
      reply.headers.emplace_back("X-Epoch-Age-Hours", std::move(*age));
    }
    if (reply.status == 200) {
      if (etag_matches(req.get_header_value("If-None-Match"), etag)) {
        reply.status = 304;
        reply.body.clear();
      }
      reply.headers.emplace_back("ETag", std::move(etag));
    }
    if (counted && !counts_against_quota(reply.status)) {
      if (reply.status == 304) {
        limiter_.give_back(*key, lane);  // the client already had the answer
      }
      remaining = quota_.release(*key, now);
      current_note.quota_reserved = false;
    }
    if (!reply.body.empty() && reply.body.size() >= kSmallestCompressed &&
        accepts_gzip(req.get_header_value("Accept-Encoding"))) {
      reply.body = gzip(reply.body);
      reply.headers.emplace_back("Content-Encoding", "gzip");
      // httplib would compress text/* bodies a second time; the request object is ours to
      // change (httplib owns it as non-const, and hands it to handlers as const).
      const_cast<httplib::Request&>(req).headers.erase("Accept-Encoding");
    }
    send(res, std::move(reply), key, now, remaining);
  }

  // A kept reply for this request, or after computing one, null (and the new one is kept).
  std::shared_ptr<const CachedReply> cached_reply(const httplib::Request& req, const Route& route) {
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
    if (auto hit = replies_.find(key, *generation, now)) {
      return hit;
    }
    auto fresh = std::make_shared<CachedReply>();
    fresh->reply = call(req, route);
    if (fresh->reply.status != 200) {
      return fresh;  // errors are not kept
    }
    fresh->etag = etag_of(fresh->reply.body);
    replies_.store(key, *generation, fresh, now);
    return fresh;
  }

  Reply call(const httplib::Request& req, const Route& route) {
    try {
      Params params;
      for (const auto& [name, value] : req.params) {
        params.emplace(name, value);  // the first of repeated parameters wins
      }
      if (!params.contains(kAcceptKey) && req.has_header("Accept")) {
        params.emplace(kAcceptKey, accepted_formats(req.get_header_value("Accept")));
      }
      const std::string host = req.get_header_value("Host");
      const std::string base = !options_.public_url.empty() ? options_.public_url
                               : host.empty()               ? listen_url_
                                                            : "http://" + host;
      const std::string query = encoded_query(req.params);
      return answer(core_, Call{route, params, base, req.path, query}, options_.version);
    } catch (const Error& error) {
      if (error.code() == Errc::internal || error.code() == Errc::upstream) {
        return internal_error(error.what());
      }
      return error_reply(error);
    } catch (const std::exception& error) {
      return internal_error(error.what());
    }
  }

  // `remaining`: the key's quota left, when the caller knows it already.
  void send(httplib::Response& res, Reply reply, std::optional<std::int64_t> key, TimePoint now,
            std::optional<std::int64_t> remaining = std::nullopt) {
    res.status = reply.status;
    for (auto& [name, value] : reply.headers) {
      res.set_header(name, value);
    }
    if (!remaining) {
      remaining = key ? quota_.remaining(*key, now) : quota_.limit();
    }
    res.set_header("X-RateLimit-Limit", std::to_string(quota_.limit()));
    res.set_header("X-RateLimit-Remaining", std::to_string(*remaining));
    res.set_header("X-RateLimit-Reset", std::to_string(quota_.reset_seconds(now)));
    res.set_header("Vary", "Accept, Accept-Encoding");
    if (reply.status != 304) {
      res.body = std::move(reply.body);
      res.set_header("Content-Type", std::string(reply.content_type));
    }
  }

  // Once a second until stopped: quota counts to the database, keys from it, the access log
  // to disk.
  void housekeep(const std::stop_token& stop) {
    std::mutex mutex;
    std::condition_variable_any wake;
    std::unique_lock lock(mutex);
    while (!wake.wait_for(lock, stop, std::chrono::seconds(1),
                          [&stop] { return stop.stop_requested(); })) {
      save_counts();
      try {
        keys_.replace(storage::ApiKeys(*housekeeping_db_).active());
      } catch (const Error& error) {
        fmt::print(stderr, "gpq serve: could not reload keys: {}\n", error.what());
      }
      log_.flush();
    }
  }

  void save_counts() {
    const QuotaBook::Pending pending = quota_.take_pending();
    try {
      storage::ApiKeys keys(*housekeeping_db_);
      for (const auto& [month, counts] : pending) {
        keys.add_usage(month, counts);
      }
    } catch (const Error& error) {
      // Kept for the next round: a sync may hold the write lock for a while.
      quota_.restore(pending);
      fmt::print(stderr, "gpq serve: could not save quota counts yet: {}\n", error.what());
    }
  }

  ServeOptions options_;
  std::unique_ptr<storage::SqliteStore> store_;
  QueryService core_;
  std::unique_ptr<GenerationWatch> generation_;  // while run() serves
  std::unique_ptr<storage::Database> housekeeping_db_;  // used by the housekeeping thread
  KeyRing keys_;
  RateLimiter limiter_;
  QuotaBook quota_;
  ReplyCache replies_{kReplyCacheBytes, kReplyLifetime};
  AccessLog log_;
  Listener server_;
  std::string listen_url_;
};

// Blocks SIGINT and SIGTERM in every thread started after it, and turns them into a stop()
// from a thread of its own.
class SignalStopper {
 public:
  explicit SignalStopper(ApiServer& server) {
    sigemptyset(&signals_);
    sigaddset(&signals_, SIGINT);
    sigaddset(&signals_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals_, &previous_);
    try {
      thread_ = std::jthread([this, &server](const std::stop_token& stop) {
        const timespec tick{0, 200'000'000};
        while (!stop.stop_requested()) {
          if (sigtimedwait(&signals_, nullptr, &tick) > 0) {
            server.stop();
            return;
          }
        }
      });
    } catch (...) {
      pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
      throw;
    }
  }
  ~SignalStopper() {
    thread_.request_stop();
    thread_.join();
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
  }
  SignalStopper(const SignalStopper&) = delete;
  SignalStopper& operator=(const SignalStopper&) = delete;
  SignalStopper(SignalStopper&&) = delete;
  SignalStopper& operator=(SignalStopper&&) = delete;

 private:
  sigset_t signals_{};
  sigset_t previous_{};
  std::jthread thread_;
};

}  // namespace

void serve(const std::filesystem::path& database, const ServeOptions& options,
           const std::function<void(const std::string& url)>& on_ready) {
  ApiServer server(database, options);
  const SignalStopper stopper(server);
  server.run(on_ready);
}

}  // namespace gpq::http
