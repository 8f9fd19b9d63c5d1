"""What a crawl keeps: the Redis store of scores and its keys, and a site's config and logins."""
