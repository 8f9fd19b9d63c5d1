"""The processes a crawl runs beside Scrapy: the embedded Redis, RQ workers, run records."""
