"""``python -m duidiao.engine``: the engine line protocol on stdin/stdout (as ``duidiao
engine``)."""

import sys

from duidiao.engine.loop import serve

sys.exit(serve())
