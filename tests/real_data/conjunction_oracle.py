"""python3-sgp4 checks gpq's conjunction events: for each event, both objects' sets (the ones
the event names by SET_EPOCH, from gpq's OMM CSV, read with sgp4.omm) propagated around the
event's TCA: the range rate is negative a second before it and positive a second after (an
approach turning to recession there), its root found by bisection lies within 1.5 ms of gpq's
TCA (printed to the millisecond, refined to 0.1 ms), and the distance there is gpq's miss
distance within 1 m. With --nearest (events of `--follow-archive`, SETS.csv holding every set
of the objects around the window), each set named is also the one whose epoch is nearest the
TCA among the object's sets.

usage: conjunction_oracle.py [--nearest] EVENTS.json SETS.csv...
Prints one line per failure and a summary; exits 1 on any failure."""
import csv
import json
import math
import sys
from datetime import datetime, timezone

from sgp4 import omm
from sgp4.api import Satrec, jday

arguments = sys.argv[1:]
nearest = arguments[0] == "--nearest"
if nearest:
    arguments = arguments[1:]
events = json.load(open(arguments[0]))["data"]


def utc(text):
    text = text.rstrip("Z")
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%f" if "." in text
                             else "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)


sats = {}  # NORAD id -> [(epoch, Satrec)]
for path in arguments[1:]:
    with open(path, newline="") as f:
        for fields in csv.DictReader(f):
            sat = Satrec()
            omm.initialize(sat, fields)
            sats.setdefault(int(fields["NORAD_CAT_ID"]), []).append((utc(fields["EPOCH"]), sat))


def named_set(body, tca, label, failures):
    """The set an event's object names by its SET_EPOCH (to the millisecond)."""
    epoch = utc(body["SET_EPOCH"])
    choices = sats.get(body["NORAD_CAT_ID"], [])
    found = [sat for when, sat in choices if abs((when - epoch).total_seconds()) < 0.0015]
    if not found:
        failures.append("%s: no set of %d at %s" % (label, body["NORAD_CAT_ID"], body["SET_EPOCH"]))
        return None
    if nearest:
        # Regenerated sets may differ in epoch by less than the millisecond SET_EPOCH shows: of
        # those, the one nearest the TCA.
        found = [sat for when, sat in sorted(
            ((when, sat) for when, sat in choices if abs((when - epoch).total_seconds()) < 0.0015),
            key=lambda pair: abs((pair[0] - tca).total_seconds()))]
        best = min(abs((when - tca).total_seconds()) for when, _ in choices)
        if abs((epoch - tca).total_seconds()) > best + 0.0015:
            failures.append("%s: %d's set of %s is not the nearest to TCA"
                            % (label, body["NORAD_CAT_ID"], body["SET_EPOCH"]))
    return found[0]


def state(sat, when, offset_s):
    t = when.timestamp() + offset_s
    moment = datetime.fromtimestamp(t, tz=timezone.utc)
    seconds = moment.second + moment.microsecond / 1e6
    jd, fr = jday(moment.year, moment.month, moment.day, moment.hour, moment.minute, seconds)
    error, r, v = sat.sgp4(jd, fr)
    if error != 0:
        raise ValueError("sgp4 error %d" % error)
    return r, v


def relative(a, b, when, offset_s):
    ra, va = state(a, when, offset_s)
    rb, vb = state(b, when, offset_s)
    dr = [y - x for x, y in zip(ra, rb)]
    dv = [y - x for x, y in zip(va, vb)]
    return math.sqrt(sum(d * d for d in dr)), sum(p * q for p, q in zip(dr, dv))


failures = []
worst_miss = 0.0
worst_tca = 0.0
for event in events:
    first = event["PRIMARY"]["NORAD_CAT_ID"]
    second = event["SECONDARY"]["NORAD_CAT_ID"]
    label = "%d-%d at %s" % (first, second, event["TCA"])
    tca = utc(event["TCA"])
    a = named_set(event["PRIMARY"], tca, label, failures)
    b = named_set(event["SECONDARY"], tca, label, failures)
    if a is None or b is None:
        continue
    _, before = relative(a, b, tca, -1.0)
    _, after = relative(a, b, tca, 1.0)
    if not (before < 0 < after):
        failures.append("%s: range rate %.3e a second before, %.3e after" % (label, before, after))
        continue
    lo, hi = -1.0, 1.0
    while hi - lo > 1e-5:
        middle = 0.5 * (lo + hi)
        if relative(a, b, tca, middle)[1] < 0:
            lo = middle
        else:
            hi = middle
    root = 0.5 * (lo + hi)
    miss_km, _ = relative(a, b, tca, root)
    difference_m = abs(miss_km * 1000 - event["MISS_DISTANCE_M"])
    worst_miss = max(worst_miss, difference_m)
    worst_tca = max(worst_tca, abs(root))
    if abs(root) > 0.0015:
        failures.append("%s: python3-sgp4's TCA is %.4f s from gpq's" % (label, root))
    if difference_m > 1.0:
        failures.append("%s: python3-sgp4's miss %.3f m, gpq's %.3f m"
                        % (label, miss_km * 1000, event["MISS_DISTANCE_M"]))

for failure in failures:
    print(failure)
print("conjunction_oracle: %d events; python3-sgp4's TCA within %.2f ms and miss distance within"
      " %.4f m of gpq's; %d failures" % (len(events), worst_tca * 1000, worst_miss, len(failures)))
sys.exit(1 if failures else 0)
