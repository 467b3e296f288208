"""Install the top-level data folders inside the package (cardgen/_data/...).

Everything else is in pyproject.toml; this file only maps attribute_tables/ and
templates/ into the wheel so a plain `pip install .` finds them at run time.
"""
from setuptools import find_packages, setup

DATA = {"cardgen._data.attribute_tables": "attribute_tables", "cardgen._data.templates": "templates"}

setup(
    packages=find_packages(include=["cardgen", "cardgen.*"]) + list(DATA),
    package_dir=DATA,
    package_data={name: ["**/*"] for name in DATA},
    include_package_data=False,
)
