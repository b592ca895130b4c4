"""Draws hexes, tiles and station tokens as vectors: the one drawing code of the board.

The map, the tile tray, the upgrade fan and drag previews all paint through `paint_hex`, in a
hex's local coordinates (centre at 0, 0; the size and edge directions of the title's `HexGrid`).

The module has two halves. `HexGeometry` is plain arithmetic with no Qt: where edges, cities,
towns and station slots are, and which line or arc each path is (straight track is a line, a
sharp or gentle curve is an arc meeting both edges at their midpoints at right angles). The
painting half turns a `HexArt` description into QPainter calls.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPainterPathStroker, QPen,
    QPolygonF,
)

from PySide6.QtWidgets import QStyleOptionGraphicsItem

from tresham.engine.data.model import NodeDef, NodeKind, PhasedValue, Terrain, TrackDef
from tresham.engine.hexgrid import SQRT3, HexCoord, HexGrid, Orientation, Point
from tresham.ui import palette
from tresham.engine.money import DEFAULT_CURRENCY, money

if TYPE_CHECKING:
    from tresham.engine.data.model import TileDef
    from tresham.engine.game import Game


# Geometry (no Qt) -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Line:
    start: Point
    end: Point


@dataclass(frozen=True)
class Arc:
    """A circular arc from `start` to `end` around `centre`, the short way round."""

    centre: Point
    radius: float
    start: Point
    end: Point

    @property
    def midpoint(self) -> Point:
        a = math.atan2(self.start.y - self.centre.y, self.start.x - self.centre.x)
        b = math.atan2(self.end.y - self.centre.y, self.end.x - self.centre.x)
        sweep = (b - a + math.pi) % (2 * math.pi) - math.pi
        mid = a + sweep / 2
        return Point(self.centre.x + self.radius * math.cos(mid),
                     self.centre.y + self.radius * math.sin(mid))


Segment = Line | Arc


@dataclass(frozen=True)
class TownMark:
    """A town: a bar across track running through it (`angle` of the track), or a dot."""

    position: Point
    angle: float | None


def _polar(distance: float, degrees: float, origin: Point = Point(0.0, 0.0)) -> Point:
    rad = math.radians(degrees)
    return Point(origin.x + distance * math.cos(rad), origin.y + distance * math.sin(rad))


def _angle_gap(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


class HexGeometry:
    """Positions inside one hex, in its local coordinates, for the grid's orientation and size."""

    def __init__(self, grid: HexGrid) -> None:
        self.grid = grid
        self.size = grid.size
        self.inner = grid.size * SQRT3 / 2

    @property
    def orientation(self) -> Orientation:
        return self.grid.orientation

    def corners(self) -> list[Point]:
        return self.grid.corners(HexCoord(0, 0))

    def edge_point(self, edge: int) -> Point:
        return self.grid.edge_midpoint(HexCoord(0, 0), edge)

    def corner_angles(self) -> list[float]:
        return [(self.grid.edge_angle(e) + 30.0) % 360.0 for e in range(6)]

    # Nodes ------------------------------------------------------------------------------------

    @staticmethod
    def node_edges(track: TrackDef, ref: str) -> list[int]:
        edges = []
        for a, b in track.paths:
            if a == ref and isinstance(b, int):
                edges.append(b)
            elif b == ref and isinstance(a, int):
                edges.append(a)
        return edges

    def _town_through(self, track: TrackDef, node: NodeDef) -> tuple[int, int] | None:
        """A lone town with exactly two track ends sits on the curve between them."""
        if node.kind is not NodeKind.TOWN or len(track.towns) != 1 or track.cities:
            return None
        edges = self.node_edges(track, node.ref)
        if len(edges) != 2 or any(isinstance(a, str) and isinstance(b, str)
                                  for a, b in track.paths):
            return None
        return edges[0], edges[1]

    def node_position(self, track: TrackDef, node: NodeDef) -> Point:
        through = self._town_through(track, node)
        if through is not None:
            segment = self.edge_segment(*through)
            return segment.midpoint if isinstance(segment, Arc) else Point(
                (segment.start.x + segment.end.x) / 2, (segment.start.y + segment.end.y) / 2)
        same_kind = [n for n in track.nodes if n.kind is node.kind]
        if len(same_kind) == 1 and (node.kind is not NodeKind.TOWN or not track.cities):
            return Point(0.0, 0.0)
        # Several nodes share the hex: each moves towards its own track.
        edges = self.node_edges(track, node.ref)
        if edges:
            x = sum(math.cos(math.radians(self.grid.edge_angle(e))) for e in edges)
            y = sum(math.sin(math.radians(self.grid.edge_angle(e))) for e in edges)
            angle = (math.degrees(math.atan2(y, x)) if math.hypot(x, y) > 0.3
                     else self.grid.edge_angle(edges[0]))
        else:
            index = same_kind.index(node)
            angle = self.grid.edge_angle(0) + 360.0 * index / len(same_kind)
        reach = 0.5 * self.inner if node.kind is NodeKind.CITY else 0.55 * self.inner
        return _polar(reach, angle)

    def city_radius(self) -> float:
        return self.size * 0.25

    def slot_positions(self, track: TrackDef, city: NodeDef) -> list[Point]:
        """Centres of the station circles of a city, laid out horizontally so text stays upright."""
        centre = self.node_position(track, city)
        r = self.city_radius()
        slots = max(city.slots, 1)
        if slots == 1:
            return [centre]
        if slots == 2:
            return [Point(centre.x - r, centre.y), Point(centre.x + r, centre.y)]
        if slots == 3:
            d = r * 1.16
            return [_polar(d, a, centre) for a in (270.0, 30.0, 150.0)]
        d = r * 1.42
        return [_polar(d, 225.0 + 90.0 * i, centre) for i in range(slots)]

    def town_marks(self, track: TrackDef) -> list[TownMark]:
        marks = []
        for town in track.towns:
            through = self._town_through(track, town)
            position = self.node_position(track, town)
            if through is None:
                marks.append(TownMark(position, None))
                continue
            segment = self.edge_segment(*through)
            if isinstance(segment, Arc):
                radial = math.degrees(math.atan2(position.y - segment.centre.y,
                                                 position.x - segment.centre.x))
                marks.append(TownMark(position, radial))
            else:
                marks.append(TownMark(position, self.grid.edge_angle(through[0]) + 90.0))
        return marks

    # Track ------------------------------------------------------------------------------------

    def edge_segment(self, a: int, b: int) -> Segment:
        """Track from edge `a` to edge `b`: straight, a gentle curve or a sharp curve."""
        start, end = self.edge_point(a), self.edge_point(b)
        turn = (b - a) % 6
        if turn == 3:
            return Line(start, end)
        if turn in (1, 5):
            # Sharp: around the corner the two edges share, radius half a side.
            low = a if turn == 1 else b
            corner = _polar(self.size, self.grid.edge_angle(low) + 30.0)
            return Arc(corner, self.size / 2, start, end)
        # Gentle: around the centre of the hex beyond the edge between them.
        middle = (a + 1) % 6 if turn == 2 else (b + 1) % 6
        centre = _polar(2 * self.inner, self.grid.edge_angle(middle))
        return Arc(centre, 1.5 * self.size, start, end)

    def track_segments(self, track: TrackDef) -> list[Segment]:
        segments: list[Segment] = []
        done_through: set[str] = set()
        for a, b in track.paths:
            if isinstance(a, int) and isinstance(b, int):
                segments.append(self.edge_segment(a, b))
                continue
            node_ref = str(a if isinstance(a, str) else b)
            other = b if node_ref == a else a
            if node_ref.startswith("j") and isinstance(other, int):
                # A junction (18VA's Lawson tiles): track from the edge to the tile's centre.
                segments.append(Line(self.edge_point(other), Point(0.0, 0.0)))
                continue
            if isinstance(other, str):
                segments.append(Line(self.node_position(track, track.node(a)),  # type: ignore[arg-type]
                                     self.node_position(track, track.node(b))))  # type: ignore[arg-type]
                continue
            if node_ref.startswith("j"):
                # A junction (18VA's Lawson tiles, 18GB's cut track): track meets at the centre.
                segments.append(Line(self.edge_point(other), Point(0.0, 0.0)))
                continue
            node = track.node(node_ref)
            through = self._town_through(track, node)
            if through is not None:
                if node_ref not in done_through:
                    done_through.add(node_ref)
                    segments.append(self.edge_segment(*through))
                continue
            if node.kind is NodeKind.OFFBOARD:
                continue  # drawn as an arrow into the off-board area (see _paint_offboard)
            segments.append(Line(self.edge_point(other), self.node_position(track, node)))
        return segments

    # Free places for text and marks -----------------------------------------------------------

    def track_angles(self, track: TrackDef) -> list[float]:
        return [self.grid.edge_angle(e) for e in sorted(track.edges)]

    def free_directions(self, track: TrackDef, taken: Iterable[float] = ()) -> list[float]:
        """Corner directions, the ones furthest from any track first."""
        used = self.track_angles(track)
        blocked = list(taken)

        def score(angle: float) -> tuple[float, float]:
            clash = min((_angle_gap(angle, t) for t in blocked), default=180.0)
            gap = min((_angle_gap(angle, u) for u in used), default=180.0)
            return (0.0 if clash < 1.0 else 1.0, gap + _angle_gap(angle, 270.0) * 0.01)

        return sorted(self.corner_angles(), key=score, reverse=True)


