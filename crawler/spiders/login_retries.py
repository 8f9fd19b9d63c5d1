"""Pages that met the site's login form: a login made again and the page asked for again.

A part of SiteSpider (crawler/spiders/site_spider.py), which it is mixed into."""
from __future__ import annotations

import asyncio


from crawler.login.form_login import LoginFailed, LoginUnreachable, log_in
from crawler.login.site_cookies import LOGINS_META, cookies_middleware
from crawler.spiders.page_requests import (REFERRER, REFERRER_SCORE, MAX_RELOGINS,
                                           MAX_PAGE_RETRIES, RELOGIN_PRIORITY, RELOGIN_META)


class LoginRetries:
    """Pages that met the site's login form: a login made again and the page asked for again."""

    def retried_after_login(self, request, asked: str) -> bool:
        """A page of a crawl with a form login led to the login form: the session ended (a
        site's sessions last so long, or end when the same account logs in elsewhere). The
        crawl logs in again (log_in_again) and asks for the page once more; so do the pages
        that meet the form while it does, and those that left with a session a later login
        replaced (they are asked for again at once). False when the page is not to be
        retried: it met the form with a session that a login for it had just given (a page
        this user may not see), or the crawl has logged in MAX_RELOGINS times."""
        meta = request.meta
        tries = meta.get(RELOGIN_META, 0)
        if not self.form_login or tries >= MAX_PAGE_RETRIES:
            return False
        mw = cookies_middleware(self.crawler)
        logins = mw.logins if mw is not None else 0
        replaced = meta.get(LOGINS_META, logins) < logins
        if self.relogin is None and not replaced and (tries or self.relogins >= MAX_RELOGINS):
            return False
        # first after the login: the session that it gives is theirs too
        again = self.page_request_at(asked, meta.get("depth", 0), meta.get(REFERRER),
                                     meta.get(REFERRER_SCORE)).replace(
            priority=request.priority + RELOGIN_PRIORITY)
        again.meta[RELOGIN_META] = tries + 1
        if self.relogin is None and replaced:
            self.crawler.engine.crawl(again)
            return True
        self.after_login.append(again)
        if self.relogin is None:
            self.relogins += 1
            # every page asked for meanwhile would meet the form too: the scheduler waits
            # (the login's own requests go straight to the downloader)
            self.crawler.engine.pause()
            self.relogin = asyncio.ensure_future(self.log_in_again())
        return True

    async def share_session(self) -> None:
        """The jar's cookies (a new login's session) into the browser contexts made already."""
        from crawler.rendering.browser_handler import share_jar_cookies

        try:
            await share_jar_cookies(self.crawler)
        except Exception as exc:  # noqa: BLE001 - a context closing under it: the next is made from the jar
            self.logger.warning("the new session did not reach a browser context: %s", exc)

    async def log_in_again(self) -> None:
        try:
            landed = await log_in(self.crawler)
            self.crawler.stats.inc_value("leafcrawl/relogins")
            await self.share_session()
            self.logger.warning("the session ended; logged in again (the site then showed %s)",
                                landed)
        except LoginUnreachable as exc:
            # no answer: the pages waiting for it are asked for as if it had not been tried,
            # and the next to meet the form tries again
            self.logger.warning("logging in again failed, to be tried again: %s", exc)
            for request in self.after_login:
                request.meta[RELOGIN_META] -= 1
        except LoginFailed as exc:
            # refused: the pages left meet the form, and the summary says so
            self.relogins = MAX_RELOGINS
            self.logger.error("logging in again failed: %s", exc)
        except Exception:  # noqa: BLE001 - a fault of ours: the crawl goes on without logins
            self.relogins = MAX_RELOGINS
            self.logger.exception("logging in again failed")
        finally:
            waiting, self.after_login = self.after_login, []
            self.relogin = None
            self.crawler.engine.unpause()
            for request in waiting:
                self.crawler.engine.crawl(request)

    def note_login_wall(self, asked: str, form: str) -> None:
        """A page that led to the site's login form (a session that expired, or none): the
        form is scored and never archived, so without this the crawl ended quietly with
        nothing archived. The summary says what to do (crawl_runner.CrawlSummary)."""
        stats = self.crawler.stats
        if not stats.get_value("leafcrawl/login_walls"):
            stats.set_value("leafcrawl/login_form", form.split("?", 1)[0])
            self.logger.warning("%s led to the site's login form, %s", asked, form)
        stats.inc_value("leafcrawl/login_walls")
