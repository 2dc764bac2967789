// GET /api/v1/status, which anyone may read, names why a source's last sync failed in a short
// reason of gpq's own ("HTTP 500", "connection failed"), never in an upstream's words; `gpq
// status` gives the whole text, as the sync's log did. Through a real sync against a loopback
// CelesTrak and a real `gpq serve`.
#include <string>

#include <gtest/gtest.h>

#include "support/api_client.h"
#include "support/serve_process.h"
#include "support/served_world.h"
#include "sync_upstream_fixture.h"

namespace gpq::test {
namespace {

constexpr std::string_view kUpstreamBody = "Internal Server Error";  // the fake's 500 body

// The body of GET /api/v1/status without a key, from a server that has one.
std::string served_status(const std::string& db) {
  const ProcessResult key = run_gpq({"--db", db, "keys", "create", "--label", "status"});
  EXPECT_EQ(key.exit_code, 0) << key.err;
  ServeProcess server(db, kUnlimited);
  ApiClient anonymous(server.host(), server.port());
  const HttpResult answer = anonymous.get("/api/v1/status");
  EXPECT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(server.stop(), 0);
  return answer.body;
}

TEST_F(SyncUpstreamTest, StatusOverHttpGivesTheStatusCodeNotTheUpstreamsBody) {
  upstream_.misbehave(group_target("stations"), Misbehaviour::status_500);
  const ProcessResult r = sync();
  EXPECT_EQ(r.exit_code, 4);
  ASSERT_NE(r.err.find("HTTP 500 Internal Server Error"), std::string::npos) << r.err;

  const std::string body = served_status(db_);
  EXPECT_EQ(body.find(kUpstreamBody), std::string::npos) << body;
  EXPECT_NE(body.find("\"outcome\":\"failed\",\"error\":\"HTTP 500\","), std::string::npos) << body;

  const ProcessResult text = run_gpq({"--db", db_, "status"});
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("HTTP 500 Internal Server Error"), std::string::npos) << text.out;
  EXPECT_NE(status().find("HTTP 500 Internal Server Error"), std::string::npos) << status();
}

TEST_F(SyncUpstreamTest, StatusOverHttpSaysTheConnectionFailed) {
  const ProcessResult r = run_gpq({"--db", db_, "sync", "--celestrak-url", "http://127.0.0.1:9",
                                   "--retries", "0", "--config", config_});
  EXPECT_EQ(r.exit_code, 4);
  const std::string body = served_status(db_);
  EXPECT_NE(body.find("\"error\":\"connection failed\""), std::string::npos) << body;
  EXPECT_EQ(body.find("could not connect"), std::string::npos) << body;
  EXPECT_NE(run_gpq({"--db", db_, "status"}).out.find("could not connect"), std::string::npos);
}

}  // namespace
}  // namespace gpq::test
