"""A move in a few words for a person ("CoG lays tile 57 in F6"), for the hint's list."""

from __future__ import annotations

from tresham.engine.actions import (
    Action, Bankrupt, Bid, BuyCompany, BuyPrivate, BuyShare, BuyTrain, DiscardTrain, Dividend,
    EndGame, LayTile, Par, Pass, PlaceBonusToken, PlaceToken, RunRoutes, SellPrivate, SellShares,
)
from tresham.engine.game import Game
from tresham.engine.state import IPO, MARKET
from tresham.engine.trains import train_name

DIVIDENDS = {"payout": "pays out", "withhold": "withholds", "half": "pays half"}
SOURCES = {IPO: "the initial offering", MARKET: "the open market"}
"""Where a share is bought from, as the log says it; anything else is a player or corporation."""


def move_words(game: Game, action: Action) -> str:
    """What `action` does, said of whoever makes it, in the position `game` shows."""
    who = action.entity
    if isinstance(action, Pass):
        return f"{who} passes"
    if isinstance(action, Bid):
        return f"{who} bids {game.money(action.price)} on {action.company}"
    if isinstance(action, BuyPrivate):
        return f"{who} buys {action.company} for {game.money(action.price)}"
    if isinstance(action, Par):
        return f"{who} starts {action.corporation} at {game.money(action.price)}"
    if isinstance(action, BuyShare):
        source = SOURCES.get(action.source, action.source)
        return f"{who} buys a share of {action.corporation} from {source}"
    if isinstance(action, SellShares):
        return f"{who} sells {action.percent}% of {action.corporation}"
    if isinstance(action, SellPrivate):
        return f"{who} buys {action.company} from {action.seller} for {game.money(action.price)}"
    if isinstance(action, LayTile):
        return f"{who} lays tile {action.tile} in {action.hex}" + (
            f" (with {action.ability})" if action.ability else "")
    if isinstance(action, PlaceToken):
        return f"{who} places a station in {action.hex}" + (
            f" (with {action.ability})" if action.ability else "")
    if isinstance(action, RunRoutes):
        return f"{who} runs {_trains(action)}{_revenue(game, action)}"
    if isinstance(action, Dividend):
        return f"{who} {DIVIDENDS.get(action.kind, action.kind)}"
    if isinstance(action, BuyTrain):
        seller = action.seller or "the bank"
        return f"{who} buys a {train_name(action.train)} train from {seller} for " \
               f"{game.money(action.price)}"
    if isinstance(action, DiscardTrain):
        return f"{who} discards a {train_name(action.train)} train"
    if isinstance(action, BuyCompany):
        return f"{who} buys {action.company} for {game.money(action.price)}"
    if isinstance(action, PlaceBonusToken):
        return f"{who} places {action.company}'s token in {action.hex}"
    if isinstance(action, Bankrupt):
        return f"{who}'s president goes bankrupt"
    if isinstance(action, EndGame):
        return f"{who} ends the game"
    return f"{who}: {type(action).TYPE.replace('_', ' ')}"


def _trains(action: RunRoutes) -> str:
    names = [train_name(train) for train, _ in action.routes]
    if not names:
        return "no trains"
    return " and ".join(f"the {name} train" for name in names)


def _revenue(game: Game, action: RunRoutes) -> str:
    try:
        from tresham.engine.routes.revenue import routes_revenue
        return f" for {game.money(routes_revenue(game, action.entity, action.routes))}"
    except Exception:  # the words must not fail over a value
        return ""