# What one hex shows ------------------------------------------------------------------------------

@dataclass(frozen=True)
class TokenArt:
    """A station in a city slot: a corporation's token, or a home slot held for it (`reserved`)."""

    text: str
    fill: str
    text_colour: str
    reserved: bool = False


@dataclass(frozen=True)
class HexArt:
    """Everything drawn in one hex, already in hex orientation (tiles rotated)."""

    colour: str
    track: TrackDef
    phases: frozenset[str] = frozenset()
    tile_id: str | None = None
    label: str | None = None
    name: str | None = None
    terrain: tuple[Terrain, ...] = ()
    reserved_by: tuple[str, ...] = ()
    tokens: Mapping[tuple[int, int], TokenArt] = field(default_factory=dict)
    """(city index, slot) -> what is in that slot."""
    homes: tuple[TokenArt, ...] = ()
    """Home stations held for corporations that choose their city when they place it."""
    borders: tuple[tuple[int, str], ...] = ()
    """Printed hex sides, as (edge, type): an impassable side is drawn as a thick bar."""
    border_costs: tuple[tuple[int, int], ...] = ()
    """(edge, cost) of the printed sides that cost money to build towards (18GB's hills),
    each written inside the hex by its side."""
    compass: str = ""
    """The map's sides this hex counts as for a crossing bonus ("N", "E S"; 18GB's setups)."""
    features: tuple[str, ...] = ()
    """Printed symbols, by type ("coal": a coal field, 18AL's S&NA token goes there)."""
    bonus: tuple[tuple[TokenArt, int], ...] = ()
    """Bonus tokens placed in the hex (18AL's coal token): the corporation's and the amount."""
    shared_at: Point | None = None
    """Where the name and revenue of an off-board location of several hexes go (1848's Alice
    Springs), drawn once by one of its hexes; None in the others and in every other hex."""
    shared_elsewhere: bool = False
    """True in the other hexes of such a location: they draw neither name nor revenue."""
    currency: str = DEFAULT_CURRENCY
    """The title's currency, for terrain costs."""


