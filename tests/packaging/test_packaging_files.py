"""The files packaging/ ships agree with each other and with the app: ids, MIME type, icons."""

from __future__ import annotations

import configparser
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from tresham import __version__

REPO = Path(__file__).resolve().parents[2]
PACKAGING = REPO / "packaging"
ICONS = REPO / "resources" / "icons"
sys.path.insert(0, str(PACKAGING))
import appinfo  # noqa: E402

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def test_appinfo_version_is_the_package_version() -> None:
    assert appinfo.version() == __version__
    assert appinfo.SAVE_SUFFIX == ".tresham.json"


def test_desktop_entry() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(PACKAGING / "linux" / f"{appinfo.APP_ID}.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Name"] == appinfo.NAME
    assert entry["Icon"] == appinfo.APP_ID
    assert entry["Exec"] == "tresham %f"  # install.sh rewrites this exact form
    assert appinfo.MIME_TYPE in entry["MimeType"].split(";")


def test_mime_type_matches_save_files() -> None:
    root = ET.parse(PACKAGING / "linux" / f"{appinfo.APP_ID}.xml").getroot()
    (mime,) = root.findall(f"{MIME_NS}mime-type")
    assert mime.get("type") == appinfo.MIME_TYPE
    globs = [g.get("pattern") for g in mime.findall(f"{MIME_NS}glob")]
    assert globs == [f"*{appinfo.SAVE_SUFFIX}"]


def test_metainfo_names_the_app_and_lists_this_release() -> None:
    root = ET.parse(PACKAGING / "linux" / f"{appinfo.APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == appinfo.APP_ID
    assert root.findtext("launchable") == f"{appinfo.APP_ID}.desktop"
    assert root.findtext("provides/mediatype") == appinfo.MIME_TYPE
    releases = [r.get("version") for r in root.findall("releases/release")]
    assert __version__ in releases, "add a <release> for this version to the metainfo"


def test_windows_installer_script_uses_the_app_ids() -> None:
    iss = (PACKAGING / "windows" / "tresham.iss").read_text(encoding="utf-8")
    assert appinfo.SAVE_SUFFIX.rsplit(".", 1)[1] in iss
    assert "OpenWithProgids" in iss


def test_icons_are_generated() -> None:
    result = subprocess.run([sys.executable, str(PACKAGING / "make_icons.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_ico_holds_every_size_as_png() -> None:
    data = (ICONS / "tresham.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        width, _, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + length <= len(data)
        sizes.append(width or 256)
    assert {16, 32, 48, 256} <= set(sizes)


def test_icns_is_well_formed() -> None:
    data = (ICONS / "tresham.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    kinds, at = [], 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack_from(">I", data, at + 4)[0]
        assert data[at + 8:at + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.append(kind)
        at += length
    assert at == len(data)
    assert {b"ic07", b"ic08", b"ic09", b"ic10"} <= set(kinds)
