"""Entry point of `python -m tresham.bench`."""

from __future__ import annotations

import argparse
import sys

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
    args = parser.parse_args(argv)
    if args.bench == "replay":
        return replay_bench.main(args.fixtures, args.json, args.reference)
    from tresham.bench import routes_bench

    return routes_bench.main(args.fixtures, args.json)


if __name__ == "__main__":
    sys.exit(main())