def phases_started(game: Game) -> frozenset[str]:
    names = [p.name for p in game.title.phases]
    return frozenset(names[: names.index(game.state.phase) + 1])


def tile_art(tile: TileDef, rotation: int = 0, phases: frozenset[str] = frozenset()) -> HexArt:
    """A tile on its own (tray, fan, drag preview)."""
    return HexArt(colour=tile.colour, track=tile.track.rotated(rotation), phases=phases,
                  tile_id=tile.id, label=tile.label)


def reserved_hexes(game: Game) -> dict[str, tuple[str, ...]]:
    """Hexes blocked by private companies, with the privates blocking them."""
    result: dict[str, list[str]] = {}
    for private in game.title.privates.values():
        state = game.state.privates[private.id]
        if state.closed:
            continue
        for ability in private.abilities:
            if ability.type != "blocks_hexes":
                continue
            if ability.params.get("while") == "owned_by_player" and \
                    state.owner in game.state.corporations:
                continue
            for hex_id in ability.params.get("hexes", ()):
                result.setdefault(hex_id, []).append(private.id)
    return {h: tuple(p) for h, p in result.items()}


def hex_art(game: Game, hex_id: str, tile: TileDef | None = None, rotation: int = 0,
            reserved: Mapping[str, tuple[str, ...]] | None = None) -> HexArt:
    """A hex of the map as it stands, or with `tile` laid on it in `rotation` (a preview)."""
    hex_def = game.title.map.hexes[hex_id]
    laid = game.state.board.tiles.get(hex_id)
    if tile is not None:
        colour, track, tile_id, label = tile.colour, tile.track.rotated(rotation), tile.id, \
            tile.label or hex_def.label
    elif laid is not None:
        colour, track, tile_id, label = laid.tile.colour, laid.track, laid.tile.id, \
            laid.tile.label or hex_def.label
    else:
        colour, track, tile_id, label = hex_def.colour, hex_def.track, None, hex_def.label
    tokens: dict[tuple[int, int], TokenArt] = {}
    placed: dict[int, int] = {}
    corporations = game.title.corporations
    extras: list[TokenArt] = []
    for token in game.state.board.tokens:
        if token.hex != hex_id:
            continue
        corp = corporations[token.corporation]
        if token.extra:
            # Beside the circles (18VA's Potomac Yards): drawn where home markers go.
            extras.append(TokenArt(corp.id, corp.colour, corp.text_colour))
            continue
        slot = placed.get(token.city, 0)
        placed[token.city] = slot + 1
        tokens[(token.city, slot)] = TokenArt(corp.id, corp.colour, corp.text_colour)
    homes_placed = {t.corporation for t in game.state.board.tokens}
    homes: list[TokenArt] = extras
    for corp in corporations.values():
        if corp.home != hex_id or corp.id in homes_placed:
            continue
        if corp.home_city is None or not any(c.index == corp.home_city for c in track.cities):
            homes.append(TokenArt(corp.id, corp.colour, corp.text_colour, reserved=True))
        else:
            slot = placed.get(corp.home_city, 0)
            placed[corp.home_city] = slot + 1
            tokens[(corp.home_city, slot)] = TokenArt(corp.id, corp.colour,
                                                      corp.text_colour, reserved=True)
    blocked = (reserved if reserved is not None else reserved_hexes(game)).get(hex_id, ())
    bonus = tuple((TokenArt(b.corporation, corporations[b.corporation].colour,
                            corporations[b.corporation].text_colour), b.amount)
                  for b in game.state.board.bonus_tokens if b.hex == hex_id
                  and b.corporation in corporations)
    shown = tile if tile is not None else laid.tile if laid is not None else None
    shared_at, elsewhere = _shared_location(game, hex_id)
    name = hex_def.name
    if name is None and shown is not None and shown.special:
        name = special_tile_owner(game, shown.id)
    return HexArt(
        colour=colour, track=track, phases=phases_started(game), tile_id=tile_id, label=label,
        name=name, terrain=hex_def.terrain if laid is None and tile is None else (),
        reserved_by=blocked, tokens=tokens, homes=tuple(homes),
        borders=tuple((b.edge, b.type) for b in hex_def.borders),
        border_costs=tuple((b.edge, b.cost) for b in hex_def.borders if b.cost),
        compass=compass_letters(game, hex_id),
        features=tuple(f.type for f in hex_def.features), bonus=bonus,
        currency=game.title.info.currency, shared_at=shared_at, shared_elsewhere=elsewhere)


def _shared_location(game: Game, hex_id: str) -> tuple[Point | None, bool]:
    """An off-board location printed over adjacent hexes of one name shows its name and
    revenue once, over the side between them, drawn by the last of its hexes on the map (so
    that no other of its hexes paints over it)."""
    hexes = game.title.map.hexes
    hex_def = hexes[hex_id]
    if not hex_def.name or not hex_def.track.offboards:
        return None, False
    grid = game.title.map.grid
    twins: list[tuple[int, str]] = []
    for edge in range(6):
        other = grid.neighbour_name(hex_id, edge)
        if other is not None and other in hexes and hexes[other].name == hex_def.name \
                and hexes[other].track.offboards:
            twins.append((edge, other))
    if not twins:
        return None, False
    order = list(hexes)
    edge, other = twins[0]
    if order.index(other) > order.index(hex_id):
        return None, True
    return grid.edge_midpoint(HexCoord(0, 0), edge), False


