#include "http/server/webhook_deliverer.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <fmt/core.h>
#include <httplib.h>

#include "gpq/error.h"

#include "core/change_texts.h"
#include "format/process_log.h"
#include "http/server/webhook_target.h"
#include "keys/webhook_signature.h"
#include "storage/change_events.h"
#include "storage/database.h"
#include "storage/watches.h"

namespace gpq::http {
namespace {

constexpr std::chrono::milliseconds kLookEvery{500};
constexpr std::chrono::milliseconds kAfterFailure{60'000};
constexpr std::int64_t kMaxBackoffSeconds = 300;
constexpr std::size_t kEventsPerPass = 100;

struct Tried {
  std::optional<int> status;  // none: no answer
  std::string error;          // empty on a 2xx
};

TimePoint later(TimePoint t, std::chrono::seconds by) {
  return TimePoint::from_unix_micros(t.unix_micros() + std::chrono::microseconds(by).count());
}

}  // namespace

class WebhookDeliverer::Worker {
 public:
  Worker(std::filesystem::path database, const QueryService& core, WebhookSettings settings,
         std::function<void(DeliveryOutcome)> counted)
      : database_(std::move(database)),
        texts_(core),
        settings_(settings),
        counted_(std::move(counted)) {}

  ~Worker() { stop(); }
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;
  Worker(Worker&&) = delete;
  Worker& operator=(Worker&&) = delete;

  void start() {
    thread_ = std::thread([this] { run(); });
  }

  void stop() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) {
      thread_.join();
    }
  }

 private:
  void run() {
    while (!stopped_for(kLookEvery)) {
      try {
        if (!reader_) {
          listing_ = storage::Database::open(database_, storage::Database::Mode::read_only);
          reader_ = std::make_unique<storage::ChangeEventReader>(database_);
        }
        pass();
      } catch (const std::exception& e) {
        log_message("error", fmt::format("webhooks: {}; trying again in a minute", e.what()));
        reader_.reset();
        listing_.reset();
        writing_.reset();
        if (stopped_for(kAfterFailure)) {
          return;
        }
      }
    }
  }

  bool stopped_for(std::chrono::milliseconds wait) {
    std::unique_lock lock(mutex_);
    return wake_.wait_for(lock, wait, [this] { return stopping_; });
  }

  // The watches are read on a read-only connection: a server of a database it may not write
  // (a read-only copy) finds none and never needs more.
  void pass() {
    const std::int64_t newest = reader_->newest_id();
    for (const storage::Watch& watch : storage::Watches(*listing_).list()) {
      if (watch.delivered_through < newest && watch.next_attempt <= system_now()) {
        if (!writing_) {
          writing_ = storage::Database::open(database_, storage::Database::Mode::read_write);
        }
        storage::Watches watches(*writing_);
        serve_watch(watches, watch);
      }
      if (stopping()) {
        return;
      }
    }
  }

  bool stopping() {
    const std::lock_guard lock(mutex_);
    return stopping_;
  }

  // Delivers the watch's events in order until one fails or none is left.
  void serve_watch(storage::Watches& watches, const storage::Watch& watch) {
    std::int64_t through = watch.delivered_through;
    std::int64_t attempts = watch.attempts;
    for (;;) {
      const std::vector<ChangeEvent> events = reader_->after(through, kEventsPerPass);
      if (events.empty()) {
        break;
      }
      for (const ChangeEvent& event : events) {
        if (!texts_.admits(watch.filter, event)) {
          through = event.id;
          continue;
        }
        if (through > watch.delivered_through) {
          watches.passed(watch.id, through);
        }
        const Tried tried = post(watch, event);
        if (tried.error.empty()) {
          watches.delivered(watch.id, event.id, *tried.status);
          counted_(DeliveryOutcome::delivered);
          through = event.id;
          attempts = 0;
          continue;
        }
        const TimePoint now = system_now();
        if (now.unix_micros() - event.committed.unix_micros() >
            std::chrono::microseconds(settings_.retry_window).count()) {
          watches.gave_up(watch.id, event.id, tried.status, tried.error);
          counted_(DeliveryOutcome::failed);
          through = event.id;
          attempts = 0;
          continue;
        }
        ++attempts;
        const std::int64_t backoff = std::min<std::int64_t>(
            kMaxBackoffSeconds, std::int64_t{1} << std::min<std::int64_t>(attempts - 1, 20));
        watches.retry_later(watch.id, attempts, later(now, std::chrono::seconds(backoff)),
                            tried.status, tried.error);
        counted_(DeliveryOutcome::retried);
        return;
      }
      if (stopping()) {
        break;
      }
    }
    if (through > watch.delivered_through) {
      watches.passed(watch.id, through);
    }
  }

  Tried post(const storage::Watch& watch, const ChangeEvent& event) {
    Tried tried;
    try {
      const WebhookTarget target = parse_webhook_url(watch.url);
      const std::vector<std::string> addresses = resolve_webhook_host(target, watch.allow_private);
      httplib::Client client(target.origin());
      // Connect to the address checked above, whatever the name resolves to a moment later.
      client.set_hostname_addr_map({{target.host, addresses.front()}});
      const auto seconds = static_cast<time_t>(settings_.timeout.count());
      client.set_connection_timeout(seconds);
      client.set_read_timeout(seconds);
      client.set_write_timeout(seconds);
      const std::string body = texts_.json(event);
      const httplib::Headers headers = {
          {"User-Agent", "gpq-webhook"},
          {"X-Gpq-Event", std::string(to_string(event.kind))},
          {"X-Gpq-Delivery", std::to_string(event.id)},
          {"X-Gpq-Watch", std::to_string(watch.id)},
          {"X-Gpq-Signature", keys::webhook_signature(watch.secret, body)}};
      const httplib::Result result = client.Post(target.path, headers, body, "application/json");
      if (!result) {
        tried.error = "no answer: " + httplib::to_string(result.error());
        return tried;
      }
      tried.status = result->status;
      if (result->status < 200 || result->status > 299) {
        tried.error = fmt::format("HTTP {}", result->status);
      }
    } catch (const Error& e) {
      tried.error = e.what();
    }
    return tried;
  }

  std::filesystem::path database_;
  ChangeTexts texts_;
  WebhookSettings settings_;
  std::function<void(DeliveryOutcome)> counted_;
  std::unique_ptr<storage::Database> listing_;  // on the thread, read-only
  std::unique_ptr<storage::Database> writing_;  // on the thread, opened for the first delivery
  std::unique_ptr<storage::ChangeEventReader> reader_;  // on the thread
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
};

WebhookDeliverer::WebhookDeliverer(std::filesystem::path database, const QueryService& core,
                                   WebhookSettings settings,
                                   std::function<void(DeliveryOutcome)> counted)
    : worker_(std::make_unique<Worker>(std::move(database), core, settings, std::move(counted))) {}

WebhookDeliverer::~WebhookDeliverer() = default;

void WebhookDeliverer::start() {
  worker_->start();
}

void WebhookDeliverer::stop() {
  worker_->stop();
}

}  // namespace gpq::http
