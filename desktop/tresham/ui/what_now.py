"""The "what now" panel: who acts, the situation in a sentence, and only the legal choices.

Every control stands for one or more of `game.choices()`; pressing it calls
`GameSession.choose`, the same path the tests drive. Controls are rebuilt from the engine's
choices after every change, so nothing illegal is ever offered. Tile lays and stations are made
on the map (the panel says so); routes are proposed by the engine's route finder.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox, QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QScrollArea, QSizePolicy,
    QSpinBox, QVBoxLayout, QWidget,
)

from tresham.ui.text import (
    end_reason_words, literal, sentence, side_words, train_button_labels)
from tresham.ui.wrapping_button import WrappingButton
from tresham.engine.actions import (
    Action, Bankrupt, Bid, BuyCompany, BuyPrivate, BuyShare, BuyTrain, CutPrice, DiscardTrain,
    Dividend, LayTile, Par, Pass, PlaceBonusToken, PlaceToken, RunRoutes, SellPrivate,
    SellShares, TakeLoan,
)
from tresham.engine.errors import IllegalAction
from tresham.engine.game import Game
from tresham.engine.market import StockMarket
from tresham.engine.rounds.base import Choice
from tresham.engine.rounds.open_auction import OpenBidsAuction
from tresham.engine.rounds.stock import StockRound
from tresham.engine.shares import Shares
from tresham.engine.snapshot import clone
from tresham.engine.routes.revenue import UnknownStop, train_names_on
from tresham.engine.state import BANK, IPO, MARKET, TrainName
from tresham.engine.trains import Trains, card_words, declared_name, train_name
from tresham.ui import palette
from tresham.ui.palette import route_colour
from tresham.ui.board_controller import BoardController
from tresham.ui.session import GameSession


def choice_key(choice: Choice) -> tuple[Any, ...]:
    """A hashable identity of a choice (its fields are a mapping)."""
    return (choice.action.TYPE, tuple(sorted((k, repr(v)) for k, v in choice.fields.items())),
            choice.price_range)


def action_matches(choice: Choice, action: Action) -> bool:
    """Whether making `choice` can produce `action`: same kind and fixed fields, a price in its
    range, routes as drawn, and every other field left at its default."""
    if type(action) is not choice.action:
        return False
    free = {"entity", "routes"} | ({"price"} if choice.price_range is not None else set())
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if f.name in choice.fields:
            if value != choice.fields[f.name]:
                return False
        elif f.name not in free and (f.default is dataclasses.MISSING or value != f.default):
            return False
    if choice.price_range is not None:
        low, high = choice.price_range
        price = getattr(action, "price")
        return bool(low <= price <= high and (price - low) % choice.price_step == 0)
    return True


def after(game: Game, action: Action) -> Game | None:
    """The game as it would be after `action` (a look-ahead copy), or None when refused."""
    trial = clone(game)
    try:
        trial.process(action)
    except IllegalAction:
        return None
    return trial


def price_after_sale(game: Game, corp_id: str, percent: int) -> int:
    """The share value after selling `percent` (one row down per 10%, 3.2(a)), worked out on
    copies so the game is untouched."""
    corp = dataclasses.replace(game.state.corporations[corp_id])
    scratch = dataclasses.replace(game.state, corporations={}, players=[], privates={})
    market = StockMarket(game.title.market, scratch)
    market.move_down(corp, Shares(game).count(corp, percent))
    return market.price(corp)


@runtime_checkable
class PriceCutAuction(Protocol):
    """A round selling items at prices that players cut step by step (1848 3.1's Dutch
    auction): what the panel asks of it to show the falling prices."""

    def unsold(self) -> list[str]: ...
    def price(self, company: str) -> int: ...
    def floor(self, company: str) -> int: ...


@dataclass
class Control:
    """Widgets standing for some choices; `trigger(choice, price)` makes one."""

    choices: list[Choice]
    widgets: list[QWidget] = field(default_factory=list)


MAX_BONUS_BUTTONS = 6
"""Beyond this many cities a bonus token's city is chosen from a list, not a button each."""


