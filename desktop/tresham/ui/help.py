"""The Help menu's pages: a summary of the title's rules built from its data, the keys and mouse
gestures, and About. Plain HTML in one non-modal, scrollable window."""

from __future__ import annotations

import html
import platform

from PySide6 import __version__ as pyside_version
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from tresham import __version__, userdata
from tresham.engine.data.model import UNLIMITED
from tresham.engine.game import Game

KEYS: tuple[tuple[str, str], ...] = (
    ("Ctrl+N / Ctrl+O / Ctrl+S", "new game, open a game, save it"),
    ("Ctrl+Z, Ctrl+Shift+Z (Ctrl+Y)", "undo and redo, as far back as the game goes"),
    ("Drag a tile from Tiles onto a lit hex", "lay track; the hexes it may go on are lit"),
    ("R, Shift+R, mouse wheel, right-click", "turn the tile being laid through its legal "
                                             "rotations"),
    ("Enter / Esc", "confirm or cancel the tile being laid"),
    ("Click a hex", "show the tiles that fit there"),
    ("Drag the next station from Operating", "place a station token on a lit city"),
    ("Click stops on the map (routes step)", "change the chosen train's route"),
    ("+ / - / 0, Ctrl+wheel, pinch", "zoom in, zoom out, fit the map to the window"),
    ("Drag the map", "pan"),
    ("Click a log entry; Alt+Left / Alt+Right", "look back at the game as it was then"),
    ("Alt+End", "back to the present"),
    ("H", "a hint: the advisor's three best moves for whoever acts, drawn on the map"),
    ("Ctrl+P", "pause or resume the computer players"),
    ("Ctrl+E", "the final scores, once the game is over"),
    ("F1", "this help"),
)


def show_help(parent: QWidget, page: str, game: Game) -> QDialog:
    """Open one help page ("rules", "keys" or "about") in its own window."""
    titles = {"rules": f"{game.title.info.name}: rules summary", "keys": "Keys and mouse",
              "about": "About Tresham"}
    dialog = QDialog(parent)
    dialog.setWindowTitle(titles[page])
    dialog.setObjectName(f"help_{page}")
    layout = QVBoxLayout(dialog)
    browser = QTextBrowser()
    browser.setOpenExternalLinks(False)
    browser.setHtml({"rules": rules_html, "keys": keys_html, "about": about_html}[page](game))
    layout.addWidget(browser)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.close)
    layout.addWidget(buttons)
    dialog.resize(640, 560)
    dialog.show()
    return dialog


def _capital_words(game: Game) -> str:
    """The title's opening auction and capitalization where they are not 18GA's (18VA)."""
    info = game.title.info
    words = ""
    if info.private_auction == "open_bids":
        words += ("<li>The game opens with an auction of the private companies (and any "
                  "presidency among them): bids on any item in $5 steps, only high bids tie "
                  "up cash; unbid items fall $10 each time all pass in turn; once every item "
                  "has a bid and all pass, each goes to its high bidder. The seats are then "
                  "re-ordered by cash left.</li>")
    if info.capitalization == "incremental":
        words += ("<li>Corporations are paid share by share: a share bought from a "
                  "corporation's treasury pays it the share value; the president's "
                  "certificate (two shares) starts it.</li>")
    if any(c.converts_to for c in game.title.corporations.values()):
        words += ("<li>Some corporations start with five shares and may convert to ten, "
                  "at the start of an operating turn, when the phases allow.</li>")
    return words


