"""python3-sgp4's twoline2rv (sgp4.io, the pure-Python reader) beside gpq's parse_tle.

An input is a fuzz_tle input: line 1 and line 2 on its first two lines. twoline2rv reads the
lines and then runs sgp4init; only its reading counts here (an orbit sgp4init refuses was still
read). Its rules differ from gpq's in documented ways (docs/tle.md, docs/FUZZING.md), each
checked before it is called documented.
"""

import json
import math
import re
import traceback
from datetime import datetime, timezone

from sgp4.earth_gravity import wgs72
from sgp4.io import fix_checksum, twoline2rv, verify_checksum
from sgp4.model import Satellite

XPDOTP = 1440.0 / (2.0 * math.pi)  # rev/day per rad/min
DEG = math.pi / 180.0
UNIX_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

# gpq's reason (a substring) -> why sgp4 reads what gpq refuses. gpq checks what sgp4 leaves
# to its caller: docs/tle.md "Reading".
GPQ_STRICTER = [
    ("characters, a TLE line has 69", "documented: gpq needs 69 columns; sgp4 reads line 1 from 64"),
    ("is outside 0..", "documented: gpq checks angle ranges; sgp4 reads any number"),
    ("is not in (0, 100)", "documented: gpq checks 0 < mean motion < 100; sgp4 reads any number"),
    ("does not exist in", "documented: gpq checks the epoch day exists; sgp4 reads any day"),
    ("classification", "documented: gpq takes classification U, C or S; sgp4 any character"),
    ("international designator", "documented: gpq reads the designator; sgp4 keeps its text"),
    ("ephemeris type", "documented: gpq reads the ephemeris type as a digit; sgp4 keeps the character"),
    ("revolution number", "documented: gpq reads the revolution number; sgp4 keeps its text"),
    ("element set number", "documented: gpq reads the element set number as a count (no minus); sgp4 takes any int()"),
]


def decode(line):
    return line.decode("latin-1")  # one character per byte: columns stay where they are


def split_lines(data):
    lines = data.split(b"\n")
    return decode(lines[0]), decode(lines[1]) if len(lines) > 1 else ""


def sgp4_read(line1, line2):
    """(satrec, None) when twoline2rv reads the lines, else (None, why not)."""
    satrec = Satellite()
    try:
        twoline2rv(line1, line2, wgs72, satrec=satrec)
    except Exception as error:  # noqa: BLE001 - any failure of the reader is a refusal
        if any(frame.name == "sgp4init" for frame in traceback.extract_tb(error.__traceback__)):
            return satrec, None  # read, then refused by the propagator's initialisation
        text = str(error)
        if text.startswith("TLE format error"):
            return None, "format"
        return None, f"{type(error).__name__}: {text.splitlines()[0][:80]}"
    return satrec, None


def checksum_outcome(line1, line2):
    """For lines gpq refused on a checksum: sgp4.io.verify_checksum's verdict on them."""
    for line in (line1, line2):
        if len(line) < 69 or not line[68].isdigit():
            return "documented: gpq needs a checksum digit in column 69; sgp4 reads none"
    for line in (line1, line2):
        try:
            verify_checksum(line[:69])
        except ValueError:
            return "documented: checksum (twoline2rv skips it; sgp4.io.verify_checksum agrees with gpq)"
    if any(c in line1[:68] + line2[:68] for c in "\u00b2\u00b3\u00b9"):
        # Superscript digits: Python's isdigit() counts them, gpq (bytes) does not.
        return "documented: superscript digits count in Python's checksum, not in gpq's"
    return None


def quoted(reason):
    found = re.findall(r"'([^']*)'", reason)
    return found[-1] if found else ""


