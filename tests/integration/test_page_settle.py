"""The settle tracker in the Chromium the crawler uses: what it counts as pending."""

from __future__ import annotations

import asyncio

import pytest

from crawler.rendering.browser import find_chromium
from crawler.rendering.page_settle import TRACKER_JS
from crawler.settings import CHROMIUM_ARGS
from tests.support.http_server import serve_directory, write_page

pytestmark = [pytest.mark.integration, pytest.mark.browser]

# Reads the tracker's pending count around animation frames: one requested from a script,
# one requested inside a frame (an animation loop's next frame), one cancelled.
PROBE_FRAMES = """async () => {
  const pending = () => window.__leafcrawlPending;
  const seen = { before: pending() };
  await new Promise((done) => {
    requestAnimationFrame(() => {
      seen.inFrame = pending();
      requestAnimationFrame(() => {});
      seen.loopRequested = pending();
      done();
    });
    seen.requested = pending();
  });
  const id = requestAnimationFrame(() => {});
  seen.again = pending();
  cancelAnimationFrame(id);
  seen.cancelled = pending();
  return seen;
}"""


def probe(url: str) -> dict:
    async def run():
        from playwright.async_api import async_playwright

        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=find_chromium(), headless=True,
                                               args=CHROMIUM_ARGS)
            try:
                page = await browser.new_page()
                await page.add_init_script(TRACKER_JS)
                await page.goto(url, wait_until="load")
                return await page.evaluate(PROBE_FRAMES)
            finally:
                await browser.close()

    return asyncio.run(run())


def test_a_requested_animation_frame_is_pending_until_it_runs(tmp_path):
    write_page(tmp_path, "<html><head><title>t</title></head><body><p>page</p></body></html>")
    with serve_directory(tmp_path) as base_url:
        seen = probe(base_url + "/")
    base = seen["before"]
    assert seen["requested"] == base + 1          # a head or DOM update on its way
    assert seen["inFrame"] == base                # ran: no longer pending
    assert seen["loopRequested"] == base          # an animation loop never holds the page
    assert seen["again"] == base + 1 and seen["cancelled"] == base
