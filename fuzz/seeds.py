#!/usr/bin/python3
"""Seed corpora for the fuzz targets, built at run time from $GPQ_REAL_DATA, the test
fixtures (tests/data/sync) and api/openapi.json: small inputs of one to three records each,
cut out of real files, never stored in the repository.

    fuzz/seeds.py OUT_DIR [TARGET...]   writes OUT_DIR/TARGET/seed-N for each target
"""

import gzip
import io
import itertools
import json
import lzma
import os
import random
import re
import struct
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "data" / "sync"
MAX_SEEDS = 400  # per target: enough variety, and libFuzzer reads them in a second


def real_data():
    """$GPQ_REAL_DATA as a Path, or None (the seeds then come from the fixtures alone)."""
    value = os.environ.get("GPQ_REAL_DATA", "")
    return Path(value) if value and Path(value).is_dir() else None


def head_bytes(path, limit=1 << 20):
    """The first `limit` bytes of a file, its .xz undone (never the whole of a large file)."""
    opener = lzma.open if path.suffix == ".xz" else open
    with opener(path, "rb") as f:
        return f.read(limit)


def files(pattern):
    """Real data files matching `pattern` (glob below $GPQ_REAL_DATA), then fixture files."""
    found = sorted(real_data().glob(pattern)) if real_data() else []
    return found


def lines_of(data):
    """Lines with their own terminators (CRLF kept), the last cut one dropped."""
    lines = data.splitlines(keepends=True)
    return [line for line in lines if line.endswith(b"\n")]


# --- TLE ------------------------------------------------------------------------------------


def tle_records(data):
    """(name line or b"", line 1, line 2) triples of a 3LE/2LE text, terminators kept."""
    lines = lines_of(data)
    records = []
    for i in range(len(lines) - 1):
        if lines[i].startswith(b"1 ") and lines[i + 1].startswith(b"2 "):
            name = lines[i - 1] if i > 0 and not lines[i - 1][:2] in (b"1 ", b"2 ") else b""
            records.append((name, lines[i], lines[i + 1]))
    return records


def tle_sources():
    paths = files("history/*.3le.xz") + files("history/spacetrack_snapshots/*") + files(
        "fixtures/*.3le")
    paths.append(FIXTURES / "iss_2026-09-23.3le")
    per_file = {path: tle_records(head_bytes(path, 64 << 10)) for path in paths}
    for path in [FIXTURES / "alpha5_spacetrack.json"] + files("fixtures/spacetrack_gp_*.json"):
        per_file[path] = [(b"0 " + o.get("OBJECT_NAME", "").encode() + b"\n",
                           o["TLE_LINE1"].encode() + b"\n", o["TLE_LINE2"].encode() + b"\n")
                          for o in json_objects(path.read_bytes()) if "TLE_LINE1" in o]
    return per_file


def spread(per_file, count):
    """`count` items taken in turn from every file's list, so each source is represented."""
    pools = [iter(items) for items in per_file.values()]
    out = []
    for item in itertools.chain.from_iterable(itertools.zip_longest(*pools)):
        if item is not None:
            out.append(item)
        if len(out) >= count:
            break
    return out


def seeds_tle():
    return [l1.rstrip(b"\r\n") + b"\n" + l2.rstrip(b"\r\n") + b"\n"
            for _, l1, l2 in spread(tle_sources(), MAX_SEEDS)]


def seeds_tle_text():
    records = spread(tle_sources(), MAX_SEEDS * 2)
    seeds = [b"".join(records[i]) + b"".join(records[i + 1]) for i in range(0, len(records) - 1, 2)]
    return seeds + [l1 + l2 for _, l1, l2 in records[:50]]  # 2LE too


# --- JSON -----------------------------------------------------------------------------------


def json_objects(data):
    """The flat objects of a JSON array or of a {"...": [...]} wrapper."""
    doc = json.loads(data)
    if isinstance(doc, dict):
        doc = next((v for v in doc.values() if isinstance(v, list)), [])
    return [o for o in doc if isinstance(o, dict)]