def compass_letters(game: Game, hex_id: str) -> str:
    """The sides of the map (N, E, S, W) the setup counts this hex as (setups.yaml `compass`)."""
    setup = game.setup_def
    if setup is None:
        return ""
    return " ".join(side for side in ("N", "E", "S", "W")
                    if hex_id in setup.compass.get(side, ()))


def special_tile_owner(game: Game, tile_id: str) -> str | None:
    """The private company whose tile lay alone may lay a special tile (18AL's 445: BLC)."""
    for private in game.title.privates.values():
        for ability in private.abilities:
            if ability.type == "tile_lay" and tile_id in (ability.params.get("tiles") or ()):
                return private.id
    return None


# Painting ---------------------------------------------------------------------------------------

def qpoint(point: Point) -> QPointF:
    return QPointF(point.x, point.y)


class _ReadableText:
    """How small text may get on screen. The map's hexes set `unit` (the size of one screen
    pixel in the painter's units) while they paint, so names and values stay readable when the
    map is zoomed out, growing up to GROWTH times their drawn size; icons leave it at 0."""

    MINIMUM = 10.0
    """The smallest text height on screen, in pixels."""
    GROWTH = 1.8

    def __init__(self) -> None:
        self.unit = 0.0

    def size(self, pixels: float, minimum: float = MINIMUM) -> float:
        return min(max(pixels, minimum * self.unit), pixels * self.GROWTH)


READABLE = _ReadableText()


@contextmanager
def readable_text(painter: QPainter) -> Iterator[None]:
    """Within this block, text drawn on `painter` keeps a readable size on screen."""
    scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    READABLE.unit = 1.0 / scale if scale > 0 else 0.0
    try:
        yield
    finally:
        READABLE.unit = 0.0


def _font(pixels: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def draw_text(painter: QPainter, text: str, at: Point, pixels: float, *, bold: bool = False,
              colour: str = palette.TEXT, halo: str | None = palette.TEXT_HALO) -> QRectF:
    """Text centred on `at`, with a light halo so it reads over track; returns its box."""
    font = _font(pixels, bold)
    metrics = QFontMetricsF(font)
    width = metrics.horizontalAdvance(text)
    baseline = QPointF(at.x - width / 2, at.y + (metrics.ascent() - metrics.descent()) / 2)
    path = QPainterPath()
    path.addText(baseline, font, text)
    if halo:
        stroker = QPainterPathStroker()
        stroker.setWidth(max(2.0, pixels * 0.28))
        stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.fillPath(stroker.createStroke(path), QColor(halo))
    painter.fillPath(path, QColor(colour))
    return QRectF(at.x - width / 2, at.y - metrics.height() / 2, width, metrics.height())


def segment_path(segment: Segment) -> QPainterPath:
    if isinstance(segment, Line):
        path = QPainterPath(qpoint(segment.start))
        path.lineTo(qpoint(segment.end))
        return path
    # Qt measures arc angles counter-clockwise on screen, hence the minus signs (y points down).
    c, r = segment.centre, segment.radius
    start = -math.degrees(math.atan2(segment.start.y - c.y, segment.start.x - c.x))
    end = -math.degrees(math.atan2(segment.end.y - c.y, segment.end.x - c.x))
    sweep = (end - start + 180.0) % 360.0 - 180.0
    rect = QRectF(c.x - r, c.y - r, 2 * r, 2 * r)
    path = QPainterPath()
    path.arcMoveTo(rect, start)
    path.arcTo(rect, start, sweep)
    return path


def hex_polygon(geometry: HexGeometry) -> QPolygonF:
    return QPolygonF([qpoint(p) for p in geometry.corners()])


def paint_hex(painter: QPainter, geometry: HexGeometry, art: HexArt, *,
              outline: bool = True, greyed: bool = False, name: bool = True) -> None:
    """Paint one hex in local coordinates (centre 0, 0); without its name when `name` is
    False (the map draws names above all hexes: `paint_hex_name`)."""
    size = geometry.size
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    fill = palette.GREYED if greyed else palette.HEX_FILL.get(art.colour, palette.HEX_FILL["white"])
    painter.setPen(QPen(QColor(palette.OUTLINE), size * 0.025) if outline else Qt.PenStyle.NoPen)
    painter.setBrush(QColor(fill))
    painter.drawPolygon(hex_polygon(geometry))
    if art.track.offboards:
        _paint_offboard(painter, geometry, art)
    if art.track.cities or art.track.towns or not art.track.offboards:
        _paint_track(painter, geometry, art.track)
        _paint_nodes(painter, geometry, art)
    _paint_marks(painter, geometry, art, name)
    painter.restore()


def _track_pen(size: float, colour: str, width: float) -> QPen:
    pen = QPen(QColor(colour), size * width)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _paint_track(painter: QPainter, geometry: HexGeometry, track: TrackDef) -> None:
    size = geometry.size
    painter.setBrush(Qt.BrushStyle.NoBrush)
    paths = [segment_path(s) for s in geometry.track_segments(track)]
    # A white casing under each piece keeps crossings (tiles 16, 19, 20...) legible.
    for path in paths:
        painter.setPen(_track_pen(size, palette.TRACK_EDGE, 0.2))
        painter.drawPath(path)
        painter.setPen(_track_pen(size, palette.TRACK, 0.12))
        painter.drawPath(path)


def _paint_nodes(painter: QPainter, geometry: HexGeometry, art: HexArt) -> None:
    size = geometry.size
    track = art.track
    r = geometry.city_radius()
    for mark in geometry.town_marks(track):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(palette.TRACK))
        if mark.angle is None:
            painter.drawEllipse(qpoint(mark.position), size * 0.11, size * 0.11)
        else:
            painter.save()
            painter.translate(qpoint(mark.position))
            painter.rotate(mark.angle)
            painter.drawRect(QRectF(-size * 0.2, -size * 0.06, size * 0.4, size * 0.12))
            painter.restore()
    for city in track.cities:
        slots = geometry.slot_positions(track, city)
        centre = geometry.node_position(track, city)
        painter.setPen(QPen(QColor(palette.TRACK), size * 0.03))
        painter.setBrush(QColor(palette.CITY_FILL))
        if city.slots == 0:
            # A city without station circles (Montgomery): a solid stop.
            painter.setBrush(QColor(palette.TRACK))
            painter.drawEllipse(qpoint(centre), r * 0.7, r * 0.7)
            continue
        if len(slots) == 2:
            painter.drawRoundedRect(QRectF(centre.x - 2 * r, centre.y - r, 4 * r, 2 * r), r, r)
        elif len(slots) > 2:
            painter.drawEllipse(qpoint(centre), r * 2.2, r * 2.2)
        for index, slot in enumerate(slots):
            painter.setBrush(QColor(palette.CITY_FILL))
            painter.setPen(QPen(QColor(palette.TRACK), size * 0.03))
            painter.drawEllipse(qpoint(slot), r, r)
            token = art.tokens.get((city.index, index))
            if token is not None:
                paint_token(painter, slot, r * 0.92, token)
    _paint_revenues(painter, geometry, art)