def rules_html(game: Game) -> str:
    """The shape of a game of this title, from its data: the turn sequence, the money, the
    trains and phases, and the optional rules chosen for this game."""
    title = game.title
    info = title.info
    players = len(game.setup.players)
    e = html.escape
    parts = [f"<h2>{e(info.name)}: {e(info.subtitle)}</h2>",
             f"<p>Designed by {e(info.designer)}. Rules: {e(info.rulebook)}; "
             "every message Tresham gives cites that rulebook's section.</p>",
             "<h3>How a game goes</h3><ul>"
             "<li><b>Stock round.</b> In turn, each player may sell shares, then buy one share "
             "or start a corporation by buying its president's certificate at a par value, "
             "or pass. While private companies are unsold, the first stock round is an "
             "auction of them. The round ends when all pass in turn; priority goes to the "
             "player after the last to buy.</li>"
             "<li><b>Operating rounds.</b> Each floated corporation, highest share value "
             "first, lays or upgrades track, places a station, runs its trains, pays out or "
             "withholds the revenue, and may buy trains. Its president decides.</li>"
             "<li><b>Trains and phases.</b> The first train of a new type starts a phase: "
             "new tile colours, more operating rounds, fewer trains per corporation, and "
             "older trains rust. A corporation with a route but no train must buy one, with "
             "its president's money if need be.</li>"
             "<li><b>The end.</b> The game ends when the bank runs out (after the set of "
             "operating rounds then under way), when a share value reaches the top of the "
             "market, or when a player goes bankrupt. The richest player wins: cash plus "
             "shares at market value plus private companies.</li></ul>",
             "<h3>This game</h3><ul>"
             f"<li>{players} players, each starting with "
             f"{game.money(info.starting_cash.get(players, 0))}; certificate limit "
             f"{info.certificate_limit.get(players, 0)}.</li>"
             f"<li>The bank holds {game.money(info.bank)}.</li>"
             + _capital_words(game) + "</ul>",
             "<h3>Trains</h3><table cellspacing='0' cellpadding='3' border='1'>"
             "<tr><th>Train</th><th>Count</th><th>Price</th><th>Rusts on</th></tr>"]
    for train in title.trains:
        count = "unlimited" if game.rules.train_count(train) == UNLIMITED \
            else str(game.rules.train_count(train))
        rusts = train.rusts_on or (f"obsolete on {train.obsolete_on}" if train.obsolete_on
                                   else "never")
        parts.append(f"<tr><td>{e(train.name)}</td><td>{count}</td>"
                     f"<td>{game.money(train.price)}</td><td>{e(str(rusts))}</td></tr>")
    parts.append("</table><h3>Phases</h3><table cellspacing='0' cellpadding='3' border='1'>"
                 "<tr><th>Phase</th><th>Starts with</th><th>Tiles</th><th>Train limit</th>"
                 "<th>ORs per set</th></tr>")
    for phase in title.phases:
        parts.append(f"<tr><td>{e(phase.name)}</td><td>{e(phase.starts_with or 'the start')}"
                     f"</td><td>{e(', '.join(phase.tiles))}</td><td>{phase.train_limit}</td>"
                     f"<td>{phase.operating_rounds}</td></tr>")
    parts.append("</table>")
    chosen = set(game.setup.options)
    optional = [o for o in (*info.options, *info.variants) if o.id in chosen]
    parts.append("<h3>Optional rules in this game</h3>")
    if optional:
        parts.append("<ul>" + "".join(f"<li><b>{e(o.name)}</b> ({e(o.rule)}): "
                                      f"{e(o.description)}</li>" for o in optional) + "</ul>")
    else:
        parts.append("<p>None: the rulebook's standard game.</p>")
    return "".join(parts)


def keys_html(game: Game) -> str:
    rows = "".join(f"<tr><td><b>{html.escape(keys)}</b></td><td>{html.escape(what)}</td></tr>"
                   for keys, what in KEYS)
    return f"<h2>Keys and mouse</h2><table cellspacing='0' cellpadding='4'>{rows}</table>"


def about_html(game: Game) -> str:
    return (f"<h2>Tresham {html.escape(__version__)}</h2>"
            "<p>18xx railroad games at one table, on one computer, offline.</p>"
            f"<p>Your games and settings are kept in {html.escape(str(userdata.data_dir()))} "
            "and its sibling folders, never beside the program.</p>"
            f"<p>Python {html.escape(platform.python_version())}, Qt for Python "
            f"{html.escape(pyside_version)}.</p>")