def json_sources():
    paths = [FIXTURES / name for name in ("iss_2026-09-23.json", "iss_2026-09-23_spacetrack.json",
                                          "alpha5_spacetrack.json", "satcat_spacetrack.json")]
    per_file = {path: json_objects(path.read_bytes()) for path in paths}
    for path in files("fixtures/*.json") + files("satcat/*newest*.json"):
        per_file[path] = json_objects(path.read_bytes())
    for path in files("satcat/*.json.xz"):
        with lzma.open(path) as f:
            per_file[path] = json_objects(f.read())[:200]
    return per_file


def seeds_json_records():
    objects = spread(json_sources(), MAX_SEEDS)
    seeds = []
    for i, o in enumerate(objects):
        body = json.dumps([o] if i % 3 else [o, objects[i - 1]], separators=(",", ":"))
        seeds.append((body if i % 4 else '{"data":' + body + "}").encode())
    return seeds


# --- OMM CSV, SATCAT CSV, KVN, XML ----------------------------------------------------------


def csv_seeds(paths):
    seeds = []
    for path in paths:
        lines = lines_of(head_bytes(path, 256 << 10))
        rows = lines[1:]
        random.Random(path.name).shuffle(rows)
        for i in range(0, min(len(rows), 120), 2):
            seeds.append(lines[0] + b"".join(rows[i:i + 2]))
    return seeds


def seeds_omm_csv():
    return csv_seeds(files("gp/*.csv") + [FIXTURES / "iss_2026-09-23.csv"])


# CelesTrak's SATCAT columns filled from Space-Track's SATCAT JSON (no CelesTrak SATCAT CSV
# is in the real data): the same facts under the other upstream's names.
SATCAT_COLUMNS = {"OBJECT_NAME": "SATNAME", "OBJECT_ID": "INTLDES", "NORAD_CAT_ID": "NORAD_CAT_ID",
                  "OBJECT_TYPE": "OBJECT_TYPE", "OWNER": "COUNTRY", "LAUNCH_DATE": "LAUNCH",
                  "LAUNCH_SITE": "SITE", "DECAY_DATE": "DECAY", "PERIOD": "PERIOD",
                  "INCLINATION": "INCLINATION", "APOGEE": "APOGEE", "PERIGEE": "PERIGEE"}


def seeds_satcat_csv():
    fixture = FIXTURES / "satcat_celestrak.csv"
    header = lines_of(fixture.read_bytes())[0]
    names = header.decode().strip().split(",")
    rows = []
    for o in spread(json_sources(), MAX_SEEDS):
        if "SATNAME" in o:
            values = [str(o.get(SATCAT_COLUMNS.get(name, ""), "") or "") for name in names]
            rows.append(",".join(f'"{v}"' if "," in v else v for v in values).encode() + b"\n")
    return csv_seeds([fixture]) + [header + a + b for a, b in zip(rows[::2], rows[1::2])]


def kvn_objects(data):
    parts = re.split(rb"(?=CCSDS_OMM_VERS)", data)
    return [part for part in parts if part.startswith(b"CCSDS_OMM_VERS")]


def seeds_omm_kvn():
    seeds = []
    for path in files("fixtures/*kvn*") + [FIXTURES / "iss_2026-09-23.kvn"]:
        objects = kvn_objects(path.read_bytes())
        seeds += objects + [a + b for a, b in zip(objects, objects[1:])][:10]
    return seeds


def seeds_omm_xml():
    seeds = []
    for path in files("fixtures/*.xml") + [FIXTURES / "iss_2026-09-23.xml"]:
        data = path.read_bytes()
        start = data.find(b"<omm")
        head, tail = data[:start], b"</ndm>\n"
        for omm in re.findall(rb"<omm[ >].*?</omm>", data, re.S)[:80]:
            seeds.append(head + omm + tail)
            seeds.append(omm)  # a lone <omm>
    return seeds


