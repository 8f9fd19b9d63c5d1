"""What a crawl asks for next: the shared Redis frontier, revisits of known pages, trap budgets, sitemaps, redirects."""
