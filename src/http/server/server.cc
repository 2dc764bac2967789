// The server's wiring: httplib's settings and handlers, and the path of a request through
// admission and the responder to the conditional, compression and limit headers it is sent
// with.
#include "http/server/server.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <sys/socket.h>
#include <utility>
#include <variant>

#include <fmt/core.h>
#include <httplib.h>

#include "gpq/error.h"
#include "gpq/query_service.h"

#include "core/signal_stopper.h"
#include "http/api/change_feed.h"
#include "http/api/compression.h"
#include "http/api/conditional.h"
#include "http/api/endpoints.h"
#include "http/api/responder.h"
#include "http/api/routes.h"
#include "http/api/web_page.h"
#include "http/limits/key_ring.h"
#include "http/limits/key_watch.h"
#include "http/limits/local_limits.h"
#include "http/limits/quota.h"
#include "http/limits/redis_key_store.h"
#include "http/limits/redis_limits.h"
#include "http/limits/sqlite_key_source.h"
#include "http/server/access_log.h"
#include "http/server/admission.h"
#include "http/server/client_address.h"
#include "http/server/connection_gate.h"
#include "http/server/gate_answers.h"
#include "http/server/housekeeper.h"
#include "http/server/metrics.h"
#include "http/server/metrics_listener.h"
#include "http/server/request_shape.h"
#include "http/server/stream_hub.h"
#include "http/server/stream_opening.h"
#include "http/server/webhook_deliverer.h"
#include "storage/database.h"

namespace gpq::http {
namespace {

using SteadyClock = std::chrono::steady_clock;

constexpr std::size_t kMaxBodyBytes = 64 * 1024;  // the API takes no bodies
constexpr std::size_t kKeepAliveRequests = 100'000;
constexpr std::size_t kSmallestCompressed = 512;  // below this gzip saves nothing worth a CPU

// What the access log and the metrics need to know of a request that httplib's logger cannot
// see.
struct RequestNote {
  std::optional<SteadyClock::time_point> started;
  std::optional<std::int64_t> key_id;
  std::optional<Admitted> admitted;                 // the exception handler settles it as a 500
  std::size_t endpoint = ServerMetrics::kUnrouted;  // its label in the metrics
  std::optional<Lane> lane;                         // a keyed endpoint's rate lane
  bool cache_hit = false;
};
thread_local RequestNote current_note;
// A /stream answer whose head was written: the serve callback hands its socket to the hub.
thread_local std::optional<StreamStart> pending_stream;

// httplib binds the socket and reads each request, but the connections wait on the gate's
// event loop, not on httplib's accepting thread and its pool (connection_gate.h).
class Listener : public httplib::Server {
 public:
  // httplib's default socket option is SO_REUSEPORT, which lets a second server bind the same
  // port and silently take part of its connections. SO_REUSEADDR alone still binds at once
  // after a restart (connections left in TIME_WAIT), and a port in use is refused.
  Listener() {
    set_socket_options([](socket_t sock) {
      const int yes = 1;
      ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    });
  }
  // httplib listens with a backlog of 5: a burst of new connections beyond that waits out
  // TCP's SYN retries (1 s, 3 s, 7 s...). Listening again on the bound socket widens the queue.
  void widen_backlog(int backlog) { ::listen(svr_sock_, backlog); }
  int listening_socket() const { return svr_sock_; }
  bool serve_one(httplib::Stream& stream, bool close, bool& closed) {
    return process_request(stream, close, closed, nullptr);
  }
};
constexpr int kListenBacklog = 1024;

std::unique_ptr<RedisPool> redis_pool(const ServeOptions& options) {
  if (options.redis_url.empty()) {
    return nullptr;
  }
  const std::chrono::milliseconds timeout(options.redis_timeout_ms);
  return std::make_unique<RedisPool>(parse_redis_url(options.redis_url),
                                     RedisTimeouts{timeout, timeout});
}

// Keys from the shared Redis, or from the database through a read-only connection of their own.
std::unique_ptr<KeySource> key_source(RedisPool* redis, storage::Database& accounts) {
  if (redis != nullptr) {
    return std::make_unique<RedisKeyStore>(*redis);
  }
  return std::make_unique<SqliteKeySource>(
      storage::Database::open(accounts.path(), storage::Database::Mode::read_only));
}

std::unique_ptr<LimitBook> limit_book(RedisPool* redis, const ServeOptions& options,
                                      RateLimiter& limiter, QuotaBook& quota) {
  if (redis != nullptr) {
    return std::make_unique<RedisLimits>(*redis, options.standard, options.heavy,
                                         options.monthly_quota);
  }
  return std::make_unique<LocalLimits>(limiter, quota);
}

class ApiServer {
 public:
  ApiServer(const Store& store, storage::Database& accounts, const ServeOptions& options)
      : options_(options),
        database_path_(accounts.path()),
        core_(store),
        responder_(core_, options.public_url, {options.version, options.max_conjunction_days}),
        hub_(accounts.path(), core_,
             StreamLimits{std::chrono::seconds(options.stream_keep_alive_seconds),
                          options.max_streams_per_key}),
        deliverer_(accounts.path(), core_,
                   WebhookSettings{std::chrono::hours(options.webhook_retry_hours)},
                   [this](DeliveryOutcome outcome) { metrics_.webhook_delivery(outcome); }),
        redis_(redis_pool(options)),
        key_source_(key_source(redis_.get(), accounts)),
        keys_(*key_source_),
        limiter_(options.standard, options.heavy),
        quota_(options.monthly_quota),
        limits_(limit_book(redis_.get(), options, limiter_, quota_)),
        log_(options.access_log, options.log_format),
        admission_(keys_, *limits_, options.no_auth),
        housekeeper_(accounts, quota_, log_),
        key_watch_(keys_) {
    keys_.refresh();
    if (keys_.size() == 0 && !options.no_auth) {
      fail(Errc::bad_request,
           "no API key exists in {}; create one with `gpq keys create{} --label NAME`, or start "
           "with --no-auth to serve without keys",
           redis_ ? redis_->endpoint().display : accounts.path().string(),
           redis_ ? " --redis URL" : "");
    }
    housekeeper_.load_counts(system_now());
    if (redis_) {
      redis_->observe([this](std::chrono::microseconds took, bool failed) {
        metrics_.redis_command(took, failed);
      });
    }
    configure();
  }

