"""A push button whose text wraps onto more lines when the panel is narrow (What now's choices
can be long sentences: "Withhold: $320 to the treasury (share value $165→$150)")."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

_PADDING = (10, 5)
"""Horizontal and vertical space between the button's edge and its text."""


class WrappingButton(QPushButton):
    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._label = QLabel(text, self)
        self._label.setWordWrap(True)
        self._label.setTextFormat(Qt.TextFormat.PlainText)
        self._label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(_PADDING[0], _PADDING[1], _PADDING[0], _PADDING[1])
        layout.addWidget(self._label)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def text(self) -> str:  # the whole text, as a QPushButton's
        return self._label.text()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self._label.setText(text)
        self.updateGeometry()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        return self._label.heightForWidth(width - 2 * _PADDING[0]) + 2 * _PADDING[1] + 4

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        hint = self._label.sizeHint()
        return QSize(hint.width() + 2 * _PADDING[0], hint.height() + 2 * _PADDING[1] + 4)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(80, self.fontMetrics().height() + 2 * _PADDING[1] + 4)
