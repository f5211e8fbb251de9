"""Documentation that is checked against the code."""
import subprocess
import sys

from conftest import REPO


def test_diagnostics_page_lists_every_id_the_sources_use():
    checked = subprocess.run([sys.executable, str(REPO / "scripts/diagnostic_ids.py"), "--check"],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_template_fields_are_generated_from_the_view_models():
    """Each view's fields are written once, in PageModels.swift; the table templates read is
    what scripts/template_fields.py makes of them."""
    checked = subprocess.run([sys.executable, str(REPO / "scripts/template_fields.py"), "--check"],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
