// Block layout: varint set count, then each column in this order: epoch, CREATION_DATE,
// the nine elements (set_columns.h), rev number, element set number, class/ephemeris, run;
// each as
//   header byte   mode (bits 0-1) | 4 when an element column holds doubles' bits instead of
//                 decimal codes | 8 when some values are absent (a bitmap of present values
//                 follows, one bit per set)
//   constant      zigzag varint value
//   raw           zigzag varint minimum, width byte, n values - minimum, packed
//   delta         zigzag varint first value, zigzag varint smallest difference, width byte,
//                 n - 1 differences - smallest, packed; "around" takes differences of angle
//                 codes the short way round the circle (set_columns.h modulus)
// Absent values (no CREATION_DATE, NaN elements) are encoded as their predecessor's value,
// so that they cost no width. Arithmetic is modulo 2^64, so any int64 round-trips.
#include "storage/block_codec.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

#include "storage/bit_packing.h"
#include "storage/set_columns.h"

namespace gpq::storage {
namespace {

enum Mode : std::uint8_t { kConstant = 0, kRaw = 1, kDelta = 2, kDeltaAround = 3 };
constexpr std::uint8_t kModeMask = 3;
constexpr std::uint8_t kDoubleBits = 4;
constexpr std::uint8_t kHasAbsent = 8;

// Columns: epoch, creation, nine elements, rev, element set number, class/ephemeris, run.
constexpr std::size_t kElementCount = std::size(kElementColumns);

struct ColumnValues {
  std::vector<std::int64_t> values;
  std::vector<std::uint8_t> present;  // bitmap; empty when every value is present
  std::uint8_t flags = 0;
  std::int64_t modulus = 0;
};

std::size_t varint_size(std::uint64_t value) {
  return static_cast<std::size_t>(std::max(1, (bit_width_of(value) + 6) / 7));
}

// Differences taken around a circle of `modulus` codes lie in [-modulus/2, modulus/2).
std::int64_t around(std::int64_t difference, std::int64_t modulus) {
  const std::int64_t half = modulus / 2;
  std::int64_t d = (difference + half) % modulus;
  if (d < 0) {
    d += modulus;
  }
  return d - half;
}

// v[i] - v[i - 1], wrapped into (-modulus/2, modulus/2] for a circular column.
std::int64_t step_to(const std::vector<std::int64_t>& v, std::size_t i, bool circular,
                     std::int64_t modulus) {
  const std::int64_t d = static_cast<std::int64_t>(static_cast<std::uint64_t>(v[i]) -
                                                   static_cast<std::uint64_t>(v[i - 1]));
  return circular ? around(d, modulus) : d;
}

void encode_column(const ColumnValues& column, std::string& out) {
  const std::vector<std::int64_t>& v = column.values;
  const std::size_t n = v.size();
  const auto [min_it, max_it] = std::minmax_element(v.begin(), v.end());
  std::uint8_t header = column.flags | (column.present.empty() ? 0 : kHasAbsent);
  const auto write_presence = [&] {
    if (!column.present.empty()) {
      out.append(reinterpret_cast<const char*>(column.present.data()), column.present.size());
    }
  };
  if (*min_it == *max_it) {
    out.push_back(static_cast<char>(header | kConstant));
    write_presence();
    put_varint(out, zigzag(v[0]));
    return;
  }
  const std::uint64_t raw_span =
      static_cast<std::uint64_t>(*max_it) - static_cast<std::uint64_t>(*min_it);
  const int raw_width = bit_width_of(raw_span);

  const bool circular = column.modulus > 0 && *min_it >= 0 && *max_it < column.modulus;
  std::int64_t low = std::numeric_limits<std::int64_t>::max();
  std::int64_t high = std::numeric_limits<std::int64_t>::min();
  for (std::size_t i = 1; i < n; ++i) {
    const std::int64_t d = step_to(v, i, circular, column.modulus);
    low = std::min(low, d);
    high = std::max(high, d);
  }
  const int delta_width =
      bit_width_of(static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low));
  const std::size_t raw_bits = n * static_cast<std::size_t>(raw_width);
  const std::size_t delta_bits =
      (n - 1) * static_cast<std::size_t>(delta_width) + 8 * varint_size(zigzag(v[0]));
  if (raw_bits <= delta_bits) {
    out.push_back(static_cast<char>(header | kRaw));
    write_presence();
    put_varint(out, zigzag(*min_it));
    out.push_back(static_cast<char>(raw_width));
    BitWriter bits(out);
    for (const std::int64_t value : v) {
      bits.put(static_cast<std::uint64_t>(value) - static_cast<std::uint64_t>(*min_it), raw_width);
    }
    bits.flush();
    return;
  }
  out.push_back(static_cast<char>(header | (circular ? kDeltaAround : kDelta)));
  write_presence();
  put_varint(out, zigzag(v[0]));
  put_varint(out, zigzag(low));
  out.push_back(static_cast<char>(delta_width));
  BitWriter bits(out);
  for (std::size_t i = 1; i < n; ++i) {
    const std::int64_t d = step_to(v, i, circular, column.modulus);
    bits.put(static_cast<std::uint64_t>(d) - static_cast<std::uint64_t>(low), delta_width);
  }
  bits.flush();
}

// Reads one column into `values` (n of them) and its presence bitmap; false when damaged.
bool decode_column(ByteReader& in, std::size_t n, std::int64_t modulus,
                   std::vector<std::int64_t>& values, std::vector<std::uint8_t>& present,
                   std::uint8_t& header) {
  header = in.byte();
  present.clear();
  if ((header & kHasAbsent) != 0) {
    for (std::size_t i = 0; i < (n + 7) / 8; ++i) {
      present.push_back(in.byte());
    }
  }
  values.resize(n);
  switch (header & kModeMask) {
    case kConstant:
      std::fill(values.begin(), values.end(), unzigzag(in.varint()));
      break;
    case kRaw: {
      const auto base = static_cast<std::uint64_t>(unzigzag(in.varint()));
      const int width = in.byte();
      if (width > 64) {
        return false;
      }
      in.unpack(n, width, [&](std::size_t i, std::uint64_t packed) {
        values[i] = static_cast<std::int64_t>(base + packed);
      });
      break;
    }
    default: {
      const bool circular = (header & kModeMask) == kDeltaAround;
      if (circular && modulus <= 0) {
        return false;
      }
      values[0] = unzigzag(in.varint());
      const auto low = static_cast<std::uint64_t>(unzigzag(in.varint()));
      const int width = in.byte();
      if (width > 64) {
        return false;
      }
      in.unpack(n - 1, width, [&](std::size_t i, std::uint64_t packed) {
        std::int64_t next =
            static_cast<std::int64_t>(static_cast<std::uint64_t>(values[i]) + low + packed);
        if (circular) {
          next = next < 0 ? next + modulus : next >= modulus ? next - modulus : next;
        }
        values[i + 1] = next;
      });
      break;
    }
  }
  return !in.failed();
}

bool is_present(const std::vector<std::uint8_t>& present, std::size_t i) {
  return present.empty() || (present[i / 8] >> (i % 8) & 1) != 0;
}

// Fills absent values with their predecessor's and records which were present.
void mark_absent(ColumnValues& column, const std::vector<bool>& absent) {
  if (std::none_of(absent.begin(), absent.end(), [](bool a) { return a; })) {
    return;
  }
  column.present.assign((absent.size() + 7) / 8, 0);
  bool seen = false;
  for (std::size_t i = 0; i < absent.size(); ++i) {
    if (absent[i]) {
      continue;
    }
    column.present[i / 8] |= static_cast<std::uint8_t>(1U << (i % 8));
    if (!seen) {  // leading absent values take the first present one
      std::fill(column.values.begin(), column.values.begin() + static_cast<std::ptrdiff_t>(i),
                column.values[i]);
      seen = true;
    }
  }
  for (std::size_t i = 1; i < absent.size(); ++i) {
    if (absent[i] && seen) {
      column.values[i] = column.values[i - 1];
    }
  }
}

// The element column `e` as codes, or as the doubles' bits when some value has no code.
void element_values(std::span<const StoredSet> sets, std::size_t e, ColumnValues& column,
                    std::vector<bool>& absent) {
  const ElementColumn& spec = kElementColumns[e];
  column.modulus = spec.modulus;
  column.flags = 0;
  absent.assign(sets.size(), false);
  bool coded = true;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const double x = sets[i].set.*spec.field;
    if (std::isnan(x)) {
      absent[i] = true;
      column.values[i] = 0;
    } else if (const auto code = spec.codec.encode(x)) {
      column.values[i] = *code;
    } else {
      coded = false;
      break;
    }
  }
  if (!coded) {
    column.flags = kDoubleBits;
    column.modulus = 0;
    absent.assign(sets.size(), false);
    for (std::size_t i = 0; i < sets.size(); ++i) {
      column.values[i] = std::bit_cast<std::int64_t>(sets[i].set.*spec.field);
    }
  }
}

}  // namespace

