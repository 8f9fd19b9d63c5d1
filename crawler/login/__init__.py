"""Crawling a site behind a login: HTTP auth, a cookies file, a login form."""
