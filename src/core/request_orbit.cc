// Binding of the "where is it" requests (state, the catalog's states, ephemeris, passes): every
// check of their parameters and its message, for the CLI and the HTTP API alike.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <iterator>
#include <optional>

#include "gpq/error.h"
#include "gpq/request.h"

#include "core/printable_text.h"
#include "core/request_filters.h"
#include "core/request_output.h"
#include "core/text.h"

namespace gpq {
namespace {

using detail::bind_format;
using detail::bind_group;
using detail::bind_number;
using detail::bind_object_type;
using detail::bind_regime;
using detail::find_param;
using detail::parse_decimal;
using detail::parse_whole;
using detail::refuse_filters_except;
using detail::require_date;

constexpr std::string_view kDurationForms = "such as 60s, 90, 10min, 1.5h or 1d";
constexpr std::int64_t kMinStepMicros = 1000;

double require_number(const Params& params, std::string_view key, double low, double high,
                      std::string_view what) {
  if (const auto value = bind_number(params, key, low, high, what)) {
    return *value;
  }
  fail(Errc::bad_request, "parameter '{}' is required: {} from {} to {}", key, what, low, high);
}

// `60s`, `60` (seconds), `500ms`, `10min` or `10m`, `1.5h`, `1d`: microseconds, at least 1 ms.
std::int64_t bind_step(const Params& params) {
  const std::string* text = find_param(params, "step");
  if (text == nullptr) {
    return 60 * kMicrosPerSecond;
  }
  const std::string_view value = trim(*text);
  std::size_t unit_at = value.size();
  while (unit_at > 0 && ((value[unit_at - 1] >= 'a' && value[unit_at - 1] <= 'z') ||
                         (value[unit_at - 1] >= 'A' && value[unit_at - 1] <= 'Z'))) {
    --unit_at;
  }
  const std::string_view unit = value.substr(unit_at);
  constexpr std::pair<std::string_view, double> kUnits[] = {
      {"", 1e6}, {"s", 1e6}, {"ms", 1e3}, {"m", 60e6}, {"min", 60e6}, {"h", 3600e6}, {"d", 86400e6},
  };
  std::optional<double> micros_per_unit;
  for (const auto& [name, micros] : kUnits) {
    if (iequals(unit, name)) {
      micros_per_unit = micros;
    }
  }
  const auto number = micros_per_unit ? parse_decimal(value.substr(0, unit_at)) : std::nullopt;
  if (!number || *number < 0) {
    fail(Errc::bad_request, "parameter 'step': '{}' is not a duration; give one {}", excerpt(*text),
         kDurationForms);
  }
  const double micros = std::round(*number * *micros_per_unit);
  if (micros < static_cast<double>(kMinStepMicros)) {
    fail(Errc::bad_request,
         "parameter 'step': '{}' is shorter than 1 ms; give a positive duration {}", excerpt(*text),
         kDurationForms);
  }
  // Anything longer than the span of dates gpq reads gives one point; keep it in range.
  return micros > 1e17 ? static_cast<std::int64_t>(1e17) : static_cast<std::int64_t>(micros);
}

OrbitFrame bind_frame(const Params& params) {
  const std::string* text = find_param(params, "frame");
  if (text == nullptr || text->empty()) {
    return OrbitFrame::teme;
  }
  for (const OrbitFrame frame : {OrbitFrame::teme, OrbitFrame::itrf, OrbitFrame::geodetic}) {
    if (iequals(*text, to_string(frame))) {
      return frame;
    }
  }
  fail(Errc::bad_request, "parameter 'frame': '{}' is not a frame; use teme, itrf or geodetic",
       excerpt(*text));
}

struct SortFieldName {
  std::string_view name;
  StateSortField field;
  bool cartesian;  // a field of teme and itrf rows
  bool geodetic;   // a field of geodetic rows
};
constexpr SortFieldName kSortFields[] = {
    {"NORAD_CAT_ID", StateSortField::norad_cat_id, true, true},
    {"OBJECT_NAME", StateSortField::object_name, true, true},
    {"SET_EPOCH", StateSortField::set_epoch, true, true},
    {"SET_AGE_HOURS", StateSortField::set_age_hours, true, true},
    {"X", StateSortField::x, true, false},
    {"Y", StateSortField::y, true, false},
    {"Z", StateSortField::z, true, false},
    {"X_DOT", StateSortField::x_dot, true, false},
    {"Y_DOT", StateSortField::y_dot, true, false},
    {"Z_DOT", StateSortField::z_dot, true, false},
    {"LATITUDE_DEG", StateSortField::latitude_deg, false, true},
    {"LONGITUDE_DEG", StateSortField::longitude_deg, false, true},
    {"HEIGHT_KM", StateSortField::height_km, false, true},
};

// `sort` (a field of the frame's rows, any case) and `order` (asc, the default, or desc);
// neither: the snapshot's order.
std::optional<StateOrder> bind_state_order(const Params& params, OrbitFrame frame) {
  const std::string* sort = find_param(params, "sort");
  const std::string* order = find_param(params, "order");
  if ((sort == nullptr || sort->empty()) && (order == nullptr || order->empty())) {
    return std::nullopt;
  }
  const bool geodetic = frame == OrbitFrame::geodetic;
  StateOrder chosen;
  if (sort != nullptr && !sort->empty()) {
    const auto of_frame = [geodetic](const SortFieldName& f) {
      return geodetic ? f.geodetic : f.cartesian;
    };
    const auto* found =
        std::find_if(std::begin(kSortFields), std::end(kSortFields),
                     [&](const SortFieldName& f) { return iequals(*sort, f.name); });
    if (found == std::end(kSortFields) || !of_frame(*found)) {
      std::string names;
      for (const SortFieldName& f : kSortFields) {
        if (of_frame(f)) {
          names += names.empty() ? "" : ", ";
          names += f.name;
        }
      }
      fail(Errc::bad_request, "parameter 'sort': '{}' is not a field of {} rows; use one of {}",
           excerpt(*sort), to_string(frame), names);
    }
    chosen.field = found->field;
  }
  if (order != nullptr && !order->empty()) {
    if (!iequals(*order, "asc") && !iequals(*order, "desc")) {
      fail(Errc::bad_request, "parameter 'order': '{}' must be asc or desc", excerpt(*order));
    }
    chosen.descending = iequals(*order, "desc");
  }
  return chosen;
}

SetChoice bind_set_choice(const Params& params) {
  const std::string* text = find_param(params, "set");
  if (text == nullptr || text->empty()) {
    return SetChoice::nearest;
  }
  for (const SetChoice choice : {SetChoice::nearest, SetChoice::before, SetChoice::latest}) {
    if (iequals(*text, to_string(choice))) {
      return choice;
    }
  }
  fail(Errc::bad_request,
       "parameter 'set': '{}' is not a set choice; use nearest, before or latest", excerpt(*text));
}

void require_order(TimePoint start, TimePoint end) {
  if (start > end) {
    fail(Errc::bad_request, "parameter 'start' is after 'end'; give start <= end");
  }
}

// Lists bounded by their own size: ephemeris points (the span's own cap bounds every page)
// and the catalog's states (pages past a million rows would be empty; the cap keeps
// page * per_page far from overflow).
constexpr detail::PageLimits kPointPages = {
    .default_per_page = kDefaultEphemerisPerPage,
    .max_per_page = kMaxEphemerisPerPage,
    .max_page = kMaxEphemerisPoints,
    .narrow_hint = {},
};
constexpr detail::PageLimits kCatalogStatePages = {
    .default_per_page = kDefaultCatalogStatePerPage,
    .max_per_page = kMaxCatalogStatePerPage,
    .max_page = 1'000'000,
    .narrow_hint = {},
};

// 2678401 -> "2,678,401".
std::string grouped(std::int64_t n) {
  std::string digits = std::to_string(n);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) {
    digits.insert(static_cast<std::size_t>(at), ",");
  }
  return digits;
}

std::string duration_text(std::int64_t micros) {
  if (micros % kMicrosPerSecond == 0) {
    return fmt::format("{} s", micros / kMicrosPerSecond);
  }
  return fmt::format("{} s", static_cast<double>(micros) / 1e6);
}

// `allow_stale`: propagate a set past the age limit, and after the object's decay.
bool bind_allow_stale(const Params& params) {
  const std::string* text = find_param(params, "allow_stale");
  return text != nullptr && detail::parse_bool("allow_stale", *text);
}

}  // namespace