def paint_token(painter: QPainter, at: Point, radius: float, token: TokenArt) -> None:
    """A station token: a disc in the corporation's colour with its symbol."""
    painter.save()
    if token.reserved:
        painter.setPen(QPen(QColor(token.fill), radius * 0.16, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(palette.CITY_FILL))
        painter.drawEllipse(qpoint(at), radius * 0.9, radius * 0.9)
        colour = QColor(token.fill)
        text_colour = colour.name() if colour.lightness() < 170 else palette.TEXT
    else:
        painter.setPen(QPen(QColor(palette.TRACK), radius * 0.08))
        painter.setBrush(QColor(token.fill))
        painter.drawEllipse(qpoint(at), radius, radius)
        text_colour = token.text_colour
    pixels = radius * (0.78 if len(token.text) <= 2 else 0.62)
    draw_text(painter, token.text, at, pixels, bold=True, colour=text_colour, halo=None)
    painter.restore()


def _revenue_groups(track: TrackDef) -> list[tuple[PhasedValue, list[NodeDef]]]:
    groups: dict[PhasedValue, list[NodeDef]] = {}
    for node in track.cities + track.towns:
        if node.revenue.values == (0,):
            continue
        groups.setdefault(node.revenue, []).append(node)
    return list(groups.items())


@dataclass
class MarkLayout:
    """Where the printed marks of one hex go, chosen so they keep clear of track and each other."""

    circles: list[tuple[Point, int]] = field(default_factory=list)
    boxes: list[tuple[Point, PhasedValue]] = field(default_factory=list)
    name: Point | None = None
    label: Point | None = None
    terrain: Point | None = None
    feature: Point | None = None
    reserved: Point | None = None
    number: Point | None = None
    homes: list[Point] = field(default_factory=list)


def layout_marks(geometry: HexGeometry, art: HexArt) -> MarkLayout:
    size = geometry.size
    track = art.track
    result = MarkLayout()
    taken: list[float] = []
    if art.name:
        top = 270.0
        if art.shared_elsewhere:
            result.name = None
        elif art.colour == "red":
            shift = art.shared_at.x if art.shared_at is not None else 0.0
            result.name = Point(shift, -0.5 * size)
        elif geometry.orientation is Orientation.POINTY:
            result.name = Point(0.0, -0.62 * size)
        else:
            result.name = Point(0.0, -0.64 * geometry.inner)
            # A name across the top of a flat hex reaches both upper corners.
            taken.extend((240.0, 300.0))
        taken.append(top)
    for mark in geometry.town_marks(track):
        if mark.position != Point(0.0, 0.0):
            taken.append(math.degrees(math.atan2(mark.position.y, mark.position.x)) % 360.0)
    centre_node = any(geometry.node_position(track, n) == Point(0.0, 0.0) for n in track.nodes)
    for revenue, nodes in _revenue_groups(track):
        if not revenue.is_fixed:
            result.boxes.append((Point(0.0, size * 0.56), revenue))
            taken.append(90.0)
            continue
        if len(nodes) > 1 and not centre_node:
            result.circles.append((Point(0.0, 0.0), revenue.values[0]))
            continue
        direction = geometry.free_directions(track, taken)[0]
        taken.append(direction)
        wide = any(n.slots >= 2 for n in nodes)
        reach = 0.68 if wide else 0.62 if nodes[0].kind is NodeKind.CITY else 0.55
        if len(nodes) > 1 or geometry.node_position(track, nodes[0]) != Point(0.0, 0.0):
            reach = 0.74
        result.circles.append((_polar(reach * size, direction), revenue.values[0]))
    free = iter([d for d in geometry.free_directions(track, taken)
                 if all(_angle_gap(d, t) > 1.0 for t in taken)])
    if art.label:
        # Beside several cities the label moves out towards the corner, clear of their circles.
        reach = 0.76 if len(track.cities) > 1 else 0.62
        result.label = _polar(reach * size, next(free, 210.0))
    if art.terrain and not track.paths and not track.nodes and not art.name:
        result.terrain = Point(0.0, 0.0)  # an empty hex: its cost in the middle
    elif art.terrain:
        # Well inside the hex: the cost's icon and figure reach 0.3 of a size either side.
        result.terrain = _polar(0.42 * size, next(free, 30.0))
    if art.features or art.bonus:
        result.feature = _polar(0.68 * size, next(free, 150.0))
    if art.reserved_by:
        result.reserved = _polar(0.52 * size, next(free, 150.0))
    for index, _ in enumerate(art.homes):
        if index == 0 and not track.paths and not centre_node:
            result.homes.append(Point(0.0, 0.0))
        else:
            result.homes.append(_polar(0.55 * size, next(free, 90.0)))
    if art.tile_id:
        # The tile number sits small in a corner, the lower right when it is free.
        rest = [d for d in geometry.corner_angles() if all(_angle_gap(d, t) > 1.0 for t in taken)]
        corner = min(rest or geometry.corner_angles(), key=lambda a: _angle_gap(a, 40.0))
        result.number = _polar(0.76 * size, corner)
    return result


def _paint_revenues(painter: QPainter, geometry: HexGeometry, art: HexArt) -> None:
    marks = layout_marks(geometry, art)
    for where, value in marks.circles:
        paint_revenue_circle(painter, where, READABLE.size(geometry.size * 0.15, 9.5), value)
    for where, revenue in marks.boxes:
        _paint_revenue_boxes(painter, revenue, art.phases, where, geometry.size)


def paint_revenue_circle(painter: QPainter, at: Point, radius: float, value: int) -> None:
    painter.save()
    painter.setPen(QPen(QColor(palette.TRACK), radius * 0.12))
    painter.setBrush(QColor(palette.CITY_FILL))
    painter.drawEllipse(qpoint(at), radius, radius)
    draw_text(painter, str(value), at, radius * (1.05 if value < 100 else 0.85), bold=True,
              halo=None)
    painter.restore()


def hex_art_bounds(geometry: HexGeometry, art: HexArt) -> QRectF:
    """Everything `paint_hex` may paint but the name: the hex, and its rows of revenue boxes
    at the largest they grow to, which may reach past a narrow hex (three phases' values on
    an off-board area)."""
    bounds = hex_bounds(geometry)
    size = geometry.size
    rows = [(where, revenue) for where, revenue in layout_marks(geometry, art).boxes]
    at = Point(art.shared_at.x, 0.0) if art.shared_at is not None else Point(0.0, 0.0)
    rows += [(at, n.revenue) for n in art.track.offboards
             if not n.revenue.is_fixed and not art.shared_elsewhere]
    for where, revenue in rows:
        width = size * 0.38 * _ReadableText.GROWTH * len(revenue.steps) + size * 0.04
        height = size * 0.26 * _ReadableText.GROWTH + size * 0.04
        bounds = bounds.united(QRectF(where.x - width / 2, where.y - height / 2, width, height))
    return bounds


def _paint_revenue_boxes(painter: QPainter, revenue: PhasedValue, phases: frozenset[str],
                         at: Point, size: float) -> None:
    """Per-phase values side by side; the one that applies now is dark and bold."""
    current = 0
    for index, (phase, _) in enumerate(revenue.steps):
        if index and phase in phases:
            current = index
    grow = READABLE.size(size * 0.2) / (size * 0.2)
    width, height = size * 0.38 * grow, size * 0.26 * grow
    total = width * len(revenue.steps)
    x = at.x - total / 2
    painter.save()
    for index, (_, value) in enumerate(revenue.steps):
        box = QRectF(x + index * width, at.y - height / 2, width, height)
        emphasised = index == current
        painter.setPen(QPen(QColor(palette.TRACK), size * 0.02))
        painter.setBrush(QColor(palette.REVENUE_NOW_FILL if emphasised
                                else palette.REVENUE_LATER_FILL))
        painter.drawRect(box)
        draw_text(painter, str(value), Point(box.center().x(), box.center().y()),
                  size * grow * (0.2 if emphasised else 0.17), bold=emphasised,
                  colour=palette.REVENUE_NOW_TEXT if emphasised else palette.REVENUE_LATER_TEXT,
                  halo=None)
    painter.restore()


def _paint_offboard(painter: QPainter, geometry: HexGeometry, art: HexArt) -> None:
    """A red off-board area: track stubs ending in arrowheads, and its revenue per phase."""
    size = geometry.size
    painter.save()
    offboards = {n.ref for n in art.track.offboards}
    stub_edges = {a if isinstance(a, int) else b for a, b in art.track.paths
                  if a in offboards or b in offboards}
    for edge in sorted(e for e in stub_edges if isinstance(e, int)):
        start = geometry.edge_point(edge)
        angle = geometry.grid.edge_angle(edge)
        tip = _polar(0.38 * geometry.inner, angle)
        base = _polar(0.62 * geometry.inner, angle)
        painter.setPen(_track_pen(size, palette.TRACK, 0.12))
        painter.drawLine(qpoint(start), qpoint(base))
        left = _polar(size * 0.16, angle + 90.0, base)
        right = _polar(size * 0.16, angle - 90.0, base)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(palette.TRACK))
        painter.drawPolygon(QPolygonF([qpoint(left), qpoint(tip), qpoint(right)]))
    painter.restore()
    if art.shared_elsewhere:
        return
    at = Point(art.shared_at.x, 0.0) if art.shared_at is not None else Point(0.0, 0.0)
    for node in art.track.offboards:
        if node.revenue.is_fixed:
            paint_revenue_circle(painter, at, READABLE.size(size * 0.17, 9.5),
                                 node.revenue.values[0])
        else:
            _paint_revenue_boxes(painter, node.revenue, art.phases, at, size)


