// `gpq keys list` in table, JSON and CSV: exact bytes, and labels that cannot break a row.
#include <algorithm>

#include <gtest/gtest.h>

#include "gpq/key_format.h"

namespace gpq {
namespace {

KeyListing listing() {
  KeyListing l;
  l.month = "2026-11";
  ApiKeyInfo ops;
  ops.id = 1;
  ops.label = "ops, \"night\"";
  ops.created = *parse_iso8601("2026-11-01T08:00:00Z");
  ops.used_this_month = 1234;
  ApiKeyInfo replica;
  replica.id = 2;
  replica.label = "replica\n2";
  replica.scope = KeyScope::replication;
  replica.created = *parse_iso8601("2026-11-02T09:30:00.5Z");
  replica.revoked = *parse_iso8601("2026-11-03T00:00:00Z");
  l.keys = {ops, replica};
  return l;
}

TEST(FormatKeysTest, JsonForScripts) {
  std::string out;
  write_key_listing(Format::json, listing(), out);
  EXPECT_EQ(out,
            "{\"month\":\"2026-11\",\"keys\":["
            "{\"id\":1,\"label\":\"ops, \\\"night\\\"\",\"scope\":\"api\","
            "\"created\":\"2026-11-01T08:00:00.000Z\",\"revoked\":null,"
            "\"requests_this_month\":1234},"
            "{\"id\":2,\"label\":\"replica\\n2\",\"scope\":\"replication\","
            "\"created\":\"2026-11-02T09:30:00.500Z\",\"revoked\":\"2026-11-03T00:00:00.000Z\","
            "\"requests_this_month\":0}]}\n");
  std::string empty;
  write_key_listing(Format::json, KeyListing{"2026-11", {}}, empty);
  EXPECT_EQ(empty, "{\"month\":\"2026-11\",\"keys\":[]}\n");
}

TEST(FormatKeysTest, CsvQuotesLabelsAndKeepsEachKeyOnOneLine) {
  std::string out;
  write_key_listing(Format::csv, listing(), out);
  EXPECT_EQ(out,
            "ID,LABEL,SCOPE,CREATED,REVOKED,MONTH,REQUESTS_THIS_MONTH\n"
            "1,\"ops, \"\"night\"\"\",api,2026-11-01T08:00:00.000Z,,2026-11,1234\n"
            "2,replica\xEF\xBF\xBD"
            "2,replication,2026-11-02T09:30:00.500Z,"
            "2026-11-03T00:00:00.000Z,2026-11,0\n");
}

TEST(FormatKeysTest, TableIsTheDefault) {
  std::string out;
  write_key_listing(Format::table, listing(), out);
  EXPECT_EQ(out.substr(0, out.find('\n')),
            "  ID  LABEL                     SCOPE        CREATED                   REVOKED"
            "                   REQUESTS 2026-11");
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 3);
  EXPECT_NE(out.find("   2  replica"), std::string::npos) << out;
}

}  // namespace
}  // namespace gpq
