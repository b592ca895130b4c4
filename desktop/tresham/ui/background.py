"""Work done off the UI thread (a bot thinking, the advisor weighing moves), so the window never
freezes: each job runs in its own QThread and its result comes back on the UI thread."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QObject, Qt, QThread, Signal


class _Job(QThread):
    finished_with = Signal(object)
    """The job's result, or the exception it raised."""

    def __init__(self, work: Callable[[], Any]) -> None:
        super().__init__()
        self.work = work

    def run(self) -> None:
        try:
            result: Any = self.work()
        except Exception as exc:  # handed to the UI thread, which says what went wrong
            result = exc
        self.finished_with.emit(result)


class Background(QObject):
    """Starts jobs and keeps each alive until it is done; `wait()` before the window goes."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._running: set[_Job] = set()

    def start(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run `work()` on a thread of its own; `done(result or exception)` on the UI thread.
        `work` must touch nothing the UI thread uses (give it its own copy of the game)."""
        job = _Job(work)
        self._running.add(job)

        def finish(result: Any) -> None:
            self._running.discard(job)
            job.wait()
            job.deleteLater()
            done(result)

        # Queued: `finish` runs on the UI thread, where the job object lives.
        job.finished_with.connect(finish, Qt.ConnectionType.QueuedConnection)
        job.start(QThread.Priority.LowPriority)

    def wait(self) -> None:
        """Block until every job has finished (their results are dropped)."""
        for job in list(self._running):
            job.finished_with.disconnect()
            job.wait()
        self._running.clear()