# --- archives and compressed files ----------------------------------------------------------


def member_samples():
    """Small files of every kind an archive may hold."""
    return [
        ("iss.3le", seeds_tle_text()[0]),
        ("iss.csv", seeds_omm_csv()[0]),
        ("iss.json", seeds_json_records()[1]),
        ("iss.xml", seeds_omm_xml()[0]),
        ("iss.kvn", seeds_omm_kvn()[0]),
        ("satcat.csv", seeds_satcat_csv()[0]),
    ]


def zip_of(members):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            z.writestr(name, data)
    return out.getvalue()


def tar_of(members, mode="w"):
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode=mode, format=tarfile.PAX_FORMAT) as t:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 1_700_000_000
            t.addfile(info, io.BytesIO(data))
    return out.getvalue()


def seeds_archive():
    samples = member_samples()
    seeds = []
    for name, data in samples:
        seeds += [data, gzip.compress(data, mtime=0), lzma.compress(data)]
        seeds += [zip_of([(name, data)]), tar_of([(name, data)])]
        seeds += [zip_of([(name + ".gz", gzip.compress(data, mtime=0))])]
    pair = samples[:2]
    seeds += [zip_of(pair), tar_of(pair), tar_of(pair, "w:gz"), tar_of(pair, "w:xz")]
    seeds += [tar_of([("inner.zip", zip_of(pair))]), zip_of([("inner.tar", tar_of(pair))])]
    seeds += [zip_of([]), tar_of([("dir/", b"")])]
    return seeds


# --- requests, keys, replies, configuration, dates ------------------------------------------

# Values for the API's query parameters (api/openapi.json names them).
PARAMETER_VALUES = {
    "format": ["json", "tle", "3le", "2le", "xml", "kvn", "csv", "oem", "table"],
    "tle_layout": ["source", "canonical"],
    "search": ["starlink", "ISS (ZARYA)", "%"],
    "group": ["stations", "last-30-days", "nope"],
    "intdes": ["1998-067A", "2024-001", "1998-67A"],
    "norad_ids": ["25544,20580", "1,2,3", "25544,,x"],
    "orbit_regime": ["LEO", "geo", "XEO"],
    "object_type": ["PAYLOAD", "ROCKET_BODY", "R/B", "DEB"],
    "decay": ["true", "false", "maybe"],
    "page": ["1", "2", "0", "-1", "99999999999999999999"],
    "per_page": ["10", "1000", "0", "100000"],
    "epoch": ["2026-06-15T12:00:00Z", "jd:2461207.0", "unix:1781524800", "2026-06-15"],
    "start": ["2026-06-01", "2026-06-15T00:00:00+02:00"],
    "end": ["2026-06-02", "2026-06-16T00:00:00.5Z"],
    "data_source": ["spacetrack", "celestrak", "all", "source_a", "source_b"],
    "set": ["nearest", "before", "latest"],
    "frame": ["teme", "itrf", "geodetic"],
    "step": ["60s", "10min", "1h", "0.5s", "1d"],
    "lat": ["51.4779", "-91", "0"],
    "lon": ["-0.0015", "180", "181"],
    "alt": ["46", "-500", "9000"],
    "min_elevation": ["10", "0", "90"],
    "owner": ["PRC", "US"],
    "launch_year": ["2025", "1957", "25"],
    "active_only": ["true", "1", "no"],
}


