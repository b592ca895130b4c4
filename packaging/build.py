"""Build the installable Tresham app for the platform this runs on.

    pip install -e ".[package]"
    python packaging/build.py [--archive] [--smoke] [--installer]

Runs PyInstaller on packaging/tresham.spec, giving the one-folder app dist/Tresham/ (and
dist/Tresham.app on macOS). Then, per platform:

- Linux: adds share/ (the .desktop entry, AppStream metainfo, the MIME type for saved games,
  hicolor icons) and install.sh to dist/Tresham/; --archive packs
  dist/Tresham-VERSION-linux-ARCH.tar.gz.
- macOS: --archive packs dist/Tresham-VERSION-macos-ARCH.dmg (hdiutil).
- Windows: --archive packs dist/Tresham-VERSION-windows-ARCH.zip; --installer also runs Inno
  Setup (iscc) on windows/tresham.iss, giving dist/Tresham-VERSION-windows-ARCH-setup.exe.

--smoke renders a new 18GA game offscreen with the built binary and checks the PNG.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
sys.path.insert(0, str(PACKAGING))
import appinfo  # noqa: E402

REPO = appinfo.REPO
ICONS = REPO / "resources" / "icons"
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def platform_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system}-{machine}"


def executable(dist: Path) -> Path:
    """The built program to run."""
    if sys.platform == "darwin":
        return dist / f"{appinfo.NAME}.app" / "Contents" / "MacOS" / appinfo.NAME
    suffix = ".exe" if sys.platform == "win32" else ""
    return dist / appinfo.NAME / f"{appinfo.NAME}{suffix}"


def run_pyinstaller(dist: Path, work: Path, clean: bool) -> None:
    missing = [p for p in (ICONS / "tresham.ico", ICONS / "tresham.icns") if not p.is_file()]
    if missing:
        raise SystemExit(f"icons missing: {missing}; run python packaging/make_icons.py")
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(dist), "--workpath", str(work)]
    if clean:
        command.append("--clean")
    command.append(str(PACKAGING / "tresham.spec"))
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=REPO)


def add_linux_share(app_dir: Path) -> None:
    """The freedesktop files install.sh puts in place, laid out as under a prefix."""
    share = app_dir / "share"
    if share.exists():
        shutil.rmtree(share)
    linux = PACKAGING / "linux"
    app_id = appinfo.APP_ID
    copies = {
        linux / f"{app_id}.desktop": share / "applications" / f"{app_id}.desktop",
        linux / f"{app_id}.metainfo.xml": share / "metainfo" / f"{app_id}.metainfo.xml",
        linux / f"{app_id}.xml": share / "mime" / "packages" / f"{app_id}.xml",
        ICONS / "tresham.svg": share / "icons" / "hicolor" / "scalable" / "apps" / f"{app_id}.svg",
    }
    for size in HICOLOR_SIZES:
        copies[ICONS / f"tresham-{size}.png"] = (
            share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{app_id}.png")
    for source, target in copies.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    installer = app_dir / "install.sh"
    shutil.copy2(linux / "install.sh", installer)
    installer.chmod(0o755)


def archive(dist: Path) -> Path:
    base = f"{appinfo.NAME}-{appinfo.version()}-{platform_tag()}"
    if sys.platform == "darwin":
        out = dist / f"{base}.dmg"
        out.unlink(missing_ok=True)
        subprocess.run(["hdiutil", "create", "-volname", appinfo.NAME, "-srcfolder",
                        str(dist / f"{appinfo.NAME}.app"), "-ov", "-format", "UDZO", str(out)],
                       check=True)
        return out
    if sys.platform == "win32":
        return Path(shutil.make_archive(str(dist / base), "zip", dist, appinfo.NAME))
    out = dist / f"{base}.tar.gz"
    with tarfile.open(out, "w:gz") as tar:
        tar.add(dist / appinfo.NAME, arcname=base)
    return out


def installer(dist: Path) -> Path:
    iscc = shutil.which("iscc") or shutil.which(
        r"C:\Program Files (x86)\Inno Setup 6\ISCC.exe")
    if iscc is None:
        raise SystemExit("Inno Setup's iscc is not installed (choco install innosetup)")
    base = f"{appinfo.NAME}-{appinfo.version()}-{platform_tag()}-setup"
    subprocess.run([iscc, f"/DAppVersion={appinfo.version()}", f"/DAppId={appinfo.APP_ID}",
                    f"/DSourceDir={dist / appinfo.NAME}", f"/DIconFile={ICONS / 'tresham.ico'}",
                    f"/DOutputDir={dist}", f"/DOutputBase={base}",
                    str(PACKAGING / "windows" / "tresham.iss")], check=True)
    return dist / f"{base}.exe"


def smoke(dist: Path) -> None:
    """Render a new 18GA game offscreen with the built binary; fail unless a real PNG appears."""
    out = dist / "smoke.png"
    out.unlink(missing_ok=True)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run([str(executable(dist)), "screenshot", "--new", "18GA", "-o", str(out)],
                   check=True, env=env, timeout=120)
    data = out.read_bytes() if out.is_file() else b""
    if not data.startswith(b"\x89PNG") or len(data) < 10_000:
        raise SystemExit(f"the built app did not render a screenshot ({len(data)} bytes)")
    print(f"smoke test: {out} ({len(data)} bytes)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Tresham app for this platform.")
    parser.add_argument("--dist", type=Path, default=REPO / "dist", help="output folder")
    parser.add_argument("--work", type=Path, default=REPO / "build" / "pyinstaller",
                        help="PyInstaller's working folder")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's caches first")
    parser.add_argument("--archive", action="store_true",
                        help="also pack the app for download (.tar.gz, .dmg or .zip)")
    parser.add_argument("--installer", action="store_true",
                        help="Windows: also build the Inno Setup installer")
    parser.add_argument("--smoke", action="store_true",
                        help="render a screenshot with the built app to check it starts")
    args = parser.parse_args(argv)
    dist, work = args.dist.resolve(), args.work.resolve()
    started = time.monotonic()
    run_pyinstaller(dist, work, args.clean)
    if sys.platform.startswith("linux"):
        add_linux_share(dist / appinfo.NAME)
    print(f"built {executable(dist)} in {time.monotonic() - started:.0f} s")
    if args.smoke:
        smoke(dist)
    if args.archive:
        print(f"packed {archive(dist)}")
    if args.installer and sys.platform == "win32":
        print(f"packed {installer(dist)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