NAME_SIZE, NAME_MINIMUM = 0.17, 9.0
"""A hex name's height as a part of the hex's size, and its smallest height on screen."""


def name_lines(geometry: HexGeometry, art: HexArt) -> list[str]:
    """The name in one line, or in two (broken at the space nearest its middle) when at its
    largest it would be wider than its hex (or than the hexes of a shared location) and reach
    over a neighbour's name ("Toowoomba & Ipswich" beside Brisbane)."""
    name = art.name or ""
    pixels = geometry.size * NAME_SIZE * _ReadableText.GROWTH
    metrics = QFontMetricsF(_font(pixels, bold=art.colour in ("red", "gray")))
    room = 2 * geometry.inner * (2 if art.shared_at is not None else 1)
    spaces = [i for i, c in enumerate(name) if c == " "]
    if metrics.horizontalAdvance(name) <= room or not spaces:
        return [name]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]


def paint_hex_name(painter: QPainter, geometry: HexGeometry, art: HexArt) -> None:
    """The hex's name where `layout_marks` puts it, in local coordinates; a name in two lines
    grows upwards, away from the hex's track."""
    where = layout_marks(geometry, art).name
    if art.name and where:
        pixels = READABLE.size(geometry.size * NAME_SIZE, NAME_MINIMUM)
        bold = art.colour in ("red", "gray")
        lines = name_lines(geometry, art)
        step = QFontMetricsF(_font(pixels, bold)).height() * 0.9
        for index, line in enumerate(lines):
            lift = (len(lines) - 1 - index) * step
            draw_text(painter, line, Point(where.x, where.y - lift), pixels, bold=bold)


