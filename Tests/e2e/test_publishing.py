"""Publishing and the command line around it: the GitHub Pages workflow, the container image, the
self-contained release binary, --version and a busy port."""
import json
import os
import pathlib
import shutil
import socket
import subprocess

import pytest
import yaml

from conftest import REPO

WORKFLOW = REPO / ".github" / "workflows" / "pages.yml"


def test_the_workflow_is_valid_and_publishes_only_what_passed():
    result = subprocess.run(["check-jsonschema", "--builtin-schema", "vendor.github-workflows", str(WORKFLOW)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    jobs = workflow["jobs"]
    assert jobs["macos"]["runs-on"].startswith("macos")
    assert any("swift test" in step.get("run", "") for step in jobs["macos"]["steps"])
    assert any("scripts/test.sh" in step.get("run", "") for step in jobs["linux"]["steps"])
    # The site is built for its sub-path and deployed only after both platforms passed.
    assert any("--base-url" in step.get("run", "") for step in jobs["linux"]["steps"])
    assert sorted(jobs["deploy"]["needs"]) == ["linux", "macos"]
    assert jobs["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}


def docker_engine():
    if shutil.which("docker") is None:
        return False
    return subprocess.run(["docker", "info"], capture_output=True, timeout=60).returncode == 0


def test_the_image_builds_a_mounted_handbook(tmp_path):
    if not docker_engine():
        pytest.skip("no Docker engine on this machine (the docker client alone cannot build images)")
    subprocess.run(["docker", "build", "-t", "handbookgen-test", str(REPO)], check=True, timeout=3600)
    for folder in ("content", "templates", "baseline"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    shutil.copy(REPO / "handbook.yaml", tmp_path / "handbook.yaml")
    subprocess.run(["docker", "run", "--rm", "-v", f"{tmp_path}:/handbook", "handbookgen-test", "build"],
                   check=True, timeout=600)
    assert (tmp_path / "_site" / "rules.json").exists()


def release_binary():
    found = sorted((REPO / "dist").glob("handbookgen-*-linux-*/bin/HandbookGen"))
    return found[-1] if found else None


def test_the_release_binary_runs_without_a_swift_toolchain(tmp_path):
    binary = release_binary()
    if binary is None:
        pytest.skip("no release build in dist/: make one with `bash scripts/release.sh VERSION` "
                    "(a second build configuration, kept out of CI)")
    libraries = subprocess.run(["ldd", str(binary)], capture_output=True, text=True).stdout
    assert "libswift" not in libraries and "libFoundation" not in libraries, libraries
    # No Swift on PATH and no Swift library path: only the system's.
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    version = subprocess.run([str(binary), "--version"], capture_output=True, text=True, env=environment, timeout=60)
    assert version.returncode == 0 and version.stdout.strip()
    for folder in ("content", "baseline"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    shutil.copy(REPO / "handbook.yaml", tmp_path / "handbook.yaml")
    templates = binary.parent.parent / "templates"
    built = subprocess.run([str(binary), "build", "--templates", str(templates)], cwd=tmp_path, capture_output=True,
                           text=True, env=environment, timeout=600)
    assert built.returncode == 0, built.stderr
    assert json.loads((tmp_path / "_site" / "rules.json").read_text(encoding="utf-8"))["rules"]


def test_version_is_reported(binary):
    result = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=60)
    source = (REPO / "Sources/HandbookKit/Version.swift").read_text(encoding="utf-8")
    assert result.returncode == 0 and f'"{result.stdout.strip()}"' in source


def test_a_busy_port_is_reported_clearly(binary, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([binary, "serve", "--port", str(port), "--output", str(tmp_path / "site")],
                                cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode != 0
    assert f"port {port} on 127.0.0.1 is in use" in result.stderr + result.stdout
    assert "--port" in result.stderr + result.stdout
