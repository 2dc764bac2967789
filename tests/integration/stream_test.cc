// /api/v1/stream through a real `gpq serve` while real `gpq sync` runs commit: a new set, a
// manoeuvre and a decay reach a client within a second of the sync that brings them; a client
// that lost its connection, across a restart of the server, resumes from its last id without a
// gap or a duplicate; filters, refusals and the per-key cap.
#include <chrono>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "gpq/format.h"

#include "push_world.h"
#include "support/daemon_process.h"
#include "support/event_stream.h"
#include "support/fixture_db.h"
#include "support/process.h"
#include "support/serve_process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

using StreamTest = PushWorldTest;

const StreamMessage* find(const std::vector<StreamMessage>& messages, std::string_view event,
                          std::int32_t norad_id, simdjson::dom::parser& parser) {
  for (const StreamMessage& message : messages) {
    if (message.event == event &&
        parser.parse(message.data)["norad_id"].get_int64().value() == norad_id) {
      return &message;
    }
  }
  return nullptr;
}

TEST_F(StreamTest, ANewSetAManoeuvreAndADecayArriveWithinASecondOfTheirSync) {
  start_world();
  const auto server = serve();
  EventStreamClient client(server->port(), key_);
  ASSERT_EQ(client.wait_for_status(milliseconds(5000)), 200);
  // The reboost's sets and a newcomer's first set in one sync, the decay in the next.
  std::vector<ElementSet> second = history(kManoeuvring, 120, 6, 120);
  second.push_back(make_set(kNewcomer, "NEWCOMER", kFirstEpoch));
  const Clock::time_point sets_synced = sync("second.tle", set_list_text(Format::tle, second));
  const Clock::time_point decay_synced = sync("satcat2.csv", satcat_csv(true));
  const std::vector<StreamMessage> got = client.wait_for(4, milliseconds(5000));
  ASSERT_EQ(got.size(), 4U);
  const StreamMessage* set = find(got, "set", kManoeuvring, parser_);
  const StreamMessage* newcomer = find(got, "set", kNewcomer, parser_);
  const StreamMessage* manoeuvre = find(got, "manoeuvre", kManoeuvring, parser_);
  const StreamMessage* decay = find(got, "decay", kDecaying, parser_);
  ASSERT_TRUE(set && newcomer && manoeuvre && decay);
  for (const StreamMessage* m : {set, newcomer, manoeuvre}) {
    EXPECT_LT(m->received - sets_synced, milliseconds(1000)) << m->event;
  }
  EXPECT_LT(decay->received - decay_synced, milliseconds(1000));
  // Each event's data is what the rest of the API says of it.
  const auto set_doc = parser_.parse(set->data);
  EXPECT_EQ(set_doc["id"].get_int64().value(), set->id);
  EXPECT_EQ(set_doc["data"]["NORAD_CAT_ID"].get_int64().value(), kManoeuvring);
  EXPECT_EQ(set_doc["epoch"].get_string().value(), set_doc["data"]["EPOCH"].get_string().value());
  const auto found = parser_.parse(manoeuvre->data);
  EXPECT_EQ(found["data"]["KIND"].get_string().value(), "MANOEUVRE");
  EXPECT_EQ(found["data"]["ELEMENT"].get_string().value(), "SEMI_MAJOR_AXIS");
  EXPECT_NEAR(found["data"]["SIZE"].get_double().value(), 1.2, 0.2);
  const std::vector<ElementSet> sets = history(kManoeuvring, 119, 2, 120);
  EXPECT_EQ(found["data"]["AFTER_EPOCH"].get_string().value(),
            format_iso8601_millis(sets[1].epoch));
  const auto decayed = parser_.parse(decay->data);
  EXPECT_EQ(decayed["basis"].get_string().value(), "satcat");
  EXPECT_EQ(decayed["data"]["DECAY_DATE"].get_string().value(), "2026-06-01");
  // Nothing is told twice: the same files again change nothing.
  sync("second-again.tle", set_list_text(Format::tle, second));
  EXPECT_EQ(client.wait_for(5, milliseconds(1500)).size(), 4U);
}

