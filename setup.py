"""Install the top-level data folders inside the package (cardgen/_data/...).

Everything else is in pyproject.toml; this file only maps attribute_tables/,
templates/ and docs/ into the wheel so a plain `pip install .` finds them at run time.
"""
from setuptools import find_packages, setup

# docs/: the rules pages `cardgen serve` shows at /rules/<game> (docs/rules/*.md)
DATA = {"cardgen._data.attribute_tables": "attribute_tables", "cardgen._data.templates": "templates",
        "cardgen._data.docs": "docs"}

setup(
    packages=find_packages(include=["cardgen", "cardgen.*"]) + list(DATA),
    package_dir=DATA,
    package_data={name: ["**/*"] for name in DATA},
    include_package_data=False,
)
