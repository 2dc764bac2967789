// Requests to Space-Track for one run: every one through the account's request budget
// (request_budget.h), logins (at most 3 a run, only {"Login":"Failed"} or 401/403 is a
// refusal), a pause after a rate-limit answer and a stop at the second, retries with backoff
// on 5xx and transport failures, and a logout at the end.
#pragma once

#include <string>

#include "sync/upstream/failure.h"
#include "sync/upstream/http_session.h"
#include "sync/upstream/request_budget.h"
#include "sync/upstream/spacetrack.h"

namespace gpq::sync {

struct Fetched {
  HttpAnswer answer;  // the last answer (empty when no request could be sent)
  Failure stop;       // not empty: the source stops for this run, and this says why
};

class SpacetrackClient {
 public:
  // `db`, `options` and `clock` must outlive the client.
  SpacetrackClient(storage::Database& db, const SpacetrackOptions& options, BudgetClock& clock);
  ~SpacetrackClient();
  SpacetrackClient(const SpacetrackClient&) = delete;
  SpacetrackClient& operator=(const SpacetrackClient&) = delete;
  SpacetrackClient(SpacetrackClient&&) = delete;
  SpacetrackClient& operator=(SpacetrackClient&&) = delete;

  // Empty when logged in; otherwise why not (the source stops).
  Failure login();
  // GET a query; logs in again once if the session expired.
  Fetched get(const std::string& target);
  // GET /ajaxauth/logout when logged in and the budget allows it now; errors are ignored.
  void logout();

 private:
  // Records a rate-limit answer; not empty when it is the second of the run.
  Failure rate_limited(const HttpAnswer& answer);

  const SpacetrackOptions& options_;
  BudgetClock& clock_;
  HttpSession session_;
  RequestBudget budget_;
  int logins_ = 0;
  int rate_limits_ = 0;
  bool logged_in_ = false;
};

}  // namespace gpq::sync
