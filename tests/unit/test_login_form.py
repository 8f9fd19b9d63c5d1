"""Finding a site's login form (pipelines/store/login_form.py) and the config keys of a form login."""
import pytest

from pipelines.store.login_form import ends_session, find_login_form
from pipelines.store.site_config import LOGIN_PASSWORD_ENV, ConfigError, config_from_url


def page(*forms: str) -> str:
    return "<html><body>" + "".join(forms) + "</body></html>"


SEARCH = '<form action="/search"><input name="q"><button>Go</button></form>'


def test_the_form_asking_for_one_password_is_the_login_form():
    form = find_login_form(page(
        SEARCH,
        '<form method="post" action="/session"><input type="hidden" name="authenticity_token" '
        'value="x"><input name="login"><input type="password" name="pw">'
        '<input type="checkbox" name="remember_me"></form>'))
    assert (form.number, form.user_field, form.password_field, form.action) == (1, "login", "pw",
                                                                                "/session")


def test_a_sign_up_form_asks_for_the_password_twice_and_is_not_one():
    sign_up = ('<form><input name="email" type="email"><input type="password" name="pw1">'
               '<input type="password" name="pw2"></form>')
    assert find_login_form(page(SEARCH, sign_up)) is None


@pytest.mark.parametrize("fields, user", [
    # an email field, whatever its name
    ('<input name="display"><input type="email" name="e"><input type="password" name="p">', "e"),
    # autocomplete="username"
    ('<input name="a" autocomplete="username"><input type="password" name="p">', "a"),
    # a field named for the user, among others
    ('<input name="coupon"><input name="user_id"><input type="password" name="p">', "user_id"),
    # no clue in the names: the text field just before the password
    ('<input name="f1"><input name="f2"><input type="password" name="p"><input name="f3">', "f2"),
])
def test_the_user_field_is_found(fields, user):
    assert find_login_form(page(f"<form>{fields}</form>")).user_field == user


def test_a_page_without_a_login_form_has_none():
    assert find_login_form(page(SEARCH, '<form><input type="password" name="p"></form>')) is None


def test_a_form_login_needs_its_user_and_password(monkeypatch):
    monkeypatch.delenv(LOGIN_PASSWORD_ENV, raising=False)
    with pytest.raises(ConfigError, match="login_user.*needed with login_form"):
        config_from_url("https://club.example/", login_form="https://club.example/login/")
    with pytest.raises(ConfigError, match=f"needs a password.*{LOGIN_PASSWORD_ENV}"):
        config_from_url("https://club.example/", login_form="https://club.example/login/",
                        login_user="member")
    with pytest.raises(ConfigError, match="login_user.*given without login_form"):
        config_from_url("https://club.example/", login_user="member")
    with pytest.raises(ConfigError, match="login_form.*not an absolute"):
        config_from_url("https://club.example/", login_form="/login/", login_user="member")
    monkeypatch.setenv(LOGIN_PASSWORD_ENV, "s3cret")
    cfg = config_from_url("https://club.example/", login_form="https://club.example/login/",
                          login_user="member")
    assert cfg.login_password == "s3cret" and "s3cret" not in repr(cfg)


@pytest.mark.parametrize("url", [
    "https://club.example/logout/", "https://club.example/users/sign_out",
    "https://club.example/accounts/log-out", "https://club.example/logout.php",
    "https://club.example/wp-login.php?action=logout&_wpnonce=ab12",
    "https://club.example/forum/ucp.php?mode=logout&sid=9", "https://club.example/wiki/?do=logout",
    "https://club.example/wiki/Special:UserLogout", "https://club.example/session/logoff",
])
def test_links_that_end_the_session(url):
    assert ends_session(url)


@pytest.mark.parametrize("url", [
    "https://club.example/posts/why-i-signed-out-of-social-media/",
    "https://club.example/docs/logout-endpoint/", "https://club.example/login/",
    "https://club.example/search?q=logout+button", "https://club.example/",
])
def test_pages_that_only_speak_of_logging_out_do_not(url):
    assert not ends_session(url)


def test_the_form_is_sent_as_a_browser_sends_it():
    form = find_login_form(page(
        '<base href="https://club.example/members/">'
        '<form method="POST" action="session/new"><input type="hidden" name="csrf" value="t0k">'
        '<input name="user"><input type="password" name="pass">'
        '<input type="checkbox" name="remember" value="yes" checked>'
        '<input type="checkbox" name="newsletter" value="yes">'
        '<input name="locked" value="x" disabled>'
        '<select name="lang"><option value="en">English</option>'
        '<option value="fr" selected>Français</option></select>'
        '<textarea name="note">hi</textarea>'
        '<button type="submit" name="commit" value="Log in">Log in</button>'
        '<button type="submit" name="other" value="Sign up">Sign up</button></form>'),
        "https://club.example/login/")
    assert form.action == "https://club.example/members/session/new" and form.method == "POST"
    assert form.filled("ann", "s3cret") == [
        ("csrf", "t0k"), ("user", "ann"), ("pass", "s3cret"), ("remember", "yes"),
        ("lang", "fr"), ("note", "hi"), ("commit", "Log in")]


def test_a_form_without_action_or_method_gets_itself():
    form = find_login_form(page('<form><input name="u"><input type="password" name="p"></form>'),
                           "https://club.example/login/?next=/x")
    assert (form.action, form.method) == ("https://club.example/login/?next=/x", "GET")
