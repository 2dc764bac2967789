# Sourced by scripts/package.sh and scripts/test.sh: the cmake arguments that build with the
# flags Debian builds its own packages with (dpkg-buildflags: -O2, fortify, stack protector,
# relro; the compiler defaults to PIE). Less -g, which only feeds a debug-symbol package:
# cpack strips the binaries and makes none, and debug information is a third of the build's
# time.
debian_build_flags=(
  -DCMAKE_BUILD_TYPE=Release
  -DCMAKE_CXX_FLAGS_RELEASE=-DNDEBUG
  "-DCMAKE_CXX_FLAGS=$(DEB_CXXFLAGS_MAINT_STRIP=-g dpkg-buildflags --get CXXFLAGS) $(dpkg-buildflags --get CPPFLAGS)"
  "-DCMAKE_EXE_LINKER_FLAGS=$(dpkg-buildflags --get LDFLAGS)"
)
