"""Draw the app icon in every format the platforms want, from resources/icons/tresham.svg.

    python packaging/make_icons.py            # rewrite resources/icons/ (commit the result)
    python packaging/make_icons.py --check    # exit 1 if the committed icons are missing

Qt's SVG renderer (QtSvg, part of PySide6-Essentials) draws the PNGs; the .ico (Windows) and
.icns (macOS) containers are written here directly, holding PNG-compressed images, which every
Windows since Vista and every macOS since 10.7 reads. No Pillow, no iconutil.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ICONS = REPO / "resources" / "icons"
SVG = ICONS / "tresham.svg"

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# The icns element type for each (pixel size); the @2x types share sizes with larger 1x ones.
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
    (b"ic14", 512),
)


def png_path(size: int) -> Path:
    return ICONS / f"tresham-{size}.png"


def outputs() -> list[Path]:
    return [png_path(s) for s in PNG_SIZES] + [ICONS / "tresham.ico", ICONS / "tresham.icns"]


def render_pngs(svg: Path) -> dict[int, bytes]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (fonts need one)
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg} is not an SVG Qt can draw")
    images: dict[int, bytes] = {}
    for size in PNG_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "PNG"):
            raise SystemExit(f"Qt could not encode the {size}px icon as PNG")
        buffer.close()
        images[size] = bytes(data.data())
    return images


def ico(images: dict[int, bytes]) -> bytes:
    """An ICONDIR with one PNG entry per size (a 256 px side is written as 0)."""
    header = struct.pack("<HHH", 0, 1, len(ICO_SIZES))
    offset = len(header) + 16 * len(ICO_SIZES)
    entries, blobs = b"", b""
    for size in ICO_SIZES:
        blob = images[size]
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(blob), offset)
        blobs += blob
        offset += len(blob)
    return header + entries + blobs


def icns(images: dict[int, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(images[size])) + images[size]
                    for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that every generated icon exists")
    args = parser.parse_args(argv)
    if args.check:
        missing = [str(p.relative_to(REPO)) for p in outputs() if not p.is_file()]
        if missing:
            print("missing icons (run python packaging/make_icons.py):", *missing, sep="\n  ")
            return 1
        return 0
    images = render_pngs(SVG)
    for size, blob in images.items():
        png_path(size).write_bytes(blob)
    (ICONS / "tresham.ico").write_bytes(ico(images))
    (ICONS / "tresham.icns").write_bytes(icns(images))
    for path in outputs():
        print(f"wrote {path.relative_to(REPO)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
