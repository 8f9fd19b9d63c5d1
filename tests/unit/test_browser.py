
import pytest

from crawler.rendering.browser import ENV_VAR, BrowserNotFound, find_chromium


def make_exe(path):
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_env_var_wins(tmp_path):
    exe = make_exe(tmp_path / "my-chrome")
    assert find_chromium({ENV_VAR: str(exe), "PATH": ""}) == str(exe)


def test_env_var_pointing_nowhere_is_an_error(tmp_path):
    with pytest.raises(BrowserNotFound, match="not an executable"):
        find_chromium({ENV_VAR: str(tmp_path / "missing"), "PATH": ""})


def test_path_lookup_in_order(tmp_path):
    make_exe(tmp_path / "google-chrome")
    make_exe(tmp_path / "chromium-browser")
    assert find_chromium({"PATH": str(tmp_path)}) == str(tmp_path / "chromium-browser")


def test_nothing_found_says_how_to_get_one(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))  # no Playwright cache either
    with pytest.raises(BrowserNotFound) as err:
        find_chromium({"PATH": str(tmp_path)})
    assert "apt-get install -y chromium" in str(err.value)
    assert "--render never" in str(err.value)