void encode_block(std::span<const StoredSet> sets, std::string& out) {
  out.clear();
  const std::size_t n = sets.size();
  put_varint(out, n);
  thread_local ColumnValues column;
  thread_local std::vector<bool> absent;
  column.values.resize(n);
  const auto emit = [&](auto value_of) {
    column.present.clear();
    column.flags = 0;
    column.modulus = 0;
    for (std::size_t i = 0; i < n; ++i) {
      column.values[i] = value_of(sets[i]);
    }
    encode_column(column, out);
  };
  emit([](const StoredSet& s) { return s.set.epoch.unix_micros(); });
  // CREATION_DATE: absent when not given.
  column.present.clear();
  column.flags = 0;
  column.modulus = 0;
  absent.assign(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& creation = sets[i].set.creation_date;
    absent[i] = !creation.has_value();
    column.values[i] = creation ? creation->unix_micros() : 0;
  }
  mark_absent(column, absent);
  encode_column(column, out);
  for (std::size_t e = 0; e < kElementCount; ++e) {
    column.present.clear();
    element_values(sets, e, column, absent);
    mark_absent(column, absent);
    encode_column(column, out);
  }
  emit([](const StoredSet& s) { return std::int64_t{s.set.rev_at_epoch}; });
  emit([](const StoredSet& s) { return std::int64_t{s.set.element_set_no}; });
  emit([](const StoredSet& s) { return class_eph_code(s.set); });
  emit([](const StoredSet& s) { return s.run_id; });
}

