"""Helpers shared by tests and benches (static file server, …)."""