def hex_name_bounds(geometry: HexGeometry, art: HexArt) -> QRectF:
    """Everything `paint_hex_name` may paint, at the largest a readable name grows to (empty
    without a name)."""
    where = layout_marks(geometry, art).name
    if not art.name or where is None:
        return QRectF()
    pixels = geometry.size * NAME_SIZE * _ReadableText.GROWTH
    metrics = QFontMetricsF(_font(pixels, bold=art.colour in ("red", "gray")))
    halo = pixels * 0.28
    lines = name_lines(geometry, art)
    width = max(metrics.horizontalAdvance(line) for line in lines) + halo
    height = metrics.height() + halo
    lifted = (len(lines) - 1) * metrics.height() * 0.9
    return QRectF(where.x - width / 2, where.y - height / 2 - lifted, width, height + lifted)


def _paint_marks(painter: QPainter, geometry: HexGeometry, art: HexArt,
                 name: bool = True) -> None:
    """Names, labels, tile numbers, terrain and reserved markers."""
    size = geometry.size
    marks = layout_marks(geometry, art)
    if name:
        paint_hex_name(painter, geometry, art)
    if art.label and marks.label:
        draw_text(painter, art.label, marks.label, READABLE.size(size * 0.22, 11.0), bold=True)
    if art.terrain and marks.terrain:
        _paint_terrain(painter, art.terrain, marks.terrain, size, art.currency)
    if marks.feature is not None:
        if "coal" in art.features or "mine" in art.features:
            _paint_coal(painter, marks.feature, size)
        for index, (token, amount) in enumerate(art.bonus):  # the token covers the symbol
            at = Point(marks.feature.x, marks.feature.y + index * size * 0.26)
            _paint_bonus(painter, token, amount, at, size)
    for edge, kind in art.borders:
        _paint_border(painter, geometry, edge, kind)
    for edge, cost in art.border_costs:
        at = _polar(size * 0.68, geometry.grid.edge_angle(edge))
        draw_text(painter, money(cost, art.currency), at, READABLE.size(size * 0.11), bold=True,
                  colour=palette.TERRAIN_TEXT)
    if art.compass:
        _paint_compass(painter, art.compass, size)
    if art.reserved_by and marks.reserved:
        _paint_reserved(painter, art.reserved_by, marks.reserved, size)
    for home, where in zip(art.homes, marks.homes):
        paint_token(painter, where, size * 0.2, home)
    if art.tile_id and marks.number:
        draw_text(painter, art.tile_id, marks.number, size * 0.13, colour="#3a3a3a")


def _paint_terrain(painter: QPainter, terrain: tuple[Terrain, ...], at: Point,
                   size: float, currency: str) -> None:
    kind = terrain[0].type
    cost = sum(t.cost for t in terrain)
    icon = Point(at.x - size * 0.16, at.y)
    painter.save()
    if kind == "mountain":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(palette.MOUNTAIN))
        s = size * 0.13
        painter.drawPolygon(QPolygonF([QPointF(icon.x - s, icon.y + s * 0.7),
                                       QPointF(icon.x, icon.y - s * 0.8),
                                       QPointF(icon.x + s, icon.y + s * 0.7)]))
    else:
        colour = palette.RIVER if kind == "river" else palette.SWAMP
        painter.setPen(QPen(QColor(colour), size * 0.035))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        s = size * 0.1
        for dy in (-s * 0.45, s * 0.45):
            wave = QPainterPath(QPointF(icon.x - s * 1.2, icon.y + dy))
            wave.cubicTo(QPointF(icon.x - s * 0.5, icon.y + dy - s * 0.6),
                         QPointF(icon.x + s * 0.1, icon.y + dy + s * 0.6),
                         QPointF(icon.x + s * 1.2, icon.y + dy))
            painter.drawPath(wave)
    painter.restore()
    draw_text(painter, money(cost, currency), Point(at.x + size * 0.13, at.y),
              READABLE.size(size * 0.17),
              bold=True,
              colour=palette.TERRAIN_TEXT)