def gpq_refuses(reason, line1, line2):
    """(outcome, detail) for an input sgp4 reads and gpq refuses."""
    if "bad checksum" in reason:
        outcome = checksum_outcome(line1, line2)
        return outcome or "UNEXPLAINED: checksums differ", reason
    for text, outcome in GPQ_STRICTER:
        if text in reason:
            return outcome, reason
    value = quoted(reason)
    if "catalog number" in reason or "catalog numbers differ" in reason:
        if re.fullmatch(r"[0-9]{5}|[A-HJ-NP-Z][0-9]{4}| *[1-9][0-9]*", value) is None:
            return "documented: gpq takes catalog numbers 1..99999 and Alpha-5 without I and O", reason
    elif "eccentricity" in reason and " " in value:
        return "documented: sgp4 reads blanks in the eccentricity as zeros; gpq refuses them", reason
    elif "epoch" in reason and re.fullmatch(r" [0-9][0-9 ]{3}\.[0-9]{8}", value):
        return "documented: gpq needs the epoch year as two digits; sgp4 reads ' 3' as 03", reason
    elif "epoch" in reason and re.search(r"[+-]", value):
        # sgp4 cuts the epoch into a year and a day and reads each with int() and float(), so
        # '23-80.88490118' is day -80.88 of 2023; gpq's epoch field is digits and one point.
        return "documented: sgp4 reads a sign inside the epoch field; gpq refuses it", reason
    elif re.search(r"[^0-9 .+-]", value) or re.search(r"[0-9.] +[0-9.+-]", value.strip()):
        # Python's float() and int() also read exponents, nan, inf, underscores, whitespace
        # other than blanks, and (in the epoch) signs; gpq's fields take digits, one point, a sign
        # and blank padding.
        return "documented: number forms Python reads and gpq's columns refuse", reason
    elif "BSTAR" in reason or "second derivative" in reason:
        return "documented: exponent fields sgp4 reads by other columns (sign in any column)", reason
    return "UNEXPLAINED: gpq refuses what sgp4 reads", reason


def sgp4_refuses(why, line1, line2):
    """(outcome, detail) for an input gpq reads and sgp4 refuses."""
    if why == "format":
        return ("documented: sgp4 needs blanks and points at fixed columns; gpq reads fields",
                line1[:69] + " / " + line2[:69])
    if "invalid literal for int()" in why and line1[64:68].strip() == "":
        return "documented: gpq reads a blank element set number as 0; sgp4 refuses it", why
    if "could not convert string to float" in why and " " in line1[45:50] + line1[54:59]:
        return "documented: gpq reads blanks in an exponent mantissa as zeros; sgp4 refuses", why
    if "invalid literal for int()" in why and line1[50:52] + line1[59:61] != "":
        return "documented: exponent fields sgp4 reads by other columns (sign in any column)", why
    return "UNEXPLAINED: sgp4 refuses what gpq reads", why


def epoch_micros(satrec):
    jan1 = datetime(satrec.epochyr, 1, 1, tzinfo=timezone.utc)
    return int((jan1 - UNIX_EPOCH).total_seconds()) * 1_000_000 + round(
        (satrec.epochdays - 1) * 86_400e6)


def designator(text):
    """sgp4's designator text (`98067A`) as gpq's OBJECT_ID (`1998-067A`)."""
    text = text.strip(" ")
    if not text:
        return ""
    yy = int(text[:2])
    return f"{2000 + yy if yy < 57 else 1900 + yy}-{text[2:5].replace(' ', '0')}{text[5:].strip()}"


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-300)


