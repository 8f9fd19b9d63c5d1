"""Asking a site no faster than it wants: robots.txt's Crawl-delay, 429 and Retry-After."""
