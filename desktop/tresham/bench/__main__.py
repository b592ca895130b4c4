"""Entry point of `python -m tresham.bench`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tresham.bench import replay_bench


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tresham.bench")
    sub = parser.add_subparsers(dest="bench", required=True)
    replay = sub.add_parser("replay", help="full replay time and worst undo time per game")
    replay.add_argument("fixtures", nargs="*", help="18xx.games exports (default: all supported)")
    replay.add_argument("--json", action="store_true", help="print one JSON object")
    replay.add_argument("--reference", action="store_true",
                        help="also time the 18xx.games engine on each game, interleaved, and "
                             "print the ratio (needs TRESHAM_REFENGINE and ruby)")
    routes = sub.add_parser("routes", help="our optimal revenue vs recorded runs, and search time")
    routes.add_argument("fixtures", nargs="*", help="18xx.games exports (default: all supported)")
    routes.add_argument("--json", action="store_true", help="print one JSON object")
    playouts = sub.add_parser("playouts", help="random whole games, optionally exported")
    playouts.add_argument("title", help="e.g. 18GA")
    playouts.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    playouts.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed+i")
    playouts.add_argument("--players", type=int,
                          help="player count (default: every count the title allows, in turn)")
    playouts.add_argument("--profile", choices=["rulebook", "18xx.games"], default="rulebook",
                          help="whose readings of the rules to play by (default rulebook)")
    playouts.add_argument("--export", metavar="DIR",
                          help="write each game there as an 18xx.games export")
    playouts.add_argument("--json", action="store_true", help="print one JSON object")
    bots = sub.add_parser("bots", help="bot-only games: wins per level, decision times")
    bots.add_argument("title", help="e.g. 18GA")
    bots.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    bots.add_argument("--seats", required=True,
                      help="a level per seat, e.g. normal,greedy,greedy,greedy (rotated "
                           "between games); levels: easy, normal, hard, random, greedy")
    bots.add_argument("--seed", type=int, default=0,
                      help="first seed; game i opens from seed + i // (number of seats), each "
                           "opening played once with every rotation of the seats")
    bots.add_argument("--opening", type=int, default=None,
                      help="decisions at the start of each game that every seat plays alike, a "
                           "move drawn from the seed among greedy's best three, to make games "
                           "differ (default 8; 0 for none)")
    bots.add_argument("--json", action="store_true", help="print only the JSON summary")
    bots.add_argument("--save-slow", metavar="DIR", type=Path,
                      help="save each position whose decision took more processor time than "
                           "the bots' budget allows, as a save file in DIR")
    args = parser.parse_args(argv)
    if args.bench == "bots":
        from tresham.bench import bots_bench

        opening = bots_bench.OPENING if args.opening is None else args.opening
        return bots_bench.main(args.title, args.games, args.seats.split(","), args.seed,
                               args.json, args.save_slow, opening)
    if args.bench == "playouts":
        from tresham.bench import playouts as playouts_bench

        return playouts_bench.main(args.title, args.games, args.seed, args.profile, args.export,
                                   args.players, args.json)
    if args.bench == "replay":
        return replay_bench.main(args.fixtures, args.json, args.reference)
    from tresham.bench import routes_bench

    return routes_bench.main(args.fixtures, args.json)


if __name__ == "__main__":
    sys.exit(main())