  // Binds, reports the URLs, and serves until stop().
  void run(const std::function<void(const Listening&)>& on_ready) {
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
    listen_url_ =
        fmt::format("http://{}{}{}:{}", v6 ? "[" : "", options_.host, v6 ? "]" : "", port);
    // The generation watch and the housekeeper start their threads here, after the
    // SignalStopper, so that they block SIGINT and SIGTERM too. Both are jthreads: when
    // anything below throws, unwinding stops and joins them, and the error reaches the caller
    // instead of std::terminate.
    ConnectionGate* gate = nullptr;
    {
      const std::lock_guard lock(gate_mutex_);
      gate = &gate_.emplace(
          server_.listening_socket(), gate_limits(),
          [this](GateStream& stream, bool close, bool& closed) {
            const bool served = server_.serve_one(stream, close, closed);
            if (pending_stream) {
              stream.give_away();
              hub_.adopt(stream.socket(), std::move(*pending_stream));
              pending_stream.reset();
              return false;
            }
            return served;
          },
          // On the gate's thread: it reads only the quota's fixed figures.
          [this](int status) {
            return raw_answer(library_error(status), quota_.limit(),
                              quota_.reset_seconds(system_now()));
          });
      if (stop_requested_) {
        gate->stop();
      }
    }
    responder_.start(listen_url_);
    hub_.start();
    deliverer_.start();
    housekeeper_.start();
    key_watch_.start();
    if (options_.metrics_port) {
      metrics_listener_.emplace(options_.metrics_host, *options_.metrics_port,
                                [this] { return exposition(); });
    }
    on_ready({listen_url_ + std::string(kApiPrefix),
              metrics_listener_ ? metrics_listener_->url() : std::string()});
    gate->run();
    hub_.stop();
    deliverer_.stop();
    metrics_listener_.reset();
    housekeeper_.finish();
  }

