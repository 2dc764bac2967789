// The next and previous links of a page: only `page` changes, and `next` never points at a
// page the API would refuse.
#include "http/api/page_links.h"

#include <gtest/gtest.h>

namespace gpq::http {
namespace {

constexpr std::string_view kBase = "http://h:8080";
constexpr std::string_view kPath = "/api/v1/gp";

PageInfo page_of(std::int64_t total, std::int64_t page, std::int64_t per_page) {
  return PageInfo{total, page, per_page, (total + per_page - 1) / per_page};
}

TEST(PageLinksTest, OnlyThePageChanges) {
  const PageLinks links = page_links(page_of(250, 2, 100), kBase, kPath,
                                     "group=starlink&page=2&per_page=100", kMaxOffset);
  EXPECT_EQ(links.next, "http://h:8080/api/v1/gp?group=starlink&per_page=100&page=3");
  EXPECT_EQ(links.prev, "http://h:8080/api/v1/gp?group=starlink&per_page=100&page=1");
  EXPECT_EQ(link_header(links),
            "<" + links.next + ">; rel=\"next\", <" + links.prev + ">; rel=\"prev\"");
}

TEST(PageLinksTest, NextIsNullWhereTheNextPageStartsPastTheLimit) {
  // 500 a page: page 21 starts at record 10,000 (allowed), page 22 at 10,500 (a 400).
  const PageLinks last =
      page_links(page_of(40'000, 21, 500), kBase, kPath, "page=21&per_page=500", kMaxOffset);
  EXPECT_EQ(last.next, "");
  EXPECT_FALSE(last.prev.empty());
  const PageLinks before_last =
      page_links(page_of(40'000, 20, 500), kBase, kPath, "page=20&per_page=500", kMaxOffset);
  EXPECT_EQ(before_last.next, "http://h:8080/api/v1/gp?per_page=500&page=21");
  // 100 a page: page 101 starts at 10,000, the last one reachable.
  EXPECT_FALSE(page_links(page_of(40'000, 100, 100), kBase, kPath, "", kMaxOffset).next.empty());
  EXPECT_EQ(page_links(page_of(40'000, 101, 100), kBase, kPath, "", kMaxOffset).next, "");
  // Pages without that limit (points, states) link on to the end.
  EXPECT_FALSE(page_links(page_of(40'000, 21, 500), kBase, kPath, "", std::nullopt).next.empty());
}

}  // namespace
}  // namespace gpq::http
