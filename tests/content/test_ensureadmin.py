"""`make run` prints how to log in: the admin account exists and the password works."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_ensureadmin_creates_a_superuser_and_prints_the_login(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    out = io.StringIO()

    call_command("ensureadmin", stdout=out)

    password = (tmp_path / "admin-password.txt").read_text().strip()
    assert f"Admin login: username 'admin', password '{password}'" in out.getvalue()
    user = authenticate(username="admin", password=password)
    assert user is not None
    assert user.is_superuser


def test_ensureadmin_keeps_the_same_password_on_every_run(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    call_command("ensureadmin", stdout=io.StringIO())
    first = (tmp_path / "admin-password.txt").read_text()
    call_command("ensureadmin", stdout=io.StringIO())
    assert (tmp_path / "admin-password.txt").read_text() == first
    assert authenticate(username="admin", password=first.strip()) is not None


def test_prepare_brings_the_site_up_in_one_process_and_twice_changes_nothing(settings, tmp_path):
    """What `make run` does before serving: the packs loaded, the admin's login kept in a
    file for the end of the start-up; a second run loads nothing and keeps the password."""
    settings.VAR_DIR = tmp_path
    login = tmp_path / "admin-login.txt"
    first = io.StringIO()
    call_command("prepare", login_file=str(login), stdout=first, stderr=io.StringIO())
    assert "loaded 5 pack(s), 0 unchanged" in first.getvalue()
    password = (tmp_path / "admin-password.txt").read_text().strip()
    assert login.read_text().startswith(f"Admin login: username 'admin', password '{password}'")
    again = io.StringIO()
    call_command("prepare", login_file=str(login), stdout=again, stderr=io.StringIO())
    assert "loaded 0 pack(s), 5 unchanged, 0 records written" in again.getvalue()
    assert "No migrations to apply." in again.getvalue()
    assert authenticate(username="admin", password=password) is not None