def seeds_http_request():
    api = json.loads((ROOT / "api" / "openapi.json").read_text())
    components = api.get("components", {}).get("parameters", {})
    rng = random.Random(7)
    seeds = []
    for path, methods in api["paths"].items():
        names = []
        for parameter in methods.get("get", {}).get("parameters", []):
            if "$ref" in parameter:
                parameter = components[parameter["$ref"].split("/")[-1]]
            if parameter["in"] == "query":
                names.append(parameter["name"])
        for norad in ["25544", "100245", "0", "x"]:
            for _ in range(6):
                chosen = rng.sample(names, min(len(names), rng.randint(0, 4)))
                query = "&".join(f"{n}={rng.choice(PARAMETER_VALUES.get(n, ['1']))}"
                                 for n in chosen)
                target = "/api/v1" + path.replace("{norad_id}", norad)
                target += "?" + query if query else ""
                accept = rng.choice(["", "text/csv", "application/xml;q=0.5, */*;q=0.1"])
                seeds.append(f"{target}\n{accept}\ngzip, br;q=0\n\"abc\", W/\"def\"\nexample.org\n")
    return [seed.encode() for seed in seeds]


def seeds_api_key():
    seeds = []
    for method in ["GET", "HEAD", "POST"]:
        for path in ["/api/v1/gp/25544", "/api/v1/gp/25544/history", "/api/v1/status", "/nope"]:
            for key in ["gpq_fuzz_key_one", "gpq_fuzz_key_two", "", "gpq_wrong"]:
                for status in ["200", "304", "500"]:
                    seeds.append(f"{method}\n{path}\n{key}\n{status}\n".encode())
    return seeds


def seeds_request_head():
    line = b"GET /api/v1/gp/25544 HTTP/1.1\r\n"
    heads = [line + b"Host: x\r\n\r\n", b"\r\n" + line + b"Host: x\r\n\r\n",
             b"GET / HTTP/1.1\nHost: x\n\n", line + b"Content-Length: 3\r\n\r\nabc",
             line + b"Content-Length: 0\r\nContent-Length: 5\r\n\r\n",
             line + b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
             line + b"X: " + b"a" * 70 + b"\r\n\r\n", b"GET /" + b"b" * 70,
             line + b"".join(b"X-%d: y\r\n" % i for i in range(8)) + b"\r\n"]
    return heads + [head + head for head in heads]


def seeds_upstream_reply():
    bodies = [b"[]", b'{"Login":"Failed"}', b"You must be logged in to do that\n",
              b'{"error":"You\'ve violated your query rate limit."}',
              b"GP data has not updated since 2026-06-01\n"]
    bodies += seeds_json_records()[:60] + seeds_omm_csv()[:30] + seeds_tle_text()[:30]
    heads = [b"200\ncontent-type: application/json\n", b"200\nset-cookie: chocolatechip=abc; path=/\n",
             b"429\nretry-after: 120\n", b"500\n", b"401\n", b"403\n", b"304\netag: \"x\"\n",
             b"302\nlocation: https://www.space-track.org/basicspacedata/query\n",
             b"307\nlocation: http://example.org/../a/./b?q=1#f\n", b"301\nlocation: //other/x\n"]
    return [head + b"\n" + body for head, body in zip(itertools.cycle(heads), bodies)]


def seeds_config_file():
    example = (ROOT / "packaging" / "config" / "config.toml").read_bytes()
    uncommented = re.sub(rb"(?m)^# ([a-z_]+ = )", rb"\1", example)
    keys = [b'spacetrack_identity = "you@example.org"', b'spacetrack_password = "x"',
            b'spacetrack_password_file = "/etc/gpq/spacetrack-password"',
            b'spacetrack_per_minute = "20"', b'spacetrack_per_hour = "300"',
            b'spacetrack_per_day = "99999999999"', b'spacetrack_min_interval_seconds = "-3"',
            b'celestrak_min_interval_minutes = "120"', b'celestrak_url = "http://127.0.0.1:9"']
    seeds = [example, uncommented]
    for size in (1, 2, 3):
        for chosen in itertools.combinations(keys, size):
            seeds.append(b"\n".join(chosen) + b"\n")
    return seeds[:MAX_SEEDS]


