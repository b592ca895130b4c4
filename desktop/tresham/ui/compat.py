"""Works around a fault of the Qt bindings that would otherwise crash the app.

PySide6/shiboken6 6.12.0 returns None from void C++ methods without taking a reference to it.
From Python 3.12 on None is immortal and this is harmless; on Python 3.11 every such call (a
`painter.save()`, a `setPen`...) lowers None's reference count by one, and after a few thousand
calls, a single repaint of the map, CPython frees None and aborts ("none_dealloc: deallocating
None"). Until the bindings are fixed, we give None a reference count so large that no session can
use it up. Only CPython before 3.12 with an affected shiboken6 is touched.
"""

from __future__ import annotations

import ctypes
import platform
import sys

HEADROOM = 1 << 40


def _affected() -> bool:
    if platform.python_implementation() != "CPython" or sys.version_info >= (3, 12):
        return False
    try:
        import shiboken6
    except ImportError:
        return False
    version = tuple(int(p) for p in shiboken6.__version__.split(".")[:2] if p.isdigit())
    return version >= (6, 12)


def protect_none() -> bool:
    """Raise None's reference count far out of reach of the leak; True if it was needed."""
    if not _affected():
        return False
    refcount = ctypes.c_ssize_t.from_address(id(None))
    if refcount.value < HEADROOM // 2:
        refcount.value += HEADROOM
    return True
