#!/usr/bin/python3
"""Runs a command and prints its wall time in seconds and the bytes it wrote.

    bench/io_time.py COMMAND [ARG...]   ->   "SECONDS WRITE_CALL_BYTES DIRTIED_BYTES"

Write-call bytes are what the process and all its threads passed to write(2) and pwrite(2)
(/proc/PID/io wchar: the log, its checkpoints, everything). Dirtied bytes are the page-cache
pages it made dirty (write_bytes), which the kernel later sends to the disk. Both are read
once the process has exited, before it is reaped, so nothing of its last moments is missed.
The command's standard output is discarded.
"""
import os
import subprocess
import sys
import time


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: bench/io_time.py COMMAND [ARG...]", file=sys.stderr)
        return 2
    start = time.perf_counter()
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
    os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOWAIT)  # exited, not yet reaped
    seconds = time.perf_counter() - start
    with open(f"/proc/{process.pid}/io") as io:
        fields = dict(line.split(": ") for line in io.read().splitlines())
    status = process.wait()
    print(f"{seconds:.3f} {int(fields['wchar'])} {int(fields['write_bytes'])}")
    return status


if __name__ == "__main__":
    sys.exit(main())
