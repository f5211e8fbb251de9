"""Faults: a build killed at any moment, two builds at once, and builds under other locales,
time zones and core counts. The previous site is always complete; outputs are byte-identical."""
import hashlib
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO / "benchmarks"))
import synthetic  # noqa: E402


def snapshot(folder: pathlib.Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def build(binary, content, output, env=None, check=True):
    result = subprocess.run([binary, "build", "--content", str(content), "--templates", str(REPO / "templates"),
                             "--output", str(output), "--no-baseline"], capture_output=True, text=True, env=env, timeout=600)
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


@pytest.fixture(scope="module")
def two_handbooks(tmp_path_factory, binary):
    """Two different synthetic handbooks and the sites they build."""
    root = tmp_path_factory.mktemp("faults")
    a = synthetic.generate(60, root / "content-a")
    b = synthetic.generate(90, root / "content-b")
    sites = {}
    for name, content in (("a", a), ("b", b)):
        build(binary, content, root / f"site-{name}")
        sites[name] = snapshot(root / f"site-{name}")
    return root, a, b, sites


def leftovers(folder: pathlib.Path):
    return sorted(p.name for p in folder.iterdir() if ".staging-" in p.name)


def test_a_killed_build_never_damages_the_previous_site(binary, two_handbooks):
    root, a, b, sites = two_handbooks
    output = root / "killed" / "site"
    build(binary, a, output)
    assert snapshot(output) == sites["a"]
    started = time.time()
    build(binary, b, root / "timing-site")
    duration = time.time() - started
    outcomes = []
    # Kill points spread over the whole build, most of them near the end where files are written.
    for fraction in (0.1, 0.4, 0.7, 0.8, 0.85, 0.88, 0.9, 0.92, 0.95, 0.98, 1.0):
        process = subprocess.Popen([binary, "build", "--content", str(b), "--templates", str(REPO / "templates"),
                                    "--output", str(output), "--no-baseline"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(duration * fraction)
        process.send_signal(signal.SIGKILL)
        process.wait()
        now = snapshot(output)
        assert now in (sites["a"], sites["b"]), f"killed at {fraction:.2f}: the site is neither the old nor the new one"
        outcomes.append("old" if now == sites["a"] else "new")
        if now == sites["b"]:  # the kill came after the swap; start again from the old site
            build(binary, a, output)
    print(f"\nkill outcomes over {duration:.1f} s builds: {outcomes}")
    build(binary, b, output)
    assert snapshot(output) == sites["b"]
    assert leftovers(output.parent) == [], "staging folders left behind after a successful build"


def test_concurrent_builds_into_one_folder_never_mix(binary, two_handbooks):
    root, a, b, sites = two_handbooks
    output = root / "concurrent" / "site"
    for _ in range(3):
        results = {}
        threads = [threading.Thread(target=lambda n=n, c=c: results.__setitem__(n, build(binary, c, output, check=False)))
                   for n, c in (("a", a), ("b", b))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert all(result.returncode == 0 for result in results.values()), {n: r.stderr for n, r in results.items()}
        assert snapshot(output) in (sites["a"], sites["b"]), "two builds mixed their files"
        assert leftovers(output.parent) == []


def test_output_does_not_depend_on_locale_time_zone_or_cores(binary, tmp_path):
    variants = [
        {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC"},
        {"LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8", "TZ": "Asia/Kathmandu", "HANDBOOKGEN_JOBS": "1"},
        {"LANG": "zh_CN.UTF-8", "LC_ALL": "zh_CN.UTF-8", "TZ": "Pacific/Kiritimati"},
    ]
    snapshots = []
    for number, extra in enumerate(variants):
        env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k not in ("LANG", "TZ")}
        env.update(extra)
        output = tmp_path / f"site-{number}"
        build(binary, REPO / "content", output, env=env)
        snapshots.append(snapshot(output))
    assert len(snapshots[0]) > 150
    assert snapshots[0] == snapshots[1] == snapshots[2]


def test_a_full_disk_fails_cleanly_and_keeps_the_previous_site(binary, tmp_path):
    """A small tmpfs stands in for a full disk (mounting needs root, as CI has)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(disk)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        content = REPO / "Tests/HandbookGenTests/Fixtures/handbook/content"
        output = disk / "site"
        build(binary, content, output)
        before = snapshot(output)
        # Fill the disk, leaving too little room for another copy of the site.
        filler = disk / "filler"
        free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
        with open(filler, "wb") as handle:
            handle.write(b"\0" * max(free - 16 * 1024, 0))
        result = build(binary, content, output, check=False)
        assert result.returncode != 0
        assert "error: cannot write" in result.stdout + result.stderr
        assert "enough space" in result.stdout + result.stderr
        assert snapshot(output) == before
        assert leftovers(disk) == []
        filler.unlink()
        build(binary, content, output)
        assert snapshot(output) == before
    finally:
        subprocess.run(["umount", str(disk)], check=False)