  void stop() {
    stopping_ = true;
    const std::lock_guard lock(gate_mutex_);
    stop_requested_ = true;
    if (gate_) {
      gate_->stop();
    }
  }

 private:
  void configure() {
    server_.set_payload_max_length(kMaxBodyBytes);
    // Only for the Keep-Alive header httplib writes: the gate holds the connections.
    server_.set_keep_alive_max_count(kKeepAliveRequests);
    server_.set_keep_alive_timeout(options_.keep_alive_seconds);
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
          // What follows an unreadable request is not known to be a request: httplib would
          // read on and answer the rest of its lines as requests of their own.
          Reply reply = library_error(res.status);
          reply.headers.emplace_back("Connection", "close");
          send(res, std::move(reply), std::nullopt, system_now());
          return httplib::Server::HandlerResponse::Handled;
        }));
    server_.set_exception_handler(
        [this](const httplib::Request&, httplib::Response& res, const std::exception_ptr&) {
          if (current_note.admitted) {
            admission_.settle(*current_note.admitted, 500, system_now());  // 500s do not count
          }
          send(res, internal_error("unexpected exception"), std::nullopt, system_now());
        });
    server_.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      // LogLine holds views: the address it names must outlive it.
      const std::string client = client_address(
          req.remote_addr, req.get_header_value("X-Forwarded-For"), options_.trusted_proxies);
      LogLine line{client,          req.method,   req.target,         res.status,
                   res.body.size(), std::nullopt, current_note.key_id};
      line.lane = current_note.lane;
      line.cache_hit = current_note.cache_hit;
      std::chrono::microseconds took{0};
      if (current_note.started) {
        took = std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() -
                                                                     *current_note.started);
        line.micros = took.count();
      }
      metrics_.answered(current_note.endpoint, res.status, took);
      current_note = {};
      log_.write(line);
    });
  }

  // Counts a stream as open while any copy of the token lives (its content provider holds one).
  std::shared_ptr<void> open_stream() {
    open_streams_.fetch_add(1, std::memory_order_relaxed);
    return {nullptr, [this](void*) { open_streams_.fetch_sub(1, std::memory_order_relaxed); }};
  }

  // The metrics as a scrape finds them (metrics.h); what cannot be read now is left out.
  std::string exposition() {
    ScrapeFacts facts;
    facts.now = system_now();
    {
      const std::lock_guard lock(gate_mutex_);
      facts.open_connections = gate_ ? static_cast<std::int64_t>(gate_->open_connections()) : 0;
    }
    facts.open_streams =
        open_streams_.load(std::memory_order_relaxed) + static_cast<std::int64_t>(hub_.open());
    const CacheFigures cache = responder_.cache_figures();
    facts.reply_cache_hits = cache.hits;
    facts.reply_cache_misses = cache.misses;
    facts.reply_cache_bytes = static_cast<std::int64_t>(cache.bytes);
    try {
      facts.data_generation = core_.data_generation();
      // The mirror's stats alone: the status would add a pass over the catalog for its coverage.
      MirrorStats stats = core_.store().mirror_stats();
      facts.sources = std::move(stats.sources);
      facts.runs = std::move(stats.run_tallies);
      facts.peer_pulled_at = stats.peer_pulled_at;
    } catch (const std::exception&) {
      // The database cannot be read just now: the figures of the server itself still are.
    }
    facts.redis = redis_ != nullptr;
    std::string out;
    metrics_.write(facts, out);
    return out;
  }

  GateLimits gate_limits() const {
    GateLimits limits;
    limits.threads = static_cast<std::size_t>(std::max(1, options_.threads));
    limits.head_timeout = std::chrono::seconds(options_.timeout_seconds);
    limits.write_timeout = std::chrono::seconds(options_.timeout_seconds);
    limits.keep_alive = std::chrono::seconds(options_.keep_alive_seconds);
    limits.max_connections = options_.max_connections;
    limits.max_connections_per_address = options_.max_connections_per_address;
    limits.head.body_bytes = kMaxBodyBytes;
    limits.head.header_count = kMaxRequestHeaders;
    limits.keep_alive_requests = kKeepAliveRequests;
    return limits;
  }

  void handle(const httplib::Request& req, httplib::Response& res) {
    current_note = {};
    current_note.started = SteadyClock::now();
    if (const std::optional<Route> route = match_route(req.path)) {
      current_note.endpoint = ServerMetrics::label_of(route->endpoint);
    }
    // Range is ignored, as RFC 9110 14.2 allows: httplib would cut the body of our explicit
    // 200 to the range and keep the status, so a client took a fragment for the whole. The
    // bodies are built per request (and gzipped), so the whole answer is the one we give.
    const_cast<httplib::Request&>(req).ranges.clear();
    const TimePoint now = system_now();
    if (std::optional<Reply> refused = refuse_shape(req)) {
      send(res, std::move(*refused), std::nullopt, now);
      return;
    }
    if (std::optional<Reply> page = web_page(req.method, req.path)) {
      current_note.endpoint = ServerMetrics::kPage;
      std::string etag = page->status == 200 ? etag_of(page->body) : std::string();
      conclude(req, *page, std::move(etag));
      send(res, std::move(*page), std::nullopt, now);
      return;
    }
    auto admission = admission_.admit(req.method, req.path, req.get_header_value("X-Api-Key"), now);
    if (auto* refused = std::get_if<Refused>(&admission)) {
      if (carries_content(req)) {
        // A 405 (POST, PUT...): its body is not read, so the connection cannot go on.
        refused->reply.headers.emplace_back("Connection", "close");
      }
      current_note.key_id = refused->key;
      if (refused->limit) {
        metrics_.refused(refused->lane, *refused->limit);
        current_note.lane = refused->lane;
      }
      send(res, std::move(refused->reply), refused->key, now, refused->remaining);
      return;
    }
    Admitted& admitted = current_note.admitted.emplace(std::get<Admitted>(admission));
    current_note.key_id = admitted.key;
    if (admitted.quota_reserved) {
      current_note.lane = admitted.lane;
    }
    if (admitted.route.endpoint == Endpoint::stream) {
      open_event_stream(req, res, admitted, now);
      return;
    }
    if (admitted.route.endpoint == Endpoint::changes) {
      if (std::optional<Reply> refused =
              stream_changes(req, res, database_path_, stopping_, open_stream())) {
        send(res, std::move(*refused), admitted.key, now);
      }
      return;
    }
    auto [reply, etag, cache_hit] = responder_.answer(req, admitted.route);
    current_note.cache_hit = cache_hit;
    if (auto age = epoch_age_hours(reply, system_now())) {
      reply.headers.emplace_back("X-Epoch-Age-Hours", std::move(*age));
    }
    conclude(req, reply, std::move(etag));
    admission_.settle(admitted, reply.status, now);
    send(res, std::move(reply), admitted.key, now, admitted.remaining);
  }

  // GET /stream: counted as one request; on a 200, its socket goes to the hub once the head
  // is written (the serve callback in run()).
  void open_event_stream(const httplib::Request& req, httplib::Response& res, Admitted& admitted,
                         TimePoint now) {
    std::variant<StreamStart, Reply> start =
        stream_start(req, admitted.key.value_or(0), hub_, options_.max_streams_per_key);
    Reply reply;
    reply.content_type = "text/event-stream";
    if (Reply* refused = std::get_if<Reply>(&start)) {
      reply = std::move(*refused);
    }
    admission_.settle(admitted, reply.status, now);
    send(res, std::move(reply), admitted.key, now, admitted.remaining);
    if (auto* opened = std::get_if<StreamStart>(&start)) {
      stream_head(req, res, std::move(*opened),
                  [](StreamStart&& taken) { pending_stream = std::move(taken); });
    }
  }

  // The representation (gzip when the client takes it and the body is worth it), its ETag on a
  // 200 (each coding its own strong tag), and a 304 when the client has that one.
  static void conclude(const httplib::Request& req, Reply& reply, std::string etag) {
    const bool gzipped = reply.body.size() >= kSmallestCompressed &&
                         accepts_gzip(req.get_header_value("Accept-Encoding"));
    if (reply.status == 200) {
      if (gzipped) {
        etag = gzip_etag(etag);
      }
      if (etag_matches(req.get_header_value("If-None-Match"), etag)) {
        reply.status = 304;
        reply.body.clear();
      }
      reply.headers.emplace_back("ETag", std::move(etag));
    }
    if (gzipped && !reply.body.empty()) {
      reply.body = gzip(reply.body);
      reply.headers.emplace_back("Content-Encoding", "gzip");
      // httplib would compress text/* bodies a second time; the request object is ours to
      // change (httplib owns it as non-const, and hands it to handlers as const).
      const_cast<httplib::Request&>(req).headers.erase("Accept-Encoding");
    }
  }

  // `remaining`: the key's quota left, when the caller knows it already.
  void send(httplib::Response& res, Reply reply, std::optional<std::int64_t> key, TimePoint now,
            std::optional<std::int64_t> remaining = std::nullopt) {
    res.status = reply.status;
    for (auto& [name, value] : reply.headers) {
      res.set_header(name, value);
    }
    if (!remaining && !key) {
      remaining = limits_->limit();
    } else if (!remaining) {
      remaining = limits_->remaining(*key, now);
    }
    // Unknown only while a fleet's Redis does not answer: nothing is promised then.
    res.set_header("X-RateLimit-Limit", std::to_string(limits_->limit()));
    res.set_header("X-RateLimit-Remaining", std::to_string(remaining.value_or(0)));
    res.set_header("X-RateLimit-Reset", std::to_string(quota_.reset_seconds(now)));
    res.set_header("Vary", "Accept, Accept-Encoding");
    // Range is ignored (handle()): say so, rather than httplib's default "bytes".
    res.set_header("Accept-Ranges", "none");
    if (reply.status != 304) {
      res.body = std::move(reply.body);
      res.set_header("Content-Type", std::string(reply.content_type));
    }
  }

  ServerMetrics metrics_;  // first: everything below may count in it
  ServeOptions options_;
  std::filesystem::path database_path_;  // the change stream reads it on connections of its own
  QueryService core_;
  Responder responder_;
  StreamHub hub_;
  WebhookDeliverer deliverer_;
  std::unique_ptr<RedisPool> redis_;  // null without --redis
  std::unique_ptr<KeySource> key_source_;
  KeyRing keys_;
  RateLimiter limiter_;
  QuotaBook quota_;
  std::unique_ptr<LimitBook> limits_;
  AccessLog log_;
  Admission admission_;
  Housekeeper housekeeper_;  // after what its thread uses, so that it stops first
  KeyWatch key_watch_;       // likewise
  Listener server_;
  std::mutex gate_mutex_;  // stop() may come from the signal thread before run() made the gate
  std::optional<ConnectionGate> gate_;
  bool stop_requested_ = false;
  std::atomic<bool> stopping_{false};  // ends the change stream's long polls
  std::atomic<std::int64_t> open_streams_{0};
  std::string listen_url_;
  std::optional<MetricsListener> metrics_listener_;  // with --metrics-listen, from run()
};

}  // namespace

void serve(const Store& store, storage::Database& accounts, const ServeOptions& options,
           const std::function<void(const Listening& urls)>& on_ready) {
  set_process_log_format(options.log_format);
  ApiServer server(store, accounts, options);
  const SignalStopper stopper([&server, stopping = false](int) mutable {
    if (!std::exchange(stopping, true)) {
      server.stop();
    }
  });
  server.run(on_ready);
}

}  // namespace gpq::http
