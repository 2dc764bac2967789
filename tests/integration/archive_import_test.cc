// `gpq sync --from` over archives as a user runs it: the real binary, archives made with
// libarchive's writer, a real database. A good archive imports exactly what its files import;
// a hostile one has each bad member refused or reported by name, counted in the summary and
// the run record, and the members before and after it imported; the database is never left
// half-written and a rerun completes the work.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <regex>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/core.h>
#include <gtest/gtest.h>

#include "support/archive_builder.h"
#include "support/mirror_dump.h"
#include "support/process.h"
#include "support/synthetic_tle.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;
using Type = ArchiveItem::Type;

const fs::path kSyncData = fs::path(GPQ_TEST_DATA_DIR) / "sync";

void write_file(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string tle(std::int64_t first, std::int64_t count) {
  return synthetic_3le_range(first, count, 1000);
}

struct Summary {
  long files = -1, members = 0, read = -1, added = -1, unchanged = -1, refused = 0;
};

// "Imported F file(s) (M archive members), B bytes: R sets read, A added, U updated, C
// unchanged; K catalog records; S records skipped; N archive members refused."
Summary parse_summary(const std::string& out) {
  static const std::regex pattern(
      R"(Imported (\d+) file\(s\)(?: \((\d+) archive members\))?, \d+ bytes: (\d+) sets read, )"
      R"((\d+) added, \d+ updated, (\d+) unchanged; \d+ catalog records; \d+ records skipped)"
      R"((?:; (\d+) archive members refused)?\.)");
  std::smatch match;
  Summary summary;
  if (std::regex_search(out, match, pattern)) {
    const auto number = [&](int i) { return match[i].matched ? std::stol(match[i]) : 0L; };
    summary = {number(1), number(2), number(3), number(4), number(5), number(6)};
  }
  return summary;
}

struct RunRecord {
  std::string outcome;
  std::string error;
};

RunRecord last_run(const fs::path& db_path) {
  SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
  SQLite::Statement query(db, "SELECT outcome, coalesce(error, '') FROM sync_run ORDER BY id DESC");
  EXPECT_TRUE(query.executeStep());
  return {query.getColumn(0).getString(), query.getColumn(1).getString()};
}

std::string integrity(const fs::path& db_path) {
  SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
  return db.execAndGet("PRAGMA integrity_check").getString();
}

ProcessResult import(const fs::path& db, const fs::path& from) {
  return run_gpq({"--db=" + db.string(), "sync", "--from", from.string()});
}

// The dump of a fresh mirror that imported `files` as plain files from a directory.
std::string plain_import_dump(const TempDir& dir, const std::vector<ArchiveItem>& files) {
  const fs::path plain = dir.path() / "plain";
  for (const ArchiveItem& file : files) {
    write_file(plain / file.name, file.data);
  }
  const fs::path db = dir.path() / "plain.db";
  const ProcessResult result = import(db, plain);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return dump_mirror(db);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(ArchiveImportTest, EveryArchiveFormatImportsExactlyWhatItsFilesImport) {
  TempDir dir;
  // In byte order of the names, the order a directory of the same files is read in.
  const std::vector<ArchiveItem> files = {
      file_item("notes/README.md", "not element sets\n"),
      file_item("omm/deep/er/iss.xml.gz", gzip_bytes(read_file(kSyncData / "iss_2026-09-23.xml"))),
      file_item("omm/iss.json", read_file(kSyncData / "iss_2026-09-23.json")),
      file_item("satcat/satcat.csv.xz", xz_bytes(read_file(kSyncData / "satcat_celestrak.csv"))),
      file_item("tle/2026/sets.3le", tle(0, 300)),
  };
  const std::string expected = plain_import_dump(dir, files);
  const struct {
    ArchiveFormat format;
    const char* file;
  } rows[] = {{ArchiveFormat::zip, "sets.zip"},
              {ArchiveFormat::zip_stored, "stored.zip"},
              {ArchiveFormat::tar, "sets.tar"},
              {ArchiveFormat::tar_gz, "sets.tgz"},
              {ArchiveFormat::tar_xz, "sets.tar.xz"}};
  for (const auto& row : rows) {
    const fs::path archive = dir.path() / row.file;
    write_file(archive, build_archive(row.format, files));
    const fs::path db = dir.path() / (std::string(row.file) + ".db");
    const ProcessResult result = import(db, archive);
    ASSERT_EQ(result.exit_code, 0) << row.file << ": " << result.err;
    const Summary summary = parse_summary(result.out);
    EXPECT_EQ(summary.files, 1) << row.file << ": " << result.out;
    EXPECT_EQ(summary.members, 4) << row.file << ": " << result.out;
    EXPECT_EQ(summary.read, 302) << row.file << ": " << result.out;
    EXPECT_TRUE(contains(result.out,
                         "not imported (unknown format): " + archive.string() + ":notes/README.md"))
        << row.file << ": " << result.out;
    EXPECT_TRUE(dump_mirror(db) == expected) << row.file << ": not what the files import";
    EXPECT_EQ(last_run(db).outcome, "ok") << row.file;
  }
}

TEST(ArchiveImportTest, ArchivesInDirectoriesAndArchivesInArchivesAreRead) {
  TempDir dir;
  const fs::path in = dir.path() / "in";
  write_file(in / "a.3le", tle(0, 10));
  write_file(
      in / "sub" / "b.zip",
      build_archive(ArchiveFormat::zip,
                    {file_item("c.3le", tle(10, 10)),
                     file_item("inner.tar.gz",
                               build_archive(ArchiveFormat::tar_gz,
                                             {file_item("d.3le.xz", xz_bytes(tle(20, 10)))}))}));
  const fs::path db = dir.path() / "gpq.db";
  const ProcessResult result = import(db, in);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Summary summary = parse_summary(result.out);
  EXPECT_EQ(summary.files, 2) << result.out;
  EXPECT_EQ(summary.members, 2) << result.out;  // c.3le and d.3le.xz
  EXPECT_EQ(summary.added, 30) << result.out;
}

TEST(ArchiveImportTest, SkippedRecordsNameTheMemberAndTheLine) {
  TempDir dir;
  std::string text = tle(0, 1500);
  const std::size_t line2_of_1501st = text.size();
  text += tle(1500, 1);
  text[line2_of_1501st + 25 + 70 + 68] ^= 1;  // the checksum digit of its line 2
  const fs::path archive = dir.path() / "history-2026.zip";
  write_file(archive, build_archive(ArchiveFormat::zip, {file_item("2026.txt", text)}));
  const ProcessResult result = import(dir.path() / "gpq.db", archive);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(contains(result.out, "skipped " + archive.string() + ":2026.txt line 4,501: "))
      << result.out;
  EXPECT_EQ(parse_summary(result.out).added, 1500) << result.out;
}

TEST(ArchiveImportTest, ADamagedMemberIsReportedTheOthersImportedAndARerunCompletes) {
  TempDir dir;
  const std::vector<ArchiveItem> files = {file_item("a.3le", tle(0, 500)),
                                          file_item("b.3le", tle(500, 500)),
                                          file_item("c.3le", tle(1000, 500))};
  const std::string expected = plain_import_dump(dir, files);
  for (const ArchiveFormat format : {ArchiveFormat::zip, ArchiveFormat::zip_stored}) {
    const std::string good = build_archive(format, files);
    const fs::path archive = dir.path() / "damaged.zip";
    write_file(archive, flipped(good, zip_member_data_offset(good, 1) + 300));
    const fs::path db = dir.path() / ("damaged" + std::to_string(static_cast<int>(format)) + ".db");
    const ProcessResult result = import(db, archive);
    EXPECT_EQ(result.exit_code, 2) << result.err;
    const std::string named = "gpq: " + archive.string() + ":b.3le: damaged archive member (";
    EXPECT_TRUE(contains(result.err, named)) << result.err;
    const Summary summary = parse_summary(result.out);
    EXPECT_EQ(summary.members, 2) << result.out;  // a and c
    EXPECT_GE(summary.added, 1000) << result.out;
    EXPECT_LE(summary.added, 1500) << result.out;  // and b's sets read before the damage
    EXPECT_EQ(integrity(db), "ok");
    const RunRecord run = last_run(db);
    EXPECT_EQ(run.outcome, "partial");
    EXPECT_TRUE(run.error.starts_with(archive.string() + ":b.3le: damaged archive member"))
        << run.error;

    write_file(archive, good);
    const ProcessResult rerun = import(db, archive);
    ASSERT_EQ(rerun.exit_code, 0) << rerun.err;
    EXPECT_EQ(parse_summary(rerun.out).added, 1500 - summary.added) << rerun.out;
    EXPECT_TRUE(dump_mirror(db) == expected) << "the rerun did not complete the work";
  }
}

TEST(ArchiveImportTest, ADamagedTarHeaderIsReportedAndReadingGoesOnAfterIt) {
  TempDir dir;
  const std::string good = build_archive(
      ArchiveFormat::tar, {file_item("a.3le", tle(0, 100)), file_item("b.3le", tle(100, 100)),
                           file_item("c.3le", tle(200, 100))});
  // b's header is the first 512-byte block that names it; one byte of its name breaks its
  // checksum.
  const std::size_t b_header = good.find("b.3le") / 512 * 512;
  const fs::path archive = dir.path() / "damaged.tar";
  write_file(archive, flipped(good, b_header));
  const fs::path db = dir.path() / "gpq.db";
  const ProcessResult result = import(db, archive);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(
      contains(result.err, "gpq: " + archive.string() + ": a damaged member header after a.3le ("))
      << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 2) << result.err;
  const Summary summary = parse_summary(result.out);
  EXPECT_EQ(summary.members, 2) << result.out;  // a and c
  EXPECT_EQ(summary.added, 200) << result.out;
  EXPECT_EQ(last_run(db).outcome, "partial");
}

TEST(ArchiveImportTest, ACutArchiveKeepsWhatWasReadAndARerunCompletes) {
  TempDir dir;
  const std::vector<ArchiveItem> files = {file_item("a.3le", tle(0, 300)),
                                          file_item("b.3le", tle(300, 3000))};
  const std::string expected = plain_import_dump(dir, files);
  for (const ArchiveFormat format :
       {ArchiveFormat::zip, ArchiveFormat::tar, ArchiveFormat::tar_gz, ArchiveFormat::tar_xz}) {
    const std::string whole = build_archive(format, files);
    const fs::path archive = dir.path() / "cut.archive";
    write_file(archive, whole.substr(0, whole.size() * 3 / 4));
    const fs::path db = dir.path() / ("cut" + std::to_string(static_cast<int>(format)) + ".db");
    const ProcessResult result = import(db, archive);
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_TRUE(contains(result.err, "gpq: " + archive.string() + ":b.3le: ")) << result.err;
    const Summary summary = parse_summary(result.out);
    EXPECT_EQ(summary.members, 1) << result.out;
    EXPECT_GT(summary.added, 300) << result.out;  // a, and b up to the cut
    EXPECT_LT(summary.added, 3300) << result.out;
    EXPECT_EQ(integrity(db), "ok");
    EXPECT_EQ(last_run(db).outcome, "partial");

    write_file(archive, whole);
    const ProcessResult rerun = import(db, archive);
    ASSERT_EQ(rerun.exit_code, 0) << rerun.err;
    EXPECT_TRUE(dump_mirror(db) == expected) << "the rerun did not complete the work";
  }
}

TEST(ArchiveImportTest, ADecompressionBombIsRefusedQuickly) {
  TempDir dir;
  // One real set, then 64 MiB of line breaks: compressed to about 64 KiB, a ratio of 1000.
  const std::vector<ArchiveItem> items = {
      file_item("before.3le", tle(0, 100)),
      filler_item("bomb.3le", tle(100, 1), '\n', std::uint64_t{64} << 20),
      file_item("after.3le", tle(200, 100))};
  const auto started = std::chrono::steady_clock::now();
  // A zip: the members after the bomb are read. A .tar.gz: its tar stream is the bomb and
  // cannot be read past. The bomb's one set, read before it was refused, is kept like any
  // set read before a problem.
  const struct {
    ArchiveFormat format;
    const char* file;
    long added;
  } rows[] = {{ArchiveFormat::zip, "bomb.zip", 201}, {ArchiveFormat::tar_gz, "bomb.tgz", 101}};
  for (const auto& row : rows) {
    const fs::path archive = dir.path() / row.file;
    write_file(archive, build_archive(row.format, items));
    const fs::path db = dir.path() / (std::string(row.file) + ".db");
    const ProcessResult result = import(db, archive);
    EXPECT_EQ(result.exit_code, 2) << row.file << ": " << result.err;
    EXPECT_TRUE(contains(result.err, "gpq: " + archive.string() +
                                         ":bomb.3le: refused: it expands to more than 100 times"))
        << row.file << ": " << result.err;
    const Summary summary = parse_summary(result.out);
    EXPECT_EQ(summary.refused, 1) << row.file << ": " << result.out;
    EXPECT_EQ(summary.added, row.added) << row.file << ": " << result.out;
    const RunRecord run = last_run(db);
    EXPECT_EQ(run.outcome, "partial") << row.file;
    EXPECT_TRUE(contains(run.error, ":bomb.3le: refused: ")) << row.file << ": " << run.error;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(30));
}

TEST(ArchiveImportTest, ASecondBombStopsTheArchive) {
  TempDir dir;
  constexpr std::uint64_t kBomb = std::uint64_t{48} << 20;
  const fs::path archive = dir.path() / "bombs.zip";
  write_file(archive,
             build_archive(ArchiveFormat::zip, {file_item("before.3le", tle(0, 100)),
                                                filler_item("bomb1.3le", tle(1000, 1), '\n', kBomb),
                                                filler_item("bomb2.3le", tle(1001, 1), '\n', kBomb),
                                                filler_item("bomb3.3le", tle(1002, 1), '\n', kBomb),
                                                file_item("after.3le", tle(100, 100))}));
  const ProcessResult result = import(dir.path() / "gpq.db", archive);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  const Summary summary = parse_summary(result.out);
  // before.3le and the first set of each of the two bombs read; nothing after the second.
  EXPECT_EQ(summary.added, 102) << result.out;
  EXPECT_EQ(summary.refused, 2) << result.out;
  EXPECT_TRUE(contains(result.err, "gpq: " + archive.string() +
                                       ":bomb2.3le: refused: the archive, refused members "
                                       "included, expands to more than twice"))
      << result.err;
}

TEST(ArchiveImportTest, LinksSpecialFilesAndNamesOutsideTheArchiveAreRefused) {
  TempDir dir;
  const fs::path tar = dir.path() / "hostile.tar";
  write_file(tar, build_archive(
                      ArchiveFormat::tar,
                      {file_item("first.3le", tle(0, 10)), file_item("/etc/abs.3le", tle(10, 10)),
                       file_item("../up.3le", tle(20, 10)), file_item("a/../../x.3le", tle(30, 10)),
                       typed_item(Type::symlink, "link.3le", "first.3le"),
                       typed_item(Type::hardlink, "hard.3le", "first.3le"),
                       typed_item(Type::char_device, "null"), typed_item(Type::fifo, "pipe"),
                       file_item("last.3le", tle(40, 10))}));
  const fs::path db = dir.path() / "gpq.db";
  const ProcessResult result = import(db, tar);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  const Summary summary = parse_summary(result.out);
  EXPECT_EQ(summary.members, 2) << result.out;
  EXPECT_EQ(summary.added, 20) << result.out;
  EXPECT_EQ(summary.refused, 7) << result.out;
  const std::string prefix = "gpq: " + tar.string() + ":";
  for (const char* refusal :
       {"/etc/abs.3le: refused: an absolute name", "../up.3le: refused: a name with a '..' part",
        "a/../../x.3le: refused: a name with a '..' part", "link.3le: refused: a symbolic link",
        "hard.3le: refused: a hard link", "null: refused: a device, FIFO or socket",
        "pipe: refused: a device, FIFO or socket"}) {
    EXPECT_TRUE(contains(result.err, prefix + refusal)) << refusal << "\n" << result.err;
  }
  EXPECT_TRUE(contains(result.err, "gpq: 7 archive member(s) refused")) << result.err;
  const RunRecord run = last_run(db);
  EXPECT_EQ(run.outcome, "partial");
  EXPECT_EQ(run.error, tar.string() +
                           ":/etc/abs.3le: refused: an absolute name (members must be "
                           "relative to the archive) (and 6 more)");

  const fs::path zip = dir.path() / "links.zip";
  write_file(zip,
             build_archive(ArchiveFormat::zip, {file_item("first.3le", tle(0, 10)),
                                                typed_item(Type::symlink, "link.3le", "first.3le"),
                                                file_item("../up.3le", tle(20, 10)),
                                                file_item("last.3le", tle(40, 10))}));
  const ProcessResult zipped = import(dir.path() / "zip.db", zip);
  EXPECT_EQ(zipped.exit_code, 2) << zipped.err;
  EXPECT_EQ(parse_summary(zipped.out).refused, 2) << zipped.out;
  EXPECT_EQ(parse_summary(zipped.out).added, 20) << zipped.out;
  EXPECT_TRUE(contains(zipped.err, "gpq: " + zip.string() + ":link.3le: refused: a symbolic link"))
      << zipped.err;
}

std::size_t lines_containing(const std::string& text, const std::string& words) {
  std::size_t count = 0;
  for (std::size_t at = text.find(words); at != std::string::npos; at = text.find(words, at + 1)) {
    ++count;
  }
  return count;
}

TEST(ArchiveImportTest, UtfEightNamesImportAndLongListsAreCutWithoutVerbose) {
  TempDir dir;
  // A folder named beyond ASCII: in the C locale its members came back without a name.
  std::vector<ArchiveItem> items = {file_item("verm\xC3\xB6gen/sets.3le", tle(0, 10))};
  for (int i = 0; i < 25; ++i) {
    items.push_back(file_item(fmt::format("notes/{:02}.txt", i), "not element sets\n"));
    items.push_back(typed_item(Type::symlink, fmt::format("links/{:02}.3le", i), "sets.3le"));
  }
  const fs::path tar = dir.path() / "many.tar";
  write_file(tar, build_archive(ArchiveFormat::tar, items));
  const ProcessResult brief = import(dir.path() / "brief.db", tar);
  EXPECT_EQ(brief.exit_code, 2) << brief.err;
  EXPECT_EQ(parse_summary(brief.out).added, 10) << brief.out;
  EXPECT_EQ(lines_containing(brief.out, "not imported (unknown format): "), 21U) << brief.out;
  EXPECT_TRUE(contains(
      brief.out, "  not imported (unknown format): ... and 5 more (--verbose lists them all)"))
      << brief.out;
  EXPECT_EQ(lines_containing(brief.err, ": refused: a symbolic link"), 20U) << brief.err;
  EXPECT_TRUE(contains(brief.err, "gpq: ... and 5 more (--verbose lists them all)")) << brief.err;
  EXPECT_TRUE(contains(brief.err, "gpq: 25 archive member(s) refused")) << brief.err;

  const ProcessResult verbose = run_gpq({"--db=" + (dir.path() / "verbose.db").string(),
                                         "--verbose", "sync", "--from", tar.string()});
  EXPECT_EQ(verbose.exit_code, 2) << verbose.err;
  EXPECT_EQ(lines_containing(verbose.out, "not imported (unknown format): "), 25U);
  EXPECT_EQ(lines_containing(verbose.err, ": refused: a symbolic link"), 25U);
  EXPECT_FALSE(contains(verbose.err, "more (--verbose")) << verbose.err;
}

TEST(ArchiveImportTest, ArchivesNestedDeeperThanTwoLevelsAreRefused) {
  TempDir dir;
  const std::string innermost =
      build_archive(ArchiveFormat::zip, {file_item("x.3le", tle(20, 10))});
  const std::string inner =
      build_archive(ArchiveFormat::tar_gz,
                    {file_item("y.3le", tle(10, 10)), file_item("innermost.zip", innermost)});
  const fs::path outer = dir.path() / "outer.zip";
  write_file(outer, build_archive(ArchiveFormat::zip, {file_item("z.3le", tle(0, 10)),
                                                       file_item("inner.tar.gz", inner)}));
  const ProcessResult result = import(dir.path() / "gpq.db", outer);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  const Summary summary = parse_summary(result.out);
  EXPECT_EQ(summary.added, 20) << result.out;  // z and y
  EXPECT_EQ(summary.refused, 1) << result.out;
  EXPECT_TRUE(contains(result.err, "gpq: " + outer.string() +
                                       ":inner.tar.gz:innermost.zip: refused: an archive nested "
                                       "deeper than 2 levels"))
      << result.err;
}

TEST(ArchiveImportTest, WhatOnlyLooksLikeAnArchiveIsAClearError) {
  TempDir dir;
  const fs::path fake = dir.path() / "fake.zip";
  write_file(fake, "PK\x03\x04 and nothing of a zip after that");
  const ProcessResult result = import(dir.path() / "gpq.db", fake);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(contains(result.err, "gpq: " + fake.string() + ": ")) << result.err;
}

TEST(ArchiveImportTest, OnlyGpqNetLinksLibarchive) {
  // gpq answers queries with the C library alone and hands `sync` to gpq-net.
  const ProcessResult gpq = run_process({"readelf", "-d", GPQ_BINARY});
  ASSERT_EQ(gpq.exit_code, 0) << gpq.err;
  EXPECT_TRUE(contains(gpq.out, "(NEEDED)")) << gpq.out;
  EXPECT_FALSE(contains(gpq.out, "libarchive")) << gpq.out;
  const ProcessResult net =
      run_process({"readelf", "-d", (fs::path(GPQ_BINARY).parent_path() / "gpq-net").string()});
  ASSERT_EQ(net.exit_code, 0) << net.err;
  EXPECT_TRUE(contains(net.out, "libarchive")) << net.out;
}

}  // namespace
}  // namespace gpq::test