def _paint_coal(painter: QPainter, at: Point, size: float) -> None:
    """A coal field: a black lump of coal with a lighter facet."""
    s = size * 0.11
    outline = ((-1.0, 0.35), (-0.65, -0.45), (0.05, -0.7), (0.8, -0.35), (1.0, 0.4),
               (0.35, 0.7), (-0.5, 0.65))
    painter.save()
    painter.setPen(QPen(QColor("#f4f1e8"), size * 0.015))
    painter.setBrush(QColor("#1c1c1c"))
    painter.drawPolygon(QPolygonF([QPointF(at.x + x * s, at.y + y * s) for x, y in outline]))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#6b6b6b"))
    facet = ((-0.55, -0.35), (0.05, -0.58), (0.2, -0.1), (-0.3, 0.05))
    painter.drawPolygon(QPolygonF([QPointF(at.x + x * s, at.y + y * s) for x, y in facet]))
    painter.restore()


def _paint_bonus(painter: QPainter, token: TokenArt, amount: int, at: Point,
                 size: float) -> None:
    """A bonus token in the corporation's colours with what it adds ("+10")."""
    text = f"+{amount}"
    font = _font(size * 0.15, bold=True)
    width = QFontMetricsF(font).horizontalAdvance(text) + size * 0.12
    height = size * 0.24
    painter.save()
    painter.setPen(QPen(QColor(palette.TRACK), size * 0.03))
    painter.setBrush(QColor(token.fill))
    painter.drawRoundedRect(QRectF(at.x - width / 2, at.y - height / 2, width, height),
                            size * 0.04, size * 0.04)
    painter.restore()
    draw_text(painter, text, at, size * 0.15, bold=True, colour=token.text_colour, halo=None)


def _paint_border(painter: QPainter, geometry: HexGeometry, edge: int, kind: str) -> None:
    """A printed hex side: impassable ones as a thick red bar along the side; a change of
    gauge (1848 7.6) as a dark bar crossed by ties, so it reads as a break in the track and not
    as a river."""
    angle = geometry.grid.edge_angle(edge)
    start = _polar(geometry.size, angle - 30.0)
    end = _polar(geometry.size, angle + 30.0)
    colour = {"impassable": palette.IMPASSABLE, "gauge": palette.GAUGE,
              "mountain": palette.MOUNTAIN}.get(kind, palette.RIVER)
    painter.save()
    pen = QPen(QColor(colour), geometry.size * 0.1)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.drawLine(qpoint(start), qpoint(end))  # both hexes of the side draw it
    if kind == "gauge":
        # Short ties across the side, reaching into both hexes.
        tie = QPen(QColor(palette.GAUGE), geometry.size * 0.035)
        painter.setPen(tie)
        for fraction in (0.2, 0.4, 0.6, 0.8):
            x = start.x + (end.x - start.x) * fraction
            y = start.y + (end.y - start.y) * fraction
            dx, dy = (end.y - start.y) * 0.16, -(end.x - start.x) * 0.16
            painter.drawLine(QPointF(x - dx, y - dy), QPointF(x + dx, y + dy))
    painter.restore()


def _paint_compass(painter: QPainter, letters: str, size: float) -> None:
    """The compass sides a hex counts as, in a dark badge low in the hex."""
    text = letters.replace(" ", "")
    font = _font(size * 0.15, bold=True)
    width = QFontMetricsF(font).horizontalAdvance(text) + size * 0.12
    height = size * 0.22
    at = Point(0.0, size * 0.62)
    painter.save()
    painter.setPen(QPen(QColor("#ffffff"), size * 0.02))
    painter.setBrush(QColor(palette.COMPASS))
    painter.drawRoundedRect(QRectF(at.x - width / 2, at.y - height / 2, width, height),
                            height / 2, height / 2)
    painter.restore()
    draw_text(painter, text, at, size * 0.15, bold=True, colour="#ffffff", halo=None)


def _paint_reserved(painter: QPainter, privates: tuple[str, ...], at: Point, size: float) -> None:
    text = "/".join(privates)
    font = _font(size * 0.15, bold=True)
    width = QFontMetricsF(font).horizontalAdvance(text) + size * 0.12
    height = size * 0.22
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(palette.RESERVED))
    painter.drawRoundedRect(QRectF(at.x - width / 2, at.y - height / 2, width, height),
                            height / 2, height / 2)
    painter.restore()
    draw_text(painter, text, at, size * 0.15, bold=True, colour="#ffffff", halo=None)


def hex_bounds(geometry: HexGeometry) -> QRectF:
    return hex_polygon(geometry).boundingRect()


def render_tile_icon(geometry: HexGeometry, art: HexArt, pixels: int, ratio: float = 1.0,
                     greyed: bool = False):  # type: ignore[no-untyped-def]
    """A square QPixmap of one hex, `pixels` logical pixels wide, sharp at device `ratio`."""
    from PySide6.QtGui import QPixmap

    pixmap = QPixmap(round(pixels * ratio), round(pixels * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    bounds = hex_bounds(geometry)
    scale = (pixels - 2) / max(bounds.width(), bounds.height())
    painter.translate(pixels / 2, pixels / 2)
    painter.scale(scale, scale)
    paint_hex(painter, geometry, art, greyed=greyed)
    painter.end()
    return pixmap
