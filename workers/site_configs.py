"""The site configs a scheduler reads: a directory of YAML/TOML files, those with a
`schedule` crawled on it. No side effects on import: workers/cron_config.py, which RQ's
cron imports to register the crawls, is the module that registers."""

from __future__ import annotations

import os
from pathlib import Path

from pipelines.site_config import load_site_config

SITE_CONFIGS_ENV = "LEAFCRAWL_SITE_CONFIGS"
DEFAULT_SITE_CONFIGS = "configs/sites"
CONFIG_SUFFIXES = (".yaml", ".yml", ".toml")


def scheduled_sites(config_dir: str | os.PathLike) -> list[tuple[Path, object]]:
    """(path, SiteConfig) for each config in config_dir that has a schedule."""
    found = []
    for path in sorted(Path(config_dir).iterdir()):
        if path.suffix in CONFIG_SUFFIXES:
            cfg = load_site_config(path)
            if cfg.schedule:
                found.append((path.resolve(), cfg))
    return found
