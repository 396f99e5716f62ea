"""``python -m duidiao.engine``: the engine line protocol on stdin/stdout (as ``duidiao
engine``)."""

import sys

from .loop import serve

sys.exit(serve())
