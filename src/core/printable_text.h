// The rule for the text fields of stored records (names, designators, SATCAT text), and the
// cleaning every writer applies anyway, so that one bad record can never break or forge a
// line of what gpq writes. DECISIONS are in docs/IMPORT.md ("Text fields").
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpq {

// Why `value` cannot be stored in a text field: a control character (U+0000..U+001F, U+007F,
// U+0080..U+009F) or bytes that are not UTF-8. std::nullopt when it is fine.
std::optional<std::string> text_field_problem(std::string_view field, std::string_view value);

// The classifications a TLE and an OMM can carry: U, C or S.
inline bool valid_classification(char c) noexcept {
  return c == 'U' || c == 'C' || c == 'S';
}

inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";  // U+FFFD

// Appends `text` with every control character and every byte that is not part of a UTF-8
// sequence replaced by U+FFFD: what a single-line field of any format may hold.
void append_printable(std::string_view text, std::string& out);
std::string printable(std::string_view text);
// `text` itself when it needs no replacement (every real record: no copy on the writers' hot
// path), else printable(text), kept in `scratch`.
std::string_view printable_view(std::string_view text, std::string& scratch);

// A value quoted in a message: printable(), cut after `max_bytes` bytes (never inside a
// UTF-8 sequence) with "..." appended when it was longer.
std::string excerpt(std::string_view text, std::size_t max_bytes = 40);

// The length of the valid UTF-8 sequence starting at text[0], or 0 when the bytes there are
// not one (overlong forms, surrogates and code points above U+10FFFF included).
std::size_t utf8_sequence_length(std::string_view text) noexcept;

}  // namespace gpq
