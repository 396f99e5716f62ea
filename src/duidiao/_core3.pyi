"""The three-deck build of the core (setup.py): the very API of duidiao._core, over card sets of
up to three copies of a face."""

from duidiao._core import *  # noqa: F403
