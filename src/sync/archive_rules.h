// What an archive may hold for gpq to read it: which members are refused (links, special
// files, names that leave the archive), how deep archives may nest, and how far an archive
// may expand before it counts as a decompression bomb. docs/IMPORT.md, "Archives".
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace gpq::sync {

// An archive given to --from is depth 1; an archive member that is itself an archive is read
// at depth 2; one more level is refused.
inline constexpr int kMaxArchiveDepth = 2;
// The contents read out of an archive may reach this many times the bytes read from its file
// on disk (real files: TLE text 4-7x, OMM XML and JSON up to 25x with xz) ...
inline constexpr std::uint64_t kMaxExpansionRatio = 100;
// ... plus this much, so that a small archive of very regular text is not refused.
inline constexpr std::uint64_t kExpansionAllowance = std::uint64_t{4} << 20;

enum class MemberType { regular, directory, symbolic_link, hard_link, special };

// Why a member with this type and name is not read ("a symbolic link"), or nullopt when it is
// (regular files and directories with relative names that stay inside the archive).
std::optional<std::string> member_refusal(MemberType type, std::string_view name);

// The expansion limit of one archive file, over everything read out of it at every nesting
// level. Two totals are held to the limit: the members' contents (after their own .gz/.xz),
// and the archive streams themselves (the tar inside a .tar.gz, headers and all). A member
// over the limit is refused and its contents are then forgotten, so the members after it are
// judged without it. The archive stops (nothing more of it is read) when its stream passes
// the limit, which cannot be skipped, or when all the contents decompressed, refused members'
// included, pass twice the limit: a string of bombs costs at most that much work.
class ExpansionBudget {
 public:
  // `compressed_so_far` gives the bytes read from the file on disk so far.
  explicit ExpansionBudget(std::function<std::uint64_t()> compressed_so_far)
      : compressed_so_far_(std::move(compressed_so_far)) {}

  // Counts `bytes` more of a member's contents read as `name`. Throws Error{bad_request}
  // "<name>: refused: ..." when a total passes its limit; member_over() is then true, and
  // archive_over() too when it was the total of all contents.
  void add_content(std::uint64_t bytes, std::string_view name);
  // Counts `bytes` more of the archive stream `name`. Throws likewise, and archive_over() is
  // then true.
  void add_stream(std::uint64_t bytes, std::string_view name);

  bool member_over() const { return member_over_; }
  // Once true, stays true: every later count throws.
  bool archive_over() const { return archive_over_; }

  // The contents total now, to be forgotten back to with forget_member_since() when the
  // member that follows is refused.
  std::uint64_t content_mark() const { return content_; }
  void forget_member_since(std::uint64_t mark) {
    content_ = mark;
    member_over_ = false;
  }

 private:
  std::uint64_t limit() const;
  [[noreturn]] void refuse(std::string_view name, std::string_view what) const;

  std::function<std::uint64_t()> compressed_so_far_;
  std::uint64_t content_ = 0;      // of the members not refused
  std::uint64_t all_content_ = 0;  // refused members' included
  std::uint64_t stream_ = 0;
  bool member_over_ = false;
  bool archive_over_ = false;
};

}  // namespace gpq::sync
