// fmt's compiled part, built once here. Debian ships fmt as headers and libfmt.so only: the
// headers-only mode compiled this part into every file that formats (half of a build's time),
// and libfmt.so would be one more shared library for `gpq` to load at start-up
// (docs/PERFORMANCE.md, CLI start-up). fmt's own format.cc does the same for libfmt.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

// Declared in fmt/format.h and fmt/core.h, defined in fmt/format-inl.h.
template auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;
template locale_ref::locale_ref(const std::locale& loc);
template auto locale_ref::get<std::locale>() const -> std::locale;
template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl(locale_ref) -> char;

}  // namespace detail
FMT_END_NAMESPACE
