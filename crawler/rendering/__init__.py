"""Rendering pages in Chromium through scrapy-playwright: finding the browser, settling, expanding, measuring, and guarding what a page may reach."""