class WhatNowPanel(QWidget):
    """Rebuilt from the engine after every change; see the module docstring.

    Three fixed places and one that scrolls: who acts (top), the situation and the choices
    (scrolling), the last message (under them) and the turn's closing actions, such as Pass
    or Run (bottom). A long list or a wrapped message never moves or hides the closing
    actions."""

    scores_requested = Signal()
    present_requested = Signal()

    def __init__(self, session: GameSession, board: BoardController) -> None:
        super().__init__()
        self.session = session
        self.board = board
        self.controls: list[Control] = []
        """Legal moves the engine does not list as choices (trading privates between players)."""
        self.buttons: dict[str, QPushButton] = {}
        self.proposed_routes: tuple[tuple[str, tuple[str, ...]], ...] | None = None
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.viewport().installEventFilter(self)
        self.head = QWidget()
        self.message = QLabel()
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.setContentsMargins(10, 4, 10, 4)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.foot = QWidget()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addWidget(self.head)
        outer.addWidget(self.scroll_area, 1)
        outer.addWidget(self.message)
        outer.addWidget(self.foot)
        self.setMinimumWidth(330)
        self._key: tuple[Any, ...] | None = None
        self._place: tuple[Any, ...] | None = None
        self.route_problem: QLabel | None = None
        # Filled by the window's first refresh (`RouteWarmup`: not before it may read choices).

    def body(self) -> QWidget | None:
        """The scrolling part: the situation and the choices."""
        return self.scroll_area.widget()

    def footer_buttons(self) -> list[QPushButton]:
        return self.foot.findChildren(QPushButton)

    # Messages ---------------------------------------------------------------------------------

    def say(self, text: str, refused: bool = False) -> None:
        """Show a message here and in the move bar (the board controller holds it)."""
        self.board.reset(text, refused)

    def offered(self) -> list[Choice]:
        """The choices the panel offers now, through enabled controls, each once (a choice may
        have two controls: a button and a way through the map)."""
        result: dict[tuple[Any, ...], Choice] = {}
        for control in self.controls:
            if any(w.isEnabled() for w in control.widgets):
                for choice in control.choices:
                    result.setdefault(choice_key(choice), choice)
        return list(result.values())

    def control_for(self, action: Action) -> tuple[Control, Choice] | None:
        for control in self.controls:
            for choice in control.choices:
                if action_matches(choice, action):
                    return control, choice
        return None

    # Making a choice --------------------------------------------------------------------------

    def make(self, choice: Choice, **extra: Any) -> bool:
        """What every button calls: make the choice through the session, or show the refusal."""
        before = len(self.session.game.state.log)
        try:
            action = self.session.choose(choice, **extra)
        except IllegalAction as exc:
            self.say(sentence(str(exc)), refused=True)
            return False
        self.done(action, before)
        return True

    def done(self, action: Action, log_before: int) -> None:
        """Confirm a move with the log lines it wrote, in the panel and the move bar."""
        lines = self.session.history.game.state.log[log_before:]
        text = "; ".join(lines[:3]) + ("…" if len(lines) > 3 else "") if lines \
            else describe_done(action)
        self.board.reset(sentence(text))

    def press(self, action: Action) -> bool:
        """Make `action` by pressing the panel's control for it (tests and keyboard use)."""
        found = self.control_for(action)
        if found is None:
            return False
        control, choice = found
        if action.entity != self.session.entity_for(choice):
            return self._apply(action)  # a private sold to a player the panel lets one choose
        extra = {name: value for name, value in action.to_json_fields().items()
                 if name != "entity" and name not in choice.fields}
        return self.make(choice, **extra)

    # Building ---------------------------------------------------------------------------------

    def refresh(self) -> None:
        session = self.session
        game = session.game
        message, refused = self.board.message, self.board.refused
        key = (id(game), len(session.actions), session.viewing, message, refused,
               self.board.routes.version)
        if key == self._key:
            return
        self._key = key
        # The same decision redrawn (a route edited, a refusal shown) keeps its scroll position;
        # a new entity or step starts at the top.
        step = getattr(game.round, "step", None)
        place = (id(game.round), game.acting, getattr(step, "name", None), session.viewing)
        bar = self.scroll_area.verticalScrollBar()
        scroll = bar.value() if place == self._place else 0
        self._place = place
        body = self._new_body()
        self._header(game)
        self.message.setText(message)
        colour = palette.REFUSED if refused else "#2b6a2b"
        self.message.setStyleSheet(f"color: {colour}; font-weight: bold;")
        self.message.setVisible(bool(message))
        if not session.live:
            self._past()
        elif game.state.finished:
            self._finished(game)
        else:
            self._choices(game)
        self.layout_.addStretch(1)
        self.scroll_area.setWidget(body)
        self.foot.setVisible(self.footer.count() > 0)
        # Settle the fixed parts now, so the scroll range below is the viewport's real one.
        outer = self.layout()
        if outer is not None:
            outer.activate()
        self._fit_body()
        if scroll:
            body.resize(self.scroll_area.viewport().width(),
                        max(self.scroll_area.viewport().height(), body.minimumHeight()))
            bar.setRange(0, max(0, body.height() - self.scroll_area.viewport().height()))
            bar.setValue(scroll)
            # The fixed parts may take their final heights only once laid out: scroll again then.
            QTimer.singleShot(0, self, lambda: bar.setValue(scroll))

    def wait(self, game: Game, text: str) -> None:
        """Show who acts and `text` while the window waits for the engine's answer (the best
        routes found off the UI thread); the next `refresh` shows the choices."""
        self._key = None
        body = self._new_body()
        self._header(game)
        self.layout_.addWidget(self._label(text))
        self.layout_.addStretch(1)
        self.scroll_area.setWidget(body)
        self.message.setVisible(False)
        self.foot.setVisible(False)

    def _new_body(self) -> QWidget:
        """Empty fixed parts and a new body (its layout `self.layout_`), to fill; the
        controls, buttons and routes of the body before forgotten."""
        self.controls = []
        self.buttons = {}
        self.proposed_routes = None
        self.route_problem = None
        self.head_layout = self._renew("head", 10, 8, 10, 4)
        self.footer = self._renew("foot", 10, 4, 10, 8)
        body = QWidget()
        body.setObjectName("WhatNow")
        self.layout_ = QVBoxLayout(body)
        self.layout_.setContentsMargins(10, 4, 10, 8)
        self.layout_.setSpacing(6)
        return body

    def _renew(self, name: str, *margins: int) -> QVBoxLayout:
        """A fresh, empty layout for the fixed part `name` ("head" or "foot")."""
        old = getattr(self, name)
        new = QWidget()
        layout = QVBoxLayout(new)
        layout.setContentsMargins(*margins)
        layout.setSpacing(6)
        outer = self.layout()
        assert isinstance(outer, QVBoxLayout)
        outer.replaceWidget(old, new)
        new.show()
        old.hide()
        old.deleteLater()
        setattr(self, name, new)
        return layout

    def _fit_body(self) -> None:
        """Give the body the height its wrapped text needs at the panel's width, so the panel
        scrolls instead of squeezing labels (QScrollArea ignores height-for-width)."""
        body = self.scroll_area.widget()
        if body is None:
            return
        # The text wraps at the viewport's width, less the scroll bar that may appear.
        width = self.scroll_area.viewport().width() - \
            self.scroll_area.verticalScrollBar().sizeHint().width()
        margins = self.layout_.contentsMargins()
        text_width = width - margins.left() - margins.right()
        for index in range(self.layout_.count()):
            item = self.layout_.itemAt(index)
            label = item.widget() if item is not None else None
            # The box layout hands wrapped labels their one-line height; reserve what they need.
            if isinstance(label, QLabel) and label.wordWrap():
                label.setMinimumHeight(label.heightForWidth(text_width))
            elif isinstance(label, WrappingButton):
                label.setMinimumHeight(label.heightForWidth(text_width))
        layout = body.layout()
        if layout is not None and layout.hasHeightForWidth():
            body.setMinimumHeight(layout.heightForWidth(width))
        else:
            body.setMinimumHeight(body.sizeHint().height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        # The text wraps at the scroll area's width: refit once that width is known, which is
        # after the panel's own resize.
        if watched is self.scroll_area.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_body()
        return False

    def _label(self, text: str, rich: bool = False) -> QLabel:
        label = QLabel(text)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
        label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        return label

    def _header(self, game: Game) -> None:
        acting = game.acting
        if game.state.finished:
            title = "The game is over"
            colour, text_colour = "#3b3b3b", "#ffffff"
        elif acting in game.state.corporations:
            definition = game.title.corporations[acting]
            colour, text_colour = definition.colour, definition.text_colour
            title = f"{acting} · {definition.name}"
        else:
            colour, text_colour = "#fffdf6", palette.TEXT
            title = f"{acting} to act"
        where = _round_words(game)
        header = self._label(
            f"<div style='font-size:15px;'><b>{_escape(title)}</b></div>"
            f"<div>{_escape(where)}</div>", rich=True)
        header.setObjectName("header")
        header.setStyleSheet(f"#header {{ background: {colour}; color: {text_colour}; "
                             "padding: 6px; border: 1px solid #c9c4b5; border-radius: 3px; }")
        self.head_layout.addWidget(header)
        if acting in game.state.corporations:
            president = Shares(game).president(game.state.corporations[acting])
            corp = game.state.corporations[acting]
            cash = game.state.player(president).cash if president else 0
            status = game.rules.corporation_status(acting)
            who = f"President {president} ({game.money(cash)}) decides" if president else \
                "No president: the corporation acts by itself"
            self.head_layout.addWidget(self._label(
                f"{who}. Treasury {game.money(corp.treasury)}; "
                f"trains: {', '.join(train_name(t) for t in corp.trains) or 'none'}"
                + (f"; {status}." if status else ".")))

    def _past(self) -> None:
        count = self.session.viewing or 0
        banner = self._label(f"Looking back: the game after {count} of "
                             f"{len(self.session.history.actions)} actions. Nothing can be "
                             "changed here.")
        banner.setStyleSheet(f"background: {palette.PENDING}; color: black; padding: 6px;"
                             "font-weight: bold;")
        self.layout_.addWidget(banner)
        back = QPushButton("Back to the present (Alt+End)")
        back.clicked.connect(self.present_requested.emit)
        self.buttons["present"] = back
        self.layout_.addWidget(back)

    def _finished(self, game: Game) -> None:
        scores = sorted(game.scores().items(), key=lambda kv: -kv[1])
        reason = end_reason_words(game) or str(game.state.end_reason or "")
        self.layout_.addWidget(self._label(f"Why it ended: {reason}"))
        for rank, (player, value) in enumerate(scores, 1):
            self.layout_.addWidget(self._label(f"{rank}. {player}: {game.money(value)}"))
        button = QPushButton("Final scores and chart…")
        button.clicked.connect(self.scores_requested.emit)
        self.buttons["scores"] = button
        self.layout_.addWidget(button)

    # The choices ------------------------------------------------------------------------------

    def _choices(self, game: Game) -> None:
        choices = game.choices()
        by_type: dict[type[Action], list[Choice]] = {}
        for choice in choices:
            by_type.setdefault(choice.action, []).append(choice)
        self._situation(game, by_type)
        if isinstance(game.round, PriceCutAuction):
            self._price_cuts(game, game.round, by_type)
        elif BuyPrivate in by_type:
            for choice in by_type[BuyPrivate]:
                self._button(choice, choice.text)
        for choice in by_type.get(Bid, []):
            self._price_row(choice, _short_bid_words(game, choice), "Bid",
                            choice.price_range[0] if choice.price_range else 0,
                            tip=_bid_words(game, choice))
        if {Par, BuyShare} & set(by_type) or (SellShares in by_type
                                                and game.round.kind == "stock"):
            self._stock_grid(game, by_type)
        if SellPrivate in by_type:
            self._private_trades(game, by_type[SellPrivate])
        for choice in by_type.get(LayTile, []):
            self._track(choice)
        if PlaceToken in by_type:
            self._stations(game, by_type[PlaceToken])
        if PlaceBonusToken in by_type:
            self._bonus_tokens(game, by_type[PlaceBonusToken])
        if RunRoutes in by_type:
            self._routes(game, by_type[RunRoutes])
        if Dividend in by_type:
            self._dividend(game, by_type[Dividend])
        self._forced_purchase(game)
        if BuyTrain in by_type:
            self._trains(game, by_type[BuyTrain])
        if TakeLoan in by_type:
            self._loans(game, by_type[TakeLoan])
        if game.round.kind == "operating" and SellShares in by_type:
            self.layout_.addWidget(self._section("Sell shares to raise the money"))
            for choice in by_type[SellShares]:
                self._button(choice, self._sale_words(game, choice))
        if BuyCompany in by_type:
            self.layout_.addWidget(self._section("Buy a private company from its owner"))
        for choice in by_type.get(BuyCompany, []):
            low = choice.price_range[0] if choice.price_range else 0
            par = game.title.privates[choice.fields["company"]].par
            self._price_row(choice, f"{choice.fields['company']} from "
                            f"{game.state.privates[choice.fields['company']].owner} "
                            f"(par {game.money(par)})",
                            "Buy",
                            _clamp(par, choice.price_range) if choice.price_range else low)
        for choice in by_type.get(DiscardTrain, []):
            self._button(choice, choice.text)
        for choice in by_type.get(Bankrupt, []):
            button = self._button(choice, choice.text)
            button.setStyleSheet(f"color: {palette.REFUSED}; font-weight: bold;")
        for choice in by_type.get(Pass, []):
            button = self._button(choice, choice.text or "Pass", footer=True)
            button.setObjectName("pass")
            self.buttons["pass"] = button
        known = {BuyPrivate, Bid, Par, BuyShare, SellShares, LayTile, PlaceToken, RunRoutes,
                 Dividend, BuyTrain, BuyCompany, DiscardTrain, Bankrupt, Pass, PlaceBonusToken,
                 SellPrivate, TakeLoan} | ({CutPrice} if isinstance(game.round, PriceCutAuction)
                                           else set())
        for kind, rest in by_type.items():
            if kind not in known:  # a choice a later title adds: still offered, by its text
                for choice in rest:
                    self._button(choice, choice.text or kind.TYPE)

    def _section(self, text: str) -> QLabel:
        label = self._label(text)
        label.setStyleSheet("font-weight: bold; margin-top: 6px;")
        return label

    def _button(self, choice: Choice, text: str, footer: bool = False,
                **extra: Any) -> QPushButton:
        """A button for one choice, in the list or (`footer`) among the closing actions."""
        button = WrappingButton(literal(text))
        button.clicked.connect(lambda: self.make(choice, **extra))
        self.controls.append(Control([choice], [button]))
        (self.footer if footer else self.layout_).addWidget(button)
        return button

    def _price_row(self, choice: Choice, text: str, verb: str, start: int,
                   tip: str = "") -> QSpinBox:
        assert choice.price_range is not None
        low, high = choice.price_range
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        label = self._label(text)
        label.setToolTip(tip)
        spin = QSpinBox()
        spin.setPrefix(self.session.game.title.info.currency)
        spin.setRange(low, high)
        spin.setSingleStep(choice.price_step)
        spin.setValue(_clamp(start, (low, high)))
        spin.setToolTip(f"Any amount from {self.session.game.money(low)} to "
                        f"{self.session.game.money(high)}")
        spin.setMinimumWidth(80)
        button = QPushButton(literal(verb))
        button.clicked.connect(lambda: self.make(choice, price=spin.value()))
        spin.lineEdit().returnPressed.connect(button.click)
        layout.addWidget(label, 1)
        layout.addWidget(spin)
        layout.addWidget(button)
        self.controls.append(Control([choice], [button]))
        self.layout_.addWidget(row)
        return spin

    # Situations -------------------------------------------------------------------------------

    def _situation(self, game: Game, by_type: dict[type, list[Choice]]) -> None:
        round_ = game.round
        auction = getattr(round_, "auction", None)
        text = ""
        if auction is not None:
            name = game.title.privates[auction.company].name
            text = (f"Auction of {auction.company} ({name}, par "
                    f"{game.money(game.title.privates[auction.company].par)}) among "
                    f"{', '.join(auction.bidders)}. High bid {game.money(auction.high_bid)} by "
                    f"{auction.high_bidder}. Raise by at least {game.money(5)} or pass.")
        elif isinstance(round_, OpenBidsAuction):
            text = _open_auction_words(game, round_)
        elif round_.kind == "stock" and getattr(round_, "private_turns", False):
            lines = ["Private companies for sale: buy the cheapest at its price, bid on another "
                     "(it is auctioned when it becomes the cheapest), or pass."]
            for private in sorted(game.state.privates.values(),
                                  key=lambda p: game.title.privates[p.id].par):
                if private.owner != BANK or private.closed:
                    continue
                definition = game.title.privates[private.id]
                bids = ", ".join(f"{who} {game.money(amount)}" for who, amount in private.bids)
                lines.append(f"• {private.id} {definition.name}: {game.money(definition.par)}, "
                             f"earns "
                             f"{game.money(definition.revenue)}"
                             + (f"; bids: {bids}" if bids else ""))
            text = "\n".join(lines)
        elif round_.kind == "stock":
            player = game.acting or ""
            cash = game.state.player(player).cash if player else 0
            count = game.rules.certificate_count(player) if player else 0
            limit = game.rules.certificate_limit(player) if player else 0
            turn = getattr(round_, "turn", None)
            done = " Already bought this turn." if turn is not None and turn.bought else ""
            text = (f"{player} has {game.money(cash)} and {count} of {limit} certificates.{done} "
                    "Buy one certificate, sell any, or pass.")
        else:
            text = _step_words(game, _step_name(game))
        if text:
            self.layout_.addWidget(self._label(text))

    def _stock_grid(self, game: Game, by_type: dict[type, list[Choice]]) -> None:
        market = StockMarket(game.title.market, game.state)
        per_corp: dict[str, dict[str, list[Choice]]] = {}
        for kind, name in ((Par, "par"), (BuyShare, "buy"), (SellShares, "sell")):
            for choice in by_type.get(kind, []):
                corp = choice.fields["corporation"]
                per_corp.setdefault(corp, {}).setdefault(name, []).append(choice)
        if not per_corp:
            return
        self.layout_.addWidget(self._section("Shares"))
        grid_widget = QWidget()
        grid = QGridLayout(grid_widget)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        order = list(game.title.corporations)
        row = 0
        for corp_id in sorted(per_corp, key=order.index):
            corp = game.state.corporations[corp_id]
            definition = game.title.corporations[corp_id]
            badge = QLabel(corp_id)
            badge.setAlignment(Qt.AlignmentFlag.AlignCenter)
            badge.setMinimumWidth(44)
            badge.setStyleSheet(f"background: {definition.colour}; color: "
                                f"{definition.text_colour}; font-weight: bold; padding: 3px;")
            badge.setToolTip(definition.name)
            options = per_corp[corp_id]
            lines = int("par" in options or "buy" in options) + int("sell" in options)
            grid.addWidget(badge, row, 0, max(1, lines), 1)
            if "par" in options:
                combo = _combo()
                bought = isinstance(game.round, OpenBidsAuction)  # a presidency (18VA 4.1)
                for choice in options["par"]:
                    price = choice.fields["price"]
                    cost = Shares(game).worth(corp, corp.share_sizes[0], price)
                    combo.addItem(f"par {game.money(price)} (the bank pays {corp_id} "
                                  f"{game.money(cost)})"
                                  if bought else
                                  f"par {game.money(price)} (pay {game.money(cost)})",
                                  choice)
                button = QPushButton("Start")
                button.setToolTip(f"Set the par value of {definition.name}" if bought else
                                  f"Buy the president's certificate of {definition.name} "
                                  "and set its par value")
                button.clicked.connect(lambda _=False, c=combo: self.make(c.currentData()))
                grid.addWidget(_pair(combo, button), row, 1, 1, 2)
                self.controls.append(Control(list(options["par"]), [button]))
            for choice in options.get("buy", []):
                source = choice.fields["source"]
                round_ = game.round
                price = round_.certificate_price(corp, source) \
                    if isinstance(round_, StockRound) else market.price(corp)
                treasury = game.title.info.capitalization == "incremental"  # 18VA 4.3.2
                where = ("treasury" if treasury else "IPO") if source == IPO else "market"
                button = QPushButton(f"Buy {where} {game.money(price)}")
                button.setToolTip(f"Buy a {corp_id} share from the " + (
                    ("corporation's treasury" if treasury else "initial offering")
                    if source == IPO else "open market"))
                button.clicked.connect(lambda _=False, c=choice: self.make(c))
                grid.addWidget(button, row, 1 if source == IPO else 2)
                self.controls.append(Control([choice], [button]))
            if "par" in options or "buy" in options:
                row += 1
            if "sell" in options:
                combo = _combo()
                for choice in options["sell"]:
                    combo.addItem(self._sale_words(game, choice, short=True), choice)
                button = QPushButton("Sell")
                button.clicked.connect(lambda _=False, c=combo: self.make(c.currentData()))
                grid.addWidget(_pair(combo, button), row, 1, 1, 2)
                self.controls.append(Control(list(options["sell"]), [button]))
                row += 1
        self.layout_.addWidget(grid_widget)

    def _sale_words(self, game: Game, choice: Choice, short: bool = False) -> str:
        corp_id = choice.fields["corporation"]
        percent = choice.fields["percent"]
        corp = game.state.corporations[corp_id]
        market = StockMarket(game.title.market, game.state)
        entity = self.session.entity_for(choice) or ""
        price = Shares(game).worth(corp, percent, market.price(corp))
        after_sale = price_after_sale(game, corp_id, percent)
        drop = f", value {game.money(market.price(corp))}→{game.money(after_sale)}"
        if short:  # fits the stock grid's narrow box
            return f"{percent}%: {game.money(price)}, value →{game.money(after_sale)}"
        return f"{entity} sells {percent}% of {corp_id} for {game.money(price)}{drop}"

    def _private_trades(self, game: Game, choices: list[Choice]) -> None:
        """3.2(b): players trade privates at an agreed price. The acting player may buy one
        from its owner, or sell his own to any other player, who is chosen here."""
        acting = game.acting
        players = [p.name for p in game.state.players]
        trades: list[tuple[str, str, str]] = []  # (buyer, company, seller)
        for choice in choices:
            company, seller = choice.fields["company"], choice.fields["seller"]
            buyers = [p for p in players if p != seller] if seller == acting else [acting]
            trades.extend((str(buyer), company, seller) for buyer in buyers)
        if not trades:
            return
        self.layout_.addWidget(self._section("Trade a private company (agreed price)"))
        combo = _combo()
        for buyer, company, seller in trades:
            combo.addItem(f"{buyer} buys {company} from {seller}", (buyer, company, seller))
        spin = QSpinBox()
        spin.setPrefix(game.title.info.currency)
        spin.setRange(1, 10_000)
        spin.setValue(game.title.privates[trades[0][1]].par)
        combo.currentIndexChanged.connect(
            lambda _: spin.setValue(game.title.privates[combo.currentData()[1]].par))
        button = QPushButton("Trade")

        def trade() -> None:
            buyer, company, seller = combo.currentData()
            self._apply(SellPrivate(buyer, company, seller, spin.value()))

        button.clicked.connect(trade)
        self.layout_.addWidget(combo)
        self.layout_.addWidget(_pair(spin, button))
        self.controls.append(Control(list(choices), [combo, spin, button]))

    def _apply(self, action: Action) -> bool:
        """Apply an action the panel composed itself, or show the refusal."""
        before = len(self.session.game.state.log)
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.say(sentence(str(exc)), refused=True)
            return False
        self.done(action, before)
        return True

    # Operating steps --------------------------------------------------------------------------

    def _track(self, choice: Choice) -> None:
        company = choice.fields.get("ability")
        if company is None:
            hint = self._label("Lay track: drag a tile from the Tiles panel onto a lit hex, or "
                               "click a hex to see the tiles that fit there.")
            hint.setStyleSheet(f"color: {palette.LEGAL};")
            self.layout_.addWidget(hint)
            self.controls.append(Control([choice], [hint]))
            return
        game = self.session.game
        lays = self.board.ability_lays(company)
        tiles = sorted({tile for options in lays.values() for tile in options})
        private = game.title.privates.get(company)
        params: dict[str, Any] = {}
        for ability in private.abilities if private else ():
            if ability.type == "tile_lay":
                params = dict(ability.params)
        terms = [words for flag, words in (
            (params.get("free"), "free of terrain costs"),
            (params.get("connected") is False, "no connection needed"),
            (params.get("extra"), "in addition to the normal tile lay")) if flag]
        what = f"tile {', '.join(tiles)}" if tiles else "a tile"
        self.layout_.addWidget(self._section(
            f"{company}" + (f" ({private.name})" if private else "") + f": lay {what}"))
        if lays:
            note = self._label(f"Possible in {', '.join(sorted(lays))}"
                               + (f"; {', '.join(terms)}." if terms else "."))
            self.layout_.addWidget(note)
        button = QPushButton(literal(f"Lay {what} with {company}"))
        button.setToolTip(f"Uses {company}'s tile lay: its hexes light up on the map; click one "
                          "or drag the tile there")
        button.clicked.connect(lambda: self.board.use_ability(company))
        button.setEnabled(bool(lays))
        self.buttons[f"ability {company}"] = button
        self.layout_.addWidget(button)
        self.controls.append(Control([choice], [button]))

    def _bonus_tokens(self, game: Game, choices: list[Choice]) -> None:
        """A private company's bonus token (18AL's S&NA coal token): each hex the engine allows
        as a button, and a map mode where the lit hexes are clicked."""
        corp_id = game.acting or ""
        by_company: dict[str, list[Choice]] = {}
        for choice in choices:
            by_company.setdefault(choice.fields["company"], []).append(choice)
        for company, options in by_company.items():
            private = game.title.privates.get(company)
            amount = 0
            for ability in private.abilities if private else ():
                if ability.type == "assign_bonus":
                    amount = int(ability.params.get("amount", 0))
            self.layout_.addWidget(self._section(
                f"{company}'s token" + (f" ({private.name})" if private else "")))
            self.layout_.addWidget(self._label(
                f"Put it in one of these cities: each {corp_id} route stopping there earns "
                f"{game.money(amount)} more. It cannot be moved."))
            on_map = QPushButton("Choose the city on the map")
            on_map.setToolTip("The cities it may go to light up; click one, then confirm")
            on_map.clicked.connect(lambda _=False, c=company: self.board.place_bonus(c))
            self.buttons[f"bonus {company}"] = on_map
            self.layout_.addWidget(on_map)
            self.controls.append(Control(list(options), [on_map]))
            if len(options) > MAX_BONUS_BUTTONS:
                # Any city of the map (18VA's REA): one row, the city chosen in a list.
                combo = _combo()
                for choice in options:
                    hex_id = choice.fields["hex"]
                    name = game.title.map.hexes[hex_id].name
                    combo.addItem(f"{name} ({hex_id})" if name else hex_id, choice)
                place = QPushButton(f"Place (+{game.money(amount)})")
                place.clicked.connect(lambda _=False, c=combo: self.make(c.currentData()))
                self.layout_.addWidget(_pair(combo, place))
                self.controls.append(Control(list(options), [place]))
                self.buttons[f"bonus {company} list"] = place
                continue
            for choice in options:
                hex_id = choice.fields["hex"]
                name = game.title.map.hexes[hex_id].name
                button = self._button(choice, f"Place {company}'s token in {hex_id}"
                                      + (f" {name}" if name else "") + f" (+{game.money(amount)})")
                self.buttons[f"bonus {company} {hex_id}"] = button

    def _stations(self, game: Game, choices: list[Choice]) -> None:
        extras: dict[str, list[Choice]] = {}
        for choice in choices:
            company = choice.fields.get("ability")
            private = game.title.privates.get(company) if company is not None else None
            if company is not None and private is not None and any(
                    a.type == "station" and a.params.get("extra_slot")
                    for a in private.abilities):
                extras.setdefault(company, []).append(choice)
        ordinary = [c for c in choices if not any(c in group for group in extras.values())]
        if ordinary:
            self.layout_.addWidget(self._label("Place a station: drag the next token from the "
                                               "Operating panel onto a lit city, or choose "
                                               "here."))
        for choice in ordinary:
            self._button(choice, choice.text + _objective_words(game, choice))
        for company, group in extras.items():
            self._extra_station_row(game, company, group)

    def _extra_station_row(self, game: Game, company: str, choices: list[Choice]) -> None:
        """A private's extra station (18VA's Potomac Yards): one row, the hex chosen in a list."""
        private = game.title.privates.get(company)
        self.layout_.addWidget(self._section(f"{company}'s extra station"))
        on_map = QPushButton("Choose the city on the map")
        on_map.setToolTip("The cities it may go to light up; click one, then confirm")
        on_map.clicked.connect(lambda _=False, c=company: self.board.place_extra_station(c))
        self.buttons[f"extra station {company} map"] = on_map
        self.layout_.addWidget(on_map)
        self.controls.append(Control(list(choices), [on_map]))
        combo = _combo()
        for choice in choices:
            hex_id = choice.fields["hex"]
            name = game.title.map.hexes[hex_id].name
            combo.addItem(f"{name} ({hex_id})" if name else hex_id, choice)
        button = QPushButton("Place")
        if private is not None:
            button.setToolTip(f"{private.name}: {private.description}")
        button.clicked.connect(lambda _=False, c=combo: self.make(c.currentData()))
        self.layout_.addWidget(_pair(combo, button))
        self.controls.append(Control(list(choices), [button]))
        self.buttons[f"extra station {company}"] = button

    def _routes(self, game: Game, choices: list[Choice]) -> None:
        """The trains' routes, proposed by the engine and edited on the map (`RouteEditor`):
        one row per train in its map colour, the total, the engine's refusal if any, and Run."""
        corp_id = game.acting or ""
        editor = self.board.routes
        ready = [c for c in choices if c.fields.get("routes")]
        free = [c for c in choices if not c.fields.get("routes")]
        best: tuple[tuple[str, tuple[str, ...]], ...] = ()
        if ready:
            best = tuple(ready[0].fields["routes"])
        elif free:
            try:  # an engine that does not propose routes itself: ask the route finder
                _, best = best_routes_for(game, corp_id)
            except Exception as exc:  # the route finder is optional; never let it stop play
                self.layout_.addWidget(self._label(f"No routes are proposed ({exc})."))
        editor.sync(best)
        self.proposed_routes = editor.routes()
        self.layout_.addWidget(self._section("Run trains"))
        hint = self._label("Choose a train, then click stops on the map: a stop beyond either "
                           "end of its route extends it; a ringed end stop leaves it.")
        hint.setStyleSheet(f"color: {palette.LEGAL};")
        self.layout_.addWidget(hint)
        train_buttons: list[QWidget] = []
        named = train_name_placement(game, corp_id, editor.routes())
        labels = train_button_labels(editor.trains, game.state.train_sides)
        for index, train in enumerate(editor.trains):
            line = editor.line(train)
            colour = route_colour(index)
            chosen = train == editor.selected
            button = QPushButton(labels[train])
            button.setCheckable(True)
            button.setChecked(chosen)
            button.setToolTip("Edit this train's route on the map")
            button.setStyleSheet(
                f"QPushButton {{ background: {colour}; color: white; font-weight: bold; "
                f"border: {3 if chosen else 1}px solid {'#1f1f1f' if chosen else colour}; "
                "border-radius: 3px; padding: 3px 8px; }")
            button.clicked.connect(lambda _=False, t=train: editor.select(t))
            self.buttons[f"train {train}"] = button
            train_buttons.append(button)
            if line.empty:
                words = "stays home"
            else:
                words = " – ".join(f"{name} {game.money(value)}"
                                   for name, value in line.stops)
                # The train's own bonuses (18GB's X distance), named in the Bonuses line.
                extra = line.revenue - sum(value for _, value in line.stops)
                if extra:
                    words += (f" + bonuses {game.money(extra)}" if extra > 0
                              else f" − {game.money(-extra)} (see the bonuses)")
                words += f" = <b>{game.money(line.revenue)}</b>"
                if train in named:
                    words += " + the " + " and ".join(n.name for n in named[train])
            text = self._label(_escape(words).replace("&lt;b&gt;", "<b>")
                               .replace("&lt;/b&gt;", "</b>"), rich=True)
            if chosen:
                text.setStyleSheet(f"border-left: 3px solid {colour}; padding-left: 4px;")
            clear = QPushButton("Clear")
            clear.setToolTip("This train stays home until you click stops for it")
            clear.setEnabled(not line.empty)
            clear.clicked.connect(lambda _=False, t=train: editor.clear(t))
            self.buttons[f"clear {train}"] = clear
            # The train's buttons on a line, its stops below across the panel: a label the
            # panel itself holds is given the height its wrapped text needs (`_fit_body`).
            row = QWidget()
            line_layout = QHBoxLayout(row)
            line_layout.setContentsMargins(0, 0, 0, 0)
            line_layout.setSpacing(6)
            line_layout.addWidget(button)
            line_layout.addStretch(1)
            line_layout.addWidget(clear)
            text.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self.layout_.addWidget(row)
            self.layout_.addWidget(text)
        problem = editor.problem()
        total = editor.total()
        best_total = _routes_value(game, corp_id, best)
        summary = f"<b>Total {game.money(total)}</b>"
        held = [n for n in game.state.train_names if n.corporation == corp_id]
        if held:
            carrier = {name.name: train for train, names in named.items() for name in names}
            lines = [f"{n.name} (+{game.money(n.amount)}, stops in {' and '.join(n.hexes)}): "
                     + (f"on the {carrier[n.name]} train" if n.name in carrier
                        else "no route qualifies")
                     for n in held]
            self.layout_.addWidget(self._label("Train names: " + "; ".join(lines) + "."))
        bonuses = _bonus_words(game, corp_id, editor.routes())
        if bonuses:
            label = self._label("Bonuses: " + "; ".join(bonuses) + ".")
            label.setObjectName("route_bonuses")
            self.layout_.addWidget(label)
        if editor.edited and best:
            summary += f" (the best routes earn {game.money(best_total)})"
        self.layout_.addWidget(self._label(summary, rich=True))
        if problem:
            note = self._label(f"Cannot run: {sentence(problem)}")
            note.setObjectName("route_problem")
            note.setStyleSheet(f"color: {palette.REFUSED}; font-weight: bold;")
            self.layout_.addWidget(note)
            self.route_problem = note
        run = QPushButton(f"Run the best routes for {game.money(total)}" if not editor.edited
                          else f"Run these routes for {game.money(total)}")
        run.setStyleSheet("font-weight: bold;")
        run.setEnabled(problem is None and bool(ready or free))

        def run_routes() -> None:
            routes = editor.routes()
            matching = [c for c in ready if tuple(c.fields["routes"]) == routes]
            if matching:
                self.make(matching[0])
            elif free:
                self.make(free[0], routes=routes)

        run.clicked.connect(run_routes)
        self.buttons["run"] = run
        self.footer.addWidget(run)
        if editor.edited and best:
            back = QPushButton(f"Back to the best routes ({game.money(best_total)})")
            back.clicked.connect(editor.reset)
            self.buttons["best"] = back
            self.layout_.addWidget(back)
        self.controls.append(Control(ready + free, [run, *train_buttons]))

    def _dividend(self, game: Game, choices: list[Choice]) -> None:
        corp_id = game.acting or ""
        corp = game.state.corporations[corp_id]
        revenue = getattr(game.round, "turn").revenue or 0
        shares = Shares(game)
        self.layout_.addWidget(self._section(f"Revenue {game.money(revenue)}: pay out or "
                                             f"withhold?"))
        lines = []
        per_share = revenue // shares.share_count(corp)
        for player in game.state.players:
            percent = shares.percent(corp, player.name)
            if percent:
                lines.append(f"{player.name} ({percent}%) gets "
                             f"{game.money(per_share * shares.count(corp, percent))}")
        market_percent = shares.percent(corp, MARKET)
        if market_percent:
            market_pay = per_share * shares.count(corp, market_percent)
            lines.append(f"{corp_id} gets {game.money(market_pay)} for the "
                         f"{market_percent}% in the open market")
        ipo = shares.percent(corp, IPO)
        if ipo:
            lines.append(f"the {ipo}% in the initial offering earns nothing")
        self.layout_.addWidget(self._label("If paid out: " + "; ".join(lines) + "."))
        market = StockMarket(game.title.market, game.state)
        for choice in choices:
            kind = choice.fields.get("kind")
            trial = after(game, choice.make(corp_id))
            move = ""
            if trial is not None:
                new = StockMarket(trial.title.market, trial.state).price(
                    trial.state.corporations[corp_id])
                move = f" (share value {game.money(market.price(corp))}→{game.money(new)})"
            text = (f"Pay out {game.money(revenue)}{move}" if kind == "payout" else
                    f"Withhold: {game.money(revenue)} to the treasury{move}")
            self.buttons[str(kind)] = self._button(choice, text)

    def _forced_purchase(self, game: Game) -> None:
        """The forced purchase (18GA 4.2.5.1, 18AL 4.2.5.2): what the corporation must buy,
        what the president must add and raise."""
        step = getattr(game.round, "step", None)
        if getattr(step, "name", "") != "trains":
            return
        corp_id = game.acting or ""
        if corp_id not in game.state.corporations:
            return
        corp = game.state.corporations[corp_id]
        trains = Trains(game)
        cite = game.rules.cite("forced_train_purchase")
        if getattr(step, "emergency", lambda: False)():
            cheapest = step.cheapest_bank_train()  # type: ignore[union-attr]
            price = trains.price(cheapest)
            president = Shares(game).president(corp) or ""
            need = price - corp.treasury
            cash = game.state.player(president).cash
            note = self._label(
                f"{corp_id} has no train and must buy one{cite}. The cheapest is the "
                f"{train_name(cheapest)} train for {game.money(price)}; the treasury has "
                f"{game.money(corp.treasury)}, "
                f"so president {president} adds {game.money(need)} and has {game.money(cash)}" +
                (f": {president} must sell shares to raise {game.money(need - cash)} more, or "
                 f"declare "
                 "bankruptcy if even selling everything allowed is not enough." if need > cash
                 else "."))
            note.setStyleSheet(f"border-left: 4px solid {palette.REFUSED}; padding-left: 6px;")
            self.layout_.addWidget(note)
        elif getattr(step, "must_buy", lambda: False)():
            self.layout_.addWidget(self._label(f"{corp_id} has no train and must buy one{cite}."))

    def _trains(self, game: Game, choices: list[Choice]) -> None:
        trains = Trains(game)
        self.layout_.addWidget(self._section("Buy trains"))
        for choice in choices:
            train_id = choice.fields["train"]
            seller = choice.fields.get("seller")
            company = choice.fields.get("ability")
            side = choice.fields.get("side")
            if side is not None:
                self._sided_train(game, choice, train_id, side)
            elif seller is None and company:
                name = trains.definition(train_id).name
                private = game.title.privates.get(company)
                closes = any(a.type == "train_discount" and a.params.get("closes")
                             for a in (private.abilities if private else ()))
                button = self._button(
                    choice,
                    f"Buy a {name} train for {game.money(choice.fields['price'])} with {company}")
                button.setToolTip(
                    f"{company}'s discount: the bank's {name} train (face "
                    f"{game.money(trains.price(train_id))}) for "
                    f"{game.money(choice.fields['price'])}"
                    + (f"; {company} closes" if closes else "") + "."
                    + (f"\n{private.name}: {private.description}" if private else ""))
                self.buttons[f"discount {company}"] = button
            elif seller is None:
                source = "open market" if train_id in game.state.market_trains else "bank"
                name = trains.definition(train_id).name
                self._button(choice, f"Buy a {name} train from the {source} for "
                                     f"{game.money(choice.fields['price'])}")
            else:
                face = trains.price(train_id)
                declared = declared_name(game.state, train_id)
                self._price_row(choice, f"Buy a {declared} train from {seller} "
                                        f"(face {game.money(face)})", "Buy", face)


    def _sided_train(self, game: Game, choice: Choice, train_id: str, side: str) -> None:
        """A two-sided card (18VA 4.5.8), one choice per side: "2/1G card as a 1G (freight)"."""
        trains = Trains(game)
        card = trains.definition(train_id)
        kind = card.side(side).kind
        what = f"{card_words(card)} as {side}" + (f" ({kind})" if kind else " train")
        seller = choice.fields.get("seller")
        company = choice.fields.get("ability")
        if seller is not None:
            face = trains.price(train_id)
            self._price_row(choice, f"{what} from {seller} (face {game.money(face)})", "Buy", face)
            return
        source = " from the open market" if train_id in game.state.market_trains else ""
        via = f" with {company}" if company else ""
        button = self._button(choice, f"{what}{source}: {game.money(choice.fields['price'])}{via}")
        button.setToolTip("\n".join(side_words(s) for s in card.sides) +
                          "\nThe declaration holds until the card is discarded to the pool.")
        self.buttons[f"side {train_id} {side}"] = button

    def _price_cuts(self, game: Game, round_: PriceCutAuction,
                    by_type: dict[type, list[Choice]]) -> None:
        """1848 3.1: each unsold private with its price falling from its face value to its
        floor, and beside it buying at that price or cutting it a step."""
        buys = {c.fields["company"]: c for c in by_type.get(BuyPrivate, [])}
        cuts = {c.fields["company"]: c for c in by_type.get(CutPrice, [])}
        self.layout_.addWidget(self._label(
            "Buy a private company at its price, or lower one price a step toward its floor. "
            "Prices only fall."))
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        for row, company in enumerate(round_.unsold()):
            definition = game.title.privates[company]
            price, floor = round_.price(company), round_.floor(company)
            fallen = price < definition.par
            words = (f"<b>{_escape(company)}</b> {_escape(game.money(price))}"
                     + (f" <s>{_escape(game.money(definition.par))}</s>" if fallen else "")
                     + f"<br><small>floor {_escape(game.money(floor))} · earns "
                     f"{_escape(game.money(definition.revenue))}</small>")
            label = self._label(words, rich=True)
            label.setToolTip(f"{definition.name}: {definition.description}"
                             if getattr(definition, "description", "") else definition.name)
            grid.addWidget(label, row, 0)
            buy, cut = buys.get(company), cuts.get(company)
            if buy is not None:
                grid.addWidget(self._grid_button(buy, f"Buy {game.money(price)}",
                                                 f"buy {company}"), row, 1)
            if cut is not None:
                lower = cut.text.rsplit(" to ", 1)[-1] if " to " in cut.text else "lower"
                grid.addWidget(self._grid_button(cut, f"Lower to {lower}",
                                                 f"cut {company}"), row, 2)
            elif price <= floor:
                grid.addWidget(self._label("at its floor"), row, 2)
        holder = QWidget()
        holder.setLayout(grid)
        self.layout_.addWidget(holder)

    def _grid_button(self, choice: Choice, text: str, key: str) -> QPushButton:
        button = QPushButton(literal(text))
        button.clicked.connect(lambda: self.make(choice))
        self.controls.append(Control([choice], [button]))
        self.buttons[key] = button
        return button

    def _loans(self, game: Game, choices: list[Choice]) -> None:
        """A loan (1848 5.6) with what it does: the borrower's share value, the lender's, and
        the loans the lender has left, worked out on a look-ahead copy."""
        corp_id = game.acting or ""
        self.layout_.addWidget(self._section("Borrow"))
        market = StockMarket(game.title.market, game.state)
        for choice in choices:
            trial = after(game, choice.make(corp_id))
            effects = []
            if trial is not None:
                moved = StockMarket(trial.title.market, trial.state)
                for other in game.state.corporations.values():
                    new = trial.state.corporations[other.id]
                    if other.market_cell is None or new.market_cell is None:
                        continue
                    before, now = market.price(other), moved.price(new)
                    if before != now:
                        effects.append(f"{other.id} {game.money(before)}→{game.money(now)}")
                    if other.id in game.title.banks:
                        left = loans_left(trial, other.id)
                        effects.append(f"{other.id} has {left} loan{'s' * (left != 1)} left")
            text = choice.text + (f" ({'; '.join(effects)})" if effects else "")
            self.buttons["loan"] = self._button(choice, text)
        taken = game.state.loans.get(corp_id, 0)
        if taken:
            self.layout_.addWidget(self._label(
                f"{corp_id} owes {taken} loan{'s' * (taken != 1)} already."))


def loans_left(game: Game, bank_id: str) -> int:
    """The loans a bank company has still to give (its fund less those given)."""
    rules = game.title.banks[bank_id].loans
    return rules.count - sum(game.state.loans.values())


def best_routes_for(game: Game, corp_id: str) -> tuple[int, tuple[tuple[str, tuple[str, ...]],
                                                                 ...]]:
    """The engine's optimal routes, imported late: the route finder may be absent."""
    from tresham.engine.routes.search import best_routes
    revenue, routes = best_routes(game, corp_id)
    return revenue, tuple((train, tuple(points)) for train, points in routes)


def _routes_value(game: Game, corp_id: str,
                  routes: tuple[tuple[str, tuple[str, ...]], ...]) -> int:
    """What routes earn together, by the engine's count (0 when it cannot say)."""
    try:
        from tresham.engine.routes.revenue import routes_revenue
        return routes_revenue(game, corp_id, routes) if routes else 0
    except Exception:  # a value for the panel must never stop play
        return 0


def _bonus_words(game: Game, corp_id: str,
                 routes: tuple[tuple[str, tuple[str, ...]], ...]) -> list[str]:
    """The title's bonuses beyond the stops for these routes (18GB's network bonus), in words;
    none when they cannot be said."""
    try:
        from tresham.engine.routes.revenue import routes_bonus_words
        return routes_bonus_words(game, corp_id, routes) if routes else []
    except Exception:  # words for the panel must never stop play
        return []


def describe_done(action: Action) -> str:
    """A short confirmation of what was just done."""
    words = type(action).TYPE.replace("_", " ")
    return f"Done: {action.entity} — {words}."


def _objective_words(game: Game, choice: Choice) -> str:
    """A station that reaches the corporation's historical objective says what it pays."""
    corp_id = game.acting or ""
    definition = game.title.corporations.get(corp_id)
    objective = getattr(definition, "objective", None)
    state = game.state.corporations.get(corp_id)
    if objective is None or state is None or state.objective_reached or \
            choice.fields.get("hex") != objective.hex:
        return ""
    return (f" — reaches {corp_id}'s historical objective: +{game.money(objective.reward)} "
            "from the bank")


def train_name_placement(game: Game, corp_id: str,
                         routes: tuple[tuple[str, tuple[str, ...]], ...]
                         ) -> dict[str, tuple[TrainName, ...]]:
    """{train id: names}: which train carries which of the corporation's train names on these
    routes, the engine's answer (`revenue.train_names_on`), so the panel shows what the run
    will be paid for."""
    if not routes or not any(n.corporation == corp_id for n in game.state.train_names):
        return {}
    try:
        return train_names_on(game, corp_id, routes)
    except UnknownStop:  # a route being edited that names no stop on the board: no names
        return {}


def _round_words(game: Game) -> str:
    round_ = game.round
    if game.state.finished:
        return f"after {round_.name}"
    text = round_.name.capitalize()
    if round_.kind == "operating":
        index, size = getattr(round_, "index_in_set", 1), getattr(round_, "set_size", 1)
        text += f" ({index} of {size})"
        step = getattr(round_, "step", None)
        if step is not None and step.name:
            text += f" · {step.name} step"
    elif getattr(round_, "auction", None):
        text += " · auction"
    elif getattr(round_, "private_turns", False):
        text += " · private companies"
    return text + f" · phase {game.state.phase}"


STEP_HELP = {
    "track": "Lay or upgrade one tile (terrain costs are paid from the treasury).",
    "token": "Place a station token where the corporation's track reaches a free circle.",
    "home station": "Choose the city for the home station.",
    "routes": "Run trains: the best routes are proposed below and drawn on the map.",
    "dividend": "Pay the revenue to the shareholders or keep it in the treasury.",
    "trains": "Buy trains from the bank, or from another corporation at an agreed price.",
    "companies": "Buy private companies from players, within half to one and a half times par.",
    "discard": "Over the train limit: choose a train to discard to the open market.",
    "conversion": "Convert to a ten-share corporation (five new shares go to the treasury "
                  "and two $100 stations to the charter), or not.",
}


def _step_name(game: Game) -> str:
    """The name of the operating turn's step now ("" outside one)."""
    return str(getattr(getattr(game.round, "step", None), "name", "") or "")


def _step_words(game: Game, step: str) -> str:
    """What the step asks: its own words where it has them (a title's step), else the help
    for its name."""
    own = getattr(getattr(game.round, "step", None), "description", None)
    return (own() if callable(own) else "") or STEP_HELP.get(step, "")


def _bid_words(game: Game, choice: Choice) -> str:
    company = choice.fields["company"]
    definition = game.title.privates[company]
    low, high = choice.price_range or (0, 0)
    return (f"Bid on {company} ({definition.name}, par {game.money(definition.par)}): "
            f"{game.money(low)}–{game.money(high)}")


def _short_bid_words(game: Game, choice: Choice) -> str:
    company = choice.fields["company"]
    if isinstance(game.round, OpenBidsAuction):
        low = choice.price_range[0] if choice.price_range else 0
        return f"{company}: from {game.money(low)}"
    return f"Bid on {company}"


def _open_auction_words(game: Game, round_: OpenBidsAuction) -> str:
    """The opening auction with open bids (18VA 4.1): each item, its price now, its high bid."""
    if round_.par_due:
        player, corp = round_.par_due
        return (f"{player} bought the {corp} presidency: choose {corp}'s par value. The bank "
                f"pays {corp} twice the par.")
    player = round_.acting() or ""
    lines = [f"Bid on any item in {game.money(5)} steps, or pass. Only a high bid ties up "
             f"cash ({player}: {game.money(round_.free_cash(player))} free). When everyone "
             f"passes in turn, unbid items fall {game.money(10)}, or, once all have bids, each "
             "goes to its high bidder."]
    for item in round_.items:
        definition = game.title.privates[item]
        high = round_.high.get(item)
        now = (f"high bid {game.money(high.amount)} by {high.player}" if high
               else f"face {game.money(round_.face(item))}, no bid")
        lines.append(f"• {item} {definition.name}: {now}")
    if round_.forced:
        lines.append(f"{round_.forced[0]} has fallen to {game.money(0)}: the priority holder "
                     "must bid on it.")
    return "\n".join(lines)


def _combo() -> QComboBox:
    """A combo box that shrinks with the panel instead of widening it."""
    combo = QComboBox()
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(10)
    combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    return combo


def _pair(first: QWidget, second: QWidget) -> QWidget:
    box = QWidget()
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(2)
    layout.addWidget(first, 1)
    layout.addWidget(second)
    return box


def _clamp(value: int, bounds: tuple[int, int] | None) -> int:
    if bounds is None:
        return value
    return max(bounds[0], min(bounds[1], value))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


