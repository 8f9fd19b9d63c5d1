"""Content: the blocks of a leaf that are its article, and their Markdown."""