BoundRequest<StateQuery> bind_state(std::string_view norad_id, const Params& params, FrontEnd end) {
  BoundRequest<StateQuery> bound;
  bound.query.norad_id = bind_norad_id(norad_id);
  refuse_filters_except(params, {"epoch"}, "one object's state",
                        "ask the catalog's states (/state, gpq state --all) to filter objects");
  bound.query.epoch = require_date(params, "epoch");
  bound.query.set = bind_set_choice(params);
  bound.query.frame = bind_frame(params);
  bound.query.allow_stale = bind_allow_stale(params);
  for (const std::string_view key : {"sort", "order"}) {
    if (find_param(params, key) != nullptr) {
      fail(Errc::bad_request,
           "parameter '{}' orders the catalog's states (/state, gpq state --all); one object's "
           "state has no order",
           key);
    }
  }
  bound.format = bind_format(params, end, {Format::json, Format::csv});
  return bound;
}

BoundRequest<CatalogStateQuery> bind_catalog_state(const Params& params, FrontEnd end) {
  refuse_filters_except(params, {"epoch", "group", "object_type", "orbit_regime"},
                        "the catalog's states",
                        "they filter only by group, object_type and orbit_regime");
  BoundRequest<CatalogStateQuery> bound;
  CatalogStateQuery& query = bound.query;
  query.epoch = require_date(params, "epoch");
  if (const SetChoice choice = bind_set_choice(params); choice != SetChoice::nearest) {
    fail(Errc::bad_request,
         "parameter 'set': the catalog's states come from each object's nearest set; ask one "
         "object's state for the {} set",
         to_string(choice));
  }
  query.frame = bind_frame(params);
  query.group = bind_group(params);
  query.object_type = bind_object_type(params);
  query.orbit_regime = bind_regime(params);
  query.order = bind_state_order(params, query.frame);
  if (params.contains("allow_stale")) {
    fail(Errc::bad_request,
         "parameter 'allow_stale' applies to one object's state; the catalog's states give "
         "each stale or decayed object's reason in its row");
  }
  bound.format = bind_format(params, end, {Format::json, Format::csv});
  bound.coverage = detail::bind_include(params, bound.format, detail::kIncludesCoverage).coverage;
  bound.paging = detail::bind_paging(params, end, kCatalogStatePages);
  return bound;
}

