// Names of the "where is it" choices (gpq/orbit_query.h).
#include "gpq/orbit_query.h"

namespace gpq {

std::string_view to_string(SetChoice choice) noexcept {
  switch (choice) {
    case SetChoice::nearest:
      return "nearest";
    case SetChoice::before:
      return "before";
    case SetChoice::latest:
      return "latest";
  }
  return "nearest";
}

std::string_view to_string(OrbitFrame frame) noexcept {
  switch (frame) {
    case OrbitFrame::teme:
      return "teme";
    case OrbitFrame::itrf:
      return "itrf";
    case OrbitFrame::geodetic:
      return "geodetic";
  }
  return "teme";
}

std::string_view ref_frame_name(OrbitFrame frame) noexcept {
  return frame == OrbitFrame::teme ? "TEME" : "ITRF";
}

}  // namespace gpq
