// Every error row of docs/API.md "Errors" through a real server: status,
// the JSON body {error, message, status} whatever format was asked, and a message that
// says what to change.
#include <algorithm>
#include <arpa/inet.h>
#include <chrono>
#include <fstream>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <simdjson.h>

#include "support/process.h"
#include "support/served_world.h"

namespace gpq::test {
namespace {

class HttpErrorsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { world_ = new ServedWorld(kUnlimited); }
  static void TearDownTestSuite() {
    delete world_;
    world_ = nullptr;
  }

  // Checks the error body and returns its message.
  std::string expect_error(const HttpResult& r, int status, const std::string& error) {
    EXPECT_EQ(r.status, status) << r.body;
    EXPECT_EQ(r.header("Content-Type"), "application/json; charset=utf-8");
    for (const char* name : {"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"}) {
      EXPECT_TRUE(r.has_header(name)) << name;
    }
    auto doc = parser_.parse(r.body);
    EXPECT_FALSE(doc.error()) << r.body;
    if (doc.error()) {
      return {};
    }
    EXPECT_EQ(std::string(doc["error"].get_string().value()), error);
    EXPECT_EQ(doc["status"].get_int64().value(), status);
    return std::string(doc["message"].get_string().value());
  }

  static ServedWorld* world_;
  std::unique_ptr<ApiClient> client_ = world_->client();
  simdjson::dom::parser parser_;
};

ServedWorld* HttpErrorsTest::world_ = nullptr;

TEST_F(HttpErrorsTest, BadRequestsNameTheParameterAndTheFix) {
  std::string many_ids = "1";
  for (int id = 2; id <= 101; ++id) {
    many_ids += "," + std::to_string(id);
  }
  const struct {
    std::string target;
    std::string message_part;
  } rows[] = {
      {"/gp/abc", "'abc' is not a NORAD catalog number"},
      {"/gp/0", "from 1 to 999999999"},
      {"/gp/1000000000", "from 1 to 999999999"},
      {"/gp/-5/history", "NORAD catalog number"},
      {"/catalog/12x", "NORAD catalog number"},
      {"/gp/25544/range?format=csv", "parameter 'format'"},
      {"/gp/25544/history?start=yesterday", "parameter 'start'"},
      {"/gp/25544/history?start=2026-02-01&end=2026-01-01", "start <= end"},
      {"/gp/25544/nearest", "parameter 'epoch'"},
      {"/gp/25544/nearest?epoch=jd:abc", "parameter 'epoch'"},
      {"/gp/25544/adjacent?epoch=unix:x", "parameter 'epoch'"},
      {"/gp/25544/adjacent?epoch=2026-01-01&format=tle", "parameter 'format'"},
      {"/gp/epoch?epoch=2026-13-01", "parameter 'epoch'"},
      // The same refusal as `gpq gp --epoch T --group starlink` (cli_test.cc).
      {"/gp/epoch?group=starlink",
       "parameter 'group' does not apply to a snapshot; a snapshot filters only by object_type "
       "and orbit_regime"},
      {"/gp/epoch?epoch=2026-01-10&search=ISS", "parameter 'search' does not apply to a snapshot"},
      {"/gp/25544?group=stations",
       "parameter 'group' does not apply to the latest set of one object"},
      {"/gp?page=0", "parameter 'page'"},
      {"/gp?per_page=501", "parameter 'per_page'"},
      {"/gp?per_page=0", "parameter 'per_page'"},
      {"/gp?per_page=abc", "parameter 'per_page'"},
      {"/gp?page=22&per_page=500", "narrow"},
      {"/gp/25544/history?page=102", "start and end"},
      {"/gp?group=nonsense", "parameter 'group'"},
      {"/gp?orbit_regime=LOW", "parameter 'orbit_regime'"},
      {"/gp?object_type=SPACESHIP", "parameter 'object_type'"},
      {"/gp?format=pdf", "parameter 'format'"},
      {"/gp?norad_ids=" + many_ids, "at most 100"},
      {"/gp?norad_ids=1,x", "parameter 'norad_ids'"},
      {"/gp?decay=maybe", "parameter 'decay'"},
      {"/catalog?active_only=2", "parameter 'active_only'"},
      {"/catalog?launch_year=1900", "parameter 'launch_year'"},
      {"/catalog?format=tle", "parameter 'format'"},
      {"/gp/25544?format=tle&tle_layout=celestrak", "parameter 'tle_layout'"},
      // /gp answers the current sets: an epoch belongs to /gp/epoch, whatever the filters.
      {"/gp?object_type=PAYLOAD&epoch=2025-04-01", "ask /gp/epoch for the catalog at an epoch"},
      {"/gp?norad_ids=25544&epoch=2026-01-10", "ask /gp/epoch for the catalog at an epoch"},
      // `limit` is the CLI's; over HTTP it cut pages under their links.
      {"/gp?limit=5", "parameter 'limit' is the command line's"},
      {"/gp/epoch?limit=5", "parameter 'limit' is the command line's"},
      {"/gp/25544/history?limit=5", "parameter 'limit' is the command line's"},
      {"/catalog?limit=5", "parameter 'limit' is the command line's"},
  };
  for (const auto& row : rows) {
    SCOPED_TRACE(row.target);
    const std::string message =
        expect_error(client_->get("/api/v1" + row.target), 400, "BadRequest");
    EXPECT_NE(message.find(row.message_part), std::string::npos) << message;
  }
}

TEST_F(HttpErrorsTest, AnErrorIsJsonWhateverFormatWasAsked) {
  for (const std::string format : {"tle", "xml", "csv", "kvn"}) {
    expect_error(client_->get("/api/v1/gp/99999999?format=" + format), 404, "NotFound");
    expect_error(client_->get("/api/v1/gp/25544/history?start=bad&format=" + format), 400,
                 "BadRequest");
  }
  expect_error(client_->get("/api/v1/gp/99999999", {{"Accept", "text/plain"}}), 404, "NotFound");
}

TEST_F(HttpErrorsTest, MissingUnknownOrRevokedKeyIsForbiddenBeforeAnyWork) {
  ApiClient anonymous(world_->server().host(), world_->server().port());
  EXPECT_NE(expect_error(anonymous.get("/api/v1/gp/25544"), 403, "Forbidden").find("X-Api-Key"),
            std::string::npos);
  // Before the parameters are looked at: a bad id without a key is still 403, and so are an
  // unknown path and another method: nothing of the API is learnt without a key.
  expect_error(anonymous.get("/api/v1/gp/abc"), 403, "Forbidden");
  expect_error(anonymous.get("/api/v1/nope"), 403, "Forbidden");
  expect_error(anonymous.request("POST", "/api/v1/gp/25544"), 403, "Forbidden");
  expect_error(anonymous.request("DELETE", "/api/v1/nope"), 403, "Forbidden");
  // What needs no key answers without one.
  EXPECT_EQ(anonymous.get("/api/v1/status").status, 200);
  expect_error(anonymous.request("POST", "/api/v1/status"), 405, "MethodNotAllowed");
  ApiClient wrong(world_->server().host(), world_->server().port(), "gpq_not-a-real-key");
  expect_error(wrong.get("/api/v1/gp/25544"), 403, "Forbidden");
  ApiClient truncated(world_->server().host(), world_->server().port(),
                      world_->key().substr(0, world_->key().size() - 1));
  expect_error(truncated.get("/api/v1/catalog"), 403, "Forbidden");

  const std::string key = world_->create_key("to revoke");
  ApiClient soon_revoked(world_->server().host(), world_->server().port(), key);
  // A key the server does not know sends it to the database (when anything was committed
  // since its last look): a new key works at its first request.
  int status = soon_revoked.get("/api/v1/gp/25544").status;
  EXPECT_EQ(status, 200);
  const auto list = run_gpq({"--db", world_->db().string(), "keys", "list"});
  ASSERT_NE(list.out.find("to revoke"), std::string::npos) << list.out;
  EXPECT_EQ(list.out.find(key), std::string::npos) << "keys list must never show a key";
  // The newest key has the highest id.
  const std::string id = std::to_string(std::count(list.out.begin(), list.out.end(), '\n') - 1);
  ASSERT_EQ(run_gpq({"--db", world_->db().string(), "keys", "revoke", id}).exit_code, 0);
  // The key watch looks every 50 ms.
  const auto revoked = std::chrono::steady_clock::now();
  while (status == 200 && std::chrono::steady_clock::now() - revoked < std::chrono::seconds(2)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    status = soon_revoked.get("/api/v1/gp/25544").status;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - revoked, std::chrono::milliseconds(500));
  expect_error(soon_revoked.get("/api/v1/gp/25544"), 403, "Forbidden");
  EXPECT_EQ(run_gpq({"--db", world_->db().string(), "keys", "revoke", "999"}).exit_code, 3);
  // For scripts: the same listing as JSON and CSV, the revoked key marked, no key in either.
  const auto json = run_gpq({"--db", world_->db().string(), "keys", "list", "--format", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_TRUE(json.out.starts_with("{\"month\":\"")) << json.out;
  EXPECT_NE(json.out.find("\"id\":" + id + ",\"label\":\"to revoke\""), std::string::npos)
      << json.out;
  EXPECT_EQ(json.out.find(key), std::string::npos);
  const auto csv = run_gpq({"--db", world_->db().string(), "keys", "list", "--format", "csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_TRUE(csv.out.starts_with("ID,LABEL,SCOPE,CREATED,REVOKED,MONTH,REQUESTS_THIS_MONTH\n"));
  EXPECT_NE(csv.out.find("\n" + id + ",to revoke,api,"), std::string::npos) << csv.out;
  EXPECT_EQ(csv.out.find(key), std::string::npos);
}

TEST_F(HttpErrorsTest, UnknownPathsAndObjectsAreNotFound) {
  // "/" is the page (http_events_test.cc); a file of it that does not exist is a JSON 404.
  for (const std::string target :
       {"/api/v1/nope", "/api/v1/gp/25544/orbit", "/api/v2/gp/25544", "/assets/nope.js", "/api/v1",
        "/api/v1/catalog/5/more", "/favicon.ico"}) {
    SCOPED_TRACE(target);
    expect_error(client_->get(target), 404, "NotFound");
  }
  expect_error(client_->get("/api/v1/gp/999999"), 404, "NotFound");
  expect_error(client_->get("/api/v1/catalog/999999"), 404, "NotFound");
  expect_error(client_->get("/api/v1/gp/25544/history?start=2020-01-01&end=2020-02-01"), 404,
               "NotFound");
  // A list that matches nothing at all is 404 on every list endpoint, in every format...
  for (const std::string target :
       {"/api/v1/gp?search=NO-SUCH-OBJECT", "/api/v1/gp?search=NO-SUCH-OBJECT&format=tle",
        "/api/v1/gp/epoch?epoch=1960-01-01", "/api/v1/gp/epoch?epoch=1960-01-01&format=csv",
        "/api/v1/catalog?search=NO-SUCH-OBJECT"}) {
    SCOPED_TRACE(target);
    const std::string message = expect_error(client_->get(target), 404, "NotFound");
    EXPECT_NE(message.find("match the query"), std::string::npos) << message;
  }
  // ...while a page past the last of a result that exists is an empty 200.
  const HttpResult past = client_->get("/api/v1/gp?page=90&per_page=100");
  EXPECT_EQ(past.status, 200) << past.body;
  EXPECT_TRUE(past.body.starts_with("{\"data\":[],")) << past.body;
  // Before the first set there is no `before`, but `after` exists: 200 with a null.
  EXPECT_EQ(client_->get("/api/v1/gp/25544/adjacent?epoch=2025-12-01T00:00:00Z").status, 200);
}

TEST_F(HttpErrorsTest, OtherMethodsAreNotAllowed) {
  for (const std::string method : {"POST", "PUT", "DELETE", "PATCH", "OPTIONS"}) {
    SCOPED_TRACE(method);
    const HttpResult r = client_->request(method, "/api/v1/gp/25544");
    expect_error(r, 405, "MethodNotAllowed");
    EXPECT_EQ(r.header("Allow"), "GET, HEAD");
  }
}

// A keyed 404 or 405 shows the key's real quota left, and does not count.
TEST_F(HttpErrorsTest, AKeyedRefusalShowsTheKeysQuotaLeft) {
  const auto remaining = [](const HttpResult& r) {
    return std::stoll(r.header("X-RateLimit-Remaining"));
  };
  const std::int64_t before = remaining(client_->get("/api/v1/gp/25544"));
  ASSERT_LT(before, 30'000);
  EXPECT_EQ(remaining(client_->get("/api/v1/nope")), before);
  EXPECT_EQ(remaining(client_->request("PUT", "/api/v1/gp/25544")), before);
  EXPECT_EQ(remaining(client_->get("/api/v1/gp/25544")), before - 1);
}

TEST_F(HttpErrorsTest, OversizedRequestsAreRefusedCleanly) {
  const std::string long_search(9000, 'a');
  const HttpResult long_url = client_->get("/api/v1/gp?search=" + long_search);
  expect_error(long_url, 414, "URITooLong");
  ApiClient fresh(world_->server().host(), world_->server().port(), world_->key());
  const HttpResult big_header =
      fresh.get("/api/v1/gp/25544", {{"X-Padding", std::string(9000, 'b')}});
  EXPECT_TRUE(big_header.status == 400 || big_header.status == 431 || big_header.status == 0)
      << big_header.status;
  // The server is still there.
  ApiClient after(world_->server().host(), world_->server().port(), world_->key());
  EXPECT_EQ(after.get("/api/v1/gp/25544").status, 200);
}

// A client that opens a connection and sends half a request is dropped after --timeout.
TEST(HttpSlowClientTest, IdleAndSlowClientsTimeOut) {
  ServedWorld world({"--timeout", "1"});
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(world.server().port()));
  inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  const std::string half = "GET /api/v1/gp/25544 HTTP/1.1\r\nHost: x\r\n";
  ASSERT_EQ(send(fd, half.data(), half.size(), 0), static_cast<ssize_t>(half.size()));
  const auto started = std::chrono::steady_clock::now();
  char buffer[256];
  // The server closes the connection (read returns 0) instead of waiting for the rest.
  timeval limit{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  while (recv(fd, buffer, sizeof buffer, 0) > 0) {
  }
  const auto waited = std::chrono::steady_clock::now() - started;
  close(fd);
  EXPECT_LT(waited, std::chrono::seconds(5));
  // Meanwhile other clients were served.
  EXPECT_EQ(world.client()->get("/api/v1/gp/25544").status, 200);
}

TEST(HttpInternalErrorTest, ADamagedDatabaseIsA500WithoutInternals) {
  ServedWorld world(kUnlimited);
  auto client = world.client();
  ASSERT_EQ(client->get("/api/v1/gp/25544").status, 200);
  // Overwrite everything after the first two pages while the server runs.
  {
    std::fstream file(world.db(), std::ios::in | std::ios::out | std::ios::binary);
    file.seekg(0, std::ios::end);
    const auto size = static_cast<std::size_t>(file.tellg());
    file.seekp(8192);
    const std::string garbage(size - 8192, '\xff');
    file.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
  }
  // A commit that touches only the header page: the server's readers see a new version of
  // the file, drop the pages they cached, and read the damaged ones.
  {
    SQLite::Database db(world.db().string(), SQLite::OPEN_READWRITE);
    const int version = db.execAndGet("PRAGMA user_version").getInt();
    db.exec("PRAGMA user_version = " + std::to_string(version));
  }
  simdjson::dom::parser parser;
  // Questions not asked before (an answer already given may be served again unchanged).
  for (const std::string target : {"/api/v1/gp/25544?format=csv", "/api/v1/gp/25544/history"}) {
    const HttpResult r = client->get(target);
    EXPECT_EQ(r.status, 500) << r.body;
    EXPECT_EQ(r.body,
              "{\"error\":\"InternalError\",\"message\":\"the server failed to answer; the failure "
              "is in the server's log\",\"status\":500}");
    EXPECT_EQ(r.body.find(world.db().string()), std::string::npos);
  }
  EXPECT_NE(world.server().stderr_text().find("is damaged"), std::string::npos);
  EXPECT_EQ(world.server().stop(), 0);
}

}  // namespace
}  // namespace gpq::test
