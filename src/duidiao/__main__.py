"""``python -m duidiao``: the command line (see :mod:`duidiao.cli`)."""

import sys

from .cli import main

sys.exit(main())
