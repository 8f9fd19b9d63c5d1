"""The `leafcrawl` commands beyond crawl: analyze, scores and explain, schedule, ui, and the CLI reference."""
