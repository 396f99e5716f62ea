"""``python -m duidiao.server``: the same as ``duidiao serve``."""

import sys

from ..cli_serve import main

sys.exit(main())
