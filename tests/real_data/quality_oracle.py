"""An independent reading of the quality flags `decayed`, `stale` and `analyst` on real data
(quality_real_data_test.cc), from the files themselves and SATCAT's rules, not gpq's code.

argv: the shared data directory, then the instant "now" (ISO 8601 UTC). Prints one row per
object of the Space-Track 2023 3LE snapshots and of CelesTrak's analyst and stations groups:
"NORAD<TAB>newest epoch (ISO, ms)<TAB>stale at now (0/1)<TAB>decayed at now (0/1)<TAB>
decayed at its newest epoch (0/1)<TAB>analyst (0/1)". An object is decayed from the day after
its SATCAT DECAY; stale when its newest epoch is more than 30 days from the instant; an analyst
object is one of CelesTrak's analyst group, or a Space-Track object the whole public SATCAT
(which lists no analyst object) does not know.
"""
import csv
import datetime as dt
import glob
import json
import lzma
import os
import sys

root, now_text = sys.argv[1], sys.argv[2]
now = dt.datetime.fromisoformat(now_text.replace("Z", "+00:00"))
utc = dt.timezone.utc


def tle_epoch(line1):
    year = int(line1[18:20])
    year += 2000 if year < 57 else 1900
    day = float(line1[20:32])
    return dt.datetime(year, 1, 1, tzinfo=utc) + dt.timedelta(days=day - 1)


decay = {}
in_satcat = set()
for name in ("current", "decayed"):
    path = glob.glob(os.path.join(root, "satcat", f"spacetrack_satcat_{name}_*.json.xz"))[0]
    with lzma.open(path, "rt") as f:
        for row in json.load(f):
            in_satcat.add(int(row["NORAD_CAT_ID"]))
            if row["DECAY"]:
                day = dt.datetime.fromisoformat(row["DECAY"]).replace(tzinfo=utc)
                decay[int(row["NORAD_CAT_ID"])] = day + dt.timedelta(days=1)

newest = {}
spacetrack = set()
for path in sorted(glob.glob(os.path.join(root, "history", "spacetrack_snapshots",
                                          "snap_satcat_2023_*.txt"))):
    with open(path, newline="") as f:
        for line in f:
            line = line.rstrip("\r\n")
            if line.startswith("1 "):
                catalog = line[2:7]
                # Alpha-5: a letter for the ten-thousands, I and O skipped (A0000 = 100000).
                first = catalog[0]
                norad = (int(catalog) if not first.isalpha() else
                         (ord(first) - ord("A") + 10 - (first > "I") - (first > "O")) * 10000
                         + int(catalog[1:]))
                epoch = tle_epoch(line)
                spacetrack.add(norad)
                newest[norad] = max(newest.get(norad, epoch), epoch)

analyst = set()
for group in ("analyst", "stations"):
    path = glob.glob(os.path.join(root, "gp", f"celestrak_gp_{group}_*.csv"))[0]
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            norad = int(row["NORAD_CAT_ID"])
            epoch = dt.datetime.fromisoformat(row["EPOCH"]).replace(tzinfo=utc)
            newest[norad] = max(newest.get(norad, epoch), epoch)
            if group == "analyst":
                analyst.add(norad)

for norad in sorted(newest):
    epoch = newest[norad]
    gone = decay.get(norad)
    print("\t".join([
        str(norad),
        epoch.strftime("%Y-%m-%dT%H:%M:%S.") + f"{epoch.microsecond // 1000:03d}Z",
        "1" if abs((now - epoch).total_seconds()) > 30 * 86400 else "0",
        "1" if gone is not None and now >= gone else "0",
        "1" if gone is not None and epoch >= gone else "0",
        "1" if norad in analyst or (norad in spacetrack and norad not in in_satcat) else "0",
    ]))
