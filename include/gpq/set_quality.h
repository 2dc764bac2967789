// How far a set can be trusted, as flags read from the archive (docs/DECISIONS.md "Quality"):
// the names, and the small set of them one element set carries. The judge that reads them is
// events::SetQualityJudge (src/events/set_quality.h); the writers print them with
// `include=quality` (`--quality`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpq {

// Every flag, one row each, in the order answers print them: the enumerator (its name is the
// flag's printed name). stale: more than kMaxPropagationDays from the instant asked;
// decayed: the instant is after the object's decay (SATCAT's DECAY_DATE, or the re-entry gpq's
// decay event predicts); outlier: a lone set off both neighbours, which the event detector
// drops; reissued: a later version with the same epoch was published; future_epoch: the epoch
// is after the set's publication (a predicted set); sgp4_xp: EPHEMERIS_TYPE 4; not_sgp4: another
// theory SGP4 does not propagate; analyst: an analyst object's catalog number (80000-89999,
// 270000 and above), a track not yet identified.
#define GPQ_QUALITY_FLAGS(ROW) \
  ROW(stale)                   \
  ROW(decayed)                 \
  ROW(outlier)                 \
  ROW(reissued)                \
  ROW(future_epoch)            \
  ROW(sgp4_xp)                 \
  ROW(not_sgp4)                \
  ROW(analyst)

enum class QualityFlag : std::uint8_t {
#define GPQ_QUALITY_FLAG_ENUMERATOR(name) name,
  GPQ_QUALITY_FLAGS(GPQ_QUALITY_FLAG_ENUMERATOR)
#undef GPQ_QUALITY_FLAG_ENUMERATOR
};

std::string_view to_string(QualityFlag flag) noexcept;  // "stale", "future_epoch", ...
std::optional<QualityFlag> parse_quality_flag(std::string_view text) noexcept;

// The flags of one set: none, some or all of the list above.
class QualityFlags {
 public:
  void add(QualityFlag flag) noexcept { bits_ |= bit(flag); }
  bool has(QualityFlag flag) const noexcept { return (bits_ & bit(flag)) != 0; }
  bool empty() const noexcept { return bits_ == 0; }
  bool operator==(const QualityFlags&) const = default;

  // The names in the list's order, joined by `separator` ("" for no flag).
  std::string joined(std::string_view separator) const;
  // A JSON array of the names: ["stale","decayed"], [] for none.
  void append_json(std::string& out) const;

 private:
  static constexpr std::uint16_t bit(QualityFlag flag) noexcept {
    return static_cast<std::uint16_t>(1U << static_cast<unsigned>(flag));
  }
  std::uint16_t bits_ = 0;
};

// The flags of the sets around an epoch (`adjacent`); a side without a set has none.
struct AdjacentQuality {
  QualityFlags before;
  QualityFlags after;
};

}  // namespace gpq
