"""Indexiness: the score that tells an index page from a leaf, and the link signals it reads."""
