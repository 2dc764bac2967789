// Inputs the fuzz targets (fuzz/, docs/FUZZING.md "Findings") found to break a promise of the
// import and sync code, each kept as the fuzzer found it.
#include <gtest/gtest.h>

#include "core/printable_text.h"
#include "support/expect_error.h"
#include "sync/archive_reader.h"
#include "sync/input.h"
#include "sync/upstream/parsed_body.h"
#include "sync/upstream/redirect_rules.h"

namespace gpq::sync {
namespace {

using namespace std::string_literals;

// fuzz_archive: a zip member whose size is wrong. libarchive's message ends in a line break,
// which split the import report's line in two.
const std::string kWrongSizeZip =
    "PK\x03\x04\x14\x00\x00\x00\x08\x00\x8d\xa8x]%YO\x1c_\x02\x00\x00n\x04\x00"
    "\x00\x08\x00\x00\x00iss.jsoneS\xcbn\xdb"
    "0\x10\xfc\x15"
    "B\xa7\x06\x88"
    "\x05>$J\xf4\x8d\xa1h\x9b\xa9$\n$\x1dT)\n\xfe@\xd0[OE\xff\xbd\xbb\x94\xe5$"
    "\xad/&gvW\xbb\xb3\xc3\xef\xbf+c\xe2\x10\xb3\x9f\xa6\xfc"
    "bC\xac\x8e\x95"
    "\xa8i\xf5X\x19@\xec\x9c\xe0~\xb6\xb3\r:\xd9\x81\xbc"
    "8M\xe2\xa2\x8d=\xa4"
    "\xa0\xcd\xd7\xda\x87"
    "3\xd1\x8b\xc3\xe8`ur~\xce\x03\x04"
    "B\x0e\xa7\\\x1e"
    "\xa8:p\x91\x18?RydX\xd3\x07wv\xb3N>@\x08\xeb\xa1\x96\x89\x08?=[\x93\xf2"
    "\xac'Lu1\x92/\xaf:\xac\xfa\xe1\x9ds\x03"
    "f(\xd5\x1f\xa8\xec"
    "4~\x10z\xb3"
    "a"
    "\xcf\xb1:\xa4\x0b\xa0\xc1\x9e\xf2)lX\xb2\xf0\xf7X%7\xd9\x1c\xd7\x08W\x00"
    "\xaf\xc9\x00"
    "6Y=g;Z\x1c"
    "0\xa7\x8b\xf5"
    "a\x05.\x9e\x97\x06H\xbbxs\xf9g"
    "\x04z\xe4\xfc(d\xcd\x94\xec\x95\xdc+L\x1eG\xc6\xc6\xda\xbaQ\xbci\x99\xe2X"
    "\xc0`s\xc1\x19\x97\xb0,\xad)\xa5M'd\x0b\x9c\x9b\xcd\x88\nly-\xab\xa5`\x1d"
    "6"
    "\xae\xb3?e\x1dM\x9e\xfd\x80\xdd\xb3N\xd4}\xdb"
    "c=\x1d\xceH.\x16J\x96\xa9"
    "\x0b\xcdk\xa1\xba{+z\xf6\x93\x1e\xd7\"kWw\xb4o\xcb$\x17\x18"
    "1\xb8\x98"
    "\xd3\xba`\xd1\xb2\xd7Q\xc7\xe8N\xcel\xfb\xba"
    "1W`f\x1f\xf4\x90\x01\xdf"
    "\xd4\xe6m\xdb\x14=n:E\x0b+\xf2@(\xa5\x8a\xd4/\x19"
    "Bw\xb5\xda^\xaa\x1e"
    "\xe0\xa7\x98t\xd8\xa7"
    "f\xb2\xe1\xaa\x91p\xa2\x9f"
    "5\xcb\x83O{\x10\x85"
    "\xcc\xff\xe8\x8f\xfc\xfd\x07"
    "A\xd1Nn\xd2\xcf>d\xfd\xcd\xa1Ye\xa7\xba\x9a"
    "v\xc8\xa1@\x1e;W\xbcV\r6\xa3\x17\xaf\x97X\xe2\x1a\xcek\xd6"
    "6\xb7\xb0;\n"
    "\x9b\xebX\xfb\xee\xb3\x9b\x1c\x8b^G\xaf\x07\x1c\xd3\xc4\x1c\xdd+\x82#,\xc2"
    "\x96\x97q\x85\xf5\xae\xd9l\x9b\x02\xbf\x02"
    "8\xea\xebl.\xbb\xfd\x8bS\x19;"
    "\xf0\xd2\xb3+XJS\np\x1d\xac\xd1\xeb-\xf0\xe7\xaf\xb7\xb7\xc7\xea\xe4"
    "F"
    "\x0ch)\xe3\xa2\xc1"
    "f\xce\xcb\xb6\x02Q\x00\xd9\xe1,i\xb4\x19\xac"
    "c)\xea"
    "B"
    ">?\x92\x9d"
    "c\xf8iR\x16w%\xaa\xc7\xa7"
    "B\x08\xe1\x92\xb9\xa6\xc8}\xf4"
    "\xd6{\xdd\xe4.:!E\xd6\x03\x1c\xca\xa6\x0e\x82\xc0\x11\xd6+>\xd4\xe4h\x85"
    "\xad&!7\xc3\x92\xdd\x9d\xe4"
    "fm\xb2\xfb\x91\xec\xf6#\x1f\xde"
    "D\xf1"
    "F_"
    "\xfd\xf9\xf1\x17PK\x01\x00\x08\x00"s;

TEST(FuzzFindingsTest, ArchiveDamageIsReportedOnOneLine) {
  const auto in = open_bytes(kWrongSizeZip);
  ArchiveReader reader(*in, "a.zip");
  ArchiveMember member;
  ASSERT_EQ(reader.next(member), ArchiveReader::Next::member);
  try {
    char buffer[4096];
    while (reader.read(buffer, sizeof buffer, "a.zip:iss.json") > 0) {
    }
    ADD_FAILURE() << "the member reads whole";
  } catch (const Error& error) {
    EXPECT_EQ(std::string(error.what()),
              "a.zip:iss.json: damaged archive member (ZIP uncompressed data is wrong size "
              "(read 1128, expected 1134))");
  }
}

// fuzz_upstream_reply: an answer of unknown kind was quoted raw in the sync's error.
TEST(FuzzFindingsTest, UnknownAnswerIsQuotedPrintably) {
  EXPECT_GPQ_ERROR(parse_body("\x01", DataSource::spacetrack, TimePoint(), "spacetrack gp"),
                   Errc::upstream,
                   "spacetrack gp: the answer is not element sets or catalog records (starts: "
                   "\xEF\xBF\xBD)");
}

// fuzz_upstream_reply: a Location with a NUL resolved to an address holding it, which would
// have gone into the next request line and, raw, into the refusal's message.
TEST(FuzzFindingsTest, LocationWithAControlCharacterIsNoAddress) {
  const auto from = parse_url("https://www.space-track.org/ajaxauth/login");
  ASSERT_TRUE(from);
  const std::string location = "http://\x00"s;
  EXPECT_EQ(resolve_url(*from, location), std::nullopt);
  const RedirectStep step = next_redirect(*from, 302, location, "GET", 0, from->origin());
  EXPECT_EQ(step.refusal,
            "https://www.space-track.org/ajaxauth/login redirected to 'http://\xEF\xBF\xBD', "
            "which is not an http(s) address");
  EXPECT_EQ(text_field_problem("refusal", step.refusal), std::nullopt);
}

}  // namespace
}  // namespace gpq::sync
