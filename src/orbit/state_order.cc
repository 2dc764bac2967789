#include "orbit/state_order.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace gpq::orbit {
namespace {

double number_of(const CatalogStateRow& row, StateSortField field) {
  const OrbitPoint& p = row.point;
  switch (field) {
    case StateSortField::norad_cat_id:
      return row.set->norad_id;
    case StateSortField::set_epoch:
      return static_cast<double>(p.set_epoch.unix_micros());
    case StateSortField::set_age_hours:
      return static_cast<double>(p.epoch.unix_micros() - p.set_epoch.unix_micros());
    case StateSortField::x:
      return p.position_km[0];
    case StateSortField::y:
      return p.position_km[1];
    case StateSortField::z:
      return p.position_km[2];
    case StateSortField::x_dot:
      return p.velocity_km_s[0];
    case StateSortField::y_dot:
      return p.velocity_km_s[1];
    case StateSortField::z_dot:
      return p.velocity_km_s[2];
    case StateSortField::latitude_deg:
      return p.latitude_deg;
    case StateSortField::longitude_deg:
      return p.longitude_deg;
    case StateSortField::height_km:
      return p.height_km;
    case StateSortField::object_name:
      break;
  }
  return 0;
}

}  // namespace

void sort_rows(std::vector<CatalogStateRow>& rows, StateOrder order) {
  const bool down = order.descending;
  if (order.field == StateSortField::object_name) {
    std::stable_sort(rows.begin(), rows.end(), [down](const auto& a, const auto& b) {
      const std::string_view x = a.set->object_name;
      const std::string_view y = b.set->object_name;
      return down ? y < x : x < y;
    });
    return;
  }
  // A row without a state has coordinates that are not finite: it goes after every number.
  std::stable_sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
    const double x = number_of(a, order.field);
    const double y = number_of(b, order.field);
    if (std::isnan(x) || std::isnan(y)) {
      return !std::isnan(x) && std::isnan(y);
    }
    return down ? y < x : x < y;
  });
}

}  // namespace gpq::orbit