TEST_F(StreamTest, AClientResumesAcrossARestartWithoutGapOrDuplicate) {
  start_world();
  auto server = serve();
  std::int64_t last = 0;
  {
    EventStreamClient client(server->port(), key_, "events=set");
    ASSERT_EQ(client.wait_for_status(milliseconds(5000)), 200);
    sync("a.tle", set_list_text(Format::tle, {make_set(91001, "A", kFirstEpoch),
                                              make_set(91002, "B", kFirstEpoch)}));
    const std::vector<StreamMessage> got = client.wait_for(2, milliseconds(5000));
    ASSERT_EQ(got.size(), 2U);
    last = got.back().id;
  }
  EXPECT_EQ(server->stop(), 0);
  // While no server runs, two syncs commit three changes.
  sync("b.tle", set_list_text(Format::tle, {make_set(91003, "C", kFirstEpoch)}));
  sync("c.tle", set_list_text(Format::tle, {make_set(91004, "D", kFirstEpoch),
                                            make_set(91005, "E", kFirstEpoch)}));
  server = serve();
  EventStreamClient resumed(server->port(), key_, "events=set", last);
  std::vector<StreamMessage> got = resumed.wait_for(3, milliseconds(5000));
  ASSERT_EQ(got.size(), 3U);
  sync("d.tle", set_list_text(Format::tle, {make_set(91006, "F", kFirstEpoch)}));
  got = resumed.wait_for(4, milliseconds(5000));
  ASSERT_EQ(got.size(), 4U);
  std::vector<std::int32_t> objects;
  for (std::size_t k = 0; k < got.size(); ++k) {
    EXPECT_EQ(got[k].id, last + 1 + static_cast<std::int64_t>(k)) << "no gap, no repeat";
    objects.push_back(
        static_cast<std::int32_t>(parser_.parse(got[k].data)["norad_id"].get_int64().value()));
  }
  EXPECT_EQ(objects, (std::vector<std::int32_t>{91003, 91004, 91005, 91006}));
}

TEST_F(StreamTest, FiltersAdmitOnlyWhatTheyName) {
  start_world();
  const auto server = serve();
  EventStreamClient manoeuvres(server->port(), key_, "norad_ids=90001&events=manoeuvre");
  EventStreamClient newcomer(server->port(), key_, "norad_ids=90003");
  ASSERT_EQ(manoeuvres.wait_for_status(milliseconds(5000)), 200);
  ASSERT_EQ(newcomer.wait_for_status(milliseconds(5000)), 200);
  std::vector<ElementSet> second = history(kManoeuvring, 120, 6, 120);
  second.push_back(make_set(kNewcomer, "NEWCOMER", kFirstEpoch));
  sync("second.tle", set_list_text(Format::tle, second));
  const std::vector<StreamMessage> got = manoeuvres.wait_for(1, milliseconds(5000));
  ASSERT_EQ(got.size(), 1U);
  EXPECT_EQ(got[0].event, "manoeuvre");
  const std::vector<StreamMessage> its = newcomer.wait_for(1, milliseconds(5000));
  ASSERT_EQ(its.size(), 1U);
  EXPECT_EQ(its[0].event, "set");
  EXPECT_EQ(manoeuvres.wait_for(2, milliseconds(1200)).size(), 1U) << "nothing else";
}

// Through the packaged HAProxy configuration, its timeouts shortened to 2 s: a stream quiet for
// longer than them stays open on its keep-alives, and then carries the next change.
TEST_F(StreamTest, PassesThroughThePackagedHaproxy) {
  start_world();
  const auto server = serve();
  const Haproxy proxy(dir_.path() / "haproxy", free_loopback_port(), {server->port()},
                      {{"timeout client", "timeout client 2s"},
                       {"timeout server", "timeout server 2s"},
                       {"timeout tunnel", "timeout tunnel 2s"}});
  EventStreamClient client(proxy.port(), key_);
  ASSERT_EQ(client.wait_for_status(milliseconds(5000)), 200);
  std::this_thread::sleep_for(milliseconds(5000));
  const Clock::time_point synced =
      sync("late.tle", set_list_text(Format::tle, {make_set(92001, "LATE", kFirstEpoch)}));
  const std::vector<StreamMessage> got = client.wait_for(1, milliseconds(5000));
  ASSERT_EQ(got.size(), 1U) << "the stream was closed while quiet";
  EXPECT_LT(got[0].received - synced, milliseconds(1000));
}

TEST_F(StreamTest, RefusalsAreJsonAndTheCapHolds) {
  start_world();
  const auto server = serve({"--max-streams-per-key", "1"});
  EventStreamClient bad_kind(server->port(), key_, "events=launch");
  EXPECT_EQ(bad_kind.wait_for_status(milliseconds(5000)), 400);
  EXPECT_NE(bad_kind.refusal_body().find("set, manoeuvre, decay, conjunction"), std::string::npos);
  EventStreamClient bad_id(server->port(), key_, "last_event_id=abc");
  EXPECT_EQ(bad_id.wait_for_status(milliseconds(5000)), 400);
  EventStreamClient no_key(server->port(), "");
  EXPECT_EQ(no_key.wait_for_status(milliseconds(5000)), 403);
  EventStreamClient first(server->port(), key_);
  ASSERT_EQ(first.wait_for_status(milliseconds(5000)), 200);
  EventStreamClient second(server->port(), key_);
  EXPECT_EQ(second.wait_for_status(milliseconds(5000)), 429);
  EXPECT_NE(second.refusal_body().find("TooManyRequests"), std::string::npos);
  first.close();
  // The hub sees the first go at its next keep-alive at the latest.
  bool opened = false;
  for (int tries = 0; tries < 30 && !opened; ++tries) {
    EventStreamClient again(server->port(), key_);
    opened = again.wait_for_status(milliseconds(5000)) == 200;
    if (!opened) {
      std::this_thread::sleep_for(milliseconds(200));
    }
  }
  EXPECT_TRUE(opened);
}

}  // namespace
}  // namespace gpq::test
