// Names of the event kinds and elements (gpq/event_query.h), as the writers print them.
#include "gpq/event_query.h"

namespace gpq {

std::string_view to_string(EventKind kind) noexcept {
  switch (kind) {
    case EventKind::manoeuvre:
      return "manoeuvre";
    case EventKind::decay:
      return "decay";
    case EventKind::gap:
      return "gap";
  }
  return "manoeuvre";
}

std::string_view to_string(EventElement element) noexcept {
  switch (element) {
    case EventElement::semi_major_axis:
      return "semi_major_axis";
    case EventElement::inclination:
      return "inclination";
    case EventElement::eccentricity:
      return "eccentricity";
    case EventElement::perigee:
      return "perigee";
    case EventElement::interval:
      return "interval";
  }
  return "semi_major_axis";
}

std::string_view unit_of(EventElement element) noexcept {
  switch (element) {
    case EventElement::semi_major_axis:
      return "km";
    case EventElement::inclination:
      return "deg";
    case EventElement::eccentricity:
      return "";
    case EventElement::perigee:
      return "km/day";
    case EventElement::interval:
      return "days";
  }
  return "";
}

}  // namespace gpq
