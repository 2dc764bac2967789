// Member refusals and the expansion budget; pure rules, no libarchive.
#include "sync/archive_rules.h"

#include "gpq/error.h"

namespace gpq::sync {
namespace {

bool is_separator(char c) {
  return c == '/' || c == '\\';
}

// "/x", "\x" and "C:x" (zips made on Windows) all name a place outside any directory.
bool is_absolute(std::string_view name) {
  return is_separator(name.front()) ||
         (name.size() >= 2 && name[1] == ':' &&
          ((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= 'a' && name[0] <= 'z')));
}

bool has_parent_part(std::string_view name) {
  std::size_t begin = 0;
  while (begin <= name.size()) {
    std::size_t end = begin;
    while (end < name.size() && !is_separator(name[end])) {
      ++end;
    }
    if (name.substr(begin, end - begin) == "..") {
      return true;
    }
    begin = end + 1;
  }
  return false;
}

}  // namespace

std::optional<std::string> member_refusal(MemberType type, std::string_view name) {
  // The name first: a crafted name is refused whatever the member is.
  if (name.empty()) {
    return "a member without a name";
  }
  if (is_absolute(name)) {
    return "an absolute name (members must be relative to the archive)";
  }
  if (has_parent_part(name)) {
    return "a name with a '..' part (it would leave the archive)";
  }
  switch (type) {
    case MemberType::regular:
    case MemberType::directory:
      return std::nullopt;
    case MemberType::symbolic_link:
      return "a symbolic link (links are never followed)";
    case MemberType::hard_link:
      return "a hard link (links are never followed)";
    case MemberType::special:
      return "a device, FIFO or socket, not a file";
  }
  return "a member of unknown type";
}

void ExpansionBudget::add_content(std::uint64_t bytes, std::string_view name) {
  content_ += bytes;
  all_content_ += bytes;
  if (archive_over_ || all_content_ > 2 * limit()) {
    member_over_ = archive_over_ = true;
    refuse(name, "the archive, refused members included, expands to more than twice");
  }
  if (content_ > limit()) {
    member_over_ = true;
    refuse(name, "it expands to more than");
  }
}

void ExpansionBudget::add_stream(std::uint64_t bytes, std::string_view name) {
  stream_ += bytes;
  if (archive_over_ || stream_ > limit()) {
    archive_over_ = true;
    refuse(name, "it expands to more than");
  }
}

std::uint64_t ExpansionBudget::limit() const {
  return compressed_so_far_() * kMaxExpansionRatio + kExpansionAllowance;
}

void ExpansionBudget::refuse(std::string_view name, std::string_view what) const {
  fail(Errc::bad_request,
       "{}: refused: {} {} times the {} bytes read of the archive so far (a decompression "
       "bomb?)",
       name, what, kMaxExpansionRatio, compressed_so_far_());
}

}  // namespace gpq::sync
