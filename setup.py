# All metadata is in pyproject.toml. This shim is for scrapyd-deploy, which builds the
# project's egg with `setup.py bdist_egg` and writes a setup.py of its own (naming the
# project "project") when none is here.
from setuptools import setup

setup()
