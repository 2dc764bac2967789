# Installation layout and the Debian package (cpack -G DEB).
#
# The binary, gzipped man pages, completions for bash, zsh and fish, the documentation and
# examples go under the prefix. The systemd units and /etc/gpq/config.toml are installed only
# with the prefix /usr (the package), so that a `cmake --install` into /usr/local or $HOME
# never writes into system directories.

# man pages are installed gzipped (Debian policy 12.1); -n keeps the bytes reproducible.
set(_man_pages gpq.1 gpq-serve.1)
set(_man_gz)
foreach(page IN LISTS _man_pages)
  set(_gz ${PROJECT_BINARY_DIR}/man/${page}.gz)
  add_custom_command(
    OUTPUT ${_gz}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
    COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/man/${page} > ${_gz}
    DEPENDS ${PROJECT_SOURCE_DIR}/man/${page}
    VERBATIM)
  list(APPEND _man_gz ${_gz})
endforeach()
set(_changelog_gz ${PROJECT_BINARY_DIR}/changelog.Debian.gz)
add_custom_command(
  OUTPUT ${_changelog_gz}
  COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/packaging/debian/changelog > ${_changelog_gz}
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/debian/changelog
  VERBATIM)
add_custom_target(gpq_install_files ALL DEPENDS ${_man_gz} ${_changelog_gz})

install(TARGETS gpq RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# gpq runs gpq-net for sync, serve and keys, from ../libexec/gpq beside its own directory.
install(TARGETS gpq-net RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/gpq)
install(FILES ${_man_gz} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES completions/gpq.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME gpq)
install(FILES completions/_gpq DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES completions/gpq.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES packaging/debian/copyright ${_changelog_gz}
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES packaging/cron/gpq-sync.example packaging/nginx/gpq.conf
        packaging/config/config.toml
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)

if(CMAKE_INSTALL_PREFIX STREQUAL "/usr")
  install(FILES packaging/systemd/gpq-sync.service packaging/systemd/gpq-sync.timer
                packaging/systemd/gpq-serve.service
          DESTINATION /lib/systemd/system)
  install(FILES packaging/config/config.toml DESTINATION /etc/gpq)
endif()

set(CPACK_PACKAGE_NAME gpq)
set(CPACK_PACKAGE_VENDOR "The gpq authors")
set(CPACK_PACKAGE_CONTACT "gpq maintainers <gpq@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "local mirror and query engine for satellite element sets (GP/TLE/OMM)")
# The extended description; CPack puts the summary above it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "gpq keeps a SQLite mirror of the General Perturbations element sets
published by Space-Track and CelesTrak and of the satellite catalog
(SATCAT). It answers queries from the terminal (latest sets, searches,
snapshots at an epoch, history, nearest and bracketing sets) in JSON,
TLE, OMM XML/KVN, CSV or tables, keeps itself current with gpq sync
(systemd timer included), and serves the same queries as a read-only
HTTP API with keys and rate limits (gpq serve).")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "adduser")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    ${PROJECT_SOURCE_DIR}/packaging/debian/conffiles
    ${PROJECT_SOURCE_DIR}/packaging/debian/postinst
    ${PROJECT_SOURCE_DIR}/packaging/debian/prerm
    ${PROJECT_SOURCE_DIR}/packaging/debian/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_GENERATOR DEB)
include(CPack)
