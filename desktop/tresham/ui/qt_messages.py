"""Keep headless runs quiet: drop the one Qt warning the offscreen platform prints on every show.

Why it appears: when a window is shown its layout sets the window's minimum size, after Qt has
made the platform window; Qt passes the new size hints on to the platform, and the offscreen
platform, which has no window manager to tell, warns "This plugin does not support
propagateSizeHints()". On a real display the hints are used, and nothing is printed. Every other
message still reaches the handler that was there before (or standard error, formatted as Qt's).
"""

from __future__ import annotations

import sys
from typing import Any

from PySide6.QtCore import QMessageLogContext, QtMsgType, qFormatLogMessage, qInstallMessageHandler

OFFSCREEN_NOISE = ("This plugin does not support propagateSizeHints()",)

_installed = False


def quiet_offscreen_noise() -> None:
    """Install the filter once; it drops only OFFSCREEN_NOISE."""
    global _installed
    if _installed:
        return
    _installed = True
    previous: Any = None

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if message in OFFSCREEN_NOISE:
            return
        if previous is not None:
            previous(kind, context, message)
        else:
            print(qFormatLogMessage(kind, context, message), file=sys.stderr, flush=True)

    previous = qInstallMessageHandler(handler)
