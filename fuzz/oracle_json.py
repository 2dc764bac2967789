"""Python's json beside gpq's JSON records (parse_json_records, simdjson per object).

For a document Python reads, the records gpq reports must be the leaf objects Python finds, in
order (the rule of json_object_splitter.h: objects inside an array or a top-level wrapper, a
record holding an object or array reported as one problem), and every set's values must be
the ones Python reads from its object: the first of repeated keys, as gpq takes it.
"""

import json
import math
from datetime import datetime, timezone
from pathlib import Path

NUMBERS = ["MEAN_MOTION", "ECCENTRICITY", "INCLINATION", "RA_OF_ASC_NODE", "ARG_OF_PERICENTER",
           "MEAN_ANOMALY", "BSTAR", "MEAN_MOTION_DOT", "MEAN_MOTION_DDOT"]
WHOLE = {"NORAD_CAT_ID": ("norad_id", None), "EPHEMERIS_TYPE": ("ephemeris_type", 0),
         "ELEMENT_SET_NO": ("element_set_no", 999), "REV_AT_EPOCH": ("rev_at_epoch", 0)}
ANGLES = {"INCLINATION", "RA_OF_ASC_NODE", "ARG_OF_PERICENTER", "MEAN_ANOMALY"}
BLANKS = " \t\r\n"  # what gpq's trim() takes off a value
UNIX_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


class Pairs(list):
    """A JSON object as its (key, value) pairs, repeats kept."""

    def first(self, key):
        return next((value for k, value in self if k == key), None)


def refuse_constant(name):
    raise ValueError(f"{name} is not JSON")


