// Imports an archive (zip, tar, .tar.gz, .tar.xz) member by member, streamed and never
// extracted: each member is recognised and parsed as a file would be (it may be .gz/.xz
// itself), archives inside it are read to kMaxArchiveDepth, and the rules of archive_rules.h
// refuse what is not a plain file or expands too far. docs/IMPORT.md, "Archives".
#pragma once

#include <cstdint>
#include <filesystem>

#include "sync/detect.h"
#include "sync/importer.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"
#include "sync/record_sink.h"

namespace gpq::sync {

// What one import run shares with the archive walk. The sink is the importer's BatchingSink;
// any RecordSink will do (the archive fuzz target walks archives without a database).
struct ImportContext {
  RecordSink& sink;
  ImportSummary& summary;
  const ParseOptions& parse;
};

struct ArchiveOutcome {
  std::uint64_t bytes = 0;  // read from the file on disk
  bool complete = false;    // every member read or refused by rule, nothing damaged
};

// Imports the archive file at `path`, whose (decompressed) content `in` holds and whose head
// said `kind`. Members' records go to context.sink; damaged members and archives go to
// context.summary.failed_files, refused ones to refused_members, members of unknown kind to
// unknown_files, all named "archive:member". The sets of a member read before its damage are
// kept (they are whole records). Throws only what is not the input's fault (Errc::internal).
ArchiveOutcome import_archive(ImportContext& context, const std::filesystem::path& path,
                              PeekedStream& in, FileKind kind);

}  // namespace gpq::sync
