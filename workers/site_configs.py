"""The site configs a scheduler reads: a directory of YAML/TOML files, those with a
`schedule` crawled on it. No side effects on import: workers/cron_config.py, which RQ's
cron imports to register the crawls, is the module that registers."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from pipelines.store.site_config import ConfigError, load_site_config

logger = logging.getLogger(__name__)

SITE_CONFIGS_ENV = "LEAFCRAWL_SITE_CONFIGS"
DEFAULT_SITE_CONFIGS = "configs/sites"
CONFIG_SUFFIXES = (".yaml", ".yml", ".toml")


def scheduled_sites(config_dir: str | os.PathLike, on_error=None) -> list[tuple[Path, object]]:
    """(path, SiteConfig) for each config in config_dir that has a schedule. A config that
    does not load is left out and told to on_error(message), naming its file, key and
    problem: one site's mistake must not stop every other site's schedule. Without on_error
    it is logged as a warning."""
    found = []
    for path in sorted(Path(config_dir).iterdir()):
        if path.suffix in CONFIG_SUFFIXES:
            try:
                cfg = load_site_config(path)
            except ConfigError as exc:
                (on_error or logger.warning)(f"skipped, not scheduled: {exc}")
                continue
            if cfg.schedule:
                found.append((path.resolve(), cfg))
    return found
