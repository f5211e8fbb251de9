"""Documentation that is checked against the code."""
import subprocess
import sys

from conftest import REPO


def test_diagnostics_page_lists_every_id_the_sources_use():
    checked = subprocess.run([sys.executable, str(REPO / "scripts/diagnostic_ids.py"), "--check"],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
