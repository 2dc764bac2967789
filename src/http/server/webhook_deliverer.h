// Delivers the change events to the webhooks of `gpq watch` (docs/STREAM.md "Webhooks"), on a
// thread of `gpq serve` of its own: a sync never waits for a receiver. Each watch's events go
// in id order, one POST each (the event's JSON, signed), on a connection to the address its
// host was checked to name. A 2xx moves the watch past the event, in the database, so that a
// restart neither loses nor repeats it; anything else is tried again after 1, 2, 4 ... s (at
// most 5 minutes apart) until the event is older than the retry window, then counted failed.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>

#include "gpq/query_service.h"

namespace gpq::http {

enum class DeliveryOutcome : std::uint8_t { delivered, retried, failed };

struct WebhookSettings {
  std::chrono::hours retry_window{24};
  std::chrono::seconds timeout{10};  // to connect, and for the answer
};

class WebhookDeliverer {
 public:
  // `database` is opened read-write on the thread; `core` (which renders the events) must
  // outlive the deliverer. `counted` hears of each try's outcome (the metrics).
  WebhookDeliverer(std::filesystem::path database, const QueryService& core,
                   WebhookSettings settings, std::function<void(DeliveryOutcome)> counted);
  ~WebhookDeliverer();  // stops
  WebhookDeliverer(const WebhookDeliverer&) = delete;
  WebhookDeliverer& operator=(const WebhookDeliverer&) = delete;
  WebhookDeliverer(WebhookDeliverer&&) = delete;
  WebhookDeliverer& operator=(WebhookDeliverer&&) = delete;

  void start();
  void stop();

 private:
  class Worker;
  std::unique_ptr<Worker> worker_;
};

}  // namespace gpq::http
