"""``python -m duidiao.server``: the same as ``duidiao serve``."""

import sys

from duidiao.cli.serve import main

sys.exit(main())