bool decode_block(std::string_view block, std::int32_t norad_id, DataSource source,
                  std::vector<StoredSet>& out) {
  ByteReader in(block);
  const std::uint64_t n = in.varint();
  if (in.failed() || n == 0 || n > kMaxBlockSets) {
    return false;
  }
  const std::size_t first = out.size();
  out.resize(first + n);
  const std::span<StoredSet> sets(out.data() + first, n);
  thread_local std::vector<std::int64_t> values;
  thread_local std::vector<std::uint8_t> present;
  std::uint8_t header = 0;
  bool ok = true;
  const auto column = [&](std::int64_t modulus) {
    ok = ok && decode_column(in, n, modulus, values, present, header);
    return ok;
  };
  // The next column, each value handed to `put` with its set and index; the columns in
  // encode_block's order.
  const auto each = [&](std::int64_t modulus, const auto& put) {
    if (column(modulus)) {
      for (std::size_t i = 0; i < n; ++i) {
        put(sets[i], i);
      }
    }
  };
  each(0, [&](StoredSet& s, std::size_t i) {
    s.set.norad_id = norad_id;
    s.set.source = source;
    s.set.epoch = TimePoint::from_unix_micros(values[i]);
  });
  each(0, [&](StoredSet& s, std::size_t i) {
    s.set.creation_date = is_present(present, i)
                              ? std::optional(TimePoint::from_unix_micros(values[i]))
                              : std::nullopt;
  });
  for (std::size_t e = 0; e < kElementCount && ok; ++e) {
    const ElementColumn& spec = kElementColumns[e];
    if (!column(spec.modulus)) {
      break;
    }
    // Read once a column: `header` is a byte, which the stores below could alias.
    const bool bits = (header & kDoubleBits) != 0;
    for (std::size_t i = 0; i < n; ++i) {
      sets[i].set.*spec.field = !is_present(present, i) ? std::numeric_limits<double>::quiet_NaN()
                                : bits                  ? std::bit_cast<double>(values[i])
                                                        : spec.codec.decode(values[i]);
    }
  }
  each(0, [&](StoredSet& s, std::size_t i) {
    s.set.rev_at_epoch = static_cast<std::int32_t>(values[i]);
  });
  each(0, [&](StoredSet& s, std::size_t i) {
    s.set.element_set_no = static_cast<std::int32_t>(values[i]);
  });
  each(0, [&](StoredSet& s, std::size_t i) { apply_class_eph_code(values[i], s.set); });
  each(0, [&](StoredSet& s, std::size_t i) { s.run_id = values[i]; });
  if (!ok || !in.at_end()) {
    out.resize(first);
    return false;
  }
  return true;
}

std::size_t cut_block(std::span<const StoredSet> sets, std::string& scratch) {
  std::size_t take = std::min(sets.size(), kMaxBlockSets);
  encode_block(sets.first(take), scratch);
  while (scratch.size() > kBlockByteBudget && take > 1) {
    // Sizes grow about linearly with the count: aim just under the budget.
    take = std::max<std::size_t>(1, std::min(take - 1, take * kBlockByteBudget / scratch.size()));
    encode_block(sets.first(take), scratch);
  }
  return take;
}

}  // namespace gpq::storage