def python_document(data):
    """The document as Python's json reads it (objects as Pairs), or None."""
    try:
        return json.loads(data.decode("utf-8"), object_pairs_hook=Pairs,
                          parse_constant=refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def leaf_events(value, depth, out):
    """("record" | "problem", object) for each object gpq's splitter hands over, in order."""
    if isinstance(value, Pairs):
        nested = any(isinstance(v, (Pairs, list)) for _, v in value)
        if depth >= 2 or not nested:
            out.append(("problem" if nested else "record", value))
            return
        values = [v for _, v in value]  # a top-level wrapper: {"data": [...]}
    elif isinstance(value, list):
        values = value
    else:
        return
    for v in values:
        leaf_events(v, depth + 1, out)


def text(value):
    """A member as gpq reads it: strings as they are, numbers as numbers, null absent."""
    if value is None or isinstance(value, (Pairs, list, bool)):
        return None
    return value if isinstance(value, str) else repr(value)


def number(value):
    value = text(value)
    return None if value is None or value.strip(BLANKS) == "" else float(value.strip(BLANKS))


def micros(value):
    """ISO 8601 as Python's datetime reads it, in microseconds; None when it cannot."""
    value = (text(value) or "").strip(BLANKS)
    if value[-1:] in "Zz" and value:
        value = value[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    delta = parsed - UNIX_EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def fraction_digits(value):
    value = text(value) or ""
    point = value.find(".")
    return len(value) - point - 1 if point >= 0 else 0


def value_mismatches(pairs, s):
    """Fields of gpq's set `s` that disagree with Python's reading of its object."""
    wrong = []
    from_tle = pairs.first("MEAN_MOTION") is None  # the elements came from TLE_LINE1/2
    for key, (field, default) in WHOLE.items():
        if from_tle and key != "NORAD_CAT_ID":
            continue  # the TLE's values, the TLE oracle's business
        expected = number(pairs.first(key))
        if (expected if expected is not None else default) != s[field]:
            wrong.append(key)
    if from_tle:
        return wrong
    for key in NUMBERS:
        expected = number(pairs.first(key)) or 0.0
        tolerance = 1e-6 if key in ANGLES else 0.0  # gpq clamps angles 1e-6 outside in
        if not math.isclose(expected, s[key.lower()], rel_tol=0, abs_tol=tolerance):
            wrong.append(key)
    for key, field in (("EPOCH", "epoch_us"), ("CREATION_DATE", "creation_us")):
        raw = pairs.first(key)
        if field == "creation_us" and (text(raw) or "").strip(BLANKS) == "":
            continue
        expected = micros(raw)
        if expected is None:
            wrong.append(f"{key} (Python cannot read '{raw}')")
        elif abs(expected - s[field]) > (1 if fraction_digits(raw) > 6 else 0):
            wrong.append(key)  # gpq rounds a 7th digit half up, Python cuts it
    for key, field in (("OBJECT_NAME", "object_name"), ("OBJECT_ID", "object_id")):
        raw = pairs.first(key)
        if isinstance(raw, str):
            expected = raw.strip(BLANKS)
            if (expected if expected != "UNKNOWN" or key == "OBJECT_NAME" else "") != s[field]:
                wrong.append(key)
    return wrong


def huge_number(pairs):
    """A number simdjson does not take: an integer beyond 64 bits, or beyond double range."""
    for _, v in pairs:
        if isinstance(v, int) and not isinstance(v, bool) and not -2**63 <= v < 2**64:
            return True
        if isinstance(v, float) and math.isinf(v):
            return True
    return False


def compare_record(kind, pairs, event):
    reason = event.get("reason", "")
    if kind == "problem":
        if event["event"] == "skip" and "holding an object or array" in reason:
            return "agree: a record that is not flat", ""
        return "UNEXPLAINED: gpq read a record that is not flat", str(event)[:200]
    if event["event"] == "skip":
        if reason == "not valid JSON":
            if huge_number(pairs):
                return ("documented: simdjson refuses integers beyond 64 bits and numbers beyond "
                        "double range; Python reads them", json.dumps(pairs)[:200])
            return "UNEXPLAINED: gpq finds invalid JSON where Python reads it", json.dumps(pairs)[:200]
        if "not a string, number or null" in reason:
            if any(isinstance(v, bool) for _, v in pairs):
                return "agree: a record with a boolean, refused", ""
            return "UNEXPLAINED: gpq sees a value Python does not", json.dumps(pairs)[:200]
        return "agree: gpq refuses the record by its rules", ""
    if event["event"] == "record":
        return "agree: a SATCAT record", ""
    wrong = value_mismatches(pairs, event)
    if wrong:
        return "UNEXPLAINED: values differ", f"{', '.join(wrong)}: {json.dumps(pairs)[:200]}"
    return "agree: a set, values agree", ""


def compare(data, events):
    document = python_document(data)
    if document is None:
        read = sum(1 for e in events if e["event"] in ("set", "record"))
        if read == 0:
            return [("both refuse the document (gpq may skip records of it)", "")]
        return [("documented: gpq reads the records of a damaged document one by one", "")]
    leaves = []
    leaf_events(document, 0, leaves)
    if len(leaves) != len(events):
        return [("UNEXPLAINED: the records differ",
                 f"Python {len(leaves)}, gpq {len(events)}: {data[:200]!r}")]
    return [compare_record(kind, pairs, event) for (kind, pairs), event in zip(leaves, events)]


def fixture_inputs(data_dir):
    samples = [path.read_bytes() for path in sorted(Path(data_dir).glob("*.json"))]
    iss = json.loads((Path(data_dir) / "iss_2026-09-23.json").read_text())[0]
    body = json.dumps(iss)[1:-1]
    samples += [
        ('[{"NORAD_CAT_ID":1,' + body + "}]").encode(),      # a repeated key: the first counts
        ('{"data":[{' + body + '},{"a":{"b":1}}]}').encode(),  # a wrapper; a record not flat
        ('[{' + body + ',"X":true}]').encode(),               # a boolean
        ('[{' + body + ',"X":123456789012345678901234567890}]').encode(),  # beyond 64 bits
        ('[{' + body + '},').encode(),                        # cut off after one record
    ]
    return samples
