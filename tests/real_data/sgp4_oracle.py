"""python3-sgp4 as the oracle of gpq's SGP4 (sgp4_real_data_test.cc).

Reads rows "line1<TAB>line2<TAB>minutes" from the file argv[1] and prints one row per input
row: "error x y z vx vy vz" (TEME, km and km/s, shortest round-trip digits), or "error" alone
when SGP4 reports one, or "parse <message>" when twoline2rv refuses the lines.
WGS-72 and the improved mode, python3-sgp4's defaults and gpq's.
"""
import sys

from sgp4.api import WGS72, Satrec

rows = []
with open(sys.argv[1]) as table:
    for row in table:
        line1, line2, minutes = row.rstrip("\n").split("\t")
        try:
            sat = Satrec.twoline2rv(line1, line2, WGS72)
        except ValueError as refused:
            rows.append("parse " + str(refused).replace("\n", " "))
            continue
        error, position, velocity = sat.sgp4_tsince(float(minutes))
        if error:
            rows.append(str(error))
        else:
            rows.append(" ".join([str(error)] + [repr(x) for x in (*position, *velocity)]))
sys.stdout.write("\n".join(rows) + "\n")