def seeds_date():
    seeds = set(re.findall(rb'"((?:jd:|unix:|\d{4}-)[^"]{0,40})"',
                           (ROOT / "tests" / "unit" / "core" / "time_test.cc").read_bytes()))
    for line in lines_of((FIXTURES / "iss_2026-09-23.csv").read_bytes())[1:]:
        seeds.add(line.split(b",")[2])
    for path in files("gp/*.csv")[:3]:
        for line in lines_of(head_bytes(path, 16 << 10))[1:40]:
            epoch = line.split(b",")[2]
            seeds.update({epoch, epoch + b"Z", epoch[:10], epoch[:19] + b"+05:30"})
    return sorted(seeds)[:MAX_SEEDS]


# The change stream a replica pulls (src/storage/change_codec.h), written here from its
# description: frames of rows for every table with the column counts gpq sends.
CHANGE_COLUMNS = {1: 2, 2: 12, 3: 4, 4: 18, 5: 7, 6: 14, 7: 3, 8: 2, 9: 7, 10: 2}


def varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def zigzag(value):
    return varint((value << 1) ^ (value >> 63) if value < 0 else value << 1)


def change_value(value):
    if value is None:
        return b"\0"
    if isinstance(value, int):
        return b"\1" + zigzag(value)
    if isinstance(value, float):
        return b"\2" + struct.pack("<d", value)
    kind = b"\3" if isinstance(value, str) else b"\4"
    data = value.encode() if isinstance(value, str) else value
    return kind + varint(len(data)) + data


def change_frame(kind, payload):
    return bytes([kind]) + varint(len(payload)) + payload


def change_stream(rng, after):
    frames = [change_frame(1, zigzag(after) + zigzag(after + rng.randint(0, 3)) + zigzag(0))]
    rows = blocks = sets = removed = 0
    if after:
        for _ in range(rng.randint(0, 3)):
            frames.append(change_frame(3, zigzag(rng.randint(1, 50))))
            removed += 1
    for table, columns in CHANGE_COLUMNS.items():
        for _ in range(rng.randint(0, 2)):
            values = []
            for column in range(columns):
                values.append(rng.choice([rng.randint(-5, 100000), rng.random() * 100, None,
                                          "SAT %d" % rng.randint(1, 99), bytes(rng.randrange(256)
                                          for _ in range(rng.randint(0, 40)))]))
            if table == 1:
                values = [rng.choice(["generation", "element_set_count", "earliest_epoch_us"]),
                          rng.randint(0, 10 ** 6)]
            if table == 9:
                values[5] = rng.randint(1, 64)
                blocks += 1
                sets += values[5]
            frames.append(change_frame(2, bytes([table]) + varint(columns) +
                                       b"".join(change_value(v) for v in values)))
            rows += 1
    frames.append(change_frame(4, varint(rows) + varint(blocks) + varint(sets) + varint(removed)))
    return b"GPQ-CHANGES 1\n" + b"".join(frames)


def seeds_change_stream():
    rng = random.Random(11)
    return [change_stream(rng, after) for after in [0, 0, 0, 5, 9] * 12]


TARGETS = {
    "date": seeds_date,
    "tle": seeds_tle,
    "tle_text": seeds_tle_text,
    "json_records": seeds_json_records,
    "omm_csv": seeds_omm_csv,
    "omm_xml": seeds_omm_xml,
    "omm_kvn": seeds_omm_kvn,
    "satcat_csv": seeds_satcat_csv,
    "archive": seeds_archive,
    "upstream_reply": seeds_upstream_reply,
    "http_request": seeds_http_request,
    "api_key": seeds_api_key,
    "request_head": seeds_request_head,
    "config_file": seeds_config_file,
    "change_stream": seeds_change_stream,
}


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    out = Path(argv[1])
    for target in argv[2:] or TARGETS:
        directory = out / target
        directory.mkdir(parents=True, exist_ok=True)
        seeds = TARGETS[target]()[:MAX_SEEDS]
        for i, seed in enumerate(seeds):
            (directory / f"seed-{i:04}").write_bytes(seed)
        print(f"seeds: {target}: {len(seeds)}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