def value_mismatches(satrec, s, line1, line2):
    """The fields of gpq's set `s` that disagree with sgp4's reading."""
    checks = {
        "norad_id": satrec.satnum == s["norad_id"],
        "epoch": abs(epoch_micros(satrec) - s["epoch_us"]) <= 1,
        "mean_motion_dot": close(satrec.ndot * XPDOTP * 1440.0, s["mean_motion_dot"]),
        "mean_motion_ddot": close(satrec.nddot * XPDOTP * 1440.0 * 1440.0, s["mean_motion_ddot"]),
        "bstar": close(satrec.bstar, s["bstar"]),
        "inclination": close(satrec.inclo, s["inclination"] * DEG),
        "ra_of_asc_node": close(satrec.nodeo, s["ra_of_asc_node"] * DEG),
        "eccentricity": close(satrec.ecco, s["eccentricity"]),
        "arg_of_pericenter": close(satrec.argpo, s["arg_of_pericenter"] * DEG),
        "mean_anomaly": close(satrec.mo, s["mean_anomaly"] * DEG),
        "mean_motion": close(satrec.no_kozai * XPDOTP, s["mean_motion"]),
        "classification_type": satrec.classification == s["classification_type"],
        "element_set_no": satrec.elnum == s["element_set_no"],
        "object_id": designator(satrec.intldesg) == s["object_id"],
    }
    revnum = satrec.revnum.strip(" ").lstrip("+")
    checks["rev_at_epoch"] = int(revnum or 0) == s["rev_at_epoch"]
    ephtype = satrec.ephtype.strip(" ")
    checks["ephemeris_type"] = int(ephtype or 0) == s["ephemeris_type"]
    return [name for name, agree in checks.items() if not agree]


def compare(data, events):
    line1, line2 = split_lines(data)
    satrec, why = sgp4_read(line1, line2)
    gpq = events[0]
    if gpq["event"] == "skip":
        if satrec is None:
            return [("both refuse", gpq["reason"])]
        return [gpq_refuses(gpq["reason"], line1, line2)]
    if satrec is None:
        return [sgp4_refuses(why, line1, line2)]
    wrong = value_mismatches(satrec, gpq, line1, line2)
    if wrong:
        return [("UNEXPLAINED: values differ", f"{', '.join(wrong)}: {line1[:69]} / {line2[:69]}")]
    return [("both read, values agree", "")]


# Hand-made edge cases, 68 columns each (the checksum is added): Space-Track's layouts
# (docs/tle.md) and one of each documented difference, beside the fixtures' real lines.
EDGE_CASES = [
    # blank-padded catalog number, ` 00000-0` zero, zero-padded line 2
    ("1    16U 58002A   25074.63696541  .00000204  00000-0  28575-3 0  999",
     "2    16 034.2595 205.3496 2026153 039.7569 334.1307 10.48789328 7896"),
    # `+` signs, blank designator
    ("1 81052U          25072.77966801 +.00014693 +00000+0 +43262-2 0  999",
     "2 81052  87.6041 124.0373 0026014 233.5734 126.2973 14.63693203 1731"),
    # Alpha-5, blank element set number (sgp4 refuses it)
    ("1 T0449U          26163.02399636  .00000300  00000-0  13400-3 0     ",
     "2 T0449  63.4044 226.8553 0133006 209.4398 149.8951 14.08125476  309"),
    # negative element set number (gpq refuses it)
    ("1 25544U 98067A   26266.43236339  .00008690  00000+0  16429-3 0  -99",
     "2 25544  51.6317 173.8582 0004736 172.3976 187.7085 15.49245192 5869"),
    # inclination out of range (gpq refuses it)
    ("1 25544U 98067A   26266.43236339  .00008690  00000+0  16429-3 0  999",
     "2 25544 181.6317 173.8582 0004736 172.3976 187.7085 15.49245192 5869"),
]


def fixture_inputs(data_dir):
    samples = []
    lines = [line.rstrip("\r") for line in (data_dir / "iss_2026-09-23.3le").read_text().splitlines()]
    iss = [line for line in lines if line[:2] in ("1 ", "2 ")]
    samples.append((iss[0] + "\n" + iss[1] + "\n").encode())
    for record in json.loads((data_dir / "alpha5_spacetrack.json").read_text()):
        if "TLE_LINE1" in record:
            samples.append((record["TLE_LINE1"] + "\n" + record["TLE_LINE2"] + "\n").encode())
    for line1, line2 in EDGE_CASES:
        samples.append((fix_checksum(line1) + "\n" + fix_checksum(line2) + "\n").encode())
    bad_checksum = iss[0][:68] + str((int(iss[0][68]) + 1) % 10)
    samples.append((bad_checksum + "\n" + iss[1] + "\n").encode())
    return samples
