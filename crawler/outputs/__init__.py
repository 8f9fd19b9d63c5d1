"""What a crawl writes besides its archive: JSON lines and WARC."""
