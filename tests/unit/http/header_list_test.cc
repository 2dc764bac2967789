#include "core/header_list.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "http/api/compression.h"
#include "http/api/conditional.h"
#include "http/api/endpoints.h"

namespace gpq::http {
namespace {

struct Expected {
  std::string text;
  std::string value;
  double quality;
};

TEST(HeaderListTest, SplitsTrimsAndWeighsEachItem) {
  const struct {
    std::string header;
    std::vector<Expected> items;
  } kRows[] = {
      {"", {}},
      {" , ,", {}},
      {"gzip", {{"gzip", "gzip", 1}}},
      {"gzip;q=0", {{"gzip;q=0", "gzip", 0}}},
      {" text/csv ; q=0.5 ,\tapplication/json",
       {{"text/csv ; q=0.5", "text/csv", 0.5}, {"application/json", "application/json", 1}}},
      {"text/csv;level=1;q=0.2", {{"text/csv;level=1;q=0.2", "text/csv", 0.2}}},
      {"br;q=abc", {{"br;q=abc", "br", 0}}},
      {"W/\"a\", \"b\"", {{"W/\"a\"", "W/\"a\"", 1}, {"\"b\"", "\"b\"", 1}}},
  };
  for (const auto& row : kRows) {
    SCOPED_TRACE(row.header);
    const std::vector<HeaderListItem> items = parse_header_list(row.header);
    ASSERT_EQ(items.size(), row.items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
      EXPECT_EQ(items[i].text, row.items[i].text);
      EXPECT_EQ(items[i].value, row.items[i].value);
      EXPECT_DOUBLE_EQ(items[i].quality, row.items[i].quality);
    }
  }
}

TEST(HeaderListTest, AcceptEncodingAllowsGzipUnlessItsQualityIsZero) {
  EXPECT_TRUE(accepts_gzip("gzip, deflate, br"));
  EXPECT_TRUE(accepts_gzip("br;q=1.0, x-gzip;q=0.5"));
  EXPECT_TRUE(accepts_gzip("*"));
  EXPECT_FALSE(accepts_gzip("gzip;q=0"));
  EXPECT_FALSE(accepts_gzip("deflate, br"));
  EXPECT_FALSE(accepts_gzip(""));
  // A coding named outright rules over `*`; names compare in any case (RFC 9110 12.5.3).
  EXPECT_FALSE(accepts_gzip("gzip;q=0, *"));
  EXPECT_FALSE(accepts_gzip("*, GZIP;q=0"));
  EXPECT_FALSE(accepts_gzip("*;q=0"));
  EXPECT_TRUE(accepts_gzip("GZip"));
  EXPECT_TRUE(accepts_gzip("X-GZIP;q=0.1"));
  EXPECT_TRUE(accepts_gzip("identity, *;q=0.5"));
}

TEST(HeaderListTest, EachCodingHasItsOwnStrongTag) {
  const std::string etag = etag_of("body");
  const std::string gzipped = gzip_etag(etag);
  EXPECT_NE(gzipped, etag);
  EXPECT_TRUE(gzipped.starts_with('"') && gzipped.ends_with("-gzip\"")) << gzipped;
  EXPECT_FALSE(etag_matches(etag, gzipped));
  EXPECT_FALSE(etag_matches(gzipped, etag));
}

TEST(HeaderListTest, AcceptListsKnownFormatsByQuality) {
  EXPECT_EQ(accepted_formats("text/csv;q=0.5, Application/JSON"), "json,csv");
  EXPECT_EQ(accepted_formats("text/plain, image/png, */*;q=0.1"), "tle,json");
  EXPECT_EQ(accepted_formats("text/xml;q=0"), "");
}

TEST(HeaderListTest, IfNoneMatchComparesWeakTagsByValueAndTakesAStar) {
  const std::string etag = etag_of("body");
  EXPECT_TRUE(etag_matches(etag, etag));
  EXPECT_TRUE(etag_matches("\"other\", W/" + etag, etag));
  EXPECT_TRUE(etag_matches("*", etag));
  EXPECT_FALSE(etag_matches("\"other\"", etag));
  EXPECT_FALSE(etag_matches("", etag));
  EXPECT_NE(etag_of("body"), etag_of("Body"));
}

}  // namespace
}  // namespace gpq::http
