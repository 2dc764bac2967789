"""Skyfield's answers for the frame cases of frames_test.cc (the rows of kSkyfieldCases).

Run with Debian's python3-skyfield (1.45): /usr/bin/python3 frames_reference.py
Skyfield is an implementation independent of gpq's: TEME to ITRF by its TEME_to_ITRF (AIAA
2006-6753 Appendix C, GMST 1982 from its own theta_GMST1982), geodetic coordinates by
wgs84's own iteration, look angles by the rotation matrix of its GeographicPosition and its
to_spherical. UT1 is set equal to UTC and polar motion to zero, as gpq does, so that both
sides answer the same question.
"""
import calendar

import numpy as np
from skyfield.api import wgs84
from skyfield.framelib import itrs
from skyfield.functions import length_of, to_spherical
from skyfield.sgp4lib import TEME_to_ITRF
from skyfield.units import Distance

AU_KM = 149597870.700

# (UTC instant, TEME position km, TEME velocity km/s); all made up but for the first, Vallado's
# example (AIAA 2006-6753 Appendix C / Fundamentals of Astrodynamics example 3-15).
STATES = [
    ("2004-04-06T07:51:28.386009", (5094.18016210, 6127.64465950, 6380.34453270),
     (-4.746131487, 0.785818041, 5.531931288)),
    ("2026-06-15T12:00:00.000000", (-4400.594, 1932.870, 4760.712), (-5.183, -5.391, -2.592)),
    ("2026-06-20T03:17:45.123456", (35000.0, -23500.0, 120.0), (1.713, 2.551, 0.01)),
    ("2026-07-01T23:59:59.999999", (-1500.0, -2100.0, 39000.0), (0.9, -1.2, 0.3)),
]
# (latitude deg, longitude deg, height m)
OBSERVERS = [(51.4779, -0.0015, 46.0), (-33.8688, 151.2093, 58.0), (78.2232, 15.6267, 500.0)]


class Geocentric:
    """The least of a skyfield position that wgs84's latitude iteration reads."""
    center = 399

    def __init__(self, km):
        self.km = np.array(km)

    def frame_xyz(self, frame):
        assert frame is itrs
        return Distance(km=self.km)


def jd_parts(text):
    date, time = text.split("T")
    y, m, d = map(int, date.split("-"))
    hh, mm, ss = time.split(":")
    seconds = calendar.timegm((y, m, d, int(hh), int(mm), 0)) + float(ss)
    days = seconds / 86400.0
    whole = np.floor(days)
    return 2440587.5 + whole, days - whole


for when, r, v in STATES:
    jd, fraction = jd_parts(when)
    r_itrf, v_itrf = TEME_to_ITRF(jd, np.array(r), np.array(v) * 86400.0, fraction_ut1=fraction)
    v_itrf = v_itrf / 86400.0
    xyz_au, x, y, aC, R, lat = wgs84._compute_latitude(Geocentric(r_itrf))
    lon = (np.arctan2(y, x) - np.pi) % (2 * np.pi) - np.pi
    height_km = (R / np.cos(lat) - aC) * AU_KM
    looks = []
    for lat_o, lon_o, h_o in OBSERVERS:
        site = wgs84.latlon(lat_o, lon_o, elevation_m=h_o)
        rho = r_itrf - site.itrs_xyz.km
        rng, alt, az = to_spherical(site._R_latlon.dot(rho))
        looks.append((np.degrees(az), np.degrees(alt), rng))
    print(f'{{"{when}", {{{r[0]!r}, {r[1]!r}, {r[2]!r}}}, {{{v[0]!r}, {v[1]!r}, {v[2]!r}}},')
    print(f'  {{{r_itrf[0]!r}, {r_itrf[1]!r}, {r_itrf[2]!r}}},')
    print(f'  {{{v_itrf[0]!r}, {v_itrf[1]!r}, {v_itrf[2]!r}}},')
    print(f'  {{{np.degrees(lat)!r}, {np.degrees(lon)!r}, {height_km!r}}},')
    print('  {' + ', '.join(f'{{{a!r}, {e!r}, {d!r}}}' for a, e, d in looks) + '}},')
