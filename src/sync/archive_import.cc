// The walk over an archive's members, nested archives included.
#include "sync/archive_import.h"

#include <array>
#include <memory>

#include <fmt/core.h>

#include "gpq/error.h"

#include "core/printable_text.h"
#include "sync/archive_reader.h"
#include "sync/archive_rules.h"

namespace gpq::sync {
namespace {

// The current member's data.
class MemberData final : public ByteStream {
 public:
  MemberData(ArchiveReader& reader, std::string name) : reader_(reader), name_(std::move(name)) {}

  std::size_t read(char* buffer, std::size_t capacity) override {
    return reader_.read(buffer, capacity, name_);
  }
  std::uint64_t bytes_consumed() const override { return reader_.bytes_consumed(); }

 private:
  ArchiveReader& reader_;
  std::string name_;
};

// A member's contents, counted against the archive's expansion budget as they are read.
class CountedStream final : public ByteStream {
 public:
  CountedStream(std::unique_ptr<ByteStream> inner, ExpansionBudget& budget, std::string name)
      : inner_(std::move(inner)), budget_(budget), name_(std::move(name)) {}

  std::size_t read(char* buffer, std::size_t capacity) override {
    const std::size_t got = inner_->read(buffer, capacity);
    budget_.add_content(got, name_);
    return got;
  }
  std::uint64_t bytes_consumed() const override { return inner_->bytes_consumed(); }

 private:
  std::unique_ptr<ByteStream> inner_;
  ExpansionBudget& budget_;
  std::string name_;
};

// Names in messages are printable and of bounded length whatever the archive holds.
std::string member_name(const std::string& archive, const std::string& member) {
  return archive + ":" + excerpt(member, 240);
}

class ArchiveWalk {
 public:
  ArchiveWalk(ImportContext& context, ExpansionBudget& budget)
      : context_(context), budget_(budget) {}

  // Imports every member of `reader`, an archive at nesting `depth` (1: a file on disk).
  void walk(ArchiveReader& reader, const std::string& archive, int depth);

  std::function<void(std::size_t)> stream_counter(const std::string& archive) {
    return [this, archive](std::size_t bytes) { budget_.add_stream(bytes, archive); };
  }
  // Records a member that could not be read: refused when it was over the expansion limit,
  // else damaged.
  void record(const Error& error) {
    if (error.code() != Errc::bad_request) {
      throw error;
    }
    const bool over = budget_.member_over() || budget_.archive_over();
    (over ? context_.summary.refused_members : context_.summary.failed_files)
        .emplace_back(error.what());
  }

 private:
  void import_member(ArchiveReader& reader, const std::string& name, int depth);

  ImportContext& context_;
  ExpansionBudget& budget_;
};

void ArchiveWalk::walk(ArchiveReader& reader, const std::string& archive, int depth) {
  ArchiveMember member;
  std::string previous;    // the last member whose header was read
  bool in_damage = false;  // damaged headers in a row are one damaged stretch
  for (;;) {
    ArchiveReader::Next next{};
    try {
      next = reader.next(member);
    } catch (const Error& error) {
      record(error);
      return;  // an archive that cannot go on
    }
    if (next == ArchiveReader::Next::end) {
      return;
    }
    const std::string name = member_name(archive, member.name);
    if (next == ArchiveReader::Next::damaged) {
      if (!in_damage) {
        context_.summary.failed_files.push_back(
            member.name.empty()
                ? fmt::format("{}: a damaged member header {} ({}); read on after it", archive,
                              previous.empty() ? "at its start" : "after " + previous,
                              reader.problem())
                : fmt::format("{}: damaged archive member ({})", name, reader.problem()));
      }
      in_damage = true;
      continue;
    }
    in_damage = false;
    previous = excerpt(member.name, 240);
    if (const auto why = member_refusal(member.type, member.name)) {
      context_.summary.refused_members.push_back(name + ": refused: " + *why);
      continue;
    }
    if (member.type == MemberType::directory) {
      continue;
    }
    const std::uint64_t mark = budget_.content_mark();
    try {
      import_member(reader, name, depth);
    } catch (const Error& error) {
      record(error);
      if (budget_.member_over() && !budget_.archive_over()) {
        budget_.forget_member_since(mark);  // refused; the next member is judged without it
      }
    }
    if (budget_.archive_over()) {
      return;  // nothing more of this archive is read
    }
  }
}

void ArchiveWalk::import_member(ArchiveReader& reader, const std::string& name, int depth) {
  auto content = open_decompressed(std::make_unique<MemberData>(reader, name), name);
  PeekedStream in(std::make_unique<CountedStream>(std::move(content), budget_, name));
  const FileKind kind = detect_kind(in.head());
  if (is_archive(kind)) {
    if (depth >= kMaxArchiveDepth) {
      context_.summary.refused_members.push_back(fmt::format(
          "{}: refused: an archive nested deeper than {} levels", name, kMaxArchiveDepth));
      return;
    }
    ArchiveReader inner(in, name, stream_counter(name));
    walk(inner, name, depth + 1);
    return;
  }
  if (kind == FileKind::unknown) {
    context_.summary.unknown_files.push_back(name);
    return;
  }
  context_.sink.start_file(name);
  parse_detected(kind, in, context_.parse, context_.sink);
  // To its end: a zip member's CRC is checked there.
  std::array<char, 1 << 16> rest{};
  while (in.read(rest.data(), rest.size()) > 0) {
  }
  ++context_.summary.members_imported;
}

}  // namespace

ArchiveOutcome import_archive(ImportContext& context, const std::filesystem::path& path,
                              PeekedStream& in, FileKind kind) {
  const std::string name = path.string();
  const std::size_t problems_before =
      context.summary.failed_files.size() + context.summary.refused_members.size();
  std::unique_ptr<ArchiveReader> reader;
  ExpansionBudget budget(
      [&reader, &in] { return reader ? reader->bytes_consumed() : in.bytes_consumed(); });
  ArchiveWalk walk(context, budget);
  try {
    // A plain zip file is read through its central directory; anything else forward.
    if (kind == FileKind::zip_archive && compression_of_file(path) == Compression::none) {
      reader = ArchiveReader::open_file(path, name, walk.stream_counter(name));
    } else {
      reader = std::make_unique<ArchiveReader>(in, name, walk.stream_counter(name));
    }
  } catch (const Error& error) {
    walk.record(error);
    return {in.bytes_consumed(), false};
  }
  walk.walk(*reader, name, 1);
  const std::size_t problems_after =
      context.summary.failed_files.size() + context.summary.refused_members.size();
  return {reader->bytes_consumed(), problems_after == problems_before};
}

}  // namespace gpq::sync
