"""What pyproject.toml cannot say: the bundled data folders (replays/, models/) go into the wheel
as packages of their own names, trek_replays and trek_models, found with importlib.resources."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["engine*", "studio*", "trek*"]), "trek_replays", "trek_models"],
    package_dir={"trek_replays": "replays", "trek_models": "models"},
)
