
import pytest

from crawler.rendering.browser import ENV_VAR, BrowserNotFound, find_chromium, shell_hint


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


def test_headless_shell_before_the_full_browser(tmp_path):
    make_exe(tmp_path / "chromium")
    make_exe(tmp_path / "chromium-headless-shell")
    assert find_chromium({"PATH": str(tmp_path)}) == str(tmp_path / "chromium-headless-shell")


def test_a_full_browser_gets_the_hint_the_shell_does_not():
    assert "apt-get install -y chromium-headless-shell" in shell_hint("/usr/bin/chromium")
    assert shell_hint("/usr/bin/chromium-headless-shell") is None
    assert shell_hint("/opt/ms-playwright/chromium_headless_shell-1/chrome-linux/headless_shell") is None


def test_nothing_found_says_how_to_get_one(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))  # no Playwright cache either
    with pytest.raises(BrowserNotFound) as err:
        find_chromium({"PATH": str(tmp_path)})
    assert "apt-get install -y chromium-headless-shell" in str(err.value)
    assert "--render never" in str(err.value)
