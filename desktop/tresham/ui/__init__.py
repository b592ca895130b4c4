"""The Qt desktop app. It reads the engine's state and sends it actions; it holds no game state."""

from tresham.ui.compat import protect_none

protect_none()
