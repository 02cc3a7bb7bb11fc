"""`simulate --workers 2` leaves no worker running when its process is terminated or killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def _stat(pid: int) -> list[str] | None:
    """Fields of /proc/PID/stat after the command name, or None once the process is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def _alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] not in ("Z", "X")  # a zombie no longer runs


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _start_simulation() -> tuple[subprocess.Popen[bytes], list[int]]:
    cmd = [sys.executable, "-m", "riverbox", "simulate", "river-trek", "-p", "4", "-n", "200000"]
    cmd += ["--workers", "2", "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while time.monotonic() < deadline and len(workers) < 2:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        workers = [c for c in _children(proc.pid) if _alive(c)]
        time.sleep(0.2)
    assert len(workers) >= 2, "the workers did not start"
    time.sleep(0.5)  # let them arm their watch on the parent
    return proc, workers


def _gone(pids: list[int], seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL], ids=lambda s: s.name)
def test_workers_end_with_their_parent(sig: signal.Signals) -> None:
    proc, workers = _start_simulation()
    try:
        os.kill(proc.pid, sig)
        proc.wait(timeout=30)
        assert _gone(workers), f"workers {workers} still run after {sig.name} of the parent"
    finally:
        for pid in [proc.pid, *workers]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        proc.wait()
    if sig != signal.SIGKILL:
        assert proc.returncode == 128 + sig  # the parent shut its pool down and exited cleanly
