"""The Qt desktop app. It reads the engine's state and sends it actions; it holds no game state."""
