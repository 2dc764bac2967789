// libarchive behind ArchiveReader: members of every archive format with their names and
// types, data read whole, and damage reported with the archive and member named.
#include "sync/archive_reader.h"

#include <fstream>

#include <gtest/gtest.h>

#include "gpq/error.h"

#include "support/archive_builder.h"
#include "support/temp_dir.h"

namespace gpq::sync {
namespace {

using test::ArchiveFormat;
using test::ArchiveItem;

struct ReadMember {
  std::string name;
  MemberType type;
  std::string data;
};

std::vector<ReadMember> read_all(ArchiveReader& reader, const std::string& archive) {
  std::vector<ReadMember> members;
  ArchiveMember member;
  while (reader.next(member) == ArchiveReader::Next::member) {
    std::string data;
    char buffer[4096];
    while (const std::size_t n = reader.read(buffer, sizeof buffer, archive + ":" + member.name)) {
      data.append(buffer, n);
    }
    members.push_back({member.name, member.type, std::move(data)});
  }
  return members;
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// Text that hardly compresses, so that a cut lands inside the member it is meant for.
std::string noise(std::size_t bytes, std::uint32_t seed = 1) {
  std::string text(bytes, ' ');
  std::uint32_t state = 2463534242U + seed;
  for (char& c : text) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    c = static_cast<char>('!' + state % 90);
  }
  return text;
}

const std::string kText = noise(50'000);

TEST(ArchiveReaderTest, EveryFormatGivesItsMembersNamesTypesAndData) {
  const std::vector<ArchiveItem> items = {
      test::file_item("first.txt", "one\n"),
      test::typed_item(ArchiveItem::Type::directory, "folder/"),
      test::file_item("folder/deeper/second.txt", kText),
      test::file_item("empty.txt", ""),
  };
  for (const ArchiveFormat format :
       {ArchiveFormat::zip, ArchiveFormat::zip_stored, ArchiveFormat::tar, ArchiveFormat::tar_gz,
        ArchiveFormat::tar_xz}) {
    const std::string name = "format " + std::to_string(static_cast<int>(format));
    auto in = open_decompressed(open_bytes(test::build_archive(format, items)), name);
    ArchiveReader reader(*in, name);
    const std::vector<ReadMember> members = read_all(reader, name);
    ASSERT_EQ(members.size(), 4U) << name;
    EXPECT_EQ(members[0].name, "first.txt") << name;
    EXPECT_EQ(members[0].type, MemberType::regular) << name;
    EXPECT_EQ(members[0].data, "one\n") << name;
    EXPECT_EQ(members[1].type, MemberType::directory) << name;
    EXPECT_EQ(members[2].name, "folder/deeper/second.txt") << name;
    EXPECT_TRUE(members[2].data == kText) << name;
    EXPECT_EQ(members[3].data, "") << name;
  }
}

TEST(ArchiveReaderTest, NamesBeyondAsciiAreReadAsUtf8) {
  // In the C locale libarchive had no conversion for these: the names came back empty.
  const std::string name = "verm\xC3\xB6gen/\xD0\xB6\xD1\x83\xD1\x80\xD0\xBD\xD0\xB0\xD0\xBB.tle";
  for (const ArchiveFormat format :
       {ArchiveFormat::zip, ArchiveFormat::zip_stored, ArchiveFormat::tar, ArchiveFormat::tar_gz}) {
    SCOPED_TRACE(static_cast<int>(format));
    auto in = open_decompressed(
        open_bytes(test::build_archive(format, {test::file_item(name, "one\n")})), "utf8");
    ArchiveReader reader(*in, "utf8");
    const std::vector<ReadMember> members = read_all(reader, "utf8");
    ASSERT_EQ(members.size(), 1U);
    EXPECT_EQ(members[0].name, name);
    EXPECT_EQ(members[0].data, "one\n");
  }
}

TEST(ArchiveReaderTest, LinksAndSpecialFilesAreTyped) {
  const std::vector<ArchiveItem> tar_items = {
      test::file_item("real.txt", "data\n"),
      test::typed_item(ArchiveItem::Type::symlink, "soft", "real.txt"),
      test::typed_item(ArchiveItem::Type::hardlink, "hard", "real.txt"),
      test::typed_item(ArchiveItem::Type::char_device, "null"),
      test::typed_item(ArchiveItem::Type::fifo, "pipe"),
  };
  auto in = open_bytes(test::build_archive(ArchiveFormat::tar, tar_items));
  ArchiveReader reader(*in, "links.tar");
  const std::vector<ReadMember> members = read_all(reader, "links.tar");
  ASSERT_EQ(members.size(), 5U);
  EXPECT_EQ(members[1].type, MemberType::symbolic_link);
  EXPECT_EQ(members[2].type, MemberType::hard_link);
  EXPECT_EQ(members[3].type, MemberType::special);
  EXPECT_EQ(members[4].type, MemberType::special);

  // A zip says a member is a link only in its central directory: read from the file.
  test::TempDir dir;
  const std::filesystem::path zip = dir.path() / "links.zip";
  write_file(
      zip, test::build_archive(ArchiveFormat::zip,
                               {test::file_item("real.txt", "data\n"),
                                test::typed_item(ArchiveItem::Type::symlink, "soft", "real.txt")}));
  const auto from_file = ArchiveReader::open_file(zip, zip.string(), nullptr);
  const std::vector<ReadMember> zip_members = read_all(*from_file, zip.string());
  ASSERT_EQ(zip_members.size(), 2U);
  EXPECT_EQ(zip_members[0].type, MemberType::regular);
  EXPECT_EQ(zip_members[1].type, MemberType::symbolic_link);
  EXPECT_GT(from_file->bytes_consumed(), 0U);
}

TEST(ArchiveReaderTest, DamagedMemberDataIsAnErrorNamingTheMemberAndTheNextMemberReads) {
  const std::vector<ArchiveItem> items = {test::file_item("a.txt", kText),
                                          test::file_item("b.txt", kText),
                                          test::file_item("c.txt", kText)};
  for (const ArchiveFormat format : {ArchiveFormat::zip, ArchiveFormat::zip_stored}) {
    const std::string good = test::build_archive(format, items);
    const std::string bad = test::flipped(good, test::zip_member_data_offset(good, 1) + 20);
    test::TempDir dir;
    const std::filesystem::path path = dir.path() / "bad.zip";
    write_file(path, bad);
    const auto reader = ArchiveReader::open_file(path, "bad.zip", nullptr);
    ArchiveMember member;
    std::vector<std::string> read_whole;
    std::string error;
    while (reader->next(member) == ArchiveReader::Next::member) {
      try {
        char buffer[4096];
        while (reader->read(buffer, sizeof buffer, "bad.zip:" + member.name) > 0) {
        }
        read_whole.push_back(member.name);
      } catch (const Error& e) {
        EXPECT_EQ(e.code(), Errc::bad_request);
        error = e.what();
      }
    }
    EXPECT_EQ(read_whole, (std::vector<std::string>{"a.txt", "c.txt"})) << static_cast<int>(format);
    EXPECT_TRUE(error.starts_with("bad.zip:b.txt: damaged archive member (")) << error;
  }
}

TEST(ArchiveReaderTest, ACutArchiveIsAnErrorNamingTheMemberCut) {
  const std::vector<ArchiveItem> items = {test::file_item("a.txt", noise(50'000, 1)),
                                          test::file_item("b.txt", noise(50'000, 2))};
  for (const ArchiveFormat format :
       {ArchiveFormat::zip, ArchiveFormat::tar, ArchiveFormat::tar_gz, ArchiveFormat::tar_xz}) {
    const std::string whole = test::build_archive(format, items);
    const std::string name = "cut " + std::to_string(static_cast<int>(format));
    auto in = open_decompressed(open_bytes(whole.substr(0, whole.size() * 3 / 4)), name);
    std::vector<std::string> read_whole;
    std::string error;
    try {
      ArchiveReader reader(*in, name);
      ArchiveMember member;
      while (reader.next(member) == ArchiveReader::Next::member) {
        char buffer[4096];
        while (reader.read(buffer, sizeof buffer, name + ":" + member.name) > 0) {
        }
        read_whole.push_back(member.name);
      }
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), Errc::bad_request) << name;
      error = e.what();
    }
    EXPECT_EQ(read_whole, std::vector<std::string>{"a.txt"}) << name;
    EXPECT_TRUE(error.starts_with(name + ":b.txt: ")) << name << ": " << error;
  }
}

TEST(ArchiveReaderTest, WhatIsNoArchiveIsRefusedAtOnce) {
  auto in = open_bytes("PK\x03\x04 but nothing of a zip after it");
  try {
    ArchiveReader reader(*in, "fake.zip");
    ArchiveMember member;
    reader.next(member);
    ADD_FAILURE() << "read as an archive";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Errc::bad_request);
    EXPECT_TRUE(std::string(e.what()).starts_with("fake.zip: ")) << e.what();
  }
}

TEST(ArchiveReaderTest, WhatTheInputThrowsComesBackFromTheReader) {
  const std::string tar =
      test::build_archive(ArchiveFormat::tar, {test::file_item("a.txt", noise(300'000))});
  auto in = open_bytes(tar);
  int calls = 0;
  ArchiveReader reader(*in, "watched.tar", [&calls](std::size_t) {
    if (++calls > 1) {
      fail(Errc::bad_request, "watched.tar: stop here");
    }
  });
  ArchiveMember member;
  ASSERT_EQ(reader.next(member), ArchiveReader::Next::member);
  try {
    char buffer[1 << 16];
    while (reader.read(buffer, sizeof buffer, "watched.tar:a.txt") > 0) {
    }
    ADD_FAILURE() << "the input's error was lost";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "watched.tar:a.txt: stop here");  // renamed to the member
  }
}

}  // namespace
}  // namespace gpq::sync
