// Schema 6: the sets of the row table `element_set` move into blocks (block_codec.h).
#pragma once

#include <string_view>

#include <SQLiteCpp/Database.h>

namespace gpq::storage {

// Within the caller's transaction (after the DDL of migration 6): fills set_block from the
// rows of element_set. Says on stderr what it does and how long it took, for it takes a
// minute or more on a mirror of tens of millions of sets. True when it moved any set.
bool move_sets_into_blocks(SQLite::Database& db);

// After the migration's commit: VACUUM gives the pages of the dropped row table back to the
// file system (two thirds of the file). Says so on stderr; a failure (no room for the copy
// VACUUM writes) leaves the database as it was, only larger, and is reported, not thrown.
void compact_after_migration(SQLite::Database& db, std::string_view display_path);

}  // namespace gpq::storage
