"""Which responses the spider analyses as pages: what a browser would render as one."""
from scrapy.http import HtmlResponse, Response, TextResponse

from crawler.spiders.page_requests import is_html_response


def test_only_a_declared_or_sniffed_web_page_is_analysed():
    page = b"<html><body><h1>A page</h1></body></html>"

    def response(cls, ctype):
        headers = {"Content-Type": ctype} if ctype else {}
        return cls("http://127.0.0.1/x", body=page, headers=headers)

    assert is_html_response(response(HtmlResponse, "text/html; charset=utf-8"))
    assert is_html_response(response(HtmlResponse, "application/xhtml+xml"))
    assert is_html_response(response(HtmlResponse, None))          # undeclared, sniffed as HTML
    # declared text, whatever it holds (a browser shows it as text, wrapped in <pre>)
    assert not is_html_response(response(HtmlResponse, "text/plain; charset=utf-8"))
    assert not is_html_response(response(TextResponse, "application/json"))
    assert not is_html_response(response(TextResponse, None))      # undeclared, sniffed as text
    assert not is_html_response(response(Response, "image/png"))
