#!/usr/bin/env python3
"""Splits a CelesTrak group history (HISTORY.3le.xz with its HISTORY.index.csv, as in the shared
data's history/) into one 3LE file per snapshot, holding that snapshot's new sets, and prints
"SNAPSHOT_UTC FILE" lines in order, so that each can be imported with the time it was
published:

    scripts/history_by_snapshot.py history/celestrak_stations_2026-05-24_2026-07-14 OUT_DIR |
      while read -r time file; do gpq sync --from "$file" --published-at "$time"; done
"""
import csv
import lzma
import os
import sys

base, out_dir = sys.argv[1], sys.argv[2]
os.makedirs(out_dir, exist_ok=True)
lines = lzma.open(base + ".3le.xz", "rt").read().splitlines()
records = [lines[i:i + 3] for i in range(0, len(lines), 3)]
for row in csv.DictReader(open(base + ".index.csv")):
    if not row["FIRST_RECORD"]:
        continue  # no new set in this snapshot
    first, last = int(row["FIRST_RECORD"]), int(row["LAST_RECORD"])
    name = os.path.join(out_dir, "snapshot-" + row["SNAPSHOT_UTC"].replace(":", "") + ".3le")
    with open(name, "w") as out:
        for record in records[first - 1:last]:
            out.write("\n".join(record) + "\n")
    print(row["SNAPSHOT_UTC"], name)
