// Which archive members are refused and why, and the expansion budget that stops a
// decompression bomb.
#include "sync/archive_rules.h"

#include <gtest/gtest.h>

#include "gpq/error.h"

namespace gpq::sync {
namespace {

TEST(ArchiveRulesTest, MembersRefusedByTypeOrName) {
  const struct {
    const char* name;
    MemberType type;
    const char* member;
    const char* refusal;  // a part of the reason; nullptr: read
  } rows[] = {
      {"a file", MemberType::regular, "2004.txt", nullptr},
      {"a file in folders", MemberType::regular, "tle/2004/2004.txt.gz", nullptr},
      {"a directory", MemberType::directory, "tle/2004/", nullptr},
      {"dots inside a name", MemberType::regular, "a..b/..c/d..", nullptr},
      {"a current-directory part", MemberType::regular, "./2004.txt", nullptr},
      {"absolute", MemberType::regular, "/etc/passwd", "absolute"},
      {"absolute, backslash", MemberType::regular, "\\windows\\system.ini", "absolute"},
      {"a drive letter", MemberType::regular, "C:autoexec.bat", "absolute"},
      {"climbing out", MemberType::regular, "../escape.txt", "'..'"},
      {"climbing out later", MemberType::regular, "tle/../../escape.txt", "'..'"},
      {"climbing out, backslashes", MemberType::regular, "tle\\..\\..\\x", "'..'"},
      {"only ..", MemberType::directory, "..", "'..'"},
      {"ending in ..", MemberType::directory, "tle/..", "'..'"},
      {"no name", MemberType::regular, "", "without a name"},
      {"a symbolic link", MemberType::symbolic_link, "latest.txt", "symbolic link"},
      {"a hard link", MemberType::hard_link, "copy.txt", "hard link"},
      {"a device", MemberType::special, "null", "device"},
      {"a link with a bad name", MemberType::symbolic_link, "../x", "'..'"},
  };
  for (const auto& row : rows) {
    const auto refusal = member_refusal(row.type, row.member);
    if (row.refusal == nullptr) {
      EXPECT_FALSE(refusal.has_value()) << row.name << ": " << refusal.value_or("");
    } else {
      ASSERT_TRUE(refusal.has_value()) << row.name;
      EXPECT_NE(refusal->find(row.refusal), std::string::npos) << row.name << ": " << *refusal;
    }
  }
}

TEST(ArchiveRulesTest, TheBudgetAllowsTheRatioPlusTheAllowanceAndNoMore) {
  std::uint64_t compressed = 1000;
  ExpansionBudget budget([&compressed] { return compressed; });
  const std::uint64_t limit = compressed * kMaxExpansionRatio + kExpansionAllowance;
  EXPECT_NO_THROW(budget.add_content(limit, "a.zip:x"));
  EXPECT_NO_THROW(budget.add_stream(limit, "a.zip"));  // a separate total
  compressed = 1001;                                   // reading more of the file allows more
  const std::uint64_t mark = budget.content_mark();
  EXPECT_NO_THROW(budget.add_content(kMaxExpansionRatio, "a.zip:x"));
  EXPECT_FALSE(budget.member_over());
  try {
    budget.add_content(1, "a.zip:bomb.txt");
    ADD_FAILURE() << "one byte past the limit was allowed";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), Errc::bad_request);
    EXPECT_TRUE(std::string(error.what()).starts_with("a.zip:bomb.txt: refused: ")) << error.what();
    EXPECT_NE(std::string(error.what()).find("100 times"), std::string::npos) << error.what();
  }
  EXPECT_TRUE(budget.member_over());
  EXPECT_FALSE(budget.archive_over());
  // The refused member's contents are forgotten: the next member is judged without them.
  budget.forget_member_since(mark);
  EXPECT_FALSE(budget.member_over());
  EXPECT_NO_THROW(budget.add_content(kMaxExpansionRatio, "a.zip:next.txt"));
}

TEST(ArchiveRulesTest, BombAfterBombStopsTheArchiveAtTwiceTheLimit) {
  ExpansionBudget budget([] { return std::uint64_t{0}; });  // the limit is the allowance
  std::uint64_t work = 0;
  int refused = 0;
  while (!budget.archive_over()) {
    const std::uint64_t mark = budget.content_mark();
    try {
      for (;;) {  // each member a bomb, read in 64 KiB pieces
        budget.add_content(1 << 16, "a.zip:bomb");
        work += 1 << 16;
      }
    } catch (const Error&) {
      ++refused;
      EXPECT_TRUE(budget.member_over());
    }
    if (!budget.archive_over()) {
      budget.forget_member_since(mark);
    }
  }
  EXPECT_EQ(refused, 2);  // the second bomb passes twice the limit
  EXPECT_LE(work, 2 * kExpansionAllowance);
  EXPECT_THROW(budget.add_content(0, "a.zip:next"), Error);  // nothing more of the archive
}

TEST(ArchiveRulesTest, AnArchiveStreamOverTheLimitStopsTheArchive) {
  ExpansionBudget budget([] { return std::uint64_t{10}; });
  EXPECT_THROW(budget.add_stream(kExpansionAllowance + 10 * kMaxExpansionRatio + 1, "x.tar.gz"),
               Error);
  EXPECT_TRUE(budget.archive_over());
  EXPECT_THROW(budget.add_stream(0, "x.tar.gz"), Error);  // nothing more is read from it
  EXPECT_THROW(budget.add_content(0, "x.tar.gz:a"), Error);
}

}  // namespace
}  // namespace gpq::sync
