"""``python -m duidiao``: the command line (see :mod:`duidiao.cli`)."""

import sys

from duidiao.cli import main

sys.exit(main())