BoundRequest<EphemerisQuery> bind_ephemeris(std::string_view norad_id, const Params& params,
                                            FrontEnd end) {
  BoundRequest<EphemerisQuery> bound;
  EphemerisQuery& query = bound.query;
  query.norad_id = bind_norad_id(norad_id);
  query.start = require_date(params, "start");
  query.end = require_date(params, "end");
  require_order(query.start, query.end);
  query.step_micros = bind_step(params);
  query.frame = bind_frame(params);
  query.allow_stale = bind_allow_stale(params);
  bound.format = bind_format(params, end, {Format::json, Format::csv, Format::oem});
  if (bound.format == Format::oem && query.frame == OrbitFrame::geodetic) {
    fail(Errc::bad_request,
         "parameter 'format': oem carries Cartesian states; use frame teme or itrf, or format "
         "json or csv for geodetic coordinates");
  }
  // No overflow: dates are years 1900..2200 (under 1e16 us) and the step at least 1000 us.
  const std::int64_t points = query.count();
  if (points > kMaxEphemerisPoints) {
    fail(Errc::bad_request,
         "parameter 'step': {} from {} to {} gives {} points, more than the {} one request may "
         "ask; give a longer step or a shorter span",
         duration_text(query.step_micros), format_iso8601_millis(query.start),
         format_iso8601_millis(query.end), grouped(points), grouped(kMaxEphemerisPoints));
  }
  bound.paging = detail::bind_paging(params, end, kPointPages);
  return bound;
}

BoundRequest<PassQuery> bind_passes(std::string_view norad_id, const Params& params, FrontEnd end) {
  BoundRequest<PassQuery> bound;
  PassQuery& query = bound.query;
  query.norad_id = bind_norad_id(norad_id);
  query.site.latitude_deg = require_number(params, "lat", -90, 90, "a latitude in degrees");
  query.site.longitude_deg = require_number(params, "lon", -180, 180, "a longitude in degrees");
  query.site.altitude_m =
      bind_number(params, "alt", -1000, 100000, "a height in metres above the WGS-84 ellipsoid")
          .value_or(0.0);
  query.start = require_date(params, "start");
  query.end = require_date(params, "end");
  require_order(query.start, query.end);
  const std::int64_t span = query.end.unix_micros() - query.start.unix_micros();
  if (span > kMaxPassWindowDays * kMicrosPerDay) {
    fail(Errc::bad_request,
         "parameters 'start' and 'end' are {:.1f} days apart; passes are searched in at most {} "
         "days",
         static_cast<double>(span) / static_cast<double>(kMicrosPerDay), kMaxPassWindowDays);
  }
  query.min_elevation_deg = bind_number(params, "min_elevation", -90, 90, "an elevation in degrees")
                                .value_or(kDefaultMinElevationDeg);
  query.allow_stale = bind_allow_stale(params);
  bound.format = bind_format(params, end, {Format::json, Format::csv});
  return bound;
}

}  // namespace gpq
