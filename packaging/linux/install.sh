#!/bin/sh
# Install Tresham from this unpacked folder for the current user (or, with --prefix, anywhere):
#
#   ./install.sh                     # into ~/.local: ~/.local/lib/tresham, ~/.local/bin/tresham
#   sudo ./install.sh --prefix /usr/local
#   ./install.sh --uninstall [--prefix DIR]
#
# Puts the app in PREFIX/lib/tresham, links PREFIX/bin/tresham to it, and registers the menu
# entry, the icons, the AppStream metadata and the MIME type of saved games (*.tresham.json) so
# that they open in Tresham. Settings and saved games are never stored in the app's folder.
set -eu

APP_ID=org.tresham.Tresham
prefix="$HOME/.local"
uninstall=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) sed -n '2,10s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

here="$(cd "$(dirname "$0")" && pwd)"
app="$prefix/lib/tresham"
share="$prefix/share"

refresh() {
  # Each tool is optional: a desktop without it simply rescans later.
  command -v update-mime-database >/dev/null 2>&1 && update-mime-database "$share/mime" || true
  command -v update-desktop-database >/dev/null 2>&1 \
    && update-desktop-database -q "$share/applications" || true
  command -v gtk-update-icon-cache >/dev/null 2>&1 \
    && gtk-update-icon-cache -q -t "$share/icons/hicolor" 2>/dev/null || true
}

if [ "$uninstall" = 1 ]; then
  rm -rf "$app"
  rm -f "$prefix/bin/tresham" "$share/applications/$APP_ID.desktop" \
        "$share/metainfo/$APP_ID.metainfo.xml" "$share/mime/packages/$APP_ID.xml"
  find "$share/icons/hicolor" -name "$APP_ID.*" -delete 2>/dev/null || true
  refresh
  echo "Tresham removed from $prefix"
  exit 0
fi

[ -x "$here/Tresham" ] || { echo "install.sh: run it from the unpacked Tresham folder" >&2; exit 1; }

if [ "$here" != "$app" ]; then
  rm -rf "$app.new"
  mkdir -p "$prefix/lib"
  cp -R "$here" "$app.new"
  rm -rf "$app"
  mv "$app.new" "$app"
fi
mkdir -p "$prefix/bin"
ln -sf "$app/Tresham" "$prefix/bin/tresham"

(cd "$here/share" && find . -type f) | while read -r file; do
  mkdir -p "$(dirname "$share/$file")"
  cp "$here/share/$file" "$share/$file"
done
# The menu entry runs the installed program by its full path: ~/.local/bin is not always on the
# PATH a desktop session starts programs with.
sed -i -e "s|^Exec=tresham |Exec=\"$app/Tresham\" |" -e "s|^TryExec=tresham\$|TryExec=$app/Tresham|" \
  "$share/applications/$APP_ID.desktop"
refresh
echo "Tresham installed in $app; run it from the menu or as $prefix/bin/tresham"
